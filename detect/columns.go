package detect

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

// ColumnHeight is how high above its square, in squares, a photo crop
// reaches: a Staunton king stands about 1.7 squares tall.
const ColumnHeight = 2.0

// defaultFocal is the focal length, in units of the picture's longer
// side, assumed when the board's perspective is too weak to measure it:
// a phone's main camera (26 mm equivalent) is about 0.75.
const defaultFocal = 0.75

// Camera projects points of the board's space into the picture. Board
// units are squares: the board's corners lie at (0,0), (8,0), (8,8) and
// (0,8) of the plane z = 0, in the order of the corners it was made from,
// and z points up, towards the camera.
type Camera struct {
	p [3][4]float64
	// Focal is the focal length in units of the picture's longer side,
	// measured from the perspective, or assumed.
	Focal float64
	// Elevation is the camera's angle above the board's plane in degrees,
	// 90 straight above it.
	Elevation float64
}

// Project maps the board-space point (u, v, z) into picture pixels.
func (c *Camera) Project(u, v, z float64) Point {
	var x [3]float64
	for i := range x {
		x[i] = c.p[i][0]*u + c.p[i][1]*v + c.p[i][2]*z + c.p[i][3]
	}
	return Point{x[0] / x[2], x[1] / x[2]}
}

// NewCamera recovers the camera that saw the board at corners in a w x h
// picture, from the board's homography alone: the principal point is
// taken at the picture's centre and pixels as square, which leaves the
// focal length as the one unknown, found from the two constraints a
// plane's homography puts on it (Zhang 2000). Weak perspective (a picture
// taken from straight above) leaves it undetermined; a phone's typical
// focal length stands in.
func NewCamera(corners [4]Point, w, h int) (*Camera, error) {
	board := [4]Point{{0, 0}, {8, 0}, {8, 8}, {0, 8}}
	H, ok := homography(board, corners)
	if !ok {
		return nil, fmt.Errorf("detect: board corners are degenerate")
	}
	// Picture coordinates relative to the centre, in units of the longer side.
	d := float64(max(w, h))
	cx, cy := float64(w)/2, float64(h)/2
	var a [3][3]float64
	for j := 0; j < 3; j++ {
		a[0][j] = (H[0][j] - cx*H[2][j]) / d
		a[1][j] = (H[1][j] - cy*H[2][j]) / d
		a[2][j] = H[2][j]
	}
	// With w = 1/f^2, r1.r2 = 0 and |r1| = |r2| give two linear equations.
	e1a, e1b := a[0][0]*a[0][1]+a[1][0]*a[1][1], a[2][0]*a[2][1]
	e2a := a[0][0]*a[0][0] + a[1][0]*a[1][0] - a[0][1]*a[0][1] - a[1][1]*a[1][1]
	e2b := a[2][0]*a[2][0] - a[2][1]*a[2][1]
	f := defaultFocal
	if den := e1a*e1a + e2a*e2a; den > 0 {
		if wf := -(e1a*e1b + e2a*e2b) / den; wf > 0 {
			if ff := 1 / math.Sqrt(wf); ff > 0.3 && ff < 3 {
				f = ff
			}
		}
	}
	col := func(j int) [3]float64 { return [3]float64{a[0][j] / f, a[1][j] / f, a[2][j]} }
	m1, m2, m3 := col(0), col(1), col(2)
	l := 2 / (norm(m1) + norm(m2))
	r1, r2, t := scale(m1, l), scale(m2, l), scale(m3, l)
	if t[2] < 0 { // the board lies in front of the camera
		r1, r2, t = scale(r1, -1), scale(r2, -1), scale(t, -1)
	}
	r3 := cross(r1, r2)
	if dot(r3, t) > 0 { // up is towards the camera, whose centre is -R^T t
		r3 = scale(r3, -1)
	}
	cam := &Camera{Focal: f}
	// Camera-space direction to the camera from the board's centre, against the plane's normal.
	centre := add(add(scale(r1, 4), scale(r2, 4)), t)
	cam.Elevation = math.Asin(math.Min(1, math.Abs(dot(r3, centre))/norm(centre))) * 180 / math.Pi
	rs := [4][3]float64{r1, r2, r3, t}
	for j, r := range rs {
		// Back to pixels: x_pix = c + d*f*X/Z.
		cam.p[0][j] = d*f*r[0] + cx*r[2]
		cam.p[1][j] = d*f*r[1] + cy*r[2]
		cam.p[2][j] = r[2]
	}
	return cam, nil
}

