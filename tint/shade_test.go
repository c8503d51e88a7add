package tint

import (
	"image"
	"image/color"
	"testing"
)

var (
	grey   = color.RGBA{105, 105, 110, 255} // a grey black piece's fill
	greyer = color.RGBA{130, 130, 135, 255} // a fill too like grey's
	pen    = color.RGBA{30, 30, 30, 255}    // the outline both sides share
	paper  = color.RGBA{213, 213, 213, 255} // the grey of board()'s light squares
)

// shadesBoard draws pieces as board does, each in pen's outline, as a
// black-and-white screen set draws them.
func shadesBoard(pieces []piece) (*image.RGBA, [64][13]float32) {
	img, probs := board(pieces)
	outline(img, probs, pen)
	return img, probs
}

// TestFillsGreyBlackPieces: a set whose black pieces are filled grey, not
// black, has no hue to tell them by, and a doubtful one can read as white.
// Beside the board's firmly read pieces of its square's colour its fill
// is as dark as theirs, and a doubtful white piece's as light.
func TestFillsGreyBlackPieces(t *testing.T) {
	img, probs := shadesBoard([]piece{
		{0, grey, 10, 0.95}, {1, grey, 7, 0.9}, {2, grey, 12, 0.9}, {3, grey, 8, 0.95}, {5, grey, 7, 0.95}, {7, grey, 7, 0.9},
		{48, white, 1, 0.95}, {49, white, 1, 0.9}, {50, white, 4, 0.9}, {51, white, 1, 0.95}, {61, white, 6, 0.95}, {63, white, 2, 0.9},
		{18, grey, 3, 0.55}, // a black bishop, leaning white (light square)
		{37, grey, 3, 0.6},  // and another (dark square)
		{20, white, 9, 0.6}, // a white bishop, leaning black
	})
	out, changes := fills(img, probs)
	want := map[int]int{18: 9, 37: 9, 20: 3}
	if len(changes) != len(want) {
		t.Errorf("changes %v, want squares %v", changes, want)
	}
	for _, c := range changes {
		if want[c.Square] != c.To {
			t.Errorf("change %+v, want square %d to %d", c, c.Square, want[c.Square])
		}
	}
	for sq := range 64 {
		if _, ok := want[sq]; !ok && argmax(out[sq]) != argmax(probs[sq]) {
			t.Errorf("square %d: class %d, was %d", sq, argmax(out[sq]), argmax(probs[sq]))
		}
	}
}

// TestFillsLeftAsRead: where the fills do not tell the sides, or a
// reading is more than near even against its fill, or the piece stands on
// a colour of square that is hatched (whose lines darken a white piece's
// fill), the readings stay.
func TestFillsLeftAsRead(t *testing.T) {
	firm := []piece{
		{0, grey, 10, 0.95}, {1, grey, 7, 0.9}, {2, grey, 12, 0.9}, {3, grey, 8, 0.95},
		{48, white, 1, 0.95}, {49, white, 1, 0.9}, {50, white, 4, 0.9}, {51, white, 1, 0.95},
	}
	cases := []struct {
		name   string
		pieces []piece
		hatch  bool // the dark squares drawn hatched
	}{
		{"leaning against its fill", append(firm[:8:8], piece{18, grey, 3, 0.75}), false},
		{"one firm piece a side", []piece{{0, grey, 10, 0.95}, {48, white, 1, 0.95}, {18, grey, 3, 0.55}}, false},
		{"fills under minShadeGap apart", []piece{
			{0, grey, 10, 0.95}, {2, grey, 7, 0.9}, {48, greyer, 1, 0.95}, {50, greyer, 1, 0.9}, {18, grey, 3, 0.55},
		}, false},
		{"firm pieces against their fills", []piece{
			{0, grey, 10, 0.95}, {4, white, 7, 0.9}, {2, grey, 7, 0.9}, {48, white, 1, 0.95}, {52, grey, 1, 0.9}, {50, white, 1, 0.9},
			{18, grey, 3, 0.55},
		}, false},
		{"on a hatched square", append(firm[:8:8], piece{17, white, 9, 0.55}), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img, probs := shadesBoard(c.pieces)
			if c.hatch {
				for sq := range 64 {
					if colourOf(sq) == 1 {
						hatch(img, sq)
					}
				}
			}
			if out, changes := fills(img, probs); out != probs || changes != nil {
				t.Errorf("changed %v", changes)
			}
		})
	}
}

// hatch draws diagonal lines over square sq, around its piece, as a book
// hatches its dark squares; they leave three pixels of paper in four.
func hatch(img *image.RGBA, sq int) {
	x0, y0 := sq%8*side, sq/8*side
	for y := range side {
		for x := range side {
			dx, dy := x-side/2, y-side/2
			if (x+y)%4 == 0 && dx*dx+dy*dy > side*side/9 {
				img.SetRGBA(x0+x, y0+y, pen)
			}
		}
	}
}

// TestPieceFillEnclosed: a piece filled with its square's own grey is
// told from the square by its outline, which encloses the fill: the fill
// counts, not the outline alone.
func TestPieceFillEnclosed(t *testing.T) {
	img, _ := board([]piece{{0, paper, 3, 0.9}})
	for y := range side {
		for x := range side {
			dx, dy := x-side/2, y-side/2
			if d := dx*dx + dy*dy; d > side*side/20 && d <= side*side/9 {
				img.SetRGBA(x, y, pen) // a closed outline around the square's colour
			}
		}
	}
	fill, ok := pieceFill(img, 0)
	outlineOnly := greyOf(pen)
	// The outline is a third of the piece's pixels, the fill the rest.
	if !ok || fill < outlineOnly+(greyOf(paper)-outlineOnly)/3 {
		t.Errorf("fill %.0f (measured %v), want the fill's %.0f to count beside the outline's %.0f", fill, ok, greyOf(paper), outlineOnly)
	}
}

// TestSidesHuesFirst: where the hues are the sides, they alone settle
// them, and a piece they leave as read (under an arrow, its paint
// hidden) is not then settled by its fill; a black-and-white set's
// doubtful pieces are settled by their fills.
func TestSidesHuesFirst(t *testing.T) {
	img, probs := board([]piece{
		{0, gold, 12, 0.95}, {1, gold, 7, 0.9}, {2, gold, 10, 0.95}, {3, gold, 7, 0.9},
		{48, silver, 1, 0.95}, {49, silver, 1, 0.9}, {50, silver, 6, 0.95}, {51, silver, 4, 0.9},
		{27, color.RGBA{30, 60, 150, 255}, 1, 0.55}, // dark under a blue arrow, leaning white
	})
	if out, _ := Sides(img, probs); argmax(out[27]) != 1 {
		t.Errorf("two hues: square 27 class %d, want 1 as read", argmax(out[27]))
	}
	img, probs = shadesBoard([]piece{
		{0, grey, 10, 0.95}, {2, grey, 7, 0.9}, {4, grey, 12, 0.9},
		{48, white, 1, 0.95}, {50, white, 1, 0.9}, {52, white, 4, 0.9},
		{18, grey, 3, 0.55},
	})
	if out, _ := Sides(img, probs); argmax(out[18]) != 9 {
		t.Errorf("black and white: square 18 class %d, want 9 by its fill", argmax(out[18]))
	}
}
