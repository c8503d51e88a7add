package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/fenscan/fenscan"
	"github.com/fenscan/fenscan/classify"
	"github.com/fenscan/fenscan/models"
	"github.com/fenscan/fenscan/profile"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Exit codes, documented in the README and --help.
const (
	exitOK     = 0 // every picture was read
	exitFailed = 1 // some pictures failed; the others' results were printed
	exitUsage  = 2 // bad flags or arguments
)

// ioStreams are the command's input and outputs, injected so that tests can
// run commands in memory.
type ioStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
}

// errSomeFailed marks a run that printed its results but had failures,
// already reported one line each.
var errSomeFailed = errors.New("some pictures failed")

// usageError marks bad flags or arguments.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }

func run(ctx context.Context, args []string, ios ioStreams) int {
	root := newRootCmd(ios)
	root.SetArgs(scanShortcut(root, args))
	err := root.ExecuteContext(ctx)
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errSomeFailed):
		return exitFailed
	default:
		fmt.Fprintf(ios.ErrOut, "fenscan: %v\n", err)
		var ue usageError
		// cobra's error for an unknown command has no type of its own.
		if errors.As(err, &ue) || strings.HasPrefix(err.Error(), "unknown command ") {
			return exitUsage
		}
		return exitFailed
	}
}

// scanShortcut reads `fenscan [flags] PICTURE [flags]` as `fenscan scan
// [flags] PICTURE [flags]`, since a picture is what most people give first.
// The first argument that is not a flag or a flag's value (scan's flags tell
// which take one; a flag scan lacks leaves args to cobra as they are) is
// taken for a picture when it names an existing file or folder, is "-"
// (standard input), or looks like a path (a dot or a slash, which no command
// has: a misspelt picture then gets scan's error naming it); a mistyped
// command still gets cobra's "unknown command" and its suggestions. Shell
// completion requests are read the same way after their first word, so
// that scan's flags complete after a bare picture.
func scanShortcut(root *cobra.Command, args []string) []string {
	if len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd) {
		return append([]string{args[0]}, scanShortcut(root, args[1:])...)
	}
	scan, _, err := root.Find([]string{"scan"})
	if err != nil {
		return args
	}
	scan.InitDefaultHelpFlag() // added at Execute too; now, so that -h before a picture is scan's
	i := firstOperand(scan.Flags(), args)
	if i < 0 {
		return args
	}
	// help and completion are added at Execute too; added now, a file of that
	// name does not hide them.
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	if c, _, err := root.Find(args[i : i+1]); err == nil && c != root {
		return args
	}
	_, err = os.Stat(args[i])
	if err != nil && args[i] != "-" && !strings.ContainsAny(args[i], "./"+string(os.PathSeparator)) {
		return args
	}
	return append([]string{"scan"}, args...)
}

// firstOperand returns the index of the first argument that is neither a
// flag nor the value of one, as pflag parses args with the flags of flags,
// or -1. It gives up (-1) at a flag that flags lacks: another command's
// flags may come before that command (fenscan -o p.json adapt x.csv), and
// whether such a flag takes a value is not known here.
func firstOperand(flags *pflag.FlagSet, args []string) int {
	takesValue := func(f *pflag.Flag) bool { return f.NoOptDefVal == "" }
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if i+1 < len(args) {
				return i + 1
			}
			return -1
		case a == "-" || !strings.HasPrefix(a, "-"):
			return i
		case strings.HasPrefix(a, "--"):
			name, _, hasValue := strings.Cut(a[2:], "=")
			f := flags.Lookup(name)
			if f == nil {
				return -1
			}
			if !hasValue && takesValue(f) {
				i++
			}
		default: // one or more shorthands, -j2, -j=2 or -vj 2; bytes, as pflag reads them
			for k := 1; k < len(a); k++ {
				f := flags.ShorthandLookup(a[k : k+1])
				if f == nil {
					return -1
				}
				if takesValue(f) {
					if k == len(a)-1 {
						i++
					}
					break
				}
			}
		}
	}
	return -1
}

