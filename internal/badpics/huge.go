package badpics

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/gif"

	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
)

// HugeHeaders returns, for each format, a small picture whose header
// claims Huge x Huge pixels (WebP: 16384 x 16384, its most): the size
// must be refused before any pixel is decoded.
func HugeHeaders(board image.Image) ([]Picture, error) {
	small := shrink(board, 64)
	var out []Picture
	add := func(name string, data []byte, err error, patch func([]byte) error) error {
		if err == nil {
			data = bytes.Clone(data)
			err = patch(data)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, Picture{Name: name, Data: data, Err: "pixel limit"})
		return nil
	}
	pngData, errp := encodePNG(small)
	jpegData, errj := encodeJPEG(small)
	var gb, bb, tb bytes.Buffer
	errg := gif.Encode(&gb, small, nil)
	errb := bmp.Encode(&bb, small)
	errt := tiff.Encode(&tb, small, nil)
	webpData, errw := encodeWebP(small)
	for _, e := range []error{
		add("huge.png", pngData, errp, patchPNG),
		add("huge.jpg", jpegData, errj, patchJPEG),
		add("huge.gif", gb.Bytes(), errg, patchGIF),
		add("huge.bmp", bb.Bytes(), errb, patchBMP),
		add("huge.tif", tb.Bytes(), errt, patchTIFF),
		add("huge.webp", webpData, errw, patchWebP),
	} {
		if e != nil {
			return nil, e
		}
	}
	return out, nil
}

func shrink(img image.Image, side int) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, side, side))
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			out.Set(x, y, img.At(b.Min.X+x*b.Dx()/side, b.Min.Y+y*b.Dy()/side))
		}
	}
	return out
}

func patchPNG(p []byte) error {
	binary.BigEndian.PutUint32(p[16:], Huge)
	binary.BigEndian.PutUint32(p[20:], Huge)
	binary.BigEndian.PutUint32(p[29:], crc32.ChecksumIEEE(p[12:29]))
	return nil
}

func patchJPEG(p []byte) error {
	i := bytes.Index(p, []byte{0xFF, 0xC0})
	if i < 0 {
		return errors.New("no SOF0 marker")
	}
	binary.BigEndian.PutUint16(p[i+5:], Huge) // height, after length and precision
	binary.BigEndian.PutUint16(p[i+7:], Huge)
	return nil
}

func patchGIF(p []byte) error {
	binary.LittleEndian.PutUint16(p[6:], Huge) // logical screen
	binary.LittleEndian.PutUint16(p[8:], Huge)
	return nil
}

func patchBMP(p []byte) error {
	binary.LittleEndian.PutUint32(p[18:], Huge)
	binary.LittleEndian.PutUint32(p[22:], Huge)
	return nil
}

func patchTIFF(p []byte) error {
	if !bytes.HasPrefix(p, []byte("II*\x00")) {
		return errors.New("not a little-endian TIFF")
	}
	ifd := int(binary.LittleEndian.Uint32(p[4:]))
	n := int(binary.LittleEndian.Uint16(p[ifd:]))
	patched := 0
	for i := 0; i < n; i++ {
		e := p[ifd+2+12*i:]
		if tag := binary.LittleEndian.Uint16(e); tag == 256 || tag == 257 { // ImageWidth, ImageLength
			switch binary.LittleEndian.Uint16(e[2:]) {
			case 3: // SHORT
				binary.LittleEndian.PutUint16(e[8:], Huge)
			case 4: // LONG
				binary.LittleEndian.PutUint32(e[8:], Huge)
			}
			patched++
		}
	}
	if patched != 2 {
		return errors.New("no width and height tags")
	}
	return nil
}

func patchWebP(p []byte) error {
	const side = 16384
	switch string(p[12:16]) {
	case "VP8L":
		// After the signature byte: 14 bits width-1, 14 bits height-1.
		v := binary.LittleEndian.Uint32(p[21:])
		v = v&^(1<<28-1) | (side-1)<<14 | (side - 1)
		binary.LittleEndian.PutUint32(p[21:], v)
	case "VP8 ":
		// After the frame tag and the start code: 14-bit sizes.
		binary.LittleEndian.PutUint16(p[26:], side-1)
		binary.LittleEndian.PutUint16(p[28:], side-1)
	default:
		return fmt.Errorf("unexpected WebP chunk %q", p[12:16])
	}
	return nil
}
