package arrows

import (
	"cmp"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/fenscan/fenscan/internal/colours"
)

// Colours of lichess's brown board and its green arrow.
var (
	light = [3]float64{240, 217, 181}
	dark  = [3]float64{181, 136, 99}
	green = [3]float64{21, 120, 27}
	ink   = [3]float64{20, 20, 20}
)

// drawn is a 256-pixel board being drawn, in float colours.
type drawn [256 * 256][3]float64

func newBoard() *drawn { return newBoardIn(light, dark) }

// newBoardIn is a board of squares of colours l and d, a1 dark.
func newBoardIn(l, d [3]float64) *drawn {
	var b drawn
	for y := range 256 {
		for x := range 256 {
			if (x/32+y/32)%2 == 0 {
				b[y*256+x] = l
			} else {
				b[y*256+x] = d
			}
		}
	}
	return &b
}

// The colours of two of lichess's other boards: grey-blue, whose squares
// leave a pale blue arrow's colour greyish when its opacity is taken as
// its players' arrows', and blue, whose dark squares it hardly changes.
var (
	greyLight, greyDark = [3]float64{232, 235, 239}, [3]float64{125, 135, 150}
	blueLight, blueDark = [3]float64{234, 233, 210}, [3]float64{75, 115, 153}
)

// newBook is a book's board drawn in ink on paper, its dark squares
// hatched.
func newBook() *drawn {
	var d drawn
	for y := range 256 {
		for x := range 256 {
			d[y*256+x] = [3]float64{250, 250, 245}
			if (x/32+y/32)%2 == 1 && (x+y)%6 < 2 {
				d[y*256+x] = ink
			}
		}
	}
	return &d
}

// paint blends colour c at opacity alpha over the pixels that shape
// covers (shape takes a point in square units), each pixel sampled 4x4
// times so that edges are blurred as a browser draws them.
func (d *drawn) paint(shape func(q [2]float64) bool, c [3]float64, alpha float64) {
	for y := range 256 {
		for x := range 256 {
			cov := 0.0
			for sy := range 4 {
				for sx := range 4 {
					// Pixel x's centre at x, as OpenCV's warps have it.
					if shape([2]float64{(float64(x) + (float64(sx)-1.5)/4) / 32, (float64(y) + (float64(sy)-1.5)/4) / 32}) {
						cov += 1.0 / 16
					}
				}
			}
			a := alpha * cov
			for k := range 3 {
				d[y*256+x][k] = (1-a)*d[y*256+x][k] + a*c[k]
			}
		}
	}
}

// piece draws a disk of radius r squares at the centre of the square in
// column col and row row.
func (d *drawn) piece(col, row int, r float64, c [3]float64) {
	cx, cy := float64(col)+0.5, float64(row)+0.5
	d.paint(func(q [2]float64) bool { return math.Hypot(q[0]-cx, q[1]-cy) <= r }, c, 1)
}

// engine draws lichess's engine arrow: pale blue at opacity 0.24, 15/64
// of a square wide, its head 0.7 of a square long.
func (d *drawn) engine(from, to [2]float64) {
	d.arrow(from, to, 0.117, 0.7, 0.47, [3]float64{0, 48, 136}, 0.24)
}

// arrow draws an arrow as scripts/gen_screens.py does: a shaft from one
// square's centre (half wide) ending in a head (length long, spread
// wide each side) whose tip is at the other's centre, painted once.
func (d *drawn) arrow(from, to [2]float64, half, length, spread float64, c [3]float64, alpha float64) {
	v := sub(to, from)
	l := math.Hypot(v[0], v[1])
	u := [2]float64{v[0] / l, v[1] / l}
	d.paint(func(q [2]float64) bool {
		w := sub(q, from)
		t, off := dot(w, u), math.Abs(cross(u, w))
		if t >= 0 && t <= l-length && off <= half {
			return true
		}
		return t > l-length && t <= l && off <= (l-t)/length*spread
	}, c, alpha)
}

