// Package marks reads what online boards paint on squares besides pieces:
// the two squares of the last move, tinted so the players can follow the
// game. The assembler uses them to tell the side to move and en passant.
package marks

import (
	"image"
	"math"
	"sort"

	"github.com/fenscan/fenscan/internal/colours"
)

// minTint is the least colour distance (0-255 per channel, Euclidean)
// between a square's edge and the usual colour of its kind of square for
// the square to count as tinted. Printed and scanned greys vary by less;
// lichess and chess.com highlights differ by 40 and more.
const minTint = 24

// maxNoise is the most the typical square may depart from the usual colour
// of its shade on a board whose highlights can be read.
const maxNoise = 8

// Highlights returns the squares, row-major from the picture's top-left,
// whose colour departs from the other squares of their shade, when exactly
// two do: the last move. Anything else (none, arrows and circles over
// many squares, a scan's noise) gives none, since a wrong side to move is
// worse than an unknown one.
func Highlights(board *image.RGBA) [64]bool {
	var out [64]bool
	b := board.Bounds()
	sq := b.Dx() / 8
	if sq < 6 || b.Dy() != b.Dx() {
		return out
	}
	var cols [64][3]float64
	var spread [64]float64
	for i := range cols {
		cols[i], spread[i] = cornerColour(board, i/8, i%8, sq)
	}
	var tint [64]float64
	for parity := 0; parity < 2; parity++ {
		var group []int
		for i := range cols {
			if (i/8+i%8)%2 == parity {
				group = append(group, i)
			}
		}
		usual := colours.Median(cols[:], group)
		var d []float64
		for _, i := range group {
			tint[i] = colours.Dist(cols[i], usual)
			d = append(d, tint[i])
			// A highlight paints the whole square in a colour; corners that
			// disagree are hatching, noise or a piece, and a shift without
			// hue is ink or shadow.
			if spread[i] > minTint/2 || chroma(cols[i], usual) < minTint/2 {
				tint[i] = 0
			}
		}
		// Hatched, grained or scanned squares vary among themselves; such
		// boards carry no highlights to read.
		if median(d) > maxNoise {
			return out
		}
	}
	order := make([]int, 64)
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return tint[order[a]] > tint[order[b]] })
	// Two squares must stand out, and clearly more than any third: a piece
	// or a coordinate reaching a corner departs a little, a highlight a lot.
	second, third := tint[order[1]], tint[order[2]]
	if second >= minTint && third < math.Max(minTint, 0.6*second) {
		out[order[0]], out[order[1]] = true, true
	}
	return out
}

// cornerColour is the colour of the square's corners, which pieces seldom
// reach, and how far two corners that should agree stray from each other.
// The top corners come first: pieces stand on broad bases and end in
// narrow heads, and lichess draws coordinates in a bottom and a top-left
// corner only.
func cornerColour(board *image.RGBA, r, c, sq int) ([3]float64, float64) {
	corners := colours.Corners(board, board.Bounds().Min.X+c*sq, board.Bounds().Min.Y+r*sq, sq)
	best, spread := [3]float64{}, math.Inf(1)
	for _, p := range [][2]int{{0, 1}, {1, 3}, {0, 2}, {2, 3}} {
		a, b := corners[p[0]], corners[p[1]]
		if d := colours.Dist(a, b); d < spread {
			best, spread = [3]float64{(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2}, d
			if d < minTint/2 {
				break
			}
		}
	}
	return best, spread
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	sort.Float64s(v)
	return v[len(v)/2]
}

// chroma is how unevenly the channels moved from b to a: zero for a change
// of grey level, large for a coloured tint.
func chroma(a, b [3]float64) float64 {
	d := [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]}
	return math.Max(d[0], math.Max(d[1], d[2])) - math.Min(d[0], math.Min(d[1], d[2]))
}
