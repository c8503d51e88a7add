package detect

import (
	"errors"
	"image"
	"math"

	"gocv.io/x/gocv"
)

// gradients holds, for one grey picture, running sums of the rising and
// falling brightness steps across columns and rows, so that the line
// profile of any rectangle costs one subtraction per line.
type gradients struct {
	w, h int
	// colUp[y*w+x] sums max(dI/dx, 0) over rows < y at column x; colDown
	// likewise for max(-dI/dx, 0). Steps are capped at edgeCap and kept
	// in whole Sobel units: the sums are exact.
	colUp, colDown []int32
	// rowUp[y*(w+1)+x] sums max(dI/dy, 0) over columns < x at row y.
	rowUp, rowDown []int32
}

// newGradients measures the brightness steps of grey after a Gaussian blur
// of the given sigma: a small one keeps thin grid lines of small boards, a
// larger one turns the hatching of printed dark squares into flat grey.
// It reuses the sums of reuse, from an earlier call on a picture of the
// same size, when not nil: they take 16 bytes a pixel.
func newGradients(grey gocv.Mat, sigma float64, reuse *gradients) (*gradients, error) {
	blur := gocv.NewMat()
	defer blur.Close()
	gocv.GaussianBlur(grey, &blur, image.Point{}, sigma, sigma, gocv.BorderReflect101)
	gx, gy := gocv.NewMat(), gocv.NewMat()
	defer gx.Close()
	defer gy.Close()
	// The Sobel response of 8-bit pixels is a whole number within 16 bits.
	gocv.Sobel(blur, &gx, gocv.MatTypeCV16S, 1, 0, 3, 1, 0, gocv.BorderReplicate)
	gocv.Sobel(blur, &gy, gocv.MatTypeCV16S, 0, 1, 3, 1, 0, gocv.BorderReplicate)
	dx, err := gx.DataPtrInt16()
	if err != nil {
		return nil, err
	}
	dy, err := gy.DataPtrInt16()
	if err != nil {
		return nil, err
	}
	w, h := grey.Cols(), grey.Rows()
	if len(dx) != w*h || len(dy) != w*h {
		return nil, errors.New("unexpected gradient layout")
	}
	g := reuse
	if g == nil || g.w != w || g.h != h {
		// Row 0 of the column sums and column 0 of the row sums stay
		// zero; fillSums writes everything else.
		g = &gradients{
			w: w, h: h,
			colUp: make([]int32, (h+1)*w), colDown: make([]int32, (h+1)*w),
			rowUp: make([]int32, h*(w+1)), rowDown: make([]int32, h*(w+1)),
		}
	}
	g.fillSums(dx, dy)
	return g, nil
}

// edgeCap is the Sobel response (about four times the brightness step)
// above which an edge counts fully. Without a cap the high-contrast outlines
// of pieces outweigh the often faint edges between squares, and the bases of
// a crowded rank of pieces can pull a fit off the true lines.
const edgeCap = 4 * 24

// profile returns, for each position along one axis of r, how strongly a
// line there alternates between rising and falling brightness across the
// other axis: the geometric mean of the two, per pixel of line length.
// vertical selects lines of constant x.
func (g *gradients) profile(r image.Rectangle, vertical bool) []float64 {
	var n, length int
	if vertical {
		n, length = r.Dx(), r.Dy()
	} else {
		n, length = r.Dy(), r.Dx()
	}
	if n <= 0 || length <= 0 {
		return nil
	}
	up := make([]float64, n)
	down := make([]float64, n)
	for i := 0; i < n; i++ {
		if vertical {
			x := r.Min.X + i
			up[i] = float64(g.colUp[r.Max.Y*g.w+x]-g.colUp[r.Min.Y*g.w+x]) / edgeCap
			down[i] = float64(g.colDown[r.Max.Y*g.w+x]-g.colDown[r.Min.Y*g.w+x]) / edgeCap
		} else {
			y := r.Min.Y + i
			up[i] = float64(g.rowUp[y*(g.w+1)+r.Max.X]-g.rowUp[y*(g.w+1)+r.Min.X]) / edgeCap
			down[i] = float64(g.rowDown[y*(g.w+1)+r.Max.X]-g.rowDown[y*(g.w+1)+r.Min.X]) / edgeCap
		}
	}
	// A thin grid line rises at one pixel and falls at the next; widening
	// both signals by a pixel lets such lines count as alternating too.
	up, down = widen(up), widen(down)
	out := make([]float64, n)
	for i := range out {
		out[i] = math.Sqrt(up[i]*down[i]) / float64(length)
	}
	return out
}

