package classify_test

import (
	"context"
	"image"
	"math"
	"testing"

	"github.com/fenscan/fenscan/classify"
	"github.com/fenscan/fenscan/detect"
	"github.com/fenscan/fenscan/models"
	"gocv.io/x/gocv"
)

// warped returns the warped board of a testdata screenshot whose board
// corners are known from how it was drawn.
func warped(t testing.TB) *image.Gray {
	t.Helper()
	img := gocv.IMRead("../testdata/browser-cburnett.png", gocv.IMReadColor)
	if img.Empty() {
		t.Fatal("cannot read testdata/browser-cburnett.png")
	}
	defer img.Close()
	g, err := detect.Warp(img, [4]detect.Point{{X: 30, Y: 90}, {X: 590, Y: 90}, {X: 590, Y: 650}, {X: 30, Y: 650}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestRuntimesAgree runs the shipped model on both runtimes and checks that
// they give the same probabilities and the right pieces.
func TestRuntimesAgree(t *testing.T) {
	board := warped(t)
	var probs [2][64]classify.Probs
	var emb [2][][]float32
	for i, rt := range classify.Runtimes {
		c, err := classify.New(models.Digital, rt)
		if err != nil {
			t.Fatalf("%s: %v", rt, err)
		}
		r, err := c.Read(context.Background(), board)
		c.Close()
		if err != nil {
			t.Fatalf("%s: %v", rt, err)
		}
		probs[i], emb[i] = r.Probs, r.Embedding
	}
	if len(emb[0]) != 64 || len(emb[1]) != 64 || len(emb[0][0]) == 0 || len(emb[0][0]) != len(emb[1][0]) {
		t.Fatalf("embeddings missing or of different sizes")
	}
	for sq := range emb[0] {
		for k := range emb[0][sq] {
			if d := math.Abs(float64(emb[0][sq][k] - emb[1][sq][k])); d > 1e-3 {
				t.Fatalf("square %d feature %d: runtimes differ by %g", sq, k, d)
			}
		}
	}
	worst := 0.0
	for sq := range probs[0] {
		for k := range probs[0][sq] {
			worst = math.Max(worst, math.Abs(float64(probs[0][sq][k]-probs[1][sq][k])))
		}
	}
	if worst > 1e-4 {
		t.Errorf("runtimes differ by up to %g", worst)
	}
	// Row 8 of the position r1bq1rk1, as the picture shows it.
	want := []string{"r", "", "b", "q", "", "r", "k", ""}
	for c, w := range want {
		k, p := probs[0][c].Best()
		if classify.Labels[k] != w {
			t.Errorf("square %d: got %q (%.2f), want %q", c, classify.Labels[k], p, w)
		}
	}
}

// TestBadModels feeds files that are not usable models: each must give an
// error, never a panic or an abort of the process.
func TestBadModels(t *testing.T) {
	half := models.Digital[:len(models.Digital)/2]
	flipped := append([]byte(nil), models.Digital...)
	for i := 100; i < len(flipped); i += 997 {
		flipped[i] ^= 0xff
	}
	cases := map[string][]byte{
		"empty":     nil,
		"text":      []byte("this is not an onnx model\n"),
		"png":       {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13},
		"truncated": half,
		"zeros":     make([]byte, 4096),
		"corrupted": flipped,
	}
	for name, data := range cases {
		for _, rt := range classify.Runtimes {
			if _, err := classify.New(data, rt); err == nil {
				t.Errorf("%s on %s: no error", name, rt)
			}
		}
	}
	if _, err := classify.New(models.Digital, "tensorflow"); err == nil {
		t.Error("unknown runtime: no error")
	}
}

func TestClassifyRejectsWrongSize(t *testing.T) {
	c, err := classify.New(models.Digital, classify.OpenCV)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Classify(context.Background(), image.NewGray(image.Rect(0, 0, 100, 100))); err == nil {
		t.Error("100x100 board: no error")
	}
}

func BenchmarkClassify(b *testing.B) {
	board := warped(b)
	for _, rt := range classify.Runtimes {
		b.Run(string(rt), func(b *testing.B) {
			c, err := classify.New(models.Digital, rt)
			if err != nil {
				b.Fatal(err)
			}
			defer c.Close()
			for i := 0; i < b.N; i++ {
				if _, err := c.Classify(context.Background(), board); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestReadEach reads the same squares of several boards packed together,
// more crops than one run holds, as each board read alone gives them, on
// both runtimes and with both flat models.
func TestReadEach(t *testing.T) {
	board := warped(t)
	// The same board with rows shifted: boards that differ, as the moved
	// outlines of fenscan's rereading do.
	shifted := image.NewGray(board.Bounds())
	copy(shifted.Pix, board.Pix[3*board.Stride:])
	boards := []*image.Gray{board, shifted, board, shifted}
	var which [64]bool
	n := 0
	for sq := 0; sq < 64; sq += 2 {
		which[sq], n = true, n+1
	}
	if len(boards)*n <= classify.Batch {
		t.Fatalf("%d crops fit one run; the test needs more", len(boards)*n)
	}
	for _, model := range [][]byte{models.Digital, models.Digital2} {
		for _, rt := range classify.Runtimes {
			c, err := classify.New(model, rt)
			if err != nil {
				t.Fatalf("%s: %v", rt, err)
			}
			got, err := c.ReadEach(context.Background(), boards, which)
			if err != nil {
				t.Fatalf("%s: %v", rt, err)
			}
			for i, b := range boards {
				want, err := c.ReadSquares(context.Background(), b, which)
				if err != nil {
					t.Fatalf("%s: %v", rt, err)
				}
				for sq := range want.Probs {
					for k := range want.Probs[sq] {
						if d := math.Abs(float64(got[i][sq][k] - want.Probs[sq][k])); d > 1e-4 || !which[sq] && got[i][sq][k] != 0 {
							t.Fatalf("%s %s: board %d square %d class %d: %g packed, %g alone", c.ID(), rt, i, sq, k, got[i][sq][k], want.Probs[sq][k])
						}
					}
				}
			}
			c.Close()
		}
	}
}
