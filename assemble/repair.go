package assemble

import (
	"cmp"
	"math"
	"slices"
)

// Bounds of the repair search. A reading that breaks the rules is most
// often one or two squares confused with their runner-up class, so a few
// changes among each square's top three classes reach the true board;
// anything further off is more likely a wrong board than a fixable one.
const (
	// maxRepairChanges caps the squares one repair may change.
	maxRepairChanges = 3
	// maxRepairLoss caps the log-probability a repair may give up: the
	// repaired board is at most 1000 times less probable than the reading.
	maxRepairLoss = 6.907755278982137 // ln(1000)
	// maxRepairEvals caps the boards checked, which keeps one search
	// around a millisecond whatever the probabilities.
	maxRepairEvals = 2000
	// altsPerSquare is how many classes below the best one are tried.
	altsPerSquare = 2
	// promotionLoss is what a promoted piece costs a board: a reading that
	// needs a third rook or a second queen is taken as a misread colour or
	// piece unless the squares say it at least 20 times more surely than
	// the board without it. Promotions are rare in the positions people
	// scan, and the commonest misreading is a piece given the other
	// side's colour, which can look just like one.
	promotionLoss = 2.995732273553991 // ln(20)
)

// alt is one square read as another class, and what that costs.
type alt struct {
	sq   int16
	cls  int8
	loss float64
}

// candidate is a set of alts, as indices into the sorted alt list.
type candidate struct {
	cost float64
	n    int8
	idx  [maxRepairChanges]int16
}

// repairResult is the outcome of a repair search.
type repairResult struct {
	board   board
	changed []int // squares changed, ascending
	found   bool
	// exhausted is true when the search stopped on its budget rather
	// than on the loss bound.
	exhausted bool
}

// alternatives lists, cheapest first, the ways to read one square as a
// different class within the loss bound.
func alternatives(best *board, lp *[64][13]float64, maxLoss float64) []alt {
	var alts []alt
	for sq := range 64 {
		order := classOrder(&lp[sq])
		top := lp[sq][best[sq]]
		added := 0
		for _, c := range order {
			if added == altsPerSquare {
				break
			}
			if c == best[sq] {
				continue
			}
			added++
			if loss := top - lp[sq][c]; loss <= maxLoss {
				alts = append(alts, alt{sq: int16(sq), cls: c, loss: loss})
			}
		}
	}
	slices.SortStableFunc(alts, func(a, b alt) int { return cmp.Compare(a.loss, b.loss) })
	return alts
}

// classOrder returns class indices from most to least probable; ties keep
// the Classes order so that results do not depend on sorting details.
func classOrder(lp *[13]float64) [13]int8 {
	var o [13]int8
	for i := range o {
		o[i] = int8(i)
	}
	slices.SortStableFunc(o[:], func(a, b int8) int { return cmp.Compare(lp[b], lp[a]) })
	return o
}

// repair searches for the most probable board that keeps the rules, best
// first by lost log-probability. Sets of alternatives are enumerated in
// order of cost: each set has one parent (drop its last alt if that alt
// directly follows the one before, else step the last alt back), so every
// set is met once and never before a cheaper one, and the first legal
// board met is the best one within the bounds. It gives up at most
// maxLoss: maxRepairLoss from a reading, less after another fit.
func repair(best board, lp *[64][13]float64, side sideReq, photo bool, maxLoss float64) repairResult {
	return search(best, lp, maxLoss, func(b *board) bool { return legal(b, side, photo, nil) })
}

// fewerPromotions looks for a legal board that needs fewer promoted
// pieces than best, which is legal, giving up at most promotionLoss per
// promoted piece saved.
func fewerPromotions(best board, lp *[64][13]float64, side sideReq, photo bool) repairResult {
	k := promoted(&best, photo)
	if k == 0 {
		return repairResult{board: best}
	}
	return search(best, lp, promotionLoss*float64(k), func(b *board) bool {
		return promoted(b, photo) < k && legal(b, side, photo, nil)
	})
}

