package fenscan

import (
	"math"
	"testing"

	"github.com/fenscan/fenscan/classify"
)

// TestGeoMean averages readings of a square as readScales does: n equal
// readings give that reading back, two readings their normalised
// geometric mean (and so does withHead, given the first's mean and the
// second), and readings as unsure as the 1e-9 floor no NaN.
func TestGeoMean(t *testing.T) {
	logs := func(p classify.Probs, n int) *[classify.NumClasses]float64 {
		var sum [classify.NumClasses]float64
		for k, v := range p {
			sum[k] = float64(n) * logProb(v)
		}
		return &sum
	}
	var one classify.Probs
	one[0], one[3], one[5] = 0.7, 0.2, 0.1
	got := geoMean(logs(one, 9), 9)
	for k := range got {
		if math.Abs(float64(got[k]-one[k])) > 1e-6 {
			t.Fatalf("nine readings of %v averaged to %v", one, got)
		}
	}
	// Two readings, 0.9/0.1 and 0.1/0.9 of two classes: equal odds.
	var a, b classify.Probs
	a[1], a[2], b[1], b[2] = 0.9, 0.1, 0.1, 0.9
	sum := *logs(a, 1)
	for k, v := range logs(b, 1) {
		sum[k] += v
	}
	if got := geoMean(&sum, 2); math.Abs(float64(got[1])-0.5) > 1e-6 || math.Abs(float64(got[2])-0.5) > 1e-6 {
		t.Errorf("0.9/0.1 and 0.1/0.9 averaged to %v / %v, want 0.5 each", got[1], got[2])
	}
	if got := withHead(*logs(a, 1), b); math.Abs(float64(got[1])-0.5) > 1e-6 || math.Abs(float64(got[2])-0.5) > 1e-6 {
		t.Errorf("withHead of 0.9/0.1 and 0.1/0.9 gave %v / %v, want 0.5 each", got[1], got[2])
	}
	var floor [classify.NumClasses]float64
	for k := range floor {
		floor[k] = 18 * math.Log(1e-9)
	}
	if c, v := geoMean(&floor, 18).Best(); math.IsNaN(float64(v)) || math.Abs(float64(v)-1.0/classify.NumClasses) > 1e-6 {
		t.Errorf("readings all at the floor: best %d at %v, want each class alike", c, v)
	}
}

// TestReadSquares: a board is assembled only when every square holds a
// reading; a square of zeros (one never read) or of NaN is named.
func TestReadSquares(t *testing.T) {
	var probs [64]classify.Probs
	for i := range probs {
		probs[i] = classify.PlainProbs()
	}
	if _, ok := readSquares(probs); !ok {
		t.Fatal("a board of plain squares was refused")
	}
	unread := probs
	unread[17] = classify.Probs{}
	if sq, ok := readSquares(unread); ok || sq != 17 {
		t.Errorf("a square never read: %d, %v", sq, ok)
	}
	nan := probs
	nan[40][2] = float32(math.NaN())
	if sq, ok := readSquares(nan); ok || sq != 40 {
		t.Errorf("a square of NaN: %d, %v", sq, ok)
	}
}
