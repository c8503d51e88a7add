package tint

import (
	"image"
	"image/color"
	"math"
	"slices"
)

const (
	// flatRing is the most, in grey levels, that half of the pixels of a
	// square's ring (see pieceFill) may lie from their median for the
	// square to count as one flat colour around its piece.
	flatRing = 12
	// maxTexture is the most, in grey levels, that the greys of a
	// colour's empty squares may lie from their means on average (see
	// deviation; the median over those squares) for that colour to be
	// plain (see plainColours): a book's hatching, or a texture, is not.
	maxTexture = 12
	// groundDistance is how near, in grey levels, a pixel must lie to
	// its square's colour to be ground, where it is joined to the
	// square's ring through such pixels (see pieceFill).
	groundDistance = 24
	// maxChroma is the largest difference between a pixel's red, green
	// and blue for it to count in a piece's fill (see pieceFill).
	maxChroma = 48
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

// fills returns probs with the side of each piece read doubtfully (a
// lean under sure, see whiteness) set by how light its fill is, and the
// squares whose most probable class changed. A set with no hue to go by
// still fills one side's pieces lighter than the other's: a grey black
// piece that a grey crop shows as light as a white one on a dark square
// is, beside the board's other pieces, as dark as they are. A piece's
// fill (see pieceFill) blends with its square's colour, so the two
// colours of square are taken apart: on each, the fills of the pieces
// read firmly on each side fix where that side's fills lie, and when
// they lie minShadeGap apart and few firm readings lie nearer the other
// side's (see scale), each doubtful piece whose fill lies at either end
// (see shadeLow) goes to that end's side, against its reading only when
// that reading is near even (see evenLean). The pieces on a colour of
// square that is not plain (see plainColours), or not of one colour
// around the piece, keep their readings.
//
// On 900 generated screens of 13 lichess sets (gen_screens.py seeds 1, 2
// and 4, read by `fenscan eval` with default options), 820 boards read
// entirely right before and 833 after, none lost: mostly the held-out
// fantasy set's grey bishops and pawns, which the square prior made
// white where the network was split.
func fills[P ~[13]float32](board *image.RGBA, probs [64]P) ([64]P, []Change) {
	doubtful := false
	for _, p := range probs {
		doubtful = doubtful || p[0] < occupied && math.Abs(whiteness(p)) < sure
	}
	if !doubtful {
		return probs, nil
	}
	var fill [64]float64
	var measured [64]bool
	// The fills of the pieces read firmly white and black, on each
	// colour of square.
	var whites, blacks [2][]float64
	for i, p := range probs {
		if p[0] >= occupied {
			continue
		}
		if fill[i], measured[i] = pieceFill(board, i); !measured[i] {
			continue
		}
		switch w, c := whiteness(p), colourOf(i); {
		case w >= sure:
			whites[c] = append(whites[c], fill[i])
		case w <= -sure:
			blacks[c] = append(blacks[c], fill[i])
		}
	}
	var lo, hi [2]float64
	var told [2]bool
	for c := range told {
		lo[c], hi[c], told[c] = scale(whites[c], blacks[c])
	}
	if !told[0] && !told[1] {
		return probs, nil
	}
	plain := plainColours(board, probs)
	out := probs
	var changes []Change
	for i, p := range probs {
		w, c := whiteness(p), colourOf(i)
		if !measured[i] || !told[c] || !plain[c] || math.Abs(w) >= sure {
			continue
		}
		z := (fill[i] - lo[c]) / (hi[c] - lo[c])
		toWhite := z >= shadeHigh
		if !toWhite && z > shadeLow || toWhite != (w > 0) && math.Abs(w) >= evenLean {
			continue
		}
		from := argmax(p)
		out[i] = toSide(p, toWhite)
		if to := argmax(out[i]); to != from {
			changes = append(changes, Change{Square: i, From: from, To: to})
		}
	}
	return out, changes
}

// scale returns where the fills of the pieces read firmly black and white
// lie, their medians, and whether they tell the sides apart: minGroup of
// each, minShadeGap apart, and no more than maxShadeAgainst of them
// nearer the other side's.
func scale(whites, blacks []float64) (lo, hi float64, ok bool) {
	if len(whites) < minGroup || len(blacks) < minGroup {
		return 0, 0, false
	}
	lo, hi = median(blacks), median(whites)
	if hi-lo < minShadeGap {
		return 0, 0, false
	}
	against := 0
	for _, v := range whites {
		if v-lo < hi-v {
			against++
		}
	}
	for _, v := range blacks {
		if hi-v < v-lo {
			against++
		}
	}
	return lo, hi, float64(against) <= maxShadeAgainst*float64(len(whites)+len(blacks))
}

// plainColours says, for each colour of square (see colourOf), whether
// the board's empty squares of that colour are plain: the median of their
// greys' mean deviations (see deviation) at most maxTexture. A book's
// hatched squares can leave a ring of flat paper around a piece, and its
// hatching then darkens the fill of a white piece; its empty squares show
// the hatching. A colour with no square read surely empty counts as
// plain, the rings alone telling.
func plainColours[P ~[13]float32](board *image.RGBA, probs [64]P) [2]bool {
	var devs [2][]float64
	for i, p := range probs {
		if p[0] < surelyEmpty {
			continue
		}
		if d, ok := deviation(board, i); ok {
			devs[colourOf(i)] = append(devs[colourOf(i)], d)
		}
	}
	var plain [2]bool
	for c := range plain {
		plain[c] = len(devs[c]) == 0 || median(devs[c]) <= maxTexture
	}
	return plain
}

// deviation is the mean absolute deviation of the greys of square i's
// middle (its inner two thirds, clear of a coordinate in its corner) from
// their mean.
func deviation(board *image.RGBA, i int) (float64, bool) {
	x0, y0, side, ok := square(board, i)
	if !ok {
		return 0, false
	}
	lo, hi := side/6, side-side/6
	sum, n := 0.0, 0
	for y := y0 + lo; y < y0+hi; y++ {
		for x := x0 + lo; x < x0+hi; x++ {
			sum += greyOf(board.RGBAAt(x, y))
			n++
		}
	}
	mean, dev := sum/float64(n), 0.0
	for y := y0 + lo; y < y0+hi; y++ {
		for x := x0 + lo; x < x0+hi; x++ {
			dev += math.Abs(greyOf(board.RGBAAt(x, y)) - mean)
		}
	}
	return dev / float64(n), true
}

// colourOf is square i's colour: 0 that of the board's top-left square,
// 1 the other.
func colourOf(i int) int { return (i/8 + i%8) % 2 }

// greyOf is c's grey, the mean of its channels.
func greyOf(c color.RGBA) float64 {
	return (float64(c.R) + float64(c.G) + float64(c.B)) / 3
}

// pieceFill returns the mean grey of the pixels of square i that are
// neither its ground nor strongly coloured, and false when the square is
// too small, not of one flat colour around its piece (see flatRing), or
// holds too little such ink (minInk of its inside) to be a piece. Only
// the square's inside is looked at, its edge left out: a warped board
// blends each square's edge with its neighbours. The ground's colour is
// the median grey of the inside's ring, and the ground the pixels near
// that colour (see groundDistance) joined to the ring through such
// pixels, so that a white piece's fill counts even where it matches a
// light square, enclosed by its outline. Strongly coloured pixels (see
// maxChroma) are an arrow's, a highlight's or a check's glow, not a
// black-and-white set's paint.
func pieceFill(board *image.RGBA, i int) (float64, bool) {
	x0, y0, side, ok := square(board, i)
	if !ok {
		return 0, false
	}
	// The inside: the square less its one-pixel edge.
	x0, y0, side = x0+1, y0+1, side-2
	grey := make([]float64, side*side)
	coloured := make([]bool, side*side)
	for y := range side {
		for x := range side {
			c := board.RGBAAt(x0+x, y0+y)
			grey[y*side+x] = greyOf(c)
			coloured[y*side+x] = int(max(c.R, c.G, c.B))-int(min(c.R, c.G, c.B)) > maxChroma
		}
	}
	ring := make([]int, 0, 4*side-4)
	for k := range side {
		ring = append(ring, k, (side-1)*side+k)
	}
	for k := 1; k < side-1; k++ {
		ring = append(ring, k*side, k*side+side-1)
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
		if !g && !coloured[p] {
			sum += grey[p]
			n++
		}
	}
	if float64(n) < minInk*float64(side*side) {
		return 0, false
	}
	return sum / float64(n), true
}
