package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/fenscan/fenscan"
	"github.com/fenscan/fenscan/batch"
	"github.com/fenscan/fenscan/editor"
	"github.com/spf13/cobra"
)

type scanOptions struct {
	model     modelFlags
	json      bool
	csv       bool
	flip      string
	side      string
	castling  string
	chess960  bool
	ep        string
	halfmove  int
	fullmove  int
	pages     string
	maxBoards int
	maxPixels int
	jobs      int
	resume    string
	shard     string
	url       string
	debug     string
	args      []string
}

func newScanCmd(ios ioStreams) *cobra.Command {
	opts := &scanOptions{}
	cmd := &cobra.Command{
		Use:   "scan IMAGE|PDF|FOLDER...",
		Short: "Print the FEN of every board in each picture",
		Long: `Print the FEN of every board in each picture, in reading order (rows from
the top, each from the left).

Pictures may be PNG, JPEG (EXIF orientation applied), GIF (first frame), BMP,
TIFF, WebP, HEIC (a phone camera's default) or AVIF; "-" reads one, or a PDF
file, from standard input. A PDF file is read page by page (--pages selects
some) with poppler's pdftoppm; each board's page is given in the output. A
folder is walked recursively for files with those formats' extensions (.heif
too) and .pdf (any case), in name order, skipping hidden files and folders.
With one picture each line is a FEN; with several, each line starts with the
picture's name.

Pictures are scanned by --jobs workers and written in input order, each as
soon as it and all before it are done. A picture that cannot be read is
reported on standard error, one line naming it and the cause (and in the
--json and --csv output), and the others go on.

--resume FILE writes the results to FILE instead of standard output, after
the pictures FILE already holds are left out: run the same command again
after an interruption and it finishes the work, nothing lost, nothing done
twice. --shard K/N takes a stable K-th of N parts of the pictures, to spread
a collection over machines.`,
		Example: `  fenscan scan screenshot.png
  fenscan scan --json diagram.jpg
  fenscan scan --url lichess screenshot.png
  fenscan scan --json --pages 10-20 book.pdf
  xclip -o -selection clipboard -t image/png | fenscan scan -
  fenscan scan --csv --resume boards.csv ~/screenshots
  fenscan scan --json --shard 3/8 --resume part3.jsonl /data/diagrams`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.args = args
			return runScan(cmd.Context(), opts, ios)
		},
	}
	opts.model.registerReading(cmd)
	f := cmd.Flags()
	f.BoolVar(&opts.json, "json", false, "print one JSON object per board (and per failed picture), one per line")
	f.BoolVar(&opts.csv, "csv", false, "print CSV: image,board,fen,confidence,error (and url with --url)")
	f.StringVar(&opts.flip, "flip", "auto", "board seen from Black's side: auto, yes or no")
	f.StringVar(&opts.side, "side", "", "side to move, w or b (default: inferred)")
	f.StringVar(&opts.castling, "castling", "", "castling field, e.g. KQkq or - (default: inferred)")
	f.BoolVar(&opts.chess960, "chess960", false, "write castling rights as Shredder-FEN file letters")
	f.StringVar(&opts.ep, "ep", "always", "en passant square after a double push: always, or legal (only when a capture is possible)")
	f.IntVar(&opts.halfmove, "halfmove", 0, "halfmove clock `N` for the FEN")
	f.IntVar(&opts.fullmove, "fullmove", 1, "move number `N` for the FEN")
	f.StringVar(&opts.pages, "pages", "", "read only these pages of PDF files, e.g. 10-20 or 1,4-6 (default: all)")
	f.IntVar(&opts.maxBoards, "max-boards", 0, "read at most `N` boards per picture (0: all)")
	f.IntVar(&opts.maxPixels, "max-pixels", fenscan.DefaultMaxPixels, "refuse pictures with more than `N` pixels")
	f.IntVarP(&opts.jobs, "jobs", "j", runtime.NumCPU(), "scan with `N` workers")
	f.StringVar(&opts.resume, "resume", "", "append results to `FILE`, leaving out the pictures it already holds")
	f.StringVar(&opts.shard, "shard", "", "scan only part `K/N` of the pictures (1 <= K <= N)")
	f.StringVar(&opts.url, "url", "", "add a link to the `SITE`'s board editor: lichess or chesscom")
	f.StringVar(&opts.debug, "debug", "", "write pictures of the boards found and read into `DIR` (and of pictures and PDF pages without a board, as decoded)")
	return cmd
}

