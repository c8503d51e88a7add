package classify

import (
	"image"
	"slices"
)

// plainRange is how far, in grey levels, the pixels of a plain square may
// spread, and how far its shade may be from that of the other plain
// squares of its colour: screenshots and clean renders have flat squares
// within a level or two, JPEG keeps them within a few; paper, hatching and
// wood textures spread much more, and such squares go to the network. On
// a board of low contrast the bound shrinks with the difference between
// its light and dark squares (a quarter of it, at least minRange), since
// faint pieces there differ from their squares by little more.
const (
	plainRange = 8
	minRange   = 2
)

// minPlain is the number of flat squares of one colour needed before any
// square of that colour is called plain: their median is the shade of an
// empty square of that colour.
const minPlain = 3

// Plain marks the squares of board (8x8 crops of size crop, row-major from
// the top-left) that plainly hold nothing: the middle of the crop, all but
// a sixth of its side at each edge, is one flat shade, and that shade is
// the median shade of the flat squares of the same colour. A piece of any
// design has outlines or details inside that window; a highlighted empty
// square has another shade and is left to the network. The margin keeps
// the window clear of the neighbouring squares when the board's corners
// are off by up to 2% of its side. Only square crops are judged: a photo's
// tall crops show the squares behind, which are never flat.
func Plain(board *image.Gray, crop image.Point) [64]bool {
	var plain [64]bool
	b := board.Bounds()
	if crop.X != crop.Y || crop.X < 12 || b.Dx() != 8*crop.X || b.Dy() != 8*crop.Y {
		return plain
	}
	m := crop.X / 6
	var spread, shade [64]int
	var all [2][]int
	for sq := range 64 {
		r, c := sq/8, sq%8
		lo, hi, sum, n := 255, 0, 0, 0
		for y := r*crop.Y + m; y < (r+1)*crop.Y-m; y++ {
			row := board.Pix[board.PixOffset(b.Min.X+c*crop.X, b.Min.Y+y):]
			for x := m; x < crop.X-m; x++ {
				v := int(row[x])
				lo, hi, sum = min(lo, v), max(hi, v), sum+v
				n++
			}
		}
		spread[sq], shade[sq] = hi-lo, (sum+n/2)/n
		all[colour(sq)] = append(all[colour(sq)], shade[sq])
	}
	limit := min(plainRange, max(minRange, abs(median(all[0])-median(all[1]))/4))
	var flat [2][]int
	for sq := range 64 {
		if spread[sq] <= limit {
			flat[colour(sq)] = append(flat[colour(sq)], shade[sq])
		}
	}
	med := [2]int{median(flat[0]), median(flat[1])}
	for sq := range 64 {
		k := colour(sq)
		plain[sq] = spread[sq] <= limit && len(flat[k]) >= minPlain && abs(shade[sq]-med[k]) <= limit
	}
	return plain
}

// colour is 0 for the squares of the top-left square's colour, 1 for the
// others.
func colour(sq int) int { return (sq/8 + sq%8) % 2 }

func median(v []int) int {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

func abs(x int) int { return max(x, -x) }
