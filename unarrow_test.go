package fenscan

import (
	"context"
	"testing"

	"github.com/fenscan/fenscan/arrows"
	"github.com/fenscan/fenscan/detect"
)

// TestWithoutArrows takes the arrows off screenshots that show them and
// looks again: none is left to find. A screenshot and a book diagram
// without arrows get no copy at all. (TestScanTestdata reads the
// positions.)
func TestWithoutArrows(t *testing.T) {
	s := newScanner(t, Options{})
	for _, c := range []struct {
		file   string
		arrows int
	}{
		{"testdata/rhosgfx-desktop-arrow.png", 2},
		{"testdata/firi-phone-arrow.png", 1},
		{"testdata/kiwen-large-arrow.png", 2},
		{"testdata/small-firi-arrowhead.png", 2},
		{"testdata/readme-example.png", 0},
		{"testdata/books/font-kingdom-11.png", 0},
	} {
		t.Run(c.file, func(t *testing.T) {
			boards, err := s.ScanFile(context.Background(), c.file)
			if err != nil {
				t.Fatal(err)
			}
			img := decodeFile(t, c.file)
			defer img.Close()
			corners := boards[0].Corners
			before, err := detect.WarpColor(img, corners, arrowBoard)
			if err != nil {
				t.Fatal(err)
			}
			if n := len(arrows.Find(before).Arrows); n != c.arrows {
				t.Fatalf("found %d arrows, want %d", n, c.arrows)
			}
			clean, ok := withoutArrows(img, corners)
			if ok != (c.arrows > 0) {
				t.Fatalf("withoutArrows says %v", ok)
			}
			if !ok {
				return
			}
			defer clean.Close()
			after, err := detect.WarpColor(clean, corners, arrowBoard)
			if err != nil {
				t.Fatal(err)
			}
			if left := arrows.Find(after).Arrows; len(left) != 0 {
				t.Errorf("%d arrows left: %+v", len(left), left)
			}
		})
	}
}
