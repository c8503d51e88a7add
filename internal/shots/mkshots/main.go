// Command mkshots writes a folder of screenshot-like pictures made from
// testdata's labelled boards, with their labels.csv, for batch benchmarks:
//
//	go run ./internal/shots/mkshots -n 5000 /tmp/shots
//	fenscan scan --jobs 2 --json /tmp/shots > /dev/null
//	fenscan eval --jobs 2 /tmp/shots/labels.csv
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/fenscan/fenscan/internal/shots"
)

func main() {
	n := flag.Int("n", 500, "number of pictures")
	seed := flag.Int64("seed", 1, "random seed: the same seed makes the same pictures")
	testdata := flag.String("testdata", "testdata", "folder with labels.csv and heldout/labels.csv")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: mkshots [-n N] [-seed S] [-testdata DIR] OUTDIR")
		os.Exit(2)
	}
	sources, err := shots.Sources(filepath.Join(*testdata, "labels.csv"), filepath.Join(*testdata, "heldout", "labels.csv"))
	if err == nil {
		err = shots.Make(context.Background(), flag.Arg(0), *n, *seed, sources)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mkshots:", err)
		os.Exit(1)
	}
}
