// Command fenscan reads chess positions from pictures and prints FEN.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], ioStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr}))
}
