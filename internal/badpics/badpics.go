// Package badpics makes the inputs that fenscan must survive: files that
// are broken, hostile or not pictures at all, which must each be refused
// with a clear cause, and pictures of a board in unusual encodings, which
// must read as the board does. They are made from a board picture at test
// time (or by `go run ./internal/badpics/gen` into testdata/bad/), so no
// third-party file is needed.
package badpics

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math/rand"
	"os"

	"gocv.io/x/gocv"
	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
)

// Picture is one generated input.
type Picture struct {
	// Name is a file name whose extension says what the file claims to be.
	Name string
	Data []byte
	// Err is a piece of the error that must be given for this input; ""
	// for a picture that must be read like the board it was made from.
	Err string
}

// Load decodes a picture file (PNG, JPEG, GIF, BMP, TIFF), such as the
// board to make the inputs from.
func Load(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return img, nil
}

// Huge is the side of the pictures whose headers claim 30000x30000
// pixels (WebP allows 16384 at most, which is still over the limit).
const Huge = 30000

// BombSide is the side of the decompression bomb: a PNG of about 100 KB
// whose pixels would take 105 MB, just over fenscan's default limit.
const BombSide = 10240

// Bad returns inputs that must each fail with the given cause. board is
// any picture; it is cut and re-encoded.
func Bad(board image.Image) ([]Picture, error) {
	pngData, err := encodePNG(board)
	if err != nil {
		return nil, err
	}
	jpegData, err := encodeJPEG(board)
	if err != nil {
		return nil, err
	}
	out := []Picture{
		{Name: "empty.png", Data: []byte{}, Err: "empty file"},
		{Name: "text.png", Data: []byte("This is a text file named like a picture.\n"), Err: "not a picture"},
		{Name: "truncated.png", Data: pngData[:len(pngData)*6/10], Err: "truncated png"},
		{Name: "truncated-header.png", Data: pngData[:20], Err: "truncated png"},
		{Name: "truncated.jpg", Data: jpegData[:len(jpegData)*6/10], Err: "truncated jpeg"},
		{Name: "bad-checksum.png", Data: flipIDAT(pngData), Err: "checksum"},
		{Name: "no-board.png", Data: mustPNG(NoBoard()), Err: "no chessboard"},
		{Name: "bomb.png", Data: Bomb(BombSide), Err: "pixel limit"},
	}
	huge, err := HugeHeaders(board)
	if err != nil {
		return nil, err
	}
	return append(out, huge...), nil
}

// Odd returns board re-encoded in the ways pictures arrive: CMYK JPEG,
// 16-bit PNG, paletted PNG, transparent PNG (the board on a transparent
// margin), an animated GIF whose first frame is the board, WebP, BMP and
// TIFF. Each must read as board does.
func Odd(board image.Image) ([]Picture, error) {
	b := board.Bounds()
	grey := greyPaletted(board, 0)
	var out []Picture
	add := func(name string, data []byte, err error) error {
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, Picture{Name: name, Data: data})
		return nil
	}

	deep := image.NewRGBA64(b)
	draw.Draw(deep, b, board, b.Min, draw.Src)
	d16, err16 := encodePNG(deep)
	dp, errp := encodePNG(grey)
	dt, errt := encodePNG(Transparent(board, 48))
	dpt, errpt := encodePNG(greyPaletted(board, 48))
	dg, errg := animatedGIF(grey)
	dw, errw := encodeWebP(board)
	var bb, tb bytes.Buffer
	errb := bmp.Encode(&bb, board)
	errtf := tiff.Encode(&tb, board, &tiff.Options{Compression: tiff.Deflate})
	for _, e := range []error{
		add("cmyk.jpg", encodeCMYK(board), nil),
		add("16bit.png", d16, err16),
		add("paletted.png", dp, errp),
		add("alpha.png", dt, errt),
		add("paletted-alpha.png", dpt, errpt),
		add("animated.gif", dg, errg),
		add("board.webp", dw, errw),
		add("board.bmp", bb.Bytes(), errb),
		add("board.tif", tb.Bytes(), errtf),
	} {
		if e != nil {
			return nil, e
		}
	}
	return out, nil
}

// Transparent lays board on a fully transparent margin whose hidden colour
// is black, as many exporters leave it: read without compositing, the
// margin turns black.
func Transparent(board image.Image, margin int) *image.NRGBA {
	b := board.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx()+2*margin, b.Dy()+2*margin))
	draw.Draw(out, b.Sub(b.Min).Add(image.Pt(margin, margin)), board, b.Min, draw.Src)
	return out
}

