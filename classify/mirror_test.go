package classify

import (
	"image"
	"testing"
)

// TestMirror flips each crop of a board in its own place: a crop's first
// column becomes its last, no pixel leaves its crop, and a second mirror
// gives the board back.
func TestMirror(t *testing.T) {
	crop := image.Pt(4, 3)
	board := image.NewGray(image.Rect(0, 0, 8*crop.X, 8*crop.Y))
	for i := range board.Pix {
		board.Pix[i] = uint8(i * 7)
	}
	m := Mirror(board, crop)
	for y := 0; y < 8*crop.Y; y++ {
		for x := 0; x < 8*crop.X; x++ {
			cell := x / crop.X * crop.X
			want := board.GrayAt(cell+crop.X-1-(x-cell), y)
			if got := m.GrayAt(x, y); got != want {
				t.Fatalf("pixel (%d,%d) is %d, want %d", x, y, got.Y, want.Y)
			}
		}
	}
	if m.GrayAt(0, 0) != board.GrayAt(crop.X-1, 0) || m.GrayAt(crop.X, 0) != board.GrayAt(2*crop.X-1, 0) {
		t.Error("crops not flipped in place")
	}
	back := Mirror(m, crop)
	for i := range back.Pix {
		if back.Pix[i] != board.Pix[i] {
			t.Fatalf("mirrored twice, pixel %d is %d, want %d", i, back.Pix[i], board.Pix[i])
		}
	}
	// A board cut from a larger picture, its bounds not at the origin.
	big := image.NewGray(image.Rect(0, 0, 8*crop.X+2, 8*crop.Y+1))
	for i := range big.Pix {
		big.Pix[i] = uint8(i * 5)
	}
	sub := big.SubImage(image.Rect(2, 1, 8*crop.X+2, 8*crop.Y+1)).(*image.Gray)
	if got, want := Mirror(sub, crop).GrayAt(1, 1), big.GrayAt(2+crop.X-2, 2); got != want {
		t.Errorf("sub-image: pixel (1,1) is %d, want %d", got.Y, want.Y)
	}
}
