package assemble

import (
	"math"
)

// refitLoss bounds what fitMaterial may give up on one square. The
// repair search's bound, ln(1000), let it rewrite random placements read
// with confidence; at ln(20) it gains on photos of games and on held-out
// renders, a quarter of which are random placements, alike.
const refitLoss = 2.995732273553991 // ln(20)

// physicalLoss is the bound of a photo's second fit, when none within
// refitLoss keeps the counts. A set on a real board has one king and eight
// pawns a side, so a photo read with more is misread somewhere however
// sure the squares are, and its likeliest board that keeps the counts is
// a better guess than the reading.
const physicalLoss = 13.815510557964274 // ln(1e6)

// fitMaterial returns the most probable board whose material keeps the
// count rules: one king a side, no pawn on the first or last rank, and no
// more pawns and promoted pieces together than the eight pawns a side
// starts with (which also keeps each side to 16 pieces). Each promoted
// piece costs promotionLoss, as in fewerPromotions. A square may only
// take a class whose log probability is within bound of its most probable
// one's (refitLoss, a twentieth, but in refit's second try for photos):
// many changes are trusted only where each is in doubt. A board read
// surely that breaks the counts (a random placement, three kings drawn
// plainly) is a picture of something else, not a misreading, and false
// is returned. In a photo (see Input.Photo) the bound is from
// the most probable class the square may hold, so that no sure pawn on a
// back rank can stop the fit.
//
// The repair search changes a few squares; a reading of a hard picture
// (a photo from straight above, where bishops, queens and kings all look
// like round heads) can break the counts in ten squares at once, far out
// of its reach. The counts alone are a transportation problem, solved
// exactly as a minimum-cost flow: each square sends one unit to the class
// it is read as, and the classes' capacities are the counts. Rules that
// are not about counts (kings apart, checks) are left to the repair
// search that follows.
//
// The bound is on lp; the flow's costs are cost's (lp itself, or for a
// photo lp reweighed by trustOccupancy), so that the weights choose among
// the classes the bound lets in and do not narrow them.
func fitMaterial(lp, cost *[64][13]float64, photo bool, bound, stepCost float64) (board, bool) {
	const (
		src     = 0
		sink    = 1
		sqNode  = 2 // 64 square nodes follow
		clsNode = sqNode + 64
	)
	// Per side: a node per piece kind, bishops on light squares under the
	// bishop's kind and those on dark ones under a kind of their own
	// (7), the pool of the eight pawns that pawns and promoted pieces
	// share (6), and the eight files a pawn starts on (8-15): a pawn
	// reaches the pool through one file within as many files of its own
	// as it stands ranks from its start, each file taking one pawn, so
	// that in a photo the pawns could have got where they stand
	// (pawnCaptures; see legal). In a flat picture pawns go to the pool
	// straight, and a bishop on a dark square counts as on a light one.
	const poolKind, darkBishop, origin, perSide = 6, 7, 8, 16
	kindNode := func(white bool, kind int) int {
		n := clsNode + kind
		if !white {
			n += perSide
		}
		return n
	}
	pool := func(white bool) int { return kindNode(white, poolKind) }
	g := newFlowGraph(clsNode + 2*perSide)

	// A side without its king is worse than any reading: the king's unit
	// earns more than all squares can lose together.
	kingBonus := 64 * (-occupancyWeight*math.Log(1e-12) + promotionLoss + 1)
	initial := [8]int{pawn: 0, knight: 2, bishop: 1, rook: 2, queen: 1, darkBishop: 1}
	if !photo {
		initial[bishop], initial[darkBishop] = 2, 0
	}
	for _, white := range [2]bool{true, false} {
		g.edge(kindNode(white, king), sink, 1, -kingBonus)
		for f := range 8 {
			g.edge(kindNode(white, origin+f), pool(white), 1, 0)
		}
		for _, kind := range [...]int{knight, bishop, rook, queen, darkBishop} {
			g.edge(kindNode(white, kind), sink, initial[kind], 0)
			g.edge(kindNode(white, kind), pool(white), 8, promotionLoss)
		}
		g.edge(pool(white), sink, 8, 0)
	}
	for sq := range 64 {
		g.edge(src, sqNode+sq, 1, 0)
		backRank := sq < 8 || sq >= 56
		allowed := func(c int8) bool { return c == empty || !(backRank && kindOf(c) == pawn) }
		// In a photo the bound is from the most probable class the square
		// may hold: a pawn read there on a back rank is a misreading.
		floor := math.Inf(-1)
		for c, v := range lp[sq] {
			if allowed(int8(c)) || !photo {
				floor = math.Max(floor, v-bound)
			}
		}
		if lp[sq][empty] >= floor {
			g.edge(sqNode+sq, sink, 1, -cost[sq][empty])
		}
		for c := wPawn; c <= bKing; c++ {
			if lp[sq][c] < floor || !allowed(c) {
				continue
			}
			switch kind := kindOf(c); {
			case kind == pawn && !photo:
				g.edge(sqNode+sq, pool(isWhite(c)), 1, -cost[sq][c])
			case kind == pawn:
				f, steps := sq%8, pawnSteps(sq, isWhite(c))
				for o := max(0, f-steps); o <= min(7, f+steps); o++ {
					g.edge(sqNode+sq, kindNode(isWhite(c), origin+o), 1, -cost[sq][c]+stepCost*float64(abs(f-o)))
				}
			case kind == bishop && darkSquare(sq) && photo:
				g.edge(sqNode+sq, kindNode(isWhite(c), darkBishop), 1, -cost[sq][c])
			default:
				g.edge(sqNode+sq, kindNode(isWhite(c), kind), 1, -cost[sq][c])
			}
		}
	}
	if g.flow(src, sink, 64) < 64 {
		return board{}, false
	}

	var b board
	for sq := range 64 {
		b[sq] = empty
		for _, e := range g.out[sqNode+sq] {
			a := g.arcs[e]
			if e%2 == 1 || a.cap != 0 {
				continue // a residual twin, or an arc the flow left unused
			}
			if a.to == sink {
				break
			}
			k := a.to - clsNode
			white := k < perSide
			if !white {
				k -= perSide
			}
			switch {
			case k >= origin || k == poolKind:
				k = pawn
			case k == darkBishop:
				k = bishop
			}
			b[sq] = pieceOf(k, white)
			break
		}
	}
	return b, true
}

