// Package wholeboard reads a flat board's 64 squares together.
//
// The square classifier reads one crop at a time, so a piece design it
// never saw is misread the same way wherever it stands: a set's light-grey
// white pieces taken for Black's, its hooded bishops for knights, its
// hatched dark squares for pieces. The rest of the board tells what one
// square cannot: how this design draws White against Black, what its empty
// squares of each shade look like, which crops hold the same glyph. A Head
// is a small attention network over the classifier's log-probabilities and
// embeddings of all 64 squares (and each square's shade in the board's
// chequer) that adds a correction to each square's log-probabilities. It
// was trained on boards of designs the classifier misreads as it misreads
// designs it never saw (its own, bent), so that it learns how the
// classifier errs on unseen designs, and of designs it trained on
// (scripts/context_head.py; models/README.md).
//
// A head may read a second classifier's probabilities of every square too
// (Second): two networks trained otherwise err on different crops, and the
// head learns which to trust on a board. Its correction is then added to
// the two classifiers' geometric mean. A head may have been trained with
// the second classifier's reading only of the squares the first reads
// below a probability (SecondSquares), the first's reading standing in
// for the others, so that a caller runs the second classifier on those
// alone (at 0.99, a quarter of the held-out crops' squares).
//
// The file (models/wholeboard.bin) is a line of JSON, then the weights as
// little-endian float32, tensor after tensor in the order the JSON lists:
//
//	{"format": "fenscan-wholeboard", "version": 3, "model": "sha256:...",
//	 "second": "sha256:...", "second_sure": 0.99, "emb": 96, "d": 64,
//	 "heads": 4, "layers": 2, "ffn": 128, "tensors": [["norm.weight", [122]], ...]}
//
// A head belongs to the classifier whose embeddings it was trained on: Model
// is that classifier's ID (classify.ModelID), and Second the second's.
// Version 1 files have no second reader (and no "second"), version 2 files
// read the second's every square (and have no "second_sure"), version 3
// files name the probability from which the first classifier's reading of
// a square stands in for the second's ("second_sure"). A fenscan that
// reads versions up to 2 thus refuses a version 3 head, where it would
// give it the second classifier's every reading.
package wholeboard

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/fenscan/fenscan/classify"
)

// Format and Version identify the file format; Load reads versions 1
// to 3.
const (
	Format  = "fenscan-wholeboard"
	Version = 3
)

// classes is the number of classes a square is read as.
const classes = classify.NumClasses

// minLog is the floor of a log-probability fed to the network, as in
// training (a probability that underflowed says no more than e^-20).
const minLog = -20

// ErrFormat is wrapped by the errors of a file that is not a head.
var ErrFormat = errors.New("not a whole-board head")

// header is the file's first line. SecondSure is nil but in version 3.
type header struct {
	Format     string               `json:"format"`
	Version    int                  `json:"version"`
	Model      string               `json:"model"`
	Second     string               `json:"second"`
	SecondSure *float64             `json:"second_sure"`
	Emb        int                  `json:"emb"`
	D          int                  `json:"d"`
	Heads      int                  `json:"heads"`
	Layers     int                  `json:"layers"`
	FFN        int                  `json:"ffn"`
	Tensors    [][2]json.RawMessage `json:"tensors"`
}

// linear is a fully connected layer: out = w·in + b, w of out x in.
type linear struct {
	w       []float32
	b       []float32
	in, out int
}

type norm struct{ w, b []float32 }

type layer struct {
	qkv, proj, ff1, ff2 linear
	norm1, norm2        norm
}

// A Head corrects a board's readings from each other. It holds no state
// between calls and may be used from several goroutines.
type Head struct {
	model, second      string
	emb, d, heads, ffn int
	// secondSure is the probability from which the first reader's reading
	// of a square stands in for the second's; above 1 for a head that
	// reads the second's of every square.
	secondSure float32
	in         norm
	inp, out   linear
	layers     []layer
}

// Model is the ID of the classifier the head was trained on.
func (h *Head) Model() string { return h.model }

// Second is the ID of the second classifier whose probabilities the head
// reads too, or "" if it reads one.
func (h *Head) Second() string { return h.second }

