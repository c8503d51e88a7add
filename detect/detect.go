// Package detect finds chessboards in pictures and warps each one into a
// square, grey, 256x256 image of its 64 squares.
//
// The finder looks for the regular lattice of lines that separates the
// squares: along a line between two ranks or files the brightness steps up
// and down in turn (light, dark, light, ...), something that frames, text,
// coordinates and user-interface elements rarely do. It fits eight equal
// steps to that signal on each axis, so a board is found whether or not its
// outer edge is visible, framed, labelled or cropped tight.
package detect

import (
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"slices"
	"sort"

	"gocv.io/x/gocv"
)

// Point is a position in the pixels of the input picture.
type Point struct{ X, Y float64 }

// Board is one chessboard found in a picture.
type Board struct {
	// Corners of the 8x8 squares (frame and outside coordinates excluded)
	// in the input picture: top-left, top-right, bottom-right, bottom-left
	// as the picture shows them.
	Corners [4]Point
	// Lattice says how clearly the lines between squares stand out.
	Lattice float64
	// Checker says how clearly the squares alternate light and dark.
	Checker float64
	// Score combines the two; overlapping fits keep the best.
	Score float64
	// Grid says how well the board's lines fitted, for a board found
	// from its lines (a photo, or a hatched printed board at a slant, see
	// gridOver); nil otherwise. Refit leaves such boards as they are: the
	// grid was fitted to every line already.
	Grid *GridFit
	// Near holds, for a board found from its lines, the boards a square
	// off that the same lines make nearly as well: a frame's outer edge,
	// seen where the board's own last line is not, can outscore the
	// board's window by a line. The caller may read them and keep the
	// likelier.
	Near []Board
	// Bare marks a board found from its frame alone (see bareFrame) or
	// from its pieces (FromPieces), nothing inside it alternating like
	// squares: the caller must check that its squares read like a board's
	// before trusting it.
	Bare bool
	// FromPieces marks a Bare board placed from where its pieces stand,
	// with neither squares nor a frame to show its outline (see
	// fromPieces).
	FromPieces bool
	// Faint marks a board whose lines fit a lattice but whose squares'
	// shades alternate less clearly than minChecker asks (a pale theme
	// cropped to the board): found when nothing surer is, or where it
	// touches no board found (see apart), or in place of less clear fits
	// inside it when its lattice is one only clear boards reach (see
	// clearFaint), and like a bare frame the caller must check
	// that its squares read like a board's.
	Faint bool
	// Inside holds the fits a Faint board was taken in place of, or the
	// board a Bare or Faint board's pieces make (see fromPieces): the
	// caller reads them instead if the board's squares do not read like
	// a board's.
	Inside []Board
}

// blurSigmas are the scales the lattice is looked for at. The coarsest
// flattens the hatching of printed dark squares when its stripes are
// wide: at finer scales eight stripes make a lattice of their own.
var blurSigmas = []float64{0.8, 2.5, 5}

// confident is a lattice score that only clear boards reach.
const confident = 4

// minChecker is the least light/dark separation of a board's squares.
const minChecker = 1.0

// faintChecker is the least separation of a Faint board's squares: 0.9 on
// screenshots of pale themes (light blue and white) cropped to the board,
// whose pieces cover many of the squares' corners where shades are read.
const faintChecker = 0.5

// integral is a summed-area table of a grey picture: the sum of any
// rectangle in four lookups.
type integral struct {
	w   int
	sum []uint32 // (w+1)*(h+1); sum[y*(w+1)+x] covers [0,x)x[0,y)
	// texture, when not nil, is the summed-area table of the picture's
	// fine detail (see newTextured).
	texture *integral
}

