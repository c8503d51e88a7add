package wholeboard_test

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/fenscan/fenscan/classify"
	"github.com/fenscan/fenscan/models"
	"github.com/fenscan/fenscan/wholeboard"
)

// TestMatchesTorch reads the board that scripts/context_head.py saved
// beside the shipped head with its output in PyTorch: the Go arithmetic
// must give the same probabilities.
func TestMatchesTorch(t *testing.T) {
	h, err := wholeboard.Load(models.WholeBoard)
	if err != nil {
		t.Fatal(err)
	}
	if want := classify.ModelID(models.Digital); h.Model() != want {
		t.Fatalf("head trained on %s, shipped model is %s", h.Model(), want)
	}
	if want := classify.ModelID(models.Digital2); h.Second() != want {
		t.Fatalf("head's second reader is %q, shipped second model is %s", h.Second(), want)
	}
	data, err := os.ReadFile("../models/wholeboard.bin.check.json")
	if err != nil {
		t.Fatal(err)
	}
	var check struct {
		Probs  [][]float32 `json:"probs"`
		Probs2 [][]float32 `json:"probs2"`
		Emb    [][]float32 `json:"emb"`
		Out    [][]float32 `json:"out"`
	}
	if err := json.Unmarshal(data, &check); err != nil {
		t.Fatal(err)
	}
	var probs [64]classify.Probs
	second := make([]classify.Probs, 64)
	for i := range probs {
		copy(probs[i][:], check.Probs[i])
		copy(second[i][:], check.Probs2[i])
	}
	got, err := h.Read(probs, check.Emb, second)
	if err != nil {
		t.Fatal(err)
	}
	worst := 0.0
	for i := range got {
		for k := range got[i] {
			worst = math.Max(worst, math.Abs(float64(got[i][k]-check.Out[i][k])))
		}
	}
	if worst > 1e-4 {
		t.Errorf("largest difference from PyTorch's probabilities %g, want at most 1e-4", worst)
	}
}

func TestLoadRefusesBadFiles(t *testing.T) {
	good := models.WholeBoard
	nl := strings.IndexByte(string(good), '\n')
	for name, data := range map[string][]byte{
		"empty":       nil,
		"not json":    []byte("hello\n"),
		"other":       []byte(`{"format":"fenscan-profile","version":1}` + "\n"),
		"cut short":   good[:len(good)-4],
		"extra bytes": append(append([]byte{}, good...), 0),
		"no weights":  good[:nl+1],
		// Sizes a header may name but whose weights are not there: refused
		// before room is made for them.
		"huge, no tensors": []byte(`{"format":"fenscan-wholeboard","version":1,"emb":4096,"d":4096,"heads":4,"layers":4,"ffn":16384,"tensors":[]}` + "\n"),
		"huge, no data":    []byte(`{"format":"fenscan-wholeboard","version":1,"emb":96,"d":64,"heads":4,"layers":2,"ffn":128,"tensors":[["inp.weight",[4096,4096]]]}` + "\n"),
		"unnamed":          []byte(`{"format":"fenscan-wholeboard","version":1,"emb":96,"d":64,"heads":4,"layers":2,"ffn":128,"tensors":[[null,[1]]]}` + "\n\x00\x00\x00\x00"),
	} {
		if _, err := wholeboard.Load(data); !errors.Is(err, wholeboard.ErrFormat) {
			t.Errorf("%s: got %v, want ErrFormat", name, err)
		}
	}
	version := regexp.MustCompile(`"version":\d+`)
	next := fmt.Sprintf(`"version":%d`, wholeboard.Version+1)
	if _, err := wholeboard.Load([]byte(version.ReplaceAllString(string(good), next))); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("version %d", wholeboard.Version+1)) {
		t.Errorf("version %d: got %v", wholeboard.Version+1, err)
	}
	// A second reader's weights under a header that names none.
	one := regexp.MustCompile(`"second":"[^"]*",("second_sure":[^,]*,)?`).ReplaceAllString(string(good), "")
	if _, err := wholeboard.Load([]byte(one)); !errors.Is(err, wholeboard.ErrFormat) {
		t.Errorf("no second model: got %v, want ErrFormat", err)
	}
	older := version.ReplaceAllString(one, `"version":1`)
	if _, err := wholeboard.Load([]byte(older)); !errors.Is(err, wholeboard.ErrFormat) {
		t.Errorf("version 1 with a second reader's weights: got %v, want ErrFormat", err)
	}
}

