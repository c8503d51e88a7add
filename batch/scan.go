package batch

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/fenscan/fenscan"
	"github.com/fenscan/fenscan/debugimg"
	"github.com/fenscan/fenscan/detect"
	"github.com/fenscan/fenscan/pdfpages"
	"gocv.io/x/gocv"
)

// Result is what became of one input.
type Result struct {
	Image  string
	Boards []fenscan.Board
	// Err is the cause of a failure, in one line and without the file
	// name.
	Err error
}

// Options configure Scan.
type Options struct {
	// MaxPixels refuses larger pictures before decoding (0: default).
	MaxPixels int
	// Stdin is read for the input "-".
	Stdin io.Reader
	// DebugDir, when set, receives pictures of what was found in each
	// input (see package debugimg): each picture as it was decoded, with
	// or without boards, and each page read of a PDF file.
	DebugDir string
	// Pages selects the pages of PDF inputs ("" for all).
	Pages string
}

// Scan reads the inputs with one worker per scanner (a Scanner reads one
// picture at a time) and passes the results to emit in input order, each
// as soon as it and every earlier one are done. A picture that fails is a
// Result with Err; only ctx's end or an error from emit stop the run.
func Scan(ctx context.Context, inputs []Input, scanners []*fenscan.Scanner, opts Options, emit func(Result) error) error {
	if len(scanners) == 0 && len(inputs) > 0 {
		return errors.New("batch: no scanner to scan with")
	}
	return Ordered(ctx, len(inputs), len(scanners),
		func(ctx context.Context, w, i int) Result {
			return scanOne(ctx, scanners[w], inputs[i], opts)
		},
		func(_ int, r Result) error { return emit(r) })
}

func scanOne(ctx context.Context, s *fenscan.Scanner, in Input, opts Options) Result {
	r := Result{Image: in.Path, Err: in.Err}
	if r.Err != nil {
		return r
	}
	r.Boards, r.Err = scanPicture(ctx, s, in.Path, opts)
	return r
}

func scanPicture(ctx context.Context, s *fenscan.Scanner, path string, opts Options) ([]fenscan.Board, error) {
	if IsPDF(path) {
		return scanPDF(ctx, s, path, path, opts)
	}
	var data []byte
	var err error
	if path == "-" {
		in := bufio.NewReader(opts.Stdin)
		if head, _ := in.Peek(5); pdfpages.IsPDF(head) {
			return scanPDFFrom(ctx, s, in, opts)
		}
		data, err = fenscan.ReadPictureFrom(in, opts.MaxPixels)
	} else {
		data, err = fenscan.ReadPicture(path, opts.MaxPixels)
	}
	if err != nil {
		return nil, err
	}
	img, scale, err := fenscan.DecodeForScan(data, opts.MaxPixels)
	if err != nil {
		return nil, err
	}
	defer img.Close()
	boards, err := s.Scan(ctx, img)
	// Without a board, the picture as the detector saw it (turned by its
	// EXIF, perhaps decoded smaller) and the outlines given up are the
	// first clues to why none was found.
	if opts.DebugDir != "" && (err == nil || errors.Is(err, fenscan.ErrNoBoard)) {
		if derr := debugimg.Write(opts.DebugDir, path, img, boards, fenscan.DroppedOutlines(err)); derr != nil {
			if err != nil {
				return nil, fmt.Errorf("%w; writing debug pictures: %v", err, derr)
			}
			return nil, fmt.Errorf("writing debug pictures: %w", derr)
		}
	}
	if err != nil {
		return nil, err
	}
	fenscan.ScaleCorners(boards, scale)
	return dropWarped(boards), nil
}

// dropWarped lets go of each board's warped picture (64 KB), which only
// the debug pictures need: results may wait in the reorder buffer.
func dropWarped(boards []fenscan.Board) []fenscan.Board {
	for i := range boards {
		boards[i].Warped = nil
	}
	return boards
}

// scanPDF reads the PDF file at file, named name in debug pictures.
func scanPDF(ctx context.Context, s *fenscan.Scanner, file, name string, opts Options) ([]fenscan.Board, error) {
	var each fenscan.PageFunc
	if opts.DebugDir != "" {
		each = func(page int, img gocv.Mat, boards []fenscan.Board, dropped [][4]detect.Point) error {
			if err := debugimg.Write(opts.DebugDir, fmt.Sprintf("%s.page%d", name, page), img, boards, dropped); err != nil {
				return fmt.Errorf("writing debug pictures: %w", err)
			}
			return nil
		}
	}
	boards, err := s.ScanPDFPages(ctx, file, opts.Pages, each)
	return dropWarped(boards), err
}

// scanPDFFrom reads a PDF file piped in: poppler reads files, so it is
// copied to a temporary one first. No picture's size limit applies to
// it, as none applies to a PDF file named.
func scanPDFFrom(ctx context.Context, s *fenscan.Scanner, r io.Reader, opts Options) ([]fenscan.Board, error) {
	f, err := os.CreateTemp("", "fenscan-*.pdf")
	if err != nil {
		return nil, fmt.Errorf("PDF from standard input: %w", err)
	}
	defer os.Remove(f.Name())
	_, err = io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("PDF from standard input: %w", err)
	}
	return scanPDF(ctx, s, f.Name(), "stdin", opts)
}
