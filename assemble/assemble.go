// Package assemble turns the per-square piece probabilities of a board into
// a complete FEN record: placement from White's side, side to move,
// castling rights, en passant square and move counters. When the most
// probable reading breaks the rules of chess it looks for the most
// probable reading that keeps them, and it reports what it changed, how it
// decided what the picture could not show, and what stays doubtful.
package assemble

import (
	"fmt"
	"math"
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
	// WhiteLeft is a board seen from its side, White at the picture's
	// left (rank 1 at the left); only photos are read this way.
	WhiteLeft Orientation = "white-left"
	// WhiteRight is a board seen from its side, White at the right.
	WhiteRight Orientation = "white-right"
)

// Square maps a square's index in picture order (row by row from the
// picture's top-left) to its index on the board, a8 = 0 to h1 = 63.
func (o Orientation) Square(i int) int {
	r, c := i/8, i%8
	switch o {
	case BlackBottom:
		return 63 - i
	case WhiteRight: // rank 8 at the left: the picture turned clockwise
		return c*8 + 7 - r
	case WhiteLeft:
		return (7-c)*8 + r
	}
	return i
}

// oriented lays picture-order squares out on the board as o says.
func oriented[T any](o Orientation, a [64]T) [64]T {
	var out [64]T
	for i := range a {
		out[o.Square(i)] = a[i]
	}
	return out
}

// Input is what the earlier stages saw of one board.
type Input struct {
	// Squares are the class probabilities of each square, row by row from
	// the picture's top-left corner, before any orientation is applied.
	Squares [64]Probs
	// Highlight marks the squares tinted as the last move, in the same
	// picture order; all false when there is no such tint.
	Highlight [64]bool
	// Arrows are the moves an engine drew over the board as its best
	// move, each from and to square in the same picture order: they are
	// the side to move's.
	Arrows [][2]int
	// Orientation is what coordinate letters and digits drawn in the
	// picture say: "" when they say nothing, else WhiteBottom or
	// BlackBottom, or for a board that may be seen from its side
	// (Sideways) WhiteLeft or WhiteRight too.
	Orientation Orientation
	// Sideways lets the board be seen from any of its four sides, as in
	// a photo taken across the table; otherwise White sits at the bottom
	// or, when the pieces say so clearly, at the top.
	Sideways bool
	// TopLeft is the shade of the picture's top-left square, for a board
	// seen from any side (Sideways): every board is laid with a dark a1,
	// so a light top-left square puts White at the bottom or the top, a
	// dark one at a side, and only the pieces of those two sides are
	// weighed. Unknown ("") leaves all four to the pieces.
	TopLeft Shade
	// Photo says the squares were read from a photo of real pieces. A
	// photo model's sureness on a set it never saw is worth less than the
	// rules: seen from above, a bishop, queen or king can read surely as
	// a pawn. A pawn read on a back rank is then taken for the piece it
	// is, and a board whose material is made possible is kept even when
	// the repair search cannot make it legal in every other way.
	Photo bool
}

// Shade is the shade of a square: Light, Dark, or "" when unknown.
type Shade string

const (
	Light Shade = "light"
	Dark  Shade = "dark"
)

// Options override what the assembler would infer.
type Options struct {
	// Flip is "auto" (default), "yes" (the picture shows Black's side) or
	// "no".
	Flip string
	// Side is "w" or "b" to set the side to move, "" to infer it.
	Side string
	// Castling sets the castling field ("-", "KQkq", or file letters such
	// as "HAha" with Chess960); "" infers it.
	Castling string
	// Chess960 writes castling rights as Shredder-FEN rook files and lets
	// the king castle from any back-rank square.
	Chess960 bool
	// EP is "always" (default): after a double pawn push the en passant
	// square is recorded, as the PGN standard does; or "legal": only when
	// an en passant capture is a legal move.
	EP string
	// Halfmove and Fullmove are the move counters (defaults 0 and 1).
	Halfmove, Fullmove int
	// NoPrior reads each square by the model alone, without the square
	// prior (see withPrior): for problems and drills whose placements are
	// unlike games', and to measure what the prior does.
	NoPrior bool
}

