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
	if img.Empty() {
		return nil, fmt.Errorf("warp: empty picture")
	}
	side := 0.0
	for i := range corners {
		a, b := corners[i], corners[(i+1)%4]
		side = math.Max(side, math.Hypot(b.X-a.X, b.Y-a.Y))
	}
	if side < 8 {
		return nil, fmt.Errorf("warp: board of %.0f px is too small", side)
	}

	// Work on the board's neighbourhood only; the margin keeps the area
	// averaging at the edges the same as on the whole picture.
	bounds := image.Rect(0, 0, img.Cols(), img.Rows())
	var q Board
	q.Corners = corners
	roi := q.bounds().Inset(-4).Intersect(bounds)
	if roi.Empty() {
		return nil, fmt.Errorf("warp: board lies outside the picture")
	}
	region := img.Region(roi)
	defer region.Close()
	grey := toGrey(region)
	defer grey.Close()

	f := 1.0
	if side > 1.5*Size {
		f = Size / side
		small := gocv.NewMat()
		// Resize by the same factor on both axes, as the training data was.
		gocv.Resize(grey, &small, image.Point{}, f, f, gocv.InterpolationArea)
		grey.Close()
		grey = small
	}
	src := make([]gocv.Point2f, 4)
	for i, c := range corners {
		src[i] = gocv.Point2f{
			X: float32((c.X - float64(roi.Min.X)) * f),
			Y: float32((c.Y - float64(roi.Min.Y)) * f),
		}
	}
	dst := []gocv.Point2f{{X: 0, Y: 0}, {X: Size, Y: 0}, {X: Size, Y: Size}, {X: 0, Y: Size}}
	sv, dv := gocv.NewPoint2fVectorFromPoints(src), gocv.NewPoint2fVectorFromPoints(dst)
	defer sv.Close()
	defer dv.Close()
	m := gocv.GetPerspectiveTransform2f(sv, dv)
	defer m.Close()
	out := gocv.NewMat()
	defer out.Close()
	gocv.WarpPerspectiveWithParams(grey, &out, m, image.Pt(Size, Size),
		gocv.InterpolationLinear, gocv.BorderReplicate, color.RGBA{})
	pix, err := out.DataPtrUint8()
	if err != nil {
		return nil, fmt.Errorf("warp: %w", err)
	}
	g := image.NewGray(image.Rect(0, 0, Size, Size))
	copy(g.Pix, pix)
	return g, nil
}