// plan is what a scan run works out from its options before scanning.
type plan struct {
	options fenscan.Options
	layout  batch.Layout
	shard   batch.Shard
}

func (o *scanOptions) plan() (plan, error) {
	p := plan{options: fenscan.Options{MaxBoards: o.maxBoards, MaxPixels: o.maxPixels}}
	a := &p.options.Assemble
	a.Flip, a.Side, a.Castling = o.flip, o.side, o.castling
	a.Chess960, a.EP, a.Halfmove, a.Fullmove = o.chess960, o.ep, o.halfmove, o.fullmove
	if err := a.Validate(); err != nil {
		return p, usageError{err}
	}
	switch {
	case o.json && o.csv:
		return p, usageError{errors.New("--json and --csv exclude each other")}
	case o.json:
		p.layout.Format = batch.JSON
	case o.csv:
		p.layout.Format = batch.CSV
	}
	if o.jobs < 1 {
		return p, usageError{fmt.Errorf("--jobs must be at least 1, not %d", o.jobs)}
	}
	if o.url != "" {
		site, err := editor.Parse(o.url)
		if err != nil {
			return p, usageError{fmt.Errorf("--url: %w", err)}
		}
		p.layout.Site = site
	}
	p.shard = batch.Shard{K: 1, N: 1}
	if o.shard != "" {
		s, err := batch.ParseShard(o.shard)
		if err != nil {
			return p, usageError{fmt.Errorf("--shard: %w", err)}
		}
		p.shard = s
	}
	return p, nil
}

func runScan(ctx context.Context, opts *scanOptions, ios ioStreams) error {
	p, err := opts.plan()
	if err != nil {
		return err
	}
	all := batch.Walk(opts.args)
	// A single picture prints bare FENs, as before batches existed; a
	// resumable output must say which picture each line is about.
	p.layout.Names = len(all) != 1 || all[0].Path != opts.args[0] || opts.resume != ""
	inputs := p.shard.Select(all)

	out := ios.Out
	header := true
	if opts.resume != "" {
		done, err := batch.Resume(opts.resume, p.layout)
		if err != nil {
			return fmt.Errorf("--resume: %w", err)
		}
		inputs = batch.Without(inputs, done)
		f, err := os.OpenFile(opts.resume, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return fmt.Errorf("--resume: %w", err)
		}
		defer f.Close()
		if fi, err := f.Stat(); err == nil && fi.Size() > 0 {
			header = false
		}
		out = f
	}
	if opts.debug != "" {
		if err := os.MkdirAll(opts.debug, 0o755); err != nil {
			return fmt.Errorf("--debug: %w", err)
		}
	}
	w := batch.NewWriter(out, p.layout)
	if header {
		if err := w.WriteHeader(); err != nil {
			return err
		}
	}
	if len(inputs) == 0 {
		return nil
	}

	scanners, err := opts.model.scanners(p.options, min(opts.jobs, len(inputs)))
	if err != nil {
		return err
	}
	defer closeAll(scanners)

	bar := newProgress(ios.ErrOut, len(inputs))
	failed, written := 0, 0
	err = batch.Scan(ctx, inputs, scanners, batch.Options{MaxPixels: opts.maxPixels, Stdin: ios.In, DebugDir: opts.debug, Pages: opts.pages},
		func(r batch.Result) error {
			if r.Err != nil {
				failed++
				bar.clear()
				fmt.Fprintf(ios.ErrOut, "fenscan: %s: %v\n", r.Image, r.Err)
			}
			if err := w.Write(r); err != nil {
				return fmt.Errorf("writing the results: %w", err)
			}
			written++
			bar.add()
			return nil
		})
	bar.finish(written, failed)
	switch {
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("interrupted after %d of %d pictures; %s", written, len(inputs), resumeHint(opts.resume))
	case err != nil:
		return err
	case failed > 0:
		return errSomeFailed
	}
	return nil
}

func resumeHint(resume string) string {
	if resume != "" {
		return "run the same command again to finish"
	}
	return "--resume FILE keeps the results of a run that may be interrupted"
}

func closeAll[C io.Closer](cs []C) {
	for _, c := range cs {
		c.Close()
	}
}