// flowGraph is a small minimum-cost flow network with unit-or-more
// capacities, solved by successive shortest paths (Bellman-Ford, as some
// costs are negative; the graph has no negative cycle). Costs are kept
// in whole millionths: with floating-point sums, rounding in costs some
// thousands large faked negative cycles in the residual network, and the
// search for a shortest path went round them for ever.
type flowGraph struct {
	arcs []arc
	out  [][]int // arc indices leaving each node
}

type arc struct {
	to   int
	cap  int
	cost int64
}

const (
	costScale = 1e6 // cost units per unit of a float64 cost
	unreached = math.MaxInt64
)

// newFlowGraph returns a network of n nodes and no arcs.
func newFlowGraph(n int) *flowGraph { return &flowGraph{out: make([][]int, n)} }

// edge adds an arc and its residual twin, which follows it in g.arcs.
func (g *flowGraph) edge(from, to, cap int, cost float64) {
	c := int64(math.Round(cost * costScale))
	g.out[from] = append(g.out[from], len(g.arcs))
	g.arcs = append(g.arcs, arc{to: to, cap: cap, cost: c})
	g.out[to] = append(g.out[to], len(g.arcs))
	g.arcs = append(g.arcs, arc{to: from, cap: 0, cost: -c})
}

// flow sends up to want units from s to t along cheapest paths, one unit
// at a time (every square carries one), and returns the units sent.
func (g *flowGraph) flow(s, t, want int) int {
	n := len(g.out)
	dist := make([]int64, n)
	via := make([]int, n)
	inQueue := make([]bool, n)
	sent := 0
	for sent < want {
		for i := range dist {
			dist[i], via[i] = unreached, -1
		}
		dist[s] = 0
		queue := []int{s}
		inQueue[s] = true
		for len(queue) > 0 {
			u := queue[0]
			queue = queue[1:]
			inQueue[u] = false
			for _, e := range g.out[u] {
				a := g.arcs[e]
				if a.cap > 0 && dist[u]+a.cost < dist[a.to] {
					dist[a.to], via[a.to] = dist[u]+a.cost, e
					if !inQueue[a.to] {
						queue = append(queue, a.to)
						inQueue[a.to] = true
					}
				}
			}
		}
		if via[t] < 0 {
			break
		}
		for v := t; v != s; {
			e := via[v]
			g.arcs[e].cap--
			g.arcs[e^1].cap++
			v = g.arcs[e^1].to
		}
		sent++
	}
	return sent
}

