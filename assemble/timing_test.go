package assemble

import (
	"math/rand/v2"
	"testing"
)

// hardInputs are boards that keep the repair search busy: every square
// torn between classes, so that thousands of cheap changes are tried.
func hardInputs(n int) []Input {
	rng := rand.New(rand.NewPCG(21, 22))
	ins := make([]Input, n)
	for i := range ins {
		for sq := range ins[i].Squares {
			for k := range ins[i].Squares[sq] {
				ins[i].Squares[sq][k] = float32(rng.Float64())
			}
		}
	}
	return ins
}

// TestHardBoards assembles boards torn between classes on every square,
// which send the repair search past its budget: each must still come out
// legal, with a warning that many squares were changed. How long they
// take is BenchmarkAssembleHard's to show (a few milliseconds a board), not a
// test's: a timed test fails on a busy machine.
func TestHardBoards(t *testing.T) {
	for _, photo := range [2]bool{false, true} {
		for i, in := range hardInputs(40) {
			in.Photo = photo
			p, err := Assemble(in, Options{})
			if err != nil {
				t.Fatalf("board %d: %v", i, err)
			}
			if !p.Legal || len(p.Warnings) == 0 {
				t.Errorf("board %d (photo %v): legal %v, warnings %q; want legal, with a warning", i, photo, p.Legal, p.Warnings)
			}
		}
	}
}

func BenchmarkAssembleHard(b *testing.B) {
	for _, photo := range [2]bool{false, true} {
		b.Run(map[bool]string{false: "flat", true: "photo"}[photo], func(b *testing.B) {
			ins := hardInputs(16)
			for i := range ins {
				ins[i].Photo = photo
			}
			for i := 0; b.Loop(); i++ {
				if _, err := Assemble(ins[i%len(ins)], Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkAssembleStart(b *testing.B) {
	in := picture(b, startFEN, true, nil)
	for b.Loop() {
		if _, err := Assemble(in, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
