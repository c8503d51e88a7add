package consistency

import (
	"math/rand"
	"testing"
)

type probs [13]float32

func onehot(k int, p float32) probs {
	var v probs
	for i := range v {
		v[i] = (1 - p) / 12
	}
	v[k] = p
	return v
}

func TestRefine(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	look := func() []float32 {
		e := make([]float32, 16)
		for i := range e {
			e[i] = rng.Float32()
		}
		return e
	}
	// Three looks: empty squares, white pawns, black knights.
	empty, pawn, knight := look(), look(), look()
	var in [64]probs
	emb := make([][]float32, 64)
	for i := range in {
		in[i], emb[i] = onehot(0, 0.99), empty
	}
	for _, i := range []int{8, 9, 10, 11} {
		in[i], emb[i] = onehot(1, 0.99), pawn
	}
	for _, i := range []int{20, 21} {
		in[i], emb[i] = onehot(8, 0.99), knight
	}
	// Square 12 looks like the pawns but was read, doubtfully, as a bishop.
	in[12], emb[12] = onehot(3, 0.5), pawn
	in[12][1] = 0.3
	// Square 30 looks like nothing else and is doubtful: it stays.
	in[30], emb[30] = onehot(5, 0.6), look()
	// Square 21, a confident knight, looks like the pawns: confident
	// squares never change.
	emb[21] = pawn

	out, changes := Refine(in, emb)
	if len(changes) != 1 || changes[0].Square != 12 || changes[0].From != 3 || changes[0].To != 1 || changes[0].Votes != 5 {
		t.Fatalf("changes = %+v, want square 12 from 3 to 1 with 5 votes", changes)
	}
	if k, _ := best(out[30]); k != 5 {
		t.Errorf("square 30 changed to %d", k)
	}
	if k, _ := best(out[21]); k != 8 {
		t.Errorf("confident square 21 changed to %d", k)
	}
	sum := float32(0)
	for _, v := range out[12] {
		sum += v
	}
	if sum < 0.999 || sum > 1.001 {
		t.Errorf("square 12 probabilities sum to %v", sum)
	}
	if _, ch := Refine(in, nil); ch != nil {
		t.Error("changes without embeddings")
	}
}