// greyPaletted turns board into 255 greys, which a palette holds without
// dithering and which leave what the pipeline sees of it (grey) nearly
// unchanged. A margin, if any, takes the last palette entry: transparent,
// its hidden colour black.
func greyPaletted(board image.Image, margin int) *image.Paletted {
	pal := make(color.Palette, 256)
	for i := range pal {
		pal[i] = color.Gray{Y: uint8(i)}
	}
	if margin > 0 {
		pal[255] = color.NRGBA{}
	}
	b := board.Bounds()
	out := image.NewPaletted(image.Rect(0, 0, b.Dx()+2*margin, b.Dy()+2*margin), pal)
	for i := range out.Pix {
		out.Pix[i] = 255
	}
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			g := color.GrayModel.Convert(board.At(b.Min.X+x, b.Min.Y+y)).(color.Gray).Y
			out.Pix[(y+margin)*out.Stride+x+margin] = min(g, 254)
		}
	}
	return out
}

// animatedGIF makes a two-frame animation: the board, then noise.
func animatedGIF(first *image.Paletted) ([]byte, error) {
	noise := image.NewPaletted(first.Rect, palette.Plan9)
	rng := rand.New(rand.NewSource(1))
	for i := range noise.Pix {
		noise.Pix[i] = uint8(rng.Intn(256))
	}
	var buf bytes.Buffer
	err := gif.EncodeAll(&buf, &gif.GIF{Image: []*image.Paletted{first, noise}, Delay: []int{50, 50}})
	return buf.Bytes(), err
}

func encodeWebP(img image.Image) ([]byte, error) {
	m, err := gocv.ImageToMatRGB(img)
	if err != nil {
		return nil, err
	}
	defer m.Close()
	nb, err := gocv.IMEncode(gocv.FileExt(".webp"), m)
	if err != nil {
		return nil, err
	}
	defer nb.Close()
	return bytes.Clone(nb.GetBytes()), nil
}

func encodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	err := png.Encode(&buf, img)
	return buf.Bytes(), err
}

func mustPNG(img image.Image) []byte {
	b, err := encodePNG(img)
	if err != nil {
		panic(err) // encoding an in-memory RGBA cannot fail
	}
	return b
}

func encodeJPEG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90})
	return buf.Bytes(), err
}

// NoBoard is an 800x600 page without a chessboard: a soft gradient with
// blocks of different sizes at random places.
func NoBoard() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 800, 600))
	for y := 0; y < 600; y++ {
		for x := 0; x < 800; x++ {
			img.Set(x, y, color.RGBA{uint8(180 + x/20), uint8(200 + y/20), 230, 255})
		}
	}
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 40; i++ {
		x, y := rng.Intn(760), rng.Intn(570)
		r := image.Rect(x, y, x+10+rng.Intn(200), y+6+rng.Intn(14))
		c := uint8(rng.Intn(120))
		draw.Draw(img, r, image.NewUniform(color.RGBA{c, c, c, 255}), image.Point{}, draw.Src)
	}
	return img
}

// flipIDAT damages one byte of the first IDAT chunk, leaving its checksum
// wrong.
func flipIDAT(p []byte) []byte {
	p = bytes.Clone(p)
	i := bytes.Index(p, []byte("IDAT"))
	p[i+8] ^= 0x55
	return p
}

// Bomb writes a grey PNG of side x side black pixels: it compresses about
// a thousandfold.
func Bomb(side int) []byte {
	var idat bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&idat, zlib.BestCompression)
	row := make([]byte, side+1) // filter byte 0, then black
	for y := 0; y < side; y++ {
		_, _ = zw.Write(row)
	}
	_ = zw.Close()
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(side))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(side))
	ihdr[8] = 8 // depth; colour type 0 (grey), then compression, filter, interlace 0
	pngChunk(&out, "IHDR", ihdr)
	pngChunk(&out, "IDAT", idat.Bytes())
	pngChunk(&out, "IEND", nil)
	return out.Bytes()
}

func pngChunk(w *bytes.Buffer, typ string, data []byte) {
	_ = binary.Write(w, binary.BigEndian, uint32(len(data)))
	w.WriteString(typ)
	w.Write(data)
	_ = binary.Write(w, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
}