func (d *drawn) image() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 256, 256))
	for i, p := range d {
		img.Set(i%256, i/256, color.RGBA{uint8(p[0] + 0.5), uint8(p[1] + 0.5), uint8(p[2] + 0.5), 255})
	}
	return img
}

func near(a, b [2]float64) bool { return math.Hypot(a[0]-b[0], a[1]-b[1]) < 0.05 }

// findOne finds the arrows of board d and checks that there is one, from
// square centre from to to, with a head.
func findOne(t *testing.T, d *drawn, from, to [2]float64) (Found, Arrow) {
	t.Helper()
	found := Find(d.image())
	if len(found.Arrows) != 1 {
		t.Fatalf("found %d arrows, want 1: %+v", len(found.Arrows), found.Arrows)
	}
	a := found.Arrows[0]
	if !near(a.From, from) || !near(a.To, to) || !a.Head {
		t.Errorf("arrow from %v to %v, head %v; want from %v to %v, with a head", a.From, a.To, a.Head, from, to)
	}
	return found, a
}

// TestFindOverPiece draws a green arrow up the c-file across a dark
// piece and a bare stretch of both colours, and checks that it is found
// with its ends, head and opacity, and that taking it off gives back the
// board beneath: the piece's pixels too.
func TestFindOverPiece(t *testing.T) {
	under := newBoard()
	under.piece(2, 4, 0.3, [3]float64{60, 60, 60})
	under.piece(5, 5, 0.3, [3]float64{250, 250, 250})
	over := *under
	from, to := [2]float64{2.5, 6.5}, [2]float64{2.5, 2.5}
	over.arrow(from, to, 0.08, 0.4, 0.22, green, 0.6)
	found, a := findOne(t, &over, from, to)
	if math.Abs(a.keep-0.4) > 0.03 {
		t.Errorf("keep %.3f, want 0.4 (opacity 0.6, lichess's)", a.keep)
	}
	if a.HalfWidth < 0.05 || a.HalfWidth > 0.11 {
		t.Errorf("half width %.3f squares, want about 0.08", a.HalfWidth)
	}
	// The pixels beneath come back within a few levels, the piece's
	// under the shaft included; those on the shaft's blurred edges, whose
	// share of paint is told from the fitted width, within more.
	inner, outer, bareWorst, sum := 0.0, 0.0, 0.0, 0.0
	for y := range 256 {
		for x := range 256 {
			q := [2]float64{float64(x) / 32, float64(y) / 32}
			got := found.Clean(q, 1.0/32, over[y*256+x])
			e := colours.Dist(got, under[y*256+x])
			sum += e
			if b := under[y*256+x]; b == light || b == dark {
				bareWorst = max(bareWorst, e)
			}
			if cover, ok := a.zone(q, 1.0/32); ok && math.Hypot(q[0]-2.5, q[1]-4.5) < 0.25 {
				if cover == 1 {
					inner = max(inner, e)
				} else {
					outer = max(outer, e)
				}
			}
		}
	}
	if inner > 6 || outer > 24 {
		t.Errorf("the piece's pixels under the shaft come back up to %.1f levels off, on its edges %.1f; want at most 6 and 24", inner, outer)
	}
	if bareWorst > 3 {
		t.Errorf("a bare square's pixel comes back %.1f levels off, want at most 3", bareWorst)
	}
	if mean := sum / (256 * 256); mean > 1 {
		t.Errorf("the board comes back %.2f levels off on average, want at most 1", mean)
	}
}

