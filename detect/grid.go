package detect

import (
	"encoding/binary"
	"image"
	"math"
	"math/rand"
	"sort"

	"gocv.io/x/gocv"
)

// A photo of a real board shows its grid in perspective, often with
// pieces standing on most lines and the board turned any way: the
// lattice search, which wants straight, evenly spaced rows and columns,
// does not see it. The grid is found instead from its lines: straight
// edges are collected and sorted into the two families of the board's
// lines, and a homography is fitted by RANSAC to the one assignment of
// whole-number grid positions that most lines agree with.

// gridLine is a line a*x + b*y = c (a*a + b*b = 1), with the total length
// of the edge segments that make it up, and their end points.
type gridLine struct {
	a, b, c float64
	length  float64
	ends    []Point
}

func (l gridLine) angle() float64 {
	t := math.Atan2(l.a, -l.b) // the line's direction, in [0, pi)
	if t < 0 {
		t += math.Pi
	}
	if t >= math.Pi {
		t -= math.Pi
	}
	return t
}

// GridFit says how well a board's grid was fitted in a photo.
type GridFit struct {
	// Lines is how many of the grid's 18 lines were seen.
	Lines int `json:"lines"`
	// Error is the root mean square distance, in squares, of the seen
	// lines' crossings from where the fitted grid puts them.
	Error float64 `json:"error"`
}

// findGrid looks for a chessboard's 9x9 grid of lines in a grey picture,
// trying each of looks in turn until one gives a grid.
func findGrid(grey gocv.Mat, looks []edgeLook, tr tracer) (Board, bool) {
	var in *integral
	for _, look := range looks {
		segs := segments(grey, look)
		if len(segs) < 8 {
			continue
		}
		famA, famB := families(segs)
		la, lb := mergeLines(famA), mergeLines(famB)
		if len(la) < 4 || len(lb) < 4 {
			continue
		}
		h, ua, ub, ok := ransacGrid(la, lb)
		if !ok {
			continue
		}
		if in == nil {
			var err error
			if in, err = newIntegral(grey); err != nil {
				return Board{}, false
			}
		}
		if b, ok := place(grey, in, h, la, lb, ua, ub, tr); ok {
			return b, true
		}
	}
	return Board{}, false
}

// edgeLook is how segments finds edges: the blur (at lineSide; kernel
// side 0 sizes it to sigma) and Canny's two thresholds.
type edgeLook struct {
	kernel           int
	sigma, low, high float64
}

// photoLooks are the edge looks for a photo's grid.
var photoLooks = []edgeLook{{5, 1.2, 30, 90}}

// hatchLooks add, for a printed board whose dark squares are hatched, a
// look blurred as much as the stripes are apart (sigma 4 at lineSide;
// kernel 0 lets OpenCV size it, 25 pixels): at the first look's blur the
// stripes' edges outnumber the board's own and set the direction of a
// family of lines. Its thresholds are lower, as blur lowers the step
// between a white and a hatched square.
var hatchLooks = append(photoLooks[:len(photoLooks):len(photoLooks)], edgeLook{0, 4, 15, 45})

// lineSide is the longer side at which lines are looked for: the
// Hough transform's cost grows with the edge pixels, and the grid is
// refined afterwards on its crossings at full working size.
const lineSide = 900

// segments returns the straight edges of a picture.
func segments(grey gocv.Mat, look edgeLook) [][4]float64 {
	scale := 1.0
	src := grey
	if m := max(grey.Cols(), grey.Rows()); m > lineSide {
		scale = float64(lineSide) / float64(m)
		small := gocv.NewMat()
		defer small.Close()
		gocv.Resize(grey, &small, image.Point{}, scale, scale, gocv.InterpolationArea)
		src = small
	}
	blur := gocv.NewMat()
	defer blur.Close()
	gocv.GaussianBlur(src, &blur, image.Pt(look.kernel, look.kernel), look.sigma, look.sigma, gocv.BorderReplicate)
	edges := gocv.NewMat()
	defer edges.Close()
	gocv.Canny(blur, &edges, float32(look.low), float32(look.high))
	side := float64(min(src.Cols(), src.Rows()))
	lines := gocv.NewMat()
	defer lines.Close()
	gocv.HoughLinesPWithParams(edges, &lines, 1, math.Pi/360, 30, float32(0.05*side), float32(0.015*side))
	var out [][4]float64
	for i := 0; i < lines.Rows(); i++ {
		v := lines.GetVeciAt(i, 0)
		out = append(out, [4]float64{float64(v[0]) / scale, float64(v[1]) / scale, float64(v[2]) / scale, float64(v[3]) / scale})
	}
	return out
}

