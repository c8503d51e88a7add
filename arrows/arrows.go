// Package arrows finds the arrows that online boards draw over a position
// (lichess's and chess.com's analysis arrows, from one square's centre to
// another's, chess.com's knight's moves bent into an L) and takes them
// off again: an arrow is painted translucent, so each pixel under it is
// the board's pixel blended with the arrow's colour, and the blend can be
// undone once the colour and its weight are known. The network, reading
// one square at a time, takes a pawn with a band across its head for a
// bishop, and a queen under an arrowhead for anything.
package arrows

import (
	"cmp"
	"image"
	"math"
	"slices"

	"github.com/fenscan/fenscan/internal/colours"
)

// An Arrow is one arrow found on a board, in square units: the board's
// top-left corner is (0, 0) and its bottom-right (8, 8).
type Arrow struct {
	// From is the centre of the square the arrow starts from, To that
	// of the square at its other end, where its head is when Head.
	From, To [2]float64
	// HalfWidth is half the shaft's width.
	HalfWidth float64
	// Head says whether a head was found at To (for an arrow bent into
	// an L, also where another arrow's head hid it). Without one, From
	// and To may be either way round, and a head is taken off at both
	// ends (headed): left on an empty square, or over a pawn on a small
	// board, it reads as a piece.
	Head bool
	// A pixel p under the arrow is keep*u + paint, u the pixel beneath
	// (each channel, 0-255): keep is one less the arrow's opacity, paint
	// its colour times its opacity.
	keep  float64
	paint [3]float64
	// length and u are the distance from From to To and its direction.
	length float64
	u      [2]float64
	// legs are the two straight arrows of one bent into an L (bend),
	// none for a straight one; tail marks the first leg, whose far end
	// turns into the second rather than holding a head.
	legs []Arrow
	tail bool
}

// Thresholds, in colour distance (0-255 a channel, Euclidean) from the
// colour of a square's corners.
const (
	// plainDist is the most a pixel of a bare square strays (a JPEG's
	// ringing included).
	plainDist = 16.0
	// bandDist is the least an arrow's pixel over a bare square strays:
	// lichess's arrows (green, red, blue, yellow at opacity 0.6) stray
	// 40 and more from its boards' squares.
	bandDist = 28.0
)

// minBand is the least length, in squares, of an arrow's shaft seen over
// bare squares with bare board on both sides: a piece's straight edges
// (a rook's top) are shorter, or lack a bare board on one side.
const minBand = 0.6

// maxArrows is the most arrows looked for on one board.
const maxArrows = 4

// sides are the distances, in squares, from an arrow's axis at which the
// board on either side of a shaft is looked for: lichess's shafts are
// 0.16 of a square wide, others' wider, and a board may be outlined a
// pixel or two off.
var sides = [...]float64{0.11, 0.15, 0.19, 0.24, 0.29}

// Found is what Find found on a board: its arrows, strongest first, and
// the bare colour of each of its squares.
type Found struct {
	Arrows []Arrow
	bare   [64][3]float64
}

// Find returns the arrows drawn over board, a square colour picture of a
// flat board (8x8 squares, at least 8 pixels each).
func Find(board *image.RGBA) Found {
	b := board.Bounds()
	n := b.Dx()
	if n != b.Dy() || n < 64 {
		return Found{}
	}
	f := newField(board)
	queue := f.rank(f.candidates())
	var found []Arrow
	var taken []segment
	for len(found) < maxArrows && len(queue) > 0 {
		// Each candidate is tried once, whether it fits or not. One that
		// does not fit leaves its line to the others: sides wide enough to
		// pass a narrow piece along the axis take in its pixels, which
		// spoil the fit that narrower sides make.
		best := queue[0].segment
		queue = queue[1:]
		if f.overlaps(best.from, best.to, taken) {
			continue
		}
		a, ok := f.fit(best)
		if !ok {
			continue
		}
		a = f.bend(a)
		taken = append(taken, best)
		found = append(found, a)
		f.mask(a)
		// The mask took pixels away: the others are scored again.
		queue = f.rank(queue)
	}
	for len(found) < maxArrows {
		a, ok := f.short()
		if !ok {
			break
		}
		a = f.bend(a)
		found = append(found, a)
		f.mask(a)
	}
	return Found{Arrows: found, bare: f.bg}
}

// short looks for the best arrow one square long, to a neighbouring
// square straight or diagonal, or a knight's move long, as lichess draws
// it, straight: mostly head, it shows too little shaft over bare board
// for the search for bands, and a pawn's push, a king's step or a
// knight's move is often an engine's best move. Its head's tip lies at
// the second square's centre (lichess, chess.com), so each square and
// each way in is tried: the axis just behind the tip, over the second
// square, and the shaft's end just beyond it hold one paint (its opacity
// measured where the two squares' colours differ, assumed on a diagonal;
// where the shaft's end lies over the piece that moves, whose outline
// spoils the measure, the head's core alone fitted with an opacity
// assumed), and (shortShape) the head spreads beyond a shaft's width, the
// shaft behind it does not, and neither the axis past the tip nor the
// board well beside the head is painted; the best such head is taken.
func (f *field) short() (Arrow, bool) {
	var best Arrow
	bestScore := 0.0
	for to := range 64 {
		pb := f.centre(to)
		for _, d := range shortSteps {
			c, r := to%8-d[0], to/8-d[1]
			if !onBoard(c, r) {
				continue
			}
			pa := f.centre(r*8 + c)
			u := unit(sub(pb, pa))
			// The core of the head, on the axis over the second square, and
			// the shaft's end just beyond it: a piece on the second square
			// can look like paint, but does not reach beyond it.
			in := shortIn
			switch {
			case abs(d[0])+abs(d[1]) == 3:
				in = shortInKnight
			case d[0] != 0 && d[1] != 0:
				in = shortInDiagonal
			}
			coreOver, coreUnder, ok1 := f.shows(pb, u, shortCore)
			inOver, inUnder, ok2 := f.shows(pb, u, in)
			if !ok1 || !ok2 {
				continue
			}
			// The opacity is measured where the two squares' colours
			// differ; where the shaft's end lies over the piece that moves
			// (an engine's arrow always starts on one), the head's core
			// alone, over one square, is fitted with an opacity assumed
			// (oneColourKeeps).
			keep, paint, ok := blend(append(coreOver, inOver...), append(coreUnder, inUnder...))
			if !ok {
				keep, paint, ok = blend(coreOver, coreUnder)
			}
			if !ok || !f.apart(keep, paint) || chroma(keep, paint) < shortChroma {
				continue
			}
			a := Arrow{keep: keep, paint: paint}.straight([2]float64{pa[0] / f.sq, pa[1] / f.sq}, [2]float64{pb[0] / f.sq, pb[1] / f.sq})
			a.Head = true
			score, ok := f.shortShape(pb, u, a)
			if !ok || score <= bestScore {
				continue
			}
			// The shaft's width, over the first square: chess.com's ends
			// 0.625 of a square back from the tip, where lichess's
			// engine's head is still as wide as the stretch measured. The
			// narrower of the two that shows a shaft at all.
			nrm := [2]float64{-u[1], u[0]}
			a.HalfWidth = math.Inf(1)
			for _, back := range [2]float64{(in[0] + in[1]) / 2 * f.sq, shortShaft[0] * f.sq} {
				w := f.width([2]float64{pb[0] - u[0]*back, pb[1] - u[1]*back}, nrm, shortSide*f.sq, keep, paint)
				if w >= minShaft {
					a.HalfWidth = min(a.HalfWidth, w/2/f.sq)
				}
			}
			if math.IsInf(a.HalfWidth, 1) {
				a.HalfWidth = 0
			}
			best, bestScore = a, score
		}
	}
	return best, bestScore > 0
}