// TestFindTwo draws two arrows that cross over bare squares, one ending
// on a piece, and finds both.
func TestFindTwo(t *testing.T) {
	over := newBoard()
	over.piece(6, 3, 0.3, [3]float64{60, 60, 60})
	over.arrow([2]float64{2.5, 6.5}, [2]float64{2.5, 1.5}, 0.08, 0.4, 0.22, green, 0.6)
	over.arrow([2]float64{0.5, 3.5}, [2]float64{6.5, 3.5}, 0.08, 0.4, 0.22, [3]float64{0, 48, 136}, 0.6)
	found := Find(over.image())
	if len(found.Arrows) != 2 {
		t.Fatalf("found %d arrows, want 2: %+v", len(found.Arrows), found.Arrows)
	}
	for _, a := range found.Arrows {
		green := near(a.From, [2]float64{2.5, 6.5}) && near(a.To, [2]float64{2.5, 1.5})
		blue := near(a.From, [2]float64{0.5, 3.5}) && near(a.To, [2]float64{6.5, 3.5})
		if !green && !blue || !a.Head {
			t.Errorf("arrow from %v to %v, head %v; want c2 to c7 and a5 to g5, with heads", a.From, a.To, a.Head)
		}
	}
}

// TestFindDiagonal draws an arrow over squares of one colour only, a
// bishop's move, where the opacity cannot be measured and lichess's is
// assumed.
func TestFindDiagonal(t *testing.T) {
	over := newBoard()
	over.piece(3, 4, 0.3, [3]float64{60, 60, 60})
	from, to := [2]float64{1.5, 6.5}, [2]float64{5.5, 2.5}
	over.arrow(from, to, 0.08, 0.4, 0.22, [3]float64{136, 32, 32}, 0.65)
	_, a := findOne(t, over, from, to)
	if a.keep != oneColourKeeps[0] {
		t.Errorf("keep %.3f, want a player's arrow's, %.2f (the engine's leaves no colour)", a.keep, oneColourKeeps[0])
	}
}

// TestFindEndsOut draws an arrow up the g-file from g1 to g5 whose shaft
// runs over wide pieces on g4 and g5, its head over the second: a
// segment to g4 sees as much band over bare board as one to g5 and is
// shorter, yet the arrow ends at g5.
func TestFindEndsOut(t *testing.T) {
	over := newBoard()
	over.paint(func(q [2]float64) bool {
		return q[0] > 6.15 && q[0] < 6.85 && q[1] > 3.02 && q[1] < 4.98
	}, [3]float64{245, 245, 245}, 1)
	from, to := [2]float64{6.5, 7.5}, [2]float64{6.5, 3.5}
	over.arrow(from, to, 0.08, 0.47, 0.31, green, 0.6)
	findOne(t, over, from, to)
}

// TestFindPastFailedFit draws an arrow from g1 to g3 between two pieces
// narrower than the widest sides looked at: along those sides the band
// takes in the pieces' pixels and does not fit, and narrower sides must
// still be tried on the same line.
func TestFindPastFailedFit(t *testing.T) {
	over := newBoard()
	white := [3]float64{245, 245, 245}
	over.piece(6, 7, 0.3, white)
	over.piece(6, 5, 0.25, white)
	from, to := [2]float64{6.5, 7.5}, [2]float64{6.5, 5.5}
	over.arrow(from, to, 0.08, 0.47, 0.31, green, 0.6)
	findOne(t, over, from, to)
}

// TestFindHeadless draws a shaft without a head, as when a head hides
// under a piece drawn over it: it is found, and no head is claimed.
func TestFindHeadless(t *testing.T) {
	over := newBoard()
	over.arrow([2]float64{1.5, 6.5}, [2]float64{1.5, 1.5}, 0.08, 0, 0, green, 0.6)
	found := Find(over.image())
	if len(found.Arrows) != 1 || found.Arrows[0].Head {
		t.Errorf("found %+v, want one arrow without a head", found.Arrows)
	}
}

