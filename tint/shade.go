package tint

import (
	"image"
	"math"
	"slices"
)

const (
	// flatRing is the most, in grey levels, that half of the pixels of a
	// square's ring (see pieceFill) may differ from its median for the
	// square to count as drawn in one flat colour around its piece, and
	// the most that an empty square's greys may deviate on average from
	// their mean for its colour of square to count as plain (see
	// plainColours): a textured or hatched square has no one colour to
	// tell a piece from.
	flatRing = 12
	// groundDistance is how near, in grey levels, a pixel must lie to
	// its square's colour to be ground, where it is joined to the
	// square's border through such pixels.
	groundDistance = 24
	// minShadeGap is the least difference, in grey levels, between the
	// fills of the pieces read firmly white and of those read firmly
	// black (their medians) for the fills to tell the sides apart.
	minShadeGap = 35
	// shadeLow and shadeHigh place a doubtful piece's fill between the
	// black pieces' (0) and the white pieces' (1): at or below shadeLow it
	// is black, at or above shadeHigh white, between them not told.
	shadeLow, shadeHigh = 0.2, 0.8
	// maxShadeAgainst is the largest share of the firmly read pieces
	// whose fills may lie nearer the other side's: more, and the shades
	// are not the sides (a set whose black pieces are outlined as much
	// as filled, or arrows over many pieces).
	maxShadeAgainst = 0.1
	// evenLean is the lean under which a doubtful reading is near even:
	// only such a reading is turned against its lean by its fill.
	evenLean = 0.3
	// surelyEmpty is the probability of "empty" from which a square
	// shows its colour's ground alone (see plainColours).
	surelyEmpty = 0.9
)

// Shades returns probs with the side of each piece read doubtfully (a
// lean under sure, see whiteness) set by how light its fill is, and the
// squares whose most probable class changed. A set with no hue to go by
// (see Sides) still fills one side's pieces lighter than the other's: a
// grey black piece that a grey crop shows as light as a white one on a
// dark square is, beside the board's other pieces, as dark as they are.
// A piece's fill is the mean grey of its square inside its outline (see
// pieceFill), and blends with its square's colour, so light squares and
// dark are taken apart: on each, the fills of the pieces read firmly on
// each side fix where that side's fills lie, and when they lie
// minShadeGap apart and few firm readings lie nearer the other side's
// (see scale), each doubtful piece whose fill lies at either end (see
// shadeLow) goes to that end's side, against its reading only when that
// reading is near even (see evenLean). The pieces on a colour of square
// that is not plain (see plainColours), or not of one colour around the
// piece, keep their readings. board is the board in colour, 8 squares by
// 8, in the order of probs.
//
// On 900 generated screens of 13 lichess sets (gen_screens.py seeds 1, 2
// and 4), 820 boards read entirely right before and 830 after, none
// lost: mostly the held-out fantasy set's grey bishops and pawns, read
// white by the square prior where the network was split.
func Shades[P ~[13]float32](board *image.RGBA, probs [64]P) ([64]P, []Change) {
	out := probs
	var fill [64]float64
	var measured [64]bool
	// The firm pieces' fills on each colour of square, light squares
	// first: a piece's fill blends with its square's colour.
	var light, dark [2][]float64
	for i := range probs {
		if probs[i][0] >= occupied {
			continue
		}
		fill[i], measured[i] = pieceFill(board, i)
		if !measured[i] {
			continue
		}
		switch w, c := whiteness(probs[i]), (i/8+i%8)%2; {
		case w >= sure:
			light[c] = append(light[c], fill[i])
		case w <= -sure:
			dark[c] = append(dark[c], fill[i])
		}
	}
	var lo, hi [2]float64
	var told [2]bool
	plain := plainColours(board, probs)
	for c := range told {
		lo[c], hi[c], told[c] = scale(light[c], dark[c])
		told[c] = told[c] && plain[c]
	}
	var changes []Change
	for i := range probs {
		w, c := whiteness(probs[i]), (i/8+i%8)%2
		if !measured[i] || !told[c] || math.Abs(w) >= sure {
			continue
		}
		z := (fill[i] - lo[c]) / (hi[c] - lo[c])
		if z > shadeLow && z < shadeHigh {
			continue
		}
		if toWhite := z >= shadeHigh; toWhite != (w > 0) && math.Abs(w) >= evenLean {
			continue
		}
		from := argmax(probs[i])
		out[i] = toSide(probs[i], z >= shadeHigh)
		if to := argmax(out[i]); to != from {
			changes = append(changes, Change{Square: i, From: from, To: to})
		}
	}
	return out, changes
}

