package batch

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// Shard is the K-th (1-based) of N parts of an input list. The part of a
// picture depends only on its Key, not on the other pictures: every
// machine that lists the same collection takes disjoint parts that
// together cover it, and a picture added later does not move the others.
type Shard struct{ K, N int }

// ParseShard reads "K/N", 1 <= K <= N.
func ParseShard(s string) (Shard, error) {
	k, n, ok := strings.Cut(s, "/")
	K, err1 := strconv.Atoi(k)
	N, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || N < 1 || K < 1 || K > N {
		return Shard{}, fmt.Errorf("shard %q is not K/N with 1 <= K <= N", s)
	}
	return Shard{K: K, N: N}, nil
}

// Keeps reports whether the input with this key belongs to the shard.
func (s Shard) Keeps(key string) bool {
	if s.N <= 1 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	return int(h.Sum64()%uint64(s.N)) == s.K-1
}

// Select returns the inputs of the shard, in order.
func (s Shard) Select(in []Input) []Input {
	var out []Input
	for _, x := range in {
		if s.Keeps(x.Key) {
			out = append(out, x)
		}
	}
	return out
}
