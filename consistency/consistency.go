// Package consistency lets the squares of one board vote on each other.
//
// One picture uses one piece design throughout, so crops that look alike
// (whose embeddings, the network's penultimate features, lie close) almost
// surely hold the same piece. A doubtful square whose look-alikes were read
// with confidence takes their reading; confident squares never change.
package consistency

import "github.com/fenscan/fenscan/internal/vec"

const (
	// minSimilarity is the cosine similarity above which two crops count
	// as look-alikes. The network's features for the same piece on the
	// same shade of square lie well above it; different pieces below.
	minSimilarity = 0.92
	// doubtful is the top probability under which a square may be changed.
	doubtful = 0.9
	// sure is the top probability a look-alike needs to vote.
	sure = 0.97
)

// Change records a square whose reading the vote changed.
type Change struct {
	// Square is the index, row-major from the board picture's top-left.
	Square int `json:"index"`
	// From and To are class indices.
	From, To int
	// Votes is how many confident look-alikes supported To.
	Votes int `json:"votes"`
}

// Refine returns probs with doubtful squares pulled towards the readings
// of their confident look-alikes, and the squares whose top class changed.
// emb holds one embedding per square; without them probs come back as
// they are.
func Refine[P ~[13]float32](probs [64]P, emb [][]float32) ([64]P, []Change) {
	out := probs
	if len(emb) != 64 {
		return out, nil
	}
	unit := make([][]float64, 64)
	for i, e := range emb {
		unit[i] = vec.Unit(e)
	}
	var changes []Change
	for i := range probs {
		from, top := best(probs[i])
		if top >= doubtful {
			continue
		}
		// Sum the confident look-alikes' probabilities, weighted by how
		// alike they are, on top of the square's own.
		var votes [13]float64
		n := 0
		for j := range probs {
			if j == i {
				continue
			}
			if _, pj := best(probs[j]); pj < sure {
				continue
			}
			sim := vec.Dot(unit[i], unit[j])
			if sim < minSimilarity {
				continue
			}
			for k := range votes {
				votes[k] += sim * float64(probs[j][k])
			}
			n++
		}
		if n == 0 {
			continue
		}
		var mixed P
		total := 0.0
		for k := range mixed {
			v := float64(probs[i][k]) + votes[k]/float64(n)
			mixed[k] = float32(v)
			total += v
		}
		for k := range mixed {
			mixed[k] = float32(float64(mixed[k]) / total)
		}
		out[i] = mixed
		if to, _ := best(mixed); to != from {
			changes = append(changes, Change{Square: i, From: from, To: to, Votes: n})
		}
	}
	return out, changes
}

func best[P ~[13]float32](p P) (int, float32) {
	b := 0
	for k := range p {
		if p[k] > p[b] {
			b = k
		}
	}
	return b, p[b]
}
