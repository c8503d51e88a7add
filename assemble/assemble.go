// Package assemble turns the per-square piece probabilities of a board into
// a complete FEN record: placement from White's side, side to move,
// castling rights, en passant square and move counters.
package assemble

import (
	"fmt"
	"strings"
)

// Classes names the probability slots of a square, in order: "" for an
// empty square, then FEN piece letters.
var Classes = [13]string{"", "P", "N", "B", "R", "Q", "K", "p", "n", "b", "r", "q", "k"}

// Probs are one square's class probabilities, in Classes order.
type Probs [13]float32

// Orientation says which side of the picture White plays from.
type Orientation string

const (
	// WhiteBottom is the usual view: rank 1 at the bottom of the picture.
	WhiteBottom Orientation = "white-bottom"
	// BlackBottom is the board seen from Black's side.
	BlackBottom Orientation = "black-bottom"
)

// Options override what the assembler would infer.
type Options struct {
	// Flip is "auto" (default), "yes" (the picture shows Black's side) or
	// "no".
	Flip string
	// Side is "w" or "b" to set the side to move, "" to infer it.
	Side string
	// Castling sets the castling field ("-", "KQkq", ...); "" infers it.
	Castling string
	// Halfmove and Fullmove are the move counters (defaults 0 and 1).
	Halfmove, Fullmove int
}

// Position is an assembled board.
type Position struct {
	// Board holds the piece letter on each square, a8 first, row by row to
	// h1 ("" for empty).
	Board [64]string
	// Prob is the probability of the chosen class on each square, in Board
	// order.
	Prob        [64]float32
	Orientation Orientation
	// OrientationBy says how the orientation was decided.
	OrientationBy string
	Side          string
	// SideGuessed is true when nothing in the picture told the side.
	SideGuessed bool
	Castling    string
	EnPassant   string
	Halfmove    int
	Fullmove    int
}

// Placement returns the FEN placement field.
func (p *Position) Placement() string {
	var b strings.Builder
	for r := 0; r < 8; r++ {
		empty := 0
		for c := 0; c < 8; c++ {
			s := p.Board[r*8+c]
			if s == "" {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteString(s)
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if r < 7 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// FEN returns the six-field FEN record.
func (p *Position) FEN() string {
	return fmt.Sprintf("%s %s %s %s %d %d", p.Placement(), p.Side, p.Castling, p.EnPassant, p.Halfmove, p.Fullmove)
}

// Assemble builds a position from the 64 squares' probabilities, given in
// row-major order from the picture's top-left corner.
func Assemble(squares [64]Probs, opts Options) (*Position, error) {
	p := &Position{EnPassant: "-", Halfmove: opts.Halfmove, Fullmove: opts.Fullmove}
	if p.Fullmove <= 0 {
		p.Fullmove = 1
	}
	var seen [64]string
	var prob [64]float32
	for i, sq := range squares {
		best := 0
		for k := range sq {
			if sq[k] > sq[best] {
				best = k
			}
		}
		seen[i], prob[i] = Classes[best], sq[best]
	}

	switch opts.Flip {
	case "", "auto":
		p.Orientation, p.OrientationBy = guessOrientation(seen)
	case "yes":
		p.Orientation, p.OrientationBy = BlackBottom, "--flip"
	case "no":
		p.Orientation, p.OrientationBy = WhiteBottom, "--flip"
	default:
		return nil, fmt.Errorf("assemble: --flip must be auto, yes or no, not %q", opts.Flip)
	}
	for i := range seen {
		j := i
		if p.Orientation == BlackBottom {
			j = 63 - i
		}
		p.Board[j], p.Prob[j] = seen[i], prob[i]
	}

	switch opts.Side {
	case "":
		p.Side, p.SideGuessed = "w", true
	case "w", "b":
		p.Side = opts.Side
	default:
		return nil, fmt.Errorf("assemble: side must be w or b, not %q", opts.Side)
	}
	p.Castling = opts.Castling
	if p.Castling == "" {
		p.Castling = castling(&p.Board)
	}
	return p, nil
}

// guessOrientation decides from where the pieces stand: kings and pawns of
// each side are usually on their own half of the board.
func guessOrientation(board [64]string) (Orientation, string) {
	// score > 0 means White's pieces sit at the bottom.
	score := 0.0
	for i, s := range board {
		row := i / 8 // 0 = top of the picture
		depth := float64(row) - 3.5
		switch s {
		case "K":
			score += 2 * depth
		case "k":
			score -= 2 * depth
		case "P":
			score += depth
		case "p":
			score -= depth
		}
	}
	// Only a position that could come from a game says anything about its
	// orientation; problem compositions and random placements keep the
	// picture's own.
	count := map[string]int{}
	for _, s := range board {
		count[s]++
	}
	if count["K"] != 1 || count["k"] != 1 || count["P"] > 8 || count["p"] > 8 {
		return WhiteBottom, "default"
	}
	if score <= -4 {
		return BlackBottom, "pieces"
	}
	return WhiteBottom, "pieces"
}

// castling grants each right whose king and rook stand on their home
// squares: the most a picture can say.
func castling(b *[64]string) string {
	var s string
	if b[60] == "K" {
		if b[63] == "R" {
			s += "K"
		}
		if b[56] == "R" {
			s += "Q"
		}
	}
	if b[4] == "k" {
		if b[7] == "r" {
			s += "k"
		}
		if b[0] == "r" {
			s += "q"
		}
	}
	if s == "" {
		return "-"
	}
	return s
}
