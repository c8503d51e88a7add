package detect_test

import (
	"path/filepath"
	"testing"

	"github.com/fenscan/fenscan"
	"github.com/fenscan/fenscan/detect"
	"gocv.io/x/gocv"
)

// TestFindBooks finds book diagrams of held-out piece sets that once
// misled the finder, each within 2% of its side: a square of coarse
// hatching taken for a board (scid-kingdom-00), a fit shifted half off
// the picture (scid-goodcompanion-00), a blurrier pass's fit a file off
// outscoring the right one (font-kingdom-00), and wide hatching that
// only the coarsest blur flattens (scid-kingdom-09).
func TestFindBooks(t *testing.T) {
	labels, err := fenscan.ReadLabels(filepath.Join("..", "testdata", "books", "labels.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) < 4 {
		t.Fatalf("only %d pictures", len(labels))
	}
	for _, l := range labels {
		t.Run(filepath.Base(l.Image), func(t *testing.T) {
			want, err := l.Corners()
			if err != nil {
				t.Fatal(err)
			}
			img := gocv.IMRead(l.Image, gocv.IMReadColor)
			defer img.Close()
			if img.Empty() {
				t.Fatal("cannot read")
			}
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
	}
}
