// Command fenscan reads chess positions from pictures and prints FEN.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	// The first interrupt stops the run cleanly, with every finished
	// result written; a second one kills it as usual.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
	}()
	code := run(ctx, os.Args[1:], ioStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr})
	stop()
	os.Exit(code)
}