// SecondSquares returns the squares, of a board the first classifier
// read as probs, whose second reading a head with a second reader takes:
// those read below its threshold, or all of them for a head trained on
// the second reader's every square. Read takes the first reading in
// place of the second of the others, so a caller need have the second
// classifier read only these.
func (h *Head) SecondSquares(probs *[64]classify.Probs) [64]bool {
	var want [64]bool
	for i := range probs {
		want[i] = !h.sure(probs[i])
	}
	return want
}

// sure reports whether a square's first reading p stands in for its
// second.
func (h *Head) sure(p classify.Probs) bool {
	_, v := p.Best()
	return v >= h.secondSure
}

// readers is the number of classifiers whose probabilities the head reads.
func (h *Head) readers() int {
	if h.second != "" {
		return 2
	}
	return 1
}

// Load reads a head from its file.
func Load(data []byte) (*Head, error) {
	r := bufio.NewReader(bytes.NewReader(data))
	line, err := r.ReadBytes('\n')
	if err != nil {
		return nil, fmt.Errorf("wholeboard: %w: no header line", ErrFormat)
	}
	var hd header
	if err := json.Unmarshal(line, &hd); err != nil {
		return nil, fmt.Errorf("wholeboard: %w: header: %v", ErrFormat, err)
	}
	if hd.Format != Format {
		return nil, fmt.Errorf("wholeboard: %w: format %q", ErrFormat, hd.Format)
	}
	if hd.Version < 1 || hd.Version > Version {
		return nil, fmt.Errorf("wholeboard: version %d, want 1 to %d", hd.Version, Version)
	}
	if (hd.Version == 1) != (hd.Second == "") {
		return nil, fmt.Errorf("wholeboard: %w: version %d with second model %q", ErrFormat, hd.Version, hd.Second)
	}
	if (hd.Version == 3) != (hd.SecondSure != nil) {
		return nil, fmt.Errorf("wholeboard: %w: version %d with second_sure %v", ErrFormat, hd.Version, hd.SecondSure != nil)
	}
	if v := hd.SecondSure; v != nil && !(float32(*v) > 0 && *v <= 1) {
		return nil, fmt.Errorf("wholeboard: %w: second_sure %v", ErrFormat, *v)
	}
	if hd.Emb <= 0 || hd.D <= 0 || hd.Heads <= 0 || hd.D%hd.Heads != 0 || hd.Layers < 0 || hd.FFN <= 0 || hd.Emb > 1<<12 || hd.D > 1<<12 || hd.FFN > 1<<14 || hd.Layers > 64 {
		return nil, fmt.Errorf("wholeboard: %w: bad sizes", ErrFormat)
	}
	tensors := map[string][]float32{}
	left := len(data) - len(line) // bytes of weights not yet read
	for _, t := range hd.Tensors {
		var name string
		var shape []int
		if err := json.Unmarshal(t[0], &name); err != nil {
			return nil, fmt.Errorf("wholeboard: %w: tensor name", ErrFormat)
		}
		if err := json.Unmarshal(t[1], &shape); err != nil {
			return nil, fmt.Errorf("wholeboard: %w: tensor %s's shape", ErrFormat, name)
		}
		n := 1
		for _, s := range shape {
			if s <= 0 || s > 1<<20 {
				return nil, fmt.Errorf("wholeboard: %w: tensor %s's shape", ErrFormat, name)
			}
			n *= s
			if n > 1<<24 {
				return nil, fmt.Errorf("wholeboard: %w: tensor %s too large", ErrFormat, name)
			}
		}
		if _, dup := tensors[name]; dup || name == "" {
			return nil, fmt.Errorf("wholeboard: %w: tensor %q named twice or not at all", ErrFormat, name)
		}
		// The file must hold the weights before they are made room for:
		// a header alone may not ask for gigabytes.
		if 4*n > left {
			return nil, fmt.Errorf("wholeboard: %w: tensor %s cut short", ErrFormat, name)
		}
		left -= 4 * n
		v := make([]float32, n)
		if err := binary.Read(r, binary.LittleEndian, v); err != nil {
			return nil, fmt.Errorf("wholeboard: %w: tensor %s cut short", ErrFormat, name)
		}
		tensors[name] = v
	}
	if _, err := r.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("wholeboard: %w: data after the last tensor", ErrFormat)
	}
	h := &Head{model: hd.Model, second: hd.Second, emb: hd.Emb, d: hd.D, heads: hd.Heads, ffn: hd.FFN, secondSure: 2}
	if hd.SecondSure != nil {
		h.secondSure = float32(*hd.SecondSure)
	}
	ld := loader{t: tensors}
	in := hd.Emb + h.readers()*classes
	h.in = ld.norm("norm", in)
	h.inp = ld.linear("inp", in+1, hd.D)
	for i := 0; i < hd.Layers; i++ {
		p := fmt.Sprintf("enc.layers.%d.", i)
		h.layers = append(h.layers, layer{
			qkv:   ld.linearNamed(p+"self_attn.in_proj_weight", p+"self_attn.in_proj_bias", hd.D, 3*hd.D),
			proj:  ld.linear(p+"self_attn.out_proj", hd.D, hd.D),
			ff1:   ld.linear(p+"linear1", hd.D, hd.FFN),
			ff2:   ld.linear(p+"linear2", hd.FFN, hd.D),
			norm1: ld.norm(p+"norm1", hd.D),
			norm2: ld.norm(p+"norm2", hd.D),
		})
	}
	h.out = ld.linear("out", hd.D, classes)
	if ld.err != nil {
		return nil, fmt.Errorf("wholeboard: %w: %w", ErrFormat, ld.err)
	}
	return h, nil
}