// scale returns where the fills of the pieces read firmly black (dark)
// and white (light) lie, their medians, and whether they tell the sides
// apart: minGroup of each, minShadeGap apart, and no more than
// maxShadeAgainst of them nearer the other side's.
func scale(light, dark []float64) (lo, hi float64, ok bool) {
	if len(light) < minGroup || len(dark) < minGroup {
		return 0, 0, false
	}
	lo, hi = median(dark), median(light)
	if hi-lo < minShadeGap {
		return 0, 0, false
	}
	against := 0
	for _, v := range light {
		if v-lo < hi-v {
			against++
		}
	}
	for _, v := range dark {
		if hi-v < v-lo {
			against++
		}
	}
	return lo, hi, float64(against) <= maxShadeAgainst*float64(len(light)+len(dark))
}

// plainColours says, for light squares and dark, whether the board's
// empty squares of that colour are plain: the median of their greys'
// deviations from their means at most flatRing. A book's hatched squares
// can leave a ring of flat paper around a piece, and its hatching then
// darkens the fill of a white piece; its empty squares show the hatching.
// A colour with no square read surely empty counts as plain, the rings
// alone telling.
func plainColours[P ~[13]float32](board *image.RGBA, probs [64]P) [2]bool {
	var devs [2][]float64
	for i, p := range probs {
		if p[0] < surelyEmpty {
			continue
		}
		if d, ok := deviation(board, i); ok {
			c := (i/8 + i%8) % 2
			devs[c] = append(devs[c], d)
		}
	}
	var plain [2]bool
	for c := range plain {
		plain[c] = len(devs[c]) == 0 || median(devs[c]) <= flatRing
	}
	return plain
}

// deviation is the mean absolute deviation of the greys of square i's
// middle (the inner two thirds) from their mean.
func deviation(board *image.RGBA, i int) (float64, bool) {
	side := board.Bounds().Dx() / 8
	if side < 8 {
		return 0, false
	}
	x0, y0 := board.Bounds().Min.X+i%8*side, board.Bounds().Min.Y+i/8*side
	var v []float64
	for y := y0 + side/6; y < y0+side-side/6; y++ {
		for x := x0 + side/6; x < x0+side-side/6; x++ {
			c := board.RGBAAt(x, y)
			v = append(v, (float64(c.R)+float64(c.G)+float64(c.B))/3)
		}
	}
	mean := 0.0
	for _, g := range v {
		mean += g
	}
	mean /= float64(len(v))
	dev := 0.0
	for _, g := range v {
		dev += math.Abs(g - mean)
	}
	return dev / float64(len(v)), true
}

// pieceFill returns the mean grey of the pixels of square i that are not
// its ground, and false when the square is too small, not of one flat
// colour around its piece (see flatRing), or holds too little besides
// its ground (minInk of it) to be a piece. The ground is the pixels near
// the square's colour (see groundDistance) joined to its ring through
// such pixels, so that the fill of a white piece counts even where it
// matches a light square, enclosed by its outline; its colour is the
// median grey of its ring, one pixel inside its edge, where a warped
// board blends each square with its neighbours.
func pieceFill(board *image.RGBA, i int) (float64, bool) {
	side := board.Bounds().Dx() / 8
	if side < 8 {
		return 0, false
	}
	x0, y0 := board.Bounds().Min.X+i%8*side, board.Bounds().Min.Y+i/8*side
	grey := make([]float64, side*side)
	for y := range side {
		for x := range side {
			c := board.RGBAAt(x0+x, y0+y)
			grey[y*side+x] = (float64(c.R) + float64(c.G) + float64(c.B)) / 3
		}
	}
	var ring []int
	for k := 1; k < side-1; k++ {
		ring = append(ring, side+k, (side-2)*side+k, k*side+1, k*side+side-2)
	}
	values := make([]float64, len(ring))
	for k, p := range ring {
		values[k] = grey[p]
	}
	ground := median(values)
	for k := range values {
		values[k] = math.Abs(values[k] - ground)
	}
	if median(values) > flatRing {
		return 0, false
	}
	// The ground: pixels of the square's colour reached from its border
	// through pixels of that colour.
	isGround := make([]bool, side*side)
	queue := slices.DeleteFunc(ring, func(p int) bool { return math.Abs(grey[p]-ground) > groundDistance })
	for _, p := range queue {
		isGround[p] = true
	}
	for len(queue) > 0 {
		p := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		x, y := p%side, p/side
		for _, q := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
			if q[0] < 0 || q[1] < 0 || q[0] >= side || q[1] >= side {
				continue
			}
			n := q[1]*side + q[0]
			if !isGround[n] && math.Abs(grey[n]-ground) <= groundDistance {
				isGround[n] = true
				queue = append(queue, n)
			}
		}
	}
	sum, n := 0.0, 0
	for p, g := range isGround {
		if !g {
			sum += grey[p]
			n++
		}
	}
	if float64(n) < minInk*float64(side*side) {
		return 0, false
	}
	return sum / float64(n), true
}
