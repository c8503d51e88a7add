package detect

import "math"

const (
	// cutCells is how many samples a side of each cell of a line gets
	// for telling how much of the cell lies in the picture.
	cutCells = 8
	// cutMinCover and cutMaxCover bound the share of the line beyond an
	// outline that a cut may leave in the picture: less is too thin a
	// sliver to tell its shades, and a whole line is no cut.
	cutMinCover, cutMaxCover = 0.2, 0.97
	// cutMinChecker is how far apart, in grey levels, the light and dark
	// squares of the board's edge line must be for its checker to tell.
	cutMinChecker = 10
	// cutShare is how strongly the line beyond must keep the board's
	// checker, as a share of the edge line's. The real screenshots and
	// diagrams cut through an edge line (scripts/cut_pictures.py) that
	// the lattice framed a line inward keep most of it, or more, their
	// cells close to two shades (cutSpread); of some 3,700 lines checked
	// on 3,541 real pictures, generated screens and design boards, and
	// stress variants of real ones, one passes it and the far line's
	// check, and its second reading keeps the position.
	cutShare = 0.6
	// cutFar is how weakly the line at the other edge, which the outline
	// gives up, must keep the board's checker: what lies beside a board
	// does not.
	cutFar = 0.5
	// cutSpread is how far, as a share of the edge line's checker, the
	// cells of the line beyond may stray from two shades. Phone photos of
	// hatched print cut so stray by up to about 0.8 (uneven light,
	// pieces' bases at the rims); scattered shades, as text beside a
	// board, by more.
	cutSpread = 0.8
	// cutRim and cutRimMax bound how many samples each side of a cell's
	// rim gets for its shade, about one a pixel of its square's side.
	// cutInset is how far in from the cell's side its rim lies, as a
	// share of the cell. (Inset from its corners too, the rim read three
	// of the cut real pictures fewer.)
	cutRim, cutRimMax = 24, 256
	cutInset          = 1.0 / 16
)

