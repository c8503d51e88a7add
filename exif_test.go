package fenscan

import (
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