func widen(v []float64) []float64 {
	out := make([]float64, len(v))
	for i := range v {
		m := v[i]
		if i > 0 {
			m = math.Max(m, v[i-1])
		}
		if i+1 < len(v) {
			m = math.Max(m, v[i+1])
		}
		out[i] = m
	}
	return out
}

// at samples p at a fractional position by linear interpolation.
func at(p []float64, x float64) float64 {
	if x < 0 || x > float64(len(p)-1) {
		return 0
	}
	i := int(x)
	if i == len(p)-1 {
		return p[i]
	}
	f := x - float64(i)
	return p[i]*(1-f) + p[i+1]*f
}

// latticeSum scores the nine lines x0+k*step. The outer two count half:
// they may be framed, cropped or missing, but counting them at all is what
// tells a board from the same board shifted by one square.
func latticeSum(p []float64, x0, step float64) float64 {
	s := 0.5 * (at(p, x0) + at(p, x0+8*step))
	for k := 1; k <= 7; k++ {
		s += at(p, x0+float64(k)*step)
	}
	return s
}

// lattice finds the offset x0 (the board's first edge) and step (the square
// size) whose lines x0+k*step, k=0..8, best match profile p,
// trying steps from minStep to maxStep in increments of ds and offsets
// from lo to hi in increments of dx.
func lattice(p []float64, minStep, maxStep, ds, lo, hi, dx float64) (x0, step, score float64) {
	best := -1.0
	for s := minStep; s <= maxStep; s += ds {
		l, h := math.Max(lo, -0.3*s), math.Min(hi, float64(len(p))-8*s+0.3*s)
		for x := l; x <= h; x += dx {
			if v := latticeSum(p, x, s); v > best {
				best, x0, step = v, x, s
			}
		}
	}
	if best < 0 {
		return 0, 0, 0
	}
	return x0, step, best / 8
}

// search fits a lattice to p coarse to fine: first on a shrunken copy of p,
// whose length bounds the cost, then at full resolution near that answer.
// The far edge lies eight steps away, so the step is refined to a small
// fraction of a pixel.
func search(p []float64, minStep, maxStep float64, tr tracer) (x0, step float64) {
	d := int(math.Ceil(float64(len(p)) / 256))
	d = max(1, min(d, int(minStep/2.5)))
	pd := shrink(p, d)
	fd := float64(d)
	x0, step, _ = lattice(pd, minStep/fd, maxStep/fd, 0.2, math.Inf(-1), math.Inf(1), 1)
	if step == 0 {
		return 0, 0
	}
	x0, step = x0*fd, step*fd
	tr.printf("    coarse d=%d x0=%.1f step=%.2f\n", d, x0, step)
	return refine(p, x0, step, 2*fd)
}

// refine fits a lattice to p near a known one: the offset within ±slack
// pixels and the step within ±1.5%.
func refine(p []float64, x0, step, slack float64) (float64, float64) {
	nx, ns, _ := lattice(p, step*0.985, step*1.015, 0.05, x0-slack, x0+slack, 0.25)
	if ns == 0 {
		return x0, step
	}
	nx, ns, _ = lattice(p, ns*0.998, ns*1.002, 0.01, nx-0.3, nx+0.3, 0.05)
	return nx, ns
}

// shrink max-pools p by a factor d, so that lines stay as tall as they were.
func shrink(p []float64, d int) []float64 {
	if d == 1 {
		return p
	}
	out := make([]float64, (len(p)+d-1)/d)
	for i, v := range p {
		if v > out[i/d] {
			out[i/d] = v
		}
	}
	return out
}

// contrast is how far the lattice's lines stand above the rest of the
// profile between the board's edges: real boards give sharp, tall peaks.
func contrast(p []float64, x0, step float64) float64 {
	peak := latticeSum(p, x0, step) / 8
	var bg float64
	var n int
	for i := int(math.Ceil(x0)); float64(i) <= x0+8*step && i < len(p); i++ {
		if i < 0 {
			continue
		}
		d := math.Mod(float64(i)-x0, step)
		if d < 0.2*step || d > 0.8*step {
			continue
		}
		bg += p[i]
		n++
	}
	if n == 0 {
		return 0
	}
	bg /= float64(n)
	return peak / (bg + 0.02*peak + 1e-3)
}

