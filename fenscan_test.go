package fenscan

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/fenscan/fenscan/classify"
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
