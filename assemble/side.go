package assemble

import "fmt"

// lastMove is what the last-move highlight says: who moved and, when the
// highlight is a plain from-to pair, which squares.
type lastMove struct {
	white    bool
	from, to int // -1 when unknown
}

// readHighlight interprets highlighted squares of an oriented board. The
// piece that moved stands on the highlighted square it reached, so the
// colour of the pieces on highlighted squares names the mover; a castling
// highlight drawn on the king's and the rook's start squares leaves both
// empty, and then the king on that back rank names it. The note explains
// a highlight that could not be used; it is "" when there was none.
func readHighlight(b *board, hl *[64]bool) (lastMove, bool, string) {
	var marked, occupied []int
	for i, h := range hl {
		if !h {
			continue
		}
		marked = append(marked, i)
		if b[i] != empty {
			occupied = append(occupied, i)
		}
	}
	switch {
	case len(marked) == 0:
		return lastMove{}, false, ""
	case len(marked) > 4:
		return lastMove{}, false, fmt.Sprintf("last-move highlight on %d squares ignored", len(marked))
	case len(occupied) == 0:
		return castlingHighlight(b, marked)
	}
	white := isWhite(b[occupied[0]])
	for _, sq := range occupied[1:] {
		if isWhite(b[sq]) != white {
			return lastMove{}, false, "last-move highlight shows pieces of both colours; ignored"
		}
	}
	mv := lastMove{white: white, from: -1, to: -1}
	if len(marked) == 2 && len(occupied) == 1 {
		mv.to = occupied[0]
		mv.from = marked[0] + marked[1] - occupied[0]
	}
	return mv, true, ""
}

// castlingHighlight reads a highlight on empty squares only, which a
// castling drawn as "king takes own rook" leaves behind.
func castlingHighlight(b *board, marked []int) (lastMove, bool, string) {
	row := marked[0] / 8
	for _, sq := range marked {
		if sq/8 != row {
			row = -1
		}
	}
	if row == 7 && b.rowHas(7, wKing) {
		return lastMove{white: true, from: -1, to: -1}, true, ""
	}
	if row == 0 && b.rowHas(0, bKing) {
		return lastMove{white: false, from: -1, to: -1}, true, ""
	}
	return lastMove{}, false, "last-move highlight marks only empty squares; ignored"
}

func (b *board) rowHas(row int, c int8) bool {
	for i := row * 8; i < row*8+8; i++ {
		if b[i] == c {
			return true
		}
	}
	return false
}

// doublePush returns the square a pawn skipped if the last move pushed it
// two squares from its start rank, else -1.
func doublePush(b *board, mv lastMove) int {
	if mv.from < 0 || mv.to < 0 || mv.from%8 != mv.to%8 {
		return -1
	}
	startRow, dir, p := 6, -8, wPawn
	if !mv.white {
		startRow, dir, p = 1, 8, bPawn
	}
	skipped := mv.from + dir
	if mv.from/8 != startRow || mv.to != mv.from+2*dir || b[mv.to] != p ||
		b[mv.from] != empty || b[skipped] != empty {
		return -1
	}
	return skipped
}

// castlingRights grants each right whose king and rook stand where
// castling needs them: the most a picture can say.
func castlingRights(b *board, chess960 bool) string {
	var s string
	if chess960 {
		s = rights960(b, true) + rights960(b, false)
	} else {
		s = rightsStandard(b, true) + rightsStandard(b, false)
	}
	if s == "" {
		return "-"
	}
	return s
}

// rightsStandard gives K and Q (k and q) for a king on e1 (e8) with a
// rook in the corner.
func rightsStandard(b *board, white bool) string {
	row, k, r, letters := 7, wKing, wRook, "KQ"
	if !white {
		row, k, r, letters = 0, bKing, bRook, "kq"
	}
	var s string
	if b[row*8+4] != k {
		return ""
	}
	if b[row*8+7] == r {
		s += letters[:1]
	}
	if b[row*8] == r {
		s += letters[1:]
	}
	return s
}

// rights960 gives Shredder-FEN letters: in Chess960 the king starts on
// any back-rank square between the rooks, so a right names the file of
// the rook, the outermost one on each side of the king.
func rights960(b *board, white bool) string {
	row, k, r, base := 7, wKing, wRook, byte('A')
	if !white {
		row, k, r, base = 0, bKing, bRook, 'a'
	}
	kf := kingFile(b, row, k)
	if kf < 0 {
		return ""
	}
	var s []byte
	for f := 7; f > kf; f-- {
		if b[row*8+f] == r {
			s = append(s, base+byte(f))
			break
		}
	}
	for f := 0; f < kf; f++ {
		if b[row*8+f] == r {
			s = append(s, base+byte(f))
			break
		}
	}
	return string(s)
}

