package batch

import (
	"context"
	"errors"
	"math/rand"
	"sync/atomic"
	"testing"
	"time"
)

// TestOrderedKeepsOrder runs items of random lengths on several workers:
// they must come out in item order, each once, with each worker's number
// in range.
func TestOrderedKeepsOrder(t *testing.T) {
	const n, workers = 200, 5
	delays := make([]time.Duration, n)
	rng := rand.New(rand.NewSource(1))
	for i := range delays {
		delays[i] = time.Duration(rng.Intn(2000)) * time.Microsecond
	}
	var running, most atomic.Int32
	var got []int
	err := Ordered(context.Background(), n, workers,
		func(_ context.Context, w, i int) int {
			if w < 0 || w >= workers {
				t.Errorf("worker %d out of range", w)
			}
			r := running.Add(1)
			for m := most.Load(); r > m && !most.CompareAndSwap(m, r); m = most.Load() {
			}
			time.Sleep(delays[i])
			running.Add(-1)
			return i * i
		},
		func(i, r int) error {
			if r != i*i {
				t.Errorf("item %d got result %d", i, r)
			}
			got = append(got, i)
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range got {
		if g != i {
			t.Fatalf("emitted %v..., want 0, 1, 2, ...", got[:i+1])
		}
	}
	if len(got) != n {
		t.Fatalf("emitted %d items, want %d", len(got), n)
	}
	if most.Load() < 2 {
		t.Errorf("at most %d items ran at once with %d workers", most.Load(), workers)
	}
}

// TestOrderedStops cancels a run after some results: what was emitted is
// a prefix, nothing after the stop is emitted, and the error says why.
func TestOrderedStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var started atomic.Int32
	var got []int
	err := Ordered(ctx, 1000, 3,
		func(ctx context.Context, _, i int) int {
			started.Add(1)
			select {
			case <-time.After(time.Millisecond):
			case <-ctx.Done():
				return -1 // a result spoilt by the stop
			}
			return i
		},
		func(i, r int) error {
			if r != i {
				t.Errorf("emitted %d for item %d", r, i)
			}
			got = append(got, i)
			if i == 9 {
				cancel()
			}
			return nil
		})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if len(got) < 10 || got[len(got)-1] != len(got)-1 {
		t.Fatalf("emitted %v, want a prefix of at least 10", got)
	}
	if s := started.Load(); s > 40 {
		t.Errorf("%d items started although the run stopped at 10", s)
	}

	// An error from emit stops the run with that error.
	boom := errors.New("disk full")
	n := 0
	err = Ordered(context.Background(), 100, 2,
		func(context.Context, int, int) int { return 0 },
		func(i, _ int) error {
			n++
			if i == 4 {
				return boom
			}
			return nil
		})
	if !errors.Is(err, boom) || n != 5 {
		t.Fatalf("got %v after %d items, want %v after 5", err, n, boom)
	}
}

func TestOrderedEmpty(t *testing.T) {
	err := Ordered(context.Background(), 0, 4,
		func(context.Context, int, int) int { t.Error("work called"); return 0 },
		func(int, int) error { t.Error("emit called"); return nil })
	if err != nil {
		t.Fatal(err)
	}
}
