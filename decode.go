package fenscan

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/draw"
	_ "image/gif" // register decoders for DecodeConfig and Decode
	_ "image/jpeg"
	_ "image/png"
	"io"
	"io/fs"
	"os"
	"syscall"

	"github.com/fenscan/fenscan/internal/codec"
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

// maxBytesPerPixel bounds a picture file's size by its pixels: no format
// stores a pixel in more than 8 bytes (16-bit RGBA), and metadata gets
// metaSlack on top. A larger file is refused before it is read whole.
const (
	maxBytesPerPixel = 8
	metaSlack        = 64 << 20
)

// Decode reads a picture in any supported format (PNG, JPEG, GIF, BMP,
// TIFF, WebP, HEIC, AVIF) into a BGR matrix, upright as its EXIF
// orientation says (HEIC and AVIF: as their container says); transparent
// parts are laid over white. The size is read from the header
// first, so a picture over maxPixels (0: DefaultMaxPixels) is refused
// before any pixel is decoded. Errors are one line, without the file name.
//
// JPEG and PNG, the common and the large pictures, are decoded by
// libjpeg-turbo and libpng (package codec), and only after their structure
// was checked here, so that a truncated file is refused with a clear cause
// instead of half-decoded. HEIC, a phone camera's default, and AVIF are
// decoded by libheif. Everything else, and CMYK JPEG, goes through Go's
// decoders.
func Decode(data []byte, maxPixels int) (gocv.Mat, error) {
	m, _, err := decode(data, maxPixels, 0)
	return m, err
}

// scanSide is the longer side a photo needs for scanning: boards are
// found at 1280 pixels and read at 256, so a 12 MP JPEG is decoded at
// half size, which libjpeg does several times faster than in full.
const scanSide = 1600

// DecodeForScan is Decode for scanning: a JPEG much larger than scanning
// needs is decoded at 1/2, 1/4 or 1/8 scale. It returns the factor that
// takes the decoded picture's coordinates to the file's (1 when not
// reduced): Scanner.Scan gives corners in the decoded picture.
func DecodeForScan(data []byte, maxPixels int) (gocv.Mat, float64, error) {
	return decode(data, maxPixels, scanSide)
}

// decode is Decode that, with minSide > 0, decodes a JPEG longer than
// twice minSide at 1/2, 1/4 or 1/8 scale, keeping at least minSide. It
// returns the factor from the decoded picture's pixels to the file's.
func decode(data []byte, maxPixels, minSide int) (gocv.Mat, float64, error) {
	if len(data) == 0 {
		return gocv.NewMat(), 1, errors.New("empty file")
	}
	if maxPixels <= 0 {
		maxPixels = DefaultMaxPixels
	}
	if format := codec.HEIFFormat(data); format != "" {
		m, err := decodeHEIF(data, format, maxPixels)
		return m, 1, err
	}
	format, cfg, err := checkConfig(bytes.NewReader(data), maxPixels)
	if err != nil {
		return gocv.NewMat(), 1, err
	}
	var m gocv.Mat
	switch format {
	case "jpeg":
		if err := checkJPEG(data); err != nil {
			return gocv.NewMat(), 1, err
		}
		reduce, side := 1, max(cfg.Width, cfg.Height)
		for _, n := range []int{8, 4, 2} {
			if minSide > 0 && side/n >= minSide {
				reduce = n
				break
			}
		}
		m, err = codec.DecodeJPEG(data, reduce)
		if errors.Is(err, codec.ErrCMYK) {
			reduce = 1
			m, err = decodeGo(data, format, maxPixels)
		} else {
			err = decodeError(format, err)
		}
		if err != nil {
			return gocv.NewMat(), 1, err
		}
		// Whichever decoder read it, a JPEG is shown as its EXIF
		// orientation says.
		orient(&m, jpegOrientation(data))
		return m, float64(reduce), nil
	case "png":
		deep, err := checkPNG(data)
		if err != nil {
			return gocv.NewMat(), 1, err
		}
		if !deep {
			m, err = codec.DecodePNG(data)
			return m, 1, decodeError(format, err)
		}
	}
	m, err = decodeGo(data, format, maxPixels)
	return m, 1, err
}

