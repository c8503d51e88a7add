package fenscan

import (
	"bytes"
	"context"
	"os"
	"testing"
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
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	boards, err := s.ScanBytes(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	if boards[0].Rotation != 0 {
		t.Errorf("board read turned by %d degrees: the picture was not shown upright", boards[0].Rotation)
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
