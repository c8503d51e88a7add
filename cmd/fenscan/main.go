// Command fenscan reads chess positions from pictures and prints FEN.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// stopGrace is how long a stopped run may go on finishing the pictures in
// hand, a second or so each, before it ends anyway: a picture that never
// finishes must not keep a run alive that was asked to stop once, as
// timeout(1) and service managers do before they kill.
const stopGrace = 15 * time.Second

func main() {
	// The first interrupt stops the run cleanly, with every finished
	// result written; a second one, or stopGrace later, ends it.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
	}()
	afterStop(ctx, stopGrace, func() {
		fmt.Fprintf(os.Stderr, "fenscan: stopped; the pictures still being read after %v are left out\n", stopGrace)
		os.Exit(exitFailed)
	})
	code := run(ctx, os.Args[1:], ioStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr})
	stop()
	os.Exit(code)
}

// afterStop calls end when grace has passed since ctx was done.
func afterStop(ctx context.Context, grace time.Duration, end func()) {
	go func() {
		<-ctx.Done()
		time.Sleep(grace)
		end()
	}()
}