func segLine(s [4]float64) gridLine {
	dx, dy := s[2]-s[0], s[3]-s[1]
	n := math.Hypot(dx, dy)
	a, b := -dy/n, dx/n
	return gridLine{a: a, b: b, c: a*s[0] + b*s[1], length: n, ends: []Point{{s[0], s[1]}, {s[2], s[3]}}}
}

// families splits segments into the two directions of a board's lines:
// the strongest direction by total length, and the strongest at least 25
// degrees from it. Perspective fans each family out, so a segment joins
// the nearer direction if within 30 degrees.
func families(segs [][4]float64) (a, b []gridLine) {
	const bins = 180
	var hist [bins]float64
	lines := make([]gridLine, len(segs))
	for i, s := range segs {
		lines[i] = segLine(s)
		k := int(lines[i].angle()/math.Pi*bins) % bins
		for d := -3; d <= 3; d++ {
			hist[(k+d+bins)%bins] += lines[i].length * (1 - math.Abs(float64(d))/4)
		}
	}
	p1 := 0
	for k := range hist {
		if hist[k] > hist[p1] {
			p1 = k
		}
	}
	p2 := -1
	for k := range hist {
		if angDist(float64(k), float64(p1), bins) >= 25 && (p2 < 0 || hist[k] > hist[p2]) {
			p2 = k
		}
	}
	t1, t2 := float64(p1)*math.Pi/bins, float64(p2)*math.Pi/bins
	for _, l := range lines {
		d1, d2 := angDist(l.angle(), t1, math.Pi), angDist(l.angle(), t2, math.Pi)
		switch {
		case d1 <= d2 && d1 < math.Pi/6:
			a = append(a, l)
		case d2 < d1 && d2 < math.Pi/6:
			b = append(b, l)
		}
	}
	return a, b
}

// angDist is the distance between two angles on a circle of length period.
func angDist(x, y, period float64) float64 {
	d := math.Mod(math.Abs(x-y), period)
	return math.Min(d, period-d)
}

// mergeLines joins segments of one line (pieces break a board's lines
// into many) and drops lines seen only in short bits.
func mergeLines(ls []gridLine) []gridLine {
	sort.Slice(ls, func(i, j int) bool { return ls[i].length > ls[j].length })
	var out []gridLine
	for _, l := range ls {
		merged := false
		for i := range out {
			o := &out[i]
			if angDist(l.angle(), o.angle(), math.Pi) > 2.5*math.Pi/180 {
				continue
			}
			// Distance of the segment's line from the kept line, measured
			// at the point of l nearest the origin.
			px, py := l.a*l.c, l.b*l.c
			if math.Abs(o.a*px+o.b*py-o.c) > 3 {
				continue
			}
			o.length += l.length
			o.ends = append(o.ends, l.ends...)
			merged = true
			break
		}
		if !merged {
			out = append(out, l)
		}
	}
	for i := range out {
		out[i].refit()
	}
	if len(out) > 40 {
		out = out[:40]
	}
	return out
}

// refit makes the line the best fit (total least squares) through the
// end points of all its segments: one segment alone is short and its
// angle coarse.
func (l *gridLine) refit() {
	if len(l.ends) < 4 {
		return
	}
	var mx, my float64
	for _, p := range l.ends {
		mx += p.X
		my += p.Y
	}
	n := float64(len(l.ends))
	mx, my = mx/n, my/n
	var sxx, sxy, syy float64
	for _, p := range l.ends {
		dx, dy := p.X-mx, p.Y-my
		sxx += dx * dx
		sxy += dx * dy
		syy += dy * dy
	}
	// The direction is the principal axis; the normal is across it.
	t := 0.5 * math.Atan2(2*sxy, sxx-syy)
	l.a, l.b = -math.Sin(t), math.Cos(t)
	l.c = l.a*mx + l.b*my
}

// crossing is the crossing point of two lines.
func crossing(l, m gridLine) (Point, bool) {
	det := l.a*m.b - l.b*m.a
	if math.Abs(det) < 1e-9 {
		return Point{}, false
	}
	return Point{(l.c*m.b - l.b*m.c) / det, (l.a*m.c - l.c*m.a) / det}, true
}

// ransacProbes is how many lines of the other family place a line while
// hypotheses are ranked.
const ransacProbes = 12

// gridTol is how far, in squares, a line may lie from a whole-number grid
// position and still count as on it.
const gridTol = 0.12