// newTextured returns the summed-area table of grey together with that of
// its fine detail, the magnitude of its Laplacian: printed boards without
// lines between their squares and with faint hatching on the dark ones
// differ between the two colours of squares more in texture than in
// brightness.
func newTextured(grey gocv.Mat) (*integral, error) {
	in, err := newIntegral(grey)
	if err != nil {
		return nil, err
	}
	lap := gocv.NewMat()
	defer lap.Close()
	gocv.Laplacian(grey, &lap, gocv.MatTypeCV16S, 3, 1, 0, gocv.BorderReplicate)
	abs := gocv.NewMat()
	defer abs.Close()
	gocv.ConvertScaleAbs(lap, &abs, 1, 0)
	if in.texture, err = newIntegral(abs); err != nil {
		return nil, err
	}
	return in, nil
}

func newIntegral(grey gocv.Mat) (*integral, error) {
	pix, err := grey.DataPtrUint8()
	if err != nil {
		return nil, err
	}
	w, h := grey.Cols(), grey.Rows()
	in := &integral{w: w, sum: make([]uint32, (w+1)*(h+1))}
	for y := 0; y < h; y++ {
		src := pix[y*w : y*w+w]
		above := in.sum[y*(w+1)+1 : (y+1)*(w+1)]
		cur := in.sum[(y+1)*(w+1)+1 : (y+2)*(w+1)]
		var row uint32
		for x, v := range src {
			row += uint32(v)
			cur[x] = above[x] + row
		}
	}
	return in, nil
}

// rect sums [x0,x1)x[y0,y1), which must lie inside the picture.
func (in *integral) rect(x0, y0, x1, y1 int) float64 {
	s := in.sum
	w := in.w + 1
	return float64(s[y1*w+x1]) - float64(s[y0*w+x1]) - float64(s[y1*w+x0]) + float64(s[y0*w+x0])
}

// checker measures how well the squares of an upright board split into two
// alternating shades: the difference between the mean brightness of the
// two colours of squares, over the spread within each colour. Each square
// is read at its four corners, which pieces seldom reach, and the middle
// two of those values are kept, so that a piece's base or a coordinate in
// one or two corners does not count. With a texture table the same is
// measured on the texture too, and the clearer of the two counts.
func (in *integral) checker(bx, by, sx, sy float64) float64 {
	c := in.shadeChecker(bx, by, sx, sy)
	if in.texture != nil {
		c = math.Max(c, in.texture.shadeChecker(bx, by, sx, sy))
	}
	return c
}

// shadeChecker is checker on this table's values alone.
func (in *integral) shadeChecker(bx, by, sx, sy float64) float64 {
	sum, sq, n := in.colours(bx, by, sx, sy)
	if n[0] < 8 || n[1] < 8 {
		return 0
	}
	m0, m1 := sum[0]/n[0], sum[1]/n[1]
	v := (sq[0]/n[0] - m0*m0 + sq[1]/n[1] - m1*m1) / 2
	return math.Abs(m0-m1) / (math.Sqrt(math.Max(v, 0)) + 4)
}

// colours sums the shades (see squareShade) of the lattice's squares of
// each colour, the top-left square's first, and their squares, and
// counts the squares read.
func (in *integral) colours(bx, by, sx, sy float64) (sum, sq, n [2]float64) {
	for r := range 8 {
		for c := range 8 {
			m, ok := in.squareShade(bx, by, sx, sy, r, c)
			if !ok {
				continue
			}
			p := (r + c) % 2
			sum[p] += m
			sq[p] += m * m
			n[p]++
		}
	}
	return sum, sq, n
}

