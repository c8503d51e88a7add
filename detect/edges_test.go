package detect

import (
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"
)

// TestEdgeCells: a board in a picture, seen in perspective, with a mark
// printed in its border beside one corner square's left half (as the
// picture shows it) on each edge: every edge's cell turns the border so
// the board lies above, which puts each mark at the cell's top, on the
// side the turn gives it.
func TestEdgeCells(t *testing.T) {
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(40, 40, 40, 0), 600, 700, gocv.MatTypeCV8UC3)
	defer img.Close()
	// The board's plane in square units, mapped into the picture.
	corners := [4]Point{{150, 120}, {560, 100}, {600, 520}, {110, 480}}
	h, ok := homography([4]Point{{0, 0}, {8, 0}, {8, 8}, {0, 8}}, corners)
	if !ok {
		t.Fatal("no homography")
	}
	mark := func(u, v float64) {
		p := apply(h, Point{u, v})
		gocv.Circle(&img, image.Pt(int(p.X), int(p.Y)), 5, color.RGBA{255, 255, 255, 0}, -1)
	}
	mark(0.25, -0.2) // top edge, beside a8's left half (the picture's left)
	mark(8.2, 0.25)  // right edge, beside the top square's upper half
	mark(0.25, 8.2)  // bottom edge, beside the left square's left half
	mark(-0.2, 7.75) // left edge, beside the bottom square's lower half
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

func abs(x int) int { return max(x, -x) }