// TestZoneHeadless checks where an arrow whose head was not seen is taken
// off: beside the shaft near either end, where the head may be, unless
// the arrow is so pale that a piece's own pixels would be unblended too.
func TestZoneHeadless(t *testing.T) {
	a := Arrow{From: [2]float64{1.5, 6.5}, To: [2]float64{1.5, 2.5}, HalfWidth: 0.08, keep: 0.4, length: 4, u: [2]float64{0, -1}}
	// Off the shaft, inside a head's outline, behind each end.
	nearTo, nearFrom := [2]float64{1.65, 2.8}, [2]float64{1.65, 6.2}
	for _, c := range []struct {
		keep     float64
		head     bool
		to, from bool
	}{
		{0.4, true, true, false},
		{0.4, false, true, true},
		{0.76, false, false, false},
	} {
		a.keep, a.Head = c.keep, c.head
		_, to := a.zone(nearTo, 1.0/32)
		_, from := a.zone(nearFrom, 1.0/32)
		if to != c.to || from != c.from {
			t.Errorf("keep %.2f, head %v: taken off near To %v, near From %v; want %v, %v", c.keep, c.head, to, from, c.to, c.from)
		}
	}
}

// TestFindPale draws lichess's engine arrow, pale blue at opacity 0.24
// and 15/64 of a square wide, along a diagonal (over squares of one
// colour, where its opacity is assumed) and along a file (where it is
// measured), grey pieces on the square of each head and the square past
// it: beneath so pale a paint, a piece's own pixels could be painted
// ones, and the arrow must not be taken to run on over them. On the
// grey-blue board a player's arrow's opacity fits the diagonal too, as a
// greyish blue: the engine's, more saturated, is taken.
func TestFindPale(t *testing.T) {
	for _, c := range []struct {
		from, to    [2]float64
		col, row    int // the square past the head
		light, dark [3]float64
	}{
		{[2]float64{1.5, 6.5}, [2]float64{5.5, 2.5}, 6, 1, light, dark},
		{[2]float64{3.5, 6.5}, [2]float64{3.5, 3.5}, 3, 2, light, dark},
		{[2]float64{1.5, 6.5}, [2]float64{5.5, 2.5}, 6, 1, greyLight, greyDark},
	} {
		over := newBoardIn(c.light, c.dark)
		over.piece(3, 4, 0.3, [3]float64{60, 60, 60})
		grey := [3]float64{200, 200, 200}
		over.piece(int(c.to[0]), int(c.to[1]), 0.35, grey)
		over.piece(c.col, c.row, 0.45, grey)
		over.engine(c.from, c.to)
		_, a := findOne(t, over, c.from, c.to)
		if math.Abs(a.keep-0.76) > 0.03 {
			t.Errorf("from %v, squares %v and %v: keep %.3f, want 0.76", c.from, c.light, c.dark, a.keep)
		}
	}
}

// TestFindEnds draws an arrow up the g-file from g1, over a piece, to a
// piece on g3 that its head covers, with a third piece on g4 joined to
// the second by a narrow dark neck along the file, bare board either
// side of it: a segment on to g4 sees more band than one to g3 and no
// bare board, yet the arrow ends at g3.
func TestFindEnds(t *testing.T) {
	over := newBoard()
	white := [3]float64{245, 245, 245}
	over.piece(6, 7, 0.3, white)
	over.piece(6, 5, 0.45, white)
	over.paint(func(q [2]float64) bool { return math.Hypot(q[0]-6.5, q[1]-4.45) <= 0.45 }, white, 1)
	over.paint(func(q [2]float64) bool {
		return math.Abs(q[0]-6.5) < 0.06 && q[1] > 4.85 && q[1] < 5.1
	}, ink, 1)
	from, to := [2]float64{6.5, 7.5}, [2]float64{6.5, 5.5}
	over.arrow(from, to, 0.08, 0.47, 0.31, green, 0.6)
	findOne(t, over, from, to)
}

