package assemble

import "fmt"

// sideReq is what is known about the side to move while the board is
// still being chosen.
type sideReq int8

const (
	sideUnknown sideReq = iota
	sideWhite
	sideBlack
)

var (
	knightSteps = [8][2]int{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}
	kingSteps   = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
	rookDirs    = [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}
	bishopDirs  = [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}
)

func onBoard(r, c int) bool { return r >= 0 && r < 8 && c >= 0 && c < 8 }

// attackers counts the pieces of one colour that attack square sq of an
// oriented board. The chess library answers only "is the side to move in
// check" and only through a FEN round trip, too slow for the repair search
// and unable to count checkers, so the attack rules live here; a test
// checks them against the library over random games.
func attackers(b *board, sq int, byWhite bool) int {
	r, c := sq/8, sq%8
	n := 0
	// A white pawn attacks towards rank 8, that is towards row 0, so it
	// stands one row below the square it attacks.
	pr, pp := r+1, bPawn
	if byWhite {
		pp = wPawn
	} else {
		pr = r - 1
	}
	for _, dc := range [2]int{-1, 1} {
		if onBoard(pr, c+dc) && b[pr*8+c+dc] == pp {
			n++
		}
	}
	n += countSteps(b, r, c, knightSteps[:], pieceOf(knight, byWhite))
	n += countSteps(b, r, c, kingSteps[:], pieceOf(king, byWhite))
	n += countRays(b, r, c, rookDirs, pieceOf(rook, byWhite), pieceOf(queen, byWhite))
	n += countRays(b, r, c, bishopDirs, pieceOf(bishop, byWhite), pieceOf(queen, byWhite))
	return n
}

func countSteps(b *board, r, c int, steps [][2]int, p int8) int {
	n := 0
	for _, d := range steps {
		if onBoard(r+d[0], c+d[1]) && b[(r+d[0])*8+c+d[1]] == p {
			n++
		}
	}
	return n
}

func countRays(b *board, r, c int, dirs [4][2]int, p1, p2 int8) int {
	n := 0
	for _, d := range dirs {
		for rr, cc := r+d[0], c+d[1]; onBoard(rr, cc); rr, cc = rr+d[0], cc+d[1] {
			s := b[rr*8+cc]
			if s == empty {
				continue
			}
			if s == p1 || s == p2 {
				n++
			}
			break
		}
	}
	return n
}

// checkers counts the pieces giving check to the king of one colour; 0
// when that side has not exactly one king.
func checkers(b *board, white bool) int {
	k := b.find(pieceOf(king, white))
	if k < 0 {
		return 0
	}
	return attackers(b, k, !white)
}

// legal applies the rules a position reached in a game must keep. With a
// nil report it stops at the first broken rule, which keeps the repair
// search cheap; otherwise it reports every broken rule in words.
//
// A photo (of a real set) is held to what a game's history allows as well:
// pawns that could have come where they stand (pawnCaptures), and bishops
// on both colours of square (extraPieces). A flat picture is not: editors,
// drills and generated boards place pieces anywhere, and on 300 generated
// screenshots of random placements these rules cost 7 in 100 boards that
// were read right, while on photos they put back what a view from above
// confuses (samryan photos 97.19% -> 99.06% of squares, with guardedLift).
func legal(b *board, side sideReq, photo bool, report func(string)) bool {
	ok := true
	fail := func(format string, args ...any) bool {
		ok = false
		if report == nil {
			return true
		}
		report(fmt.Sprintf(format, args...))
		return false
	}
	n := b.counts()
	for _, white := range [2]bool{true, false} {
		if countRule(b, n, white, photo, fail) {
			return false
		}
	}
	for i := range 8 {
		for _, sq := range [2]int{i, 56 + i} {
			if kindOrNone(b[sq]) == pawn && fail("pawn on %s: pawns never stand on the first or last rank", squareName(sq)) {
				return false
			}
		}
	}
	for _, white := range [2]bool{true, false} {
		if photo && pawnRule(b, n, white, fail) {
			return false
		}
	}
	if n[wKing] != 1 || n[bKing] != 1 {
		return ok
	}
	wk, bk := b.find(wKing), b.find(bKing)
	if abs(wk/8-bk/8) <= 1 && abs(wk%8-bk%8) <= 1 {
		// Each king then "attacks" the other; the check rules below would
		// only repeat this.
		fail("kings on %s and %s stand next to each other", squareName(wk), squareName(bk))
		return false
	}
	wc, bc := attackers(b, wk, false), attackers(b, bk, true)
	switch {
	case wc > 0 && bc > 0:
		if fail("both kings are in check") {
			return false
		}
	case bc > 0 && side == sideWhite:
		if fail("black is in check but white is to move") {
			return false
		}
	case wc > 0 && side == sideBlack:
		if fail("white is in check but black is to move") {
			return false
		}
	}
	for _, c := range [2]struct {
		name string
		n    int
	}{{"white", wc}, {"black", bc}} {
		if c.n > 2 && fail("the %s king is attacked by %d pieces; at most two can give check", c.name, c.n) {
			return false
		}
	}
	return ok
}

