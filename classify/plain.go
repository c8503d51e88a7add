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
	plain, _ := plainSquares(board, crop, [64]bool{})
	return plain
}

// PlainInside marks the squares in which that lie on the board picture's
// left or right file or bottom rank and are plain (as Plain says) in the
// parts of their window that a coordinate printed in their outer corners
// leaves clear (see innerWindows).
//
// Screens print the coordinates in those corners, and on a small board a
// digit fills up to two thirds of its square's height and half its width;
// the network, which saw smaller ones, may read it as a piece.
func PlainInside(board *image.Gray, crop image.Point, which [64]bool) [64]bool {
	_, inside := plainSquares(board, crop, which)
	return inside
}

// plainSquares returns Plain's squares and PlainInside's.
func plainSquares(board *image.Gray, crop image.Point, which [64]bool) (plain, inside [64]bool) {
	b := board.Bounds()
	if crop.X != crop.Y || crop.X < 12 || b.Dx() != 8*crop.X || b.Dy() != 8*crop.Y {
		return plain, inside
	}
	m := crop.X / 6
	middle := image.Rect(m, m, crop.X-m, crop.Y-m)
	// look returns the spread and mean shade of square sq's window w.
	look := func(sq int, w image.Rectangle) (spread, shade int) {
		r, c := sq/8, sq%8
		lo, hi, sum, n := 255, 0, 0, 0
		for y := r*crop.Y + w.Min.Y; y < r*crop.Y+w.Max.Y; y++ {
			row := board.Pix[board.PixOffset(b.Min.X+c*crop.X, b.Min.Y+y):]
			for x := w.Min.X; x < w.Max.X; x++ {
				v := int(row[x])
				lo, hi, sum = min(lo, v), max(hi, v), sum+v
				n++
			}
		}
		return hi - lo, (sum + n/2) / n
	}
	var spread, shade [64]int
	var all [2][]int
	for sq := range 64 {
		spread[sq], shade[sq] = look(sq, middle)
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
	isPlain := func(sq, spread, shade int) bool {
		k := colour(sq)
		return spread <= limit && len(flat[k]) >= minPlain && abs(shade-med[k]) <= limit
	}
	for sq := range 64 {
		plain[sq] = isPlain(sq, spread[sq], shade[sq])
		if !which[sq] {
			continue
		}
		// Plain in every window of one of the square's sets of them.
		for _, ws := range innerWindows(sq, middle, crop) {
			clear := true
			for _, w := range ws {
				sp, sh := look(sq, w)
				clear = clear && isPlain(sq, sp, sh)
			}
			inside[sq] = inside[sq] || clear
		}
	}
	return plain, inside
}

// innerWindows lists, where square sq lies on the board's left or right
// file or bottom rank, the sets of parts of its window w that a
// coordinate printed in its outer corners would leave clear; a piece
// marks at least one part of each set. A rank's digit stands at the top
// of its square, a file's letter at the bottom, on either side. The
// inner part starts a little past the middle, since an outline may be
// off by a pixel or two and a digit reach it. On the files the bottom
// quarter of the square is kept too, where every piece stands: a small
// piece on a board outlined a pixel or two off may lie wholly in the
// square's outer half. A corner of the bottom rank may hold a digit at
// the top and a letter at either bottom corner: its inner top quarter
// and one half of its bottom quarter are kept, for a piece's base spans
// both halves.
func innerWindows(sq int, w image.Rectangle, crop image.Point) [][]image.Rectangle {
	r, c := sq/8, sq%8
	if c != 0 && c != 7 && r != 7 {
		return nil
	}
	inner := w
	if c == 0 {
		inner.Min.X = max(inner.Min.X, crop.X*9/16)
	}
	if c == 7 {
		inner.Max.X = min(inner.Max.X, crop.X-crop.X*9/16)
	}
	if r == 7 {
		inner.Max.Y = min(inner.Max.Y, crop.Y-crop.Y*9/16)
	}
	base := w
	base.Min.Y = max(base.Min.Y, crop.Y*3/4)
	switch {
	case r != 7:
		return [][]image.Rectangle{{inner, base}}
	case c != 0 && c != 7:
		return [][]image.Rectangle{{inner}}
	}
	left, right := base, base
	left.Max.X, right.Min.X = crop.X/2, crop.X/2
	return [][]image.Rectangle{{inner, left}, {inner, right}}
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
