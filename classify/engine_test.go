package classify

import (
	"image"
	"math"
	"slices"
	"testing"
)

// TestInputBlob: the network's input blob holds a copy of the crops, so
// that what becomes of the caller's buffer while the network runs
// (freed and handed to another allocation, or filled again) cannot reach
// it; an input too short for its crops is refused.
func TestInputBlob(t *testing.T) {
	crop := image.Pt(32, 32)
	const n = 2
	input := make([]float32, n*crop.X*crop.Y+5) // longer than the n crops
	for i := range input {
		input[i] = float32(i%251) / 251
	}
	want := slices.Clone(input[:n*crop.X*crop.Y])
	blob, err := inputBlob(input, n, crop)
	if err != nil {
		t.Fatal(err)
	}
	defer blob.Close()
	if got := blob.Size(); !slices.Equal(got, []int{n, 1, crop.Y, crop.X}) {
		t.Fatalf("blob of size %v", got)
	}
	for i := range input {
		input[i] = float32(math.NaN())
	}
	data, err := blob.DataPtrFloat32()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(data, want) {
		t.Error("the blob changed with the caller's buffer")
	}
	if _, err := inputBlob(input[:100], n, crop); err == nil {
		t.Error("an input too short for its crops was taken")
	}
}

// badEngine returns, for every crop, logits and an embedding, with one
// value of output out set to bad.
type badEngine struct {
	out int
	bad float32
}

func (e badEngine) run(input []float32, n int) ([][]float32, error) {
	outs := [][]float32{make([]float32, n*NumClasses), make([]float32, n*96)}
	outs[e.out][3] = e.bad
	return outs, nil
}

func (badEngine) close() {}

// TestForwardRefusesNaN: a network's output that is not a number, in its
// logits or its embedding, is an error, not a square the assembler fills
// from the games' prior.
func TestForwardRefusesNaN(t *testing.T) {
	for _, e := range []badEngine{{0, float32(math.NaN())}, {1, float32(math.Inf(1))}} {
		w := network{eng: e}
		if _, err := w.forward(make([]float32, 2*32*32), 2, 0, NumClasses); err == nil {
			t.Errorf("output %d holding %v was taken", e.out, e.bad)
		}
	}
	w := network{eng: badEngine{0, 1}}
	if _, err := w.forward(make([]float32, 2*32*32), 2, 0, NumClasses); err != nil {
		t.Errorf("numbers refused: %v", err)
	}
}