// countRule checks one side's material: one king, at most 16 pieces and 8
// pawns, and no more promoted pieces than pawns gone. It returns true when
// the caller should stop.
func countRule(b *board, n [13]int, white, photo bool, fail func(string, ...any) bool) bool {
	name, base := "black", bPawn
	if white {
		name, base = "white", wPawn
	}
	count := func(kind int) int { return n[base+int8(kind)] }
	switch k := count(king); {
	case k == 0 && fail("%s has no king", name):
		return true
	case k > 1 && fail("%s has %d kings", name, k):
		return true
	}
	total := pieces(n, white)
	if total > 16 && fail("%s has %d pieces; at most 16", name, total) {
		return true
	}
	pawns := count(pawn)
	if pawns > 8 && fail("%s has %d pawns; at most 8", name, pawns) {
		return true
	}
	extra := extraPieces(b, n, white, photo)
	if pawns <= 8 && extra > 8-pawns &&
		fail("%s has %d pieces beyond the initial set but only %d pawns gone to promote", name, extra, 8-pawns) {
		return true
	}
	return false
}

// extraPieces counts one side's pieces beyond the initial set: the fewest
// that must have been promoted. A side starts with one bishop on each
// colour of square and a bishop never changes colour, so in a photo (see
// legal) a second bishop on one colour is promoted even when the other is
// gone: a photo read with both of White's bishops on light squares has
// misread a knight or a pawn as a bishop.
func extraPieces(b *board, n [13]int, white, photo bool) int {
	base := bPawn
	if white {
		base = wPawn
	}
	count := func(kind int) int { return n[base+int8(kind)] }
	extra := max(0, count(queen)-1) + max(0, count(rook)-2) + max(0, count(knight)-2)
	if !photo {
		return extra + max(0, count(bishop)-2)
	}
	light, dark := bishops(b, white)
	return extra + max(0, light-1) + max(0, dark-1)
}

// bishops counts one side's bishops on light and on dark squares.
func bishops(b *board, white bool) (light, dark int) {
	p := pieceOf(bishop, white)
	for sq, c := range b {
		switch {
		case c != p:
		case darkSquare(sq):
			dark++
		default:
			light++
		}
	}
	return light, dark
}

// darkSquare tells whether square sq of an oriented board is dark (a1 is).
func darkSquare(sq int) bool { return (sq/8+sq%8)%2 == 1 }

// promoted counts the promoted pieces a board needs, both sides.
func promoted(b *board, photo bool) int {
	n := b.counts()
	return extraPieces(b, n, true, photo) + extraPieces(b, n, false, photo)
}

