package detect

import (
	"fmt"
	"image"

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
	m, err := warp(img, outer, size, true)
	if err != nil {
		return cells, fmt.Errorf("edge cells: %w", err)
	}
	defer m.Close()
	pix, err := m.DataPtrUint8()
	if err != nil {
		return cells, fmt.Errorf("edge cells: %w", err)
	}
	at := func(x, y int) uint8 { return pix[y*size+x] }
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
