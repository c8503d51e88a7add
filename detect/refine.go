package detect

import (
	"image"
	"math"
	"slices"

	"gocv.io/x/gocv"
)

// Refit returns the outline of b, a board Find found in img, fitted to
// the crossings of its lines (see refit). The lattice search fits rows
// and columns parallel to the picture's edges, and a scan turned a little
// or a page photographed at a slant has neither; the caller reads the
// board from both outlines and decides which to keep. ok is false for a
// photo's grid, refined as it was fitted, a bare frame, and where refit
// finds nothing to change.
func Refit(img gocv.Mat, b Board) (corners [4]Point, ok bool) {
	if b.Grid != nil || b.Bare || img.Empty() {
		return b.Corners, false
	}
	// The board and a square around it are turned grey and shrunk as
	// Find's working copy is, not the whole picture: on a browser
	// screenshot that halves the time.
	scale := workScale(img)
	r := b.bounds()
	m := int(LongestSide(b.Corners) / 8)
	r = image.Rect(r.Min.X-m, r.Min.Y-m, r.Max.X+m, r.Max.Y+m).Intersect(image.Rect(0, 0, img.Cols(), img.Rows()))
	if float64(min(r.Dx(), r.Dy()))*scale < minBoard/2 {
		return b.Corners, false
	}
	region := img.Region(r)
	grey := toGrey(region)
	region.Close()
	defer grey.Close()
	if scale < 1 {
		gocv.Resize(grey, &grey, image.Point{}, scale, scale, gocv.InterpolationArea)
	}
	o := Point{float64(r.Min.X), float64(r.Min.Y)}
	var c [4]Point
	for i, p := range b.Corners {
		c[i] = Point{(p.X - o.X) * scale, (p.Y - o.Y) * scale}
	}
	if c, ok = refit(grey, c); !ok {
		return b.Corners, false
	}
	for i, p := range c {
		corners[i] = Point{p.X/scale + o.X, p.Y/scale + o.Y}
	}
	return corners, true
}

// refit fits a flat board's outline to its 49 inner crossings, where four
// squares meet in an X. On a scan turned a few degrees, or a page or
// screen photographed at a slant, the lattice search's upright outline
// is off by half a square or more at a corner, and the edge squares'
// pieces are cut in half; the crossings show where the lines really run.
// Each crossing is looked for as a saddle (see integral.saddles) in the
// squares' brightness and, for boards whose dark squares are hatched, in
// their texture; the table whose crossings agree on more of one
// homography is kept. ok is false when too few crossings agree (a bare
// frame, faint hatching), or when the refit moves no corner by minRefit
// squares or one by more than maxRefit.
func refit(grey gocv.Mat, corners [4]Point) (out [4]Point, ok bool) {
	in, err := newTextured(grey)
	if err != nil {
		return corners, false
	}
	agree := 0
	for _, t := range []*integral{in, in.texture} {
		if c, n := t.fitSaddles(corners); n > agree {
			out, agree = c, n
		}
	}
	if agree < minCrossings {
		return corners, false
	}
	side := LongestSide(corners) / 8
	most := 0.0
	for k := range out {
		most = math.Max(most, math.Hypot(out[k].X-corners[k].X, out[k].Y-corners[k].Y))
	}
	return out, most >= minRefit*side && most <= maxRefit*side
}

// fitSaddles moves the outline corners to fit the board's crossings as
// in shows them, in passes that look less far each time: the first
// finds crossings half a square off, the last places them to a pixel.
// It returns the outline and how many crossings agree with it, 0 when
// too few are found.
func (in *integral) fitSaddles(corners [4]Point) ([4]Point, int) {
	grid := [4]Point{{0, 0}, {8, 0}, {8, 8}, {0, 8}}
	h, ok := fitHomography(corners[:], grid[:])
	if !ok {
		return corners, 0
	}
	inv, ok := invert(h)
	if !ok {
		return corners, 0
	}
	agree := 0
	for _, reach := range []float64{0.4, 0.25, 0.12} {
		var at [2][]Point // the best saddle of each sign, per crossing
		var strength [2][]float64
		var cross []Point
		for j := 1; j < 8; j++ {
			for i := 1; i < 8; i++ {
				g := Point{float64(i), float64(j)}
				p, q, r := apply(inv, g), apply(inv, Point{g.X + 1, g.Y}), apply(inv, Point{g.X, g.Y + 1})
				side := math.Min(math.Hypot(q.X-p.X, q.Y-p.Y), math.Hypot(r.X-p.X, r.Y-p.Y))
				// Neighbouring crossings have their dark squares on
				// opposite diagonals: flipping every other one's sign
				// makes the whole board's saddles one sign.
				sign := 1.0
				if (i+j)%2 == 1 {
					sign = -1
				}
				s := in.saddles(p, int(reach*side), int(math.Max(2, 0.3*side)), sign)
				for k := range s {
					at[k] = append(at[k], s[k].at)
					strength[k] = append(strength[k], s[k].strength)
				}
				cross = append(cross, g)
			}
		}
		// Which diagonal is dark is the board's: the sign its crossings
		// show more strongly.
		k := 0
		if total(strength[1]) > total(strength[0]) {
			k = 1
		}
		// Crossings under pieces show weak saddles, or none.
		floor := 0.4 * medianOf(slices.Clone(strength[k]))
		var src, dst []Point
		for n := range cross {
			if strength[k][n] > 0 && strength[k][n] >= floor {
				src, dst = append(src, at[k][n]), append(dst, cross[n])
			}
		}
		hr, n, ok := fitAgreeing(src, dst)
		if !ok || n < minCrossings {
			return corners, 0
		}
		if inv, ok = invert(hr); !ok {
			return corners, 0
		}
		agree = n
	}
	var out [4]Point
	for k, g := range grid {
		out[k] = apply(inv, g)
	}
	return out, agree
}