// unsupportedRights lists the letters of a given castling field that the
// board cannot back: no king or rook where that right needs them.
func unsupportedRights(b *board, given string, chess960 bool) []string {
	if given == "-" {
		return nil
	}
	var bad []string
	for _, ch := range given {
		if !rightSupported(b, byte(ch), chess960) {
			bad = append(bad, string(ch))
		}
	}
	return bad
}

// rightSupported tells whether the board backs one castling letter: a
// king on its back rank with a rook of its own on that side (for K and Q
// in standard chess, the king on e1/e8 and the rook in the corner).
func rightSupported(b *board, ch byte, chess960 bool) bool {
	white := ch >= 'A' && ch <= 'Z'
	row, k, r := 7, wKing, wRook
	if !white {
		row, k, r = 0, bKing, bRook
	}
	kf := kingFile(b, row, k)
	if kf < 0 {
		return false
	}
	rookOn := func(f int) bool { return b[row*8+f] == r }
	switch lo := ch | 0x20; lo {
	case 'k', 'q':
		if !chess960 {
			corner := 7
			if lo == 'q' {
				corner = 0
			}
			return kf == 4 && rookOn(corner)
		}
		from, to := kf+1, 7
		if lo == 'q' {
			from, to = 0, kf-1
		}
		for f := from; f <= to; f++ {
			if rookOn(f) {
				return true
			}
		}
		return false
	default:
		f := int(lo - 'a')
		return f >= 0 && f < 8 && f != kf && rookOn(f)
	}
}

// kingFile returns the file of the given king on a row, or -1.
func kingFile(b *board, row int, k int8) int {
	for f := range 8 {
		if b[row*8+f] == k {
			return f
		}
	}
	return -1
}

// sideFromArrows names the side to move from an engine's arrows drawn
// over an oriented board (picture order, laid out as o says): each that
// starts on a piece able to move as it points (reaches) names that
// piece's side, and where they all name one, it moves. Arrows no piece
// can follow (misread, or drawn from the other end) say nothing.
func sideFromArrows(b *board, arrows [][2]int, o Orientation) (string, bool) {
	side := ""
	for _, a := range arrows {
		from, to := o.Square(a[0]), o.Square(a[1])
		if !reaches(b, from, to) {
			continue
		}
		s := "b"
		if isWhite(b[from]) {
			s = "w"
		}
		if side != "" && s != side {
			return "", false
		}
		side = s
	}
	return side, side != ""
}

// reaches says whether the piece on square from of an oriented board can
// move to square to as the board stands: along its lines with nothing
// between, onto an empty square or one of the other side's; a pawn ahead
// onto empty squares (two from its start rank) or one diagonal onto a
// piece, or onto an empty square from its fifth rank (en passant, whether
// or not a pawn beside it just moved); a king two squares along its back
// rank from the e-file (castling, whatever the rights). Whether it leaves
// its own king in check is not asked.
func reaches(b *board, from, to int) bool {
	p, q := b[from], b[to]
	if p == empty || from == to || q != empty && isWhite(q) == isWhite(p) {
		return false
	}
	white := isWhite(p)
	dr, dc := to/8-from/8, to%8-from%8
	clear := func() bool {
		n := max(abs(dr), abs(dc))
		sr, sc := dr/n, dc/n
		for k := 1; k < n; k++ {
			if b[from+k*(sr*8+sc)] != empty {
				return false
			}
		}
		return true
	}
	straight, diagonal := dr == 0 || dc == 0, abs(dr) == abs(dc)
	switch kindOf(p) {
	case pawn:
		ahead := 1 // rows run from rank 8: Black's pawns go down
		if white {
			ahead = -1
		}
		switch {
		case dc == 0 && dr == ahead:
			return q == empty
		case dc == 0 && dr == 2*ahead && pawnSteps(from, white) == 0:
			return q == empty && b[from+8*ahead] == empty
		case abs(dc) == 1 && dr == ahead:
			return q != empty || pawnSteps(from, white) == 3
		}
		return false
	case knight:
		return abs(dr)*abs(dc) == 2
	case bishop:
		return diagonal && clear()
	case rook:
		return straight && clear()
	case queen:
		return (straight || diagonal) && clear()
	}
	// The king.
	home := 7 // White's back rank, at the bottom
	if !white {
		home = 0
	}
	return max(abs(dr), abs(dc)) == 1 || dr == 0 && abs(dc) == 2 && from == home*8+4 && q == empty && clear()
}
