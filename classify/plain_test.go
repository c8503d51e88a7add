package classify_test

import (
	"context"
	"image"
	"image/color"
	"image/draw"
	"math"
	"testing"

	"github.com/fenscan/fenscan/classify"
	"github.com/fenscan/fenscan/models"
)

// TestReadFast reads a screenshot with and without the plain squares:
// every square reads the same, and the plain ones, which are most of the
// empty squares, are not run through the network. ReadFastSquares reads
// the squares asked for as ReadFast does, and no others.
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
		if err != nil {
			t.Fatal(err)
		}
		// The left half only: read as ReadFast reads it, the rest
		// skipped and zero.
		var left [64]bool
		for sq := range left {
			left[sq] = sq%8 < 4
		}
		half, err := c.ReadFastSquares(context.Background(), board, left)
		c.Close()
		if err != nil {
			t.Fatal(err)
		}
		for sq := range half.Probs {
			same := near(half.Probs[sq], fast.Probs[sq])
			if fast.Skipped[sq] { // plain: not the network's, and exactly so
				same = half.Probs[sq] == fast.Probs[sq]
			}
			if left[sq] && (!same || half.Skipped[sq] != fast.Skipped[sq]) ||
				!left[sq] && (half.Probs[sq] != classify.Probs{} || !half.Skipped[sq]) {
				t.Errorf("%s: square %d of the left half read %v (skipped %v), ReadFast %v (%v)",
					rt, sq, half.Probs[sq], half.Skipped[sq], fast.Probs[sq], fast.Skipped[sq])
			}
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

// near reports whether two readings agree within 1e-5 (the network's
// arithmetic may differ with the number of crops it reads at once).
func near(a, b classify.Probs) bool {
	for k := range a {
		if math.Abs(float64(a[k]-b[k])) > 1e-5 {
			return false
		}
	}
	return true
}

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

// TestPlain draws boards of flat squares with marks on some: only the
// unmarked squares of the usual shade are plain.
func TestPlain(t *testing.T) {
	crop := image.Pt(32, 32)
	cases := []struct {
		name  string
		board *image.Gray
		not   []int // squares that must not be plain; all others must be
	}{
		{"clean", flatBoard(240, 180), nil},
		{"piece", func() *image.Gray {
			g := flatBoard(240, 180)
			fill(g, 10, image.Rect(8, 6, 24, 28), 20) // a dark blob in the middle
			fill(g, 11, image.Rect(12, 12, 20, 20), 200)
			return g
		}(), []int{10, 11}},
		// A piece drawn in the square's own colour with an outline: the
		// outline is inside the window.
		{"outline", func() *image.Gray {
			g := flatBoard(240, 180)
			fill(g, 20, image.Rect(7, 7, 25, 8), 0)
			return g
		}(), []int{20}},
		// A highlighted empty square has another shade: the network reads it.
		{"highlight", func() *image.Gray {
			g := flatBoard(240, 180)
			fill(g, 36, image.Rect(0, 0, 32, 32), 210)
			return g
		}(), []int{36}},
		// A coordinate in a square's corner is outside the window.
		{"coordinate", func() *image.Gray {
			g := flatBoard(240, 180)
			fill(g, 56, image.Rect(1, 24, 5, 31), 60)
			return g
		}(), nil},
		// A stray pixel in every middle but two: a middle must be flat
		// to its last pixel, but the shade of a colour's empty squares
		// comes from squares flat but for a JPEG's ringing, without
		// which too few squares would be flat to give it.
		{"ringing", func() *image.Gray {
			g := flatBoard(240, 180)
			for sq := 2; sq < 64; sq++ {
				fill(g, sq, image.Rect(16, 16, 17, 17), 120)
			}
			return g
		}(), func() []int {
			var sqs []int
			for sq := 2; sq < 64; sq++ {
				sqs = append(sqs, sq)
			}
			return sqs
		}()},
		// Low contrast: the bound shrinks, a faint piece still counts.
		{"faint", func() *image.Gray {
			g := flatBoard(130, 122)
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
// digit at the top of a file's square, a letter at a bottom corner of a
// rank's, both in a corner square. A piece marks the inner part or the
// bottom of its square, even one small and shifted outwards; marks
// anywhere else, or squares off those edges or not asked for, are never
// marked.
func TestPlainInside(t *testing.T) {
	crop := image.Pt(32, 32)
	g := flatBoard(240, 180)
	digit := image.Rect(2, 1, 17, 21) // two thirds high, past the middle by a pixel
	letterRight, letterLeft := image.Rect(20, 22, 31, 31), image.Rect(1, 22, 12, 31)
	cases := []struct {
		sq    int
		marks []image.Rectangle
		want  bool
	}{
		{24, []image.Rectangle{digit}, true},                     // a5: a digit alone
		{31, []image.Rectangle{image.Rect(15, 1, 30, 21)}, true}, // h5: a digit at the right
		{0, nil, true}, // a8: clean
		{62, []image.Rectangle{letterRight}, true},        // g1: a letter alone
		{58, []image.Rectangle{letterLeft}, true},         // c1: a letter at the other side
		{56, []image.Rectangle{digit, letterRight}, true}, // a1: a digit and a letter
		// A small piece across the digit's edge, and one shifted outward:
		// their bases are at the bottom.
		{8, []image.Rectangle{digit, image.Rect(10, 10, 18, 28)}, false},
		{16, []image.Rectangle{image.Rect(6, 8, 17, 28)}, false},
		// A mark in the inner part only, above the bottom quarter.
		{32, []image.Rectangle{image.Rect(19, 8, 26, 20)}, false},
		{39, []image.Rectangle{image.Rect(6, 8, 13, 20)}, false},
		{57, []image.Rectangle{image.Rect(10, 4, 22, 30)}, false}, // b1: a piece
		{60, []image.Rectangle{image.Rect(8, 10, 24, 13)}, false}, // e1: a piece's head, above a letter's reach
		// A king on h1: its cross and crown in the middle, its base across
		// the bottom, a letter beside it.
		{63, []image.Rectangle{image.Rect(14, 3, 18, 14), image.Rect(9, 14, 23, 28), letterLeft}, false},
		{55, []image.Rectangle{image.Rect(6, 20, 26, 30)}, false}, // h2: a wide base alone
		{27, nil, false}, // d5: not on an edge
		{3, nil, false},  // d8: the top rank is not one
		{48, nil, false}, // a2: not asked for
	}
	var which [64]bool
	for _, c := range cases {
		for _, m := range c.marks {
			fill(g, c.sq, m, 60)
		}
		which[c.sq] = c.sq != 48
	}
	fill(g, 40, image.Rect(0, 0, 32, 32), 210) // a3: highlighted, another shade
	which[40] = true
	got := classify.PlainInside(g, crop, which)
	for _, c := range cases {
		if got[c.sq] != c.want {
			t.Errorf("square %d plain inside %v, want %v", c.sq, got[c.sq], c.want)
		}
	}
	if got[40] {
		t.Error("a highlighted square was marked")
	}
}

// TestPlainInsideNoise: a JPEG's ringing round a digit strays a few
// pixels of the inner part well off the square's shade; a faint stroke
// of a piece strays more of them, by as much (7%, as a worn print's
// faintest queen did), and neither moves the mean out of the bound; a
// thin dark stroke strays fewer, but far enough to move the mean.
func TestPlainInsideNoise(t *testing.T) {
	g := flatBoard(240, 180)
	digit := image.Rect(15, 1, 30, 21) // at the right, on the right file
	for _, sq := range []int{15, 23, 31} {
		fill(g, sq, digit, 60)
	}
	for _, px := range speckles(image.Rect(5, 5, 14, 27), 5, 5) { // one pixel in 20
		fill(g, 15, px, 240-25)
	}
	fill(g, 23, image.Rect(8, 8, 9, 22), 180-25)
	fill(g, 31, image.Rect(9, 8, 10, 18), 0)
	var which [64]bool
	which[15], which[23], which[31] = true, true, true
	got := classify.PlainInside(g, image.Pt(32, 32), which)
	if !got[15] {
		t.Error("a digit's square with ringing was not marked")
	}
	if got[23] {
		t.Error("a faint stroke inside was marked")
	}
	if got[31] {
		t.Error("a thin dark stroke inside was marked")
	}
}

// speckles returns one pixel in every dx of every dy rows of r.
func speckles(r image.Rectangle, dx, dy int) []image.Rectangle {
	var px []image.Rectangle
	for y := r.Min.Y; y < r.Max.Y; y += dy {
		for x := r.Min.X; x < r.Max.X; x += dx {
			px = append(px, image.Rect(x, y, x+1, y+1))
		}
	}
	return px
}

// BenchmarkPlain judges a board's 64 middles and the parts of its 22
// edge squares, as a flat board's first reading does.
func BenchmarkPlain(b *testing.B) {
	g := flatBoard(240, 180)
	var which [64]bool
	for sq := range which {
		which[sq] = true
	}
	for b.Loop() {
		classify.PlainInside(g, image.Pt(32, 32), which)
	}
}
