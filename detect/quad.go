package detect

import (
	"image"
	"image/color"
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// quadOf reduces an outline to a convex quadrilateral: a board
// photographed at an angle, rotated on a page, or seen in perspective, or
// an upright frame (see upright).
func quadOf(c gocv.PointVector) (q [4]Point, ok bool) {
	peri := gocv.ArcLength(c, true)
	approx := gocv.ApproxPolyDP(c, 0.03*peri, true)
	defer approx.Close()
	if approx.Size() != 4 {
		return q, false
	}
	pts := approx.ToPoints()
	for i, p := range pts {
		q[i] = Point{float64(p.X), float64(p.Y)}
	}
	q = orderCorners(q)
	return q, convex(q)
}

// orderCorners puts four corners in the order top-left, top-right,
// bottom-right, bottom-left: clockwise from the one nearest the picture's
// top-left. Which side of a rotated board is "top" is settled later, by
// the pieces.
func orderCorners(q [4]Point) [4]Point {
	c := Centre(q)
	sort.Slice(q[:], func(i, j int) bool {
		return math.Atan2(q[i].Y-c.Y, q[i].X-c.X) < math.Atan2(q[j].Y-c.Y, q[j].X-c.X)
	})
	// Atan2 order from -pi runs clockwise in picture coordinates (y down),
	// starting left of the centre; rotate so the corner with the smallest
	// x+y comes first.
	first := 0
	for i := range q {
		if q[i].X+q[i].Y < q[first].X+q[first].Y {
			first = i
		}
	}
	var out [4]Point
	for i := range out {
		out[i] = q[(first+i)%4]
	}
	return out
}

func convex(q [4]Point) bool {
	sign := 0.0
	for i := range q {
		a, b, c := q[i], q[(i+1)%4], q[(i+2)%4]
		cross := (b.X-a.X)*(c.Y-b.Y) - (b.Y-a.Y)*(c.X-b.X)
		if cross == 0 || (sign != 0 && (cross > 0) != (sign > 0)) {
			return false
		}
		sign = cross
	}
	return true
}

// upright reports whether q is within a couple of pixels of an upright
// rectangle. The lattice search finds most boards in such outlines
// directly; they are fitted as outlines only when it finds none.
func upright(q [4]Point) bool {
	const tol = 3
	return math.Abs(q[0].Y-q[1].Y) < tol && math.Abs(q[2].Y-q[3].Y) < tol &&
		math.Abs(q[0].X-q[3].X) < tol && math.Abs(q[1].X-q[2].X) < tol
}

func dedupeQuads(qs [][4]Point) [][4]Point {
	sort.SliceStable(qs, func(i, j int) bool { return Area(qs[i]) > Area(qs[j]) })
	var out [][4]Point
	for _, q := range qs {
		dup := false
		for _, o := range out {
			if cornerDist(q, o) < 0.05*math.Sqrt(Area(o)) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, q)
		}
		if len(out) == 12 {
			break
		}
	}
	return out
}

// Area is the area of the quadrilateral q, in square pixels.
func Area(q [4]Point) float64 { return polygonArea(q[:]) }

// polygonArea is the area of the simple polygon p (the shoelace formula).
func polygonArea(p []Point) float64 {
	a := 0.0
	for i := range p {
		j := (i + 1) % len(p)
		a += p[i].X*p[j].Y - p[j].X*p[i].Y
	}
	return math.Abs(a) / 2
}

// Overlap is the area, in square pixels, that the quadrilaterals a and b
// share: a clipped by each of b's edges in turn (Sutherland-Hodgman),
// whichever way round either is wound. b must be convex; a need not be.
func Overlap(a, b [4]Point) float64 {
	poly := a[:]
	// The inside of an edge is the side b's centre lies on.
	mid := Centre(b)
	for i := range b {
		p, q := b[i], b[(i+1)%4]
		e := [2]float64{q.X - p.X, q.Y - p.Y}
		side := func(r Point) float64 { return cross2(e, [2]float64{r.X - p.X, r.Y - p.Y}) }
		sign := math.Copysign(1, side(mid))
		var out []Point
		for j, cur := range poly {
			prev := poly[(j+len(poly)-1)%len(poly)]
			sc, sp := sign*side(cur), sign*side(prev)
			if (sc >= 0) != (sp >= 0) {
				t := sp / (sp - sc)
				out = append(out, Point{prev.X + t*(cur.X-prev.X), prev.Y + t*(cur.Y-prev.Y)})
			}
			if sc >= 0 {
				out = append(out, cur)
			}
		}
		if len(out) < 3 {
			return 0
		}
		poly = out
	}
	return polygonArea(poly)
}

