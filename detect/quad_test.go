package detect

import (
	"math"
	"testing"
)

func TestSkew(t *testing.T) {
	for _, c := range []struct {
		name string
		q    [4]Point
		want float64
	}{
		{"square", [4]Point{{0, 0}, {100, 0}, {100, 100}, {0, 100}}, 0},
		{"rectangle turned 30 degrees", turned([4]Point{{0, 0}, {200, 0}, {200, 100}, {0, 100}}, 30), 0},
		// Top edge half as wide as the bottom, as a board seen from its
		// near side: the base angles are atan(100/50).
		{"trapezoid", [4]Point{{50, 0}, {150, 0}, {200, 100}, {0, 100}}, 90 - math.Atan2(100, 50)*180/math.Pi},
		{"parallelogram", [4]Point{{0, 0}, {100, 0}, {200, 100}, {100, 100}}, 45},
	} {
		if got := Skew(c.q); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: skew %.6f, want %.6f", c.name, got, c.want)
		}
	}
}

func turned(q [4]Point, degrees float64) [4]Point {
	s, c := math.Sincos(degrees * math.Pi / 180)
	for i, p := range q {
		q[i] = Point{X: c*p.X - s*p.Y, Y: s*p.X + c*p.Y}
	}
	return q
}
