// Package tint tells the two sides' pieces apart by their hues, when a
// picture draws them in two, or else by how light their fills are.
//
// The classifier reads grey crops, where a gold piece and a silver one, or
// a pink one and a blue one, can shade alike, and where it then guesses
// the side from the drawing alone. A picture in colour says more: one
// design fills all of a side's pieces with one paint. When the pieces'
// hues fall into two clear groups, and the classifier's readings already
// lean to one side in one group and to the other in the other, each
// piece's reading is settled on its group's side. Sets drawn in black and
// white (most screen sets, every book) have no hue to go by; there the
// pieces read doubtfully are settled by their fills' lightness beside the
// firmly read ones' (see fills).
package tint

import (
	"image"
	"image/color"
	"math"
	"slices"
)

const (
	// occupied is the probability of "empty" under which a square is
	// taken to hold a piece.
	occupied = 0.5
	// inkDistance is how far, in RGB (0-255 per channel, Euclidean), a
	// pixel must lie from its square's own colour to count as the
	// piece's: the square's colour, antialiased edges and JPEG noise stay
	// nearer.
	inkDistance = 48
	// minInk is the least share of a square's middle that must be the
	// piece's for its hue to be measured.
	minInk = 0.05
	// lightOffset is added to a pixel's lightness (0-255) before its hue
	// is divided by it.
	lightOffset = 64
	// minHueGap is the least distance, in the opponent-colour plane
	// (see hue), between the two groups' centres. Black and white
	// pieces differ by a few units there (the squares' colours bleed
	// into their edges): the two sides' medians by 0 to 21 on 600
	// generated screens of 13 sets (`gen_screens.py`); lichess's gold and
	// silver (firi), or its brown and cream (rhosgfx), by about fifty,
	// but by as little as 37 and 29 on the smallest boards, where blur
	// mixes the pieces' paint with the squares'. The margin is thin on
	// both sides; the readings' leans (see agree) decide the rest.
	minHueGap = 25
	// maxAcross is the farthest a piece may lie off the line through
	// the two groups' centres, as a share of the gap between them, to be
	// counted in either: farther off lies a piece whose hue something
	// else tints, such as an arrow drawn over it; it keeps its reading
	// unless its paint tells its side (see paints).
	// minOdds is the least log-likelihood ratio (4 to 1) with which a
	// piece between the groups is put in one rather than the other (see
	// twoGroups): nearer even odds its hue says nothing of its side.
	// maxLeft is the largest share of the pieces that may be left in
	// neither group; more, and the hues are not two paints.
	maxAcross = 0.35
	minOdds   = 1.4
	maxLeft   = 0.2
	// minSpread and maxSpread bound the groups' spread along the line
	// between their centres, as a share of the gap: minSpread is a
	// group's least (a flat paint puts all of a side's pieces on one
	// hue), maxSpread the most of the two together. Two groups wider
	// than that merge into each other and are not two paints.
	minSpread = 0.05
	maxSpread = 0.5
	// maxRounds bounds 2-means' rounds; a grouping not settled by then
	// is not taken.
	maxRounds = 20
	// minGroup is the fewest pieces a group needs: an endgame may leave
	// a side its king and a pawn.
	minGroup = 2
	// minAgree is the share of the grouped pieces' leans (see
	// whiteness) that must point to their group's side, and minLean how
	// far the two groups' pieces must lean on average, each group's mean
	// lean counted once (each group's a quarter of that at least: on a
	// large board the network can read one paint's pieces near even,
	// gold at 0.2 towards Black on a 219-pixel firi board, while the
	// other's are read surely; but all of it in a group holding a piece
	// read firmly against it, which more likely mixes the sides, as the
	// rest of a black-and-white set does beside an arrow's pieces).
	// Leans, not pieces, are counted, so that a few pieces read
	// doubtfully against their group (a silver pawn at 0.6 white) do not
	// outvote the sure ones.
	// Where pieces differ in hue only because an arrow is drawn over
	// some of them, the other group holds sure pieces of both sides.
	minAgree = 0.7
	minLean  = 0.2
	// leftOver is the share of a piece's probability of belonging to the
	// other side that its group leaves it: the hues settle the side,
	// while the classifier still says which piece it is.
	leftOver = 0.02
	// sure is the lean (see whiteness) from which a reading is firm. A
	// firm reading against its group stands, unless the piece's paint
	// tells its side (see paints): the hue of a piece under a coloured
	// arrow can fall in the other side's group (a blue arrow over a brown
	// piece greys it). Two firm readings against one group say that the
	// hues are not the sides, and nothing is changed: in a
	// black-and-white set with an arrow over two of one side's pieces,
	// the arrow's pieces make one group and all the rest the other,
	// which then holds the rest of the smaller side, read firmly against
	// it. On 600 generated screens, before the paints (session 23),
	// 88.3% of boards were right with 0.5 and no such check, 88.7% with
	// anything from 0.7 to 0.9 with or without it.
	sure = 0.7
	// paletteStep is the width, in levels of each of red, green and
	// blue, of the colour bins a group's palette is made of (see
	// paints): narrow enough that gold and silver, brown and cream, fall
	// in bins of their own, wide enough that most of a flat paint's
	// pixels share a bin or two (a value near a bin's edge splits
	// between two under noise, which palettePieces tolerates).
	paletteStep = 16
	// levels is the number of bins along each of red, green and blue.
	levels = 256 / paletteStep
	// palettePieces is the share of a group's pieces read on its side
	// (minGroup at least) whose ink must show a colour bin for it to be
	// in the group's palette: a paint shows on each of its side's
	// pieces, the shading and blends of one piece, or stray JPEG pixels,
	// on few.
	palettePieces = 0.3
	// minVotes is the least share of a square's middle that must be ink
	// in one palette only for the piece's paint to tell its group (at
	// 16 pixels a square, five pixels), and voteShare the share of those
	// pixels that must lie in the same one. On 600 generated screens
	// (`gen_screens.py` seeds 1 and 2), of the 2173 pieces on their
	// boards with two hue groups, 2116 were settled by their paint, none
	// on the wrong side, twelve against their hue's group or a firm
	// reading (measured before black and white were left out of the
	// palettes, see inkBin, which changed no board there). Before empty
	// squares' bins were left out, and with six pixels at least: with a
	// voteShare of 0.7 or more every piece settled was settled on its
	// true side; at 0.65, two were not, and 0.8 settled 35 fewer.
	minVotes  = 0.05
	voteShare = 0.75
)

