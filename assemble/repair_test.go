package assemble

import (
	"math/rand/v2"
	"testing"
	"time"
)

// confusions lists, per class, the classes a piece classifier mistakes it
// for: the other colour, pieces of like outline, an empty square for a
// faint pawn.
var confusions = map[string][]string{
	"":  {"P", "p"},
	"P": {"p", "B", ""}, "p": {"P", "b", ""},
	"N": {"n", "B"}, "n": {"N", "b"},
	"B": {"b", "P", "N"}, "b": {"B", "p", "n"},
	"R": {"r", "Q"}, "r": {"R", "q"},
	"Q": {"q", "K", "R"}, "q": {"Q", "k", "r"},
	"K": {"k", "Q"}, "k": {"K", "q"},
}

// misread gives a square a wrong top class with the true class as a
// strong second choice, as a model torn between two readings does.
func misread(sq *Probs, truth, wrong int, rng *rand.Rand) {
	top := 0.5 + 0.2*rng.Float64()
	second := 0.25 + (min(top-0.05, 0.98-top)-0.25)*rng.Float64()
	rest := (1 - top - second) / 11
	for k := range sq {
		sq[k] = float32(rest)
	}
	sq[wrong], sq[truth] = float32(top), float32(second)
}

type repairTrial struct {
	truth  string // placement
	side   string
	in     Input
	wrong  int  // squares misread
	broken bool // the misread board breaks a rule
}

// repairTrials makes n game positions, each with one or two misread
// squares. With mustBreak, every misread square breaks a rule on its own:
// a misreading that leaves a legal board cannot be noticed, and the
// most probable legal board keeps it.
func repairTrials(t testing.TB, n int, mustBreak bool, seed uint64) []repairTrial {
	rng := rand.New(rand.NewPCG(seed, 99))
	var trials []repairTrial
	for len(trials) < n {
		g := randomGame(rng, 10+rng.IntN(90), nil)
		truth := parsePlacement(t, g.placement())
		side := sideWhite
		if g.side() == "b" {
			side = sideBlack
		}
		var exact board
		for i, c := range truth {
			exact[i] = int8(c)
		}
		tr := repairTrial{truth: g.placement(), side: g.side(), wrong: 1 + rng.IntN(2)}
		tr.in.Squares = synthProbs(truth, rng)
		seen := exact
		used := map[int]bool{}
		for range tr.wrong {
			for range 500 {
				sq := rng.IntN(64)
				alts := confusions[Classes[truth[sq]]]
				wrong := classIndex(t, alts[rng.IntN(len(alts))])
				alone := exact
				alone[sq] = int8(wrong)
				if used[sq] || mustBreak && legal(&alone, side, false, nil) {
					continue
				}
				used[sq] = true
				misread(&tr.in.Squares[sq], truth[sq], wrong, rng)
				seen[sq] = int8(wrong)
				break
			}
		}
		if len(used) != tr.wrong {
			continue
		}
		tr.broken = !legal(&seen, side, false, nil)
		if tr.broken || !mustBreak {
			trials = append(trials, tr)
		}
	}
	return trials
}

// TestRepairRate measures how often the repair gives back exactly the
// board of a game position when one or two squares were misread, each
// into something that breaks a rule.
func TestRepairRate(t *testing.T) {
	trials := repairTrials(t, 200, true, 1)
	restored, single, double, singleOK, doubleOK := 0, 0, 0, 0, 0
	var slowest time.Duration
	for i, tr := range trials {
		start := time.Now()
		p, err := Assemble(tr.in, Options{Flip: "no", Side: tr.side})
		slowest = max(slowest, time.Since(start))
		if err != nil {
			t.Fatal(err)
		}
		ok := p.Placement() == tr.truth
		if ok {
			restored++
		} else if testing.Verbose() {
			t.Logf("trial %d: want %s\n got %s repairs %+v warnings %q", i, tr.truth, p.Placement(), p.Repairs, p.Warnings)
		}
		if tr.wrong == 1 {
			single, singleOK = single+1, singleOK+b2i(ok)
		} else {
			double, doubleOK = double+1, doubleOK+b2i(ok)
		}
	}
	rate := float64(restored) / float64(len(trials))
	t.Logf("repair restored %d of %d boards (%.1f%%): one misread square %d/%d, two %d/%d; slowest call %v",
		restored, len(trials), 100*rate, singleOK, single, doubleOK, double, slowest)
	if rate < 0.8 {
		t.Errorf("repair rate %.1f%% is under 80%%", 100*rate)
	}
}