// knight draws a knight's move as chess.com does, bent into an L: a leg a
// quarter of a square wide from 3/8 of a square past square centre s to
// centre e (passing it by half the leg), and one on from e to centre t,
// its last 7/16 a head 7/12 wide whose tip is at t.
func (d *drawn) knight(s, e, t [2]float64, c [3]float64, alpha float64) {
	u1, u2 := unit(sub(e, s)), unit(sub(t, e))
	d.paint(func(q [2]float64) bool {
		v1, v2 := sub(q, s), sub(q, e)
		t1, t2 := dot(v1, u1), dot(v2, u2)
		off1, off2 := math.Abs(cross(u1, v1)), math.Abs(cross(u2, v2))
		switch {
		case t1 >= 0.375 && t1 <= 2.125 && off1 <= 0.125:
			return true
		case t2 >= -0.125 && t2 <= 0.5625 && off2 <= 0.125:
			return true
		}
		return t2 > 0.5625 && t2 <= 1 && off2 <= (1-t2)/0.4375*0.2917
	}, c, alpha)
}

// TestFindKnight draws chess.com's knight's moves, each bent into an L
// (on two boards, the L turning either way, once with a second arrow's
// head on the same square, hiding this one's), and checks that each is
// found as one move with its head, and taken off whole: the corner and
// the short leg too.
func TestFindKnight(t *testing.T) {
	orange := [3]float64{255, 170, 0}
	for _, c := range []struct {
		name    string
		s, e, t [2]float64
		second  bool
	}{
		{"g1-f3", [2]float64{6.5, 7.5}, [2]float64{6.5, 5.5}, [2]float64{5.5, 5.5}, false},
		{"b8-d7", [2]float64{1.5, 0.5}, [2]float64{3.5, 0.5}, [2]float64{3.5, 1.5}, true},
	} {
		under := newBoard()
		under.piece(int(c.s[0]), int(c.s[1]), 0.3, [3]float64{245, 245, 245})
		under.piece(int(c.t[0]), int(c.t[1]), 0.3, [3]float64{60, 60, 60})
		over := *under
		over.knight(c.s, c.e, c.t, orange, 0.8)
		want := 1
		if c.second {
			// Up the d-file to the same square, its head over this one's.
			over.arrow([2]float64{3.5, 6.5}, c.t, 0.125, 0.44, 0.29, [3]float64{159, 207, 63}, 0.8)
			want = 2
		}
		found := Find(over.image())
		if len(found.Arrows) != want {
			t.Fatalf("%s: found %d arrows, want %d: %+v", c.name, len(found.Arrows), want, found.Arrows)
		}
		var a Arrow
		for _, f := range found.Arrows {
			if near(f.From, c.s) {
				a = f
			}
		}
		if !near(a.From, c.s) || !near(a.To, c.t) || !a.Head {
			t.Errorf("%s: arrows %+v; want one from %v to %v, with a head", c.name, found.Arrows, c.s, c.t)
			continue
		}
		// The corner, and the short leg's middle, come back bare.
		for _, q := range [][2]float64{c.e, {(c.e[0] + c.t[0]) / 2, (c.e[1] + c.t[1]) / 2}} {
			x, y := int(q[0]*32), int(q[1]*32)
			got := found.Clean(q, 1.0/32, over[y*256+x])
			if e := colours.Dist(got, under[y*256+x]); e > 6 {
				t.Errorf("%s: at %v the board comes back %.1f levels off, want at most 6", c.name, q, e)
			}
		}
	}
}