const (
	// maxStretch is how much wider than tall, or taller than wide, a
	// board's squares may be in a first search; maxStretchAny in a second,
	// made when the first finds nothing. Squares 1.53 times wider than
	// tall come from a phone's screenshot of its camera preview.
	maxStretch    = 1.25
	maxStretchAny = 1.7
)

// fit searches region r (in working pixels) for an 8x8 lattice, its squares
// at most stretch times wider than tall or taller than wide, and returns
// the board it outlines.
func (g *gradients) fit(r image.Rectangle, in *integral, stretch float64, tr tracer) (Board, bool) {
	bounds := image.Rect(0, 0, g.w, g.h)
	whole := r == bounds
	pad := int(0.08 * float64(max(r.Dx(), r.Dy())))
	box := r.Inset(-pad).Intersect(bounds)

	// The whole picture is searched for boards that fill much of it; the
	// outlines found by candidates stand for the smaller ones.
	minStep := math.Max(float64(minBoard)/8, float64(min(r.Dx(), r.Dy()))/4/8)
	if !whole {
		minStep = math.Max(minStep, 0.45*float64(min(r.Dx(), r.Dy()))/8)
	}
	px := g.profile(box, true)
	py := g.profile(box, false)
	x0, sx := search(px, minStep, float64(box.Dx())/8, tr)
	y0, sy := search(py, minStep, float64(box.Dy())/8, tr)
	if sx == 0 || sy == 0 {
		return Board{}, false
	}
	bx, by := float64(box.Min.X)+x0, float64(box.Min.Y)+y0
	if stretch <= maxStretch {
		// In the stretched search a step k times the other's may be
		// a square's own.
		bx, sx, by, sy = in.unfold(bx, sx, by, sy, g.w, g.h)
	}
	tr.printf("   coarse box=%v x=%.1f+%.2f y=%.1f+%.2f\n", box, bx, sx, by, sy)

	bx, by, sx, sy, cx, cy, ok := g.lines(bx, by, sx, sy)
	if !ok {
		return Board{}, false
	}
	if ratio := sx / sy; ratio < 1/stretch || ratio > stretch {
		return Board{}, false
	}
	// A first fit over the whole picture can land squares off, pulled by
	// the lines of the interface around the board or of a board beside it;
	// the squares' shades tell: a shifted board takes in strips that do not
	// alternate. Half a square off too: on a pale board the pieces' own
	// edges, at the squares' middles, can outline a lattice more clearly
	// than the faint steps between the squares. A move by one square must
	// also pass linesAllow.
	bestChecker := in.checker(bx, by, sx, sy)
	ox, oy := bx, by
	half := false
	for dy := -3.0; dy <= 3; dy += 0.5 {
		for dx := -3.0; dx <= 3; dx += 0.5 {
			nx, ny := ox+dx*sx, oy+dy*sy
			if (dx == 0 && dy == 0) || !inPicture(nx, ny, sx, sy, g.w, g.h) {
				continue
			}
			c := in.checker(nx, ny, sx, sy)
			if c > 1.2*bestChecker && g.linesAllow(in, ox, oy, sx, sy, dx, dy) {
				bestChecker, bx, by = c, nx, ny
				half = dx != math.Trunc(dx) || dy != math.Trunc(dy)
			}
		}
	}
	if half {
		// The lines are fitted again, and scored, where the squares are.
		if nx, ny, nsx, nsy, ncx, ncy, ok := g.lines(bx, by, sx, sy); ok {
			bx, by, sx, sy, cx, cy = nx, ny, nsx, nsy, ncx, ncy
			bestChecker = in.checker(bx, by, sx, sy)
		}
	}
	if nx, ny, c := in.settle(bx, by, sx, sy, g.w, g.h, bestChecker); nx != bx || ny != by {
		// The lines are fitted again where the board now lies: a fit
		// that came a square off may have its step off too.
		if bx, by, sx, sy, cx, cy, ok = g.lines(nx, ny, sx, sy); !ok {
			return Board{}, false
		}
		bestChecker = math.Max(c, in.checker(bx, by, sx, sy))
	}
	return Board{
		Corners: [4]Point{{bx, by}, {bx + 8*sx, by}, {bx + 8*sx, by + 8*sy}, {bx, by + 8*sy}},
		Lattice: math.Min(cx, cy),
		Checker: bestChecker,
	}, true
}

