package fenscan

import (
	"bytes"
	"context"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/fenscan/fenscan/classify"
	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
)

// TestScanTestdata reads every labelled picture in testdata/ with each
// runtime and checks the exact placement of its largest board.
func TestScanTestdata(t *testing.T) {
	labels, err := ReadLabels("testdata/labels.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) < 3 {
		t.Fatalf("only %d labelled pictures in testdata", len(labels))
	}
	for _, rt := range classify.Runtimes {
		s, err := New(Options{Runtime: rt})
		if err != nil {
			t.Fatalf("%s: %v", rt, err)
		}
		defer s.Close()
		for _, l := range labels {
			t.Run(string(rt)+"/"+filepath.Base(l.Image), func(t *testing.T) {
				boards, err := s.ScanFile(context.Background(), l.Image)
				if err != nil {
					t.Fatal(err)
				}
				if got := boards[0].Placement(); got != l.Placement {
					t.Errorf("placement\n got %s\nwant %s", got, l.Placement)
				}
			})
		}
	}
}

// TestFormats encodes one picture in each format Go can write and reads
// the position back from memory. (WebP and EXIF-rotated JPEG files are in
// testdata/labels.csv.)
func TestFormats(t *testing.T) {
	const want = "8/5pk1/6p1/3Pp3/1Pp1Pn2/P3BP1P/2Q1N1P1/6K1"
	f, err := os.Open("testdata/small-chessnut.jpg")
	if err != nil {
		t.Fatal(err)
	}
	img, _, err := image.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	encoders := map[string]func(io.Writer, image.Image) error{
		"png":  png.Encode,
		"gif":  func(w io.Writer, m image.Image) error { return gif.Encode(w, m, &gif.Options{NumColors: 256}) },
		"bmp":  bmp.Encode,
		"tiff": func(w io.Writer, m image.Image) error { return tiff.Encode(w, m, nil) },
		"jpeg": func(w io.Writer, m image.Image) error { return jpeg.Encode(w, m, &jpeg.Options{Quality: 90}) },
	}
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for name, enc := range encoders {
		var buf bytes.Buffer
		if err := enc(&buf, img); err != nil {
			t.Fatal(err)
		}
		boards, err := s.ScanBytes(context.Background(), buf.Bytes())
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := boards[0].Placement(); got != want {
			t.Errorf("%s: got %s, want %s", name, got, want)
		}
	}
}

func TestScanNoBoard(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	data, err := os.ReadFile("testdata/text-page.png")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ScanBytes(context.Background(), data); err != ErrNoBoard {
		t.Fatalf("got %v, want ErrNoBoard", err)
	}
}

// BenchmarkScan measures the whole pipeline on a 1000 px browser
// screenshot, decoding included, after the model is loaded.
func BenchmarkScan(b *testing.B) {
	data, err := os.ReadFile("testdata/browser-cburnett.png")
	if err != nil {
		b.Fatal(err)
	}
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.ScanBytes(ctx, data); err != nil {
			b.Fatal(err)
		}
	}
}