// decodeHEIF decodes a HEIC or AVIF picture; libheif reads its size before
// decoding, and a picture over maxPixels is ErrTooLarge.
func decodeHEIF(data []byte, format string, maxPixels int) (gocv.Mat, error) {
	m, err := codec.DecodeHEIF(data, maxPixels)
	if pe := (*codec.PixelLimitError)(nil); errors.As(err, &pe) {
		return m, fmt.Errorf("%w: %v", ErrTooLarge, pe)
	}
	return m, decodeError(format, err)
}

// ReadPicture reads a picture file for Decode. It checks the header and the
// pixel limit before reading the whole file, so that a huge file or a
// picture over the limit costs no memory; a HEIC or AVIF file, whose size
// only libheif finds, is read whole (within the bytes a picture within the
// limit can take) and its size checked by Decode. Errors are one line,
// without the file name.
func ReadPicture(path string, maxPixels int) ([]byte, error) {
	if maxPixels <= 0 {
		maxPixels = DefaultMaxPixels
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fileError(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fileError(err)
	}
	if fi.IsDir() {
		return nil, errors.New("is a folder")
	}
	if !fi.Mode().IsRegular() {
		// A pipe (such as bash's <(...)) cannot be read twice.
		return ReadPictureFrom(f, maxPixels)
	}
	if fi.Size() == 0 {
		return nil, errors.New("empty file")
	}
	// HEIC and AVIF keep their size where only libheif, given the whole
	// file, finds it: Decode checks it.
	br := bufio.NewReader(f)
	if head, _ := br.Peek(12); codec.HEIFFormat(head) == "" {
		if _, _, err := checkConfig(br, maxPixels); err != nil {
			return nil, err
		}
	}
	if limit := int64(maxPixels)*maxBytesPerPixel + metaSlack; fi.Size() > limit {
		return nil, fmt.Errorf("file of %d bytes is larger than any picture within the pixel limit", fi.Size())
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, fileError(err)
	}
	data := make([]byte, fi.Size())
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, fileError(err)
	}
	return data, nil
}

// ReadPictureFrom reads a picture from a stream (standard input, a pipe),
// refusing more bytes than a picture within maxPixels can take.
func ReadPictureFrom(r io.Reader, maxPixels int) ([]byte, error) {
	if maxPixels <= 0 {
		maxPixels = DefaultMaxPixels
	}
	limit := int64(maxPixels)*maxBytesPerPixel + metaSlack
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fileError(err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("more than %d bytes, larger than any picture within the pixel limit", limit)
	}
	return data, nil
}

// fileError drops the file name that os errors repeat: callers name the
// file once, in front of the cause.
func fileError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	switch {
	case errors.Is(err, syscall.EISDIR):
		return errors.New("is a folder")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("file shrank while it was read")
	}
	return fmt.Errorf("cannot read: %v", err)
}

// checkConfig reads the header: the format and the size, refused above
// maxPixels.
func checkConfig(r io.Reader, maxPixels int) (string, image.Config, error) {
	cfg, format, err := image.DecodeConfig(r)
	if err != nil {
		if errors.Is(err, image.ErrFormat) {
			return "", cfg, errors.New("not a picture in a supported format (PNG, JPEG, GIF, BMP, TIFF, WebP, HEIC, AVIF)")
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return "", cfg, fmt.Errorf("truncated %s: the file ends inside its header", orPicture(format))
		}
		return "", cfg, fmt.Errorf("corrupt %s: %v", orPicture(format), err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return "", cfg, fmt.Errorf("%s picture has no pixels", format)
	}
	if int64(cfg.Width)*int64(cfg.Height) > int64(maxPixels) {
		return "", cfg, fmt.Errorf("%w: %dx%d is over %d pixels", ErrTooLarge, cfg.Width, cfg.Height, maxPixels)
	}
	return format, cfg, nil
}

func orPicture(format string) string {
	if format == "" {
		return "picture"
	}
	return format
}

func decodeError(format string, err error) error {
	if err != nil {
		return fmt.Errorf("corrupt %s: %v", format, err)
	}
	return nil
}

// decodeGo decodes with Go's decoders (the first frame of an animation)
// and lays the picture over white: a transparent background must read as
// the page it is shown on, not as black.
func decodeGo(data []byte, format string, maxPixels int) (m gocv.Mat, err error) {
	defer func() {
		// A decoder bug on hostile input must cost one picture, not the
		// run.
		if r := recover(); r != nil {
			m, err = gocv.NewMat(), fmt.Errorf("corrupt %s: decoder failed: %v", format, r)
		}
	}()
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return gocv.NewMat(), fmt.Errorf("truncated %s: the file ends before the last pixel", format)
		}
		return gocv.NewMat(), fmt.Errorf("corrupt %s: %v", format, err)
	}
	b := img.Bounds()
	if b.Empty() || int64(b.Dx())*int64(b.Dy()) > int64(maxPixels) {
		return gocv.NewMat(), fmt.Errorf("corrupt %s: its pixels (%dx%d) disagree with its header", format, b.Dx(), b.Dy())
	}
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.Draw(rgba, rgba.Bounds(), img, b.Min, draw.Over)
	return rgbaToBGR(rgba)
}

