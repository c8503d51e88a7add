package classify

import "image"

// Mirror returns a copy of board, a grey image of 8x8 crops (see Crop),
// with each crop flipped left to right in its own place, so that square i
// of the copy is square i of board seen in a mirror. A piece seen in a
// mirror is the same piece, and a network trained on mirrored crops too
// errs on a crop and its mirror image differently: the two readings
// averaged are surer of the right one.
func (c *Classifier) Mirror(board *image.Gray) (*image.Gray, error) {
	if err := c.checkSize(board); err != nil {
		return nil, err
	}
	return mirror(board, c.crop), nil
}

// mirror flips each crop of board, 8 crops of size crop a row, in place.
func mirror(board *image.Gray, crop image.Point) *image.Gray {
	b := board.Bounds()
	out := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		src := board.Pix[board.PixOffset(b.Min.X, b.Min.Y+y):]
		dst := out.Pix[out.PixOffset(0, y):]
		for x := 0; x < b.Dx(); x++ {
			cell := x / crop.X * crop.X
			dst[cell+crop.X-1-(x-cell)] = src[x]
		}
	}
	return out
}