// fitAgreeing fits the homography taking src to dst, then again without
// the points it leaves furthest out (a crossing pulled aside by a piece's
// outline), and returns it with the number of points that agree with it.
// When fewer than minCrossings agree the first fit comes back; ok is
// false when there is none.
func fitAgreeing(src, dst []Point) (h [3][3]float64, agree int, ok bool) {
	if len(src) < minCrossings {
		return h, 0, false
	}
	if h, ok = fitHomography(src, dst); !ok {
		return h, 0, false
	}
	var s2, d2 []Point
	for i := range src {
		q := apply(h, src[i])
		if math.Hypot(q.X-dst[i].X, q.Y-dst[i].Y) < 0.08 {
			s2, d2 = append(s2, src[i]), append(d2, dst[i])
		}
	}
	if len(s2) >= minCrossings {
		if h2, ok := fitHomography(s2, d2); ok {
			return h2, len(s2), true
		}
	}
	return h, len(s2), true
}

// saddle is where four quadrants alternate most strongly near a point,
// and how strongly: the mean of the two on one diagonal less that of the
// two on the other.
type saddle struct {
	at       Point
	strength float64
}

// saddles searches the pixels within reach of p for the crossing of four
// quadrants q pixels wide whose top-left and bottom-right ones are the
// brighter (first) or the darker (second), sign flipping the two. A
// single edge, or a piece's outline, makes two quadrants on each side
// alike and no saddle; hatching inside a square averages out over the
// quadrant. Where the quadrants would leave the picture nothing is found.
func (in *integral) saddles(p Point, reach, q int, sign float64) [2]saddle {
	h := len(in.sum)/(in.w+1) - 1
	area := float64(q * q)
	best := [2]saddle{{at: p}, {at: p}}
	look := func(x0, x1, y0, y1, step int) {
		for y := max(y0, q); y <= min(y1, h-q); y += step {
			for x := max(x0, q); x <= min(x1, in.w-q); x += step {
				d := sign * (in.rect(x-q, y-q, x, y) + in.rect(x, y, x+q, y+q) -
					in.rect(x, y-q, x+q, y) - in.rect(x-q, y, x, y+q)) / area
				at := Point{float64(x), float64(y)}
				if d > best[0].strength {
					best[0] = saddle{at, d}
				}
				if -d > best[1].strength {
					best[1] = saddle{at, -d}
				}
			}
		}
	}
	cx, cy := int(math.Round(p.X)), int(math.Round(p.Y))
	if reach < 6 {
		look(cx-reach, cx+reach, cy-reach, cy+reach, 1)
		return best
	}
	// Wide windows are searched every other pixel, then about the best
	// of each sign: a saddle's response falls off over a quadrant's width.
	look(cx-reach, cx+reach, cy-reach, cy+reach, 2)
	for _, b := range best {
		x, y := int(b.at.X), int(b.at.Y)
		look(x-1, x+1, y-1, y+1, 1)
	}
	return best
}

func total(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s
}

const (
	// minRefit and maxRefit bound how far, in squares, refit must move
	// a corner: less is what the lattice search's own error, a pixel or
	// two, amounts to; more only a fit to something else than the
	// board's lines does. A screen photographed from below its middle
	// (the board's bottom a tenth wider than its top) has the upright
	// lattice a whole square off at a bottom corner.
	minRefit = 0.03
	maxRefit = 1.5
	// minCrossings is the fewest crossings a refit stands on.
	minCrossings = 12
)
