package fenscan

import (
	"bytes"
	"context"
	"encoding/binary"
	"image"
	"os"
	"testing"

	"github.com/fenscan/fenscan/internal/badpics"
)

func TestJPEGOrientation(t *testing.T) {
	data, err := os.ReadFile("testdata/exif-rotated.jpg")
	if err != nil {
		t.Fatal(err)
	}
	if o := jpegOrientation(data); o != 6 {
		t.Errorf("exif-rotated.jpg: orientation %d, want 6", o)
	}
	data, err = os.ReadFile("testdata/small-chessnut.jpg")
	if err != nil {
		t.Fatal(err)
	}
	if o := jpegOrientation(data); o != 1 {
		t.Errorf("small-chessnut.jpg: orientation %d, want 1", o)
	}
}

// TestDecodeOrientation decodes a phone JPEG stored sideways (orientation
// 6: turn 90 degrees clockwise to show) upright: its width and height
// swap, and its board is found where it stands upright.
func TestDecodeOrientation(t *testing.T) {
	data := readFile(t, "testdata/exif-rotated.jpg")
	_, cfg, err := checkConfig(bytes.NewReader(data), DefaultMaxPixels)
	if err != nil {
		t.Fatal(err)
	}
	m := decodeFile(t, "testdata/exif-rotated.jpg")
	defer m.Close()
	if m.Cols() != cfg.Height || m.Rows() != cfg.Width {
		t.Fatalf("decoded %dx%d, stored %dx%d: not turned", m.Cols(), m.Rows(), cfg.Width, cfg.Height)
	}
	s := newScanner(t, Options{})
	boards, err := s.ScanBytes(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	if boards[0].Rotation != 0 {
		t.Errorf("board read turned by %d degrees: the picture was not shown upright", boards[0].Rotation)
	}
}

// TestDecodeOrientationCMYK turns a CMYK JPEG too: libjpeg cannot give
// those in colour and Go's decoder reads them, but the EXIF orientation
// holds all the same.
func TestDecodeOrientationCMYK(t *testing.T) {
	odd, err := badpics.Odd(image.NewRGBA(image.Rect(0, 0, 40, 24)))
	if err != nil {
		t.Fatal(err)
	}
	var cmyk []byte
	for _, p := range odd {
		if p.Name == "cmyk.jpg" {
			cmyk = p.Data
		}
	}
	// The EXIF segment (APP1, orientation 6) of the phone photo, put
	// right after the CMYK picture's start marker.
	rotated := readFile(t, "testdata/exif-rotated.jpg")
	app1 := -1
	for p := 2; p+4 <= len(rotated) && rotated[p] == 0xFF; p += 2 + int(binary.BigEndian.Uint16(rotated[p+2:])) {
		if rotated[p+1] == 0xE1 {
			app1 = p
			break
		}
	}
	if cmyk == nil || app1 < 0 {
		t.Fatal("no CMYK picture or no EXIF segment")
	}
	seg := rotated[app1 : app1+2+int(binary.BigEndian.Uint16(rotated[app1+2:]))]
	data := append(append(append([]byte{}, cmyk[:2]...), seg...), cmyk[2:]...)
	if o := jpegOrientation(data); o != 6 {
		t.Fatalf("spliced orientation %d, want 6", o)
	}
	m, err := Decode(data, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if m.Cols() != 24 || m.Rows() != 40 {
		t.Errorf("decoded %dx%d, want 24x40: not turned", m.Cols(), m.Rows())
	}
}

func FuzzJPEGOrientation(f *testing.F) {
	for _, name := range []string{"testdata/exif-rotated.jpg", "testdata/small-chessnut.jpg"} {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data[:min(len(data), 512)])
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if o := jpegOrientation(data); o < 1 || o > 8 {
			t.Fatalf("orientation %d", o)
		}
	})
}
