package detect

import (
	"errors"
	"math"
	"testing"

	"gocv.io/x/gocv"
)

// TestFind checks the corners found on testdata pictures against where
// scripts/make_testdata.py drew the boards.
func TestFind(t *testing.T) {
	cases := []struct {
		file       string
		x, y, side float64
	}{
		{"browser-cburnett.png", 30, 90, 560},
		{"black-side-merida.png", 0, 0, 384},
		{"small-chessnut.jpg", 30, 20, 128},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			img := gocv.IMRead("../testdata/"+c.file, gocv.IMReadColor)
			defer img.Close()
			boards, err := Find(img, Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := [4]Point{{c.x, c.y}, {c.x + c.side, c.y}, {c.x + c.side, c.y + c.side}, {c.x, c.y + c.side}}
			// The classifier tolerates about 2% of the board's width.
			tol := 0.01 * c.side
			for i, p := range boards[0].Corners {
				if d := math.Hypot(p.X-want[i].X, p.Y-want[i].Y); d > tol {
					t.Errorf("corner %d at (%.1f, %.1f), want (%.0f, %.0f)", i, p.X, p.Y, want[i].X, want[i].Y)
				}
			}
		})
	}
}

func TestFindNoBoard(t *testing.T) {
	img := gocv.IMRead("../testdata/text-page.png", gocv.IMReadColor)
	defer img.Close()
	if _, err := Find(img, Options{}); !errors.Is(err, ErrNoBoard) {
		t.Fatalf("text page: got %v, want ErrNoBoard", err)
	}
	// A square frame around text is no board, though nothing else is
	// found: its text runs across the lines between squares.
	framed := gocv.IMRead("../testdata/framed-text.png", gocv.IMReadColor)
	defer framed.Close()
	if bs, err := Find(framed, Options{}); !errors.Is(err, ErrNoBoard) {
		t.Fatalf("framed text: got %v, %v; want ErrNoBoard", bs, err)
	}
	blank := gocv.NewMatWithSize(300, 300, gocv.MatTypeCV8UC3)
	defer blank.Close()
	if _, err := Find(blank, Options{}); !errors.Is(err, ErrNoBoard) {
		t.Fatalf("blank picture: got %v, want ErrNoBoard", err)
	}
}

// TestFindBare finds boards with no dark squares from their frames alone,
// marked Bare; its callers must check their squares, as framed-marks
// shows: rings inside the squares of an empty frame pass the finder.
func TestFindBare(t *testing.T) {
	for name, bare := range map[string]bool{
		"books/font-kingdom-11.png": true, "books/font-condal-10.png": true, "framed-marks.png": true,
		"books/font-condal-09.jpg": false, // faint hatching: its squares alternate
	} {
		img := gocv.IMRead("../testdata/"+name, gocv.IMReadColor)
		bs, err := Find(img, Options{})
		img.Close()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(bs) != 1 || bs[0].Bare != bare {
			t.Errorf("%s: %d boards, the first bare: %v; want one, bare: %v", name, len(bs), bs[0].Bare, bare)
		}
	}
}

func TestFindBadInput(t *testing.T) {
	empty := gocv.NewMat()
	defer empty.Close()
	if _, err := Find(empty, Options{}); err == nil {
		t.Error("empty picture: no error")
	}
	tiny := gocv.NewMatWithSize(5, 5, gocv.MatTypeCV8UC3)
	defer tiny.Close()
	if _, err := Find(tiny, Options{}); err == nil {
		t.Error("5x5 picture: no error")
	}
}

func BenchmarkFind(b *testing.B) {
	img := gocv.IMRead("../testdata/browser-cburnett.png", gocv.IMReadColor)
	defer img.Close()
	for i := 0; i < b.N; i++ {
		if _, err := Find(img, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