// TestFindNotBent draws a shaft two squares long without a head, up the
// c-file to c4, and from c4 an arrow one square long of another colour
// turning off it as a knight's short leg would: the shaft is found
// straight, and the arrow by itself, neither bent into the other.
func TestFindNotBent(t *testing.T) {
	over := newBoard()
	orange := [3]float64{255, 170, 0}
	over.arrow([2]float64{2.5, 6.5}, [2]float64{2.5, 4.5}, 0.125, 0, 0, orange, 0.8)
	over.arrow([2]float64{2.5, 4.5}, [2]float64{3.5, 4.5}, 0.08, 0.47, 0.31, [3]float64{72, 193, 249}, 0.6)
	found := Find(over.image())
	var shaft bool
	for _, a := range found.Arrows {
		from, to := a.Squares()
		if to%8 != from%8 && to/8 != from/8 {
			t.Errorf("found a bent arrow from %v to %v", a.From, a.To)
		}
		shaft = shaft || from == 6*8+2 && to == 4*8+2 || from == 4*8+2 && to == 6*8+2
	}
	if !shaft {
		t.Errorf("found %+v, want the shaft from c2 to c4 among them", found.Arrows)
	}
}

// TestFindShort draws arrows one square long, mostly head, from a piece
// on the first square: lichess's (a player's, up a file, and its
// engine's, pale, on a diagonal, down a file from a wide piece, up a file
// of the blue board) and chess.com's (its shaft from 3/8 of a square past
// the first centre), and lichess's engine's knight's move, drawn
// straight; each found with its ends and head.
func TestFindShort(t *testing.T) {
	white := [3]float64{245, 245, 245}
	engine := (*drawn).engine
	for _, c := range []struct {
		name     string
		from, to [2]float64
		draw     func(d *drawn, from, to [2]float64)
		board    func() *drawn
		// maxHalf, where not 0.16: a pale shaft lying only over the
		// piece that moves is measured over it, a little wider.
		maxHalf float64
	}{
		{"lichess e2-e3", [2]float64{4.5, 6.5}, [2]float64{4.5, 5.5}, func(d *drawn, from, to [2]float64) {
			d.arrow(from, to, 0.078, 0.47, 0.31, green, 0.6)
		}, newBoard, 0},
		{"lichess engine c3-d4", [2]float64{2.5, 5.5}, [2]float64{3.5, 4.5}, engine, newBoard, 0},
		// The piece that moves reaches its square's edge, outlined in
		// ink, where the shaft's end is looked for: its pixels there
		// spoil the opacity measured, and the head's core alone tells.
		{"lichess engine e5-e4 from a wide piece", [2]float64{4.5, 3.5}, [2]float64{4.5, 4.5}, func(d *drawn, from, to [2]float64) {
			d.piece(4, 3, 0.48, ink)
			d.piece(4, 3, 0.44, white)
			engine(d, from, to)
		}, newBoard, 0.18},
		// From a dark square of the blue board, over which the pale
		// shaft's end strays from the bare square by less than bandDist.
		{"lichess engine g7-g6, blue board", [2]float64{6.5, 1.5}, [2]float64{6.5, 2.5}, engine, func() *drawn {
			return newBoardIn(blueLight, blueDark)
		}, 0.18},
		// A knight's move, drawn straight between two wide pieces: too
		// little shaft over bare board for the search for bands.
		{"lichess engine g1-f3", [2]float64{6.5, 7.5}, [2]float64{5.5, 5.5}, func(d *drawn, from, to [2]float64) {
			d.piece(5, 6, 0.44, white)
			d.piece(6, 6, 0.44, white)
			engine(d, from, to)
		}, newBoard, 0},
		{"chess.com g7-g6", [2]float64{6.5, 1.5}, [2]float64{6.5, 2.5}, func(d *drawn, from, to [2]float64) {
			u := unit(sub(to, from))
			d.paint(func(q [2]float64) bool {
				v := sub(q, from)
				t, off := dot(v, u), math.Abs(cross(u, v))
				if t >= 0.375 && t <= 0.5 && off <= 0.125 {
					return true
				}
				return t > 0.5 && t <= 0.9375 && off <= (0.9375-t)/0.4375*0.2917
			}, [3]float64{255, 170, 0}, 0.8)
		}, newBoard, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			over := c.board()
			over.piece(int(c.from[0]), int(c.from[1]), 0.32, white)
			c.draw(over, c.from, c.to)
			_, a := findOne(t, over, c.from, c.to)
			// The shafts are 0.16 to 0.25 of a square wide.
			maxHalf := cmp.Or(c.maxHalf, 0.16)
			if a.HalfWidth < 0.05 || a.HalfWidth > maxHalf {
				t.Errorf("half width %.3f squares, want 0.05 to %.2f", a.HalfWidth, maxHalf)
			}
		})
	}
}

