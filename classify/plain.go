package classify

import (
	"image"
	"slices"
)

// plainRange is how far, in grey levels, the pixels of a plain square may
// spread, and how far its shade may be from that of the other plain
// squares of its colour: screenshots and clean renders have flat squares
// within a level or two, JPEG keeps most of their pixels within a few
// (see trimShare); paper, hatching and wood textures spread much more,
// and such squares go to the network. On a board of low contrast the
// bound shrinks with the difference between its light and dark squares
// (a quarter of it, at least minRange), since faint pieces there differ
// from their squares by little more.
const (
	plainRange = 8
	minRange   = 2
)

// minPlain is the number of flat squares of one colour needed before any
// square of that colour is called plain: their median is the shade of an
// empty square of that colour. They are counted flat but for a JPEG's
// ringing (trimShare): on a small JPEG board hardly a square is flat to
// its last pixel.
const minPlain = 3

// Plain marks the squares of board (8x8 crops of size crop, row-major from
// the top-left) that plainly hold nothing: the middle of the crop, all but
// a sixth of its side at each edge, is one flat shade to its last pixel,
// and that shade is the median shade of its colour's squares flat but
// for a JPEG's ringing (see minPlain). A piece of any design has outlines
// or details inside that window; a highlighted empty square has another
// shade and is left to the network. The margin keeps the window clear of
// the neighbouring squares when the board's corners are off by up to 2%
// of its side. Only square crops are judged: a photo's tall crops show
// the squares behind, which are never flat.
func Plain(board *image.Gray, crop image.Point) [64]bool {
	plain, _ := plainSquares(board, crop, [64]bool{})
	return plain
}

// PlainInside marks, of the squares marked in which, those that lie on
// the board picture's left or right file or bottom rank and are clear in
// the parts of their window that a coordinate printed in their outer
// corners leaves clear (see innerWindows): each part's shade is that of
// the square's colour, and all but one in offShare of its pixels lie
// within the bound of that shade (so that, unlike Plain's middles, a
// clean part may span twice the bound).
//
// Screens print the coordinates in those corners, and on a small board a
// digit fills up to two thirds of its square's height and half its width;
// the network, which saw smaller ones, may read it as a piece. In a JPEG
// the digit's ringing reaches across the rest of the square.
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
	var win levels
	count := func(sq int, w image.Rectangle) *levels {
		win.count(board, image.Pt(b.Min.X+sq%8*crop.X, b.Min.Y+sq/8*crop.Y), w)
		return &win
	}
	// Each middle's shade and spread, whole and trimmed.
	var shade, spread, trimmed [64]int
	var all [2][]int
	for sq := range 64 {
		w := count(sq, middle)
		shade[sq], spread[sq], trimmed[sq] = w.shade(), w.spread(0), w.spread(w.n/trimShare)
		all[colour(sq)] = append(all[colour(sq)], shade[sq])
	}
	limit := min(plainRange, max(minRange, abs(median(all[0])-median(all[1]))/4))
	// The shade of each colour's empty squares: the median of those flat
	// but for a JPEG's ringing.
	var flat [2][]int
	for sq := range 64 {
		if trimmed[sq] <= limit {
			flat[colour(sq)] = append(flat[colour(sq)], shade[sq])
		}
	}
	med := [2]int{median(flat[0]), median(flat[1])}
	near := func(sq, v int) bool {
		k := colour(sq)
		return len(flat[k]) >= minPlain && abs(v-med[k]) <= limit
	}
	for sq := range 64 {
		// A middle is plain only when every pixel keeps to the bound: a
		// faint piece of a worn print may differ from its square as
		// little as a JPEG's ringing, and be as sparse.
		plain[sq] = near(sq, shade[sq]) && spread[sq] <= limit
		if !which[sq] {
			continue
		}
		// Clear in every part of one of the square's sets of them: few
		// of its pixels stray, for the ringing round the coordinate.
		for _, ws := range innerWindows(sq, middle, crop) {
			clear := true
			for _, r := range ws {
				w := count(sq, r)
				if clear = near(sq, w.shade()) && w.off(med[colour(sq)], limit)*offShare <= w.n; !clear {
					break
				}
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

// trimShare sets how many of a middle's pixels its spread leaves out at
// each end when the flat squares that give a colour's shade are picked:
// one in trimShare. A JPEG's ringing scatters a few pixels of a flat
// square 10 to 30 levels off (a small board's 8x8 blocks reach across
// its squares' edges), where the rest keep within two or three. Its
// gain was measured together with offShare's, not apart.
const trimShare = 32

// offShare sets how many of the pixels of a part of a square that
// PlainInside calls clear may lie further from its colour's shade than
// the bound: one in offShare, for the ringing round a coordinate. On 600
// generated screens (gen_screens.py, seed 1 and seed 40's small boards
// with coordinates) a piece strays a quarter or more of some part of
// each set; on 192 book-style boards of unseen designs with print damage
// only pieces worn nearly away strayed under a tenth, the faintest that
// still showed its lines 6.6%, close above one in 16: a thin margin,
// from few boards. One in 8 read two more of 1,200 screens entirely
// right, but would have called that queen clear. Plain's middles allow
// none: there a faint pawn of a worn print strayed under a twentieth.
const offShare = 16

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
