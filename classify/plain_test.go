package classify_test

import (
	"context"
	"image"
	"image/color"
	"image/draw"
	"testing"

	"github.com/fenscan/fenscan/classify"
	"github.com/fenscan/fenscan/models"
)

// TestReadFast reads a screenshot with and without the plain squares:
// every square reads the same, and the plain ones, which are most of the
// empty squares, are not run through the network.
func TestReadFast(t *testing.T) {
	board := warped(t)
	for _, rt := range classify.Runtimes {
		c, err := classify.New(models.Digital, rt)
		if err != nil {
			t.Fatal(err)
		}
		full, err := c.Read(context.Background(), board)
		if err != nil {
			t.Fatal(err)
		}
		fast, err := c.ReadFast(context.Background(), board)
		c.Close()
		if err != nil {
			t.Fatal(err)
		}
		plain, empty := 0, 0
		for sq := range full.Probs {
			k, _ := full.Probs[sq].Best()
			if f, _ := fast.Probs[sq].Best(); f != k {
				t.Errorf("%s: square %d reads %q fast, %q in full", rt, sq, classify.Labels[f], classify.Labels[k])
			}
			if k == 0 {
				empty++
			}
			if fast.Probs[sq][0] == classify.PlainProb {
				plain++
			}
		}
		// 38 empty squares in this position, of two flat colours.
		if plain < empty*3/4 {
			t.Errorf("%s: %d of %d empty squares plain", rt, plain, empty)
		}
	}
}

// TestPlain draws boards of flat squares with marks on some: only the
// unmarked squares of the usual shade are plain.
// flatBoard draws a board of 32x32 squares in two flat shades.
func flatBoard(light, dark uint8) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, 256, 256))
	for sq := range 64 {
		v := light
		if (sq/8+sq%8)%2 == 1 {
			v = dark
		}
		r := image.Rect(sq%8*32, sq/8*32, sq%8*32+32, sq/8*32+32)
		draw.Draw(g, r, image.NewUniform(color.Gray{Y: v}), image.Point{}, draw.Src)
	}
	return g
}

// fill paints rectangle r of square sq of a flatBoard in shade v.
func fill(g *image.Gray, sq int, r image.Rectangle, v uint8) {
	o := image.Pt(sq%8*32, sq/8*32)
	draw.Draw(g, r.Add(o), image.NewUniform(color.Gray{Y: v}), image.Point{}, draw.Src)
}

func TestPlain(t *testing.T) {
	crop := image.Pt(32, 32)
	board := flatBoard
	cases := []struct {
		name  string
		board *image.Gray
		not   []int // squares that must not be plain; all others must be
	}{
		{"clean", board(240, 180), nil},
		{"piece", func() *image.Gray {
			g := board(240, 180)
			fill(g, 10, image.Rect(8, 6, 24, 28), 20) // a dark blob in the middle
			fill(g, 11, image.Rect(12, 12, 20, 20), 200)
			return g
		}(), []int{10, 11}},
		// A piece drawn in the square's own colour with an outline: the
		// outline is inside the window.
		{"outline", func() *image.Gray {
			g := board(240, 180)
			fill(g, 20, image.Rect(7, 7, 25, 8), 0)
			return g
		}(), []int{20}},
		// A highlighted empty square has another shade: the network reads it.
		{"highlight", func() *image.Gray {
			g := board(240, 180)
			fill(g, 36, image.Rect(0, 0, 32, 32), 210)
			return g
		}(), []int{36}},
		// A coordinate in a square's corner is outside the window.
		{"coordinate", func() *image.Gray {
			g := board(240, 180)
			fill(g, 56, image.Rect(1, 24, 5, 31), 60)
			return g
		}(), nil},
		// Low contrast: the bound shrinks, a faint piece still counts.
		{"faint", func() *image.Gray {
			g := board(130, 122)
			fill(g, 27, image.Rect(10, 10, 22, 22), 126)
			return g
		}(), []int{27}},
	}
	for _, c := range cases {
		got := classify.Plain(c.board, crop)
		for sq := range got {
			want := true
			for _, n := range c.not {
				want = want && n != sq
			}
			if got[sq] != want {
				t.Errorf("%s: square %d plain %v, want %v", c.name, sq, got[sq], want)
			}
		}
	}
	// Tall photo crops are never judged.
	tall := image.NewGray(image.Rect(0, 0, 256, 512))
	for _, p := range classify.Plain(tall, image.Pt(32, 64)) {
		if p {
			t.Fatal("a photo's crop was called plain")
		}
	}
}

// TestPlainInside marks squares on the left and right files and the
// bottom rank whose marks lie only where coordinates are printed: a big
// digit at the top of a file's square, a letter at the bottom corner of a
// rank's. A piece, however small and however far towards the edge, marks
// the inner half or the bottom of its square.
func TestPlainInside(t *testing.T) {
	crop := image.Pt(32, 32)
	g := flatBoard(240, 180)
	digit := image.Rect(2, 1, 17, 21) // up to two thirds high, past the middle by a pixel
	fill(g, 24, digit, 90)            // a5: a digit alone
	fill(g, 31, image.Rect(15, 1, 30, 21), 90)
	fill(g, 63, image.Rect(20, 20, 31, 31), 90) // h1: a letter alone
	fill(g, 58, image.Rect(1, 22, 12, 31), 90)  // c1: a letter at the other side
	fill(g, 8, digit, 90)                       // a7: a digit and a small piece beside it
	fill(g, 8, image.Rect(10, 10, 18, 30), 40)
	fill(g, 16, image.Rect(6, 8, 17, 29), 40)  // a6: a piece shifted outward, its base at the bottom
	fill(g, 57, image.Rect(10, 4, 22, 30), 40) // b1: a piece
	fill(g, 43, digit, 90)                     // d3: not an edge square
	fill(g, 40, image.Rect(0, 0, 32, 32), 210) // a3: highlighted
	var which [64]bool
	for _, sq := range []int{24, 31, 63, 58, 8, 16, 57, 43, 40, 0} {
		which[sq] = true
	}
	got := classify.PlainInside(g, crop, which)
	for sq, want := range map[int]bool{24: true, 31: true, 63: true, 58: true, 0: true, 8: false, 16: false, 57: false, 43: false, 40: false, 32: false} {
		if got[sq] != want {
			t.Errorf("square %d plain inside %v, want %v", sq, got[sq], want)
		}
	}
	for sq, p := range got {
		if p && !which[sq] {
			t.Errorf("square %d, not asked for, marked", sq)
		}
	}
}
