package fenscan

import (
	"image"
	"math"

	"github.com/fenscan/fenscan/arrows"
	"github.com/fenscan/fenscan/detect"
	"gocv.io/x/gocv"
)

// arrowBoard is the size, in pixels, of the colour picture of a flat
// board in which arrows are looked for: 32 a square, as the network
// reads them.
const arrowBoard = 256

// withoutArrows returns a copy of the BGR picture img with the arrows
// drawn over the flat board at corners taken off (package arrows), and
// the arrows, none when there were none; the caller closes the copy.
//
// The networks read one square at a time, and an analysis arrow across a
// square is part of what they read: a pawn with a shaft across its head
// read as a bishop, a queen under an arrowhead as the other side's, and
// arrows were the commonest cause of generated screens read wrong but
// for a turned board. Of 1,200 generated screens (gen_screens.py seeds 1,
// 2 and 4, and seed 40's small boards with coordinates), 22 more read
// entirely right and 1 fewer (a small JPEG's gold pawn beside an arrow,
// which the whole-board head and the hues read otherwise once the arrow
// was off); every other yardstick reads as before. The copy is read
// again whole, not only the squares under arrows, so that the board's
// other readings (plain squares, the whole-board head, tint's hues) see
// the same picture; keeping whichever of the two boards read surer
// gained 14, not 22.
func withoutArrows(img gocv.Mat, corners [4]detect.Point) (gocv.Mat, []arrows.Arrow) {
	if img.Type() != gocv.MatTypeCV8UC3 {
		return gocv.Mat{}, nil
	}
	colour, err := detect.WarpColor(img, corners, arrowBoard)
	if err != nil {
		return gocv.Mat{}, nil
	}
	found := arrows.Find(colour)
	if len(found.Arrows) == 0 {
		return gocv.Mat{}, nil
	}
	toSquares, fromSquares, ok := detect.ToSquares(corners)
	if !ok {
		return gocv.Mat{}, nil
	}
	clean := img.Clone()
	pix, err := clean.DataPtrUint8()
	if err != nil {
		clean.Close()
		return gocv.Mat{}, nil
	}
	pixel := 8 / detect.LongestSide(corners) // a pixel's width, in squares
	var box image.Rectangle
	for _, a := range found.Arrows {
		lo, hi := a.Bounds()
		var seen [4]detect.Point
		for k, q := range [4][2]float64{lo, {hi[0], lo[1]}, hi, {lo[0], hi[1]}} {
			seen[k] = fromSquares(detect.Point{X: q[0], Y: q[1]})
		}
		box = box.Union(outline(seen))
	}
	box = box.Intersect(image.Rect(0, 0, img.Cols(), img.Rows())).Intersect(outline(corners))
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			q := toSquares(detect.Point{X: float64(x), Y: float64(y)})
			if q.X < 0 || q.Y < 0 || q.X > 8 || q.Y > 8 {
				continue
			}
			o := 3 * (y*img.Cols() + x)
			p := [3]float64{float64(pix[o+2]), float64(pix[o+1]), float64(pix[o])}
			if u := found.Clean([2]float64{q.X, q.Y}, pixel, p); u != p {
				pix[o], pix[o+1], pix[o+2] = uint8(u[2]+0.5), uint8(u[1]+0.5), uint8(u[0]+0.5)
			}
		}
	}
	return clean, found.Arrows
}

// outline is the smallest rectangle of whole pixels holding corners.
func outline(corners [4]detect.Point) image.Rectangle {
	r := image.Rect(math.MaxInt32, math.MaxInt32, math.MinInt32, math.MinInt32)
	for _, c := range corners {
		r.Min.X = min(r.Min.X, int(math.Floor(c.X)))
		r.Min.Y = min(r.Min.Y, int(math.Floor(c.Y)))
		r.Max.X = max(r.Max.X, int(math.Ceil(c.X))+1)
		r.Max.Y = max(r.Max.Y, int(math.Ceil(c.Y))+1)
	}
	return r
}