func TestReadWantsAllEmbeddings(t *testing.T) {
	h, err := wholeboard.Load(models.WholeBoard)
	if err != nil {
		t.Fatal(err)
	}
	var probs [64]classify.Probs
	second := make([]classify.Probs, 64)
	if _, err := h.Read(probs, make([][]float32, 10), second); err == nil {
		t.Error("10 embeddings: no error")
	}
	emb := make([][]float32, 64)
	for i := range emb {
		emb[i] = make([]float32, 96)
	}
	if _, err := h.Read(probs, emb, nil); err == nil {
		t.Error("no second reading: no error")
	}
	if _, err := h.Read(probs, emb, second); err != nil {
		t.Errorf("all readings: %v", err)
	}
	emb[5] = nil // a square the classifier skipped (classify.ReadFast)
	if _, err := h.Read(probs, emb, second); err == nil {
		t.Error("a missing embedding: no error")
	}
}

// BenchmarkRead: the head on one board's readings.
func BenchmarkRead(b *testing.B) {
	h, err := wholeboard.Load(models.WholeBoard)
	if err != nil {
		b.Fatal(err)
	}
	var probs [64]classify.Probs
	second := make([]classify.Probs, 64)
	emb := make([][]float32, 64)
	for i := range emb {
		probs[i][i%13] = 1
		second[i][i%13] = 1
		emb[i] = make([]float32, 96)
		emb[i][i%96] = 1
	}
	for b.Loop() {
		if _, err := h.Read(probs, emb, second); err != nil {
			b.Fatal(err)
		}
	}
}

// tinyHead is the file of a head with an embedding of 2, width 2 and no
// attention layers (a second reader's with second), its weights w.
func tinyHead(second bool, w float32) []byte {
	in, version, named := 2+13, 1, ""
	if second {
		in, version, named = 2+26, 2, `"second":"sha256:b",`
	}
	shapes := []struct {
		name  string
		shape []int
	}{
		{"norm.weight", []int{in}}, {"norm.bias", []int{in}},
		{"inp.weight", []int{2, in + 1}}, {"inp.bias", []int{2}},
		{"out.weight", []int{13, 2}}, {"out.bias", []int{13}},
	}
	var list []string
	var weights []byte
	for _, s := range shapes {
		n := 1
		for _, d := range s.shape {
			n *= d
		}
		b, _ := json.Marshal(s.shape)
		list = append(list, fmt.Sprintf(`[%q,%s]`, s.name, b))
		for range n {
			weights = binary.LittleEndian.AppendUint32(weights, math.Float32bits(w))
		}
	}
	header := fmt.Sprintf(`{"format":"fenscan-wholeboard","version":%d,"model":"sha256:a",%s"emb":2,"d":2,"heads":1,"layers":0,"ffn":1,"tensors":[%s]}`,
		version, named, strings.Join(list, ","))
	return append([]byte(header+"\n"), weights...)
}

// FuzzLoad: any file is a head or an error, never a panic, and a head
// read reads a board or says why not.
func FuzzLoad(f *testing.F) {
	f.Add(tinyHead(false, 0.5))
	f.Add(tinyHead(true, -1))
	f.Add(tinyHead(true, float32(math.NaN())))
	f.Add(withSure(tinyHead(true, 0.5), "0.99"))
	nl := strings.IndexByte(string(models.WholeBoard), '\n')
	f.Add(models.WholeBoard[:nl+1])
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := wholeboard.Load(data)
		if err != nil {
			return
		}
		var probs [64]classify.Probs
		emb := make([][]float32, 64)
		for i := range emb {
			probs[i][i%13] = 1
			emb[i] = []float32{1, float32(i)}
		}
		var second []classify.Probs
		if h.Second() != "" {
			second = probs[:]
		}
		h.Read(probs, emb, second)
	})
}

