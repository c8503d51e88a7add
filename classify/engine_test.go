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

// nanEngine returns logits that are not numbers for its first crop.
type nanEngine struct{ classes int }

func (e nanEngine) run(input []float32, n int) ([][]float32, error) {
	out := make([][]float32, 1)
	out[0] = make([]float32, n*e.classes)
	out[0][3] = float32(math.NaN())
	return out, nil
}

func (nanEngine) close() {}

// TestForwardRefusesNaN: a network's logit that is not a number is an
// error, not a square the assembler fills from the games' prior.
func TestForwardRefusesNaN(t *testing.T) {
	w := network{eng: nanEngine{classes: NumClasses}}
	if _, err := w.forward(make([]float32, 2*32*32), 2, 0, NumClasses); err == nil {
		t.Error("a NaN logit was taken")
	}
}