// shows returns the pixels along the axis from stretch[0] to stretch[1]
// of a square back from the tip pb of a head pointing along u that stray
// from their square's bare colour, with that colour beneath each, and
// whether nearly all of them (shortBand) stray: by more than a bare
// square's noise only, as lichess's engine arrow, pale blue, strays
// little from a blue board's dark squares.
func (f *field) shows(pb, u [2]float64, stretch [2]float64) (over, under [][3]float64, ok bool) {
	n := 0
	for s := stretch[0] * f.sq; s <= stretch[1]*f.sq; s++ {
		x, y := pb[0]-u[0]*s, pb[1]-u[1]*s
		i, in := f.at(x, y)
		if !in {
			continue
		}
		n++
		if f.dev[i] >= plainDist {
			// The pixel's own square, as its dev was measured against.
			over = append(over, f.px(i))
			under = append(under, f.bg[f.square(float64(i%f.n), float64(i/f.n))])
		}
	}
	return over, under, n > 0 && float64(len(over)) >= shortBand*float64(n)
}

// shortSteps are the ways into a square short looks at: from its
// neighbours, and a knight's move away, which lichess draws straight
// (its shaft runs over the corners of two squares between, too little of
// it over bare board for the search for bands where a piece stands by).
var shortSteps = [16][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1},
	{-1, -2}, {1, -2}, {-2, -1}, {2, -1}, {-2, 1}, {2, 1}, {-1, 2}, {1, 2}}

// shortShape says whether the paint around the tip pb of a head pointing
// along u has an arrowhead's shape, and how well: the least of the shares
// painted on the head's two wings, less the most painted of the shaft's
// sides, the axis past the tip and the board beside the head.
func (f *field) shortShape(pb, u [2]float64, a Arrow) (float64, bool) {
	// Back from the tip, and off to the left of the way back.
	back := [2]float64{-u[0], -u[1]}
	share := func(s0, s1, off float64) (float64, bool) {
		return f.stretch(pb, back, s0*f.sq, s1*f.sq, off*f.sq, a)
	}
	wings := math.Inf(1)
	for _, side := range [2]float64{-1, 1} {
		w, ok := share(shortWing[0], shortWing[1], side*shortSide)
		if !ok {
			return 0, false
		}
		wings = min(wings, w)
	}
	worst := 0.0
	for _, c := range [][3]float64{
		{shortShaft[0], shortShaft[1], shortSide}, {shortShaft[0], shortShaft[1], -shortSide},
		{shortPast[0], shortPast[1], 0},
		{shortWing[0], shortWing[1], shortOut}, {shortWing[0], shortWing[1], -shortOut},
	} {
		// A stretch that tells nothing (a piece, an arrow found) says
		// nothing against the head.
		if v, ok := share(c[0], c[1], c[2]); ok {
			worst = max(worst, v)
		}
	}
	return wings - worst, wings >= shortMin && worst <= shortMax
}

// The outline short looks at, in squares back from the tip along the axis
// (negative: past it) and off it: the head's core on the axis; its wings,
// shortSide off the axis, which lichess's heads (its players' and its
// engine's) and chess.com's spread beyond there, and their shafts do not;
// the shaft behind the head, clear of lichess's engine's head, 0.7 of a
// square long, by a little more than a pixel's shift of a board's outline
// (a stretch from 0.68 lost 13 of the 362 arrows on 300 lichess boards to
// a pixel of the head's base at its side; the shaft's width is measured
// there too, over the piece that moves where one stands); past the tip;
// and shortOut off the axis, beyond the widest head and short of the
// square's edge (at 0.5 of a square, on an arrow one square along a file
// or rank, the edge's pixels, a blend of two squares' colours, fit the
// pale blue's blend over the light one). shortIn is where the shaft's end
// is looked for over the first square, just in from its edge (chess.com's
// shafts start 3/8 of a square past the first centre), shortInDiagonal
// the same for a diagonal, shortInKnight just beyond the second square
// for a knight's move. shortBand is the least share of the core, and of
// the shaft's end, that strays from the bare square; shortMin the least
// share of each wing painted; shortMax the most of any other stretch.
// shortChroma is the least chroma of the paint's colour (lichess's and
// chess.com's arrows have 99 and more): with so little to fit, a stain on
// a printed diagram's square passed minChroma. minShaft is the least
// width, in pixels, that shows a shaft where short measures one.
var (
	shortCore       = [2]float64{0.15, 0.42}
	shortWing       = [2]float64{0.3, 0.45}
	shortShaft      = [2]float64{0.76, 0.9}
	shortPast       = [2]float64{-0.3, -0.15}
	shortIn         = [2]float64{0.53, 0.6}
	shortInDiagonal = [2]float64{0.76, 0.86}
	shortInKnight   = [2]float64{0.6, 0.7}
)