// refit is the repair of last resort: the most probable board with
// possible material, then the repair search around it for the rules that
// are not about counts, giving up no more than refitLoss in all: with
// the repair's own bound the two together reached boards that neither
// allows alone (a knights' exercise without kings got a king on a square
// read empty at 0.99, after the fit had turned a doubtful pawn into the
// other). The squares changed are counted from best. In a photo the fit
// stands even when that search fails: its material is possible, the
// reading's was not.
func refit(best board, lp *[64][13]float64, side sideReq, photo bool) (repairResult, bool) {
	cost := lp
	if photo {
		w := *lp
		trustOccupancy(&w, occupancyWeight)
		cost = &w
	}
	b, ok := fitPawns(lp, cost, photo, refitLoss)
	if !ok && photo {
		b, ok = fitPawns(lp, cost, photo, physicalLoss)
	}
	if !ok {
		return repairResult{}, false
	}
	if !legal(&b, side, photo, nil) {
		res := repair(b, lp, side, photo, refitLoss)
		switch {
		case res.found:
			b = res.board
		case !photo:
			return repairResult{}, false
		}
	}
	res := repairResult{board: b, found: true}
	for sq := range b {
		if b[sq] != best[sq] {
			res.changed = append(res.changed, sq)
		}
	}
	return res, true
}

// occupancyWeight is how many times a photo's reading of whether a square
// holds a piece counts against its reading of which piece it is. Seen from
// above, a bishop's or a queen's round head reads as a pawn's at odds of
// 100 to 1 and more, while a piece is told from an empty square almost
// without fail; at equal weights the material fit then empties a square
// read surely as a piece as readily as it turns it into another piece.
// The repair search that follows keeps the plain odds: weighed so, it
// fails to bring some boards torn on every square within its bound.
// Measured on the samryan photos shrunk and turned as users send them
// (scripts/photo_variants.py, 40 pictures): 45% -> 72.5% of boards right
// at 1.5, 2 and 3 alike; held-out renders lose a board at 2 and two at 3
// (an empty square the model reads as a piece stays one), none at 1.5.
const occupancyWeight = 1.5

// trustOccupancy reweighs each square's log probabilities as
// w log P(occupied or not) + log P(class | occupied or not).
func trustOccupancy(lp *[64][13]float64, w float64) {
	for i := range lp {
		full := math.Log(max(1-math.Exp(lp[i][empty]), 1e-12))
		for k := range lp[i] {
			if int8(k) == empty {
				lp[i][k] *= w
			} else {
				lp[i][k] += (w - 1) * full
			}
		}
	}
}

// captureSteps are the costs per file a pawn stands from its start file
// with which fitPawns tries fitMaterial, until the pawns' captures fit in
// what the other side has lost; the last is more than any square may
// give up, so that only a pawn with nothing else within bound leaves its
// file.
var captureSteps = [...]float64{0, 1, 4, 16}

// fitPawns is fitMaterial whose pawns need no more captures than the
// other side has lost pieces. The flow keeps each pawn within reach of a
// start file of its own but cannot count captures against the pieces
// left: a fit that fills both sides' sixteen men may still have its pawns
// change files, so pawns off their files are made dearer until it fits.
func fitPawns(lp, cost *[64][13]float64, photo bool, bound float64) (board, bool) {
	var b board
	for _, step := range captureSteps {
		var ok bool
		if b, ok = fitMaterial(lp, cost, photo, bound, step); !ok {
			return b, false
		}
		if !photo || pawnsFit(&b, true) && pawnsFit(&b, false) {
			break
		}
	}
	return b, true
}

// turnKing returns b with one king turned to the other side, where one
// side has no king and the other two or more, that king's square, and lp
// with that square's two kings' log probabilities swapped, so that a
// repair from the turned board takes its king as read. The king turned
// is the one whose reading (the model's, with the square prior) leans
// least against the other side's king. On an unseen design the model can
// read a side's pieces as the other's surely (scid-fantasy2's light grey
// white pieces as black): then no search within bounds turns the king,
// and an engine refuses the reading. Only one is turned: three kings of
// a side and none of the other are left to the repair. ok is false where
// the kings are not so.
func turnKing(b board, lp *[64][13]float64) (board, [64][13]float64, int, bool) {
	n := b.counts()
	var from, to int8
	switch {
	case n[wKing] == 0 && n[bKing] >= 2:
		from, to = bKing, wKing
	case n[bKing] == 0 && n[wKing] >= 2:
		from, to = wKing, bKing
	default:
		return b, [64][13]float64{}, -1, false
	}
	sq, lead := -1, math.Inf(-1)
	for i, c := range b {
		if l := lp[i][to] - lp[i][from]; c == from && l > lead {
			sq, lead = i, l
		}
	}
	turned := *lp
	turned[sq][from], turned[sq][to] = lp[sq][to], lp[sq][from]
	b[sq] = to
	return b, turned, sq, true
}
