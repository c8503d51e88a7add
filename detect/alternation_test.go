package detect

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestAlternation(t *testing.T) {
	shades := func(f func(r, c int) float64) [64]float64 {
		var sq [64]float64
		for i := range sq {
			sq[i] = f(i/8, i%8)
		}
		return sq
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		name   string
		sq     [64]float64
		lo, hi float64
	}{
		{"board", shades(func(r, c int) float64 { return 200 - 60*float64((r+c)%2) }), 1, 1},
		{"board the other way round", shades(func(r, c int) float64 { return 140 + 60*float64((r+c)%2) }), 1, 1},
		// Light falling off across a pale board by more than its squares differ.
		{"pale board in failing light", shades(func(r, c int) float64 { return 220 - 15*float64((r+c)%2) - 12*float64(c) }), 1, 1},
		// Light falling off across a plain surface: each pair's sign is the
		// slope's, half of them the pattern's.
		{"plain surface in failing light", shades(func(r, c int) float64 { return 200 - 5*float64(c) - 3*float64(r) }), 0.5, 0.5},
		{"stripes", shades(func(r, c int) float64 { return 100 * float64(c%2) }), 0.5, 0.5},
		{"noise", shades(func(r, c int) float64 { return rng.Float64() }), 0.5, 0.65},
		{"board a square off its frame", shades(func(r, c int) float64 {
			if r == 0 {
				return 90
			}
			return 200 - 60*float64((r+c)%2)
		}), 0.9, 0.95},
	} {
		if a := alternation(c.sq); a < c.lo || a > c.hi {
			t.Errorf("%s: alternation %.3f, want %.2f to %.2f", c.name, a, c.lo, c.hi)
		}
	}
	// A board of which only the top rows can be read: four rows hold 52
	// pairs, too few to tell; five hold 67.
	for _, c := range []struct {
		rows int
		want float64
	}{{0, 0}, {4, 0}, {5, 1}} {
		sq := shades(func(r, c int) float64 { return 200 - 60*float64((r+c)%2) })
		for i := 8 * c.rows; i < 64; i++ {
			sq[i] = math.NaN()
		}
		if a := alternation(sq); a != c.want {
			t.Errorf("%d rows readable: alternation %.3f, want %.0f", c.rows, a, c.want)
		}
	}
}
