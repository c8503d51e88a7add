package detect

import (
	"image"
	"image/color"
	"math"
	"testing"

	"gocv.io/x/gocv"
)

// TestEdgeCells: a board in a picture, seen in perspective, with a mark
// printed in its border beside one corner square's left half (as the
// picture shows it) on each edge: every edge's cell turns the border so
// the board lies above, which puts each mark at the cell's top, on the
// side the turn gives it.
func TestEdgeCells(t *testing.T) {
	img, corners := markedBoard(t, 5,
		Point{0.25, -0.2}, // top edge, beside a8's left half (the picture's left)
		Point{8.2, 0.25},  // right edge, beside the top square's upper half
		Point{0.25, 8.2},  // bottom edge, beside the left square's left half
		Point{-0.2, 7.75}, // left edge, beside the bottom square's lower half
	)
	defer img.Close()
	cells, err := EdgeCells(img, corners, image.Pt(48, 40))
	if err != nil {
		t.Fatal(err)
	}
	// Where each mark must land in its cell (x along, y away from the
	// board) once the edge is turned to lie below the board.
	want := []struct {
		e    Edge
		i    int
		x, y int
	}{
		{Top, 0, 36, 10},   // turned over: left becomes right
		{Right, 0, 36, 10}, // turned a quarter clockwise: up becomes right
		{Bottom, 0, 12, 10},
		{Left, 7, 36, 10}, // a quarter the other way: down becomes right
	}
	for _, w := range want {
		c := cells[w.e][w.i]
		if c.Bounds().Dx() != 48 || c.Bounds().Dy() != 40 {
			t.Fatalf("edge %d cell is %v", w.e, c.Bounds())
		}
		bx, by := brightest(c)
		if abs(bx-w.x) > 4 || abs(by-w.y) > 4 {
			t.Errorf("edge %d cell %d: mark at (%d, %d), want near (%d, %d)", w.e, w.i, bx, by, w.x, w.y)
		}
		// The same edge's other cells hold nothing.
		other := cells[w.e][(w.i+4)%8]
		if maxValue(other) > 100 {
			t.Errorf("edge %d cell %d: a mark where none was printed", w.e, (w.i+4)%8)
		}
	}
}

// TestInnerCells: a board seen in perspective with a mark printed in a
// corner of an edge square on each edge, as screen boards print their
// coordinates: the mark lands in the cell of that corner, turned so that
// the edge lies along the cell's top, and in no cell of the other corner.
func TestInnerCells(t *testing.T) {
	img, corners := markedBoard(t, 4,
		Point{2.1, 0.1}, // top edge, square 2's left corner
		Point{7.9, 0.1}, // right edge, square 0's top corner (lichess's ranks)
		Point{4.9, 7.9}, // bottom edge, square 4's right corner (files)
		Point{0.1, 6.1}, // left edge, square 6's top corner (chess.com's ranks)
	)
	defer img.Close()
	cells, err := InnerCells(img, corners, image.Pt(48, 40), InnerSpan)
	if err != nil {
		t.Fatal(err)
	}
	// In a cell, x runs along the edge as the turn gives it and y in from
	// the edge: the marks lie near the top, 0.1 of a square (12 pixels at
	// the cells' scale) from the edge and from the corner.
	want := []struct {
		k    int
		e    Edge
		i    int
		x, y int
	}{
		{0, Top, 2, 12, 12},
		{0, Right, 0, 12, 12},  // a quarter turn: the square's top is the cell's left
		{1, Bottom, 4, 12, 12}, // turned over: the square's right is the cell's left
		{0, Left, 6, 36, 12},   // a quarter the other way: the square's top is the cell's right
	}
	for _, w := range want {
		c := cells[w.k][w.e][w.i]
		if c.Bounds().Dx() != 48 || c.Bounds().Dy() != 40 {
			t.Fatalf("edge %d cell is %v", w.e, c.Bounds())
		}
		bx, by := brightest(c)
		if maxValue(c) < 200 || abs(bx-w.x) > 8 || abs(by-w.y) > 6 {
			t.Errorf("corner %d of edge %d square %d: mark at (%d, %d), want near (%d, %d)", w.k, w.e, w.i, bx, by, w.x, w.y)
		}
		if maxValue(cells[1-w.k][w.e][w.i]) > 100 {
			t.Errorf("corner %d of edge %d square %d: a mark where none was printed", 1-w.k, w.e, w.i)
		}
	}
}