// Change records a square whose side the colours changed (see Sides).
type Change struct {
	// Square is the index, row-major from the board picture's top-left.
	Square int
	// From and To are class indices (1-6 white, 7-12 black).
	From, To int
}

// Sides returns probs with each piece's side settled by what the picture's
// colours say, and the squares whose most probable class changed. Where the
// pieces' hues form two groups that are the sides, those settle them (see
// hues); else, as in a set drawn in black and white, the fills' lightness
// settles the pieces read doubtfully (see fills). board is the board in
// colour, 8 squares by 8, in the order of probs (class 0 empty, 1-6 white
// P N B R Q K, 7-12 black).
func Sides[P ~[13]float32](board *image.RGBA, probs [64]P) ([64]P, []Change) {
	if out, changes, ok := hues(board, probs); ok {
		return out, changes
	}
	return fills(board, probs)
}

// hues returns probs with each piece's side set by its paint (see
// paints) or, where that does not tell, by the hue group it falls in,
// the squares whose most probable class changed, and whether the hues
// were taken for the sides. A piece in neither group, or read firmly
// against its group, keeps its reading unless its paint tells. When the
// hues do not form two groups whose readings lean to the two sides,
// probs come back as they are, and false.
func hues[P ~[13]float32](board *image.RGBA, probs [64]P) ([64]P, []Change, bool) {
	out := probs
	var inks [64][]color.RGBA
	var middle int
	var seen [][2]float64
	var squares []int
	for i := range probs {
		if probs[i][0] >= occupied {
			continue
		}
		inks[i], middle = ink(board, i)
		if h, ok := hue(inks[i], middle); ok {
			seen = append(seen, h)
			squares = append(squares, i)
		}
	}
	group, ok := split(seen)
	if !ok {
		return out, nil, false
	}
	// Which side each group paints: the one its readings favour.
	var lean [2]float64
	for k, i := range squares {
		if group[k] != none {
			lean[group[k]] += whiteness(probs[i])
		}
	}
	white := 0
	if lean[1] > lean[0] {
		white = 1
	}
	if !agree(probs, squares, group, white) {
		return out, nil, false
	}
	// The paints also need the empty squares' ink (see paints), walked
	// only for boards whose hues got this far.
	for i := range probs {
		if probs[i][0] >= occupied {
			inks[i], _ = ink(board, i)
		}
	}
	paint := paints(inks, middle, probs, squares, group, white)
	var changes []Change
	for k, i := range squares {
		g := paint[k]
		if g == none {
			g = group[k]
			if g == none || toward(probs[i], g, white) <= -sure {
				continue
			}
		}
		from := argmax(probs[i])
		out[i] = toSide(probs[i], g == white)
		if to := argmax(out[i]); to != from {
			changes = append(changes, Change{Square: i, From: from, To: to})
		}
	}
	return out, changes, true
}

