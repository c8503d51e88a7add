// Package shots makes folders of screenshot-like pictures for batch
// benchmarks: testdata's labelled boards, rescaled, framed by a browser-
// like bar, margins and blocks of "text", saved as PNG or JPEG, with a
// labels.csv that `fenscan eval` reads.
package shots

import (
	"bufio"
	"context"
	"encoding/csv"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"

	"github.com/fenscan/fenscan"
	"github.com/fenscan/fenscan/batch"
	xdraw "golang.org/x/image/draw"
)

// PerFolder is how many pictures go in each subfolder.
const PerFolder = 250

// Source is a labelled board picture to make shots from.
type Source struct {
	Image     image.Image
	Placement string
	Name      string
}

// Sources loads the labelled pictures of the given labels CSVs.
func Sources(labelFiles ...string) ([]Source, error) {
	var out []Source
	for _, lf := range labelFiles {
		labels, err := fenscan.ReadLabels(lf)
		if err != nil {
			return nil, err
		}
		for _, l := range labels {
			f, err := os.Open(l.Image)
			if err != nil {
				return nil, err
			}
			img, _, err := image.Decode(bufio.NewReader(f))
			f.Close()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", l.Image, err)
			}
			out = append(out, Source{Image: img, Placement: l.Placement, Name: filepath.Base(l.Image)})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no labelled pictures in %v", labelFiles)
	}
	return out, nil
}

// Make writes n shots below dir (PerFolder to a subfolder) and dir's
// labels.csv, using every CPU; the same seed makes the same pictures.
func Make(ctx context.Context, dir string, n int, seed int64, sources []Source) error {
	type shot struct{ name, placement, source string }
	shots := make([]shot, n)
	err := batch.Ordered(ctx, n, runtime.NumCPU(),
		func(_ context.Context, _, i int) error {
			rng := rand.New(rand.NewSource(seed + int64(i)))
			src := sources[rng.Intn(len(sources))]
			ext := ".png"
			if rng.Intn(4) == 0 {
				ext = ".jpg"
			}
			name := filepath.Join(fmt.Sprintf("%03d", i/PerFolder), fmt.Sprintf("shot%05d%s", i, ext))
			shots[i] = shot{name, src.Placement, src.Name}
			return write(filepath.Join(dir, name), frame(rng, src.Image))
		},
		func(_ int, err error) error { return err })
	if err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "labels.csv"))
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	_ = w.Write([]string{"image", "fen_placement", "kind", "notes"})
	for _, s := range shots {
		_ = w.Write([]string{filepath.ToSlash(s.name), s.placement, "shot", "from " + s.source})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// frame rescales the board picture by 0.75 to 1.25 and sets it in a
// window: a title bar with tabs, a side panel of text blocks, margins.
func frame(rng *rand.Rand, src image.Image) image.Image {
	b := src.Bounds()
	scale := 0.75 + rng.Float64()/2
	w, h := int(float64(b.Dx())*scale), int(float64(b.Dy())*scale)
	bar := 30 + rng.Intn(60)
	left, top := rng.Intn(120), bar+rng.Intn(60)
	panel := 0
	if rng.Intn(2) == 0 {
		panel = 150 + rng.Intn(250)
	}
	cw, ch := left+w+panel+rng.Intn(80), top+h+rng.Intn(80)
	out := image.NewRGBA(image.Rect(0, 0, cw, ch))
	bg := randColour(rng, 20, 250)
	fill(out, out.Bounds(), bg)
	fill(out, image.Rect(0, 0, cw, bar), randColour(rng, 20, 120))
	for x := 10; x+100 < cw; x += 110 {
		fill(out, image.Rect(x, bar/4, x+100, bar*3/4), randColour(rng, 60, 200))
	}
	for y := top; panel > 0 && y+14 < ch; y += 18 + rng.Intn(10) {
		x0 := left + w + 20
		fill(out, image.Rect(x0, y, x0+20+rng.Intn(max(1, panel-40)), y+8+rng.Intn(6)), randColour(rng, 0, 255))
	}
	xdraw.ApproxBiLinear.Scale(out, image.Rect(left, top, left+w, top+h), src, b, xdraw.Src, nil)
	return out
}

func randColour(rng *rand.Rand, lo, hi int) color.RGBA {
	v := func() uint8 { return uint8(lo + rng.Intn(hi-lo+1)) }
	return color.RGBA{v(), v(), v(), 255}
}

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	xdraw.Draw(img, r, image.NewUniform(c), image.Point{}, xdraw.Src)
}

func write(path string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if filepath.Ext(path) == ".jpg" {
		err = jpeg.Encode(f, img, &jpeg.Options{Quality: 85})
	} else {
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(f, img)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
