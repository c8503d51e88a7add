package detect

import (
	"math"

	"gocv.io/x/gocv"
)

const (
	// piecesMin is the fewest pieces that must stand on one lattice for a
	// board to be placed from its pieces: two kings and a few more, and
	// fewer than a line of text's letters make by chance.
	piecesMin = 6
	// piecesMaxBlobs bounds the patches of ink, specks included, looked
	// at: a page of text or a photo's texture holds thousands, a board's
	// pieces a few dozen, a damaged scan's specks some hundreds.
	piecesMaxBlobs = 3000
	// piecesStep is the ratio between the square sizes tried.
	piecesStep = 1.02
	// piecesTolX and piecesTolY are how far, in squares, a piece's centre
	// may stand from its square's: pieces are centred across a square, but
	// a pawn sits lower than a king is tall.
	piecesTolX, piecesTolY = 0.15, 0.2
	// piecesMinHeight and piecesMaxHeight bound a piece's height, in
	// squares. At half the true step a piece would be taller than its
	// square and is left out; at twice it most pieces stand between the
	// lattice's points, so the count picks the true step.
	piecesMinHeight, piecesMaxHeight = 0.35, 1.0
	// piecesLineInk is the most ink the lines between the squares of a
	// board of pieces may hold, relative to its ink on the whole (see
	// lineInk): pieces stand inside their squares. 0.39 at most on the
	// held-out design boards whose pieces alone show, 0.67 and more on the
	// lattices that the letters of text, a figure or a photo make.
	piecesLineInk = 0.5
)

// blob is the bounding box of one connected patch of ink.
type blob struct{ x, y, w, h float64 }

func (b blob) cx() float64 { return b.x + b.w/2 }
func (b blob) cy() float64 { return b.y + b.h/2 }

