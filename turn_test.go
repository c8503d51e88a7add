package fenscan

import (
	"context"
	"image"
	"math"
	"testing"

	"github.com/fenscan/fenscan/detect"
)

// TestTurnCrop checks that a square turned in place by turnCrop is the
// square as the board warped from its corners taken k places on shows it:
// the probe of turns reads what a whole turned reading would.
func TestTurnCrop(t *testing.T) {
	img := decodeFile(t, "testdata/browser-cburnett.png")
	defer img.Close()
	corners := [4]detect.Point{{X: 30, Y: 90}, {X: 590, Y: 90}, {X: 590, Y: 650}, {X: 30, Y: 650}}
	upright, err := detect.Warp(img, corners)
	if err != nil {
		t.Fatal(err)
	}
	const n = detect.SquareSize
	for k := 1; k <= 3; k++ {
		var c [4]detect.Point
		for i := range c {
			c[i] = corners[(i+k)%4]
		}
		turned, err := detect.Warp(img, c)
		if err != nil {
			t.Fatal(err)
		}
		for sq := range 64 {
			r, col := sq/8, sq%8
			// Where the square stands on the board turned k times left.
			for range k {
				r, col = 7-col, r
			}
			if back := turnedSquare(r*8+col, k); back != sq {
				t.Fatalf("turn %d: square %d stands at %d, which turnedSquare takes to %d", k, sq, r*8+col, back)
			}
			got := image.NewGray(upright.Bounds())
			turnCrop(got, 0, upright, sq, n, k)
			// The warp samples pixels at their top-left corners, so a
			// turned warp is off by up to a pixel: compare the inner
			// pixels at the best shift of at most one.
			mean := math.Inf(1)
			for sy := -1; sy <= 1; sy++ {
				for sx := -1; sx <= 1; sx++ {
					diff := 0
					for y := 1; y < n-1; y++ {
						for x := 1; x < n-1; x++ {
							d := int(got.Pix[y*got.Stride+x]) - int(turned.Pix[(r*n+y+sy)*turned.Stride+col*n+x+sx])
							diff += max(d, -d)
						}
					}
					mean = min(mean, float64(diff)/((n-2)*(n-2)))
				}
			}
			if mean > 2 {
				t.Fatalf("turn %d, square %d: differs by %.1f levels on average from the turned board's square", k, sq, mean)
			}
		}
	}
}

// TestTurnKeepsPieces reads a picture of KDE Knights' handbook: a lone
// white queen on a black-and-white board, green crosses on the squares it
// reaches. The crosses read surer with the board turned a quarter, where
// the queen, lying on her side, read as an empty square: a turn may not
// lose a piece read surely upright (keepsPieces). The crosses on the black
// squares are still read as bishops.
func TestTurnKeepsPieces(t *testing.T) {
	s := newScanner(t, Options{})
	boards, err := s.ScanFile(context.Background(), "testdata/knights-move-queen.png")
	if err != nil {
		t.Fatal(err)
	}
	b := boards[0]
	if b.Rotation != 0 {
		t.Errorf("read turned by %d degrees, want upright", b.Rotation)
	}
	if got := b.Position.Board[3*8+3]; got != "Q" {
		t.Errorf("d5 reads %q, want the queen (%s)", got, b.Placement())
	}
}