const (
	minShaft    = 1.5 // pixels
	shortChroma = 90
	shortSide   = 0.17
	shortOut    = 0.4
	shortBand   = 0.9
	shortMin    = 0.6
	shortMax    = 0.2
)

// field is a board's pixels and how far each strays from its square's
// bare colour.
type field struct {
	board *image.RGBA
	n     int
	sq    float64
	bg    [64][3]float64
	// usual is the median bare colour of each kind of square (parity).
	usual [2][3]float64
	dev   []float32
}

func newField(board *image.RGBA) *field {
	n := board.Bounds().Dx()
	f := &field{board: board, n: n, sq: float64(n) / 8, dev: make([]float32, n*n)}
	f.bareColours()
	for y := range n {
		r := min(7, int(float64(y)/f.sq))
		for x := range n {
			bg := &f.bg[r*8+min(7, int(float64(x)/f.sq))]
			p := f.px(y*n + x)
			d0, d1, d2 := p[0]-bg[0], p[1]-bg[1], p[2]-bg[2]
			f.dev[y*n+x] = float32(math.Sqrt(d0*d0 + d1*d1 + d2*d2))
		}
	}
	return f
}

// px is the colour of pixel i (row-major from the top-left).
func (f *field) px(i int) [3]float64 {
	b := f.board.Bounds()
	o := f.board.PixOffset(b.Min.X+i%f.n, b.Min.Y+i/f.n)
	return [3]float64{float64(f.board.Pix[o]), float64(f.board.Pix[o+1]), float64(f.board.Pix[o+2])}
}

// square is the square holding pixel (x, y).
func (f *field) square(x, y float64) int {
	return squareAt([2]float64{x / f.sq, y / f.sq})
}

// bareColours sets each square's bare colour from its corners: of the
// pairs of corners that agree, the one nearest the usual corner colour of
// its kind of square (a diagonal arrow covers two opposite corners of
// each square it crosses, which agree too; a highlighted square's all
// agree), else the pair that agrees best (a coordinate or a piece may
// cover the others).
func (f *field) bareColours() {
	var all [64][4][3]float64
	var corners [2][][3]float64
	b := f.board.Bounds()
	for s := range 64 {
		all[s] = colours.Corners(f.board, b.Min.X+int(float64(s%8)*f.sq), b.Min.Y+int(float64(s/8)*f.sq), int(f.sq))
		corners[parity(s)] = append(corners[parity(s)], all[s][:]...)
	}
	usual := [2][3]float64{median(corners[0]), median(corners[1])}
	for s := range 64 {
		c := all[s]
		best, spread, near := c[0], math.Inf(1), math.Inf(1)
		for i := range 4 {
			for j := i + 1; j < 4; j++ {
				var mean [3]float64
				for k := range 3 {
					mean[k] = (c[i][k] + c[j][k]) / 2
				}
				d, u := colours.Dist(c[i], c[j]), colours.Dist(mean, usual[parity(s)])
				switch {
				case d < plainDist && (spread >= plainDist || u < near):
					best, spread, near = mean, d, u
				case spread >= plainDist && d < spread:
					best, spread = mean, d
				}
			}
		}
		f.bg[s] = best
	}
	var bare [2][][3]float64
	for s := range 64 {
		bare[parity(s)] = append(bare[parity(s)], f.bg[s])
	}
	f.usual = [2][3]float64{median(bare[0]), median(bare[1])}
}

// parity is 0 for the squares of the top-left square's colour, 1 for the
// others.
func parity(s int) int { return (s/8 + s%8) % 2 }

// median is the median colour of cols (colours.Median of them all).
func median(cols [][3]float64) [3]float64 {
	idx := make([]int, len(cols))
	for i := range idx {
		idx[i] = i
	}
	return colours.Median(cols, idx)
}

// mask leaves out of later searches the pixels arrow a covers, and, when
// it has a head, a disc as wide as a head round its end square's centre
// (the head's outline is only bounded): a segment crossing it at a slant
// would see its band, and one ending at its head the head's rest.
func (f *field) mask(a Arrow) {
	reach := a.HalfWidth + headLength + edge + 0.2
	x0 := int(max(0, (min(a.From[0], a.To[0])-reach)*f.sq))
	x1 := int(min(float64(f.n), (max(a.From[0], a.To[0])+reach)*f.sq+1))
	y0 := int(max(0, (min(a.From[1], a.To[1])-reach)*f.sq))
	y1 := int(min(float64(f.n), (max(a.From[1], a.To[1])+reach)*f.sq+1))
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			q := [2]float64{float64(x) / f.sq, float64(y) / f.sq}
			if _, ok := a.zone(q, 1/f.sq); ok || a.Head && math.Hypot(q[0]-a.To[0], q[1]-a.To[1]) <= headLength {
				f.dev[y*f.n+x] = masked
			}
		}
	}
}

// masked marks a pixel of an arrow already found: neither bare nor band.
const masked float32 = -1

// at returns the index of the pixel nearest (x, y), false outside the
// board.
func (f *field) at(x, y float64) (int, bool) {
	xi, yi := int(math.Floor(x+0.5)), int(math.Floor(y+0.5))
	if xi < 0 || yi < 0 || xi >= f.n || yi >= f.n {
		return 0, false
	}
	return yi*f.n + xi, true
}

// A segment joins two squares' centres; side is the distance from its
// axis at which the board either side of the shaft was looked for.
type segment struct {
	from, to int
	side     float64
}

func (f *field) centre(s int) [2]float64 {
	return [2]float64{(float64(s%8) + 0.5) * f.sq, (float64(s/8) + 0.5) * f.sq}
}

