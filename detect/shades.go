package detect

import (
	"cmp"
	"image"
	"slices"
)

// minShadeSquares is how many squares of each colour Shades needs.
const minShadeSquares = 4

// Shades returns the shade (0 to 255) of the squares of a warped board
// (see Warp) that have the colour of its top-left square, and of the
// others, each the median over the squares marked in use of the median of
// each one's middle. A piece standing in from a neighbouring square, or a
// square misjudged empty, moves a median little. ok is false when fewer
// than minShadeSquares squares of a colour are in use.
func Shades(board *image.Gray, use [64]bool) (topLeft, other float64, ok bool) {
	var shades [2][]uint8
	b := board.Bounds()
	s := b.Dx() / 8
	lo, hi := s/4, s-s/4 // the middle half of each side
	for sq, u := range use {
		if !u {
			continue
		}
		r, c := sq/8, sq%8
		var px []uint8
		for y := r*s + lo; y < r*s+hi; y++ {
			row := board.Pix[board.PixOffset(b.Min.X, b.Min.Y+y):]
			px = append(px, row[c*s+lo:c*s+hi]...)
		}
		shades[(r+c)%2] = append(shades[(r+c)%2], medianOf(px))
	}
	if len(shades[0]) < minShadeSquares || len(shades[1]) < minShadeSquares {
		return 0, 0, false
	}
	return float64(medianOf(shades[0])), float64(medianOf(shades[1])), true
}

// medianOf returns the median of v, which it sorts.
func medianOf[T cmp.Ordered](v []T) T {
	slices.Sort(v)
	return v[len(v)/2]
}