// withSure is a tiny head's file of version 3 with "second_sure" set to
// v (JSON).
func withSure(data []byte, v string) []byte {
	return []byte(strings.NewReplacer(`"version":1`, `"version":3`, `"version":2`, `"version":3`,
		`"model":"sha256:a",`, `"model":"sha256:a","second_sure":`+v+",").Replace(string(data)))
}

// TestSecondSure: a head trained with the second reader's reading of
// only the squares the first reads below second_sure asks for those, and
// reads the first's in place of the others, whatever the second says.
func TestSecondSure(t *testing.T) {
	h, err := wholeboard.Load(withSure(tinyHead(true, 0.5), "0.9"))
	if err != nil {
		t.Fatal(err)
	}
	var probs [64]classify.Probs
	emb := make([][]float32, 64)
	for i := range probs {
		p := float32(0.5 + 0.5*float64(i)/63) // squares 0 to 50 below 0.9
		if i == 51 {
			p = 0.9 // at the threshold: sure
		}
		probs[i][i%13] = p
		probs[i][(i+1)%13] = 1 - p
		emb[i] = []float32{1, float32(i)}
	}
	want := h.SecondSquares(&probs)
	for i, w := range want {
		if _, v := probs[i].Best(); w != (v < 0.9) {
			t.Errorf("square %d read at %.3f: asked for its second reading %v", i, v, w)
		}
	}
	read := func(second []classify.Probs) [64]classify.Probs {
		out, err := h.Read(probs, emb, second)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	second := make([]classify.Probs, 64)
	for i := range second {
		second[i][(i+5)%13] = 1
	}
	base := read(second)
	for _, sq := range []int{3, 51, 60} {
		other := slices.Clone(second)
		other[sq] = probs[sq]
		if changed := read(other) != base; changed != want[sq] {
			t.Errorf("square %d's second reading changed: the head's reading changed %v, want %v", sq, changed, want[sq])
		}
	}
	if all, err := wholeboard.Load(tinyHead(true, 0.5)); err != nil || all.SecondSquares(&probs) != [64]bool(slices.Repeat([]bool{true}, 64)) {
		t.Errorf("a head without second_sure asks for some squares' second reading only (%v)", err)
	}
	if _, err := wholeboard.Load(withSure(tinyHead(true, 0.5), "1")); err != nil {
		t.Errorf("second_sure 1: %v", err)
	}
	for name, data := range map[string][]byte{
		"zero":                 withSure(tinyHead(true, 0.5), "0"),
		"zero as float32":      withSure(tinyHead(true, 0.5), "1e-50"),
		"negative":             withSure(tinyHead(true, 0.5), "-0.5"),
		"above one":            withSure(tinyHead(true, 0.5), "1.5"),
		"null":                 withSure(tinyHead(true, 0.5), "null"),
		"not a number":         withSure(tinyHead(true, 0.5), `"high"`),
		"no second model":      withSure(tinyHead(false, 0.5), "0.9"),
		"in version 2":         []byte(strings.Replace(string(withSure(tinyHead(true, 0.5), "0.9")), `"version":3`, `"version":2`, 1)),
		"version 3 without it": []byte(strings.Replace(string(tinyHead(true, 0.5)), `"version":2`, `"version":3`, 1)),
	} {
		if _, err := wholeboard.Load(data); !errors.Is(err, wholeboard.ErrFormat) {
			t.Errorf("second_sure %s: got %v, want ErrFormat", name, err)
		}
	}
}

// TestTinyHeads: FuzzLoad's seeds are heads, of one reader and of two
// (reading the second's every square or some).
func TestTinyHeads(t *testing.T) {
	for _, c := range []struct {
		data   []byte
		second bool
	}{{tinyHead(false, 0.5), false}, {tinyHead(true, 0.5), true}, {withSure(tinyHead(true, 0.5), "0.99"), true}} {
		h, err := wholeboard.Load(c.data)
		if err != nil {
			t.Fatalf("second reader %v: %v", c.second, err)
		}
		if got := h.Second() != ""; got != c.second {
			t.Errorf("second reader %v: Second() = %q", c.second, h.Second())
		}
	}
}