// squareShade is the shade of square (r, c) of the lattice at (bx, by)
// with steps (sx, sy), which may lie outside the board: it is read at the
// square's four corners, which pieces seldom reach, and the middle two
// of those values are kept, so that a piece's base or a coordinate in
// one or two corners does not count. ok is false for a square wider than
// the picture.
func (in *integral) squareShade(bx, by, sx, sy float64, r, c int) (float64, bool) {
	h := len(in.sum)/(in.w+1) - 1
	// Corner patches a quarter of a square wide: large enough to average
	// out hatching and print grain, small enough to miss most pieces.
	px, py := math.Max(1, sx/4), math.Max(1, sy/4)
	x0, y0 := bx+float64(c)*sx, by+float64(r)*sy
	var v [4]float64
	for k, at := range [4][2]float64{{sx / 16, sy / 16}, {sx*15/16 - px, sy / 16}, {sx / 16, sy*15/16 - py}, {sx*15/16 - px, sy*15/16 - py}} {
		ax0, ay0 := int(x0+at[0]), int(y0+at[1])
		ax1, ay1 := max(ax0+1, int(x0+at[0]+px)), max(ay0+1, int(y0+at[1]+py))
		// A patch past the picture's edge is read just inside it: a
		// board cropped tight shows its own squares there, and a fit
		// shifted off the board shows what lies beside it. Skipping
		// such squares instead let a fit shifted half out of the
		// picture drop a row and score on the rest.
		ax0, ax1 = slide(ax0, ax1, in.w)
		ay0, ay1 = slide(ay0, ay1, h)
		if ax0 < 0 || ay0 < 0 {
			return 0, false
		}
		v[k] = in.rect(ax0, ay0, ax1, ay1) / float64((ax1-ax0)*(ay1-ay0))
	}
	sort.Float64s(v[:])
	return (v[1] + v[2]) / 2, true
}

// slide moves the span [a, b) inside [0, n) keeping its length; a span
// longer than n comes back with a < 0.
func slide(a, b, n int) (int, int) {
	if a < 0 {
		a, b = 0, b-a
	}
	if b > n {
		a, b = a-(b-n), n
	}
	return a, b
}

// Size is the width and height of a warped board; each square is Size/8.
const Size = 256

// SquareSize is the side of one square in a warped board.
const SquareSize = Size / 8

// ErrNoBoard is returned when a picture holds no chessboard.
var ErrNoBoard = errors.New("no chessboard found")

// Options tune Find.
type Options struct {
	// MaxBoards caps the number of boards returned (0: no cap). Bare and
	// Faint boards, boards only if their squares read like a board's, do
	// not count towards it: those before the last board kept are kept too.
	MaxBoards int
	// MinScore is the lowest lattice score a board may have (0: default).
	MinScore float64
	// Trace, when not nil, receives a line for each fit the finder tries:
	// for developers tuning it.
	Trace io.Writer
	// Photo says the picture is a photo of one real board: the board is
	// looked for by its lines first (FindGrid), and by its lattice and
	// outline only when no grid fits.
	Photo bool
}

const (
	// workSide is the longest side the finder works at; larger pictures are
	// shrunk first, which keeps the search fast and boards of 120 px and
	// more well above the smallest square it looks for.
	workSide = 1280
	// minBoard is the smallest board side, in working pixels, searched for.
	minBoard = 64
	// defaultMinScore separates lattices of real boards from the chance
	// regularities of text and interfaces (measured on screenshots,
	// diagrams and pages without boards).
	defaultMinScore = 0.01
)

