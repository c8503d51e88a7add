// Command gamepos prints the piece placements of positions from real
// games, one a line, for generating test boards that look like what
// players scan (scripts/flipped_boards.py):
//
//	go run ./internal/gamepos -n 300 -seed 3 GAMES.pgn > positions.txt
//
// Each is taken from the second half of a game picked at random, where
// endgames, whose pieces tell least which side a board is seen from,
// are common. Without GAMES.pgn it reads the 10,000 lichess games that
// github.com/corentings/chess/v2 ships as a test fixture (MIT; lichess's
// game database is CC0), as internal/priorgen does.
package main

import (
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/corentings/chess/v2"
)

func main() {
	n := flag.Int("n", 300, "number of positions")
	seed := flag.Int64("seed", 3, "random seed: the same seed picks the same positions")
	flag.Parse()
	path := flag.Arg(0)
	if path == "" {
		dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/corentings/chess/v2").Output()
		if err != nil {
			fmt.Fprintln(os.Stderr, "gamepos: finding the chess module's games:", err)
			os.Exit(1)
		}
		path = filepath.Join(strings.TrimSpace(string(dir)), "fixtures", "pgns", "big_big.pgn")
	}
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gamepos:", err)
		os.Exit(1)
	}
	defer f.Close()
	rng := rand.New(rand.NewSource(*seed))
	sc := chess.NewScanner(f)
	for found := 0; found < *n && sc.HasNext(); {
		g, err := sc.ParseNext()
		if err != nil {
			continue
		}
		ps := g.Positions()
		// One game in four, so that the positions come from many games.
		if len(ps) < 20 || rng.Intn(4) != 0 {
			continue
		}
		fmt.Println(ps[len(ps)/2+rng.Intn(len(ps)/2)].Board().String())
		found++
	}
}