// TestEdgeSquare: the edge squares in the order the cells are cut, the
// top and bottom edges from the picture's left, the sides from its top.
func TestEdgeSquare(t *testing.T) {
	for _, c := range []struct {
		e       Edge
		i, want int
	}{
		{Top, 0, 0}, {Top, 7, 7}, {Right, 0, 7}, {Right, 7, 63},
		{Bottom, 0, 56}, {Bottom, 7, 63}, {Left, 0, 0}, {Left, 7, 56}, {Left, 3, 24},
	} {
		if got := c.e.Square(c.i); got != c.want {
			t.Errorf("edge %d square %d = %d, want %d", c.e, c.i, got, c.want)
		}
	}
}

// markedBoard returns a dark picture of a board seen in perspective, its
// corners, and white dots of the given radius printed at marks, given in
// the board's plane in square units (0 to 8 across its playing area).
func markedBoard(t *testing.T, radius int, marks ...Point) (gocv.Mat, [4]Point) {
	t.Helper()
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(40, 40, 40, 0), 600, 700, gocv.MatTypeCV8UC3)
	corners := [4]Point{{150, 120}, {560, 100}, {600, 520}, {110, 480}}
	h, ok := homography([4]Point{{0, 0}, {8, 0}, {8, 8}, {0, 8}}, corners)
	if !ok {
		img.Close()
		t.Fatal("no homography")
	}
	for _, m := range marks {
		p := apply(h, m)
		gocv.Circle(&img, image.Pt(int(p.X), int(p.Y)), radius, color.RGBA{255, 255, 255, 0}, -1)
	}
	return img, corners
}

// brightest returns the centre of the brightest pixels of g.
func brightest(g *image.Gray) (int, int) {
	top := maxValue(g)
	var sx, sy, n int
	for y := 0; y < g.Bounds().Dy(); y++ {
		for x := 0; x < g.Bounds().Dx(); x++ {
			if int(g.GrayAt(x, y).Y)+20 >= int(top) {
				sx, sy, n = sx+x, sy+y, n+1
			}
		}
	}
	return sx / n, sy / n
}

func maxValue(g *image.Gray) uint8 {
	var m uint8
	for _, v := range g.Pix {
		m = max(m, v)
	}
	return m
}

// TestWideInnerCells: a small board's rank digit reaches past the first
// two fifths of its square, out of the start corner's inner cell, and
// lies in both wide cells of its square, whose ends stand 0.2 of a square
// apart; a mark half a square in, beyond a third of one, lies in no inner
// cell and in the wide start cell.
func TestWideInnerCells(t *testing.T) {
	cell := image.Pt(48, 40)
	// At 60 pixels a square, along the left edge a wide cell's x runs from
	// the square's top at 47 (start cell) or 59 (end cell) down to 0, and y
	// from the edge 40 pixels in.
	cases := []struct {
		mark       Point // on the left edge's square 6
		start, end image.Point
		inEnd      bool
	}{
		{Point{0.1, 6.6}, image.Pt(11, 6), image.Pt(23, 6), true},
		{Point{0.5, 6.2}, image.Pt(35, 30), image.Point{}, false},
	}
	near := func(c *image.Gray, want image.Point) bool {
		x, y := brightest(c)
		return maxValue(c) >= 200 && abs(x-want.X) <= 6 && abs(y-want.Y) <= 5
	}
	for _, c := range cases {
		img, corners := markedBoard(t, 4, c.mark)
		narrow, err := InnerCells(img, corners, cell, InnerSpan)
		if err != nil {
			t.Fatal(err)
		}
		wide, err := InnerCells(img, corners, cell, WideInnerSpan)
		if err != nil {
			t.Fatal(err)
		}
		for _, span := range []float64{0, 1.5, math.NaN()} {
			if _, err := InnerCells(img, corners, cell, span); err == nil {
				t.Errorf("a span of %v was taken", span)
			}
		}
		img.Close()
		if v := maxValue(narrow[0][Left][6]); v > 100 {
			t.Errorf("mark %v: the inner start cell holds it (%d)", c.mark, v)
		}
		if !c.inEnd {
			if v := maxValue(narrow[1][Left][6]); v > 100 {
				t.Errorf("mark %v: the inner end cell holds it (%d)", c.mark, v)
			}
		}
		if !near(wide[0][Left][6], c.start) {
			x, y := brightest(wide[0][Left][6])
			t.Errorf("mark %v: in the wide start cell at (%d, %d), want near %v", c.mark, x, y, c.start)
		}
		if c.inEnd && !near(wide[1][Left][6], c.end) {
			x, y := brightest(wide[1][Left][6])
			t.Errorf("mark %v: in the wide end cell at (%d, %d), want near %v", c.mark, x, y, c.end)
		}
	}
}