// loader takes tensors by name and size, keeping the first error.
type loader struct {
	t   map[string][]float32
	err error
}

func (l *loader) take(name string, n int) []float32 {
	v, ok := l.t[name]
	if !ok || len(v) != n {
		if l.err == nil {
			l.err = fmt.Errorf("tensor %s missing or not of %d values", name, n)
		}
		return nil // Load returns the error before any use
	}
	return v
}

func (l *loader) linear(name string, in, out int) linear {
	return l.linearNamed(name+".weight", name+".bias", in, out)
}

func (l *loader) linearNamed(w, b string, in, out int) linear {
	return linear{w: l.take(w, in*out), b: l.take(b, out), in: in, out: out}
}

func (l *loader) norm(name string, n int) norm {
	return norm{w: l.take(name+".weight", n), b: l.take(name+".bias", n)}
}

// Read returns each square's probabilities corrected from the whole
// board. probs and emb are the classifier's reading of all 64 squares,
// row-major from the board picture's top-left (emb from the model Model
// names, each of the head's embedding size); second is the second
// classifier's probabilities of them, for a head with a second reader
// (nil for one without), of which only the squares SecondSquares names
// are used.
func (h *Head) Read(probs [64]classify.Probs, emb [][]float32, second []classify.Probs) ([64]classify.Probs, error) {
	if len(emb) != 64 {
		return probs, fmt.Errorf("wholeboard: %d embeddings, want 64", len(emb))
	}
	if want := 64 * (h.readers() - 1); len(second) != want {
		return probs, fmt.Errorf("wholeboard: the second classifier's readings of %d squares, want %d", len(second), want)
	}
	in := h.emb + h.readers()*classes
	x := make([]float32, 64*(in+1))
	// logp is the log of each square's probabilities the correction is
	// added to: with a second reader, the mean of the two readers' logs
	// (their geometric mean, normalised with the correction below).
	var logp [64][classes]float64
	for i := range probs {
		if len(emb[i]) != h.emb {
			return probs, fmt.Errorf("wholeboard: square %d has an embedding of %d, want %d", i, len(emb[i]), h.emb)
		}
		row := x[i*(in+1) : (i+1)*(in+1)]
		copy(row, emb[i])
		// The network's input is the embedding, the second reader's
		// log-probabilities, then the first's, as in training.
		logp[i] = logInput(row[h.emb+(h.readers()-1)*classes:], probs[i])
		if h.second != "" {
			p2 := second[i]
			if h.sure(probs[i]) {
				p2 = probs[i]
			}
			l2 := logInput(row[h.emb:], p2)
			for k := range l2 {
				logp[i][k] = (logp[i][k] + l2[k]) / 2
			}
		}
		h.in.apply(row[:in])
		row[in] = float32((i/8 + i%8) % 2) // the square's shade in the chequer
	}
	t := h.inp.apply(x, 64)
	for _, l := range h.layers {
		t = l.apply(t, h.d, h.heads)
	}
	delta := h.out.apply(t, 64)
	var out [64]classify.Probs
	for i := range out {
		var z [classes]float64
		top := math.Inf(-1)
		for k := range z {
			z[k] = logp[i][k] + float64(delta[i*classes+k])
			top = math.Max(top, z[k])
		}
		sum := 0.0
		for k := range z {
			z[k] = math.Exp(z[k] - top)
			sum += z[k]
		}
		for k := range z {
			out[i][k] = float32(z[k] / sum)
		}
	}
	return out, nil
}

