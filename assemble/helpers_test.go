package assemble

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// classIndex maps a FEN letter ("" or "." for empty) to its class.
func classIndex(t testing.TB, letter string) int {
	if letter == "." {
		letter = ""
	}
	for i, c := range Classes {
		if c == letter {
			return i
		}
	}
	t.Fatalf("no class %q", letter)
	return -1
}

// parsePlacement reads a FEN placement into classes, a8 first. It is
// written apart from the code under test so that the tests do not lean on
// what they check.
func parsePlacement(t testing.TB, placement string) [64]int {
	t.Helper()
	var b [64]int
	rows := strings.Split(placement, "/")
	if len(rows) != 8 {
		t.Fatalf("placement %q: %d rows", placement, len(rows))
	}
	for r, row := range rows {
		c := 0
		for _, ch := range row {
			if ch >= '1' && ch <= '8' {
				c += int(ch - '0')
				continue
			}
			if c >= 8 {
				t.Fatalf("placement %q: row %d too long", placement, r+1)
			}
			b[r*8+c] = classIndex(t, string(ch))
			c++
		}
		if c != 8 {
			t.Fatalf("placement %q: row %d has %d squares", placement, r+1, c)
		}
	}
	return b
}

// synthProbs gives each square its class with probability 0.9-0.99 and
// spreads the rest unevenly over the other classes, as a calibrated model
// that is sure of a clean square does.
func synthProbs(classes [64]int, rng *rand.Rand) [64]Probs {
	var sq [64]Probs
	for i, c := range classes {
		p := 0.9 + 0.09*rng.Float64()
		var w [13]float64
		sum := 0.0
		for k := range w {
			if k != c {
				w[k] = rng.Float64() * rng.Float64()
				sum += w[k]
			}
		}
		for k := range w {
			sq[i][k] = float32((1 - p) * w[k] / sum)
		}
		sq[i][c] = float32(p)
	}
	return sq
}

// setProbs overrides one square, given in White's view, with a spec such
// as "K=0.6 Q=0.38": named classes get those probabilities and the rest
// of the mass is shared by the others.
func setProbs(t testing.TB, sq *[64]Probs, square, spec string) {
	t.Helper()
	i := squareIndex(square)
	if i < 0 {
		t.Fatalf("bad square %q", square)
	}
	var p Probs
	var named [13]bool
	rest := 1.0
	for _, f := range strings.Fields(spec) {
		k, v, ok := strings.Cut(f, "=")
		x, err := strconv.ParseFloat(v, 64)
		if !ok || err != nil {
			t.Fatalf("bad spec %q", spec)
		}
		c := classIndex(t, k)
		p[c], named[c] = float32(x), true
		rest -= x
	}
	n := 0
	for _, isNamed := range named {
		if !isNamed {
			n++
		}
	}
	for k := range p {
		if !named[k] {
			p[k] = float32(max(rest, 0) / float64(n))
		}
	}
	sq[i] = p
}

// picture builds an Input for a placement seen from White's side, with
// optional square overrides ("d1:K=0.6 Q=0.38") and highlighted squares,
// then turns it half round when rotate is set, as a board shown from
// Black's side appears in the picture.
func picture(t testing.TB, placement string, rotate bool, highlight []string, overrides ...string) Input {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, uint64(len(placement))))
	in := Input{Squares: synthProbs(parsePlacement(t, placement), rng)}
	for _, o := range overrides {
		square, spec, ok := strings.Cut(o, ":")
		if !ok {
			t.Fatalf("bad override %q", o)
		}
		setProbs(t, &in.Squares, square, spec)
	}
	for _, h := range highlight {
		i := squareIndex(h)
		if i < 0 {
			t.Fatalf("bad square %q", h)
		}
		in.Highlight[i] = true
	}
	if rotate {
		in.Squares, in.Highlight = rotated(in.Squares), rotated(in.Highlight)
	}
	return in
}

// fields returns the first n fields of a FEN record.
func fields(fen string, n int) string {
	f := strings.Fields(fen)
	return strings.Join(f[:min(n, len(f))], " ")
}