// unfold widens the steps of an axis whose lattice fitted a half, a
// third or a quarter of the squares, k steps of it for each of the other
// axis's: fine hatching, or the edges of pieces on a pale board, can line
// up between the squares' own lines more clearly than those do. Every
// k-th of its lines is then a board's line; which ones, and which of
// the board's squares the short lattice covers, the squares' shades
// tell. The widened axis takes the other's step, truer than k of its
// own, whose error grows k times; lines refits it. Lattices of steps not
// so related come back as they are.
func (in *integral) unfold(bx, sx, by, sy float64, w, h int) (float64, float64, float64, float64) {
	if k := math.Round(sy / sx); k >= 2 && k <= 4 && math.Abs(sy/sx-k) < 0.1*k {
		bx, sx = pick(bx, sx, sy, func(x float64) float64 { return in.checker(x, by, sy, sy) }, w)
	} else if k := math.Round(sx / sy); k >= 2 && k <= 4 && math.Abs(sx/sy-k) < 0.1*k {
		by, sy = pick(by, sy, sx, func(y float64) float64 { return in.checker(bx, y, sx, sx) }, h)
	}
	return bx, sx, by, sy
}

// pick returns the board, squares sq wide, that holds the short lattice
// x0 + i*step (i = 0..8) with one of its lines on a board's line, lies in
// the picture (n pixels long) give or take a third of a square, and
// whose squares' shades (checker) alternate best; and sq. With none,
// the lattice comes back as it is.
func pick(x0, step, sq float64, checker func(float64) float64, n int) (float64, float64) {
	best, bestC := x0, -1.0
	for i := 0.0; i*step < sq-0.5*step; i++ {
		for m := 0.0; m < 8; m++ {
			x := x0 + i*step - m*sq
			if x < -0.3*sq || x+8*sq > float64(n)+0.3*sq || x+8*sq < x0+8*step-0.3*sq {
				continue
			}
			if c := checker(x); c > bestC {
				best, bestC = x, c
			}
		}
	}
	if bestC < 0 {
		return x0, step
	}
	return best, sq
}

// settle moves a lattice's outline by a square at a time while the row
// or column it would take in alternates in the board's shades and the one
// it would give up does not. The whole board's checker hardly tells a
// board from the same shifted by a square when one row is at stake: a
// small board on a background as light as its light squares, its edge
// row full of pieces, gains an eighth at most, under the shift search's
// margin; the two rows themselves differ plainly. The outline must stay
// inPicture(w, h); checker is the outline's, and the
// moved outline's comes back, which must be no lower.
func (in *integral) settle(bx, by, sx, sy float64, w, h int, checker float64) (float64, float64, float64) {
	for range 3 {
		t, shade, ok := in.lineShades(bx, by, sx, sy)
		if !ok {
			break
		}
		best, bestGain := -1, 0.0
		for i, m := range squareMoves {
			if !inPicture(bx+m.dx*sx, by+m.dy*sy, sx, sy, w, h) {
				continue
			}
			gain, drop := t.moveMatches(bx, by, sx, sy, m, shade)
			if settles(gain, drop) && gain-drop > bestGain {
				best, bestGain = i, gain-drop
			}
		}
		if best < 0 {
			break
		}
		nx, ny := bx+squareMoves[best].dx*sx, by+squareMoves[best].dy*sy
		c := in.checker(nx, ny, sx, sy)
		if c < checker {
			break
		}
		bx, by, checker = nx, ny, c
	}
	return bx, by, checker
}

// A squareMove shifts a lattice's outline by one square: the line it
// takes in and the line it gives up (rows, or columns when col; -1 and 8
// lie just outside the lattice).
type squareMove struct {
	dx, dy     float64
	gain, drop int
	col        bool
}

var squareMoves = [4]squareMove{{0, 1, 8, 0, false}, {0, -1, -1, 7, false}, {1, 0, 8, 0, true}, {-1, 0, -1, 7, true}}