// CutEdge reports the edge of the board q beyond which the picture's edge
// cuts a line of squares that continues q's checker: a board cropped
// through its edge squares, that the lattice framed a line inward, onto
// what lies beside it. The line beyond, where it lies in the picture (more
// than cutMinCover of it and less than cutMaxCover), must alternate light
// and dark as the board's squares would there, each cell the other shade
// of the edge square beside it (cutShare), its cells close to two shades
// (cutSpread): frames, margins and printed coordinates are even. And the
// line at the other edge, which the moved outline would give up, must not
// keep the checker (cutFar): q then framed what lies beside the board.
func (p *Picture) CutEdge(q [4]Point) (Edge, bool) {
	w, h := p.img.Cols(), p.img.Rows()
	// The picture's grey levels, made only once a line beyond the board
	// lies partly in it: most boards have none.
	var pix []uint8
	hm, ok := homography([4]Point{{0, 0}, {8, 0}, {8, 8}, {0, 8}}, q)
	if !ok {
		return 0, false
	}
	// at returns the index in pix of the pixel at pt, and whether pt lies
	// in the picture.
	at := func(pt Point) (int, bool) {
		x, y := int(math.Floor(pt.X)), int(math.Floor(pt.Y))
		return y*w + x, x >= 0 && y >= 0 && x < w && y < h
	}
	// A cell's rim is sampled about once a pixel along each side, so that
	// a hatched square reads as the mean of its lines and gaps, not as
	// whichever the samples fall on.
	rim := min(max(cutRim, int(LongestSide(q)/8)), cutRimMax)
	// grey samples the cell (col, row) of the board's lattice, rows and
	// columns -1 and 8 lying beyond it, and returns the mean of its rim's
	// samples in the picture (NaN before pix is read, or with fewer than
	// a quarter of them) and the share of the cell in the picture.
	grey := func(col, row int) (float64, float64) {
		in := 0
		for i := range cutCells {
			for j := range cutCells {
				if _, ok := at(apply(hm, Point{float64(col) + (float64(i)+0.5)/cutCells, float64(row) + (float64(j)+0.5)/cutCells})); ok {
					in++
				}
			}
		}
		cover := float64(in) / (cutCells * cutCells)
		if pix == nil {
			return math.NaN(), cover
		}
		// Pieces stand in a square's middle: its shade shows at its rim.
		sum, told := 0.0, 0
		for side := range 4 {
			for i := range rim {
				a := (float64(i) + 0.5) / float64(rim)
				u := [4]Point{{a, cutInset}, {1 - cutInset, a}, {a, 1 - cutInset}, {cutInset, a}}[side]
				if k, ok := at(apply(hm, Point{float64(col) + u.X, float64(row) + u.Y})); ok {
					sum += float64(pix[k])
					told++
				}
			}
		}
		if told < rim {
			return math.NaN(), cover
		}
		return sum / float64(told), cover
	}
	// line returns the checker of the line of squares beyond edge e, or
	// of its edge line (beyond false): half the difference of the mean
	// greys of its cells of one shade (column plus row even) and of the
	// other; how far its cells stray from their shade's mean, but the
	// furthest where seven or eight were told; the share of its cells in
	// the picture; and whether six cells at least could be told.
	line := func(e Edge, beyond bool) (checker, spread, cover float64, ok bool) {
		var sum, n [2]float64
		var g []float64
		var shade []int
		for i := range 8 {
			sq := e.Square(i)
			row, col := sq/8, sq%8
			if beyond {
				d := [4][2]int{Top: {0, -1}, Right: {1, 0}, Bottom: {0, 1}, Left: {-1, 0}}[e]
				col, row = col+d[0], row+d[1]
			}
			v, c := grey(col, row)
			cover += c / 8
			if !math.IsNaN(v) {
				k := (row + col) & 1
				sum[k] += v
				n[k]++
				g = append(g, v)
				shade = append(shade, k)
			}
		}
		// Six of eight alternating cells hold both shades.
		if len(g) < 6 {
			return 0, 0, cover, false
		}
		mean := [2]float64{sum[0] / n[0], sum[1] / n[1]}
		checker = (mean[0] - mean[1]) / 2
		// The spread leaves out the cell furthest from its shade's mean,
		// where seven or eight cells were told: a frame's corner or a
		// piece's base may reach one cell's rim.
		worst, most := -1, 0.0
		if len(g) > 6 {
			for i, v := range g {
				if d := math.Abs(v - mean[shade[i]]); d > most {
					worst, most = i, d
				}
			}
		}
		kept := float64(len(g))
		if worst >= 0 {
			sum[shade[worst]] -= g[worst]
			n[shade[worst]]--
			mean = [2]float64{sum[0] / n[0], sum[1] / n[1]}
			kept--
		}
		for i, v := range g {
			if i != worst {
				d := v - mean[shade[i]]
				spread += d * d / kept
			}
		}
		return checker, math.Sqrt(spread), cover, true
	}
	best, bestShare := Edge(0), 0.0
	for e := Top; e <= Left; e++ {
		if _, _, cover, _ := line(e, true); cover <= cutMinCover || cover >= cutMaxCover {
			continue
		}
		if pix == nil {
			src, _ := p.source(1)
			var err error
			if pix, err = src.DataPtrUint8(); err != nil || len(pix) < w*h {
				return 0, false
			}
		}
		beyond, spread, _, ok1 := line(e, true)
		edge, _, _, ok2 := line(e, false)
		far, _, farCover, ok3 := line((e+2)%4, false)
		if !ok1 || !ok2 || math.Abs(edge) < cutMinChecker {
			continue
		}
		// A far line mostly outside the picture gives up nothing seen; one
		// mostly in it whose cells cannot be told may still be the
		// board's: no cut is named.
		switch {
		case !ok3 && farCover >= 0.5:
			continue
		case !ok3:
			far = 0
		}
		if share := beyond / edge; share >= cutShare && spread < cutSpread*math.Abs(edge) && far/edge < cutFar && share > bestShare {
			best, bestShare = e, share
		}
	}
	return best, bestShare > 0
}