// candidates lists the segments between two squares' centres along
// which a band over bare board might run, each with the distance from
// its axis at which the board either side of it is bare: a first walk
// looks at every third pixel, and leaves out a segment whose axis
// crosses bare board more than half as often as band (as rank scores
// it, the bare board's sides not looked at).
func (f *field) candidates() []ranked {
	var out []ranked
	var band [len(sides)]int
	for a := range 64 {
		for b := a + 1; b < 64; b++ {
			pa, pb := f.centre(a), f.centre(b)
			dx, dy := pb[0]-pa[0], pb[1]-pa[1]
			length := math.Hypot(dx, dy)
			ux, uy := dx/length, dy/length
			band = [len(sides)]int{}
			bareAxis := 0
			for t := 0.0; t <= length; t += coarseStep {
				x, y := pa[0]+ux*t, pa[1]+uy*t
				i, ok := f.at(x, y)
				if ok && bare(f.dev[i]) {
					bareAxis++
				}
				if !ok || f.dev[i] < bandDist {
					continue
				}
				for k, side := range sides {
					d := side * f.sq
					l, ok1 := f.at(x-uy*d, y+ux*d)
					r, ok2 := f.at(x+uy*d, y-ux*d)
					if ok1 && ok2 && bare(f.dev[l]) && bare(f.dev[r]) {
						band[k]++
					}
				}
			}
			for k, side := range sides {
				if float64(band[k]*coarseStep) >= minBand*f.sq/2 && band[k] > 2*bareAxis {
					out = append(out, ranked{segment: segment{from: a, to: b, side: side}, order: len(out), length: length})
				}
			}
		}
	}
	return out
}

// coarseStep is the step, in pixels, of candidates' first walk.
const coarseStep = 3

// A ranked segment is a candidate with its score (see rank), its length
// and its place among the candidates.
type ranked struct {
	segment
	score, order int
	length       float64
}

// rank scores the candidates by the band over bare board seen along them,
// less twice the bare board without one, leaves out those with too
// little band or no score, and sorts the rest best first; of two alike,
// the shorter, and of two as long, the first candidate.
func (f *field) rank(candidates []ranked) []ranked {
	out := candidates[:0]
	for _, c := range candidates {
		pa, pb := f.centre(c.from), f.centre(c.to)
		band, plain := f.walk(pa, pb, c.side*f.sq)
		c.score = band - 2*plain
		if float64(band) < minBand*f.sq || c.score <= 0 {
			continue
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b ranked) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.length, b.length), cmp.Compare(a.order, b.order))
	})
	return out
}

// walk counts, along the axis from pa to pb a pixel at a time, the points
// with bare board at distance side on both sides: those on a band (band)
// and those bare themselves (n).
func (f *field) walk(pa, pb [2]float64, side float64) (band, n int) {
	dx, dy := pb[0]-pa[0], pb[1]-pa[1]
	length := math.Hypot(dx, dy)
	ux, uy := dx/length, dy/length
	nx, ny := -uy, ux
	for t := 0.0; t <= length; t++ {
		x, y := pa[0]+ux*t, pa[1]+uy*t
		i, ok1 := f.at(x, y)
		l, ok2 := f.at(x+nx*side, y+ny*side)
		r, ok3 := f.at(x-nx*side, y-ny*side)
		if !ok1 || !ok2 || !ok3 || !bare(f.dev[l]) || !bare(f.dev[r]) || f.dev[i] == masked {
			continue
		}
		switch {
		case f.dev[i] >= bandDist:
			band++
		case bare(f.dev[i]):
			n++
		}
	}
	return band, n
}

// bare says whether a pixel straying dev from its square's colour is of
// the bare board.
func bare(dev float32) bool { return dev >= 0 && dev < plainDist }

