package detect

import (
	"image"
	"image/color"
	"testing"
)

// TestShades: a board of two shades with pieces drawn on some squares
// gives each colour's shade from the squares in use, the top-left's first.
func TestShades(t *testing.T) {
	board := image.NewGray(image.Rect(0, 0, Size, Size))
	var use [64]bool
	for sq := range use {
		r, c := sq/8, sq%8
		shade, piece := uint8(200), uint8(30) // the top-left square is light
		if (r+c)%2 == 1 {
			shade, piece = 90, 240
		}
		for y := r * SquareSize; y < (r+1)*SquareSize; y++ {
			for x := c * SquareSize; x < (c+1)*SquareSize; x++ {
				board.SetGray(x, y, color.Gray{Y: shade})
			}
		}
		// A piece fills the middle of every fourth square, which is not
		// marked for use; one square in use has a neighbour's head in it.
		if sq%4 == 0 || sq == 1 {
			for y := r*SquareSize + 8; y < (r+1)*SquareSize-8; y++ {
				for x := c*SquareSize + 8; x < (c+1)*SquareSize-8; x++ {
					board.SetGray(x, y, color.Gray{Y: piece})
				}
			}
			if sq != 1 {
				continue
			}
		}
		use[sq] = true
	}
	tl, other, ok := Shades(board, use)
	if !ok || tl != 200 || other != 90 {
		t.Errorf("Shades = %v, %v, %v; want 200, 90, true", tl, other, ok)
	}
	if _, _, ok := Shades(board, [64]bool{0: true, 1: true, 2: true}); ok {
		t.Error("three squares in use were enough")
	}
}
