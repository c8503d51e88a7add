package testfiles

import (
	"image"
	"math"

	"gocv.io/x/gocv"
)

// CutSide returns a copy of img cropped through a board's edge squares on
// one side (0 top, 1 right, 2 bottom, 3 left, as detect.Edge counts
// them), cut pixels inside the board's edge there, as a hurried crop
// leaves it, and the part of img it keeps. edges holds the board's
// top, right, bottom and left edges in img: a y, an x, a y and an x.
// With tight, the other three sides are cropped to the board's edges, as
// a crop meant to keep just the board leaves them; otherwise they keep
// the whole picture.
func CutSide(img gocv.Mat, edges [4]float64, side int, cut float64, tight bool) (gocv.Mat, image.Rectangle) {
	r := image.Rect(0, 0, img.Cols(), img.Rows())
	if tight {
		r = image.Rect(int(math.Round(edges[3])), int(math.Round(edges[0])), int(math.Round(edges[1])), int(math.Round(edges[2]))).Intersect(r)
	}
	switch side {
	case 0:
		r.Min.Y = int(edges[0] + cut)
	case 1:
		r.Max.X = int(edges[1] - cut)
	case 2:
		r.Max.Y = int(edges[2] - cut)
	case 3:
		r.Min.X = int(edges[3] + cut)
	}
	region := img.Region(r)
	defer region.Close()
	return region.Clone(), r
}