// within says whether p lies inside the convex quadrilateral q.
func within(q [4]Point, p Point) bool {
	var pos, neg bool
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		c := cross2([2]float64{b.X - a.X, b.Y - a.Y}, [2]float64{p.X - a.X, p.Y - a.Y})
		pos, neg = pos || c > 0, neg || c < 0
	}
	return !(pos && neg)
}

// Centre is the mean of a quadrilateral's corners.
func Centre(q [4]Point) Point {
	var c Point
	for _, p := range q {
		c.X, c.Y = c.X+p.X/4, c.Y+p.Y/4
	}
	return c
}

// InPicture reports whether every corner of the board q lies in a picture
// w by h, give or take 0.3 of a square (a board cropped tight), as the
// lattice search requires of its outlines.
func InPicture(q [4]Point, w, h int) bool {
	return inPictureBy(q, w, h, 0.3)
}

// quadOutside is how far, in squares, a board fitted inside an outline
// (fitQuads) may reach outside the picture. The outlines are the
// picture's own contours, reduced to four corners; where a board fills
// the picture, cut through one line of squares, the contour runs round
// the squares' checker and its four corners may cut across the board,
// which the fit, warped upright inside them, then leans with it: a
// lichess board cropped tight and cut on the left by 46% of a square was
// framed with a corner a whole square above the picture, every rank
// read a line off. A board cut by more than half a square is left to
// fenscan's Scan, which searches the picture again drawn out by its edge
// pixels, by a twelfth of its longer side, and frames it upright there
// (not for photos, pictures over 9 MP or PDF pages, where such a fit is
// lost; the photo sets read the same). Beyond half a
// square: the real screenshots cut on one side (scripts/cut_pictures.py)
// by 30-40%, 40-50% and 50-60% of a square read entirely right 20 -> 21,
// 18 -> 19 and 15 -> 16 of 23; the real diagrams so cut, the corner
// cuts and 3,541 other pictures read the same. At a tenth of a square,
// a cut diagram's true outline was dropped too.
const quadOutside = 0.5

// inPictureBy reports whether every corner of the board q lies in a
// picture w by h, give or take share of a square.
func inPictureBy(q [4]Point, w, h int, share float64) bool {
	m := share * LongestSide(q) / 8
	for _, p := range q {
		if p.X < -m || p.Y < -m || p.X > float64(w)+m || p.Y > float64(h)+m {
			return false
		}
	}
	return true
}

// Skew is the largest departure of the quadrilateral q's corner angles
// from a right angle, in degrees: 0 for a board seen square-on, more the
// more the camera looks at it from the side.
func Skew(q [4]Point) float64 {
	skew := 0.0
	for i := range q {
		a, b, c := q[(i+3)%4], q[i], q[(i+1)%4]
		u, v := [2]float64{a.X - b.X, a.Y - b.Y}, [2]float64{c.X - b.X, c.Y - b.Y}
		angle := math.Abs(math.Atan2(cross2(u, v), dot2(u, v))) * 180 / math.Pi
		skew = math.Max(skew, math.Abs(angle-90))
	}
	return skew
}

func cornerDist(a, b [4]Point) float64 {
	d := 0.0
	for i := range a {
		d = math.Max(d, math.Hypot(a[i].X-b[i].X, a[i].Y-b[i].Y))
	}
	return d
}

// fitQuads looks for a board inside each quadrilateral outline: the
// outline is warped to a square, where the board's lines run straight
// again, the lattice is fitted there, and its corners are mapped back.
func fitQuads(grey gocv.Mat, quads [][4]Point, found []Board, minScore float64, tr tracer) []Board {
	var out []Board
	for _, q := range quads {
		b := Board{Corners: q}
		if inside(b.bounds(), found) || inside(b.bounds(), out) {
			continue
		}
		if fb, ok := fitQuad(grey, q, minScore, tr); ok && inPictureBy(fb.Corners, grey.Cols(), grey.Rows(), quadOutside) {
			out = append(out, fb)
		}
	}
	return out
}

func fitQuad(grey gocv.Mat, q [4]Point, minScore float64, tr tracer) (Board, bool) {
	n := int(math.Min(math.Max(LongestSide(q), 128), 768))
	// The outline is usually the board's frame: leave a margin so that a
	// board inside it, or an outline just inside the board, both fit.
	m := 0.06 * float64(n)
	s := float64(n) + 2*m
	warped, inv := warpQuad(grey, q, float64(n), m)
	defer warped.Close()
	defer inv.Close()

	in, err := newTextured(warped)
	if err != nil {
		return Board{}, false
	}
	var best Board
	var g *gradients
	for _, sigma := range blurSigmas {
		g, err = newGradients(warped, sigma, g)
		if err != nil {
			return Board{}, false
		}
		b, ok := g.fit(image.Rect(0, 0, int(s), int(s)), in, maxStretch, tr)
		if !ok || b.Lattice < minScore || b.Checker < minChecker {
			continue
		}
		b.Score = math.Sqrt(b.Lattice * b.Checker)
		if b.Score > best.Score {
			best = b
		}
	}
	if best.Score == 0 {
		b, ok := outlineBoard(g, in, m, float64(n), minScore, tr)
		if !ok {
			return Board{}, false
		}
		best = b
	}
	for i, p := range best.Corners {
		best.Corners[i] = project(inv, p)
	}
	return best, true
}

