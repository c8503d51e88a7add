package assemble

import "math"

// The square prior: where pieces stand in real games (squareLift, made by
// internal/priorgen from 10,000 lichess games). The model reads each
// square alone, from crops of boards whose pieces were placed at random
// as often as by play, so it knows nothing of the square; a black pawn
// drawn faintly on a dark square of the seventh rank may read slightly
// more like a white one, though White's pawns stand there a hundred times
// less often. Bayes' rule would add the whole log lift; half of it, with
// no lift beyond ±priorClip, keeps puzzle positions and editor boards
// (a white pawn about to promote, a king in a corner) within reach of a
// clear reading: at half weight a square's reading changes only when the
// model's odds against the other piece are under about 20 to 1. Half was
// chosen on synthetic boards (held-out designs in book style, generated
// screenshots, held-out photo renders), where weights from a quarter to
// one gained alike.
const (
	priorWeight = 0.5
	priorClip   = 3.0
)

// A guard is a bishop's start square (squares a8..h1) with the two pawns
// that shut the bishop in, and whose pawns they are. While both pawns
// stand at home the bishop has never moved: in real games its square then
// holds it 999 times in 1000 (it can only have been taken there), where
// the square alone says one in five. A photo from above reads a bishop's
// round head as a pawn or a knight; this is what puts it back. The four
// guards (c1, f1, c8, f8) are in prior_table.go, written by priorgen with
// the lifts it counted for them (guardedLift).
type guard struct {
	home, left, right int
	pawn              int8
}

// withPrior returns oriented log probabilities with the square prior
// added, each square's normalised again. A bishop's start square takes
// guardedLift instead while both pawns that guard it are read as standing
// at home.
func withPrior(lp [64][13]float64) [64][13]float64 {
	var lifts [64]*[13]float32
	for i := range lifts {
		lifts[i] = &squareLift[i]
	}
	for i, g := range guards {
		if argmax(&lp[g.left]) == g.pawn && argmax(&lp[g.right]) == g.pawn {
			lifts[g.home] = &guardedLift[i]
		}
	}
	for i := range lp {
		sum := 0.0
		for c := range lp[i] {
			lift := max(-priorClip, min(priorClip, float64(lifts[i][c])))
			lp[i][c] += priorWeight * lift
			sum += math.Exp(lp[i][c])
		}
		for c := range lp[i] {
			lp[i][c] -= math.Log(sum)
		}
	}
	return lp
}