// hue returns the opponent-colour coordinates (red against green, yellow
// against blue) of a piece from its ink pixels (see ink) and the number of
// pixels in its square's middle: their median, and false when the ink
// is under minInk of the middle (no piece to measure). Medians, so that
// edges blended with the square and the outlines of a filled piece count
// for little.
func hue(ink []color.RGBA, middle int) ([2]float64, bool) {
	if middle == 0 || float64(len(ink)) < minInk*float64(middle) {
		return [2]float64{}, false
	}
	rg := make([]float64, len(ink))
	yb := make([]float64, len(ink))
	for k, c := range ink {
		r, g, b := float64(c.R), float64(c.G), float64(c.B)
		// Relative to the pixel's lightness, so that a piece shaded
		// from light to dark keeps one hue; the offset keeps the
		// colour fringes of near-black pixels small.
		l := (r+g+b)/3 + lightOffset
		rg[k] = 100 * (r - g) / l
		yb[k] = 100 * ((r+g)/2 - b) / l
	}
	return [2]float64{median(rg), median(yb)}, true
}

// ink returns the pixels of square i's middle that lie far from the
// square's own colour, taken from its border, and how many pixels the
// middle has (0 when the squares are too small to tell).
func ink(board *image.RGBA, i int) ([]color.RGBA, int) {
	x0, y0, side, ok := square(board, i)
	if !ok {
		return nil, 0
	}
	bg := borderColour(board, x0, y0, side)
	lo, hi := side/5, side-side/5
	var out []color.RGBA
	for y := y0 + lo; y < y0+hi; y++ {
		for x := x0 + lo; x < x0+hi; x++ {
			c := board.RGBAAt(x, y)
			r, g, b := float64(c.R), float64(c.G), float64(c.B)
			if math.Hypot(math.Hypot(r-bg[0], g-bg[1]), b-bg[2]) >= inkDistance {
				out = append(out, c)
			}
		}
	}
	return out, (hi - lo) * (hi - lo)
}

