package detect_test

import (
	"testing"

	"github.com/fenscan/fenscan/detect"
	"gocv.io/x/gocv"
)

// TestFindBooks finds book diagrams of held-out piece sets that once
// misled the finder, each within 2% of its side: a square of coarse
// hatching taken for a board (scid-kingdom-00), a fit shifted half off
// the picture (scid-goodcompanion-00), a blurrier pass's fit a file off
// outscoring the right one (font-kingdom-00), wide hatching that only the
// coarsest blur flattens (scid-kingdom-09), and boards without lines
// between their squares whose faint hatching differs from the plain
// squares in texture more than in brightness (font-lucena-00, and
// font-condal-09 inside a thick frame, found from its outline), and a grey
// scan whose hatching is too faint for any lattice, found only from its
// thin upright frame (font-magnetic-07).
func TestFindBooks(t *testing.T) {
	n := withCorners(t, "books", func(t *testing.T, img gocv.Mat, want [4]detect.Point) {
		boards, err := detect.Find(img, detect.Options{})
		if err != nil {
			t.Fatal(err)
		}
		largest := boards[0]
		for _, b := range boards[1:] {
			if detect.LongestSide(b.Corners) > detect.LongestSide(largest.Corners) {
				largest = b
			}
		}
		if e := detect.CornerError(largest.Corners, want); e > 0.02 {
			t.Errorf("%d boards; the largest at %v is %.1f%% of the side from %v", len(boards), largest.Corners, 100*e, want)
		}
	})
	if n < 4 {
		t.Fatalf("only %d pictures with labelled corners", n)
	}
}
