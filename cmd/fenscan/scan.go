package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/fenscan/fenscan"
	"github.com/spf13/cobra"
)

type scanOptions struct {
	model     modelFlags
	json      bool
	flip      string
	side      string
	castling  string
	maxBoards int
	maxPixels int
	images    []string
}

func newScanCmd(ios ioStreams) *cobra.Command {
	opts := &scanOptions{}
	cmd := &cobra.Command{
		Use:   "scan IMAGE...",
		Short: "Print the FEN of every board in each picture",
		Long: `Print the FEN of every board in each picture, largest board first.

Pictures may be PNG, JPEG (EXIF orientation applied), GIF (first frame), BMP,
TIFF or WebP; "-" reads one from standard input. With one picture each line
is a FEN; with several, each line starts with the picture's name.`,
		Example: `  fenscan scan screenshot.png
  fenscan scan --json diagram.jpg
  xclip -o -selection clipboard -t image/png | fenscan scan -`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.images = args
			return runScan(cmd.Context(), opts, ios)
		},
	}
	opts.model.register(cmd)
	f := cmd.Flags()
	f.BoolVar(&opts.json, "json", false, "print one JSON object per board (and per failed picture)")
	f.StringVar(&opts.flip, "flip", "auto", "board seen from Black's side: auto, yes or no")
	f.StringVar(&opts.side, "side", "", "side to move, w or b (default: inferred)")
	f.StringVar(&opts.castling, "castling", "", "castling field, e.g. KQkq or - (default: inferred)")
	f.IntVar(&opts.maxBoards, "max-boards", 0, "read at most `N` boards per picture (0: all)")
	f.IntVar(&opts.maxPixels, "max-pixels", fenscan.DefaultMaxPixels, "refuse pictures with more than `N` pixels")
	return cmd
}

// boardJSON is the --json form of one board.
type boardJSON struct {
	Image       string           `json:"image"`
	Board       int              `json:"board"`
	FEN         string           `json:"fen"`
	Corners     [4][2]float64    `json:"corners"`
	Confidence  float64          `json:"confidence"`
	Orientation string           `json:"orientation"`
	Squares     []fenscan.Square `json:"squares"`
}

type errorJSON struct {
	Image string `json:"image"`
	Error string `json:"error"`
}

func runScan(ctx context.Context, opts *scanOptions, ios ioStreams) error {
	so := fenscan.Options{MaxBoards: opts.maxBoards, MaxPixels: opts.maxPixels}
	so.Assemble.Flip, so.Assemble.Side, so.Assemble.Castling = opts.flip, opts.side, opts.castling
	if err := validateAssemble(so); err != nil {
		return err
	}
	s, err := opts.model.scanner(so)
	if err != nil {
		return err
	}
	defer s.Close()

	enc := json.NewEncoder(ios.Out)
	failed := 0
	for _, name := range opts.images {
		boards, err := scanOne(ctx, s, name, ios.In)
		if err != nil {
			failed++
			fmt.Fprintf(ios.ErrOut, "fenscan: %s: %v\n", name, err)
			if opts.json {
				_ = enc.Encode(errorJSON{Image: name, Error: err.Error()})
			}
			continue
		}
		for _, b := range boards {
			switch {
			case opts.json:
				_ = enc.Encode(toJSON(name, b))
			case len(opts.images) > 1:
				fmt.Fprintf(ios.Out, "%s: %s\n", name, b.FEN)
			default:
				fmt.Fprintln(ios.Out, b.FEN)
			}
		}
	}
	if failed > 0 {
		return errSomeFailed
	}
	return nil
}

func scanOne(ctx context.Context, s *fenscan.Scanner, name string, stdin io.Reader) ([]fenscan.Board, error) {
	if name == "-" {
		data, err := io.ReadAll(stdin)
		if err != nil {
			return nil, err
		}
		return s.ScanBytes(ctx, data)
	}
	if fi, err := os.Stat(name); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("is a directory")
	}
	return s.ScanFile(ctx, name)
}

func toJSON(image string, b fenscan.Board) boardJSON {
	j := boardJSON{
		Image: image, Board: b.Index, FEN: b.FEN, Confidence: b.Confidence,
		Orientation: string(b.Position.Orientation), Squares: b.Squares[:],
	}
	for i, c := range b.Corners {
		j.Corners[i] = [2]float64{round2(c.X), round2(c.Y)}
	}
	return j
}

func round2(v float64) float64 { return float64(int64(v*100+0.5)) / 100 }

func validateAssemble(o fenscan.Options) error {
	switch o.Assemble.Flip {
	case "auto", "yes", "no":
	default:
		return usageError{fmt.Errorf("--flip must be auto, yes or no, not %q", o.Assemble.Flip)}
	}
	switch o.Assemble.Side {
	case "", "w", "b":
	default:
		return usageError{fmt.Errorf("--side must be w or b, not %q", o.Assemble.Side)}
	}
	return nil
}