// paints returns, for each piece (squares, grouped by their hues as
// group says), the group whose paint its ink shows, or none where it does
// not tell. A piece's hue is the median of its ink, so an arrow drawn
// over much of it moves the hue off its group's, or into the other's;
// but the pixels the arrow leaves clear keep the paint's colours. A
// group's palette is the colour bins (see paletteStep) shown by the ink
// of palettePieces of its pieces read on its side; left out of both are
// the bins both palettes hold (outlines, edges blended with the squares)
// and those shown on an empty square (arrows, rings and coordinates,
// which cross empty squares too: an arrow drawn over several of one
// side's pieces would otherwise enter its palette). A piece goes to the
// group whose palette holds voteShare of its ink that lies in one
// palette only, when that ink is minVotes of the square's middle at
// least. Near-black and near-white greys are in no palette (see inkBin).
// Without two pieces read on each group's side, a palette would be empty
// and the other group's would take the outlines both share: nothing is
// told.
func paints[P ~[13]float32](inks [64][]color.RGBA, middle int, probs [64]P, squares, group []int, white int) []int {
	paint := make([]int, len(squares))
	for k := range paint {
		paint[k] = none
	}
	// shown counts, per bin, the pieces of each group that show it;
	// stamp marks the bins counted for the piece at hand.
	var shown [2][levels * levels * levels]int
	var stamp [levels * levels * levels]int
	var pieces [2]int
	for k, i := range squares {
		g := group[k]
		if g == none || toward(probs[i], g, white) <= 0 {
			continue
		}
		pieces[g]++
		for _, c := range inks[i] {
			if b := bin(c); stamp[b] != k+1 {
				stamp[b] = k + 1
				shown[g][b]++
			}
		}
	}
	if pieces[0] < minGroup || pieces[1] < minGroup || middle == 0 {
		return paint
	}
	var need [2]int
	for g := range need {
		need[g] = max(minGroup, int(math.Ceil(palettePieces*float64(pieces[g]))))
	}
	var in [levels * levels * levels]int8 // 1 or 2: that group's palette alone
	for b := range in {
		if inkBin(b) {
			continue
		}
		switch a, c := shown[0][b] >= need[0], shown[1][b] >= need[1]; {
		case a && !c:
			in[b] = 1
		case c && !a:
			in[b] = 2
		}
	}
	for i := range probs {
		if probs[i][0] >= occupied {
			for _, c := range inks[i] {
				in[bin(c)] = 0
			}
		}
	}
	for k, i := range squares {
		var votes [3]int
		for _, c := range inks[i] {
			votes[in[bin(c)]]++
		}
		all := float64(votes[1] + votes[2])
		switch {
		case all < minVotes*float64(middle):
		case float64(votes[1]) >= voteShare*all:
			paint[k] = 0
		case float64(votes[2]) >= voteShare*all:
			paint[k] = 1
		}
	}
	return paint
}

// bin is the colour bin (see paletteStep) that c falls in.
func bin(c color.RGBA) int {
	return (int(c.R)/paletteStep*levels+int(c.G)/paletteStep)*levels + int(c.B)/paletteStep
}

// inkBin says whether colour bin b is near-black or near-white grey: the
// outlines and fills of a black-and-white set, which are no paint. In such
// a set with an arrow drawn over some of one side's pieces, the other
// side's outline would otherwise be the black pieces' palette alone, and
// a white piece, its fill in neither palette, would go to Black by its
// outline. Silver (about 185, 185, 195) is not so grey or light.
func inkBin(b int) bool {
	r, g, bl := b/(levels*levels), b/levels%levels, b%levels
	grey := max(r, g, bl)-min(r, g, bl) <= 1
	return grey && (max(r, g, bl) < 48/paletteStep || min(r, g, bl) >= 224/paletteStep)
}

// square returns the top-left corner of square i of board and its side,
// in pixels, and false when the squares are too small to tell anything.
func square(board *image.RGBA, i int) (x0, y0, side int, ok bool) {
	side = board.Bounds().Dx() / 8
	if side < 8 {
		return 0, 0, 0, false
	}
	return board.Bounds().Min.X + i%8*side, board.Bounds().Min.Y + i/8*side, side, true
}

// borderColour is the median colour of the one-pixel ring around a square.
func borderColour(board *image.RGBA, x0, y0, side int) [3]float64 {
	var ch [3][]float64
	add := func(x, y int) {
		c := board.RGBAAt(x, y)
		ch[0], ch[1], ch[2] = append(ch[0], float64(c.R)), append(ch[1], float64(c.G)), append(ch[2], float64(c.B))
	}
	for k := 0; k < side; k++ {
		add(x0+k, y0)
		add(x0+k, y0+side-1)
		add(x0, y0+k)
		add(x0+side-1, y0+k)
	}
	return [3]float64{median(ch[0]), median(ch[1]), median(ch[2])}
}

