package detect

import (
	"math"

	"gocv.io/x/gocv"
)

const (
	// bareAspect is how far from square a bare frame may be: a board is
	// square, and a frame around text seldom is.
	bareAspect = 0.1
	// bareDepth is how deep into its outline a frame's band is looked
	// for, as a fraction of the outline's side.
	bareDepth = 0.08
	// bareContrast is the least difference in mean shade, 0 to 255,
	// between a frame's band and the paper inside it.
	bareContrast = 100
	// bareLineInk is the most ink the lines between a bare board's squares
	// may hold, relative to the board's ink on the whole (see lineInk):
	// 0.03 to 0.15 on held-out book diagrams, 0.39 and more on framed text.
	bareLineInk = 0.3
)

// bareFrame returns the board inside the frame q when nothing inside it
// alternates like squares: a diagram printed without dark squares, or
// one whose light tint a scan thresholded away, is its frame and its
// pieces. The board's edge is where the frame's band gives way to the
// paper on each side. Only the reading of its squares can tell such a
// board from a framed box of text, so the board comes back marked Bare
// for the caller to check.
func bareFrame(grey gocv.Mat, q [4]Point) (Board, bool) {
	w := (dist(q[0], q[1]) + dist(q[3], q[2])) / 2
	h := (dist(q[0], q[3]) + dist(q[1], q[2])) / 2
	if w < minBoard || h < minBoard || math.Abs(w/h-1) > bareAspect {
		return Board{}, false
	}
	n := math.Min(math.Max(w, h), 512)
	warped, inv := warpQuad(grey, q, n, 0)
	defer warped.Close()
	defer inv.Close()
	in, err := newIntegral(warped)
	if err != nil {
		return Board{}, false
	}
	// Each side's band is measured along the middle of the side, away from
	// the corners, where the other sides' bands would darken it.
	side := int(n)
	lo, hi := side/8, side-side/8
	col := func(x int) float64 { return in.rect(x, lo, x+1, hi) / float64(hi-lo) }
	row := func(y int) float64 { return in.rect(lo, y, hi, y+1) / float64(hi-lo) }
	depth := int(bareDepth * n)
	left, ok1 := bandDepth(col, depth)
	right, ok2 := bandDepth(func(d int) float64 { return col(side - 1 - d) }, depth)
	top, ok3 := bandDepth(row, depth)
	bottom, ok4 := bandDepth(func(d int) float64 { return row(side - 1 - d) }, depth)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return Board{}, false
	}
	x0, y0, x1, y1 := float64(left), float64(top), float64(side-right), float64(side-bottom)
	if math.Abs((x1-x0)/(y1-y0)-1) > bareAspect {
		return Board{}, false
	}
	if lineInk(warped, x0, y0, x1, y1) > bareLineInk {
		return Board{}, false
	}
	b := Board{Corners: [4]Point{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, Bare: true}
	for i, p := range b.Corners {
		b.Corners[i] = project(inv, p)
	}
	return b, true
}

// lineInk is how much ink lies on the lines between the squares of the
// upright board from (x0, y0) to (x1, y1) in grey, relative to the ink on
// the whole board: pieces stand inside their squares, and text, a
// figure or a photo runs across the lines as often as anywhere else.
func lineInk(grey gocv.Mat, x0, y0, x1, y1 float64) float64 {
	ink := gocv.NewMat()
	defer ink.Close()
	gocv.Threshold(grey, &ink, 0, 1, gocv.ThresholdBinaryInv|gocv.ThresholdOtsu)
	in, err := newIntegral(ink)
	if err != nil {
		return 1
	}
	// A board placed from its pieces may reach a little past the
	// picture's edge (see inPicture): only what lies inside counts.
	w, h := grey.Cols(), grey.Rows()
	ix0, iy0 := min(max(int(x0), 0), w), min(max(int(y0), 0), h)
	ix1, iy1 := min(max(int(x1), 0), w), min(max(int(y1), 0), h)
	if ix1 <= ix0 || iy1 <= iy0 {
		return 1
	}
	all := in.rect(ix0, iy0, ix1, iy1) / float64((ix1-ix0)*(iy1-iy0))
	if all == 0 {
		return 1
	}
	sx, sy := (x1-x0)/8, (y1-y0)/8
	var on, n float64
	for k := 1; k < 8; k++ {
		if x := int(x0 + float64(k)*sx); x >= 1 && x+2 <= w {
			on += in.rect(x-1, iy0, x+2, iy1)
			n += float64(3 * (iy1 - iy0))
		}
		if y := int(y0 + float64(k)*sy); y >= 1 && y+2 <= h {
			on += in.rect(ix0, y-1, ix1, y+2)
			n += float64(3 * (ix1 - ix0))
		}
	}
	if n == 0 {
		return 1
	}
	return on / n / all
}

func dist(a, b Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }

// bandDepth walks n lines inward from an outline, line(0) being the
// outermost, and returns where the board begins: past the frame's dark
// band when one starts within the first lines (the outline is the
// frame's outer edge), at the outline itself when none does (it is the
// frame's inner edge, or a board printed without one). It fails when the
// band does not end within n lines: a filled box, not a frame.
func bandDepth(line func(d int) float64, n int) (int, bool) {
	v := make([]float64, n)
	paper := 0.0
	for d := range v {
		v[d] = line(d)
		paper = math.Max(paper, v[d])
	}
	// A line along a frame is all ink; a line through pieces is not.
	dark := func(d int) bool { return v[d] < paper-bareContrast }
	start := 0
	for start < n && start <= n/4 && !dark(start) {
		start++
	}
	if start > n/4 {
		return 0, true
	}
	for d := start; d < n; d++ {
		if !dark(d) {
			return d, true
		}
	}
	return 0, false
}
