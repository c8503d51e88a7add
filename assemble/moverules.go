package assemble

import (
	"fmt"
	"sync"

	"github.com/corentings/chess/v2"
)

// libMu serialises FEN decoding: the chess library parses ranks into a
// package-level buffer, so two boards decoded at once would corrupt each
// other, and Scanners may run on several goroutines.
var libMu sync.Mutex

// moveStatus is what the move rules say about a complete position.
type moveStatus struct {
	checkmate, stalemate bool
	// epCapture is true when an en passant capture is among the legal
	// moves.
	epCapture bool
}

// applyMoveRules asks the chess library for mate, stalemate and whether
// an en passant capture is legal. The FEN must use KQkq castling letters
// backed by the board, since the library moves the king and rook of any
// right it is given without looking for them. Library failures come back
// as errors, panics included, so that a strange board never takes the
// caller down.
func applyMoveRules(fen string) (st moveStatus, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("chess library failed on %q: %v", fen, r)
		}
	}()
	var pos chess.Position
	libMu.Lock()
	err = pos.UnmarshalText([]byte(fen))
	libMu.Unlock()
	if err != nil {
		return st, fmt.Errorf("chess library cannot read %q: %w", fen, err)
	}
	switch pos.Status() {
	case chess.Checkmate:
		st.checkmate = true
	case chess.Stalemate:
		st.stalemate = true
	}
	if pos.EnPassantSquare() != chess.NoSquare {
		for _, m := range pos.ValidMoves() {
			if m.HasTag(chess.EnPassant) {
				st.epCapture = true
				break
			}
		}
	}
	return st, nil
}
