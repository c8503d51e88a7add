package fenscan

import "testing"

// TestKeepPhoto sets out when auto mode takes a board's photo reading
// over its flat one (the mean log-probabilities of the two readings).
func TestKeepPhoto(t *testing.T) {
	for _, c := range []struct {
		name                            string
		square, kings, skewed, likelier bool
		photo, flat                     float64
		want                            bool
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
		{"square, photo likelier and surer by photoClear", true, false, false, true, -0.02, -0.06, true},
		{"square, photo likelier, surer by less than photoClear", true, false, false, true, -0.04, -0.06, false},
		{"photo likelier, flat a little surer", false, false, false, true, -0.06, -0.05, true},
		{"photo likelier, flat clearly surer", false, false, false, true, -0.12, -0.05, false},
	} {
		if got := keepPhoto(c.square, c.kings, c.skewed, c.likelier, c.photo, c.flat); got != c.want {
			t.Errorf("%s: keepPhoto = %v, want %v", c.name, got, c.want)
		}
	}
}
