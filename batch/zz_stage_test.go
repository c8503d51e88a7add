package batch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/fenscan/fenscan"
	"github.com/fenscan/fenscan/assemble"
	"github.com/fenscan/fenscan/classify"
	"github.com/fenscan/fenscan/detect"
	"github.com/fenscan/fenscan/marks"
	"github.com/fenscan/fenscan/models"
)

func TestZZStages(t *testing.T) {
	dir := os.Getenv("SHOTS")
	if dir == "" {
		t.Skip()
	}
	files, _ := filepath.Glob(filepath.Join(dir, "000", "*"))
	files = files[:min(len(files), 200)]
	clf, _ := classify.New(models.Digital, classify.OpenCV)
	s, _ := fenscan.New(fenscan.Options{})
	var tr, td, tf, tw, tc, tm, ta, ts time.Duration
	ctx := context.Background()
	for _, f := range files {
		t0 := time.Now()
		data, _ := fenscan.ReadPicture(f, 0)
		t1 := time.Now()
		m, _ := fenscan.Decode(data, 0)
		t2 := time.Now()
		found, err := detect.Find(m, detect.Options{})
		t3 := time.Now()
		tr += t1.Sub(t0)
		td += t2.Sub(t1)
		tf += t3.Sub(t2)
		if err == nil {
			for _, b := range found {
				a := time.Now()
				w, _ := detect.Warp(m, b.Corners)
				bb := time.Now()
				p, _ := clf.Classify(ctx, w)
				c := time.Now()
				col, _ := detect.WarpColor(m, b.Corners, 128)
				marks.Highlights(col)
				d := time.Now()
				var in assemble.Input
				for i := range p {
					in.Squares[i] = assemble.Probs(p[i])
				}
				assemble.Assemble(in, assemble.Options{})
				e := time.Now()
				tw += bb.Sub(a)
				tc += c.Sub(bb)
				tm += d.Sub(c)
				ta += e.Sub(d)
			}
		}
		t5 := time.Now()
		s.Scan(ctx, m)
		ts += time.Since(t5)
		m.Close()
	}
	n := time.Duration(len(files))
	fmt.Printf("n=%d per picture: read %v decode %v find %v warp %v classify %v marks %v assemble %v | Scanner.Scan %v\n", len(files), tr/n, td/n, tf/n, tw/n, tc/n, tm/n, ta/n, ts/n)
}