// ransacGrid fits the homography from picture to grid coordinates (one
// unit per square) that puts the most lines of each family on whole
// numbers. It returns the homography and each line's grid position (NaN
// for lines off the grid).
func ransacGrid(la, lb []gridLine) (h [3][3]float64, ua, ub []float64, ok bool) {
	cr := newCrossings(la, lb)
	rng := rand.New(rand.NewSource(1))
	best := -1.0
	pa, pb := make([]float64, len(la)), make([]float64, len(lb))
	sc := make([]float64, max(len(la), len(lb)))
	for it := 0; it < 800; it++ {
		i1, i2 := rng.Intn(len(la)), rng.Intn(len(la))
		j1, j2 := rng.Intn(len(lb)), rng.Intn(len(lb))
		if i1 == i2 || j1 == j2 {
			continue
		}
		quad, good := [4]Point{}, true
		for k, pr := range [4][2]int{{i1, j1}, {i2, j1}, {i2, j2}, {i1, j2}} {
			quad[k], good = cr.at(pr[0], pr[1])
			if !good {
				break
			}
		}
		if !good || !convex(orderCorners(quad)) {
			continue
		}
		hh, good := homography(quad, [4]Point{{0, 0}, {1, 0}, {1, 1}, {0, 1}})
		if !good {
			continue
		}
		cr.positions(hh, pa, pb, ransacProbes)
		// The picked lines may be 1 to 8 squares apart: scaling the grid
		// by that many puts the lines between them on whole numbers.
		bestA, bestB := -1.0, -1.0
		var sa, sb int
		for s := 1; s <= 8; s++ {
			for axis, p := range [2][]float64{pa, pb} {
				v := sc[:len(p)]
				for i := range p {
					v[i] = p[i] * float64(s)
				}
				n, e := onGrid(v)
				score := float64(n) - e/gridTol
				if n < 3 {
					continue
				}
				if axis == 0 && score > bestA {
					bestA, sa = score, s
				}
				if axis == 1 && score > bestB {
					bestB, sb = score, s
				}
			}
		}
		if bestA < 0 || bestB < 0 {
			continue
		}
		if score := bestA * bestB; score > best {
			best = score
			h = mul3([3][3]float64{{float64(sa), 0, 0}, {0, float64(sb), 0}, {0, 0, 1}}, hh)
		}
	}
	if best < 0 {
		return h, nil, nil, false
	}
	ua, ub = make([]float64, len(la)), make([]float64, len(lb))
	cr.positions(h, ua, ub, 0)
	onGrid(ua)
	onGrid(ub)
	// Refit on every crossing of lines that sit on the grid, twice.
	for round := 0; round < 2; round++ {
		var src, dst []Point
		for i, u := range ua {
			for j, v := range ub {
				if p, ok := cr.at(i, j); ok && !math.IsNaN(u) && !math.IsNaN(v) {
					src = append(src, p)
					dst = append(dst, Point{math.Round(u), math.Round(v)})
				}
			}
		}
		hh, ok := fitHomography(src, dst)
		if !ok {
			break
		}
		h = hh
		cr.positions(h, ua, ub, 0)
		onGrid(ua)
		onGrid(ub)
	}
	return h, ua, ub, true
}

// crossings holds where each line of one family crosses each of the other.
type crossings struct {
	na, nb int
	pts    []Point
	ok     []bool
}

func newCrossings(la, lb []gridLine) *crossings {
	c := &crossings{na: len(la), nb: len(lb), pts: make([]Point, len(la)*len(lb)), ok: make([]bool, len(la)*len(lb))}
	for i := range la {
		for j := range lb {
			c.pts[i*len(lb)+j], c.ok[i*len(lb)+j] = crossing(la[i], lb[j])
		}
	}
	return c
}

func (c *crossings) at(i, j int) (Point, bool) { return c.pts[i*c.nb+j], c.ok[i*c.nb+j] }