// fromPieces places a board by where its pieces stand, for a picture in
// which nothing with squares was found: a diagram whose dark squares a
// scan thresholded away and that has no frame, or a board drawn in tints
// too pale to tell apart (Find also keeps it to read in place of a frame
// or a faint board whose squares do not read like a board's). Pieces
// stand one to a square, each about as tall as its square or a little
// less, centred across it: the patches of ink of that size whose centres
// fall on one square lattice give its step and phase, and the files and
// ranks they span its place. Where the pieces leave an edge file or rank
// empty, the board is the window of eight that fits in the picture and is
// most central in it. A lattice with much ink on the lines between its
// squares is text or a figure, not pieces. Like a bare frame, the board
// comes back Bare for the caller to check that its squares read like a
// board's, and marked FromPieces.
func fromPieces(grey gocv.Mat) (Board, bool) {
	blobs, ok := inkBlobs(grey)
	if !ok {
		return Board{}, false
	}
	best, ok := bestPieces(blobs, float64(minBoard)/8, float64(min(grey.Cols(), grey.Rows()))/7.5)
	if !ok {
		return Board{}, false
	}
	c0, r0, ok := placePieces(best, grey.Cols(), grey.Rows())
	if !ok {
		return Board{}, false
	}
	x0 := best.x0 + (float64(c0)-0.5)*best.s
	y0 := best.y0 + (float64(r0)-0.5)*best.s
	x1, y1 := x0+8*best.s, y0+8*best.s
	if lineInk(grey, x0, y0, x1, y1) > piecesLineInk {
		return Board{}, false
	}
	return Board{Corners: [4]Point{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, Bare: true, FromPieces: true}, true
}

// inkBlobs returns the patches of ink (Otsu's threshold) at least 4
// pixels tall, or false when there are too many to be a board's pieces or
// too few.
func inkBlobs(grey gocv.Mat) ([]blob, bool) {
	ink := gocv.NewMat()
	defer ink.Close()
	gocv.Threshold(grey, &ink, 0, 255, gocv.ThresholdBinaryInv|gocv.ThresholdOtsu)
	labels, stats, centroids := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer labels.Close()
	defer stats.Close()
	defer centroids.Close()
	n := gocv.ConnectedComponentsWithStats(ink, &labels, &stats, &centroids)
	if n-1 > piecesMaxBlobs {
		return nil, false
	}
	var blobs []blob
	for i := 1; i < n; i++ {
		at := func(k gocv.ConnectedComponentsTypes) float64 { return float64(stats.GetIntAt(i, int(k))) }
		if at(gocv.CC_STAT_HEIGHT) < 4 {
			continue
		}
		blobs = append(blobs, blob{at(gocv.CC_STAT_LEFT), at(gocv.CC_STAT_TOP), at(gocv.CC_STAT_WIDTH), at(gocv.CC_STAT_HEIGHT)})
	}
	return blobs, len(blobs) >= piecesMin
}

// piecesFit is a square lattice of side s with a square's centre at
// (x0, y0), the n pieces on it, and the first and last file (k0[0],
// k1[0]) and rank (k0[1], k1[1]) they stand on, counted from (x0, y0).
type piecesFit struct {
	s, x0, y0 float64
	n         int
	k0, k1    [2]int
}

// fitPieces fits a lattice of squares of about side s to the blobs sized
// like pieces on such squares: the phase of their centres, then the step
// and phase again by least squares on those that fall on it. It fails
// when they span more than eight files or ranks (two boards, or none).
func fitPieces(blobs []blob, s float64) (piecesFit, bool) {
	var pts []blob
	for _, b := range blobs {
		if b.h >= piecesMinHeight*s && b.h <= piecesMaxHeight*s && b.w <= piecesMaxHeight*s {
			pts = append(pts, b)
		}
	}
	if len(pts) < piecesMin {
		return piecesFit{}, false
	}
	f := piecesFit{s: s, x0: phase(pts, blob.cx, s), y0: phase(pts, blob.cy, s)}
	on := f.on(pts)
	if len(on) < piecesMin {
		return piecesFit{}, false
	}
	f.x0, f.y0 = phase(on, blob.cx, s), phase(on, blob.cy, s)
	on = f.on(pts)
	if len(on) < piecesMin || !f.refine(on) {
		return piecesFit{}, false
	}
	// Squares, not blobs, are counted: an outlined piece can fall into
	// two patches of ink (its outline and a band inside), both centred.
	squares := map[[2]int]bool{}
	f.k0, f.k1 = [2]int{math.MaxInt, math.MaxInt}, [2]int{math.MinInt, math.MinInt}
	for _, b := range f.on(pts) {
		k := f.index(b)
		squares[k] = true
		for d := range k {
			f.k0[d], f.k1[d] = min(f.k0[d], k[d]), max(f.k1[d], k[d])
		}
	}
	f.n = len(squares)
	return f, f.n >= piecesMin && f.k1[0]-f.k0[0] < 8 && f.k1[1]-f.k0[1] < 8
}

// bestPieces fits lattices of squares from side lo to hi, each piecesStep
// larger than the last, and returns the one with the most squares with
// pieces; false when none fits.
func bestPieces(blobs []blob, lo, hi float64) (piecesFit, bool) {
	var best piecesFit
	for s := lo; s <= hi; s *= piecesStep {
		if f, ok := fitPieces(blobs, s); ok && f.n > best.n {
			best = f
		}
	}
	return best, best.n >= piecesMin
}

// phase returns where on a lattice of step s the coordinates v of the
// blobs fall, as the circular mean of their positions within a step.
func phase(bs []blob, v func(blob) float64, s float64) float64 {
	var sin, cos float64
	for _, b := range bs {
		a := 2 * math.Pi * v(b) / s
		sin, cos = sin+math.Sin(a), cos+math.Cos(a)
	}
	return math.Atan2(sin, cos) * s / (2 * math.Pi)
}

// index returns the file and rank of the lattice square b stands on.
func (f piecesFit) index(b blob) [2]int {
	return [2]int{int(math.Round((b.cx() - f.x0) / f.s)), int(math.Round((b.cy() - f.y0) / f.s))}
}

// on returns the blobs whose centres lie near a square's centre.
func (f piecesFit) on(bs []blob) []blob {
	var out []blob
	for _, b := range bs {
		k := f.index(b)
		dx := (b.cx()-f.x0)/f.s - float64(k[0])
		dy := (b.cy()-f.y0)/f.s - float64(k[1])
		if math.Abs(dx) < piecesTolX && math.Abs(dy) < piecesTolY {
			out = append(out, b)
		}
	}
	return out
}

// refine fits the step and the phase in both directions to the centres
// of bs by least squares (cx = x0 + i s, cy = y0 + j s), keeping their
// squares; false when their squares spread too little to fix a step (all
// on one file and rank, or nearly) or the step moves by a quarter.
func (f *piecesFit) refine(bs []blob) bool {
	// Normal equations of the three unknowns x0, y0, s.
	var n, si, sj, sii, sjj, sx, sy, six, sjy float64
	for _, b := range bs {
		k := f.index(b)
		i, j := float64(k[0]), float64(k[1])
		n++
		si, sj = si+i, sj+j
		sii, sjj = sii+i*i, sjj+j*j
		sx, sy = sx+b.cx(), sy+b.cy()
		six, sjy = six+i*b.cx(), sjy+j*b.cy()
	}
	// Eliminating x0 and y0: s = (Σix - Σi Σx/n + Σjy - Σj Σy/n) /
	// (Σi² - (Σi)²/n + Σj² - (Σj)²/n).
	den := sii - si*si/n + sjj - sj*sj/n
	if den < 1 {
		return false
	}
	s := (six - si*sx/n + sjy - sj*sy/n) / den
	if !(s > 0.8*f.s && s < 1.25*f.s) {
		return false
	}
	f.s, f.x0, f.y0 = s, (sx-s*si)/n, (sy-s*sj)/n
	return true
}

// placePieces returns the first file and rank of the board whose pieces f
// found: of the windows of eight by eight squares that hold them and lie
// within the picture (inPicture), the most central.
func placePieces(f piecesFit, w, h int) (c0, r0 int, ok bool) {
	best := math.Inf(1)
	for c := f.k1[0] - 7; c <= f.k0[0]; c++ {
		for r := f.k1[1] - 7; r <= f.k0[1]; r++ {
			bx, by := f.x0+(float64(c)-0.5)*f.s, f.y0+(float64(r)-0.5)*f.s
			if !inPicture(bx, by, f.s, f.s, w, h) {
				continue
			}
			if d := math.Hypot(bx+4*f.s-float64(w)/2, by+4*f.s-float64(h)/2); d < best {
				best, c0, r0, ok = d, c, r, true
			}
		}
	}
	return c0, r0, ok
}
