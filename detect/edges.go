package detect

import (
	"fmt"
	"image"
	"math"

	"gocv.io/x/gocv"
)

// Edge names a side of the picture's board: where its coordinates would
// be printed.
type Edge int

const (
	Top Edge = iota
	Right
	Bottom
	Left
)

// Square is the square, in row-major order from the board's top-left
// as the picture shows it, of the i-th edge square of edge e, counted as
// EdgeCells and InnerCells count them.
func (e Edge) Square(i int) int {
	switch e {
	case Top:
		return i
	case Bottom:
		return 56 + i
	case Left:
		return 8 * i
	}
	return 8*i + 7
}

// EdgeCells cuts the border around a board into the 32 cells beside its
// edge squares, where boards print their file letters and rank digits.
// Each cell is one square wide along its edge and reaches cell.Y/cell.X
// squares out from it, warped flat to cell.X x cell.Y pixels and turned
// so that the playing area lies above it: a glyph then shows in one of
// four turns whichever edge it is printed on. cells[e][i] is the cell
// beside the i-th square of edge e, counted from the picture's left for
// the top and bottom edges and from its top for the others. Where the
// border runs off the picture, its outermost pixels are repeated.
func EdgeCells(img gocv.Mat, corners [4]Point, cell image.Point) (cells [4][8]*image.Gray, err error) {
	if cell.X < 1 || cell.Y < 1 {
		return cells, fmt.Errorf("edge cells: cell size %v", cell)
	}
	depth := float64(cell.Y) / float64(cell.X)
	unit := [4]Point{{0, 0}, {8, 0}, {8, 8}, {0, 8}}
	h, ok := homography(unit, corners)
	if !ok {
		return cells, fmt.Errorf("edge cells: degenerate board outline")
	}
	var outer [4]Point
	for i, u := range unit {
		dx, dy := depth, depth
		if u.X == 0 {
			dx = -depth
		}
		if u.Y == 0 {
			dy = -depth
		}
		outer[i] = apply(h, Point{u.X + dx, u.Y + dy})
	}
	d, s := cell.Y, cell.X
	size := 8*s + 2*d
	g, err := warpGrey(img, outer, size)
	if err != nil {
		return cells, fmt.Errorf("edge cells: %w", err)
	}
	at := func(x, y int) uint8 { return g.Pix[y*g.Stride+x] }
	for i := 0; i < 8; i++ {
		a := d + i*s // where the i-th square starts along its edge
		cells[Top][i] = cut(cell, func(x, y int) uint8 { return at(a+s-1-x, d-1-y) })
		cells[Bottom][i] = cut(cell, func(x, y int) uint8 { return at(a+x, d+8*s+y) })
		cells[Left][i] = cut(cell, func(x, y int) uint8 { return at(d-1-y, a+x) })
		cells[Right][i] = cut(cell, func(x, y int) uint8 { return at(d+8*s+y, a+s-1-x) })
	}
	return cells, nil
}

// cut fills a cell-sized picture from src, given in the cell's own
// coordinates (x along the edge, y away from the board).
func cut(cell image.Point, src func(x, y int) uint8) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, cell.X, cell.Y))
	for y := 0; y < cell.Y; y++ {
		for x := 0; x < cell.X; x++ {
			g.Pix[y*g.Stride+x] = src(x, y)
		}
	}
	return g
}

// InnerSpan is how much of a square's side an inner cell spans along
// the edge: screen boards print a coordinate in a corner of an edge
// square, a fifth to a third of the square high. WideInnerSpan is twice
// that, for small boards, whose coordinates' font keeps a least size of
// its own: set a fifth of a square in from the corner, their digits reach
// two thirds of the way along the edge and half-way in.
const (
	InnerSpan     = 0.4
	WideInnerSpan = 0.8
)

// InnerCells cuts the corners of the board's edge squares, where screen
// boards (lichess, chess.com) print their file letters and rank digits
// inside the board: cells[0][e][i] is the corner at the start of the
// i-th square of edge e (its left for the top and bottom edges, its top
// for the others, counted as in EdgeCells), cells[1][e][i] the corner at
// its end. Each cell spans span of a square along the edge (InnerSpan or
// WideInnerSpan) and reaches in from it cell.Y/cell.X times as far (a
// third of a square with InnerSpan and 48x40 cells, two thirds with
// WideInnerSpan), scaled to cell.X x cell.Y pixels and turned so that the
// edge lies along its top. Above a span of one half the two corners'
// cells overlap.
func InnerCells(img gocv.Mat, corners [4]Point, cell image.Point, span float64) (cells [2][4][8]*image.Gray, err error) {
	if cell.X < 1 || cell.Y < 1 || !(span > 0 && span <= 1) {
		return cells, fmt.Errorf("inner cells: cell size %v, span %v", cell, span)
	}
	q := int(math.Round(float64(cell.X) / span)) // pixels a square
	size := 8 * q
	g, err := warpGrey(img, corners, size)
	if err != nil {
		return cells, fmt.Errorf("inner cells: %w", err)
	}
	at := func(x, y int) uint8 { return g.Pix[y*g.Stride+x] }
	w, last := cell.X, size-1
	for k := range cells {
		for i := 0; i < 8; i++ {
			a := i * q // where the cell starts along its edge
			if k == 1 {
				a += q - w
			}
			// Each is a turn of the picture, never a mirror image, so that
			// a glyph reads as itself.
			cells[k][Top][i] = cut(cell, func(x, y int) uint8 { return at(a+x, y) })
			cells[k][Bottom][i] = cut(cell, func(x, y int) uint8 { return at(a+w-1-x, last-y) })
			cells[k][Left][i] = cut(cell, func(x, y int) uint8 { return at(y, a+w-1-x) })
			cells[k][Right][i] = cut(cell, func(x, y int) uint8 { return at(last-y, a+x) })
		}
	}
	return cells, nil
}
