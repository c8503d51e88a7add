// Command gamepositions prints the placements of positions from real games,
// one FEN placement a line, for renders of the boards players photograph
// (scripts/photo_render.py --positions) rather than the pseudo-legal play
// and random placements the training renders are drawn from:
//
//	go run ./scripts/gamepositions [-n 60] [-seed 1] [-exclude PRIOR.pgn] GAMES.pgn
//
// Each position is a ply drawn uniformly from a game drawn uniformly, so
// openings, middlegames and endings come as often as games pass through
// them. Games also in -exclude (by their Site tag) are skipped: the
// assembler's square prior was counted from those (internal/priorgen).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/corentings/chess/v2"
)

func main() {
	n := flag.Int("n", 60, "positions to print")
	seed := flag.Uint64("seed", 1, "seed of the draws")
	exclude := flag.String("exclude", "", "PGN `FILE` whose games are left out")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: gamepositions [-n N] [-seed S] [-exclude FILE] GAMES.pgn")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *exclude, *n, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "gamepositions:", err)
		os.Exit(1)
	}
}

func run(path, exclude string, n int, seed uint64) error {
	skip := map[string]bool{}
	if exclude != "" {
		sites, err := siteTags(exclude)
		if err != nil {
			return err
		}
		for _, s := range sites {
			skip[s] = true
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var games [][]string
	sc := chess.NewScanner(f)
	for sc.HasNext() {
		g, err := sc.ParseNext()
		if err != nil {
			return fmt.Errorf("%s: game %d: %w", path, len(games)+1, err)
		}
		if skip[g.GetTagPair("Site")] {
			continue
		}
		var placements []string
		for _, p := range g.Positions() {
			placements = append(placements, p.Board().String())
		}
		games = append(games, placements)
	}
	if len(games) == 0 {
		return fmt.Errorf("%s: no games left", path)
	}
	r := rand.New(rand.NewPCG(seed, 0))
	w := bufio.NewWriter(os.Stdout)
	for range n {
		g := games[r.IntN(len(games))]
		fmt.Fprintln(w, g[r.IntN(len(g))])
	}
	return w.Flush()
}

// siteTags reads the Site tags of the games in the PGN file at path.
func siteTags(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var sites []string
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, `[Site "`); ok {
			sites = append(sites, strings.TrimSuffix(strings.TrimSpace(v), `"]`))
		}
	}
	return sites, nil
}
