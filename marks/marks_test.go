package marks_test

import (
	"testing"

	"github.com/fenscan/fenscan/detect"
	"github.com/fenscan/fenscan/marks"
	"gocv.io/x/gocv"
)

func TestHighlights(t *testing.T) {
	cases := []struct {
		file string
		want []int // squares row-major from the picture's top-left
	}{
		// Last move O-O-O: e1 and c1, White at the bottom.
		{"browser-cburnett.png", []int{7*8 + 2, 7*8 + 4}},
		// Last move Nf3 (g1-f3) on a board seen from Black's side.
		{"black-side-merida.png", []int{0*8 + 1, 2*8 + 2}},
		// No highlight drawn.
		{"small-chessnut.jpg", nil},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			img := gocv.IMRead("../testdata/"+c.file, gocv.IMReadColor)
			defer img.Close()
			boards, err := detect.Find(img, detect.Options{})
			if err != nil {
				t.Fatal(err)
			}
			board, err := detect.WarpColor(img, boards[0].Corners, 128)
			if err != nil {
				t.Fatal(err)
			}
			got := marks.Highlights(board)
			var want [64]bool
			for _, i := range c.want {
				want[i] = true
			}
			if got != want {
				t.Errorf("got %v, want %v", on(got), c.want)
			}
		})
	}
}

func on(b [64]bool) []int {
	var out []int
	for i, v := range b {
		if v {
			out = append(out, i)
		}
	}
	return out
}
