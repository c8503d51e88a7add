// Package debugimg draws what fenscan found in a picture, to see why a
// board was missed or misread: the outline of each board on the input, and
// each warped board enlarged with the piece read on every square and its
// probability.
package debugimg

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"

	"github.com/fenscan/fenscan"
	"github.com/fenscan/fenscan/detect"
	"gocv.io/x/gocv"
)

// Scale enlarges the 256x256 warped board so that labels fit its squares.
const Scale = 2

var (
	outlineColour = color.RGBA{R: 255, G: 0, B: 255, A: 255}   // magenta: rare on boards
	firstCorner   = color.RGBA{R: 0, G: 200, B: 255, A: 255}   // marks the top-left corner
	labelColour   = color.RGBA{R: 220, G: 0, B: 0, A: 255}     // red letters
	haloColour    = color.RGBA{R: 255, G: 255, B: 255, A: 255} // keep letters legible on dark squares
	droppedColour = color.RGBA{R: 255, G: 140, B: 0, A: 255}   // orange: an outline given up
)

// Paths returns where Write puts the pictures for the input named name:
// the outline picture and one picture per board, below dir, mirroring the
// input's path (without ".." or a leading "/", "-" as "stdin").
func Paths(dir, name string, boards int) (outline string, squares []string) {
	base := filepath.Join(dir, safeRel(name))
	for i := range boards {
		squares = append(squares, fmt.Sprintf("%s.board%d.png", base, i))
	}
	return base + ".outline.png", squares
}

func safeRel(name string) string {
	if name == "-" {
		return "stdin"
	}
	var parts []string
	for _, p := range strings.Split(filepath.ToSlash(filepath.Clean(name)), "/") {
		if p != "" && p != "." && p != ".." {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return "picture"
	}
	return filepath.Join(parts...)
}

// Write saves the debug pictures of one input (see Paths). img is the
// decoded BGR input or a grey PDF page; boards must still hold their
// Warped pictures. dropped are the outlines given up when no board was
// found (fenscan.NoBoardError), drawn in orange.
func Write(dir, name string, img gocv.Mat, boards []fenscan.Board, dropped [][4]detect.Point) error {
	outline, squares := Paths(dir, name, len(boards))
	if err := os.MkdirAll(filepath.Dir(outline), 0o755); err != nil {
		return err
	}
	o := Outline(img, boards, dropped)
	defer o.Close()
	if err := save(outline, o); err != nil {
		return err
	}
	for i, b := range boards {
		m, err := Squares(b)
		if err != nil {
			return err
		}
		err = save(squares[i], m)
		m.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// save writes m as a PNG with Go's encoder: fenscan does not link
// OpenCV's imgcodecs (see package codec).
func save(path string, m gocv.Mat) error {
	img, err := m.ToImage()
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(f, img)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	return nil
}

// Outline returns a copy of img with each board's outline drawn, its
// top-left corner marked and its index written inside, and each outline
// given up in orange.
func Outline(img gocv.Mat, boards []fenscan.Board, dropped [][4]detect.Point) gocv.Mat {
	out := gocv.NewMat()
	if img.Channels() == 1 { // a PDF page
		gocv.CvtColor(img, &out, gocv.ColorGrayToBGR)
	} else {
		img.CopyTo(&out)
	}
	thick := max(2, min(img.Cols(), img.Rows())/300)
	for _, corners := range dropped {
		polygon(&out, corners, droppedColour, thick)
	}
	for _, b := range boards {
		first := polygon(&out, b.Corners, outlineColour, thick)
		gocv.Circle(&out, first, 3*thick, firstCorner, -1)
		gocv.PutText(&out, fmt.Sprint(b.Index), first.Add(image.Pt(4*thick, 12*thick)), gocv.FontHersheySimplex, 0.4*float64(thick), outlineColour, thick)
	}
	return out
}

// polygon draws the outline through corners and returns the first, in
// whole pixels.
func polygon(m *gocv.Mat, corners [4]detect.Point, c color.RGBA, thick int) image.Point {
	var pts []image.Point
	for _, p := range corners {
		pts = append(pts, image.Pt(int(p.X+0.5), int(p.Y+0.5)))
	}
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
	gocv.Polylines(m, pv, true, c, thick)
	pv.Close()
	return pts[0]
}

// PictureSquare returns the square a board shows at row, column of its
// warped picture (row 0 at the top). Squares run a8..h1 from White's
// side, the picture as the input shows it: a board seen from Black's side
// has h1 at the top left.
func PictureSquare(b fenscan.Board, row, col int) fenscan.Square {
	i := row*8 + col
	if b.Position != nil {
		i = b.Position.Orientation.Square(i)
	}
	return b.Squares[i]
}

// Squares returns the warped board, enlarged Scale times, with each
// square's piece letter ("-" when empty) and probability. A photo's board
// is its crops, each square with the space above it, taller than wide.
func Squares(b fenscan.Board) (gocv.Mat, error) {
	if b.Warped == nil {
		return gocv.NewMat(), fmt.Errorf("board %d has no warped picture", b.Index)
	}
	w := b.Warped
	if w.Stride != w.Rect.Dx() {
		w = image.NewGray(w.Rect)
		draw.Draw(w, w.Rect, b.Warped, w.Rect.Min, draw.Src)
	}
	grey, err := gocv.NewMatFromBytes(w.Rect.Dy(), w.Rect.Dx(), gocv.MatTypeCV8U, w.Pix)
	if err != nil {
		return gocv.NewMat(), err
	}
	defer grey.Close()
	big := gocv.NewMat()
	defer big.Close()
	gocv.Resize(grey, &big, image.Pt(w.Rect.Dx()*Scale, w.Rect.Dy()*Scale), 0, 0, gocv.InterpolationNearestNeighbor)
	out := gocv.NewMat()
	gocv.CvtColor(big, &out, gocv.ColorGrayToBGR)
	cw, ch := out.Cols()/8, out.Rows()/8
	for row := range 8 {
		for col := range 8 {
			sq := PictureSquare(b, row, col)
			piece := sq.Piece
			if piece == "" {
				piece = "-"
			}
			org := image.Pt(col*cw+3, row*ch+cw/3)
			label(&out, piece, org, 0.6)
			label(&out, fmt.Sprintf("%.2f", sq.Prob), org.Add(image.Pt(0, cw/2)), 0.4)
		}
	}
	for k := 1; k < 8; k++ {
		gocv.Line(&out, image.Pt(k*cw, 0), image.Pt(k*cw, out.Rows()), outlineColour, 1)
		gocv.Line(&out, image.Pt(0, k*ch), image.Pt(out.Cols(), k*ch), outlineColour, 1)
	}
	return out, nil
}

func label(m *gocv.Mat, text string, org image.Point, scale float64) {
	gocv.PutText(m, text, org, gocv.FontHersheySimplex, scale, haloColour, 3)
	gocv.PutText(m, text, org, gocv.FontHersheySimplex, scale, labelColour, 1)
}
