package profile

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"
)

var labels = [13]string{"", "P", "N", "B", "R", "Q", "K", "p", "n", "b", "r", "q", "k"}

func TestBuildReadAdjust(t *testing.T) {
	look := map[string][]float32{"": {1, 0, 0, 0}, "P": {0, 1, 0, 0}, "B": {0, 0, 1, 0}, "N": {0, 0, 0.7, 0.7}}
	var classes [64]string
	emb := make([][]float32, 64)
	for i := range emb {
		classes[i] = ""
		if i >= 8 && i < 16 {
			classes[i] = "P"
		}
		if i == 2 || i == 3 {
			classes[i] = "B"
		}
		if i == 4 { // a light square
			classes[i] = "N"
		}
		emb[i] = look[classes[i]]
	}
	b := NewBuilder("sha256:abc")
	if err := b.Add(emb, classes); err != nil {
		t.Fatal(err)
	}
	p, err := b.Profile()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(p.Unseen(), ""), "RQKpnbrqk"; got != want {
		t.Errorf("unseen %q, want %q", got, want)
	}
	var buf bytes.Buffer
	if err := p.Write(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := Read(bytes.NewReader(buf.Bytes()), "sha256:abc")
	if err != nil {
		t.Fatal(err)
	}
	// A square that looks like a pawn, read by the network as a bishop
	// with 0.6, comes out a pawn.
	var probs [64][13]float32
	for i := range probs {
		probs[i][0] = 1
	}
	probs[10] = [13]float32{0.05, 0.3, 0, 0.6, 0, 0, 0.05}
	out := got.Adjust(probs, emb, labels)
	if out[10][1] <= out[10][3] {
		t.Errorf("square 10: pawn %.2f, bishop %.2f; want the pawn ahead", out[10][1], out[10][3])
	}
	// A piece the profile saw only on light squares is known on dark
	// ones too: the knight on dark square 17, read as a pawn.
	probs[17] = [13]float32{0.05, 0.6, 0.35}
	emb[17] = look["N"]
	if out := got.Adjust(probs, emb, labels); out[17][2] <= out[17][1] {
		t.Errorf("square 17: knight %.2f, pawn %.2f; want the knight ahead", out[17][2], out[17][1])
	}
	// A piece the profile never saw, looking like nothing in it, keeps
	// the network's reading: the queen.
	probs[20] = [13]float32{0.01, 0, 0, 0, 0, 0.98, 0.01}
	emb[20] = []float32{0, 0, 0, 1}
	if out := got.Adjust(probs, emb, labels); out[20][5] < 0.5 {
		t.Errorf("unseen queen fell to %.3f", out[20][5])
	}

	// Whether a square holds a piece is the network's call: an empty
	// square read doubtfully stays empty, however like a pawn it looks.
	probs[40] = [13]float32{0.5, 0.45, 0, 0.05}
	emb[40] = look["P"]
	if out := got.Adjust(probs, emb, labels); out[40][0] <= out[40][1] {
		t.Errorf("square 40: empty %.2f, pawn %.2f; want it empty", out[40][0], out[40][1])
	}
	// A square the network reads surely stands as read, however like a
	// prototype of another class it looks.
	probs[30] = [13]float32{0.005, 0, 0, 0.995}
	emb[30] = look["P"]
	if out := got.Adjust(probs, emb, labels); out[30] != probs[30] {
		t.Errorf("sure bishop changed: %v", out[30])
	}

	if _, err := Read(bytes.NewReader(buf.Bytes()), "sha256:other"); err == nil || !strings.Contains(err.Error(), "made for model") {
		t.Errorf("other model: %v", err)
	}
	bad := strings.Replace(buf.String(), `"version": 1`, `"version": 9`, 1)
	if _, err := Read(strings.NewReader(bad), "sha256:abc"); err == nil {
		t.Error("version 9: no error")
	}
	if _, err := Read(strings.NewReader("not json"), "sha256:abc"); err == nil {
		t.Error("garbage: no error")
	}
	for _, bad := range []string{
		`{"format": "fenscan-profile", "version": 1, "model": "sha256:abc", "dim": 2, "prototypes": []}`,
		`{"format": "fenscan-profile", "version": 1, "model": "sha256:abc", "dim": 2, "prototypes": [{"class": "P", "shade": "light", "count": 0, "mean": [1, 0]}]}`,
		`{"format": "fenscan-profile", "version": 1, "model": "sha256:abc", "dim": 2, "prototypes": [{"class": "P", "shade": "light", "count": 1, "mean": [1, 0, 0]}]}`,
	} {
		if _, err := Read(strings.NewReader(bad), "sha256:abc"); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestPooled checks that a class's prototypes on the two shades are
// pooled by their counts.
func TestPooled(t *testing.T) {
	p := &Profile{Dim: 2, Prototypes: []Prototype{
		{Class: "R", Shade: "light", Count: 3, Mean: []float32{1, 0}},
		{Class: "R", Shade: "dark", Count: 1, Mean: []float32{0, 1}},
		{Class: "X", Shade: "dark", Count: 1, Mean: []float32{0, 1}},
		{Class: "", Shade: "dark", Count: 5, Mean: []float32{1, 1}},
	}}
	protos, known := p.pooled(labels)
	want := []float64{3 / math.Sqrt(10), 1 / math.Sqrt(10)}
	if r := protos[4]; !slices.Equal(known, []int{4}) || len(r) != 2 || math.Abs(r[0]-want[0]) > 1e-12 || math.Abs(r[1]-want[1]) > 1e-12 {
		t.Errorf("rook %v, want %v", r, want)
	}
	for k, v := range protos {
		if k != 4 && v != nil {
			t.Errorf("class %q: %v, want none", labels[k], v)
		}
	}
	// Empty squares alone: nothing to reorder, and no profile is built.
	if _, known := (&Profile{Dim: 2, Prototypes: p.Prototypes[3:]}).pooled(labels); len(known) > 0 {
		t.Error("a profile of empty squares knows a piece")
	}
	b := NewBuilder("sha256:abc")
	emb := make([][]float32, 64)
	for i := range emb {
		emb[i] = []float32{1, 0}
	}
	if err := b.Add(emb, [64]string{}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Profile(); err == nil {
		t.Error("a profile of an empty board: no error")
	}
}
