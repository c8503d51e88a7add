package assemble

import (
	"math"
	"testing"
)

// The square prior must be laid out as the assembler's boards are (a8
// first, classes in Classes order): a table turned or with its colours
// swapped would push readings the wrong way.
func TestSquarePriorLayout(t *testing.T) {
	lift := func(square, class string) float32 {
		for c, name := range Classes {
			if name == class {
				return squareLift[squareIndex(square)][c]
			}
		}
		t.Fatalf("no class %q", class)
		return 0
	}
	for _, f := range "abcdefgh" {
		for _, r := range "18" {
			sq := string(f) + string(r)
			if l := max(lift(sq, "P"), lift(sq, "p")); l > -8 {
				t.Errorf("pawns on %s have lift %.2f; they never stand there", sq, l)
			}
		}
	}
	for _, c := range []struct{ likely, unlikely, class string }{
		{"g1", "g8", "K"}, {"g8", "g1", "k"}, {"e2", "e7", "P"}, {"e7", "e2", "p"},
		{"f3", "f6", "N"}, {"f6", "f3", "n"}, {"a1", "a8", "R"}, {"d8", "d1", "q"},
	} {
		if lift(c.likely, c.class) <= lift(c.unlikely, c.class) {
			t.Errorf("%s is no likelier on %s than on %s", c.class, c.likely, c.unlikely)
		}
	}
}

// withPrior keeps each square a distribution, and moves a close reading
// towards the piece that stands there in games but not a sure one.
func TestWithPrior(t *testing.T) {
	var lp [64][13]float64
	for i := range lp {
		for c := range lp[i] {
			lp[i][c] = math.Log(1.0 / 13)
		}
	}
	g7 := squareIndex("g7")
	// set reads g7 as White's pawn with probability wp, Black's with bp.
	set := func(wp, bp float64) {
		for c := range lp[g7] {
			lp[g7][c] = math.Log((1 - wp - bp) / 11)
		}
		lp[g7][1], lp[g7][7] = math.Log(wp), math.Log(bp)
	}
	set(0.6, 0.39)
	got := withPrior(lp)
	for i := range got {
		sum := 0.0
		for _, v := range got[i] {
			sum += math.Exp(v)
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Fatalf("square %d sums to %v", i, sum)
		}
	}
	if argmax(&got[g7]) != 7 {
		t.Errorf("g7 read white 0.6, black 0.39 stays white with the prior")
	}
	set(0.999, 0.0009)
	if got = withPrior(lp); argmax(&got[g7]) != 1 {
		t.Errorf("g7 read white at 0.999 turns black with the prior")
	}
}
