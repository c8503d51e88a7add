package assemble

// How much the pieces must favour one reading before the picture's own
// orientation is overruled. Problem compositions and endgame studies put
// kings and pieces anywhere, so kings and officers alone never decide: the
// pawns, the one part of the army that only moves forward, must carry a
// share of the evidence on their own.
const (
	// flipMargin is the least lead, in score points, of the rotated
	// reading over the upright one.
	flipMargin = 10.0
	// pawnMargin is the least part of that lead owed to pawns.
	pawnMargin = 8.0
	// A photo's camera may stand on any side of the board, so the way the
	// picture is held says nothing of where White sits: the side the
	// pieces score best from wins, unless its pawns score worse than the
	// upright reading's. With a diagram's margins, 19 of 50 held-out
	// renders of games were read turned (88.16% of squares); without,
	// 94.81% (and 200 training renders 77.24% -> 84.20%).
	photoFlipMargin = 0.0
	photoPawnMargin = 0.0
)

// pawnRankScore scores a pawn by its rank counted from its own side (index
// 1..8): games keep most pawns on or near their start rank. Ranks 1 and 8
// never occur; the gate rejects such boards before scoring.
var pawnRankScore = [9]float64{0, -2, 1.0, 0.6, 0.3, 0, -0.3, -0.6, -2}

// kingRankScore scores a king by its rank from its own side: it stays home
// until the endgame.
var kingRankScore = [9]float64{0, 1.0, 0.5, 0, 0, 0, 0, -0.5, -1.0}

const (
	// backRankScore is for a knight, bishop, rook or queen on its own
	// first rank, where they start.
	backRankScore = 0.3
	// homeScore is for a piece on its own start square, or a king on a
	// castled square: the files tell Black's view from White's too.
	homeScore = 0.3
	// opposedScore is for each white pawn below a black pawn on the same
	// file, the order that pawns, which cannot pass each other, keep.
	opposedScore = 1.0
)

// homeKinds is the standard back rank, a-file to h-file.
var homeKinds = [8]int{rook, knight, bishop, queen, king, bishop, knight, rook}

// guessOrientation decides from the pieces of a picture-order board
// whether Black sits at the bottom. It returns the orientation, how it
// was decided ("pieces" when the evidence is clear either way, "default"
// when it is not and the picture's own orientation stands) and, decided
// by the pieces, the lead of the chosen reading in score points.
func guessOrientation(b *board) (Orientation, string, float64) {
	if !gameLike(b) {
		return WhiteBottom, "default", 0
	}
	r := board(rotated(*b))
	upAll, upPawns := gameScore(b)
	flAll, flPawns := gameScore(&r)
	switch {
	case leads(flAll-upAll, flPawns-upPawns, flipMargin, pawnMargin):
		return BlackBottom, "pieces", flAll - upAll
	case leads(upAll-flAll, upPawns-flPawns, flipMargin, pawnMargin):
		return WhiteBottom, "pieces", upAll - flAll
	}
	return WhiteBottom, "default", 0
}

// leads says whether a reading's lead over another, in all and in the
// part due to pawns, meets the margins.
func leads(all, pawns, minAll, minPawns float64) bool {
	return all >= minAll && pawns >= minPawns
}

// gameLike tells whether a board could come from a game at all; only then
// does where the pieces stand say anything about the orientation. Pawns on
// the edge rows are impossible whichever way the board is turned.
func gameLike(b *board) bool {
	n := b.counts()
	if n[wKing] != 1 || n[bKing] != 1 || n[wPawn] > 8 || n[bPawn] > 8 {
		return false
	}
	for i := range 8 {
		if kindOrNone(b[i]) == pawn || kindOrNone(b[56+i]) == pawn {
			return false
		}
	}
	return true
}

// gameScore says how much an oriented board looks like a game seen from
// White's side: the total, and the part due to pawns.
func gameScore(b *board) (total, pawns float64) {
	for sq, c := range b {
		if c == empty {
			continue
		}
		white := isWhite(c)
		rank, file := 8-sq/8, sq%8
		if !white {
			rank = 9 - rank
		}
		switch kind := kindOf(c); kind {
		case pawn:
			pawns += pawnRankScore[rank]
		case king:
			total += kingRankScore[rank]
			if rank == 1 && (file == 4 || file == 6 || file == 2 || file == 1 || file == 7) {
				total += homeScore
			}
		default:
			if rank == 1 {
				total += backRankScore
				if homeKinds[file] == kind {
					total += homeScore
				}
			}
		}
	}
	pawns += opposedScore * float64(opposedPawns(b))
	return total + pawns, pawns
}

// opposedPawns counts pairs of a white and a black pawn on one file with
// the white one lower, less the pairs the other way round.
func opposedPawns(b *board) int {
	n := 0
	for file := range 8 {
		for wr := range 8 {
			if b[wr*8+file] != wPawn {
				continue
			}
			for br := range 8 {
				if b[br*8+file] != bPawn {
					continue
				}
				if br < wr {
					n++
				} else {
					n--
				}
			}
		}
	}
	return n
}

// guessSide is guessOrientation for a board that may be seen from any
// side: upright is the board read with White at the bottom, right the
// same squares read with White at the right. Of the sides the top-left
// square's shade allows (see Input.TopLeft), the first is the default and
// the one whose pieces score best wins over it by the photo margins. A
// side the shade rules out wins only by a diagram's margins over the
// best it allows: a board laid with a light a1 is a mistake people make,
// and an opening's pieces still say where White sits. No board is ruled
// out as not game-like: a photo's reading often has a piece misread as a
// pawn on the back rank or a king as a queen, and the pawn structure
// still shows the side (pawns on the edge ranks score low either way
// round).
func guessSide(upright, right *board, topLeft Shade) (Orientation, string) {
	type option struct {
		o          Orientation
		all, pawns float64
	}
	score := func(o Orientation, b board) option {
		all, pawns := gameScore(&b)
		return option{o, all, pawns}
	}
	sides := []option{score(WhiteBottom, *upright), score(BlackBottom, rotated(*upright))}
	turned := []option{score(WhiteRight, *right), score(WhiteLeft, rotated(*right))}
	if topLeft == Dark {
		sides, turned = turned, sides
	}
	if topLeft == "" {
		sides, turned = append(sides, turned...), nil
	}
	best := sides[0]
	for _, c := range sides[1:] {
		if c.all > best.all {
			best = c
		}
	}
	by := "default"
	if best != sides[0] && leads(best.all-sides[0].all, best.pawns-sides[0].pawns, photoFlipMargin, photoPawnMargin) {
		by = "pieces"
	} else {
		best = sides[0]
	}
	for _, c := range turned {
		if leads(c.all-best.all, c.pawns-best.pawns, flipMargin, pawnMargin) {
			best, by = c, "pieces"
		}
	}
	return best.o, by
}