// Validate reports the first option that has no meaning.
func (o Options) Validate() error {
	switch o.Flip {
	case "", "auto", "yes", "no":
	default:
		return fmt.Errorf("assemble: --flip must be auto, yes or no, not %q", o.Flip)
	}
	switch o.Side {
	case "", "w", "b":
	default:
		return fmt.Errorf("assemble: --side must be w or b, not %q", o.Side)
	}
	switch o.EP {
	case "", "always", "legal":
	default:
		return fmt.Errorf("assemble: --ep must be always or legal, not %q", o.EP)
	}
	if o.Halfmove < 0 {
		return fmt.Errorf("assemble: --halfmove must be 0 or more, not %d", o.Halfmove)
	}
	if o.Fullmove < 0 {
		return fmt.Errorf("assemble: --fullmove must be 1 or more, not %d", o.Fullmove)
	}
	if err := validCastling(o.Castling, o.Chess960); err != nil {
		return fmt.Errorf("assemble: --castling %w", err)
	}
	return nil
}

// validCastling accepts "", "-", or distinct letters each side may hold:
// K and Q (k and q for Black), and with Chess960 also rook files.
func validCastling(s string, chess960 bool) error {
	if s == "" || s == "-" {
		return nil
	}
	allowed := "KQkq"
	if chess960 {
		allowed = "KQkqABCDEFGHabcdefgh"
	}
	perSide := map[bool]int{}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if strings.IndexByte(allowed, ch) < 0 {
			return fmt.Errorf("must be - or letters from %s, not %q", allowed, s)
		}
		if strings.IndexByte(s[i+1:], ch) >= 0 {
			return fmt.Errorf("names %q twice in %q", ch, s)
		}
		perSide[ch < 'a']++
	}
	if perSide[true] > 2 || perSide[false] > 2 {
		return fmt.Errorf("gives a side more than two rights in %q", s)
	}
	return nil
}

// Repair is one square read as another class than the model's most
// probable one.
type Repair struct {
	// Square is the square's name, "a8" to "h1".
	Square string `json:"square"`
	// From is the most probable class, To the class chosen ("" for an
	// empty square).
	From string `json:"from"`
	To   string `json:"to"`
	// FromProb and ToProb are their probabilities.
	FromProb float32 `json:"from_prob"`
	ToProb   float32 `json:"to_prob"`
	// By is RepairRules when the change lets the board keep the rules,
	// RepairPrior when the square prior alone made To the likelier piece
	// there (see withPrior).
	By string `json:"by"`
}

// Reasons for a Repair.
const (
	RepairRules = "rules"
	RepairPrior = "prior"
)

// Position is an assembled board.
type Position struct {
	// Board holds the piece letter on each square, a8 first, row by row to
	// h1 ("" for empty).
	Board [64]string `json:"board"`
	// Prob is the probability of the chosen class on each square, in Board
	// order.
	Prob [64]float32 `json:"prob"`
	// Orientation is the side the picture shows at its bottom.
	Orientation Orientation `json:"orientation"`
	// OrientationBy says how the orientation was decided: "option",
	// "coordinates", "pieces" or "default".
	OrientationBy string `json:"orientation_by"`
	// OrientationLead is how many score points the pieces give the
	// orientation they chose over the other when OrientationBy is
	// "pieces" (see guessOrientation; at least flipMargin), else 0.
	OrientationLead float64 `json:"-"`
	// Side is the side to move, "w" or "b".
	Side string `json:"side"`
	// SideBy says how the side was decided: "option", "highlight",
	// "check", "arrow" or "default".
	SideBy string `json:"side_by"`
	// SideGuessed is true when nothing in the picture told the side.
	SideGuessed bool `json:"side_guessed"`
	// Castling is the FEN castling field.
	Castling string `json:"castling"`
	// EnPassant is the FEN en passant field.
	EnPassant string `json:"en_passant"`
	// Halfmove and Fullmove are the FEN move counters.
	Halfmove int `json:"halfmove"`
	Fullmove int `json:"fullmove"`
	// Check, Checkmate and Stalemate describe the side to move.
	Check     bool `json:"check"`
	Checkmate bool `json:"checkmate"`
	Stalemate bool `json:"stalemate"`
	// Legal is true when the board keeps every rule checked.
	Legal bool `json:"legal"`
	// Warnings are the rules the board breaks and whatever else makes
	// the record doubtful, in words.
	Warnings []string `json:"warnings"`
	// Repairs lists the squares read other than as their most probable
	// class, a8 to h1.
	Repairs []Repair `json:"repairs"`
	// Confidence is the probability that every square is right: the
	// product of the chosen classes' probabilities.
	Confidence float64 `json:"confidence"`
}