// positions maps the crossings into grid space by h and gives each line
// its position there: x for the first family, y for the second; NaN when
// the line does not keep one coordinate along its run, as a grid line
// does.
//
// With probes > 0 only the crossings with that many lines of the other
// family (the longest, which come first) are used: enough for RANSAC to
// rank hypotheses at a fraction of the cost.
func (c *crossings) positions(h [3][3]float64, pa, pb []float64, probes int) {
	na, nb := c.na, c.nb
	if probes > 0 {
		na, nb = min(na, probes), min(nb, probes)
	}
	q := make([]Point, len(c.pts))
	for i := 0; i < c.na; i++ {
		for j := 0; j < c.nb; j++ {
			if i < na || j < nb {
				q[i*c.nb+j] = apply(h, c.pts[i*c.nb+j])
			}
		}
	}
	var vals []float64
	line := func(n int, get func(k int) (float64, bool)) float64 {
		vals = vals[:0]
		for k := 0; k < n; k++ {
			if v, ok := get(k); ok {
				vals = append(vals, v)
			}
		}
		if len(vals) < 2 {
			return math.NaN()
		}
		sort.Float64s(vals)
		med := vals[len(vals)/2]
		if vals[len(vals)*3/4]-vals[len(vals)/4] > 2*gridTol || med < -12 || med > 20 {
			return math.NaN()
		}
		return med
	}
	for i := range pa {
		pa[i] = line(nb, func(j int) (float64, bool) { return q[i*c.nb+j].X, c.ok[i*c.nb+j] })
	}
	for j := range pb {
		pb[j] = line(na, func(i int) (float64, bool) { return q[i*c.nb+j].Y, c.ok[i*c.nb+j] })
	}
}

// onGrid counts the distinct whole-number positions lines sit on within
// the best window of nine (a board has nine lines each way: a grid of
// half-size squares would put more lines on whole numbers, but spread
// over twice the span), and their mean distance from them. Lines off
// whole numbers become NaN.
func onGrid(pos []float64) (int, float64) {
	var dist [64]float64
	var seen [64]bool
	const off = 24 // positions run from -12 to 20: index p+off
	for i, p := range pos {
		if math.IsNaN(p) {
			continue
		}
		d := math.Abs(p - math.Round(p))
		k := int(math.Round(p)) + off
		if d > gridTol || k < 0 || k >= len(seen) {
			pos[i] = math.NaN()
			continue
		}
		if !seen[k] || d < dist[k] {
			seen[k], dist[k] = true, d
		}
	}
	best, bestSum := 0, 0.0
	for lo := 0; lo+9 <= len(seen); lo++ {
		n, sum := 0, 0.0
		for k := lo; k < lo+9; k++ {
			if seen[k] {
				n++
				sum += dist[k]
			}
		}
		if n > best {
			best, bestSum = n, sum
		}
	}
	if best == 0 {
		return 0, 0
	}
	return best, bestSum / float64(best)
}

// maxLineSpan is the widest spread, in squares, of the lines a grid may
// have seen: a board's nine, a frame's and a table's around it.
const maxLineSpan = 24