// kindOrNone is kindOf that also accepts an empty square, giving -1.
func kindOrNone(c int8) int {
	if c == empty {
		return -1
	}
	return kindOf(c)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pieces counts the pieces of one colour, pawns and king included.
func pieces(n [13]int, white bool) int {
	total := 0
	for kind := pawn; kind <= king; kind++ {
		total += n[pieceOf(kind, white)]
	}
	return total
}

// pawnRule checks where one side's pawns stand (pawnCaptures) against
// what the other side has lost, once both sides' counts are possible; it
// returns true when the caller should stop.
func pawnRule(b *board, n [13]int, white bool, fail func(string, ...any) bool) bool {
	name, other, lost := "black", "white", 16-pieces(n, true)
	if white {
		name, other, lost = "white", "black", 16-pieces(n, false)
	}
	if lost < 0 || n[pieceOf(pawn, white)] > 8 {
		return false // countRule has said why
	}
	switch need := pawnCaptures(b, white); {
	case need < 0:
		return fail("%s's pawns cannot all have started on different files", name)
	case need > lost:
		return fail("%s's pawns need %d captures to stand on their files, but %s has lost only %d pieces", name, need, other, lost)
	}
	return false
}

// pawnsFit tells whether one side's pawns keep pawnRule on a board whose
// counts are possible.
func pawnsFit(b *board, white bool) bool {
	return !pawnRule(b, b.counts(), white, func(string, ...any) bool { return true })
}

// pawnSteps is how many ranks a pawn of one colour on square sq stands
// from its start rank: 0 on it, negative behind it (its own back rank).
func pawnSteps(sq int, white bool) int {
	if white {
		return 6 - sq/8 // rows run from rank 8
	}
	return sq/8 - 1
}

// pawnCaptures returns the fewest captures one side's pawns must have made
// to stand where they do, or -1 when they cannot have got there. A pawn
// leaves its file only by capturing, one file a capture, so a pawn k ranks
// from its start began at most k files away, and no two began on one
// file. A misread photo breaks this more often than the counts: a bishop
// on g2 read as a pawn beside a pawn on g3 makes two g-pawns with both
// neighbours still at home. Pawns on the first or last rank are left to
// the rule against them.
func pawnCaptures(b *board, white bool) int {
	p := pieceOf(pawn, white)
	var start uint8 // files of the pawns still on the start rank
	var moved [][2]int
	for sq, c := range b {
		if c != p {
			continue
		}
		f, steps := sq%8, pawnSteps(sq, white)
		switch {
		case steps == 0:
			start |= 1 << f
		case steps > 0:
			moved = append(moved, [2]int{f, steps})
		}
	}
	// Most boards need no capture: each moved pawn on a file of its own.
	files, own := start, true
	for _, pw := range moved {
		own = own && files&(1<<pw[0]) == 0
		files |= 1 << pw[0]
	}
	if own {
		return 0
	}
	// Otherwise the moved pawns are matched to the free files, keeping
	// the fewest captures for each set of files taken that is reached.
	type state struct {
		files uint8
		need  int8
	}
	states, next := []state{{start, 0}}, []state(nil)
	var at [256]int16 // index+1 in next of the state with those files
	for _, pw := range moved {
		f, steps := pw[0], pw[1]
		next = next[:0]
		for _, st := range states {
			for o := max(0, f-steps); o <= min(7, f+steps); o++ {
				if st.files&(1<<o) != 0 {
					continue
				}
				s := state{st.files | 1<<o, st.need + int8(abs(f-o))}
				switch i := at[s.files]; {
				case i == 0:
					next = append(next, s)
					at[s.files] = int16(len(next))
				case s.need < next[i-1].need:
					next[i-1].need = s.need
				}
			}
		}
		for _, st := range next {
			at[st.files] = 0
		}
		states, next = next, states
	}
	if len(states) == 0 {
		return -1
	}
	fewest := states[0].need
	for _, st := range states {
		fewest = min(fewest, st.need)
	}
	return int(fewest)
}
