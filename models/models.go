// Package models embeds the trained networks, so that the fenscan binary
// needs no other file. See README.md in this folder for the model card.
package models

import _ "embed"

// Digital classifies squares of screenshots and printed diagrams.
//
//go:embed digital.onnx
var Digital []byte

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