// rgbaToBGR converts an opaque RGBA picture to an OpenCV BGR matrix.
func rgbaToBGR(img *image.RGBA) (gocv.Mat, error) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	buf := make([]byte, w*h*3)
	for y := 0; y < h; y++ {
		src := img.Pix[y*img.Stride : y*img.Stride+4*w]
		dst := buf[y*w*3 : (y+1)*w*3]
		for x := 0; x < w; x++ {
			dst[3*x], dst[3*x+1], dst[3*x+2] = src[4*x+2], src[4*x+1], src[4*x]
		}
	}
	return gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC3, buf)
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// checkPNG walks the chunks of a PNG without decompressing them: every
// chunk must be whole, critical chunks must pass their checksum, and IEND
// must come. It reports whether the samples have 16 bits: libpng's
// simplified reader takes those for linear light (the PNG standard's
// default without a gAMA chunk), while the pictures people make hold sRGB
// in them as in 8-bit ones.
func checkPNG(data []byte) (deep bool, err error) {
	if !bytes.HasPrefix(data, pngSignature) {
		return false, errors.New("corrupt png: bad signature")
	}
	for p := len(pngSignature); ; {
		if len(data)-p < 8 {
			return false, errors.New("truncated png: the file ends before the image end chunk")
		}
		n := int64(binary.BigEndian.Uint32(data[p:]))
		typ := string(data[p+4 : p+8])
		if n > int64(len(data)-p-12) {
			return false, fmt.Errorf("truncated png: the file ends inside chunk %q", typ)
		}
		end := p + 8 + int(n)
		critical := typ[0]&0x20 == 0
		if critical && crc32.ChecksumIEEE(data[p+4:end]) != binary.BigEndian.Uint32(data[end:]) {
			return false, fmt.Errorf("corrupt png: checksum error in chunk %q", typ)
		}
		switch typ {
		case "IHDR":
			deep = n >= 9 && data[p+8+8] == 16
		case "IEND":
			return deep, nil
		}
		p = end + 4
	}
}

// checkJPEG follows the markers of a JPEG, through the entropy-coded data
// of each scan, up to the end-of-image marker: a file cut short lacks it.
func checkJPEG(data []byte) error {
	truncated := errors.New("truncated jpeg: the file ends before the end-of-image marker")
	if len(data) < 2 || data[0] != 0xFF || data[1] != 0xD8 {
		return errors.New("corrupt jpeg: bad start-of-image marker")
	}
	for p := 2; ; {
		// Bytes other than 0xFF before a marker are junk that libjpeg
		// skips with a warning; fill bytes 0xFF may precede any marker.
		q := bytes.IndexByte(data[p:], 0xFF)
		if q < 0 {
			return truncated
		}
		p += q
		for p < len(data) && data[p] == 0xFF {
			p++
		}
		if p >= len(data) {
			return truncated
		}
		marker := data[p]
		p++
		switch {
		case marker == 0xD9: // EOI
			return nil
		case marker == 0x01 || marker == 0xD8 || marker >= 0xD0 && marker <= 0xD7:
			continue // no length
		}
		if len(data)-p < 2 {
			return truncated
		}
		n := int(binary.BigEndian.Uint16(data[p:]))
		if n < 2 {
			return fmt.Errorf("corrupt jpeg: segment 0x%02X has length %d", marker, n)
		}
		if n > len(data)-p {
			return truncated
		}
		p += n
		if marker != 0xDA { // SOS: entropy-coded data follows
			continue
		}
		for {
			q := bytes.IndexByte(data[p:], 0xFF)
			if q < 0 || p+q+1 >= len(data) {
				return truncated
			}
			p += q
			if next := data[p+1]; next == 0 || next >= 0xD0 && next <= 0xD7 {
				p += 2 // a stuffed 0xFF or a restart marker: still in the scan
				continue
			}
			break
		}
	}
}
