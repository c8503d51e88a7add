package batch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/fenscan/fenscan"
	"github.com/fenscan/fenscan/debugimg"
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
	// input (see package debugimg), and of each picture in which no board
	// was found, as it was decoded.
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
		data, err = fenscan.ReadPictureFrom(opts.Stdin, opts.MaxPixels)
		if err == nil && isPDFData(data) {
			return scanPDFData(ctx, s, data, opts)
		}
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
	if errors.Is(err, fenscan.ErrNoBoard) && opts.DebugDir != "" {
		// The picture as the detector saw it (turned by its EXIF, perhaps
		// decoded smaller) is the first clue to why no board was found.
		if derr := debugimg.Write(opts.DebugDir, path, img, nil); derr != nil {
			return nil, fmt.Errorf("%w; writing debug pictures: %v", err, derr)
		}
	}
	if err != nil {
		return nil, err
	}
	if opts.DebugDir != "" {
		if err := debugimg.Write(opts.DebugDir, path, img, boards); err != nil {
			return nil, fmt.Errorf("writing debug pictures: %w", err)
		}
	}
	fenscan.ScaleCorners(boards, scale)
	for i := range boards {
		// The warped board (64 KB) is only for the debug pictures; results
		// may wait in the reorder buffer.
		boards[i].Warped = nil
	}
	return boards, nil
}

// scanPDF reads the PDF file at file, named name in debug pictures.
func scanPDF(ctx context.Context, s *fenscan.Scanner, file, name string, opts Options) ([]fenscan.Board, error) {
	var each fenscan.PageFunc
	if opts.DebugDir != "" {
		each = func(page int, img gocv.Mat, boards []fenscan.Board) error {
			if err := debugimg.Write(opts.DebugDir, fmt.Sprintf("%s.page%d", name, page), img, boards); err != nil {
				return fmt.Errorf("writing debug pictures: %w", err)
			}
			return nil
		}
	}
	boards, err := s.ScanPDFPages(ctx, file, opts.Pages, each)
	for i := range boards {
		boards[i].Warped = nil
	}
	return boards, err
}

// isPDFData reports whether data starts as a PDF file does. Readers
// accept a header up to 1 KB in, but a picture's metadata could hold the
// same five bytes there.
func isPDFData(data []byte) bool {
	return bytes.HasPrefix(data, []byte("%PDF-"))
}

// scanPDFData reads a PDF file piped in: poppler reads files, so it is
// written to a temporary one first.
func scanPDFData(ctx context.Context, s *fenscan.Scanner, data []byte, opts Options) ([]fenscan.Board, error) {
	f, err := os.CreateTemp("", "fenscan-*.pdf")
	if err != nil {
		return nil, fmt.Errorf("PDF from standard input: %w", err)
	}
	defer os.Remove(f.Name())
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("PDF from standard input: %w", err)
	}
	return scanPDF(ctx, s, f.Name(), "stdin", opts)
}
