package main

import (
	"fmt"

	"github.com/fenscan/fenscan"
	"github.com/fenscan/fenscan/classify"
	"github.com/fenscan/fenscan/models"
	"github.com/spf13/cobra"
)

func newVersionCmd(ios ioStreams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version and the embedded models' identities",
		Args:  usageArgs(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error {
			fmt.Fprintf(ios.Out, "fenscan %s\n", fenscan.Version)
			for _, m := range []struct {
				name  string
				model []byte
			}{{"digital", models.Digital}, {"digital2", models.Digital2}, {"photo", models.Photo}, {"coords", models.Coords}} {
				fmt.Fprintf(ios.Out, "model %s %s (%d bytes)\n", m.name, classify.ModelID(m.model), len(m.model))
			}
			return nil
		},
	}
}