// overlaps says whether the segment between squares a and b runs along one
// already taken: nearly parallel and close.
func (f *field) overlaps(a, b int, taken []segment) bool {
	pa, pb := f.centre(a), f.centre(b)
	for _, s := range taken {
		qa, qb := f.centre(s.from), f.centre(s.to)
		u := unit(sub(qb, qa))
		v := unit(sub(pb, pa))
		if math.Abs(cross(u, v)) > 0.1 {
			continue
		}
		mid := [2]float64{(pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2}
		if math.Abs(cross(u, sub(mid, qa))) < 0.25*f.sq {
			return true
		}
	}
	return false
}

// fit measures the arrow along segment s: its width, the blend of its
// colour (from its pixels over bare board), its ends (ends) and which of
// them holds its head.
func (f *field) fit(s segment) (Arrow, bool) {
	pa, pb := f.centre(s.from), f.centre(s.to)
	length := math.Hypot(pb[0]-pa[0], pb[1]-pa[1])
	u := unit(sub(pb, pa))
	nrm := [2]float64{-u[1], u[0]}
	side := s.side * f.sq
	var over, under [][3]float64
	var at [][2]float64
	for t := 0.0; t <= length; t++ {
		x, y := pa[0]+u[0]*t, pa[1]+u[1]*t
		i, _ := f.at(x, y)
		l, ok2 := f.at(x+nrm[0]*side, y+nrm[1]*side)
		r, ok3 := f.at(x-nrm[0]*side, y-nrm[1]*side)
		if !ok2 || !ok3 || !bare(f.dev[l]) || !bare(f.dev[r]) || f.dev[i] < bandDist {
			continue
		}
		over = append(over, f.px(i))
		under = append(under, f.bg[f.square(x, y)])
		at = append(at, [2]float64{x, y})
	}
	keep, paint, ok := blend(over, under)
	if !ok || !f.apart(keep, paint) {
		return Arrow{}, false
	}
	var widths []float64
	for i := range over {
		if residual(over[i], under[i], keep, paint) <= maxResidual {
			widths = append(widths, f.width(at[i], nrm, side, keep, paint))
		}
	}
	if len(widths) == 0 {
		return Arrow{}, false
	}
	slices.Sort(widths)
	half := widths[len(widths)/2] / 2
	a := Arrow{HalfWidth: half / f.sq, keep: keep, paint: paint}
	pa, pb = f.ends(s.from, s.to, a)
	// The head is at the end where more of a head's outline, on both
	// sides of the shaft, holds the arrow's paint.
	ha, _ := f.head(pa, u, half, a)
	hb, _ := f.head(pb, [2]float64{-u[0], -u[1]}, half, a)
	from, to := pa, pb
	if ha > hb {
		from, to = pb, pa
	}
	a = a.straight([2]float64{from[0] / f.sq, from[1] / f.sq}, [2]float64{to[0] / f.sq, to[1] / f.sq})
	a.Head = max(ha, hb) >= minHead
	return a, true
}

// bend returns a joined with the other leg of the L into which chess.com
// bends a knight's move (two squares along a file or rank, then one
// across, the head at the end), where a is one of them and the other,
// perpendicular at its end, holds a's paint (painted) and ends in a head;
// otherwise a as it is. Neither leg alone is a move, and the one-square
// leg, mostly head, is seldom found by itself.
func (f *field) bend(a Arrow) Arrow {
	from, to := a.Squares()
	p0, p1 := [2]int{from % 8, from / 8}, [2]int{to % 8, to / 8}
	d := [2]int{p1[0] - p0[0], p1[1] - p0[1]}
	if d[0] != 0 && d[1] != 0 {
		return a
	}
	n := abs(d[0]) + abs(d[1])
	step := [2]int{d[0] / n, d[1] / n}
	across := [2][2]int{{step[1], step[0]}, {-step[1], -step[0]}}
	add := func(p, q [2]int, k int) [2]int { return [2]int{p[0] + k*q[0], p[1] + k*q[1]} }
	// Each try is an L as squares (column, row): the long leg from s to
	// e, the short one on from e to t.
	type try struct{ s, e, t [2]int }
	var tries []try
	switch {
	case n == 2 && !a.Head:
		// a is the long leg: the short one turns off at either end.
		for _, se := range [2][2][2]int{{p0, p1}, {p1, p0}} {
			for _, p := range across {
				tries = append(tries, try{se[0], se[1], add(se[1], p, 1)})
			}
		}
	case n == 1:
		// a is the short leg, either way round where its head was not
		// seen: the long one comes in from across.
		ets := [][2][2]int{{p0, p1}}
		if !a.Head {
			ets = append(ets, [2][2]int{p1, p0})
		}
		for _, et := range ets {
			for _, p := range across {
				tries = append(tries, try{add(et[0], p, 2), et[0], et[1]})
			}
		}
	}
	var best try
	bestHead := 0.0
	for _, k := range tries {
		if !onBoard(k.s[0], k.s[1]) || !onBoard(k.t[0], k.t[1]) {
			continue
		}
		long, ok1 := f.painted(k.s[0], k.s[1], k.e[0], k.e[1], a, 0)
		short, ok2 := f.painted(k.e[0], k.e[1], k.t[0], k.t[1], a, 0)
		if !ok1 || !ok2 || long < 0.5 || short < 0.5 {
			continue
		}
		// Where another arrow's head hides this one's, the legs tell.
		pe, pt := f.centre(k.e[1]*8+k.e[0]), f.centre(k.t[1]*8+k.t[0])
		h, told := f.head(pt, unit(sub(pe, pt)), a.HalfWidth*f.sq, a)
		if !told {
			h = minHead
		}
		if h >= minHead && h > bestHead {
			best, bestHead = k, h
		}
	}
	if bestHead == 0 {
		return a
	}
	centre := func(q [2]int) [2]float64 { return [2]float64{float64(q[0]) + 0.5, float64(q[1]) + 0.5} }
	first := a.straight(centre(best.s), centre(best.e))
	second := a.straight(centre(best.e), centre(best.t))
	first.tail, second.Head = true, true
	bent := a.straight(first.From, second.To)
	bent.Head, bent.legs = true, []Arrow{first, second}
	return bent
}

// straight returns an arrow as wide and painted as a is, from point from
// to point to (square units), without a head: fit's, short's and bend's
// arrows are all made so.
func (a Arrow) straight(from, to [2]float64) Arrow {
	return Arrow{From: from, To: to, HalfWidth: a.HalfWidth, keep: a.keep, paint: a.paint,
		length: math.Hypot(to[0]-from[0], to[1]-from[1]), u: unit(sub(to, from))}
}

// ends returns the centres of the squares between which the arrow a,
// found between squares from and to, runs: a segment may overrun the
// arrow's end into a piece's square, whose narrow parts along its axis,
// with bare board either side, look like a band too, and fall short of
// an end whose shaft runs over pieces. Along the line through the two
// centres, each end moves to the next centre out while the axis to it
// holds the arrow's paint (painted) for the most part, of the pixels
// that tell (holds), and back while the axis to the next centre in does
// not.
func (f *field) ends(from, to int, a Arrow) (pa, pb [2]float64) {
	dc, dr := to%8-from%8, to/8-from/8
	g := gcd(abs(dc), abs(dr))
	dc, dr = dc/g, dr/g
	ca, ra, cb, rb := from%8, from/8, to%8, to/8
	// out says whether the axis from (c0, r0) to (c1, r1) holds the paint
	// for the most part, in says that it does not; where it tells nothing
	// (all pieces, or an arrow already found), the end stays. The shaft's
	// round cap reaches past its end's centre, over the piece there,
	// whose pixels near the square's colour may fit the blend: out leaves
	// it out, or a pawn's push from the second rank was taken to start on
	// the first (testdata/engine-arrow-push.png).
	trim := (a.HalfWidth + edge) * f.sq
	out := func(c0, r0, c1, r1 int) bool {
		share, told := f.painted(c0, r0, c1, r1, a, trim)
		return told && share >= 0.5
	}
	in := func(c0, r0, c1, r1 int) bool {
		share, told := f.painted(c0, r0, c1, r1, a, 0)
		return told && share < 0.5
	}
	for onBoard(cb+dc, rb+dr) && out(cb, rb, cb+dc, rb+dr) {
		cb, rb = cb+dc, rb+dr
	}
	for (cb-dc != ca || rb-dr != ra) && in(cb-dc, rb-dr, cb, rb) {
		cb, rb = cb-dc, rb-dr
	}
	for onBoard(ca-dc, ra-dr) && out(ca-dc, ra-dr, ca, ra) {
		ca, ra = ca-dc, ra-dr
	}
	for (ca+dc != cb || ra+dr != rb) && in(ca, ra, ca+dc, ra+dr) {
		ca, ra = ca+dc, ra+dr
	}
	return f.centre(ra*8 + ca), f.centre(rb*8 + cb)
}

// painted is the share of the pixels along the axis from the centre of
// square (c0, r0) to that of (c1, r1), leaving out trim pixels at each
// end (and at least half a pixel at the first), of those that tell
// (holds), that hold the arrow's paint, and whether minTold of them tell.
func (f *field) painted(c0, r0, c1, r1 int, a Arrow, trim float64) (share float64, told bool) {
	pa, pb := f.centre(r0*8+c0), f.centre(r1*8+c1)
	length := math.Hypot(pb[0]-pa[0], pb[1]-pa[1])
	return f.stretch(pa, unit(sub(pb, pa)), max(0.5, trim), length-trim, 0, a)
}

// stretch is the share of the pixels from p+t0*u up to p+t1*u (pixels),
// a pixel apart, moved off to u's left, of those that tell (holds), that
// hold the arrow's paint, and whether minTold of them tell.
func (f *field) stretch(p, u [2]float64, t0, t1, off float64, a Arrow) (share float64, told bool) {
	n, in := 0, 0
	for t := t0; t < t1; t++ {
		x, y := p[0]+u[0]*t-u[1]*off, p[1]+u[1]*t+u[0]*off
		i, ok := f.at(x, y)
		if !ok {
			continue
		}
		if painted, ok := f.holds(i, x, y, a); ok {
			n++
			if painted {
				in++
			}
		}
	}
	if n < minTold {
		return 0, false
	}
	return float64(in) / float64(n), true
}

// minTold is the least number of pixels that tell whether they hold an
// arrow's paint for a stretch of its axis to tell.
const minTold = 3

// holds says whether pixel i, at (x, y), may hold the arrow's paint, and
// whether that tells: a pixel of bare board does not hold it; over bare
// board one fits the blend; over a piece one unblends into the range of
// colours (under), which a piece's own pixels mostly leave beneath an
// arrow of some opacity. Beneath a pale one (keep above maxUnderKeep)
// most of them unblend into colours too, and a piece's pixel tells
// nothing, nor one of an arrow already found.
func (f *field) holds(i int, x, y float64, a Arrow) (painted, told bool) {
	switch d := f.dev[i]; {
	case d == masked:
		return false, false
	case bare(d):
		return false, true
	}
	p := f.px(i)
	if residual(p, f.bg[f.square(x, y)], a.keep, a.paint) <= maxResidual {
		return true, true
	}
	_, ok := a.under(p)
	return ok, a.keep <= maxUnderKeep
}

// maxUnderKeep is the most of the board an arrow may let show through for
// a piece's pixels beneath it to tell whether they hold its paint.
const maxUnderKeep = 0.5

// head is the share of the pixels where an arrow's head would spread
// beyond its shaft, near end p (the shaft running from it along back),
// that may hold the arrow's paint (holds): the less of the two sides of
// the shaft. Both lichess's head and scripts/gen_screens.py's reach from
// the end square's centre back 0.35 of a square and more, widening at a
// slope of more than a half; a piece's pixels beside a shaft's tail,
// which may unblend into colours too, seldom lie on both sides. A side
// wholly under an arrow already found is left out (an arrow crossing
// another near its head: on the generated screens three heads more were
// seen right so, and no board read worse), and told is false where both
// are (two arrows pointing at one square).
func (f *field) head(p, back [2]float64, half float64, a Arrow) (share float64, told bool) {
	var n, in, hidden [2]int
	lo, hi := headFrom*f.sq, headTo*f.sq
	for y := math.Floor(p[1] - hi); y <= p[1]+hi; y++ {
		for x := math.Floor(p[0] - hi); x <= p[0]+hi; x++ {
			d := sub([2]float64{x, y}, p)
			t, off := dot(d, back), cross(back, d)
			if t < lo || t > hi || math.Abs(off) <= half+headMargin || math.Abs(off) > headSlope*t {
				continue
			}
			i, ok := f.at(x, y)
			if !ok {
				continue
			}
			k := 0
			if off > 0 {
				k = 1
			}
			if f.dev[i] == masked {
				hidden[k]++
				continue
			}
			// A head is wide and both its sides are weighed: a pale
			// arrow's head over a piece counts what it may hold.
			painted, _ := f.holds(i, x, y, a)
			n[k]++
			if painted {
				in[k]++
			}
		}
	}
	// A side of a few pixels still tells: a wide shaft leaves little of
	// a small head beside it (gen_screens.py's, on 32-pixel squares), and
	// asking for more lost heads that were seen right.
	share = math.Inf(1)
	for k := range 2 {
		switch {
		case n[k] > 0:
			share = min(share, float64(in[k])/float64(n[k]))
		case hidden[k] == 0:
			return 0, true
		}
	}
	if math.IsInf(share, 1) {
		return 0, false
	}
	return share, true
}

// The outline within which head looks for an arrow's head: from headFrom
// to headTo of a square back from the end square's centre, out to
// headSlope times that from the axis, and more than headMargin pixels
// beyond the shaft's edge. minHead is the least share of it painted on
// both sides for a head to be taken as seen, at the end with the greater
// share even where the other's is near (a tail on a piece whose own
// colours could lie under the paint): a head left on an empty square
// reads as a piece.
const (
	headFrom   = 0.12
	headTo     = 0.42
	headSlope  = 0.55
	headMargin = 0.5
	minHead    = 0.1
)

// onBoard says whether column c, row r is a square of the board.
func onBoard(c, r int) bool { return c >= 0 && c < 8 && r >= 0 && r < 8 }

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// apart says whether the colour of paint, at opacity 1-keep, stands
// apart from the usual colours of both kinds of square: a book's ink
// marks, blurred, and its paper's stains fit a blend of the paper's own
// tones.
func (f *field) apart(keep float64, paint [3]float64) bool {
	var col [3]float64
	for c := range 3 {
		col[c] = paint[c] / (1 - keep)
	}
	return colours.Dist(col, f.usual[0]) >= minApart && colours.Dist(col, f.usual[1]) >= minApart
}

// minApart is the least colour distance between an arrow's colour and
// the usual colour of either kind of square.
const minApart = 60

// width is the shaft's width across point p (normal nrm), out to side
// each way: the sum of the shares of paint of the pixels across it, each
// measured against its square's bare colour, so that the blurred edges
// count for what they hold of the paint.
func (f *field) width(p, nrm [2]float64, side, keep float64, paint [3]float64) float64 {
	const step = 0.25
	w := 0.0
	for d := -side; d <= side; d += step {
		x, y := p[0]+nrm[0]*d, p[1]+nrm[1]*d
		i, ok := f.at(x, y)
		if !ok {
			continue
		}
		b := f.bg[f.square(x, y)]
		px := f.px(i)
		var num, den float64
		for c := range 3 {
			dc := keep*b[c] + paint[c] - b[c]
			num += (px[c] - b[c]) * dc
			den += dc * dc
		}
		if den > 0 {
			w += min(1, max(0, num/den)) * step
		}
	}
	return w
}

// blend fits, from pixels over and the bare colours under them, keep and
// paint such that over = keep*under + paint, from the median pixel over
// each of the two colours of square (a shaft's pixels by a square's edge
// are blended with the next square). Over one colour of square alone
// keep cannot be told from paint; it is then the one of oneColourKeeps
// whose blend fits and gives the most saturated colour (greatest
// chroma).
func blend(over, under [][3]float64) (keep float64, paint [3]float64, ok bool) {
	if len(over) < 4 {
		return 0, paint, false
	}
	order := make([]int, len(over))
	for i := range order {
		order[i] = i
	}
	lum := func(c [3]float64) float64 { return c[0] + c[1] + c[2] }
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(lum(under[a]), lum(under[b])) })
	cut, gap := 0, 0.0
	for k := 1; k < len(order); k++ {
		if g := lum(under[order[k]]) - lum(under[order[k-1]]); g > gap {
			cut, gap = k, g
		}
	}
	var groups [][]int
	if gap >= minShadeGap && cut >= 3 && len(order)-cut >= 3 {
		groups = [][]int{order[:cut], order[cut:]}
	} else {
		groups = [][]int{order}
	}
	var mo, mu [2][3]float64
	for g, idx := range groups {
		mo[g], mu[g] = colours.Median(over, idx), colours.Median(under, idx)
	}
	if len(groups) == 1 {
		// Every keep fits the pixels over one colour alike; arrows are
		// vivid, and the wrong keep leaves their colour greyer. The
		// paler keep magnifies the paint's colour more, and wins unless
		// it leaves the range of colours (fitted).
		best := 0.0
		for _, k := range oneColourKeeps {
			if p, fits := fitted(over, under, k, mo[0], mu[0]); fits && chroma(k, p) > best {
				keep, paint, ok, best = k, p, true, chroma(k, p)
			}
		}
		return keep, paint, ok
	}
	var num, den float64
	for c := range 3 {
		du := mu[1][c] - mu[0][c]
		num += du * (mo[1][c] - mo[0][c])
		den += du * du
	}
	keep = num / den
	paint, ok = fitted(over, under, keep, mo[0], mu[0])
	return keep, paint, ok
}

