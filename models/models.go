// Package models embeds the trained networks, so that the fenscan binary
// needs no other file. See README.md in this folder for the model card.
package models

import _ "embed"

// Digital classifies squares of screenshots and printed diagrams.
//
//go:embed digital.onnx
var Digital []byte

// Digital2 is a second digital model, trained otherwise: its readings of
// a flat board's doubtful squares are averaged with Digital's.
//
//go:embed digital2.onnx
var Digital2 []byte

// Photo classifies squares of photos of real boards, each with the space
// above it (detect.Columns).
//
//go:embed photo.onnx
var Photo []byte

// Coords reads the file letters and rank digits printed around a board
// (classify.Glyphs), which tell the side White sits on.
//
//go:embed coords.onnx
var Coords []byte

// WholeBoard reads a flat board's squares together, from Digital's
// readings and embeddings of all 64 (package wholeboard).
//
//go:embed wholeboard.bin
var WholeBoard []byte
