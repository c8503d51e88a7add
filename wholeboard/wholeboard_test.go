package wholeboard_test

import (
	"encoding/json"
	"errors"
	"math"
	"os"
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
	data, err := os.ReadFile("../models/wholeboard.bin.check.json")
	if err != nil {
		t.Fatal(err)
	}
	var check struct {
		Probs [][]float32 `json:"probs"`
		Emb   [][]float32 `json:"emb"`
		Out   [][]float32 `json:"out"`
	}
	if err := json.Unmarshal(data, &check); err != nil {
		t.Fatal(err)
	}
	var probs [64]classify.Probs
	for i := range probs {
		copy(probs[i][:], check.Probs[i])
	}
	got, err := h.Read(probs, check.Emb)
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
	later := strings.Replace(string(good), `"version":1`, `"version":2`, 1)
	if _, err := wholeboard.Load([]byte(later)); err == nil || !strings.Contains(err.Error(), "version 2") {
		t.Errorf("version 2: got %v", err)
	}
}

func TestReadWantsAllEmbeddings(t *testing.T) {
	h, err := wholeboard.Load(models.WholeBoard)
	if err != nil {
		t.Fatal(err)
	}
	var probs [64]classify.Probs
	if _, err := h.Read(probs, make([][]float32, 10)); err == nil {
		t.Error("10 embeddings: no error")
	}
	emb := make([][]float32, 64)
	for i := range emb {
		emb[i] = make([]float32, 96)
	}
	emb[5] = nil // a square the classifier skipped (classify.ReadFast)
	if _, err := h.Read(probs, emb); err == nil {
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
	emb := make([][]float32, 64)
	for i := range emb {
		probs[i][i%13] = 1
		emb[i] = make([]float32, 96)
		emb[i][i%96] = 1
	}
	for b.Loop() {
		if _, err := h.Read(probs, emb); err != nil {
			b.Fatal(err)
		}
	}
}
