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

func TestOverlap(t *testing.T) {
	square := [4]Point{{0, 0}, {100, 0}, {100, 100}, {0, 100}}
	for _, c := range []struct {
		name string
		a, b [4]Point
		want float64
	}{
		{"itself", square, square, 10000},
		{"wound the other way", square, [4]Point{{0, 0}, {0, 100}, {100, 100}, {100, 0}}, 10000},
		{"shifted a quarter", square, [4]Point{{25, 0}, {125, 0}, {125, 100}, {25, 100}}, 7500},
		{"corner to corner", square, [4]Point{{50, 50}, {150, 50}, {150, 150}, {50, 150}}, 2500},
		{"apart", square, [4]Point{{200, 0}, {300, 0}, {300, 100}, {200, 100}}, 0},
		{"inside", square, [4]Point{{10, 10}, {30, 10}, {30, 30}, {10, 30}}, 400},
		// The same square turned 45 degrees about its centre: an octagon,
		// the square less four corners of 20.7 by 41.4 pixels.
		{"turned 45 degrees", square, turnedAbout(square, 45, Point{50, 50}), 10000 * (2*math.Sqrt2 - 2)},
		// The trapezoid leaves out the square's triangle left of (50,0)-(0,100).
		{"trapezoid", square, [4]Point{{50, 0}, {150, 0}, {200, 100}, {0, 100}}, 10000 - 0.5*50*100},
	} {
		for _, swap := range []bool{false, true} {
			a, b := c.a, c.b
			if swap {
				a, b = b, a
			}
			if got := Overlap(a, b); math.Abs(got-c.want) > 1e-6 {
				t.Errorf("%s (swapped %v): overlap %.6f, want %.6f", c.name, swap, got, c.want)
			}
		}
	}
}

func turnedAbout(q [4]Point, degrees float64, o Point) [4]Point {
	for i := range q {
		q[i] = Point{q[i].X - o.X, q[i].Y - o.Y}
	}
	q = turned(q, degrees)
	for i := range q {
		q[i] = Point{q[i].X + o.X, q[i].Y + o.Y}
	}
	return q
}

func turned(q [4]Point, degrees float64) [4]Point {
	s, c := math.Sincos(degrees * math.Pi / 180)
	for i, p := range q {
		q[i] = Point{X: c*p.X - s*p.Y, Y: s*p.X + c*p.Y}
	}
	return q
}
