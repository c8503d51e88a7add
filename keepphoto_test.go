package fenscan

import "testing"

// TestKeepPhoto sets out when auto mode takes a board's photo reading
// over its flat one (the mean log-probabilities of the two readings).
func TestKeepPhoto(t *testing.T) {
	for _, c := range []struct {
		name                         string
		square, kings, skewed, clear bool
		photo, flat                  float64
		want                         bool
	}{
		{"photo surer", false, false, false, false, -0.05, -0.06, true},
		{"flat surer", false, false, false, false, -0.06, -0.05, false},
		{"flat surer, grid in perspective", false, false, true, false, -0.06, -0.05, true},
		{"flat clearly surer, grid in perspective", false, false, true, false, -0.12, -0.05, false},
		{"flat surer, only the photo reading has the kings", false, true, false, false, -0.06, -0.05, true},
		{"square, photo surer, no kings", true, false, false, false, -0.02, -0.06, false},
		{"square, photo surer, a skewed grid but no kings", true, false, true, false, -0.02, -0.06, false},
		{"square, only the photo reading has the kings", true, true, false, false, -0.06, -0.05, true},
		{"square, the kings, flat clearly surer", true, true, false, false, -0.12, -0.05, false},
		{"square, no kings, photo clearly the better", true, false, false, true, -0.02, -0.06, true},
	} {
		if got := keepPhoto(c.square, c.kings, c.skewed, c.clear, c.photo, c.flat); got != c.want {
			t.Errorf("%s: keepPhoto = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestClearlyBetter sets out when a square board's photo reading stands
// without the kings: surer by photoClear and likelier by photoLikelier,
// both.
func TestClearlyBetter(t *testing.T) {
	for _, c := range []struct {
		name                             string
		photo, flat, photoLike, flatLike float64
		want                             bool
	}{
		{"surer and likelier", -0.04, -0.08, -0.05, -0.19, true},
		{"surer, not likelier enough", -0.04, -0.08, -0.05, -0.09, false},
		{"likelier, not surer enough", -0.06, -0.08, -0.05, -0.19, false},
		{"a real diagram with marks (tsoj-089)", -0.0439, -0.0473, -0.092, -0.150, false},
		{"a design board (pychess-chessicons 00)", -0.0876, -0.1071, -0.1568, -0.1675, false},
		{"a top-down render (00001)", -0.0241, -0.0680, -0.0293, -0.1014, true},
	} {
		if got := clearlyBetter(c.photo, c.flat, c.photoLike, c.flatLike); got != c.want {
			t.Errorf("%s: clearlyBetter = %v, want %v", c.name, got, c.want)
		}
	}
}
