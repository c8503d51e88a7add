// Command gamepos prints the piece placements of positions from real
// games, one a line, for generating test boards that look like what
// players scan or photograph (scripts/flipped_boards.py,
// scripts/photo_render.py --positions):
//
//	go run ./internal/gamepos [-n 300] [-seed 3] [-all] [-next] [-exclude PRIOR.pgn] [GAMES.pgn]
//
// By default each is taken from the second half of a game picked at
// random, where endgames, whose pieces tell least which side a board is
// seen from, are common. With -all each is a ply drawn uniformly from a
// game drawn uniformly, so that openings, middlegames and endings come as
// often as games pass through them. Games also in -exclude (by their Site
// tag) are skipped: the assembler's square prior was counted from
// big_big.pgn (internal/priorgen). With -next each placement is followed
// by the side to move, the move the game went on with and the reply
// ("b e7e5 g1f3"), for boards that draw them as arrows
// (scripts/side_boards.py); only positions a move was made from are drawn.
// Without GAMES.pgn it reads those 10,000 lichess games that
// github.com/corentings/chess/v2 ships as a test fixture (MIT; lichess's
// game database is CC0).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"iter"
	"math/rand"
	randv2 "math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/corentings/chess/v2"
)

func main() {
	n := flag.Int("n", 300, "number of positions")
	seed := flag.Int64("seed", 3, "random seed: the same seed picks the same positions")
	all := flag.Bool("all", false, "draw a game, then any ply of it, uniformly, instead of the second half of one game in four")
	exclude := flag.String("exclude", "", "PGN `FILE` whose games are left out")
	next := flag.Bool("next", false, "follow each placement with the side to move and the game's next move")
	flag.Parse()
	if flag.NArg() > 1 {
		// Flags after the file name would be read as more files.
		fmt.Fprintln(os.Stderr, "usage: gamepos [-n N] [-seed S] [-all] [-next] [-exclude FILE] [GAMES.pgn]")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *exclude, *n, *seed, *all, *next); err != nil {
		fmt.Fprintln(os.Stderr, "gamepos:", err)
		os.Exit(1)
	}
}

func run(path, exclude string, n int, seed int64, all, next bool) error {
	if path == "" {
		dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/corentings/chess/v2").Output()
		if err != nil {
			return fmt.Errorf("finding the chess module's games: %w", err)
		}
		path = filepath.Join(strings.TrimSpace(string(dir)), "fixtures", "pgns", "big_big.pgn")
	}
	skip := map[string]bool{}
	if exclude != "" {
		var err error
		if skip, err = siteTags(exclude); err != nil {
			return err
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriter(os.Stdout)
	read := games(chess.NewScanner(f), skip)
	if !all {
		rng := rand.New(rand.NewSource(seed))
		found := 0
		for g := range read {
			if found == n {
				break
			}
			ps := g.Positions()
			// One game in four, so that the positions come from many games.
			if len(ps) < 20 || rng.Intn(4) != 0 {
				continue
			}
			k := len(ps)/2 + rng.Intn(len(ps)/2)
			if next && k == len(ps)-1 {
				k--
			}
			write(w, g, k, next)
			found++
		}
		return w.Flush()
	}
	var list []*chess.Game
	for g := range read {
		list = append(list, g)
	}
	if len(list) == 0 {
		return fmt.Errorf("%s: no games left", path)
	}
	r := randv2.New(randv2.NewPCG(uint64(seed), 0))
	for written := 0; written < n; {
		g := list[r.IntN(len(list))]
		plies := len(g.Positions())
		if next {
			plies = len(g.Moves()) // the last position has none
		}
		if plies == 0 {
			continue
		}
		write(w, g, r.IntN(plies), next)
		written++
	}
	return w.Flush()
}

// write writes the placement of game g's position k, and with next the
// side to move, the move made from it and the reply, where there is one.
func write(w *bufio.Writer, g *chess.Game, k int, next bool) {
	pos := g.Positions()[k]
	if !next {
		fmt.Fprintln(w, pos.Board().String())
		return
	}
	side := "w"
	if pos.Turn() == chess.Black {
		side = "b"
	}
	line := pos.Board().String() + " " + side
	for _, m := range g.Moves()[k:min(k+2, len(g.Moves()))] {
		line += " " + m.S1().String() + m.S2().String()
	}
	fmt.Fprintln(w, line)
}

// games yields the games of sc that parse and whose Site tag is not in
// skip; games that do not parse are passed over.
func games(sc *chess.Scanner, skip map[string]bool) iter.Seq[*chess.Game] {
	return func(yield func(*chess.Game) bool) {
		for sc.HasNext() {
			g, err := sc.ParseNext()
			if err != nil || skip[g.GetTagPair("Site")] {
				continue
			}
			if !yield(g) {
				return
			}
		}
	}
}

// siteTags reads the Site tags of the games in the PGN file at path from
// its tag lines alone: parsing big_big.pgn's 10,000 games' moves to learn
// which to leave out would take longer than the draw itself.
func siteTags(path string) (map[string]bool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	sites := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, `[Site "`); ok {
			sites[strings.TrimSuffix(strings.TrimSpace(v), `"]`)] = true
		}
	}
	return sites, nil
}