// Placement returns the FEN placement field.
func (p *Position) Placement() string {
	var b strings.Builder
	for r := range 8 {
		empty := 0
		for c := range 8 {
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

// Assemble builds the most plausible complete position from one board's
// square probabilities. It fails only on options or an orientation hint
// that mean nothing; any probabilities give a position, with warnings
// when it is doubtful.
func Assemble(in Input, opts Options) (*Position, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	switch in.Orientation {
	case "", WhiteBottom, BlackBottom:
	case WhiteLeft, WhiteRight:
		if !in.Sideways {
			return nil, fmt.Errorf("assemble: orientation hint %q needs a board that may be seen from its side", in.Orientation)
		}
	default:
		return nil, fmt.Errorf("assemble: orientation hint must be %q, %q, %q, %q or empty, not %q",
			WhiteBottom, BlackBottom, WhiteLeft, WhiteRight, in.Orientation)
	}
	switch in.TopLeft {
	case "", Light, Dark:
	default:
		return nil, fmt.Errorf("assemble: top-left shade must be %q, %q or empty, not %q", Light, Dark, in.TopLeft)
	}
	probs, lp := normalise(&in.Squares)
	var o Orientation
	var by string
	var lead float64
	switch {
	case opts.Flip == "yes":
		o, by = BlackBottom, "option"
	case opts.Flip == "no":
		o, by = WhiteBottom, "option"
	case in.Orientation != "":
		o, by = in.Orientation, "coordinates"
	default:
		// The pieces are judged after any repair, on a board that keeps
		// the rules if one is within reach; the upright build is that
		// board in picture order.
		p := build(&probs, &lp, &in, WhiteBottom, opts)
		if in.Sideways {
			q := build(&probs, &lp, &in, WhiteRight, opts)
			o, by = guessSide(&p.board, &q.board, in.TopLeft)
		} else {
			o, by, lead = guessOrientation(&p.board)
		}
		if o == WhiteBottom {
			p.pos.Orientation, p.pos.OrientationBy, p.pos.OrientationLead = o, by, lead
			return p.pos, nil
		}
	}
	p := build(&probs, &lp, &in, o, opts)
	p.pos.Orientation, p.pos.OrientationBy, p.pos.OrientationLead = o, by, lead
	return p.pos, nil
}

// normalise makes each square's probabilities a distribution, whatever
// came in (negative, NaN or infinite values count as zero; a square with
// nothing left is uniform), and takes logarithms for the repair search.
func normalise(sq *[64]Probs) (probs [64][13]float64, lp [64][13]float64) {
	for i := range sq {
		sum := 0.0
		for k, v := range sq[i] {
			f := float64(v)
			if math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
				f = 0
			}
			probs[i][k] = f
			sum += f
		}
		for k := range probs[i] {
			if sum > 0 {
				probs[i][k] /= sum
			} else {
				probs[i][k] = 1.0 / 13
			}
			// A floor keeps classes the model ruled out comparable, and
			// so repairable only at a prohibitive cost.
			lp[i][k] = math.Log(max(probs[i][k], 1e-12))
		}
	}
	return probs, lp
}

// built is a position and its board as class indices.
type built struct {
	pos   *Position
	board board
}

// build assembles the position for one orientation.
func build(probs, lp *[64][13]float64, in *Input, o Orientation, opts Options) built {
	pr, l, hl := oriented(o, *probs), oriented(o, *lp), oriented(o, in.Highlight)
	if !opts.NoPrior {
		l = withPrior(l)
	}
	// seen is what the model read; best is the likeliest reading once
	// the square prior is weighed in, which the rules then start from.
	var seen, best board
	for i := range best {
		seen[i], best[i] = argmax(&pr[i]), argmax(&l[i])
	}
	p := &Position{Halfmove: opts.Halfmove, Fullmove: max(opts.Fullmove, 1), EnPassant: "-",
		Warnings: []string{}, Repairs: []Repair{}}
	warn := func(s string) { p.Warnings = append(p.Warnings, s) }

	mv, moved, note := readHighlight(&best, &hl)
	if note != "" {
		warn(note)
	}
	switch {
	case opts.Side != "":
		p.Side, p.SideBy = opts.Side, "option"
		if moved && opts.Side != sideAfter(mv.white) {
			warn(fmt.Sprintf("the last-move highlight says %s moved, but the side to move is set to %s",
				colourName(mv.white), opts.Side))
		}
	case moved:
		p.Side, p.SideBy = sideAfter(mv.white), "highlight"
	}

	final := chooseBoard(p, best, &l, in.Photo, warn)
	for i := range final {
		if final[i] == seen[i] {
			continue
		}
		by := RepairRules
		if final[i] == best[i] {
			by = RepairPrior
		}
		p.Repairs = append(p.Repairs, Repair{Square: squareName(i), From: Classes[seen[i]], To: Classes[final[i]],
			FromProb: float32(pr[i][seen[i]]), ToProb: float32(pr[i][final[i]]), By: by})
	}
	if p.Side == "" {
		p.Side, p.SideBy, p.SideGuessed = sideFromCheck(&final)
	}
	if p.SideBy == "default" {
		if side, ok := sideFromArrows(&final, in.Arrows, o); ok {
			p.Side, p.SideBy, p.SideGuessed = side, "arrow", false
		}
	}
	p.Legal = legal(&final, sideFor(p.Side), in.Photo, warn)
	p.Castling = castling(&final, opts, warn)
	if moved && p.Side == sideAfter(mv.white) {
		if sq := doublePush(&final, mv); sq >= 0 {
			p.EnPassant = squareName(sq)
		}
	}
	p.Check = checkers(&final, p.Side == "w") > 0
	applyStatus(p, &final, opts, warn)

	p.Confidence = 1
	for i, c := range final {
		p.Board[i], p.Prob[i] = Classes[c], float32(pr[i][c])
		p.Confidence *= pr[i][c]
	}
	return built{pos: p, board: final}
}

// chooseBoard returns the most probable reading when it keeps the rules
// for the side to move known so far (p.Side, "" when unknown), else the
// most probable reading that does within the repair bounds, else the
// material refit's; when there is none, the most probable reading again,
// with a king turned to the other side where one side has none and the
// other two or more (turnKing), or that board mended as the reading is.
func chooseBoard(p *Position, best board, lp *[64][13]float64, photo bool, warn func(string)) board {
	req := sideUnknown
	if p.Side != "" {
		req = sideFor(p.Side)
	}
	res := mend(best, lp, req, photo)
	printed := "the most probable reading"
	if !res.found && !photo {
		// A side without a king and the other with two or more is a king
		// read in the wrong colour, however surely: no diagram shows it.
		if b, turned, sq, ok := turnKing(best, lp); ok {
			white := isWhite(b[sq])
			warn(fmt.Sprintf("the king on %s was read as %s's and is taken as %s's, which had none; check it",
				squareName(sq), colourName(!white), colourName(white)))
			best, printed = b, "the most probable reading with a king turned to the other side"
			res = mend(b, &turned, req, photo)
		}
	}
	switch {
	case res.found:
		if len(res.changed) > maxRepairChanges {
			warn(fmt.Sprintf("%d squares were read as their less probable pieces to make the material possible; check them",
				len(res.changed)))
		}
		return res.board
	case res.exhausted:
		warn(fmt.Sprintf("no legal board found within %d boards checked; %s is printed", maxRepairEvals, printed))
	default:
		warn(fmt.Sprintf("no legal board within %d changed squares and %.0f times less probable; %s is printed",
			maxRepairChanges, math.Exp(maxRepairLoss), printed))
	}
	return best
}

// mend returns best when it keeps the rules (or a board with fewer
// promoted pieces that does, within promotionLoss each), else the most
// probable board that does within the repair bounds, else the material
// refit's; found is false when there is none.
func mend(best board, lp *[64][13]float64, req sideReq, photo bool) repairResult {
	if legal(&best, req, photo, nil) {
		if res := fewerPromotions(best, lp, req, photo); res.found {
			return res
		}
		return repairResult{board: best, found: true}
	}
	res := repair(best, lp, req, photo, maxRepairLoss)
	if !res.found {
		if fit, ok := refit(best, lp, req, photo); ok {
			res = fit
		}
	}
	return res
}

// argmax returns the most probable class; ties go to the earlier class.
func argmax(p *[13]float64) int8 {
	best := 0
	for k := range p {
		if p[k] > p[best] {
			best = k
		}
	}
	return int8(best)
}

func sideAfter(moverWhite bool) string {
	if moverWhite {
		return "b"
	}
	return "w"
}

func sideFor(side string) sideReq {
	if side == "b" {
		return sideBlack
	}
	return sideWhite
}

func colourName(white bool) string {
	if white {
		return "white"
	}
	return "black"
}

// sideFromCheck lets a king in check name the side to move; otherwise
// White moves, as a guess.
func sideFromCheck(b *board) (side, by string, guessed bool) {
	n := b.counts()
	if n[wKing] == 1 && n[bKing] == 1 {
		w, bl := checkers(b, true) > 0, checkers(b, false) > 0
		switch {
		case w && !bl:
			return "w", "check", false
		case bl && !w:
			return "b", "check", false
		}
	}
	return "w", "default", true
}

// castling fills the castling field from the option or from the board,
// warning about option rights the board cannot back.
func castling(b *board, opts Options, warn func(string)) string {
	if opts.Castling == "" {
		return castlingRights(b, opts.Chess960)
	}
	if bad := unsupportedRights(b, opts.Castling, opts.Chess960); len(bad) > 0 {
		warn(fmt.Sprintf("castling right %s given, but no king and rook stand where it needs them", strings.Join(bad, ", ")))
	}
	return opts.Castling
}

// applyStatus adds checkmate and stalemate from the chess library and, in
// "legal" en passant mode, drops an en passant square unless a capture is
// known to use it. It needs a board with one king a side; other rule
// breaks are already warned about, and the library is asked anyway, for
// what it can say.
func applyStatus(p *Position, b *board, opts Options, warn func(string)) {
	epCapture := false
	defer func() {
		if opts.EP == "legal" && !epCapture {
			p.EnPassant = "-"
		}
	}()
	n := b.counts()
	if n[wKing] != 1 || n[bKing] != 1 {
		return
	}
	st, err := applyMoveRules(libraryFEN(p, b, opts))
	if err != nil {
		warn(fmt.Sprintf("move rules unavailable: %v", err))
		return
	}
	p.Checkmate, p.Stalemate, epCapture = st.checkmate, st.stalemate, st.epCapture
}

// libraryFEN writes the position for the chess library, which knows only
// standard castling and would castle with pieces that are not there: it
// gets just the rights the board backs, and none in Chess960. Castling
// never changes whether a side is mated or stalemated, nor en passant.
func libraryFEN(p *Position, b *board, opts Options) string {
	rights := ""
	if !opts.Chess960 {
		for _, ch := range p.Castling {
			if strings.ContainsRune("KQkq", ch) && rightSupported(b, byte(ch), false) {
				rights += string(ch)
			}
		}
	}
	if rights == "" {
		rights = "-"
	}
	var place Position
	for i, c := range b {
		place.Board[i] = Classes[c]
	}
	return fmt.Sprintf("%s %s %s %s 0 1", place.Placement(), p.Side, rights, p.EnPassant)
}