// Find returns the chessboards in img (BGR or grey) in reading order. It returns ErrNoBoard when there is none.
func Find(img gocv.Mat, opts Options) ([]Board, error) {
	if img.Empty() {
		return nil, errors.New("detect: empty picture")
	}
	grey, scale := workGrey(img)
	defer grey.Close()
	if grey.Cols() < minBoard/2 || grey.Rows() < minBoard/2 {
		return nil, fmt.Errorf("detect: picture of %dx%d is too small", img.Cols(), img.Rows())
	}

	tr := tracer{opts.Trace}
	if opts.Photo {
		if b, ok := findGrid(grey, photoLooks, tr); ok {
			return toPicture([]Board{b}, scale), nil
		}
	}
	minScore := opts.MinScore
	if minScore == 0 {
		minScore = defaultMinScore
	}
	cands, quads, frames := candidates(grey)
	in, err := newTextured(grey)
	if err != nil {
		return nil, fmt.Errorf("detect: %w", err)
	}
	var found, faint []Board
	var g *gradients
	// lattices fits a lattice to each candidate region at each blur, its
	// squares at most stretch times wider than tall or taller than wide.
	lattices := func(stretch float64) error {
		for pass, sigma := range blurSigmas {
			// Later, blurrier passes look only where no clear board was found
			// yet: most screenshots are settled by the first.
			var todo []image.Rectangle
			for i, r := range cands {
				if inside(r, found) || (pass > 0 && i == 0 && confidentAny(found)) {
					continue
				}
				todo = append(todo, r)
			}
			if len(todo) == 0 {
				continue
			}
			var err error
			if g, err = newGradients(grey, sigma, g); err != nil {
				return err
			}
			for _, r := range todo {
				if inside(r, found) {
					continue
				}
				b, ok := g.fit(r, in, stretch, tr)
				if !ok {
					continue
				}
				b.Score = math.Sqrt(b.Lattice * b.Checker)
				tr.printf("  sigma=%.1f cand=%v lattice=%.2f checker=%.2f\n", sigma, r, b.Lattice, b.Checker)
				if b.Lattice < minScore || b.Checker < faintChecker {
					continue
				}
				if b.Checker < minChecker {
					b.Faint = true
					faint = append(faint, b)
					continue
				}
				found = append(found, b)
			}
		}
		return nil
	}
	if err := lattices(maxStretch); err != nil {
		return nil, fmt.Errorf("detect: %w", err)
	}
	found = append(found, fitQuads(grey, quads, found, minScore, tr)...)
	if len(found) == 0 {
		// A framed board whose squares show no lattice (faint hatching,
		// or none left after thresholding) is its frame.
		found = fitQuads(grey, frames, found, minScore, tr)
	}
	if len(found) == 0 {
		// A stretched picture (a phone's screenshot of its camera preview,
		// a diagram scaled to fit a page's width): squares wider than
		// tall. Looked for only when nothing square was found, because a
		// lattice whose rows are fitted a rank off can be as stretched.
		// A faint lattice is likelier a chance one when stretched: the
		// square search's faint ones, if any, are kept before them.
		n := len(faint)
		if err := lattices(maxStretchAny); err != nil {
			return nil, fmt.Errorf("detect: %w", err)
		}
		if n > 0 {
			faint = faint[:n]
		}
	}
	if len(found) == 0 && !opts.Photo { // with Photo, the lines were tried first
		// A photo of a real board: perspective and pieces hide the
		// lattice and the outline; its lines still show. So do a hatched
		// printed board's at a slant, if only at the second look.
		if b, ok := findGrid(grey, hatchLooks, tr); ok {
			found = append(found, b)
		}
	}
	// Where nothing shows squares, the pieces may still stand on a
	// lattice of their own: the board they make is read when nothing else
	// is found, or when the frame or faint board found over it does not
	// read like a board; found elsewhere, it is a board of its own.
	var pieces []Board
	if len(found) == 0 && !opts.Photo {
		if b, ok := fromPieces(grey); ok {
			tr.printf("  from pieces %v\n", b.Corners)
			pieces = append(pieces, b)
		}
	}
	if len(found) == 0 && !opts.Photo {
		for _, q := range append(frames, quads...) { // upright ones first, each the largest first
			if b, ok := bareFrame(grey, q); ok {
				tr.printf("  bare frame %v\n", b.Corners)
				found = append(found, b)
				break
			}
		}
	}
	// A square of a faint board can be a lattice of its own (its
	// pieces' edges), fitted as faint, and outscore the board.
	faint = dropSquares(faint)
	if len(found) == 0 && !opts.Photo && len(faint) > 0 {
		best := faint[0]
		for _, b := range faint[1:] {
			if b.Score > best.Score {
				best = b
			}
		}
		found = append(found, best)
	}
	switch {
	case len(found) == 0 || len(pieces) == 0:
		found = append(found, pieces...)
	case sameBoard(found[0], pieces[0]): // read already
	case overlaps(found[0].bounds(), pieces[0].bounds()):
		found[0].Inside = append(found[0].Inside, pieces...)
	default: // elsewhere in the picture: a board of its own
		found = append(found, pieces...)
	}
	if !opts.Photo { // as for the faint boards above: the lines were tried first
		found = clearFaint(found, faint)
		found = append(found, apart(faint, found)...)
	}
	found = suppress(dropSquares(found))
	if len(found) >= 2 && !opts.Photo {
		found = gridOver(grey, found, tr)
	}
	if len(found) == 0 {
		return nil, ErrNoBoard
	}
	if opts.MaxBoards > 0 {
		found = firstBoards(found, opts.MaxBoards)
	}
	return toPicture(found, scale), nil
}

