package classify_test

import (
	"context"
	"math"
	"testing"

	"github.com/fenscan/fenscan/classify"
	"github.com/fenscan/fenscan/detect"
	"github.com/fenscan/fenscan/models"
	"gocv.io/x/gocv"
)

// chesscog4750 is the board's outline in testdata/photos/chesscog-4750.jpg,
// as labelled.
var chesscog4750 = [4]detect.Point{{X: 134.9, Y: 350.0}, {X: 478.3, Y: 327.4}, {X: 496.5, Y: 695.0}, {X: 78.3, Y: 682.5}}

// TestGlyphsOnPhoto reads the coordinates printed around the board of a
// real phone photo (testdata/photos/chesscog-4750.jpg, corners as
// labelled) with the shipped model on both runtimes: they agree, and the
// glyphs put White at the bottom, where the player sat.
func TestGlyphsOnPhoto(t *testing.T) {
	img := gocv.IMRead("../testdata/photos/chesscog-4750.jpg", gocv.IMReadColor)
	if img.Empty() {
		t.Fatal("cannot read testdata/photos/chesscog-4750.jpg")
	}
	defer img.Close()
	var probs [2][4][8]classify.GlyphProbs
	for k, rt := range classify.Runtimes {
		g, err := classify.NewGlyphs(models.Coords, rt)
		if err != nil {
			t.Fatalf("%s: %v", rt, err)
		}
		cells, err := detect.EdgeCells(img, chesscog4750, g.Cell())
		if err != nil {
			t.Fatal(err)
		}
		if probs[k], err = g.Read(context.Background(), cells); err != nil {
			t.Fatalf("%s: %v", rt, err)
		}
		g.Close()
	}
	for e := range probs[0] {
		for i := range probs[0][e] {
			for c := range probs[0][e][i] {
				if d := math.Abs(float64(probs[0][e][i][c] - probs[1][e][i][c])); d > 1e-3 {
					t.Fatalf("edge %d cell %d class %d: runtimes differ by %g", e, i, c, d)
				}
			}
		}
	}
	edge, lead, ok := classify.WhiteEdge(probs[0], true)
	if !ok || edge != classify.EdgeBottom {
		t.Errorf("WhiteEdge = %d, %v (lead %.1f); want the bottom", edge, ok, lead)
	}
}

// BenchmarkGlyphs cuts the 32 border cells of a photo's board and reads
// them, every cell inked (the board prints coordinates on all four sides).
func BenchmarkGlyphs(b *testing.B) {
	img := gocv.IMRead("../testdata/photos/chesscog-4750.jpg", gocv.IMReadColor)
	defer img.Close()
	g, err := classify.NewGlyphs(models.Coords, classify.OpenCV)
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	b.ResetTimer()
	for range b.N {
		cells, err := detect.EdgeCells(img, chesscog4750, g.Cell())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := g.Read(context.Background(), cells); err != nil {
			b.Fatal(err)
		}
	}
}
