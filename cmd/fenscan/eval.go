package main

import (
	"context"
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/fenscan/fenscan"
	"github.com/spf13/cobra"
)

type evalOptions struct {
	model   modelFlags
	json    bool
	verbose bool
	flip    string
	labels  string
}

func newEvalCmd(ios ioStreams) *cobra.Command {
	opts := &evalOptions{}
	cmd := &cobra.Command{
		Use:   "eval LABELS.csv",
		Short: "Measure accuracy on labelled pictures",
		Long: `Scan every picture listed in a labels CSV (columns image, fen_placement,
kind; image paths relative to the CSV or absolute; placements from White's
side) and print, per kind and overall: pictures, boards found, squares read
right, boards read entirely right, and the median time per picture. The
largest board of each picture is the one compared.`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.labels = args[0]
			return runEval(cmd.Context(), opts, ios)
		},
	}
	opts.model.register(cmd)
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the summary as one JSON object")
	cmd.Flags().StringVar(&opts.flip, "flip", "auto", "board seen from Black's side: auto, yes or no")
	cmd.Flags().BoolVarP(&opts.verbose, "verbose", "v", false, "also list every picture that was not read entirely right")
	return cmd
}

func runEval(ctx context.Context, opts *evalOptions, ios ioStreams) error {
	labels, err := fenscan.ReadLabels(opts.labels)
	if err != nil {
		return err
	}
	so := fenscan.Options{}
	so.Assemble.Flip = opts.flip
	if err := validateAssemble(so); err != nil {
		return err
	}
	s, err := opts.model.scanner(so)
	if err != nil {
		return err
	}
	defer s.Close()
	results, err := fenscan.Evaluate(ctx, s, labels)
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