// firstBoards returns found, in reading order, up to its n-th board that
// is neither Bare nor Faint: a faint fit over a page's text, read first
// and dropped by the caller, must not take a real board's place.
func firstBoards(found []Board, n int) []Board {
	for i, b := range found {
		if !b.Bare && !b.Faint {
			if n--; n == 0 {
				return found[:i+1]
			}
		}
	}
	return found
}

// apart returns the faint boards that touch no board of found, the
// highest scoring first, each touching none kept before it: each may be
// a board of its own. A page of pale diagrams, or a pale one among clear
// ones, has its boards all faint, or some; where the clear ones alone
// were read, or the likeliest faint one, the others were lost. Each stays
// Faint, so the caller still checks that its squares read like a board's.
// A faint fit that touches a board found is not one: clearFaint has taken
// a clear one in place of the fits it holds, and the rest are dropped.
func apart(faint, found []Board) []Board {
	faint = slices.Clone(faint)
	sort.SliceStable(faint, func(i, j int) bool { return faint[i].Score > faint[j].Score })
	var keep []Board
	touches := func(b Board, bs []Board) bool {
		return slices.ContainsFunc(bs, func(o Board) bool { return b.bounds().Overlaps(o.bounds()) })
	}
	for _, f := range faint {
		if !touches(f, found) && !touches(f, keep) {
			keep = append(keep, f)
		}
	}
	return keep
}

// clearFaint puts a faint board whose lattice only clear boards reach in
// place of the fits it holds: each fit that overlaps it must lie inside it
// (80% of the fit's area) and be less clear than that, or be no larger
// than one of its squares (squareSized, as in dropSquares); a
// fit only partly inside it is a board of its own, and the swap is off. A
// pale theme cropped to the board leaves its squares' shades faint (pieces
// cover their corners), while a chance fit inside it (a lattice at half
// the board's step over its middle, one square's outline taken for a bare
// frame) can pass minChecker on the pieces' shades and would otherwise be
// taken alone for the board. The board stays Faint, so the caller still
// checks that its squares read like a board's, and keeps the fits
// (Inside, suppressed among themselves only) to read if they do not. The
// clearest faint board is tried first.
func clearFaint(found, faint []Board) []Board {
	clear := make([]Board, 0, len(faint))
	for _, f := range faint {
		if f.Lattice >= confident {
			clear = append(clear, f)
		}
	}
	sort.SliceStable(clear, func(i, j int) bool { return clear[i].Lattice > clear[j].Lattice })
	for _, f := range clear {
		fr := f.bounds()
		var keep, inside []Board
		for _, b := range found {
			br := b.bounds()
			if !overlaps(br, fr) {
				keep = append(keep, b)
				continue
			}
			if !mostlyIn(br, fr) || (b.Lattice >= confident && !squareSized(br, fr)) {
				inside = nil // a board of its own beside it, or a clear fit
				break
			}
			inside = append(inside, b)
		}
		if len(inside) > 0 {
			f.Inside = suppress(dropSquares(inside))
			found = append(keep, f)
		}
	}
	return found
}

// toPicture takes boards found at working size back to the picture's
// pixels.
func toPicture(bs []Board, scale float64) []Board {
	for i := range bs {
		for j := range bs[i].Corners {
			bs[i].Corners[j].X /= scale
			bs[i].Corners[j].Y /= scale
		}
		toPicture(bs[i].Near, scale)
		toPicture(bs[i].Inside, scale)
	}
	return bs
}