// warpQuad warps the quadrilateral q of grey to an upright square n wide
// with a margin m on each side, and returns the warped picture and the
// homography that takes its points back to grey's.
func warpQuad(grey gocv.Mat, q [4]Point, n, m float64) (warped, inv gocv.Mat) {
	src := make([]gocv.Point2f, 4)
	for i, p := range q {
		src[i] = gocv.Point2f{X: float32(p.X), Y: float32(p.Y)}
	}
	dst := []gocv.Point2f{
		{X: float32(m), Y: float32(m)}, {X: float32(m + n), Y: float32(m)},
		{X: float32(m + n), Y: float32(m + n)}, {X: float32(m), Y: float32(m + n)},
	}
	sv, dv := gocv.NewPoint2fVectorFromPoints(src), gocv.NewPoint2fVectorFromPoints(dst)
	defer sv.Close()
	defer dv.Close()
	h := gocv.GetPerspectiveTransform2f(sv, dv)
	defer h.Close()
	inv = gocv.GetPerspectiveTransform2f(dv, sv)
	warped = gocv.NewMat()
	s := int(n + 2*m)
	gocv.WarpPerspectiveWithParams(grey, &warped, h, image.Pt(s, s),
		gocv.InterpolationLinear, gocv.BorderReplicate, color.RGBA{})
	return warped, inv
}

// outlineBoard takes the outline itself, the square from (m, m) n wide in
// g's picture, for the board. A board printed without lines between its
// squares, its dark squares hatched, inside a thick frame, shows the
// lattice search little but the frame's edges, which it then takes for
// lines; the outline's own squares are checked instead: their shades (or
// textures) must alternate twice as clearly as a fitted board's, as no
// fit supports them, and the edges between them stand out on the
// blurriest pass.
func outlineBoard(g *gradients, in *integral, m, n, minScore float64, tr tracer) (Board, bool) {
	step := n / 8
	checker := in.checker(m, m, step, step)
	tr.printf("  outline m=%.1f n=%.1f checker=%.2f\n", m, n, checker)
	if checker < 2*minChecker {
		return Board{}, false
	}
	r := image.Rect(int(m), int(m), int(math.Ceil(m+n)), int(math.Ceil(m+n)))
	px, py := g.profile(r, true), g.profile(r, false)
	lattice := math.Min(contrast(px, m-float64(r.Min.X), step), contrast(py, m-float64(r.Min.Y), step))
	tr.printf("  outline lattice=%.2f\n", lattice)
	if lattice < minScore {
		return Board{}, false
	}
	return Board{
		Corners: [4]Point{{m, m}, {m + n, m}, {m + n, m + n}, {m, m + n}},
		Lattice: lattice, Checker: checker, Score: math.Sqrt(lattice * checker),
	}, true
}

// project maps p through the 3x3 homography h.
func project(h gocv.Mat, p Point) Point {
	a := func(r, c int) float64 { return h.GetDoubleAt(r, c) }
	w := a(2, 0)*p.X + a(2, 1)*p.Y + a(2, 2)
	return Point{
		X: (a(0, 0)*p.X + a(0, 1)*p.Y + a(0, 2)) / w,
		Y: (a(1, 0)*p.X + a(1, 1)*p.Y + a(1, 2)) / w,
	}
}

// LongestSide is the length of the longest edge of q.
func LongestSide(q [4]Point) float64 {
	side := 0.0
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		side = math.Max(side, math.Hypot(b.X-a.X, b.Y-a.Y))
	}
	return side
}

// CornerError is how far the outline got lies from want: the largest
// distance of a corner from its counterpart over want's longest side,
// with the corners matched in the best of their eight orders (which
// corner is a8 is not detect's business).
func CornerError(got, want [4]Point) float64 {
	side := LongestSide(want)
	best := math.Inf(1)
	for rot := 0; rot < 4; rot++ {
		for _, rev := range []bool{false, true} {
			worst := 0.0
			for i := range want {
				j := (i + rot) % 4
				if rev {
					j = (4 - i + rot) % 4
				}
				worst = math.Max(worst, math.Hypot(got[j].X-want[i].X, got[j].Y-want[i].Y))
			}
			best = math.Min(best, worst/side)
		}
	}
	return best
}