// lineShades returns the table, shades or texture, whose squares alternate
// more clearly at the lattice at (bx, by), and the mean shade of each of
// its two colours of squares there (shades); ok is false when they cannot
// be read.
func (in *integral) lineShades(bx, by, sx, sy float64) (t *integral, shade [2]float64, ok bool) {
	t = in
	if in.texture != nil && in.texture.shadeChecker(bx, by, sx, sy) > in.shadeChecker(bx, by, sx, sy) {
		t = in.texture
	}
	shade, ok = t.shades(bx, by, sx, sy)
	return t, shade, ok
}

// moveMatches returns how well the line m takes in and the line it gives
// up match shade (lineMatch), read on t as lineShades chose it.
func (t *integral) moveMatches(bx, by, sx, sy float64, m squareMove, shade [2]float64) (gain, drop float64) {
	return t.lineMatch(bx, by, sx, sy, m.gain, m.col, shade), t.lineMatch(bx, by, sx, sy, m.drop, m.col, shade)
}

// linesAllow reports whether the shift search may move the lattice at
// (bx, by) by (dx, dy) squares. A move by whole squares is refused when
// the rows (or columns) it would give up are divided into squares more
// plainly than those it would take in, by more than lineEdgesMargin
// (lineEdges): the whole board's checker can rise by a third when the row
// of file letters printed below a small diagram takes the place of a back
// rank crowded with pieces, whose corners the frame's rule darkens, and
// the shades of the two rows tie or even favour the letters. A move by one
// square is refused too when the line it would give up matches the board's
// shades better than the line it would take in (moveMatches): settle, which
// weighs the same shades, would never make that move. Half-square moves are
// left to the checker: a lattice half off has no line to weigh.
func (g *gradients) linesAllow(in *integral, bx, by, sx, sy, dx, dy float64) bool {
	if dx != math.Trunc(dx) || dy != math.Trunc(dy) {
		return true
	}
	for _, m := range squareMoves {
		if m.dx != dx || m.dy != dy {
			continue
		}
		if t, shade, ok := in.lineShades(bx, by, sx, sy); ok {
			if gain, drop := t.moveMatches(bx, by, sx, sy, m, shade); gain < drop {
				return false
			}
		}
	}
	allows := func(n int, col bool) bool {
		if n == 0 {
			return true
		}
		// Moving by n > 0 takes in lines 8..8+n-1 and gives up 0..n-1;
		// by n < 0, takes in n..-1 and gives up 8+n..7.
		taken, given := 8, 0
		if n < 0 {
			taken, given, n = n, 8+n, -n
		}
		var gain, drop float64
		for i := range n {
			gain += g.lineEdges(bx, by, sx, sy, taken+i, col)
			drop += g.lineEdges(bx, by, sx, sy, given+i, col)
		}
		return (drop-gain)/float64(n) <= lineEdgesMargin
	}
	return allows(int(dx), true) && allows(int(dy), false)
}

// lineEdgesMargin is a tenth of a full edge (edgeCap) along the line. A row
// of file letters scored 0.3 to 0.4 below the back ranks it took the place
// of on the pages of TestPages. A board's own rows score from a little
// above a blank margin beside them to 0.5 below it, a row of pawns as low
// as the letters: the review (moving every diagram of TestPages one to
// three squares off and asking for the move back) found 65 of 1305 right
// moves refused, 14 of one square, each made by settle instead, and 51 of
// two or three. No yardstick lost a board; the real documents' diagrams
// that the letters had displaced (chessboard.pdf pages 43 and 72, xskak.pdf
// pages 10 and 36) need it, the shades favouring the letters on some.
const lineEdgesMargin = 0.1

// inPicture reports whether the lattice at (bx, by) with steps (sx, sy)
// lies in a picture w by h, give or take a third of a square (a board
// cropped tight).
func inPicture(bx, by, sx, sy float64, w, h int) bool {
	return bx >= -0.3*sx && by >= -0.3*sy && bx+8*sx <= float64(w)+0.3*sx && by+8*sy <= float64(h)+0.3*sy
}

// settles reports whether a line that matches the board's shades by gain
// (a share of its eight squares, as lineMatch) may be taken in for one
// that matches by drop. A line beside the board (a background, a frame,
// coordinates) matches half, the squares of one colour; a board's own
// line more, though pieces whose bases reach the corners of small squares
// can hide three of its eight. A line beside the board may also match one
// square more than half, where a frame's rule or a word of text darkens
// a square of the light colour: it is given up for a line that matches
// all but one of its squares.
func settles(gain, drop float64) bool {
	return gain >= 5.0/8 && drop <= 4.0/8 || gain >= 7.0/8 && drop <= 5.0/8
}