// FindGrid looks for one board in a photo of a real board by its lines
// (see findGrid), whatever else the picture shows. It returns ErrNoBoard
// when no grid of nine by nine lines fits.
func FindGrid(img gocv.Mat, opts Options) (Board, error) {
	if img.Empty() {
		return Board{}, errors.New("detect: empty picture")
	}
	grey, scale := workGrey(img)
	defer grey.Close()
	b, ok := findGrid(grey, photoLooks, tracer{opts.Trace})
	if !ok {
		return Board{}, ErrNoBoard
	}
	return toPicture([]Board{b}, scale)[0], nil
}

// workScale is the factor by which the finder shrinks img: 1, or what
// brings its longest side to workSide.
func workScale(img gocv.Mat) float64 {
	if m := max(img.Cols(), img.Rows()); m > workSide {
		return float64(workSide) / float64(m)
	}
	return 1
}

// workGrey returns img in grey, shrunk to at most workSide pixels on its
// longer side, and the factor it was shrunk by.
func workGrey(img gocv.Mat) (gocv.Mat, float64) {
	grey := toGrey(img)
	scale := workScale(img)
	if scale < 1 {
		small := gocv.NewMat()
		gocv.Resize(grey, &small, image.Point{}, scale, scale, gocv.InterpolationArea)
		grey.Close()
		grey = small
	}
	return grey, scale
}

// gridOver replaces boards the size of a square by the board they are
// squares of. A printed board with hatched dark squares, turned or seen at
// a slant, has no upright lines for the lattice search, but the stripes
// within its squares do: it comes out as a score of square-sized boards,
// all empty. When the grid of lines fitted to the picture holds two or
// more of them, that grid is the board, and every smaller board without a
// clear lattice centred in it goes. Two diagrams side by side have no
// grid over both; a grid fitted to one holds no other, as a board a
// sixteenth of its size or less is not one of them; and a board with a
// clear lattice of its own, such as one of a page of small diagrams, is
// never replaced. A board as large as the grid or larger, a frame about
// it, stays too.
func gridOver(grey gocv.Mat, found []Board, tr tracer) []Board {
	// The grid's lines cost more than the lattice search (on a page of
	// diagrams, each with its clear lattice, the search's time again).
	unclear := 0
	for _, b := range found {
		if b.Lattice < confident {
			unclear++
		}
	}
	if unclear < 2 {
		return found
	}
	g, ok := findGrid(grey, hatchLooks, tr)
	if !ok {
		return found
	}
	a := Area(g.Corners)
	if !(a > 0) { // a degenerate fit would hold every point
		return found
	}
	squares := 0
	for _, b := range found {
		if Area(b.Corners) <= a/16 && b.Lattice < confident && within(g.Corners, Centre(b.Corners)) {
			squares++
		}
	}
	if squares < 2 {
		return found
	}
	tr.printf("  grid over %d square-sized boards: %v\n", squares, g.Corners)
	kept := []Board{g}
	for _, b := range found {
		if Area(b.Corners) >= a || b.Lattice >= confident || !within(g.Corners, Centre(b.Corners)) {
			kept = append(kept, b)
		}
	}
	readingOrder(kept)
	return kept
}

func toGrey(img gocv.Mat) gocv.Mat {
	grey := gocv.NewMat()
	switch img.Channels() {
	case 1:
		img.CopyTo(&grey)
	case 4:
		gocv.CvtColor(img, &grey, gocv.ColorBGRAToGray)
	default:
		gocv.CvtColor(img, &grey, gocv.ColorBGRToGray)
	}
	return grey
}

