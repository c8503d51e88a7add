package detect

import (
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"

	"github.com/fenscan/fenscan/internal/testfiles"
)

// TestCutEdge cuts testdata screenshots through an edge line of their
// board, by 40% of a square, which the lattice then frames a line inward,
// onto the panel or bar beside the board: CutEdge must name the cut edge.
// The whole pictures, a board cut by a picture's edge framed right, and a
// tight crop with coordinates beside the board must name none.
func TestCutEdge(t *testing.T) {
	for _, c := range []struct {
		file  string
		cut   Edge
		whole bool // not cut: no edge to name
	}{
		{file: "browser-cburnett.png", cut: Left},
		{file: "rhosgfx-phone.png", cut: Top},
		{file: "screens/phone-bars.png", cut: Bottom},
		{file: "browser-cburnett.png", whole: true},
		{file: "small-cburnett-coords.png", whole: true},
		{file: "screens/pale-tight-shapes.png", whole: true},
	} {
		img := gocv.IMRead("../testdata/"+c.file, gocv.IMReadColor)
		if img.Empty() {
			t.Fatalf("%s: cannot read", c.file)
		}
		found, err := Find(img, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		q := found[0].Corners
		if !c.whole {
			cropped, r := testfiles.CutSide(img, [4]float64{q[0].Y, q[1].X, q[3].Y, q[0].X}, int(c.cut), 0.4*(q[1].X-q[0].X)/8, false)
			img.Close()
			img = cropped
			// The outline framed right, its cut line half outside the
			// picture: nothing beyond it lies in the picture.
			var framed [4]Point
			for i, p := range q {
				framed[i] = Point{p.X - float64(r.Min.X), p.Y - float64(r.Min.Y)}
			}
			pic := NewPicture(img)
			if e, ok := pic.CutEdge(framed); ok {
				t.Errorf("%s cut on edge %d, framed right: cut edge %d", c.file, c.cut, e)
			}
			pic.Close()
			if found, err = Find(img, Options{}); err != nil {
				t.Fatalf("%s cut on edge %d: %v", c.file, c.cut, err)
			}
			q = found[0].Corners
		}
		pic := NewPicture(img)
		e, ok := pic.CutEdge(q)
		switch {
		case c.whole && ok:
			t.Errorf("%s, whole: cut edge %d", c.file, e)
		case !c.whole && (!ok || e != c.cut):
			t.Errorf("%s cut on edge %d, framed at %v: cut edge %d, %v", c.file, c.cut, q, e, ok)
		}
		pic.Close()
		img.Close()
	}
}

// TestCutEdgeGuards draws a board of 41-pixel squares whose right edge
// line the picture's edge cuts in half, framed a file inward (the outline
// from x=0 to 328 over a picture 348 wide): with a blank panel on the
// outline's left file the cut edge is the right one; with the board's
// checker there instead the outline gave up a line of the board, and with
// the cut line's shades scattered it is no board's line; with the
// outline's left file outside the picture, it is the right edge again.
// So it is when the board is printed, its dark squares hatched, and
// photographed under uneven light, with a piece's base reaching the rim
// of one cell of the cut line: the rims' means must see through the
// hatching, and the spread leave out one stray cell.
func TestCutEdgeGuards(t *testing.T) {
	// 41 pixels a square: a print's hatching does not repeat with its
	// squares.
	const sq, light, dark = 41, 220, 90
	for _, c := range []struct {
		name    string
		panel   bool // a blank panel on the outline's left file
		scatter bool // the cut line's cells strayed from two shades
		left    int  // the outline's left edge, in pixels
		printed bool // dark squares hatched, light uneven, a piece's base on the cut line
		want    bool
	}{
		{"panel", true, false, 0, false, true},
		{"board on both sides", false, false, 0, false, false},
		{"scattered", true, true, 0, false, false},
		// The outline's left file lies left of the picture: giving it up
		// loses nothing seen. (Partly in the picture, its checker would
		// say the board may go on there.)
		{"left file outside", false, false, 2 - sq, false, true},
		{"printed", true, false, 0, true, true},
		{"printed, board on both sides", false, false, 0, true, false},
	} {
		g := image.NewGray(image.Rect(0, 0, 8*sq+sq/2+c.left, 8*sq))
		for y := 0; y < g.Rect.Dy(); y++ {
			for x := 0; x < g.Rect.Dx(); x++ {
				row, col := y/sq, (x-c.left)/sq
				v := uint8(light)
				if (row+col)&1 == 1 {
					v = dark
				}
				switch {
				case c.panel && col == 0:
					v = 255
				case c.scatter && col == 8:
					// Light cells 255 and 120, dark 30 and 160, by turns:
					// their means still a checker, their spread too wide.
					v = [4]uint8{255, 30, 120, 160}[row%4]
				case c.printed && v == dark && (x+y)%5 > 1:
					v = light // hatching: lines 2 pixels wide, 5 apart
				case c.printed && col == 8 && row == 2 && y%sq > sq*3/4:
					v = 30 // a piece's base
				}
				if c.printed {
					v = uint8(float64(v) * (0.8 + 0.2*float64(x)/float64(g.Rect.Dx())))
				}
				g.SetGray(x, y, color.Gray{Y: v})
			}
		}
		img, err := gocv.ImageGrayToMatGray(g)
		if err != nil {
			t.Fatal(err)
		}
		pic := NewPicture(img)
		l := float64(c.left)
		e, ok := pic.CutEdge([4]Point{{l, 0}, {l + 8*sq, 0}, {l + 8*sq, 8 * sq}, {l, 8 * sq}})
		if ok != c.want || ok && e != Right {
			t.Errorf("%s: cut edge %d, %v; want right, %v", c.name, e, ok, c.want)
		}
		pic.Close()
		img.Close()
	}
}