// split divides points into two groups and says whether they are
// distinct (see twoGroups). The grouping is sought from each point paired
// with the point farthest from it, and again with the farthest of the
// points nearer to it than to that one, each pair of hues once; the one
// that keeps the most points in a group is taken, the narrower of two
// that keep as many. Started only from the two points farthest apart of
// all, it began from a piece an arrow tints whenever the picture had one,
// and rarely found the two sides; the farthest point from every piece can
// be that one too, hence the second seed, which stays on the pieces' side
// of it. Every pair would cost the square of the pieces' count in runs.
func split(pts [][2]float64) ([]int, bool) {
	if len(pts) < 2*minGroup {
		return nil, false
	}
	var best []int
	bestKept, bestWidth := 0, 0.0
	tried := map[[2][2]float64]bool{}
	try := func(p, q [2]float64) {
		seed := [2][2]float64{p, q}
		if q[0] < p[0] || q[0] == p[0] && q[1] < p[1] {
			seed = [2][2]float64{q, p}
		}
		if dist(p, q) < minHueGap || tried[seed] {
			return
		}
		tried[seed] = true
		group, kept, width, ok := twoGroups(pts, seed)
		if !ok {
			return
		}
		if kept > bestKept || kept == bestKept && width < bestWidth {
			best, bestKept, bestWidth = group, kept, width
		}
	}
	for a := range pts {
		far, farD := a, 0.0
		for k := range pts {
			if d := dist(pts[a], pts[k]); d > farD {
				far, farD = k, d
			}
		}
		near, nearD := a, 0.0
		for k := range pts {
			if d := dist(pts[a], pts[k]); d < dist(pts[far], pts[k]) && d > nearD {
				near, nearD = k, d
			}
		}
		try(pts[a], pts[far])
		try(pts[a], pts[near])
	}
	return best, best != nil
}

// twoGroups divides points into two groups, started from the centres c,
// and says whether they are distinct: far enough apart, narrow against
// their gap, each large enough, few points left out, and settled within
// maxRounds. A paint's pieces lie along the line between the groups'
// centres more than across it: a gold piece shaded from light to dark is
// as gold, only more or less so, and a small board's blur pulls some
// pieces' hues towards the squares'. So a point between the centres goes
// to the group it is likelier to belong to by its place along that line,
// measured against each group's own spread there (silver pieces lie
// tight, gold ones spread), and a point beyond a centre to that centre's
// group, whatever the other's spread; a point about as likely in either,
// or far off the line, is in neither, so that a piece an arrow tints
// across the line moves no centre. It returns the groups, how many points
// they hold, and their width: the two groups' spreads along the line
// added, as a share of the gap between their centres.
func twoGroups(pts [][2]float64, c [2][2]float64) (group []int, kept int, width float64, ok bool) {
	group = make([]int, len(pts))
	along := make([]float64, len(pts))
	spread := [2]float64{0.5, 0.5}
	for range maxRounds {
		gap := dist(c[0], c[1])
		// Far under the gap wanted, the run cannot end with one: stop
		// it early.
		if gap < minHueGap/2.0 {
			return nil, 0, 0, false
		}
		axis := [2]float64{(c[1][0] - c[0][0]) / gap, (c[1][1] - c[0][1]) / gap}
		logSpread := [2]float64{math.Log(spread[0]), math.Log(spread[1])}
		var sum [2][2]float64
		var n [2]int
		for k, p := range pts {
			d := [2]float64{p[0] - c[0][0], p[1] - c[0][1]}
			along[k] = (d[0]*axis[0] + d[1]*axis[1]) / gap
			var like [2]float64
			for g := range like {
				z := (along[k] - float64(g)) / spread[g]
				like[g] = -z*z/2 - logSpread[g]
			}
			g := 0
			if like[1] > like[0] {
				g = 1
			}
			switch {
			case math.Abs(d[0]*axis[1]-d[1]*axis[0])/gap > maxAcross:
				g = none
			case along[k] < 0:
				g = 0
			case along[k] > 1:
				g = 1
			case math.Abs(like[1]-like[0]) < minOdds:
				g = none
			}
			group[k] = g
			if g != none {
				sum[g][0] += p[0]
				sum[g][1] += p[1]
				n[g]++
			}
		}
		if n[0] < minGroup || n[1] < minGroup {
			return nil, 0, 0, false
		}
		next := c
		for g := range next {
			next[g] = [2]float64{sum[g][0] / float64(n[g]), sum[g][1] / float64(n[g])}
		}
		// Each group's spread along the line, about its centre (at 0
		// and 1 along it), with a floor: a design drawn in flat paint
		// puts all of a side's pieces on one hue.
		var dev [2]float64
		for k, g := range group {
			if g != none {
				dev[g] += math.Abs(along[k] - float64(g))
			}
		}
		var nextSpread [2]float64
		for g := range nextSpread {
			nextSpread[g] = max(dev[g]/float64(n[g]), minSpread)
		}
		if next != c || nextSpread != spread {
			c, spread = next, nextSpread
			continue
		}
		// Settled: the groups, centres and spreads agree.
		left := len(pts) - n[0] - n[1]
		width = spread[0] + spread[1]
		if gap < minHueGap || width > maxSpread || float64(left) > maxLeft*float64(len(pts)) {
			return nil, 0, 0, false
		}
		return group, len(pts) - left, width, true
	}
	return nil, 0, 0, false
}

