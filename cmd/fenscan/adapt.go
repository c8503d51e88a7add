package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/fenscan/fenscan"
	"github.com/spf13/cobra"
)

type adaptOptions struct {
	model  modelFlags
	out    string
	labels string
	// kindSet is whether --kind was given; without it, the labels' kind
	// column chooses.
	kindSet bool
}

func newAdaptCmd(ios ioStreams) *cobra.Command {
	opts := &adaptOptions{}
	cmd := &cobra.Command{
		Use:   "adapt LABELS.csv -o PROFILE",
		Short: "Teach fenscan your piece set from a few labelled pictures",
		Long: `Read one to a few labelled pictures of one piece set (a CSV with the columns
image, fen_placement and kind, as for fenscan eval) and write a profile:
for each piece, the mean of the network's features of your crops. The
pictures are read as --kind says or, without it, as the kind column says
when it says the same of all (photo, or screenshot and diagram). A profile
helps only with the pieces its pictures show: include the starting
position, which shows them all.

"fenscan scan --profile PROFILE" and "fenscan eval --profile PROFILE" then
weigh the likeness of each square the network doubts to your pieces with
the network's reading, and read every board as the profile's pictures
were read (flat or photo) unless --kind digital or --kind photo says
otherwise. A profile is JSON
(format "fenscan-profile", version 1) and belongs to the model that made
it; another model refuses it.`,
		Example: `  fenscan adapt my-set.csv -o my-set.profile
  fenscan scan --profile my-set.profile photo.jpg`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.labels = args[0]
			opts.kindSet = cmd.Flags().Changed("kind")
			return runAdapt(cmd.Context(), opts, ios)
		},
	}
	opts.model.register(cmd)
	cmd.Flags().StringVarP(&opts.out, "output", "o", "", "write the profile to `FILE` (required)")
	return cmd
}

func runAdapt(ctx context.Context, opts *adaptOptions, ios ioStreams) error {
	if opts.out == "" {
		return usageError{errors.New("-o PROFILE is required")}
	}
	labels, err := fenscan.ReadLabels(opts.labels)
	if err != nil {
		return err
	}
	if !opts.kindSet {
		opts.model.kind = string(fenscan.LabelsKind(labels))
	}
	s, err := opts.model.scanner(fenscan.Options{Embeddings: true})
	if err != nil {
		return err
	}
	defer s.Close()
	p, err := fenscan.Adapt(ctx, s, labels)
	if err != nil {
		return err
	}
	f, err := os.Create(opts.out)
	if err != nil {
		return err
	}
	if err := p.Write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	// A profile cannot help with pieces it never saw; the starting
	// position shows them all.
	unseen := p.Unseen()
	fmt.Fprintf(ios.ErrOut, "wrote %s: %d of 12 pieces from %d pictures\n", opts.out, 12-len(unseen), len(labels))
	if len(unseen) > 0 {
		fmt.Fprintf(ios.ErrOut, "no %s in these pictures: the model alone reads them (a labelled picture of the starting position shows every piece)\n",
			strings.Join(unseen, ", "))
	}
	return nil
}