// logInput returns the logs of probabilities p (a probability of 0 taken
// as 1e-30) and writes them into dst, the network's input, floored at
// minLog as in training.
func logInput(dst []float32, p classify.Probs) [classes]float64 {
	var l [classes]float64
	for k, v := range p {
		l[k] = math.Log(math.Max(float64(v), 1e-30))
		dst[k] = float32(math.Max(l[k], minLog))
	}
	return l
}

// apply maps each of the n rows of x (l.in values each) to l.out values.
func (l linear) apply(x []float32, n int) []float32 {
	y := make([]float32, n*l.out)
	for r := 0; r < n; r++ {
		xr := x[r*l.in : (r+1)*l.in]
		yr := y[r*l.out : (r+1)*l.out]
		for o := range yr {
			yr[o] = l.b[o] + dot(l.w[o*l.in:(o+1)*l.in], xr)
		}
	}
	return y
}

// dot is the sum of a[i]*b[i] over b's length. Four running sums, because
// Go compiles one sum's loop into a chain of dependent adds that leaves the
// processor idle; with them the head reads a board in about 40% less time.
func dot(a, b []float32) float32 {
	a = a[:len(b)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(b); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(b); i++ {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// apply normalises row in place (PyTorch's LayerNorm, eps 1e-5).
func (nm norm) apply(row []float32) {
	mean := 0.0
	for _, v := range row {
		mean += float64(v)
	}
	mean /= float64(len(row))
	variance := 0.0
	for _, v := range row {
		d := float64(v) - mean
		variance += d * d
	}
	variance /= float64(len(row))
	inv := 1 / math.Sqrt(variance+1e-5)
	for i, v := range row {
		row[i] = float32((float64(v)-mean)*inv)*nm.w[i] + nm.b[i]
	}
}

// apply is one encoder layer as PyTorch's TransformerEncoderLayer computes
// it in evaluation (norm after each block, ReLU): x + attention, normed,
// then that + the feed-forward block, normed.
func (l layer) apply(x []float32, d, heads int) []float32 {
	const n = 64
	qkv := l.qkv.apply(x, n)
	hd := d / heads
	scale := 1 / math.Sqrt(float64(hd))
	att := make([]float32, n*d)
	w := make([]float64, n)
	for h := 0; h < heads; h++ {
		for i := 0; i < n; i++ {
			q := qkv[i*3*d+h*hd : i*3*d+h*hd+hd]
			top := math.Inf(-1)
			for j := 0; j < n; j++ {
				k := qkv[j*3*d+d+h*hd : j*3*d+d+h*hd+hd]
				w[j] = float64(dot(k, q)) * scale
				top = math.Max(top, w[j])
			}
			sum := 0.0
			for j := range w {
				w[j] = math.Exp(w[j] - top)
				sum += w[j]
			}
			o := att[i*d+h*hd : i*d+h*hd+hd]
			for j := 0; j < n; j++ {
				v := qkv[j*3*d+2*d+h*hd : j*3*d+2*d+h*hd+hd]
				f := float32(w[j] / sum)
				for c := range o {
					o[c] += f * v[c]
				}
			}
		}
	}
	y := l.proj.apply(att, n)
	for i := range y {
		y[i] += x[i]
	}
	for i := 0; i < n; i++ {
		l.norm1.apply(y[i*d : (i+1)*d])
	}
	f := l.ff1.apply(y, n)
	for i, v := range f {
		f[i] = max(v, 0)
	}
	z := l.ff2.apply(f, n)
	for i := range z {
		z[i] += y[i]
	}
	for i := 0; i < n; i++ {
		l.norm2.apply(z[i*d : (i+1)*d])
	}
	return z
}
