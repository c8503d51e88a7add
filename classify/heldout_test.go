package classify_test

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fenscan/fenscan/classify"
	"github.com/fenscan/fenscan/detect"
	"github.com/fenscan/fenscan/internal/testfiles"
	"github.com/fenscan/fenscan/models"
	"gocv.io/x/gocv"
)

// heldoutModels are the shipped flat models, each with the share of
// squares it must read right on testdata/heldout: renders of piece sets
// and themes neither was trained on, warped from their exact corners.
// Each sits just under the model's score (models/README.md), so that a
// worse model cannot land unnoticed.
var heldoutModels = []struct {
	name   string
	model  []byte
	minAcc float64
}{
	{"digital", models.Digital, 0.98},
	{"digital2", models.Digital2, 0.98},
}

func TestHeldoutAccuracy(t *testing.T) {
	dir := "../testdata/heldout"
	labels := testfiles.CSV(t, filepath.Join(dir, "labels.csv"))[1:]
	corners := map[string][4]detect.Point{}
	for _, r := range testfiles.CSV(t, filepath.Join(dir, "corners.csv"))[1:] {
		var q [4]detect.Point
		for i := range q {
			q[i].X, _ = strconv.ParseFloat(r[1+2*i], 64)
			q[i].Y, _ = strconv.ParseFloat(r[2+2*i], 64)
		}
		corners[r[0]] = q
	}
	for _, m := range heldoutModels {
		t.Run(m.name, func(t *testing.T) {
			c, err := classify.New(m.model, classify.OpenCV)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			right, total, boards := heldoutScore(t, c, dir, labels, corners)
			acc := float64(right) / float64(total)
			t.Logf("held-out sample: %d/%d squares (%.2f%%), %d/%d boards entirely right", right, total, 100*acc, boards, len(labels))
			if acc < m.minAcc {
				t.Errorf("accuracy %.4f is below %.4f", acc, m.minAcc)
			}
		})
	}
}

// heldoutScore reads the boards of labels with c from their exact corners
// and counts the squares right, all squares, and boards entirely right.
func heldoutScore(t *testing.T, c *classify.Classifier, dir string, labels [][]string, corners map[string][4]detect.Point) (right, total, boards int) {
	t.Helper()
	for _, r := range labels {
		img := gocv.IMRead(filepath.Join(dir, r[0]), gocv.IMReadColor)
		q, ok := corners[r[0]]
		if img.Empty() || !ok {
			t.Fatalf("%s: picture or corners missing", r[0])
		}
		g, err := detect.Warp(img, q)
		img.Close()
		if err != nil {
			t.Fatal(err)
		}
		probs, err := c.Classify(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		want := squares(r[1])
		// Squares left out of the network must be empty in truth.
		for i, p := range classify.Plain(g, c.Crop()) {
			if p && want[i] != "" {
				t.Errorf("%s: square %d holds %s but was called plain", r[0], i, want[i])
			}
		}
		wrong := 0
		for i, p := range probs {
			k, _ := p.Best()
			if classify.Labels[k] == want[i] {
				right++
			} else {
				wrong++
			}
			total++
		}
		if wrong == 0 {
			boards++
		}
	}
	return right, total, boards
}

// squares expands a FEN placement to 64 class labels, a8 first.
func squares(placement string) []string {
	var out []string
	for _, rank := range strings.Split(placement, "/") {
		for _, ch := range rank {
			if ch >= '1' && ch <= '8' {
				for n := 0; n < int(ch-'0'); n++ {
					out = append(out, "")
				}
			} else {
				out = append(out, string(ch))
			}
		}
	}
	return out
}