// place chooses which 8x8 block of the fitted grid is the board: the
// window of whole-number positions holding the most seen lines, ties
// broken by how clearly its squares alternate light and dark.
func place(grey gocv.Mat, in *integral, h [3][3]float64, la, lb []gridLine, ua, ub []float64, tr tracer) (Board, bool) {
	inv, ok := invert(h)
	if !ok {
		return Board{}, false
	}
	lines := func(pos []float64) map[int]bool {
		m := map[int]bool{}
		for _, p := range pos {
			// Far-off positions, and the integer overflow of converting
			// them, would wreck the span below.
			if !math.IsNaN(p) && math.Abs(p) < 1e6 {
				m[int(math.Round(p))] = true
			}
		}
		return m
	}
	fl := &fittedLines{la, lb, ua, ub, lines(ua), lines(ub)}
	ma, mb := fl.ma, fl.mb
	span := func(m map[int]bool) (lo, hi int) {
		lo, hi = 1<<30, -(1 << 30)
		for k := range m {
			lo, hi = min(lo, k), max(hi, k)
		}
		return lo, hi
	}
	alo, ahi := span(ma)
	blo, bhi := span(mb)
	if len(ma) == 0 || len(mb) == 0 || ahi-alo > maxLineSpan || bhi-blo > maxLineSpan {
		// Without lines seen, or with lines a near-degenerate homography
		// put millions of squares apart, the windows between them would be
		// too many to try.
		return Board{}, false
	}
	type window struct {
		x0, y0, lines         int
		checker, edges, score float64
	}
	var ws []window
	maxChecker := 0.0
	w, hgt := float64(grey.Cols()), float64(grey.Rows())
	// The window runs over every placement that covers the seen lines, or
	// lies within them when more than nine were seen (a frame, a table),
	// and one square beyond: the outer edge of a frame is often seen
	// better than the board's own last line.
	for x0 := min(alo, ahi-8) - 1; x0 <= max(alo, ahi-8)+1; x0++ {
		for y0 := min(blo, bhi-8) - 1; y0 <= max(blo, bhi-8)+1; y0++ {
			n := fl.seen(x0, y0)
			corners := gridCorners(inv, x0, y0)
			outside := false
			for _, c := range corners {
				if c.X < -0.02*w || c.Y < -0.02*hgt || c.X > 1.02*w || c.Y > 1.02*hgt {
					outside = true
				}
			}
			if outside {
				continue
			}
			checker, edges := checkerOf(squareShades(in, inv, x0, y0))
			ws = append(ws, window{x0, y0, n, checker, edges, 0})
			maxChecker = math.Max(maxChecker, checker)
		}
	}
	// Each seen line counts one; a window whose four outer rows and columns
	// all alternate gains up to one and a half (a window shifted onto a
	// plain frame loses that much on one edge), and the clearest checker up
	// to two. The edges weigh less than a seen line and a clearer checker
	// together: a game's back ranks, full of pieces that hide the squares'
	// corners, alternate faintly, and at three a window a rank inside the
	// board, leaving White's pieces out, won on its edges (a held-out
	// render, testdata/photos/render-games-00108.jpg). Of 319 photos and
	// renders and 1344 stress variants of the real flat pictures, that
	// board alone reads otherwise; without the edges, five boards are lost.
	bestScore, bx, by := math.Inf(-1), 0, 0
	for i, c := range ws {
		ws[i].score = float64(c.lines) + 1.5*math.Max(0, c.edges) + 2*c.checker/math.Max(maxChecker, 1e-9)
		tr.printf("  grid window %d,%d: %d lines, checker %.2f, edges %.2f: %.2f\n", c.x0, c.y0, c.lines, c.checker, c.edges, ws[i].score)
		if ws[i].score > bestScore {
			bestScore, bx, by = ws[i].score, c.x0, c.y0
		}
	}
	if math.IsInf(bestScore, -1) {
		return Board{}, false
	}
	if hr, ok := refineCorners(grey, h, inv, bx, by); ok {
		h = hr
		if inv, ok = invert(h); !ok {
			return Board{}, false
		}
	}
	at := func(x0, y0 int) (Board, bool) {
		return gridWindow(in, h, inv, fl, x0, y0, tr)
	}
	b, ok := at(bx, by)
	if !ok {
		return Board{}, false
	}
	// The windows a square off share all but one outer line with the
	// best, whose crossings refined the grid: it places them as well.
	for _, c := range ws {
		if abs(c.x0-bx)+abs(c.y0-by) != 1 || c.score < bestScore-nearWindow {
			continue
		}
		tr.printf("  grid window %d,%d is near:\n", c.x0, c.y0)
		if nb, ok := at(c.x0, c.y0); ok {
			b.Near = append(b.Near, nb)
		}
	}
	return b, true
}

func abs(x int) int { return max(x, -x) }

// nearWindow is how far below the best window's score (place) a window a
// square off may score and still be offered as the board (Board.Near): a
// frame's outer edge, seen where the board's own last line is not, can
// win a window a line or so ahead of the board's own (a held-out render
// framed a file off onto its coordinates' border by 0.63).
const nearWindow = 1.0

// fittedLines are a grid's two families of lines, la and lb, with each
// line's grid position (ua, ub; NaN off the grid) and the whole-number
// positions seen (ma, mb).
type fittedLines struct {
	la, lb []gridLine
	ua, ub []float64
	ma, mb map[int]bool
}

// seen counts the lines of window (x0, y0), nine each way, that were seen.
func (fl *fittedLines) seen(x0, y0 int) int {
	n := 0
	for k := 0; k <= 8; k++ {
		if fl.ma[x0+k] {
			n++
		}
		if fl.mb[y0+k] {
			n++
		}
	}
	return n
}

// gridWindow makes the board at window (x0, y0) of the grid h (inv its
// inverse) fitted to the lines fl, with how well its lines fit (Grid),
// and says whether it is a board at all.
func gridWindow(in *integral, h, inv [3][3]float64, fl *fittedLines, x0, y0 int, tr tracer) (Board, bool) {
	la, lb, ua, ub := fl.la, fl.lb, fl.ua, fl.ub
	fit := GridFit{Lines: fl.seen(x0, y0)}
	// How well the seen crossings inside the board fit the grid.
	var sum float64
	var cnt int
	for i, u := range ua {
		if math.IsNaN(u) || math.Round(u) < float64(x0) || math.Round(u) > float64(x0+8) {
			continue
		}
		for j, v := range ub {
			if math.IsNaN(v) || math.Round(v) < float64(y0) || math.Round(v) > float64(y0+8) {
				continue
			}
			if p, ok := crossing(la[i], lb[j]); ok {
				q := apply(h, p)
				dx, dy := q.X-math.Round(u), q.Y-math.Round(v)
				sum += dx*dx + dy*dy
				cnt++
			}
		}
	}
	if cnt > 0 {
		fit.Error = math.Sqrt(sum / float64(cnt))
	}
	// A board of many lines seen whose squares differ little (a pale
	// board, pieces crowding it) is a board if its neighbours alternate.
	sq := squareShades(in, inv, x0, y0)
	checker, _ := checkerOf(sq)
	alt := alternation(sq)
	refused := checker < gridChecker && (fit.Lines < paleLines || alt < paleAlternation)
	if fit.Lines < minGridLines || refused {
		tr.printf("  grid: %d lines, error %.3f, checker %.2f, alternation %.2f: no board\n", fit.Lines, fit.Error, checker, alt)
		return Board{}, false
	}
	tr.printf("  grid: %d lines, error %.3f, checker %.2f, alternation %.2f\n", fit.Lines, fit.Error, checker, alt)
	b := Board{Corners: orderCorners(gridCorners(inv, x0, y0)), Lattice: float64(fit.Lines) / 4, Checker: checker, Grid: &fit}
	b.Score = math.Sqrt(b.Lattice * b.Checker)
	return b, true
}

