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
