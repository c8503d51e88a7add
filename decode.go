package fenscan

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	_ "image/jpeg" // register decoders for DecodeConfig
	_ "image/png"

	"gocv.io/x/gocv"
	_ "golang.org/x/image/bmp"
	_ "golang.org/x/image/tiff"
	_ "golang.org/x/image/webp"
)

// DefaultMaxPixels bounds the pixels a picture may have (width times
// height) before it is decoded: 100 MP covers 12 MP phone photos and
// 300 dpi pages many times over, and stops decompression bombs.
const DefaultMaxPixels = 100_000_000

// ErrTooLarge is returned for pictures above the pixel limit.
var ErrTooLarge = errors.New("picture exceeds the pixel limit")

// Decode reads a picture in any supported format (PNG, JPEG, GIF, BMP,
// TIFF, WebP) into a BGR matrix, upright as its EXIF orientation says.
// The size is read from the header first, so a picture over maxPixels (0:
// DefaultMaxPixels) is refused before any pixel is decoded.
func Decode(data []byte, maxPixels int) (gocv.Mat, error) {
	if len(data) == 0 {
		return gocv.NewMat(), errors.New("empty file")
	}
	if maxPixels <= 0 {
		maxPixels = DefaultMaxPixels
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		if errors.Is(err, image.ErrFormat) {
			return gocv.NewMat(), errors.New("not a picture in a supported format (PNG, JPEG, GIF, BMP, TIFF, WebP)")
		}
		return gocv.NewMat(), fmt.Errorf("corrupt %s", formatName(format, err))
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return gocv.NewMat(), fmt.Errorf("%s picture has no pixels", format)
	}
	if int64(cfg.Width)*int64(cfg.Height) > int64(maxPixels) {
		return gocv.NewMat(), fmt.Errorf("%w: %dx%d is over %d pixels", ErrTooLarge, cfg.Width, cfg.Height, maxPixels)
	}
	if format == "gif" {
		// OpenCV 4.6 reads no GIF; the first frame stands for an
		// animation.
		return decodeGIF(data)
	}
	m, err := gocv.IMDecode(data, gocv.IMReadColor)
	if err != nil || m.Empty() {
		m.Close()
		return gocv.NewMat(), fmt.Errorf("corrupt or unsupported %s data", format)
	}
	return m, nil
}

func formatName(format string, err error) string {
	if format == "" {
		return fmt.Sprintf("picture: %v", err)
	}
	return fmt.Sprintf("%s: %v", format, err)
}

func decodeGIF(data []byte) (gocv.Mat, error) {
	img, err := gif.Decode(bytes.NewReader(data))
	if err != nil {
		return gocv.NewMat(), fmt.Errorf("corrupt gif: %v", err)
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	return imageToBGR(rgba)
}

// imageToBGR converts a Go image to an OpenCV BGR matrix.
func imageToBGR(img *image.RGBA) (gocv.Mat, error) {
	b := img.Bounds()
	buf := make([]byte, 0, b.Dx()*b.Dy()*3)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[(y-b.Min.Y)*img.Stride:]
		for x := 0; x < b.Dx(); x++ {
			buf = append(buf, row[4*x+2], row[4*x+1], row[4*x])
		}
	}
	return gocv.NewMatFromBytes(b.Dy(), b.Dx(), gocv.MatTypeCV8UC3, buf)
}
