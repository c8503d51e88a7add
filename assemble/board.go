package assemble

// board holds one class index (into Classes) per square. Once oriented it
// runs a8..h1, row by row; before that it follows the picture.
type board [64]int8

// Class indices, in Classes order.
const (
	empty int8 = iota
	wPawn
	wKnight
	wBishop
	wRook
	wQueen
	wKing
	bPawn
	bKnight
	bBishop
	bRook
	bQueen
	bKing
)

// Piece kinds, independent of colour.
const (
	pawn = iota
	knight
	bishop
	rook
	queen
	king
)

func isWhite(c int8) bool { return c >= wPawn && c <= wKing }
func isBlack(c int8) bool { return c >= bPawn && c <= bKing }

// kindOf returns the piece kind of a non-empty class.
func kindOf(c int8) int { return int(c-1) % 6 }

// pieceOf returns the class of a kind in the given colour.
func pieceOf(kind int, white bool) int8 {
	if white {
		return wPawn + int8(kind)
	}
	return bPawn + int8(kind)
}

// squareName names an oriented square index ("a8" for 0, "h1" for 63).
func squareName(i int) string {
	return string([]byte{byte('a' + i%8), byte('8' - i/8)})
}

// squareIndex is the inverse of squareName; -1 for anything else.
func squareIndex(name string) int {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8' {
		return -1
	}
	return int('8'-name[1])*8 + int(name[0]-'a')
}

// rotated turns a picture-order board half a turn: what the picture shows
// at its top-left is h1 when Black sits at the bottom.
func rotated[T any](a [64]T) [64]T {
	var r [64]T
	for i := range a {
		r[63-i] = a[i]
	}
	return r
}

// counts tallies each class on the board.
func (b *board) counts() [13]int {
	var n [13]int
	for _, c := range b {
		n[c]++
	}
	return n
}

// find returns the first square holding class c, or -1.
func (b *board) find(c int8) int {
	for i, s := range b {
		if s == c {
			return i
		}
	}
	return -1
}
