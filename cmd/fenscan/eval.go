package main

import (
	"context"
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/fenscan/fenscan"
	"github.com/fenscan/fenscan/batch"
	"github.com/spf13/cobra"
)

type evalOptions struct {
	model   modelFlags
	json    bool
	verbose bool
	flip    string
	jobs    int
	labels  []string
}

func newEvalCmd(ios ioStreams) *cobra.Command {
	opts := &evalOptions{}
	cmd := &cobra.Command{
		Use:   "eval LABELS.csv...",
		Short: "Measure accuracy on labelled pictures",
		Long: `Scan every picture listed in one or more labels CSVs (columns image,
fen_placement, kind; image paths relative to their CSV or absolute; placements
from White's side) and print, per kind and overall: pictures, boards found,
squares read right, boards read entirely right, and the median time per
picture. The largest board of each picture is the one compared.

--jobs N scans with N workers; the figures are the same, except that the
time per picture is measured while N pictures share the machine.`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.labels = args
			return runEval(cmd.Context(), opts, ios)
		},
	}
	opts.model.registerReading(cmd)
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the summary as one JSON object")
	cmd.Flags().StringVar(&opts.flip, "flip", "auto", "board seen from Black's side: auto, yes or no")
	cmd.Flags().BoolVarP(&opts.verbose, "verbose", "v", false, "also list every picture that was not read entirely right")
	cmd.Flags().IntVarP(&opts.jobs, "jobs", "j", 1, "scan with `N` workers")
	return cmd
}

func runEval(ctx context.Context, opts *evalOptions, ios ioStreams) error {
	var labels []fenscan.Label
	for _, path := range opts.labels {
		l, err := fenscan.ReadLabels(path)
		if err != nil {
			return err
		}
		labels = append(labels, l...)
	}
	so := fenscan.Options{}
	so.Assemble.Flip = opts.flip
	if err := so.Assemble.Validate(); err != nil {
		return usageError{err}
	}
	if opts.jobs < 1 {
		return usageError{fmt.Errorf("--jobs must be at least 1, not %d", opts.jobs)}
	}
	scanners, err := opts.model.scanners(so, min(opts.jobs, max(1, len(labels))))
	if err != nil {
		return err
	}
	defer closeAll(scanners)
	results := make([]fenscan.EvalResult, 0, len(labels))
	err = batch.Ordered(ctx, len(labels), len(scanners),
		func(ctx context.Context, w, i int) []fenscan.EvalResult {
			r, _ := fenscan.Evaluate(ctx, scanners[w], labels[i:i+1])
			return r
		},
		func(_ int, r []fenscan.EvalResult) error {
			results = append(results, r...)
			return nil
		})
	if err != nil {
		return err
	}
	stats := fenscan.Summarize(results)
	if opts.verbose {
		for _, r := range results {
			switch {
			case r.Err != nil:
				fmt.Fprintf(ios.ErrOut, "%s: %v\n", r.Image, r.Err)
			case r.SquaresRight < 64:
				fmt.Fprintf(ios.ErrOut, "%s: %d/64 squares\n  want %s\n  got  %s\n", r.Image, r.SquaresRight, r.Placement, r.Got)
			}
		}
	}
	if opts.json {
		return json.NewEncoder(ios.Out).Encode(stats)
	}
	tw := tabwriter.NewWriter(ios.Out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "kind\timages\tfound\tsquares\tboards\tmedian ms\t")
	for _, k := range fenscan.Kinds(stats) {
		st := stats[k]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.2f%%\t%.1f%%\t%.0f\t\n", k, st.Images, st.Found, 100*st.SquareAcc, 100*st.BoardAcc, st.MedianMS)
	}
	return tw.Flush()
}
