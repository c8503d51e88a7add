package classify

import (
	"image"
	"testing"
)

// TestMirror flips each crop of a board in its own place: a crop's first
// column becomes its last, no pixel leaves its crop, a second mirror
// gives the board back, and a board of the wrong size is refused.
func TestMirror(t *testing.T) {
	c := &Classifier{crop: image.Pt(4, 3)}
	// Each pixel holds its column, each row alike.
	board := image.NewGray(image.Rect(0, 0, 32, 24))
	for i := range board.Pix {
		board.Pix[i] = uint8(i % 32)
	}
	m, err := c.Mirror(board)
	if err != nil {
		t.Fatal(err)
	}
	for x, want := range map[int]uint8{0: 3, 1: 2, 3: 0, 4: 7, 6: 5, 28: 31, 31: 28} {
		for _, y := range []int{0, 11, 23} {
			if got := m.GrayAt(x, y).Y; got != want {
				t.Errorf("pixel (%d,%d) holds column %d, want %d", x, y, got, want)
			}
		}
	}
	back, err := c.Mirror(m)
	if err != nil {
		t.Fatal(err)
	}
	for i := range back.Pix {
		if back.Pix[i] != board.Pix[i] {
			t.Fatalf("mirrored twice, pixel %d is %d, want %d", i, back.Pix[i], board.Pix[i])
		}
	}
	// A board cut from a larger picture, its bounds not at the origin:
	// the first crop's second pixel of row 1 is the picture's (4, 2).
	big := image.NewGray(image.Rect(0, 0, 34, 25))
	for i := range big.Pix {
		big.Pix[i] = uint8(i)
	}
	sub := big.SubImage(image.Rect(2, 1, 34, 25)).(*image.Gray)
	m, err = c.Mirror(sub)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.GrayAt(1, 1).Y, big.GrayAt(4, 2).Y; got != want {
		t.Errorf("sub-image: pixel (1,1) is %d, want %d", got, want)
	}
	if _, err := c.Mirror(image.NewGray(image.Rect(0, 0, 30, 24))); err == nil {
		t.Error("a board 30 wide, not 8 crops of 4, was mirrored")
	}
}