// A grid window is a board when minGridLines of its 18 lines are seen
// and its squares' two shades differ by gridChecker of their spread
// (checkerOf), or, with paleLines seen, when paleAlternation of its
// neighbouring squares alternate (alternation): light falling off across
// a pale board crowded with pieces spreads each colour's shades wider
// than the colours differ.
const (
	minGridLines    = 10
	gridChecker     = 0.5
	paleLines       = 16
	paleAlternation = 0.75
)

// refineCorners moves the board's 49 inner crossings, where four squares
// meet in an X, to where the picture shows them (cv::cornerSubPix, within
// a quarter of a square of each), and refits the homography to those that moved
// little: the lines from which the grid was first fitted are bent by
// pieces and coarse. cornerSubPix counts from pixels' centres, the
// corners from their edges; the photo model was trained on crops cut
// from grids refined so, half a pixel off, and that stays.
func refineCorners(grey gocv.Mat, h, inv [3][3]float64, x0, y0 int) ([3][3]float64, bool) {
	var pts, grid []Point
	var sizes []float64
	for j := 1; j < 8; j++ {
		for i := 1; i < 8; i++ {
			g := Point{float64(x0 + i), float64(y0 + j)}
			p := apply(inv, g)
			q := apply(inv, Point{g.X + 1, g.Y})
			r := apply(inv, Point{g.X, g.Y + 1})
			pts = append(pts, p)
			grid = append(grid, g)
			sizes = append(sizes, math.Min(math.Hypot(q.X-p.X, q.Y-p.Y), math.Hypot(r.X-p.X, r.Y-p.Y)))
		}
	}
	sort.Float64s(sizes)
	half := int(math.Max(2, math.Min(15, 0.25*sizes[len(sizes)/2])))
	moved, ok := subPix(grey, pts, half)
	if !ok {
		return h, false
	}
	var src, dst []Point
	for i, q := range moved {
		// A crossing hidden by a piece drifts to the piece's outline.
		if math.Hypot(q.X-pts[i].X, q.Y-pts[i].Y) < 0.2*sizes[len(sizes)/2] {
			src, dst = append(src, q), append(dst, grid[i])
		}
	}
	hr, _, ok := fitAgreeing(src, dst)
	return hr, ok
}

// subPix moves each point to the corner nearest it in grey
// (cv::cornerSubPix with a window half wide each way).
func subPix(grey gocv.Mat, pts []Point, half int) ([]Point, bool) {
	raw := make([]byte, 8*len(pts))
	for i, p := range pts {
		binary.LittleEndian.PutUint32(raw[8*i:], math.Float32bits(float32(p.X)))
		binary.LittleEndian.PutUint32(raw[8*i+4:], math.Float32bits(float32(p.Y)))
	}
	m, err := gocv.NewMatFromBytes(len(pts), 1, gocv.MatTypeCV32FC2, raw)
	if err != nil {
		return nil, false
	}
	defer m.Close()
	gocv.CornerSubPix(grey, &m, image.Pt(half, half), image.Pt(-1, -1),
		gocv.NewTermCriteria(gocv.Count|gocv.EPS, 30, 0.01))
	out := make([]Point, len(pts))
	for i := range out {
		out[i] = Point{float64(m.GetFloatAt(i, 0)), float64(m.GetFloatAt(i, 1))}
	}
	return out, true
}

func gridCorners(inv [3][3]float64, x0, y0 int) [4]Point {
	var c [4]Point
	for k, d := range [4][2]int{{0, 0}, {8, 0}, {8, 8}, {0, 8}} {
		c[k] = apply(inv, Point{float64(x0 + d[0]), float64(y0 + d[1])})
	}
	return c
}

