// Package editor makes links that open a position in a chess site's board
// editor or analysis board, to hand a scanned position over to a person.
package editor

import (
	"fmt"
	"net/url"
	"strings"
)

// Site is a chess site with a board editor.
type Site string

const (
	// Lichess opens lichess.org's board editor.
	Lichess Site = "lichess"
	// ChessCom opens chess.com's analysis board.
	ChessCom Site = "chesscom"
)

// Sites lists the sites known, for help texts.
var Sites = []Site{Lichess, ChessCom}

// Parse reads a site's name as Sites spells it.
func Parse(name string) (Site, error) {
	for _, s := range Sites {
		if string(s) == name {
			return s, nil
		}
	}
	return "", fmt.Errorf("unknown site %q (want lichess or chesscom)", name)
}

// URL returns the link that opens fen on the site.
func (s Site) URL(fen string) string {
	switch s {
	case Lichess:
		// Lichess takes the FEN in the path, with "_" for spaces; the
		// other characters of a FEN are safe in a path.
		return "https://lichess.org/editor/" + strings.ReplaceAll(fen, " ", "_")
	case ChessCom:
		return "https://www.chess.com/analysis?fen=" + url.QueryEscape(fen)
	}
	return ""
}
