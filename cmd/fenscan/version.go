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
			fmt.Fprintf(ios.Out, "fenscan %s\nmodel digital %s (%d bytes)\nmodel photo %s (%d bytes)\n",
				fenscan.Version, classify.ModelID(models.Digital), len(models.Digital),
				classify.ModelID(models.Photo), len(models.Photo))
			return nil
		},
	}
}
