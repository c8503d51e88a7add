package detect_test

import (
	"image"
	"image/color"
	"strings"

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
// thin upright frame (font-magnetic-07), and a board cropped to its
// squares whose fine hatching makes lattices inside single squares that
// outscore it (font-kingdom-full), a pale grey scan whose pieces' edges
// fit a lattice half a square off (font-magnetic-pale), and a board cropped
// to its squares whose hatching fits one axis's lattice at a third of the
// squares (font-lucena-tight), and boards with neither squares nor a frame
// to be seen, placed from where their pieces stand (*-pieces).
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

// TestFindSettles finds the screenshots of testdata/screens within 1% of
// their side. phone-bars: a phone's board between two dark bars, its
// first rank empty, on which the lattice lands a square high, the bar
// above taken for its top row. That gains the whole board's checker less
// than the shift search asks; the rows themselves tell (settle).
// pale-tight-*: pale themes cropped to the board, whose own lattice is
// Faint, and a less clear fit inside it (a lattice at half the board's
// step over its middle, one square's outline taken for a bare frame) is
// not: the board's lattice, which only clear boards reach, wins, still
// Faint for the caller to check (clearFaint).
func TestFindSettles(t *testing.T) {
	n := withCorners(t, "screens", func(t *testing.T, img gocv.Mat, want [4]detect.Point) {
		boards, err := detect.Find(img, detect.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := boards[0].Corners; detect.CornerError(got, want) > 0.01 {
			t.Errorf("board at %v, want %v", got, want)
		}
		if pale := strings.Contains(t.Name(), "/pale-tight-"); pale && (!boards[0].Faint || len(boards[0].Inside) == 0) {
			t.Errorf("faint %v, %d fits inside; want faint in place of the fits inside it", boards[0].Faint, len(boards[0].Inside))
		}
	})
	if n == 0 {
		t.Fatal("no pictures with labelled corners")
	}
}

// TestRefitBooks refits the same diagrams as a phone held over the page
// sees them when the page's top-left corner is tilted away: the board's
// top-left corner is pulled in by about a tenth of the picture, and the
// lattice search's upright outline is off there by half a square. Every
// refitted corner must lie within 1.5% of the side of where the board's
// corner went (the classifier keeps its accuracy within about 2%).
// Hatched boards with neither frame nor lines (font-kingdom-full) are
// found from the grid of their squares' edges. Boards found from their
// pieces alone (*-pieces) are left out: their lattice is upright.
func TestRefitBooks(t *testing.T) {
	withCorners(t, "books", func(t *testing.T, img gocv.Mat, want [4]detect.Point) {
		if strings.HasSuffix(t.Name(), "font-magnetic-pale.jpg") {
			// Its squares differ by a few grey levels: found upright
			// at a slant, but too faint for the crossings a refit needs.
			t.Skip("not refitted at a slant")
		}
		if strings.HasSuffix(t.Name(), "-pieces.png") {
			// Neither squares nor a frame: placed from its pieces on an
			// upright lattice, with no lines or crossings to refit.
			t.Skip("found upright only")
		}
		w, h := float32(img.Cols()), float32(img.Rows())
		pad := int(w / 8)
		padded := gocv.NewMat()
		defer padded.Close()
		gocv.CopyMakeBorder(img, &padded, pad, pad, pad, pad, gocv.BorderConstant, color.RGBA{255, 255, 255, 0})
		w, h = w+2*float32(pad), h+2*float32(pad)
		from := gocv.NewPoint2fVectorFromPoints([]gocv.Point2f{{X: 0, Y: 0}, {X: w, Y: 0}, {X: w, Y: h}, {X: 0, Y: h}})
		defer from.Close()
		to := gocv.NewPoint2fVectorFromPoints([]gocv.Point2f{{X: 0.1 * w, Y: 0.08 * h}, {X: w, Y: 0.01 * h}, {X: w, Y: h}, {X: 0, Y: h}})
		defer to.Close()
		m := gocv.GetPerspectiveTransform2f(from, to)
		defer m.Close()
		seen := gocv.NewMat()
		defer seen.Close()
		gocv.WarpPerspectiveWithParams(padded, &seen, m, image.Pt(int(w), int(h)),
			gocv.InterpolationLinear, gocv.BorderConstant, color.RGBA{255, 255, 255, 0})
		for i, p := range want {
			x, y := p.X+float64(pad), p.Y+float64(pad)
			at := func(r, c int) float64 { return m.GetDoubleAt(r, c) }
			d := at(2, 0)*x + at(2, 1)*y + at(2, 2)
			want[i] = detect.Point{X: (at(0, 0)*x + at(0, 1)*y + at(0, 2)) / d, Y: (at(1, 0)*x + at(1, 1)*y + at(1, 2)) / d}
		}
		boards, err := detect.Find(seen, detect.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(boards) != 1 {
			t.Fatalf("found %d boards, want 1", len(boards))
		}
		b := boards[0]
		got, ok := detect.Refit(seen, b)
		if !ok {
			got = b.Corners
		}
		if e := detect.CornerError(got, want); e > 0.015 {
			t.Errorf("corners %v (found at %v, refitted %v) are %.1f%% of the side from %v",
				got, b.Corners, ok, 100*e, want)
		}
	})
}
