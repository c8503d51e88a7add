// Package profile adapts the square classifier to one piece set from a few
// labelled pictures of it.
//
// A profile keeps, for each piece (and empty, kept in the file but not
// used: empty squares are left to the network) on each shade of square, the
// mean of the network's embeddings of the user's crops: a prototype. At
// use, the embedding of a square the network doubts is compared with each
// piece's prototypes, pooled over both shades, and that nearest-prototype
// reading is blended with the network's own. No training and no Python:
// building a profile is a few scans, using one is at most 12 dot products
// per doubtful square. The file keeps the shades apart, as
// it was first written, so that files made before the pooling still load
// (and are used pooled).
//
// The file is JSON:
//
//	{"format": "fenscan-profile", "version": 1, "model": "sha256:...",
//	 "dim": 96, "prototypes": [{"class": "P", "shade": "light", "count": 12,
//	 "mean": [...]}, ...]}
//
// Embeddings belong to one network: a profile records the model's ID and
// is refused by any other model.
package profile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/fenscan/fenscan/internal/vec"
)

// Format and Version identify the file format.
const (
	Format  = "fenscan-profile"
	Version = 1
)

const (
	// temperature sharpens the similarities into a distribution: cosine
	// similarities of one set's crops differ by a few hundredths.
	temperature = 0.05
	// weight is how much the prototypes count against the network, in a
	// geometric blend.
	weight = 0.5
	// sure is the probability from which the network's reading of a
	// square stands as it is: a profile from two pictures corrects what
	// the network doubts (630 held-out design boards 390 -> 392 entirely
	// right).
	sure = 0.99
)

// pieces are the pieces' FEN letters, White's first.
var pieces = []string{"P", "N", "B", "R", "Q", "K", "p", "n", "b", "r", "q", "k"}

// Prototype is the mean embedding of one class on one shade of square.
type Prototype struct {
	Class string    `json:"class"` // FEN letter, "" for empty
	Shade string    `json:"shade"` // "light" or "dark"
	Count int       `json:"count"`
	Mean  []float32 `json:"mean"`
}

// Profile is a set of prototypes for one model.
type Profile struct {
	Format     string      `json:"format"`
	Version    int         `json:"version"`
	Model      string      `json:"model"`
	Dim        int         `json:"dim"`
	Prototypes []Prototype `json:"prototypes"`
}

// Builder gathers labelled crops into a profile.
type Builder struct {
	model string
	dim   int
	sums  map[[2]string][]float64
	count map[[2]string]int
}

// NewBuilder starts a profile for the model with the given ID.
func NewBuilder(model string) *Builder {
	return &Builder{model: model, sums: map[[2]string][]float64{}, count: map[[2]string]int{}}
}

// Shade names the shade of square index i (row-major from the board
// picture's top-left): the top-left square is light from either side.
func Shade(i int) string {
	if (i/8+i%8)%2 == 0 {
		return "light"
	}
	return "dark"
}

// Add records the crops of one board: its 64 embeddings and true classes
// (FEN letters, "" for empty), both in picture order.
func (b *Builder) Add(emb [][]float32, classes [64]string) error {
	if len(emb) != 64 {
		return errors.New("profile: the model gives no embeddings")
	}
	for i, e := range emb {
		if b.dim == 0 {
			b.dim = len(e)
		}
		if len(e) != b.dim {
			return fmt.Errorf("profile: embedding of %d values, want %d", len(e), b.dim)
		}
		key := [2]string{classes[i], Shade(i)}
		s := b.sums[key]
		if s == nil {
			s = make([]float64, b.dim)
			b.sums[key] = s
		}
		for k, v := range vec.Unit(e) {
			s[k] += v
		}
		b.count[key]++
	}
	return nil
}

// Profile returns the profile built so far.
func (b *Builder) Profile() (*Profile, error) {
	if len(b.sums) == 0 {
		return nil, errors.New("profile: no labelled board was read")
	}
	p := &Profile{Format: Format, Version: Version, Model: b.model, Dim: b.dim}
	for _, class := range append([]string{""}, pieces...) {
		for _, shade := range []string{"light", "dark"} {
			key := [2]string{class, shade}
			s, n := b.sums[key], b.count[key]
			if n == 0 {
				continue
			}
			mean := make([]float32, len(s))
			for k, v := range s {
				mean[k] = float32(v / float64(n))
			}
			p.Prototypes = append(p.Prototypes, Prototype{Class: class, Shade: shade, Count: n, Mean: mean})
		}
	}
	// Such a profile would change no reading, yet a scan with it reads
	// with one model and one kind.
	if len(p.Unseen()) == len(pieces) {
		return nil, errors.New("profile: no piece on the labelled boards")
	}
	return p, nil
}

// Unseen lists the pieces (FEN letters, white's first) of which the
// profile holds no crop: the network alone reads them.
func (p *Profile) Unseen() []string {
	var out []string
	for _, piece := range pieces {
		if !slices.ContainsFunc(p.Prototypes, func(pr Prototype) bool { return pr.Class == piece }) {
			out = append(out, piece)
		}
	}
	return out
}