// Columns cuts from a photo, for each square of the board at corners, the
// square and the space above it where a piece stands, turned so that up
// in the crop is up in the world (the way a post on that square points in
// the picture), scaled to crop.X x crop.Y. The crops are laid out 8 by 8
// in the order of the board's squares: row by row from corners[0], rows
// running from corners[0] towards corners[1].
//
// Pieces in a photo stand out of their squares, leaning the way the
// camera looks; a warp of the board plane alone cuts their heads off
// into the squares behind. Following the camera's geometry instead keeps
// each piece whole in its own crop, at any angle and on any side.
//
// The camera is recovered assuming the principal point at the picture's
// centre, which cropping or padding a photo breaks. With upright set, up
// is taken as the picture's up instead (a camera held level), keeping the
// recovered camera only for how far pieces rise; callers that cannot tell
// which holds read both and keep the surer reading.
func Columns(img gocv.Mat, corners [4]Point, crop image.Point, upright bool) (*image.Gray, error) {
	p := NewPicture(img)
	defer p.Close()
	return p.Columns(corners, crop, upright)
}

// A Picture is a photo to cut crops from more than once (see Columns):
// its grey levels, and each shrunk copy the crops need, are made once, at
// the first cut that needs them. It holds img, which must outlive it.
type Picture struct {
	img    gocv.Mat
	grey   *gocv.Mat // nil until the first cut
	shrunk []shrunkGrey
}

type shrunkGrey struct {
	scale float64
	grey  gocv.Mat
}

// NewPicture prepares img (BGR or grey) for Columns.
func NewPicture(img gocv.Mat) *Picture { return &Picture{img: img} }

// Close frees the grey copies made of the picture.
func (p *Picture) Close() {
	if p.grey != nil {
		p.grey.Close()
		p.grey = nil
	}
	for _, s := range p.shrunk {
		s.grey.Close()
	}
	p.shrunk = nil
}

// Columns is Columns on the picture p.
func (p *Picture) Columns(corners [4]Point, crop image.Point, upright bool) (*image.Gray, error) {
	img := p.img
	if img.Empty() {
		return nil, fmt.Errorf("detect: empty picture")
	}
	if LongestSide(corners) < 16 {
		return nil, fmt.Errorf("detect: board of %.0f px is too small", LongestSide(corners))
	}
	cam, err := NewCamera(corners, img.Cols(), img.Rows())
	if err != nil {
		return nil, err
	}
	var boxes [64]column
	for i := range boxes {
		boxes[i] = cam.column(i/8, i%8, upright, float64(crop.Y)/float64(crop.X))
	}

	// Shrink the picture first where a crop would skip pixels: bilinear
	// sampling alone would alias.
	meanWidth := 0.0
	for _, b := range boxes {
		meanWidth += norm2(b.ex) / 64
	}
	src, g := p.source(math.Min(1, 1.25*float64(crop.X)/meanWidth))

	out := image.NewGray(image.Rect(0, 0, 8*crop.X, 8*crop.Y))
	m := gocv.NewMatWithSize(2, 3, gocv.MatTypeCV64F)
	defer m.Close()
	dst := gocv.NewMat()
	defer dst.Close()
	for i, b := range boxes {
		// The map from crop pixels to picture pixels (WarpInverseMap).
		sx, sy := g/float64(crop.X), g/float64(crop.Y)
		vals := [6]float64{b.ex[0] * sx, b.ey[0] * sy, b.origin.X * g, b.ex[1] * sx, b.ey[1] * sy, b.origin.Y * g}
		for k, v := range vals {
			m.SetDoubleAt(k/3, k%3, v)
		}
		gocv.WarpAffineWithParams(src, &dst, m, crop,
			gocv.InterpolationLinear|gocv.WarpInverseMap, gocv.BorderReplicate, color.RGBA{})
		pix, err := dst.DataPtrUint8()
		if err != nil {
			return nil, fmt.Errorf("detect: %w", err)
		}
		r, c := i/8, i%8
		for y := 0; y < crop.Y; y++ {
			copy(out.Pix[(r*crop.Y+y)*out.Stride+c*crop.X:], pix[y*crop.X:(y+1)*crop.X])
		}
	}
	return out, nil
}

// sameShrink is how far apart two shrink factors may be for one shrunk
// copy to serve both: the same board cut again from a slightly larger or
// smaller outline needs no copy of its own.
const sameShrink = 0.05