// fitted returns the paint of the blend with share keep that takes the
// bare colour mu to the median pixel mo over it, and whether the pixels
// over (bare colours under) fit that blend, and its colour is a colour,
// and a bright one.
func fitted(over, under [][3]float64, keep float64, mo, mu [3]float64) (paint [3]float64, ok bool) {
	if !(keep >= minKeep && keep <= maxKeep) { // NaN too
		return paint, false
	}
	for c := range 3 {
		paint[c] = mo[c] - keep*mu[c]
	}
	fits := 0
	for i := range over {
		if residual(over[i], under[i], keep, paint) <= maxResidual {
			fits++
		}
	}
	if float64(fits) < minFits*float64(len(over)) {
		return paint, false
	}
	// lichess's and chess.com's colours are bright; a piece's dark
	// outline along the axis, read as a band, fits a blend towards black.
	for c := range 3 {
		if col := paint[c] / (1 - keep); col < -30 || col > 285 {
			return paint, false
		}
	}
	return paint, chroma(keep, paint) >= minChroma
}

// chroma is the difference, in levels, between the strongest and the
// weakest channel of the colour of paint laid on at opacity 1-keep.
func chroma(keep float64, paint [3]float64) float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for c := range 3 {
		col := paint[c] / (1 - keep)
		lo, hi = min(lo, col), max(hi, col)
	}
	return hi - lo
}

