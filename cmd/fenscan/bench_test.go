package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/fenscan/fenscan/internal/shots"
)

// poolSize is the number of distinct shots benchmarks draw from; larger
// runs link them again under new names.
const poolSize = 500

var pool struct {
	once sync.Once
	dir  string
	err  error
}

func shotPool(b *testing.B) string {
	pool.once.Do(func() {
		var sources []shots.Source
		sources, pool.err = shots.Sources("../../testdata/labels.csv", "../../testdata/heldout/labels.csv")
		if pool.err != nil {
			return
		}
		// The pool outlives each benchmark run; TestMain removes it.
		pool.dir, pool.err = os.MkdirTemp("", "fenscan-shots-")
		if pool.err == nil {
			pool.err = shots.Make(context.Background(), pool.dir, poolSize, 1, sources)
		}
	})
	if pool.err != nil {
		b.Fatal(pool.err)
	}
	return pool.dir
}

func removePool() {
	if pool.dir != "" {
		os.RemoveAll(pool.dir)
	}
}

// BenchmarkBatch scans a folder of b.N generated screenshots with
// `fenscan scan --jobs 2 --json`, model loading included; ns/op is the
// time per picture and pictures/s the rate (with -benchtime 500x: the
// README's 500-picture folder).
func BenchmarkBatch(b *testing.B) {
	src := shotPool(b)
	dir := b.TempDir()
	for i := range b.N {
		from := filepath.Join(src, fmt.Sprintf("%03d", i%poolSize/shots.PerFolder))
		name := fmt.Sprintf("shot%05d", i%poolSize)
		for _, ext := range []string{".png", ".jpg"} {
			if _, err := os.Stat(filepath.Join(from, name+ext)); err == nil {
				if err := os.Link(filepath.Join(from, name+ext), filepath.Join(dir, fmt.Sprintf("%06d%s", i, ext))); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	b.ResetTimer()
	code := run(context.Background(), []string{"scan", "--jobs", "2", "--json", dir}, ioStreams{In: nil, Out: io.Discard, ErrOut: io.Discard})
	b.StopTimer()
	if code == exitUsage {
		b.Fatal("usage error")
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "pictures/s")
}
