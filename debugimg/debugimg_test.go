package debugimg

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/fenscan/fenscan"
	"github.com/fenscan/fenscan/assemble"
)

func scan(t *testing.T, name string) fenscan.Board {
	t.Helper()
	s, err := fenscan.New(fenscan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	boards, err := s.ScanFile(context.Background(), filepath.Join("../testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return boards[0]
}

// TestPictureSquare checks the labels' placement on real boards: seen from
// White's side the top-left square is a8; seen from Black's side it is h1.
func TestPictureSquare(t *testing.T) {
	for _, c := range []struct {
		picture      string
		orientation  assemble.Orientation
		topLeft      string
		topLeftPiece string
		bottomRight  string
	}{
		{"browser-cburnett.png", assemble.WhiteBottom, "a8", "r", "h1"},
		{"black-side-merida.png", assemble.BlackBottom, "h1", "R", "a8"},
	} {
		b := scan(t, c.picture)
		if b.Position.Orientation != c.orientation {
			t.Fatalf("%s: orientation %s", c.picture, b.Position.Orientation)
		}
		tl, br := PictureSquare(b, 0, 0), PictureSquare(b, 7, 7)
		if tl.Name != c.topLeft || tl.Piece != c.topLeftPiece || br.Name != c.bottomRight {
			t.Errorf("%s: top left %+v, bottom right %+v; want %s with %s, %s", c.picture, tl, br, c.topLeft, c.topLeftPiece, c.bottomRight)
		}
		m, err := Squares(b)
		if err != nil {
			t.Fatal(err)
		}
		if m.Cols() != 256*Scale || m.Rows() != 256*Scale || m.Channels() != 3 {
			t.Errorf("%s: squares picture %dx%d with %d channels", c.picture, m.Cols(), m.Rows(), m.Channels())
		}
		m.Close()
	}
}

func TestPaths(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"shots/a.png", "d/shots/a.png.outline.png"},
		{"../../up/a.png", "d/up/a.png.outline.png"},
		{"/abs/a.png", "d/abs/a.png.outline.png"},
		{"-", "d/stdin.outline.png"},
	} {
		got, boards := Paths("d", c.name, 2)
		if got != c.want || len(boards) != 2 || boards[1] != c.want[:len(c.want)-len(".outline.png")]+".board1.png" {
			t.Errorf("Paths(%q) = %q, %q; want %q", c.name, got, boards, c.want)
		}
	}
	if _, err := os.Stat("d"); err == nil {
		t.Error("Paths made a folder")
	}
}