// checkerOf measures how clearly the 64 squares of a board, their shades
// sq (squareShades), alternate light and dark: the difference of the median
// brightness of the two colours of squares over their spread. edges is
// the weakest alternation along the four outer rows and columns,
// relative to the whole board's: a window shifted by one square onto a
// frame keeps most of its checker but loses one edge.
func checkerOf(sq [64]float64) (checker, edges float64) {
	var vals [2][]float64
	for i, v := range sq {
		if !math.IsNaN(v) {
			vals[(i/8+i%8)%2] = append(vals[(i/8+i%8)%2], v)
		}
	}
	med := func(v []float64) (float64, float64, bool) {
		if len(v) < 16 {
			return 0, 0, false
		}
		sort.Float64s(v)
		return v[len(v)/2], v[len(v)*3/4] - v[len(v)/4], true
	}
	m0, s0, ok0 := med(vals[0])
	m1, s1, ok1 := med(vals[1])
	if !ok0 || !ok1 {
		return 0, 0
	}
	whole := math.Abs(m0 - m1)
	edges = math.Inf(1)
	for _, line := range [4][8]int{
		{0, 1, 2, 3, 4, 5, 6, 7}, {56, 57, 58, 59, 60, 61, 62, 63},
		{0, 8, 16, 24, 32, 40, 48, 56}, {7, 15, 23, 31, 39, 47, 55, 63},
	} {
		var e [2][]float64
		for _, i := range line {
			if !math.IsNaN(sq[i]) {
				e[(i/8+i%8)%2] = append(e[(i/8+i%8)%2], sq[i])
			}
		}
		if len(e[0]) < 2 || len(e[1]) < 2 {
			edges = 0
			continue
		}
		sort.Float64s(e[0])
		sort.Float64s(e[1])
		d := (e[0][len(e[0])/2] - e[1][len(e[1])/2]) * math.Copysign(1, m0-m1)
		edges = math.Min(edges, d/(whole+1))
	}
	return whole / (s0 + s1 + 8), edges
}

func apply(h [3][3]float64, p Point) Point {
	w := h[2][0]*p.X + h[2][1]*p.Y + h[2][2]
	return Point{(h[0][0]*p.X + h[0][1]*p.Y + h[0][2]) / w, (h[1][0]*p.X + h[1][1]*p.Y + h[1][2]) / w}
}

// invert inverts a 3x3 matrix.
func invert(m [3][3]float64) ([3][3]float64, bool) {
	var r [3][3]float64
	det := m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) -
		m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) +
		m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
	if math.Abs(det) < 1e-15 {
		return r, false
	}
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			a, b := (j+1)%3, (j+2)%3
			c, d := (i+1)%3, (i+2)%3
			r[i][j] = (m[a][c]*m[b][d] - m[a][d]*m[b][c]) / det
		}
	}
	return r, true
}

// fitHomography returns the homography that maps src onto dst best in
// the least-squares sense (h33 = 1), from at least four point pairs. The
// points are first centred and scaled (Hartley), which keeps the normal
// equations well conditioned.
func fitHomography(src, dst []Point) ([3][3]float64, bool) {
	if len(src) < 4 || len(src) != len(dst) {
		return [3][3]float64{}, false
	}
	ns, ok1 := normalizer(src)
	nd, ok2 := normalizer(dst)
	if !ok1 || !ok2 {
		return [3][3]float64{}, false
	}
	var ata [8][9]float64
	for i := range src {
		s, d := apply(ns, src[i]), apply(nd, dst[i])
		x, y, X, Y := s.X, s.Y, d.X, d.Y
		for _, row := range [2][9]float64{
			{x, y, 1, 0, 0, 0, -X * x, -X * y, X},
			{0, 0, 0, x, y, 1, -Y * x, -Y * y, Y},
		} {
			for j := 0; j < 8; j++ {
				for k := 0; k < 9; k++ {
					ata[j][k] += row[j] * row[k]
				}
			}
		}
	}
	hn, ok := solve8(ata)
	if !ok {
		return hn, false
	}
	// Undo the normalisations: H = Nd^-1 Hn Ns.
	inv, ok := invert(nd)
	if !ok {
		return hn, false
	}
	h := mul3(mul3(inv, hn), ns)
	if h[2][2] == 0 {
		return h, false
	}
	for i := range h {
		for j := range h[i] {
			h[i][j] /= h[2][2]
		}
	}
	return h, true
}

