package fenscan

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/fenscan/fenscan/arrows"
	"github.com/fenscan/fenscan/assemble"
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
		{"testdata/pirouetti-desktop-knights.png", 2},
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
			clean, found := withoutArrows(img, corners)
			if len(found) != c.arrows {
				t.Fatalf("withoutArrows found %d arrows, want %d", len(found), c.arrows)
			}
			if found == nil {
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

// TestScanArrows reads the arrows of testdata's screenshots as moves, as
// scripts/gen_screens.py drew them (testdata/labels.csv names each
// screen's run, whose labels note its arrows), the heads at their ends.
func TestScanArrows(t *testing.T) {
	s := newScanner(t, Options{})
	for file, want := range map[string][]Arrow{
		"testdata/rhosgfx-desktop-arrow.png":     {{"d3", "b8", true}, {"d7", "h5", true}},
		"testdata/rhosgfx-phone.png":             {{"f5", "b8", true}, {"b6", "h7", true}},
		"testdata/firi-phone-arrow.png":          {{"h1", "g5", true}},
		"testdata/kiwen-large-arrow.png":         {{"c8", "c4", true}, {"g5", "h2", true}},
		"testdata/small-firi-arrowhead.png":      {{"h3", "b8", true}, {"g2", "h3", true}},
		"testdata/firi-small-arrows.png":         {{"a1", "h3", true}, {"d1", "h7", true}},
		"testdata/pirouetti-desktop-knights.png": {{"h6", "f5", true}, {"c3", "b1", true}},
		"testdata/engine-arrow-black.png":        {{"f6", "e4", true}},
		"testdata/engine-arrow-step.png":         {{"d7", "e7", true}},
		"testdata/engine-arrow-push.png":         {{"c2", "c4", true}, {"c6", "e7", true}},
		"testdata/engine-arrow-queen.png":        {{"e5", "e4", true}},
		"testdata/readme-example.png":            nil,
	} {
		t.Run(file, func(t *testing.T) {
			boards, err := s.ScanFile(context.Background(), file)
			if err != nil {
				t.Fatal(err)
			}
			got := boards[0].Arrows
			if len(got) != len(want) {
				t.Fatalf("arrows %v, want %v", got, want)
			}
			for _, w := range want {
				if !slices.Contains(got, w) {
					t.Errorf("arrows %v, want %v", got, want)
				}
			}
		})
	}
}

// TestSideFromEngineArrow reads the side to move from lichess's engine
// arrow on boards without a last-move highlight, where White would be
// guessed: Black's knight's f6-e4, Black's queen's step d7-e7, one square
// long, and White's c2-c4, from a pawn with a king behind it, beside a
// player's arrow for Black's reply, which is not taken.
func TestSideFromEngineArrow(t *testing.T) {
	s := newScanner(t, Options{})
	for file, want := range map[string]string{
		"testdata/engine-arrow-black.png": "b",
		"testdata/engine-arrow-step.png":  "b",
		"testdata/engine-arrow-push.png":  "w",
	} {
		t.Run(file, func(t *testing.T) {
			boards, err := s.ScanFile(context.Background(), file)
			if err != nil {
				t.Fatal(err)
			}
			if len(boards) != 1 || boards[0].Position == nil {
				t.Fatalf("boards %+v, want one with its position", boards)
			}
			if side := strings.Fields(boards[0].FEN)[1]; side != want || boards[0].Position.SideBy != "arrow" {
				t.Errorf("side to move %s, told by %s; want %s, by the arrow", side, boards[0].Position.SideBy, want)
			}
		})
	}
}

// TestArrowMoves names an arrow's squares from White's side, however the
// board lies in the picture.
func TestArrowMoves(t *testing.T) {
	// From the fifth column, second row from the bottom, up two rows.
	found := arrows.Arrow{From: [2]float64{4.5, 6.5}, To: [2]float64{4.5, 4.5}, Head: true}
	for _, c := range []struct {
		o    assemble.Orientation
		want Arrow
	}{
		{assemble.WhiteBottom, Arrow{"e2", "e4", true}},
		{assemble.BlackBottom, Arrow{"d7", "d5", true}},
		{assemble.WhiteLeft, Arrow{"g5", "e5", true}},
		{assemble.WhiteRight, Arrow{"b4", "d4", true}},
	} {
		if got := arrowMove(found, c.o); got != c.want {
			t.Errorf("%s: %v, want %v", c.o, got, c.want)
		}
	}
}
