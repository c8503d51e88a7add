// Command photocrops cuts the training crops of the photo model from
// labelled photos whose notes give the board's corners: the same crops
// fenscan reads (detect.Columns), so training and use cannot drift apart.
//
//	go run ./scripts/photocrops -o build/photos/train.npz-dir -jitter 3 LABELS.csv...
//
// It writes x.npy (uint8 [N,H,W]), y.npy (uint8 [N], class indices in
// classify.Labels order) and group.npy (int32 [N], the picture each crop
// comes from, for splitting by picture) into the output folder.
//
// The board's corners come from the labels' notes (fenscan.Label.Corners).
package main

import (
	"encoding/binary"
	"flag"
	"fmt"
	"image"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/fenscan/fenscan"
	"github.com/fenscan/fenscan/classify"
	"github.com/fenscan/fenscan/detect"
	"gocv.io/x/gocv"
)

func main() {
	out := flag.String("o", "build/photos/crops", "output folder")
	jitter := flag.Int("jitter", 2, "extra copies of each picture with corners moved as the detector errs")
	sigma := flag.Float64("sigma", 0.008, "corner jitter, as a fraction of the board's side")
	w := flag.Int("w", 32, "crop width")
	h := flag.Int("h", 64, "crop height")
	seed := flag.Int64("seed", 1, "random seed")
	upright := flag.String("upright", "both", "crops with up as the camera says (no), as the picture's up (yes), or both")
	check := flag.Bool("detect", false, "instead of cutting crops, report how far detect.Find puts each board's corners from the labelled ones")
	flag.Parse()
	if *check {
		if err := detectErrors(flag.Args()); err != nil {
			fmt.Fprintln(os.Stderr, "photocrops:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(flag.Args(), *out, *jitter, *sigma, image.Pt(*w, *h), *seed, *upright); err != nil {
		fmt.Fprintln(os.Stderr, "photocrops:", err)
		os.Exit(1)
	}
}

func run(csvs []string, out string, jitter int, sigma float64, crop image.Point, seed int64, upright string) error {
	ups := map[string][]bool{"no": {false}, "yes": {true}, "both": {false, true}}[upright]
	if ups == nil {
		return fmt.Errorf("-upright %q: want no, yes or both", upright)
	}
	rng := rand.New(rand.NewSource(seed))
	var xs []byte
	var ys []byte
	var groups []int32
	pic := int32(0)
	err := eachPhoto(csvs, func(l fenscan.Label, corners [4]detect.Point, img gocv.Mat) error {
		squares, err := l.Squares()
		if err != nil {
			return err
		}
		side := detect.LongestSide(corners)
		for k := 0; k <= jitter; k++ {
			c := corners
			if k > 0 {
				for i := range c {
					c[i].X += rng.NormFloat64() * sigma * side
					c[i].Y += rng.NormFloat64() * sigma * side
				}
			}
			board, err := detect.Columns(img, c, crop, ups[k%len(ups)])
			if err != nil {
				return err
			}
			for i := 0; i < 64; i++ {
				r, col := i/8, i%8
				for y := 0; y < crop.Y; y++ {
					off := (r*crop.Y+y)*board.Stride + col*crop.X
					xs = append(xs, board.Pix[off:off+crop.X]...)
				}
				ys = append(ys, class(squares[i]))
				groups = append(groups, pic)
			}
		}
		pic++
		fmt.Fprintf(os.Stderr, "\r%d pictures", pic)
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintln(os.Stderr)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	n := len(ys)
	if err := writeNpy(filepath.Join(out, "x.npy"), "|u1", []int{n, crop.Y, crop.X}, xs); err != nil {
		return err
	}
	if err := writeNpy(filepath.Join(out, "y.npy"), "|u1", []int{n}, ys); err != nil {
		return err
	}
	g := make([]byte, 4*len(groups))
	for i, v := range groups {
		binary.LittleEndian.PutUint32(g[4*i:], uint32(v))
	}
	return writeNpy(filepath.Join(out, "group.npy"), "<i4", []int{n}, g)
}

func class(sq byte) byte {
	for i, l := range classify.Labels {
		if l == string(sq) {
			return byte(i)
		}
	}
	return 0 // '.', empty
}

// writeNpy writes a NumPy .npy file (format 1.0).
func writeNpy(path, dtype string, shape []int, data []byte) error {
	dims := make([]string, len(shape))
	for i, s := range shape {
		dims[i] = strconv.Itoa(s)
	}
	sh := strings.Join(dims, ", ")
	if len(shape) == 1 {
		sh += ","
	}
	header := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", dtype, sh)
	pad := 64 - (10+len(header)+1)%64
	header += strings.Repeat(" ", pad%64) + "\n"
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	buf := []byte("\x93NUMPY\x01\x00")
	buf = binary.LittleEndian.AppendUint16(buf, uint16(len(header)))
	buf = append(buf, header...)
	if _, err := f.Write(buf); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// detectErrors prints, for each labelled photo, the largest distance of a
// detected corner from the labelled one, as a fraction of the board's side
// (corners matched in the best of the eight orders), and a summary.
func detectErrors(csvs []string) error {
	var errs []float64
	missed := 0
	err := eachPhoto(csvs, func(l fenscan.Label, want [4]detect.Point, img gocv.Mat) error {
		found, err := detect.Find(img, detect.Options{MaxBoards: 1})
		if err != nil {
			fmt.Printf("%s\tmissed\n", l.Image)
			missed++
			return nil
		}
		best := detect.CornerError(found[0].Corners, want)
		grid := ""
		if f := found[0].Grid; f != nil {
			grid = fmt.Sprintf("\tgrid lines %d error %.3f", f.Lines, f.Error)
		}
		fmt.Printf("%s\t%.4f%s\n", l.Image, best, grid)
		errs = append(errs, best)
		return nil
	})
	if err != nil {
		return err
	}
	sort.Float64s(errs)
	within := 0
	for _, e := range errs {
		if e <= 0.02 {
			within++
		}
	}
	if len(errs) > 0 {
		fmt.Printf("found %d of %d; corner error median %.4f, p90 %.4f; within 2%%: %d\n",
			len(errs), len(errs)+missed, errs[len(errs)/2], errs[len(errs)*9/10], within)
	}
	return nil
}

// eachPhoto calls f with each labelled picture of the CSVs that has its
// board's corners in the notes, decoded; others are skipped with a note.
func eachPhoto(csvs []string, f func(l fenscan.Label, corners [4]detect.Point, img gocv.Mat) error) error {
	for _, path := range csvs {
		labels, err := fenscan.ReadLabels(path)
		if err != nil {
			return err
		}
		for _, l := range labels {
			corners, err := l.Corners()
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v (skipped)\n", l.Image, err)
				continue
			}
			data, err := fenscan.ReadPicture(l.Image, 0)
			if err != nil {
				return fmt.Errorf("%s: %w", l.Image, err)
			}
			img, err := fenscan.Decode(data, 0)
			if err != nil {
				return fmt.Errorf("%s: %w", l.Image, err)
			}
			err = f(l, corners, img)
			img.Close()
			if err != nil {
				return fmt.Errorf("%s: %w", l.Image, err)
			}
		}
	}
	return nil
}
