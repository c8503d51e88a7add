package assemble

import "testing"

// TestPawnCaptures: the fewest captures that bring one side's pawns where
// they stand, -1 where none can.
func TestPawnCaptures(t *testing.T) {
	for _, c := range []struct {
		placement    string
		white, black int
	}{
		{startFEN, 0, 0},
		{"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR", 0, 0},
		// The h-pawn took on g3.
		{"4k3/8/8/8/8/6P1/PPPPPPP1/4K3", 1, 0},
		// The f- and h-pawns are at home: the g3 pawn has no file to come from.
		{"4k3/8/8/8/8/6P1/5PPP/4K3", -1, 0},
		// Doubled e-pawns, the d-pawn gone: one capture, from d to e.
		{"4k3/8/8/4P3/4P3/8/8/4K3", 1, 0},
		// Black's the same way round: g6 beside f7, g7 and h7 at home.
		{"4k3/5ppp/6p1/8/8/8/8/4K3", 0, -1},
		// Two h-pawns, the g-pawn gone: one came from g.
		{"4k3/8/7P/7P/8/8/PPPPPP2/4K3", 1, 0},
		// Two h-pawns, every other file still at home.
		{"4k3/8/7P/7P/8/8/PPPPPPP1/4K3", -1, 0},
		// A pawn on a3 with a2 and b2 at home would have come from the
		// c-file: two captures in one step.
		{"4k3/8/8/8/8/P7/PP1PPPPP/4K3", -1, 0},
		{"4k3/8/8/8/8/P7/1P1PPPPP/4K3", 0, 0},
		{"4k3/8/8/8/8/P7/P1PPPPPP/4K3", 1, 0},
	} {
		b := toBoard(t, c.placement)
		if w, bl := pawnCaptures(&b, true), pawnCaptures(&b, false); w != c.white || bl != c.black {
			t.Errorf("%s: captures %d (white), %d (black); want %d, %d", c.placement, w, bl, c.white, c.black)
		}
	}
}