// search finds the most probable board that accept takes, changing up
// to maxRepairChanges squares and giving up at most maxLoss.
func search(best board, lp *[64][13]float64, maxLoss float64, accept func(*board) bool) repairResult {
	alts := alternatives(&best, lp, maxLoss)
	res := repairResult{board: best}
	if len(alts) == 0 {
		return res
	}
	h := candHeap{a: make([]candidate, 0, 256), bound: maxLoss}
	h.push(candidate{cost: alts[0].loss, n: 1})
	// Sets naming one square twice are skipped unchecked, so pops are
	// capped as well as checks.
	for evals, pops := 0, 0; h.len() > 0; pops++ {
		if evals >= maxRepairEvals || pops >= 4*maxRepairEvals {
			res.exhausted = true
			return res
		}
		c := h.pop()
		if next := int(c.idx[c.n-1]) + 1; next < len(alts) {
			if c.n < maxRepairChanges {
				a := c
				a.idx[a.n] = int16(next)
				a.n++
				h.pushIfWithin(a.costed(alts))
			}
			s := c
			s.idx[s.n-1] = int16(next)
			h.pushIfWithin(s.costed(alts))
		}
		b, ok := apply(best, alts, c)
		if !ok {
			continue
		}
		evals++
		if accept(&b) {
			res.board, res.found = b, true
			for i := range c.n {
				res.changed = append(res.changed, int(alts[c.idx[i]].sq))
			}
			slices.Sort(res.changed)
			return res
		}
	}
	return res
}

// costed returns the candidate with its cost summed afresh, so that no
// rounding error builds up along a chain of successors.
func (c candidate) costed(alts []alt) candidate {
	c.cost = 0
	for i := range c.n {
		c.cost += alts[c.idx[i]].loss
	}
	return c
}

// apply reads the candidate's squares as its classes; false when two of
// its alts are for the same square.
func apply(b board, alts []alt, c candidate) (board, bool) {
	var seen [64]bool
	for i := range c.n {
		a := alts[c.idx[i]]
		if seen[a.sq] {
			return b, false
		}
		seen[a.sq] = true
		b[a.sq] = a.cls
	}
	return b, true
}

// candHeap is a min-heap on cost. It is written out rather than built on
// container/heap so that pushing a candidate does not allocate.
type candHeap struct {
	a     []candidate
	bound float64
}

func (h *candHeap) len() int { return len(h.a) }

func (h *candHeap) pushIfWithin(c candidate) {
	// Successors only cost more, so a set past the bound has no
	// descendant within it.
	if c.cost <= h.bound+1e-9 && !math.IsNaN(c.cost) {
		h.push(c)
	}
}

func (h *candHeap) push(c candidate) {
	h.a = append(h.a, c)
	i := len(h.a) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(i, p) {
			break
		}
		h.a[i], h.a[p] = h.a[p], h.a[i]
		i = p
	}
}

func (h *candHeap) pop() candidate {
	top := h.a[0]
	last := len(h.a) - 1
	h.a[0] = h.a[last]
	h.a = h.a[:last]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(h.a) && h.less(l, m) {
			m = l
		}
		if r < len(h.a) && h.less(r, m) {
			m = r
		}
		if m == i {
			return top
		}
		h.a[i], h.a[m] = h.a[m], h.a[i]
		i = m
	}
}

// less orders by cost, then by the indices, so that equal costs come out
// in a fixed order.
func (h *candHeap) less(i, j int) bool {
	a, b := &h.a[i], &h.a[j]
	if a.cost != b.cost {
		return a.cost < b.cost
	}
	if a.n != b.n {
		return a.n < b.n
	}
	for k := range a.n {
		if a.idx[k] != b.idx[k] {
			return a.idx[k] < b.idx[k]
		}
	}
	return false
}