// Write saves p as JSON.
func (p *Profile) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(p)
}

// Read loads a profile and checks that it is one, of a version this
// package reads, made for the model with ID model.
func Read(r io.Reader, models ...string) (*Profile, error) {
	var p Profile
	if err := json.NewDecoder(r).Decode(&p); err != nil {
		return nil, fmt.Errorf("not a fenscan profile: %w", err)
	}
	switch {
	case p.Format != Format:
		return nil, fmt.Errorf("not a fenscan profile (format %q)", p.Format)
	case p.Version != Version:
		return nil, fmt.Errorf("profile version %d, this fenscan reads version %d", p.Version, Version)
	case !slices.Contains(models, p.Model):
		return nil, fmt.Errorf("profile was made for model %s, not a model in use (%s); make it again with fenscan adapt",
			p.Model, strings.Join(models, ", "))
	}
	if len(p.Prototypes) == 0 {
		return nil, errors.New("profile holds no prototypes")
	}
	for _, pr := range p.Prototypes {
		if len(pr.Mean) != p.Dim {
			return nil, fmt.Errorf("profile: prototype %q/%s has %d values, want %d", pr.Class, pr.Shade, len(pr.Mean), p.Dim)
		}
		if pr.Count < 1 {
			return nil, fmt.Errorf("profile: prototype %q/%s counts %d crops", pr.Class, pr.Shade, pr.Count)
		}
	}
	return &p, nil
}

// Adjust blends each square's class probabilities (in the order of labels)
// with its similarity to the profile's prototypes.
//
// A piece's prototypes on the two shades of square are pooled, weighted by
// their counts: two pictures hold few of each piece, and split by shade
// each mean rests on half of them. On 624 held-out design boards read
// after profiles of two boards of their design, the pooled prototypes left
// 258 boards' squares all right against 226 split by shade (207 without a
// profile); end to end, 390 of 630 against 360 (334) when pooling came
// (400 since empty squares are left to the network).
func (p *Profile) Adjust(probs [64][13]float32, emb [][]float32, labels [13]string) [64][13]float32 {
	if len(emb) != 64 {
		return probs
	}
	protos, known := p.pooled(labels)
	if len(known) == 0 {
		return probs
	}
	out := probs
	for i, e := range emb {
		if len(e) != p.Dim {
			return probs
		}
		if slices.Max(probs[i][:]) >= sure {
			continue
		}
		// The profile only reorders the pieces it knows: their share of
		// the network's probability is redistributed by a blend of the two
		// readings; empty squares and pieces it has never seen keep what the
		// network gave them, so a profile from two pictures cannot rule
		// them out.
		u := vec.Unit(e)
		var sims, mixed [13]float64
		m := math.Inf(-1)
		for _, k := range known {
			sims[k] = vec.Dot(u, protos[k]) / temperature
			m = math.Max(m, sims[k])
		}
		var total, share, blended float64
		for _, k := range known {
			sims[k] = math.Exp(sims[k] - m)
			total += sims[k]
			share += float64(probs[i][k])
		}
		for _, k := range known {
			mixed[k] = math.Pow(math.Max(float64(probs[i][k]), 1e-12), 1-weight) * math.Pow(sims[k]/total, weight)
			blended += mixed[k]
		}
		for _, k := range known {
			out[i][k] = float32(share * mixed[k] / blended)
		}
	}
	return out
}

// pooled gives, by index in labels, the unit vector of the count-weighted
// mean of each piece's prototypes over both shades (nil for empty squares
// and for a piece the profile does not know), and the indices of the
// pieces it knows, in order.
func (p *Profile) pooled(labels [13]string) ([13][]float64, []int) {
	var sums [13][]float64
	for _, pr := range p.Prototypes {
		// Empty squares are left to the network: how one looks varies with
		// its neighbours (a photo's tall pieces in front of it, a diagram's
		// hatching), and pulled towards their mean, a doubtful empty square
		// of a photo took a piece as often as it lost one. Left out, 630
		// held-out design boards read 392 -> 400 entirely right, and 32
		// chesscog photos 27 -> 30, as without a profile.
		k := slices.Index(labels[:], pr.Class)
		if k < 0 || pr.Class == "" || len(pr.Mean) != p.Dim || pr.Count < 1 {
			continue
		}
		if sums[k] == nil {
			sums[k] = make([]float64, p.Dim)
		}
		for j, v := range pr.Mean {
			sums[k][j] += float64(pr.Count) * float64(v)
		}
	}
	var out [13][]float64
	var known []int
	for k, s := range sums {
		// A sum of zeros is like nothing: the class keeps the network's share.
		if s != nil && slices.ContainsFunc(s, func(v float64) bool { return v != 0 }) {
			out[k], known = vec.Unit(s), append(known, k)
		}
	}
	return out, known
}
