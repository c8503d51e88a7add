package testfiles

import (
	"image"

	"gocv.io/x/gocv"
)

// CutSide returns a copy of img cropped through a board's edge squares on
// one side (0 top, 1 right, 2 bottom, 3 left, as detect.Edge counts
// them), cut pixels inside the board's edge there, as a hurried crop
// leaves it, and the part of img it keeps. edges holds the board's
// top, right, bottom and left edges in img: a y, an x, a y and an x.
func CutSide(img gocv.Mat, edges [4]float64, side int, cut float64) (gocv.Mat, image.Rectangle) {
	r := image.Rect(0, 0, img.Cols(), img.Rows())
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