func newRootCmd(ios ioStreams) *cobra.Command {
	root := &cobra.Command{
		Use:   "fenscan",
		Short: "Read chess positions from pictures and print FEN",
		Long: `fenscan finds chessboards in screenshots, diagrams and photos, reads the
piece on every square and prints each position as FEN, from White's side.
"fenscan [flags] PICTURE... [flags]" is short for "fenscan scan PICTURE...
[flags]": scan's flags may come before the picture or after it.

Exit status: 0 when every picture was read, 1 when some failed (each failure
is reported on standard error, one line naming the file and the cause, and
the others' results are still printed), 2 on a usage error.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(ios.In)
	root.SetOut(ios.Out)
	root.SetErr(ios.ErrOut)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.AddCommand(newScanCmd(ios), newEvalCmd(ios), newAdaptCmd(ios), newVersionCmd(ios))
	return root
}

// modelFlags are the flags that choose and run the model, shared by the
// commands that scan.
type modelFlags struct {
	modelPath   string
	secondPath  string
	photo2Path  string
	oneModel    bool
	wholePath   string
	squarewise  bool
	photoPath   string
	kind        string
	runtime     string
	profilePath string
	consistency bool
	noPrior     bool
	noCoords    bool
}

func (m *modelFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&m.modelPath, "model", "", "ONNX model `FILE` to use instead of the embedded digital one")
	cmd.Flags().StringVar(&m.photoPath, "photo-model", "", "ONNX model `FILE` to use instead of the embedded photo one")
	cmd.Flags().StringVar(&m.runtime, "runtime", string(classify.OpenCV), "inference runtime: opencv or onnx-go")
	cmd.Flags().StringVar(&m.kind, "kind", string(fenscan.Auto),
		"read boards as `KIND`: digital (screenshots, diagrams), photo (real pieces), or auto (boards read doubtfully or seen in perspective are also read as photos)")
}

// registerReading adds the flags that change how squares are read, for
// the commands that read positions (not adapt, which builds profiles).
func (m *modelFlags) registerReading(cmd *cobra.Command) {
	m.register(cmd)
	cmd.Flags().StringVar(&m.secondPath, "second-model", "",
		"ONNX model `FILE` whose readings of a flat board's doubtful squares are averaged with the digital model's (default: the embedded one, unless --model is given; the embedded whole-board head reads the embedded one's and is off with another)")
	cmd.Flags().StringVar(&m.photo2Path, "second-photo-model", "",
		"ONNX model `FILE`, reading crops taller than wide, whose readings of a photo's doubtful squares are averaged with the photo model's (default: none; unused with a --profile of the photo model)")
	cmd.Flags().BoolVar(&m.oneModel, "one-model", false, "read flat boards with the digital model alone, without the second (nor the whole-board head, which reads both), and photos without a second photo model")
	cmd.Flags().StringVar(&m.wholePath, "whole-board", "",
		"whole-board head `FILE` (scripts/context_head.py --export) to use instead of the embedded one; made for the digital models in use")
	cmd.Flags().BoolVar(&m.squarewise, "squarewise", false,
		"read a flat board's squares one at a time, without the whole-board head that corrects each from the rest of the board")
	cmd.Flags().StringVar(&m.profilePath, "profile", "", "adapt to a piece set with the profile `FILE` made by fenscan adapt (boards are then read as its pictures were, flat or photo, unless --kind is digital or photo)")
	cmd.Flags().BoolVar(&m.consistency, "consistency", false, "let doubtful squares take the reading of confident look-alike squares")
	cmd.Flags().BoolVar(&m.noPrior, "no-square-prior", false,
		"read each square by the model alone, not also by how often each piece stands there in real games (for problems with unusual placements)")
	cmd.Flags().BoolVar(&m.noCoords, "no-coordinates", false,
		"do not read the letters and digits printed around a board or in its edge squares; tell its orientation by the pieces alone")
}

// scanner loads the chosen model into a scanner with the other options.
func (m *modelFlags) scanner(opts fenscan.Options) (*fenscan.Scanner, error) {
	switch classify.Runtime(m.runtime) {
	case classify.OpenCV, classify.OnnxGo:
		opts.Runtime = classify.Runtime(m.runtime)
	default:
		return nil, usageError{fmt.Errorf("--runtime must be opencv or onnx-go, not %q", m.runtime)}
	}
	if m.kind != "" {
		if !slices.Contains(fenscan.PictureKinds, fenscan.Kind(m.kind)) {
			return nil, usageError{fmt.Errorf("--kind must be auto, digital or photo, not %q", m.kind)}
		}
		opts.Kind = fenscan.Kind(m.kind)
	}
	for _, second := range []struct{ flag, path string }{{"--second-model", m.secondPath}, {"--second-photo-model", m.photo2Path}} {
		if second.path != "" && m.oneModel {
			return nil, usageError{fmt.Errorf("--one-model and %s cannot be used together", second.flag)}
		}
	}
	if m.wholePath != "" && m.squarewise {
		return nil, usageError{fmt.Errorf("--squarewise and --whole-board cannot be used together")}
	}
	for _, f := range []struct {
		flag, path string
		to         *[]byte
	}{
		{"--model", m.modelPath, &opts.Model},
		{"--second-model", m.secondPath, &opts.SecondModel},
		{"--whole-board", m.wholePath, &opts.WholeBoard},
		{"--photo-model", m.photoPath, &opts.PhotoModel},
		{"--second-photo-model", m.photo2Path, &opts.SecondPhotoModel},
	} {
		if f.path == "" {
			continue
		}
		b, err := os.ReadFile(f.path)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.flag, err)
		}
		*f.to = b
	}
	opts.OneModel = m.oneModel
	opts.Squarewise = m.squarewise
	if m.profilePath != "" {
		digital, photo := opts.Model, opts.PhotoModel
		if digital == nil {
			digital = models.Digital
		}
		if photo == nil {
			photo = models.Photo
		}
		p, err := readProfile(m.profilePath, classify.ModelID(digital), classify.ModelID(photo))
		if err != nil {
			return nil, err
		}
		opts.Profile = p
	}
	opts.Consistency = m.consistency
	opts.Assemble.NoPrior = m.noPrior
	opts.NoCoordinates = m.noCoords
	// A developer's switch, not a flag: the detector's every fit, on
	// standard error (with --jobs 1, so that pictures do not interleave).
	if os.Getenv("FENSCAN_DEBUG") != "" {
		opts.Trace = os.Stderr
	}
	s, err := fenscan.New(opts)
	if err != nil && m.secondPath != "" && errors.Is(err, fenscan.ErrSecondModel) {
		return nil, fmt.Errorf("%s: %w", m.secondPath, err)
	}
	if err != nil && m.photo2Path != "" && errors.Is(err, fenscan.ErrSecondPhotoModel) {
		return nil, fmt.Errorf("%s: %w", m.photo2Path, err)
	}
	if err != nil && m.modelPath != "" {
		return nil, fmt.Errorf("%s: %w", m.modelPath, err)
	}
	return s, err
}

func readProfile(path string, models ...string) (*profile.Profile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--profile: %w", err)
	}
	defer f.Close()
	p, err := profile.Read(f, models...)
	if err != nil {
		return nil, fmt.Errorf("--profile %s: %w", path, err)
	}
	return p, nil
}

// scanners loads the model n times, one scanner per worker.
func (m *modelFlags) scanners(opts fenscan.Options, n int) ([]*fenscan.Scanner, error) {
	var out []*fenscan.Scanner
	for range n {
		s, err := m.scanner(opts)
		if err != nil {
			closeAll(out)
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// usageArgs marks argument-count errors as usage errors.
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := check(cmd, args); err != nil {
			return usageError{err}
		}
		return nil
	}
}
