// Package vec holds the little vector arithmetic that comparing embeddings
// needs.
package vec

import "math"

// Unit returns v scaled to length 1 (all zeros stays zeros), in float64
// so that sums of many similarities keep their precision.
func Unit[T float32 | float64](v []T) []float64 {
	out := make([]float64, len(v))
	n := 0.0
	for _, x := range v {
		n += float64(x) * float64(x)
	}
	if n = math.Sqrt(n); n == 0 {
		return out
	}
	for i, x := range v {
		out[i] = float64(x) / n
	}
	return out
}

// Dot returns the dot product of two vectors of equal length; for unit
// vectors, their cosine similarity.
func Dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}
