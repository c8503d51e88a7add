// Package colours measures the colours of a flat board's squares, for the
// packages that read what online boards paint over them: the last move's
// highlight (marks) and analysis arrows (arrows).
package colours

import (
	"image"
	"math"
	"slices"
)

// Corners returns the colours of the four corners of the square of size
// pixels whose top-left pixel is (x0, y0) in board: top-left, top-right,
// bottom-left, bottom-right, each the median of a small patch set in
// from the square's edges, where pieces seldom reach.
func Corners(board *image.RGBA, x0, y0, size int) [4][3]float64 {
	inset, patch := max(1, size/16), max(2, size/8)
	var corners [4][3]float64
	for n, at := range [4][2]int{{inset, inset}, {size - inset - patch, inset}, {inset, size - inset - patch}, {size - inset - patch, size - inset - patch}} {
		var ch [3][]float64
		for y := at[1]; y < at[1]+patch; y++ {
			for x := at[0]; x < at[0]+patch; x++ {
				o := board.PixOffset(x0+x, y0+y)
				for k := range 3 {
					ch[k] = append(ch[k], float64(board.Pix[o+k]))
				}
			}
		}
		corners[n] = [3]float64{median(ch[0]), median(ch[1]), median(ch[2])}
	}
	return corners
}

// Median is the colour whose every channel is the median (the upper of
// two middles) of that channel of the colours cols[i], i in idx; black
// for none.
func Median(cols [][3]float64, idx []int) [3]float64 {
	var out [3]float64
	for k := range out {
		v := make([]float64, len(idx))
		for j, i := range idx {
			v[j] = cols[i][k]
		}
		out[k] = median(v)
	}
	return out
}

// Dist is the Euclidean distance between colours a and b.
func Dist(a, b [3]float64) float64 {
	return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
}

// median is the upper of the middles of v, sorting v; 0 for none.
func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	slices.Sort(v)
	return v[len(v)/2]
}