// none marks a piece that belongs to neither group.
const none = -1

// agree says whether the groups' pieces lean, as read, to their groups'
// sides: the two groups' on average by minLean (each by a quarter of
// that, or by all of it if it holds a firm reading against it), and
// minAgree of all their leans together, with no group holding two pieces
// read firmly (see sure) against it.
func agree[P ~[13]float32](probs [64]P, squares, group []int, white int) bool {
	var lean, n, firm [2]float64
	var yes, all float64
	for k, i := range squares {
		g := group[k]
		if g == none {
			continue
		}
		w := toward(probs[i], g, white)
		if w <= -sure {
			firm[g]++
		}
		lean[g] += w
		n[g]++
		all += math.Abs(w)
		yes += max(w, 0)
	}
	for g := range n {
		if firm[g] >= 2 {
			return false
		}
		// The relaxed floor is for a paint read near even, not for a
		// group that mixes the sides: one firm reading against it, and
		// it must lean by minLean itself.
		if lean[g] < minLean/4*n[g] || firm[g] > 0 && lean[g] < minLean*n[g] {
			return false
		}
	}
	if (lean[0]/n[0]+lean[1]/n[1])/2 < minLean {
		return false
	}
	return all > 0 && yes >= minAgree*all
}

// toward is how much a square's reading leans to the side that group g
// paints, white being the group that paints white (see whiteness).
func toward[P ~[13]float32](p P, g, white int) float64 {
	if g == white {
		return whiteness(p)
	}
	return -whiteness(p)
}

// whiteness is how much more probable white pieces are than black ones on
// a square, as a share of its piece probability: 1 surely white, -1
// surely black.
func whiteness[P ~[13]float32](p P) float64 {
	var w, b float64
	for k := 1; k <= 6; k++ {
		w += float64(p[k])
		b += float64(p[k+6])
	}
	if w+b == 0 {
		return 0
	}
	return (w - b) / (w + b)
}

// toSide moves a square's probability of a piece of the other side to
// the same piece of the given side, but for leftOver.
func toSide[P ~[13]float32](p P, white bool) P {
	out := p
	own, other := 1, 7
	if !white {
		own, other = 7, 1
	}
	for k := range 6 {
		moved := p[other+k] * (1 - leftOver)
		out[own+k] += moved
		out[other+k] -= moved
	}
	return out
}

func argmax[P ~[13]float32](p P) int {
	best := 0
	for k := range p {
		if p[k] > p[best] {
			best = k
		}
	}
	return best
}

func dist(a, b [2]float64) float64 { return math.Hypot(a[0]-b[0], a[1]-b[1]) }

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}