// TestRepairRateAnyMisreading measures the same over misreadings that
// may leave a legal board, which no rule can catch. Such a board is only
// changed when it needs a promoted piece (a misread colour often makes
// one); the change must never leave more squares wrong than the reading.
func TestRepairRateAnyMisreading(t *testing.T) {
	trials := repairTrials(t, 200, false, 2)
	restored, broken, brokenOK, changed, changedOK, harmed := 0, 0, 0, 0, 0, 0
	for _, tr := range trials {
		p, err := Assemble(tr.in, Options{Flip: "no", Side: tr.side})
		if err != nil {
			t.Fatal(err)
		}
		ok := p.Placement() == tr.truth
		restored += b2i(ok)
		switch {
		case tr.broken:
			broken, brokenOK = broken+1, brokenOK+b2i(ok)
		case len(p.Repairs) > 0:
			changed, changedOK = changed+1, changedOK+b2i(ok)
			if wrongSquares(t, p.Placement(), tr.truth) > tr.wrong {
				harmed++
			}
		}
	}
	t.Logf("any misreading: %d of %d boards right; %d of the %d that broke a rule restored; "+
		"%d legal misreadings changed (for fewer promotions), %d of them restored, %d made worse",
		restored, len(trials), brokenOK, broken, changed, changedOK, harmed)
	if harmed > 0 {
		t.Errorf("%d legal boards were made worse", harmed)
	}
	if changedOK*2 < changed {
		t.Errorf("only %d of %d changed legal boards were restored", changedOK, changed)
	}
}

// wrongSquares counts the squares where two placements differ.
func wrongSquares(t *testing.T, got, want string) int {
	g, w := parsePlacement(t, got), parsePlacement(t, want)
	n := 0
	for i := range g {
		if g[i] != w[i] {
			n++
		}
	}
	return n
}

// TestRefitManyMisreadings measures the material refit on readings too
// far off for the repair search: game positions with four to ten doubtful
// squares, each misread the way a photo from straight above misreads
// (bishops, queens and kings taken for pawns, or for the other colour),
// with the true class as the runner-up.
func TestRefitManyMisreadings(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	aboveConfusions := map[string][]string{
		"N": {"P", "n"}, "B": {"P", "K"}, "R": {"P", "r"}, "Q": {"P", "B", "q"}, "K": {"P", "Q", "k"},
		"n": {"p", "N"}, "b": {"p", "k"}, "r": {"p", "R"}, "q": {"p", "b", "Q"}, "k": {"p", "q", "K"},
	}
	trials, before, after, restored, worse := 0, 0, 0, 0, 0
	for trials < 200 {
		g := randomGame(rng, rng.IntN(30), nil)
		truth := parsePlacement(t, g.placement())
		in := Input{Squares: synthProbs(truth, rng)}
		var pieces []int
		for sq, c := range truth {
			if c != int(empty) && kindOf(int8(c)) != pawn {
				pieces = append(pieces, sq)
			}
		}
		n := min(len(pieces), 4+rng.IntN(7))
		rng.Shuffle(len(pieces), func(i, j int) { pieces[i], pieces[j] = pieces[j], pieces[i] })
		for _, sq := range pieces[:n] {
			alts := aboveConfusions[Classes[truth[sq]]]
			misread(&in.Squares[sq], truth[sq], classIndex(t, alts[rng.IntN(len(alts))]), rng)
		}
		p, err := Assemble(in, Options{Flip: "no", Side: g.side()})
		if err != nil {
			t.Fatal(err)
		}
		trials++
		got := wrongSquares(t, p.Placement(), g.placement())
		before += n
		after += got
		restored += b2i(got == 0)
		worse += b2i(got > n)
	}
	t.Logf("%d boards with 4-10 misread squares: %d squares wrong before, %d after; %d boards restored, %d made worse",
		trials, before, after, restored, worse)
	if after*2 > before {
		t.Errorf("the refit left %d of %d misread squares wrong", after, before)
	}
	if worse > 0 {
		t.Errorf("%d boards were made worse", worse)
	}
}