// candidates proposes regions that may hold a board: the whole picture, and
// the bounding boxes of closed outlines that are roughly square. The lattice
// fit does the real work; these only tell it where to look when the board is
// a small part of the picture. Outlines that are quadrilaterals come back
// too, for fitQuads: slanted ones in quads, upright ones in frames.
func candidates(grey gocv.Mat) (rects []image.Rectangle, quads, frames [][4]Point) {
	w, h := grey.Cols(), grey.Rows()
	whole := image.Rect(0, 0, w, h)
	rects = []image.Rectangle{whole}

	edges := gocv.NewMat()
	defer edges.Close()
	gocv.Canny(grey, &edges, 40, 120)
	kernel := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(3, 3))
	defer kernel.Close()
	gocv.Dilate(edges, &edges, kernel)
	contours := gocv.FindContours(edges, gocv.RetrievalList, gocv.ChainApproxSimple)
	defer contours.Close()

	for i := 0; i < contours.Size(); i++ {
		c := contours.At(i)
		r := gocv.BoundingRect(c)
		if r.Dx() < minBoard || r.Dy() < minBoard {
			continue
		}
		ar := float64(r.Dx()) / float64(r.Dy())
		if ar < 0.5 || ar > 2 {
			continue
		}
		if ar >= 0.7 && ar <= 1.45 {
			rects = append(rects, r)
		}
		if q, ok := quadOf(c); ok {
			if upright(q) {
				frames = append(frames, q)
			} else {
				quads = append(quads, q)
			}
		}
	}
	// Larger first, and near-duplicates dropped: nested outlines of one
	// board (frame, board, inner line) give the same fit.
	sort.SliceStable(rects, func(i, j int) bool { return area(rects[i]) > area(rects[j]) })
	var out []image.Rectangle
	for _, r := range rects {
		dup := false
		for _, o := range out {
			if iou(r, o) > 0.85 {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, r)
		}
		if len(out) == 40 {
			break
		}
	}
	return out, dedupeQuads(quads), dedupeQuads(frames)
}

// inside reports whether r lies within a board already found with a
// clear lattice: the outlines of its squares and pieces need no fit.
func inside(r image.Rectangle, found []Board) bool {
	for _, b := range found {
		if b.Lattice >= confident && area(r.Intersect(b.bounds())) > 0.8*area(r) {
			return true
		}
	}
	return false
}

func confidentAny(found []Board) bool {
	for _, b := range found {
		if b.Lattice >= confident {
			return true
		}
	}
	return false
}

func area(r image.Rectangle) float64 { return float64(r.Dx()) * float64(r.Dy()) }

func iou(a, b image.Rectangle) float64 {
	in := a.Intersect(b)
	if in.Empty() {
		return 0
	}
	ia := area(in)
	return ia / (area(a) + area(b) - ia)
}