// TestFindShortNone checks shapes that an arrow one square long could be
// taken for: a gold piece shaped as a head, its tip at its square's
// centre but nothing leading into it from the next square, and a
// translucent red disc a little below a square's centre, which spills
// into the square beneath as a head's shaft does and spreads as a head
// does, but reaches past where its tip would be too.
func TestFindShortNone(t *testing.T) {
	head := newBoard()
	head.paint(func(q [2]float64) bool {
		v := sub(q, [2]float64{3.5, 3.5})
		return v[1] >= 0 && v[1] <= 0.45 && math.Abs(v[0]) <= v[1]*0.7
	}, [3]float64{212, 175, 55}, 1)
	glow := newBoard()
	glow.paint(func(q [2]float64) bool { return math.Hypot(q[0]-4.5, q[1]-4.7) <= 0.42 }, [3]float64{220, 30, 30}, 0.5)
	for name, d := range map[string]*drawn{"head-shaped piece": head, "disc": glow} {
		if found := Find(d.image()); len(found.Arrows) != 0 {
			t.Errorf("%s: found %+v, want none", name, found.Arrows)
		}
	}
}

// TestFindNone checks boards without arrows: pieces whose straight edges
// and dark outlines run along squares' middles, and a book's diagram,
// hatched, with an ink arrow drawn over it, which no opacity can take
// off.
func TestFindNone(t *testing.T) {
	pieces := newBoard()
	for c := range 8 {
		pieces.piece(c, 1, 0.32, [3]float64{40, 40, 40})
		pieces.piece(c, 6, 0.32, [3]float64{245, 245, 245})
	}
	// Rooks' flat tops: bars across the middle of their squares.
	for _, c := range []int{0, 7} {
		x0 := float64(c)
		pieces.paint(func(q [2]float64) bool {
			return q[0] > x0+0.15 && q[0] < x0+0.85 && q[1] > 7.45 && q[1] < 7.6
		}, ink, 1)
	}
	// Pieces drawn in colours (lichess's gold firi, brown rhosgfx), whose
	// fill, over a square, could be an arrowhead's paint.
	for c, col := range [][3]float64{{212, 175, 55}, {150, 90, 40}, {212, 175, 55}, {150, 90, 40}} {
		pieces.piece(2*c, 3+c%2, 0.34, col)
	}
	if found := Find(pieces.image()); len(found.Arrows) != 0 {
		t.Errorf("pieces: found %+v, want none", found.Arrows)
	}
	book := newBook()
	book.arrow([2]float64{1.5, 1.5}, [2]float64{1.5, 5.5}, 0.04, 0.3, 0.15, ink, 1)
	if found := Find(book.image()); len(found.Arrows) != 0 {
		t.Errorf("book: found %+v, want none", found.Arrows)
	}
}

func BenchmarkFindArrows(b *testing.B) {
	over := newBoard()
	for c := range 8 {
		over.piece(c, 1, 0.32, [3]float64{40, 40, 40})
		over.piece(c, 6, 0.32, [3]float64{245, 245, 245})
	}
	plain := over.image()
	over.arrow([2]float64{2.5, 6.5}, [2]float64{2.5, 2.5}, 0.08, 0.4, 0.22, green, 0.65)
	arrow := over.image()
	// Many lines between a book board's centres see a band, and none fits.
	hatched := newBook().image()
	for _, c := range []struct {
		name  string
		board *image.RGBA
	}{{"none", plain}, {"arrow", arrow}, {"book", hatched}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				Find(c.board)
			}
		})
	}
}
