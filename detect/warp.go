package detect

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

// Warp maps the quadrilateral corners of img (BGR or grey) onto a grey
// Size x Size image, top-left corner first. Square (r, c), counted from
// the picture's top-left, is the SquareSize block at (c, r)*SquareSize.
//
// The steps are those the classifier was trained with (scripts/fenprep.py):
// boards much larger than Size are first shrunk with area averaging, which
// a perspective warp alone would alias, then warped bilinearly.
func Warp(img gocv.Mat, corners [4]Point) (*image.Gray, error) {
	return warpGrey(img, corners, Size)
}

// warpGrey is Warp to a square of size pixels.
func warpGrey(img gocv.Mat, quad [4]Point, size int) (*image.Gray, error) {
	out, err := warp(img, quad, size, true)
	if err != nil {
		return nil, err
	}
	defer out.Close()
	pix, err := out.DataPtrUint8()
	if err != nil {
		return nil, fmt.Errorf("warp: %w", err)
	}
	g := image.NewGray(image.Rect(0, 0, size, size))
	copy(g.Pix, pix)
	return g, nil
}

// WarpColor maps the board at corners to a size x size colour picture, for
// reading the colours of squares (highlights) rather than pieces.
func WarpColor(img gocv.Mat, corners [4]Point, size int) (*image.RGBA, error) {
	out, err := warp(img, corners, size, false)
	if err != nil {
		return nil, err
	}
	defer out.Close()
	if out.Channels() != 3 {
		return nil, fmt.Errorf("warp: picture has %d channels, want 3", out.Channels())
	}
	pix, err := out.DataPtrUint8()
	if err != nil {
		return nil, fmt.Errorf("warp: %w", err)
	}
	c := image.NewRGBA(image.Rect(0, 0, size, size))
	for i := 0; i < size*size; i++ {
		c.Pix[4*i], c.Pix[4*i+1], c.Pix[4*i+2], c.Pix[4*i+3] = pix[3*i+2], pix[3*i+1], pix[3*i], 255
	}
	return c, nil
}

func warp(img gocv.Mat, corners [4]Point, size int, grey bool) (gocv.Mat, error) {
	if img.Empty() {
		return gocv.NewMat(), fmt.Errorf("warp: empty picture")
	}
	side := LongestSide(corners)
	if side < 8 {
		return gocv.NewMat(), fmt.Errorf("warp: board of %.0f px is too small", side)
	}

	// Work on the board's neighbourhood only; the margin keeps the area
	// averaging at the edges the same as on the whole picture.
	bounds := image.Rect(0, 0, img.Cols(), img.Rows())
	var q Board
	q.Corners = corners
	roi := q.bounds().Inset(-4).Intersect(bounds)
	if roi.Empty() {
		return gocv.NewMat(), fmt.Errorf("warp: board lies outside the picture")
	}
	region := img.Region(roi)
	defer region.Close()
	src0 := region
	if grey {
		// (Close has a pointer receiver: a deferred src0.Close would close
		// whatever src0 holds at the end, so each Mat gets its own name.)
		g := toGrey(region)
		defer g.Close()
		src0 = g
	}

	f := 1.0
	switch {
	case grey && side > 1.5*float64(size):
		// Resize by the same factor on both axes, as the training data was.
		f = float64(size) / side
	case !grey && side >= 2*float64(size):
		// Colours (highlights) need no exact contract: a whole factor
		// lets OpenCV average blocks, several times faster.
		f = 1 / math.Floor(side/float64(size))
	}
	if f < 1 {
		small := gocv.NewMat()
		defer small.Close()
		gocv.Resize(src0, &small, image.Point{}, f, f, gocv.InterpolationArea)
		src0 = small
	}
	src := make([]gocv.Point2f, 4)
	for i, c := range corners {
		src[i] = gocv.Point2f{
			X: float32((c.X - float64(roi.Min.X)) * f),
			Y: float32((c.Y - float64(roi.Min.Y)) * f),
		}
	}
	fs := float32(size)
	dst := []gocv.Point2f{{X: 0, Y: 0}, {X: fs, Y: 0}, {X: fs, Y: fs}, {X: 0, Y: fs}}
	sv, dv := gocv.NewPoint2fVectorFromPoints(src), gocv.NewPoint2fVectorFromPoints(dst)
	defer sv.Close()
	defer dv.Close()
	m := gocv.GetPerspectiveTransform2f(sv, dv)
	defer m.Close()
	out := gocv.NewMat()
	gocv.WarpPerspectiveWithParams(src0, &out, m, image.Pt(size, size),
		gocv.InterpolationLinear, gocv.BorderReplicate, color.RGBA{})
	return out, nil
}

// ToSquares returns the map taking a point of the picture to the board
// at corners (top-left first), in squares: the board's top-left corner
// to (0, 0), its bottom-right to (8, 8); and the map back. False when
// the corners are degenerate.
func ToSquares(corners [4]Point) (to, from func(Point) Point, ok bool) {
	squares := [4]Point{{0, 0}, {8, 0}, {8, 8}, {0, 8}}
	h, ok1 := homography(corners, squares)
	g, ok2 := homography(squares, corners)
	if !ok1 || !ok2 {
		return nil, nil, false
	}
	return func(p Point) Point { return apply(h, p) }, func(p Point) Point { return apply(g, p) }, true
}