func (b Board) bounds() image.Rectangle {
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, p := range b.Corners {
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	return image.Rect(int(minX), int(minY), int(math.Ceil(maxX)), int(math.Ceil(maxY)))
}

// dropSquares removes the boards that are one square of another board
// found, or lie inside one of its squares. Coarse hatching on a dark
// square (eight or more stripes) is a lattice of its own, with the
// square's hatched and plain corners for a checker, and can outscore the
// board it belongs to, which suppress would then drop for overlapping it;
// finer hatching makes lattices smaller than the square that score as
// high.
func dropSquares(bs []Board) []Board {
	grid := [4]Point{{0, 0}, {8, 0}, {8, 8}, {0, 8}}
	isSquare := func(b Board) bool {
		r := b.bounds()
		for _, a := range bs {
			ar := a.bounds()
			if !squareSized(r, ar) || !mostlyIn(r, ar) {
				continue
			}
			toPicture, ok := homography(grid, a.Corners)
			if !ok {
				continue
			}
			toGrid, ok := invert(toPicture)
			if !ok {
				continue
			}
			// The cell of a under b's centre, in a's own grid.
			g := apply(toGrid, Point{float64(r.Min.X+r.Max.X) / 2, float64(r.Min.Y+r.Max.Y) / 2})
			u, v := math.Floor(g.X), math.Floor(g.Y)
			if u < 0 || v < 0 || u >= 8 || v >= 8 {
				continue
			}
			var cell Board
			for k, d := range grid {
				cell.Corners[k] = apply(toPicture, Point{u + d.X/8, v + d.Y/8})
			}
			c := cell.bounds()
			if iou(r, c) >= 0.5 || mostlyIn(r, c) {
				return true
			}
		}
		return false
	}
	var keep []Board
	for _, b := range bs {
		if !isSquare(b) {
			keep = append(keep, b)
		}
	}
	return keep
}

// suppress keeps, among boards that overlap, the one with the best score,
// and orders the survivors as they are read.
func suppress(bs []Board) []Board {
	sort.SliceStable(bs, func(i, j int) bool { return bs[i].Score > bs[j].Score })
	var keep []Board
	for _, b := range bs {
		met := false
		for i, k := range keep {
			if overlaps(b.bounds(), k.bounds()) {
				met = true
				// Fits at different blurs score their lattices on
				// different scales; for one lattice placed whole squares
				// apart, the squares' shades decide, as in fit, and so
				// they do for one lattice in one place (a blurrier
				// pass's fit settled onto a sharper one's board, its
				// step off).
				if (shifted(b, k) || sameBoard(b, k)) && b.Checker > 1.2*k.Checker {
					keep[i] = b
				}
				break
			}
		}
		if !met {
			keep = append(keep, b)
		}
	}
	readingOrder(keep)
	return keep
}

// mostlyIn reports whether four fifths or more of box r lie inside box
// outer.
func mostlyIn(r, outer image.Rectangle) bool {
	return area(r.Intersect(outer)) >= 0.8*area(r)
}

// squareSized reports whether box r is no larger than one square of a
// board whose box is board: a twentieth of its area, a square (a
// sixty-fourth) with room for a fit a little off the square's lines.
func squareSized(r, board image.Rectangle) bool {
	return area(r) <= area(board)/20
}

// overlaps reports whether two boxes share more than a quarter of the
// smaller's area: one board fitted twice, or a fit inside another.
func overlaps(a, b image.Rectangle) bool {
	in := a.Intersect(b)
	return !in.Empty() && area(in) > 0.25*math.Min(area(a), area(b))
}

// shifted reports whether two fits are one lattice placed apart: squares
// of the same size, corners a whole number of squares (one or more) away.
func shifted(a, b Board) bool {
	dx, dy, ok := offset(a, b)
	near := func(v float64) bool { return math.Abs(v-math.Round(v)) < 0.25 }
	return ok && near(dx) && near(dy) && math.Hypot(dx, dy) >= 0.75
}

// sameBoard reports whether two fits outline one board: squares of the
// same size, corners within a quarter square.
func sameBoard(a, b Board) bool {
	dx, dy, ok := offset(a, b)
	return ok && math.Abs(dx) < 0.25 && math.Abs(dy) < 0.25
}

// offset is how far b's top-left corner lies from a's, in a's squares;
// ok is false unless their squares are of one size, within 5%.
func offset(a, b Board) (dx, dy float64, ok bool) {
	ra, rb := a.bounds(), b.bounds()
	sa, sb := float64(ra.Dx())/8, float64(rb.Dx())/8
	if sa <= 0 || math.Abs(sa-sb) > 0.05*sa {
		return 0, 0, false
	}
	return float64(rb.Min.X-ra.Min.X) / sa, float64(rb.Min.Y-ra.Min.Y) / sa, true
}

// readingOrder sorts boards as a reader meets them: by rows from the top,
// boards whose vertical extents overlap by half sharing a row, then from
// the left.
func readingOrder(bs []Board) {
	sort.SliceStable(bs, func(i, j int) bool {
		a, b := bs[i].bounds(), bs[j].bounds()
		overlap := min(a.Max.Y, b.Max.Y) - max(a.Min.Y, b.Min.Y)
		if 2*overlap > min(a.Dy(), b.Dy()) {
			return a.Min.X < b.Min.X
		}
		return a.Min.Y < b.Min.Y
	})
}