// shades returns the mean shade of the lattice's squares of each colour,
// the top-left square's colour first.
func (in *integral) shades(bx, by, sx, sy float64) ([2]float64, bool) {
	sum, _, n := in.colours(bx, by, sx, sy)
	if n[0] < 8 || n[1] < 8 {
		return [2]float64{}, false
	}
	return [2]float64{sum[0] / n[0], sum[1] / n[1]}, true
}

// lineMatch is the share of the eight squares of row k of the lattice
// (column k when col; k may be -1 or 8, a line just outside it) whose
// shade is nearer their colour's mean, of shade, than the other's.
func (in *integral) lineMatch(bx, by, sx, sy float64, k int, col bool, shade [2]float64) float64 {
	match := 0
	for i := range 8 {
		r, c := k, i
		if col {
			r, c = i, k
		}
		v, ok := in.squareShade(bx, by, sx, sy, r, c)
		p := ((r+c)%2 + 2) % 2
		if ok && math.Abs(v-shade[p]) < math.Abs(v-shade[1-p]) {
			match++
		}
	}
	return float64(match) / 8
}

// lines fits the lattice at (bx, by) with steps (sx, sy) again on the
// lines' own extent: columns only over the board's rows and rows only
// over its columns, so that what stands beside the board no longer
// dilutes the signal. It returns the fit and the contrast of its columns
// and rows; ok is false when the board lies too far out of the picture.
func (g *gradients) lines(bx, by, sx, sy float64) (nbx, nby, nsx, nsy, cx, cy float64, ok bool) {
	bounds := image.Rect(0, 0, g.w, g.h)
	for range 2 {
		rows := image.Rect(int(bx-sx), int(by), int(math.Ceil(bx+9*sx)), int(math.Ceil(by+8*sy))).Intersect(bounds)
		cols := image.Rect(int(bx), int(by-sy), int(math.Ceil(bx+8*sx)), int(math.Ceil(by+9*sy))).Intersect(bounds)
		if rows.Dx() < 8 || cols.Dy() < 8 {
			return 0, 0, 0, 0, 0, 0, false
		}
		px := g.profile(rows, true)
		py := g.profile(cols, false)
		x0, stepX := refine(px, bx-float64(rows.Min.X), sx, 2)
		y0, stepY := refine(py, by-float64(cols.Min.Y), sy, 2)
		bx, sx = float64(rows.Min.X)+x0, stepX
		by, sy = float64(cols.Min.Y)+y0, stepY
		cx, cy = contrast(px, x0, stepX), contrast(py, y0, stepY)
	}
	return bx, by, sx, sy, cx, cy, true
}

// lineEdges measures how plainly line k of the lattice at (bx, by) with
// steps (sx, sy) (a row, or a column when col; -1 and 8 lie just outside
// it) is divided into squares: the strength of the lines across it at the
// lattice's own lines, less that midway between them. Ink midway lowers
// it: the strokes of a row of printed file letters, each centred in its
// square, and as much the stems of a row of pawns; the edges between the
// squares of a row, where pieces leave them showing, raise it.
func (g *gradients) lineEdges(bx, by, sx, sy float64, k int, col bool) float64 {
	along, step, across, width := bx, sx, by+float64(k)*sy, sy
	if col {
		along, step, across, width = by, sy, bx+float64(k)*sx, sx
	}
	lo, hi := int(math.Ceil(along)), int(along+8*step)
	a0, a1 := int(math.Ceil(across)), int(across+width)
	var r image.Rectangle
	if col {
		r = image.Rect(a0, lo, a1, hi)
	} else {
		r = image.Rect(lo, a0, hi, a1)
	}
	r = r.Intersect(image.Rect(0, 0, g.w, g.h))
	if r.Empty() {
		return 0
	}
	p := g.profile(r, !col)
	start := float64(r.Min.X)
	if col {
		start = float64(r.Min.Y)
	}
	var lines, mids float64
	for i := 1; i <= 8; i++ {
		if i < 8 {
			lines += at(p, along+float64(i)*step-start) / 7
		}
		mids += at(p, along+(float64(i)-0.5)*step-start) / 8
	}
	return lines - mids
}
