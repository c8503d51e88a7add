// Command gen writes the inputs of package badpics into a folder, to try
// fenscan on them by hand:
//
//	go run ./internal/badpics/gen /tmp/bad && fenscan scan /tmp/bad
//
// Each broken file gives one line on standard error; the odd encodings of
// testdata/black-side-merida.png each read as that board.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/fenscan/fenscan/internal/badpics"
)

func main() {
	if err := gen(); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func gen() error {
	if len(os.Args) != 2 {
		return fmt.Errorf("usage: gen DIR (run from the repository's root)")
	}
	dir := os.Args[1]
	board, err := badpics.Load("testdata/black-side-merida.png")
	if err != nil {
		return err
	}
	bad, err := badpics.Bad(board)
	if err != nil {
		return err
	}
	odd, err := badpics.Odd(board)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, p := range append(bad, odd...) {
		if err := os.WriteFile(filepath.Join(dir, p.Name), p.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