// source returns the picture's grey levels shrunk by about g (not at all
// above 0.8), and the factor they were shrunk by.
func (p *Picture) source(g float64) (gocv.Mat, float64) {
	if p.grey == nil {
		grey := toGrey(p.img)
		p.grey = &grey
	}
	if g >= 0.8 {
		return *p.grey, 1
	}
	for _, s := range p.shrunk {
		if math.Abs(s.scale-g) <= sameShrink*g {
			return s.grey, s.scale
		}
	}
	small := gocv.NewMat()
	gocv.Resize(*p.grey, &small, image.Point{}, g, g, gocv.InterpolationArea)
	p.shrunk = append(p.shrunk, shrunkGrey{g, small})
	return small, g
}

// column is the crop of one square in the picture: its top-left corner,
// and its whole width (ex) and height (ey) as picture-space vectors.
type column struct {
	origin Point
	ex, ey [2]float64
}

// column frames square (r, c): as wide as 1.5 squares across the
// direction of up, from a little below the square's near edge to the top
// of a post ColumnHeight squares high on its centre, and no flatter than
// aspect (height over width, the crop's). Up is the picture's up when
// upright is set.
func (cam *Camera) column(r, c int, upright bool, aspect float64) column {
	u, v := float64(c)+0.5, float64(r)+0.5
	base := cam.Project(u, v, 0)
	top := cam.Project(u, v, ColumnHeight)
	up := [2]float64{top.X - base.X, top.Y - base.Y}
	rise := norm2(up)
	var sq [4][2]float64
	for k, d := range [4][2]float64{{-.5, -.5}, {.5, -.5}, {.5, .5}, {-.5, .5}} {
		p := cam.Project(u+d[0], v+d[1], 0)
		sq[k] = [2]float64{p.X - base.X, p.Y - base.Y}
	}
	size := math.Sqrt(math.Abs(cross2(sub2(sq[2], sq[0]), sub2(sq[3], sq[1]))) / 2)
	dir := [2]float64{0, -1}
	if !upright && rise > 0.1*size {
		dir = [2]float64{up[0] / rise, up[1] / rise}
	}
	right := [2]float64{-dir[1], dir[0]}
	lo, hi, near, far := math.Inf(1), math.Inf(-1), 0.0, 0.0
	for _, q := range sq {
		x, y := dot2(q, right), dot2(q, dir)
		lo, hi = math.Min(lo, x), math.Max(hi, x)
		near, far = math.Max(near, -y), math.Max(far, y)
	}
	width := 1.5 * (hi - lo)
	below := near + 0.15*(hi-lo)
	above := math.Max(rise, far) + 0.1*(hi-lo)
	// Seen from high above, a piece barely rises: a box that short and
	// that wide, scaled to a crop twice as high as wide, would stretch the
	// piece's top into a blob in which a bishop, a queen and a king look
	// alike. The box keeps the crop's shape instead: narrower (down to 1.1
	// squares) and taller, evenly above and below.
	if h := above + below; h < aspect*width {
		width = math.Max(1.1*(hi-lo), h/aspect)
		extra := (aspect*width - h) / 2
		above += extra
		below += extra
	}
	origin := Point{
		base.X + dir[0]*above - right[0]*width/2,
		base.Y + dir[1]*above - right[1]*width/2,
	}
	return column{
		origin: origin,
		ex:     [2]float64{right[0] * width, right[1] * width},
		ey:     [2]float64{-dir[0] * (above + below), -dir[1] * (above + below)},
	}
}

// homography returns the 3x3 matrix taking each src point to its dst
// point (h33 = 1), or false when the points are degenerate.
func homography(src, dst [4]Point) ([3][3]float64, bool) {
	return fitHomography(src[:], dst[:])
}

func norm(a [3]float64) float64 { return math.Sqrt(dot(a, a)) }
func dot(a, b [3]float64) float64 {
	return a[0]*b[0] + a[1]*b[1] + a[2]*b[2]
}
func scale(a [3]float64, s float64) [3]float64 { return [3]float64{a[0] * s, a[1] * s, a[2] * s} }
func add(a, b [3]float64) [3]float64           { return [3]float64{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func cross(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func norm2(a [2]float64) float64      { return math.Hypot(a[0], a[1]) }
func dot2(a, b [2]float64) float64    { return a[0]*b[0] + a[1]*b[1] }
func sub2(a, b [2]float64) [2]float64 { return [2]float64{a[0] - b[0], a[1] - b[1]} }
func cross2(a, b [2]float64) float64  { return a[0]*b[1] - a[1]*b[0] }
