package batch

import (
	"context"
	"sync"
)

// Ordered runs work on the items 0..n-1 with the given number of worker
// goroutines and passes each result to emit in item order, as soon as it
// and every earlier one are done: output is the same whatever the number
// of workers, and a stopped run has emitted a prefix of it.
//
// work gets its worker's number (0..workers-1), so that each worker can
// use state of its own. At most a few items per worker run ahead of the
// oldest unfinished one, which bounds the results held back.
//
// When ctx is done, no more items start; results finished before that are
// still emitted in order, and Ordered returns ctx's error. When emit
// fails, Ordered stops and returns that error.
func Ordered[R any](ctx context.Context, n, workers int, work func(ctx context.Context, worker, i int) R, emit func(i int, r R) error) error {
	workers = max(1, min(workers, n))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type done struct {
		i     int
		r     R
		valid bool
	}
	ahead := make(chan struct{}, 4*workers)
	todo := make(chan int)
	results := make(chan done, workers)
	go func() {
		defer close(todo)
		for i := 0; i < n; i++ {
			select {
			case ahead <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case todo <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range todo {
				r := work(ctx, w, i)
				// A result that finished after the run was stopped may be
				// no more than the stop itself.
				results <- done{i: i, r: r, valid: ctx.Err() == nil}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	held := map[int]done{}
	next := 0
	var err error
	for d := range results {
		if err != nil {
			continue // drain, so that the workers can finish
		}
		held[d.i] = d
		for {
			h, ok := held[next]
			if !ok || !h.valid {
				break
			}
			delete(held, next)
			if err = emit(next, h.r); err != nil {
				cancel()
				break
			}
			next++
			<-ahead
		}
	}
	if err != nil {
		return err
	}
	if next < n {
		return ctx.Err()
	}
	return nil
}