// normalizer returns the similarity moving points' centroid to the
// origin and their mean distance from it to sqrt(2).
func normalizer(pts []Point) ([3][3]float64, bool) {
	var cx, cy float64
	for _, p := range pts {
		cx += p.X
		cy += p.Y
	}
	cx /= float64(len(pts))
	cy /= float64(len(pts))
	d := 0.0
	for _, p := range pts {
		d += math.Hypot(p.X-cx, p.Y-cy)
	}
	d /= float64(len(pts))
	if d == 0 {
		return [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, false
	}
	s := math.Sqrt2 / d
	return [3][3]float64{{s, 0, -s * cx}, {0, s, -s * cy}, {0, 0, 1}}, true
}

// solve8 solves the 8x8 system in the first eight columns of a for the
// ninth, as a homography with h33 = 1.
func solve8(a [8][9]float64) ([3][3]float64, bool) {
	for col := 0; col < 8; col++ {
		p := col
		for r := col + 1; r < 8; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[p][col]) {
				p = r
			}
		}
		if math.Abs(a[p][col]) < 1e-12 {
			return [3][3]float64{}, false
		}
		a[col], a[p] = a[p], a[col]
		for r := 0; r < 8; r++ {
			if r == col {
				continue
			}
			f := a[r][col] / a[col][col]
			for k := col; k < 9; k++ {
				a[r][k] -= f * a[col][k]
			}
		}
	}
	var h [3][3]float64
	for i := 0; i < 8; i++ {
		h[i/3][i%3] = a[i][8] / a[i][i]
	}
	h[2][2] = 1
	return h, true
}

func mul3(a, b [3][3]float64) [3][3]float64 {
	var r [3][3]float64
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				r[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return r
}

// squareShades reads the brightness of each of the 64 squares of the
// board at grid window (x0, y0), row by row, near its four corners, which
// pieces cover least, keeping the middle two readings; NaN where a square
// runs off the picture.
func squareShades(in *integral, inv [3][3]float64, x0, y0 int) [64]float64 {
	h := len(in.sum)/(in.w+1) - 1
	patch := func(u, v float64) (float64, bool) {
		p := apply(inv, Point{u, v})
		q := apply(inv, Point{u + 0.1, v + 0.1})
		rad := math.Max(1, math.Hypot(q.X-p.X, q.Y-p.Y)/1.5)
		xa, ya := int(p.X-rad), int(p.Y-rad)
		xb, yb := int(p.X+rad)+1, int(p.Y+rad)+1
		if xa < 0 || ya < 0 || xb > in.w || yb > h {
			return 0, false
		}
		return in.rect(xa, ya, xb, yb) / float64((xb-xa)*(yb-ya)), true
	}
	var sq [64]float64
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			var v []float64
			for _, d := range [4][2]float64{{0.2, 0.2}, {0.8, 0.2}, {0.2, 0.8}, {0.8, 0.8}} {
				if x, ok := patch(float64(x0+c)+d[0], float64(y0+r)+d[1]); ok {
					v = append(v, x)
				}
			}
			if len(v) < 4 {
				sq[r*8+c] = math.NaN()
				continue
			}
			sort.Float64s(v)
			sq[r*8+c] = (v[1] + v[2]) / 2
		}
	}
	return sq
}

// alternation is the share of the pairs of side-by-side squares in sq
// (row by row) whose difference has the sign of the board's pattern, the
// pattern taken either way round: 1 for a board's squares, about a half
// for a plain surface or a pattern of another kind. Unlike the checker's
// medians, it compares only neighbours, so that light falling off across
// a board and pieces crowding it sway it little: a pale board full of
// pieces, its checker under gridChecker, alternates in 79 and 91 of a hundred
// pairs in two held-out renders.
func alternation(sq [64]float64) float64 {
	// Half of a board's 112 pairs, as checkerOf wants 16 squares of each
	// shade: a few pairs can all agree by chance.
	const minPairs = 56
	agree, pairs := 0.0, 0
	for i, a := range sq {
		r, c := i/8, i%8
		for _, j := range [2]int{i + 1, i + 8} {
			if (j == i+1 && c == 7) || j > 63 || math.IsNaN(a) || math.IsNaN(sq[j]) {
				continue
			}
			d := a - sq[j]
			if (r+c)%2 == 1 {
				d = -d
			}
			pairs++
			switch {
			case d > 0:
				agree++
			case d == 0: // a plain surface's pairs say nothing either way
				agree += 0.5
			}
		}
	}
	if pairs < minPairs {
		return 0
	}
	f := agree / float64(pairs)
	return math.Max(f, 1-f)
}