// minKeep and maxKeep bound the share of the board that shows through an
// arrow: an arrow nearly opaque hides what it crosses, and one nearly
// clear is measured too poorly to be taken off. lichess's engine draws
// its best move at opacity 0.24 (its brush's 0.4 in a layer at 0.6).
const (
	minKeep = 0.1
	maxKeep = 0.8
)

// oneColourKeeps are the shares of the board that may show through an
// arrow drawn over squares of one colour only, where the share cannot be
// measured: the one whose blend fits and gives the most saturated colour
// (lichess's engine arrow along a diagonal of its grey-blue board, taken
// as 0.35, was a greyish blue of chroma 60-90, and was missed or left
// half on). 0.35 lies between lichess's own arrows (opacity 0.6, keep
// 0.4) and scripts/gen_screens.py's (two thirds, keep 1/3); 0.76 is
// lichess's engine arrow. Each leaves the other's pixels grey, or out of
// the range of colours.
var oneColourKeeps = [...]float64{0.35, 0.76}

// minShadeGap is the least difference, in summed channels, between the
// two colours of square an arrow crosses for its opacity to be measured.
const minShadeGap = 40

// maxResidual is how far, in levels (root mean square of the channels),
// a pixel of the arrow may stray from the fitted blend and still fit it:
// flat paint over flat squares keeps close. minFits is the share of the
// pixels along the axis that must fit: the others are those of pieces
// whose edges lie along it, or of a JPEG's ringing.
const (
	maxResidual = 20
	minFits     = 0.7
)

// minChroma is the least difference, in levels, between the strongest
// and the weakest channel of an arrow's colour.
const minChroma = 60

// residual is how far, in levels (root mean square of the channels),
// over strays from keep*under + paint.
func residual(over, under [3]float64, keep float64, paint [3]float64) float64 {
	var r float64
	for c := range 3 {
		e := over[c] - keep*under[c] - paint[c]
		r += e * e
	}
	return math.Sqrt(r / 3)
}

// under returns the colour beneath the arrow of a pixel of colour p
// (each channel 0-255, red first) wholly under its paint, and whether p
// can lie under the arrow at all: a pixel the arrow does not cover,
// unblended, mostly leaves the range of colours.
func (a Arrow) under(p [3]float64) ([3]float64, bool) {
	var u [3]float64
	for c := range 3 {
		u[c] = (p[c] - a.paint[c]) / a.keep
		if u[c] < -24 || u[c] > 279 {
			return p, false
		}
		u[c] = min(255, max(0, u[c]))
	}
	return u, true
}

// headLength and headSpread bound the head that is taken off (zone,
// mask, Bounds): from a tip a tenth of a square past the end square's
// centre, this share of a square long, widening back at this slope.
// lichess's heads (three line widths long and four wide, their tips at
// about the centre: its own arrows' 0.47 of a square long, its engine's
// 0.7) and scripts/gen_screens.py's fit inside.
const (
	headLength = 0.75
	headSpread = 0.8
)

// edge is how far, in squares, beyond an arrow's fitted outline its
// blurred edge may reach.
const edge = 0.06

// zone says whether point q (square units) lies where the arrow may have
// painted, and how much of a pixel there (pixel squares wide) its paint
// covers: on its shaft, from the distance to the shaft's edges (blurred
// over a pixel); inside its head, wholly (the head's outline is not
// measured, only bounded); on the head's edge, none.
func (a Arrow) zone(q [2]float64, pixel float64) (cover float64, ok bool) {
	if len(a.legs) > 0 {
		for _, l := range a.legs {
			if c, in := l.zone(q, pixel); in {
				cover, ok = max(cover, c), true
			}
		}
		return cover, ok
	}
	length, u := a.length, a.u
	v := sub(q, a.From)
	t, off := dot(v, u), math.Abs(cross(u, v))
	if t >= -a.HalfWidth-edge && t <= length+edge && off <= a.HalfWidth+edge {
		return min(1, max(0, (a.HalfWidth-off)/pixel+0.5)), true
	}
	if !a.Head && a.headed() && t < length/2 {
		// Either end may hold the unseen head.
		t = length - t
	}
	tip := length + 0.1
	if !a.headed() || t < tip-headLength-edge || t > tip+edge {
		return 0, false
	}
	reach := (tip - t) * headSpread
	if t >= tip-headLength && off <= reach {
		return 1, true
	}
	return 0, off <= reach+edge
}

// Opacity is the share of the arrow's colour in the pixels it covers:
// lichess draws its players' arrows at 0.6 and its engine's best move at
// 0.24, chess.com at 0.8. Over squares of one colour it is not measured
// but one of the two assumed (oneColourKeeps), whichever leaves the more
// saturated colour.
func (a Arrow) Opacity() float64 { return 1 - a.keep }

// headed says whether a head is taken off: at To where one was seen, and
// at either end where none was and the arrow is opaque enough that
// unblending leaves a piece's own pixels as they are (under).
func (a Arrow) headed() bool { return a.Head || !a.tail && a.keep <= maxUnderKeep }

// Squares returns the squares the arrow runs from and to, counted from
// the board's top-left square along its rows (0 to 63).
func (a Arrow) Squares() (from, to int) {
	return squareAt(a.From), squareAt(a.To)
}

// squareAt is the square holding point q (square units), counted from
// the board's top-left square along its rows; points off the board are
// taken to the nearest square.
func squareAt(q [2]float64) int {
	c := min(7, max(0, int(q[0])))
	r := min(7, max(0, int(q[1])))
	return r*8 + c
}

// Bounds returns the corners, in square units, of the smallest upright
// rectangle outside which the arrow paints nothing.
func (a Arrow) Bounds() (lo, hi [2]float64) {
	if len(a.legs) > 0 {
		lo, hi = a.legs[0].Bounds()
		l2, h2 := a.legs[1].Bounds()
		for k := range 2 {
			lo[k], hi[k] = min(lo[k], l2[k]), max(hi[k], h2[k])
		}
		return lo, hi
	}
	r := a.HalfWidth + edge
	if a.headed() {
		r = max(r, headLength*headSpread+edge) + 0.1
	}
	for k := range 2 {
		lo[k] = min(a.From[k], a.To[k]) - r
		hi[k] = max(a.From[k], a.To[k]) + r
	}
	return lo, hi
}

// Clean returns the colour beneath the arrows of the pixel of colour p
// (each channel 0-255, red first) at point q of the board (square
// units), the pixel pixel squares wide. A pixel of a bare square, wholly
// or partly under an arrow, takes its square's bare colour plus its own
// noise; any other pixel wholly under an arrow is unblended, where it
// can lie under it at all (under). A pixel of a piece at a shaft's
// blurred edge is left as it is: on small JPEG boards, whose colours
// smear over two or three pixels, unblending by the share painted left
// speckles of colour that read as pieces.
func (f Found) Clean(q [2]float64, pixel float64, p [3]float64) [3]float64 {
	for _, a := range f.Arrows {
		cover, ok := a.zone(q, pixel)
		if !ok {
			continue
		}
		b := f.bare[squareAt(q)]
		var d [3]float64
		for k := range 3 {
			d[k] = a.keep*b[k] + a.paint[k] - b[k]
		}
		if n2 := d[0]*d[0] + d[1]*d[1] + d[2]*d[2]; n2 >= minPaint*minPaint {
			share := ((p[0]-b[0])*d[0] + (p[1]-b[1])*d[1] + (p[2]-b[2])*d[2]) / n2
			var rest [3]float64
			for k := range 3 {
				rest[k] = p[k] - b[k] - share*d[k]
			}
			fit := bareFit * min(1, a.keep/bareKeep)
			if cover < 1 {
				fit *= 2
			}
			if share >= -0.25 && share <= 1.25 && math.Sqrt(rest[0]*rest[0]+rest[1]*rest[1]+rest[2]*rest[2]) <= fit {
				share = min(1, max(0, share))
				for k := range 3 {
					p[k] = min(255, max(0, p[k]-share*d[k]))
				}
				return p
			}
		}
		if cover == 1 {
			p, _ = a.under(p)
		}
		return p
	}
	return p
}

// minPaint is the least colour distance between a bare square and the
// same square under the arrow for a pixel's share of paint to be
// measured; bareFit is how far, in levels, a pixel of a bare square
// under some of the paint may stray from the line between the two, under
// an arrow that lets bareKeep of the board show through or more. Under
// one more opaque, the board's colour weighs less in the pixel and the
// bound shrinks with it: beneath chess.com's (keep 0.2) a dark piece's
// grey over a blue square strays no more than a bare square's noise, and
// was taken for the bare square.
const (
	minPaint = 20
	bareFit  = 14
	bareKeep = 0.4
)

func sub(a, b [2]float64) [2]float64 { return [2]float64{a[0] - b[0], a[1] - b[1]} }
func dot(a, b [2]float64) float64    { return a[0]*b[0] + a[1]*b[1] }
func cross(a, b [2]float64) float64  { return a[0]*b[1] - a[1]*b[0] }
func unit(a [2]float64) [2]float64 {
	l := math.Hypot(a[0], a[1])
	return [2]float64{a[0] / l, a[1] / l}
}
