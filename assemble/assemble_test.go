package assemble

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// A case describes a picture and what must be read from it.
type assembleCase struct {
	name      string
	placement string   // the board, from White's side
	highlight []string // last-move squares
	arrows    []string // moves drawn as arrows with heads, "e7e5"
	overrides []string // "square:K=0.6 Q=0.38"
	rotate    bool     // the picture shows Black's side
	hint      Orientation
	photo     bool // read from a photo of real pieces (Input.Photo)
	opts      Options

	// want is the expected FEN, compared on its first four fields unless
	// it has six.
	want                   string
	check, mate, stalemate bool
	warn                   bool     // some warning expected
	warnLegal              bool     // the warning is about a legal board
	repairs                []string // "d1:K>Q"
	orientation            Orientation
	orientationBy, sideBy  string
	sideGuessed            *bool
}

var yes, no = true, false

const (
	startFEN    = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	afterE4     = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
	afterC5     = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR"
	afterNf3    = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R"
	foolsMate   = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR"
	readmeBoard = "r1bq1rk1/pp2bppp/2nppn2/8/3NP3/2N1BP2/PPPQ2PP/2KR1B1R"
	rotatedFlat = "RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr"
)

// bothViews returns the case as drawn from White's side and as drawn
// from Black's side, which must read the same.
func bothViews(c assembleCase) []assembleCase {
	up, down := c, c
	up.name += "/white-bottom"
	down.name += "/black-bottom"
	down.rotate = true
	if c.orientation == "" && c.hint == "" && c.opts.Flip == "" {
		up.orientation, down.orientation = WhiteBottom, BlackBottom
	}
	return []assembleCase{up, down}
}

func assembleCases() []assembleCase {
	var cs []assembleCase
	add := func(c ...assembleCase) { cs = append(cs, c...) }

	// The PGN standard's FEN examples, in both views.
	add(bothViews(assembleCase{name: "start", placement: startFEN,
		want: startFEN + " w KQkq -", sideBy: "default", sideGuessed: &yes})...)
	add(bothViews(assembleCase{name: "1.e4", placement: afterE4, highlight: []string{"e2", "e4"},
		want: afterE4 + " b KQkq e3", sideBy: "highlight", sideGuessed: &no})...)
	add(bothViews(assembleCase{name: "1...c5", placement: afterC5, highlight: []string{"c7", "c5"},
		want: afterC5 + " w KQkq c6", sideBy: "highlight"})...)
	add(bothViews(assembleCase{name: "2.Nf3", placement: afterNf3, highlight: []string{"g1", "f3"},
		want: afterNf3 + " b KQkq -", sideBy: "highlight"})...)
	add(bothViews(assembleCase{name: "fool's mate", placement: foolsMate, highlight: []string{"d8", "h4"},
		want: foolsMate + " w KQkq -", check: true, mate: true, sideBy: "highlight"})...)
	add(bothViews(assembleCase{name: "fool's mate without highlight", placement: foolsMate,
		want: foolsMate + " w KQkq -", check: true, mate: true, sideBy: "check", sideGuessed: &no})...)
	add(bothViews(assembleCase{name: "castled middlegame", placement: readmeBoard,
		want: readmeBoard + " w - -", orientationBy: "pieces"})...)
	add(bothViews(assembleCase{name: "pawn endgame", placement: "8/5pk1/6p1/7p/8/6P1/5PKP/8",
		want: "8/5pk1/6p1/7p/8/6P1/5PKP/8 w - -", orientationBy: "pieces"})...)

	// En passant: recorded after every double push, or only when a
	// capture can use it.
	add(assembleCase{name: "ep legal mode, no capturer", placement: afterE4, highlight: []string{"e2", "e4"},
		opts: Options{EP: "legal"}, want: afterE4 + " b KQkq -"})
	add(bothViews(assembleCase{name: "ep capturable", placement: "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR",
		highlight: []string{"d7", "d5"}, opts: Options{EP: "legal"},
		want: "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6"})...)
	add(assembleCase{name: "ep always, capture pinned", placement: "4k3/8/8/KPp4r/8/8/8/8",
		highlight: []string{"c7", "c5"}, want: "4k3/8/8/KPp4r/8/8/8/8 w - c6"})
	add(assembleCase{name: "ep legal, capture pinned", placement: "4k3/8/8/KPp4r/8/8/8/8",
		highlight: []string{"c7", "c5"}, opts: Options{EP: "legal"}, want: "4k3/8/8/KPp4r/8/8/8/8 w - -"})
	add(assembleCase{name: "single push gives no ep", placement: "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR",
		highlight: []string{"e2", "e3"}, want: "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq -"})

	// Castling.
	add(assembleCase{name: "chess960 start", placement: "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN",
		opts: Options{Chess960: true}, want: "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge -"})
	add(assembleCase{name: "chess960 standard array", placement: startFEN,
		opts: Options{Chess960: true}, want: startFEN + " w HAha -"})
	add(assembleCase{name: "chess960 some rooks gone", placement: "1rk5/8/8/8/8/8/8/R3K1R1",
		opts: Options{Chess960: true, Flip: "no"}, want: "1rk5/8/8/8/8/8/8/R3K1R1 w GAb -"})
	add(assembleCase{name: "castled white, e1g1 highlight", placement: "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1",
		highlight: []string{"e1", "g1"}, want: "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq -", sideBy: "highlight"})
	add(assembleCase{name: "castled white, e1h1 highlight", placement: "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1",
		highlight: []string{"e1", "h1"}, want: "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq -", sideBy: "highlight"})

	// Options override what is inferred.
	add(assembleCase{name: "side option", placement: startFEN, opts: Options{Side: "b"},
		want: startFEN + " b KQkq -", sideBy: "option", sideGuessed: &no})
	add(assembleCase{name: "castling option", placement: startFEN, opts: Options{Castling: "Kq"},
		want: startFEN + " w Kq -"})
	add(assembleCase{name: "castling option the board cannot back", placement: "4k3/8/8/8/8/8/8/R5KR",
		opts: Options{Castling: "KQ"}, want: "4k3/8/8/8/8/8/8/R5KR w KQ -", warn: true})
	add(assembleCase{name: "flip yes on an upright picture", placement: startFEN, opts: Options{Flip: "yes"},
		want: rotatedFlat + " w - -", orientation: BlackBottom, orientationBy: "option"})
	add(assembleCase{name: "flip no on a turned picture", placement: startFEN, rotate: true, opts: Options{Flip: "no"},
		want: rotatedFlat + " w - -", orientation: WhiteBottom, orientationBy: "option"})
	add(assembleCase{name: "counters", placement: startFEN, opts: Options{Halfmove: 5, Fullmove: 20},
		want: startFEN + " w KQkq - 5 20"})
	add(assembleCase{name: "coordinates say black-bottom", placement: "3K4/P7/8/8/8/8/1R6/3k4", rotate: true,
		hint: BlackBottom, want: "3K4/P7/8/8/8/8/1R6/3k4 w - -", orientation: BlackBottom, orientationBy: "coordinates"})
	add(assembleCase{name: "coordinates say white-bottom", placement: startFEN, rotate: true, hint: WhiteBottom,
		want: rotatedFlat + " w - -", orientation: WhiteBottom, orientationBy: "coordinates"})
	add(assembleCase{name: "side option against highlight", placement: afterE4, highlight: []string{"e2", "e4"},
		opts: Options{Side: "w"}, want: afterE4 + " w KQkq -", warn: true, sideBy: "option"})

	// Check, mate and stalemate.
	add(assembleCase{name: "black in check moves", placement: "4k3/4Q3/8/8/8/8/8/4K3",
		want: "4k3/4Q3/8/8/8/8/8/4K3 b - -", check: true, sideBy: "check"})
	add(assembleCase{name: "white in check moves", placement: "4k3/8/8/8/8/8/3q4/4K3",
		want: "4k3/8/8/8/8/8/3q4/4K3 w - -", check: true, sideBy: "check"})
	add(assembleCase{name: "back-rank mate", placement: "3R2k1/5ppp/8/8/8/8/5PPP/6K1",
		want: "3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - -", check: true, mate: true, sideBy: "check"})
	add(assembleCase{name: "stalemate", placement: "7k/5Q2/6K1/8/8/8/8/8", highlight: []string{"f3", "f7"},
		want: "7k/5Q2/6K1/8/8/8/8/8 b - -", stalemate: true})
	add(assembleCase{name: "check against highlight", placement: "4k3/4Q3/8/8/8/8/8/4K3",
		highlight: []string{"d8", "e8"}, overrides: []string{"e7:Q=0.999"},
		want: "4k3/4Q3/8/8/8/8/8/4K3 w - -", check: false, warn: true})

	// Repairs of boards that break the rules.
	add(bothViews(assembleCase{name: "queen read as a second king", placement: startFEN,
		overrides: []string{"d1:K=0.6 Q=0.38"}, want: startFEN + " w KQkq -", repairs: []string{"d1:K>Q prior"}})...)
	add(assembleCase{name: "queen read as a second king, no prior", placement: startFEN, opts: Options{NoPrior: true},
		overrides: []string{"d1:K=0.6 Q=0.38"}, want: startFEN + " w KQkq -", repairs: []string{"d1:K>Q"}})
	// A black pawn on g7 read a little more like a white one: the prior
	// reads it as Black's, the model alone may not.
	noHPawn := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR"
	add(assembleCase{name: "faint black pawn on g7", placement: noHPawn,
		overrides: []string{"g7:P=0.6 p=0.39"}, want: noHPawn + " w KQkq -", repairs: []string{"g7:P>p prior"}})
	add(assembleCase{name: "faint black pawn on g7, no prior", placement: noHPawn, opts: Options{NoPrior: true},
		overrides: []string{"g7:P=0.6 p=0.39"}, want: "rnbqkbnr/ppppppPp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq -"})
	add(assembleCase{name: "promoted queen read as a pawn", placement: "7Q/3k4/8/8/8/8/8/4K3",
		overrides: []string{"h8:P=0.55 Q=0.4"}, want: "7Q/3k4/8/8/8/8/8/4K3 w - -", repairs: []string{"h8:P>Q prior"}})
	add(assembleCase{name: "kings adjacent", placement: "7k/8/8/3qK3/8/8/8/8",
		overrides: []string{"d5:k=0.6 q=0.38", "h8:q=0.55 k=0.42"},
		want:      "7k/8/8/3qK3/8/8/8/8 w - -", check: true, repairs: []string{"h8:q>k prior", "d5:k>q"}})
	// A legal board that needs a promoted piece is taken for a misread one
	// when the squares allow it at a twentieth of the odds, not otherwise;
	// on h8 the square prior alone already prefers Black's rook.
	add(bothViews(assembleCase{name: "rook read in the other colour",
		placement: "r2qk2r/pp2bppp/2n1pn2/3p1b2/3P1B2/2N2NP1/PP2PPBP/R2Q1RK1",
		overrides: []string{"h8:R=0.56 r=0.40"},
		want:      "r2qk2r/pp2bppp/2n1pn2/3p1b2/3P1B2/2N2NP1/PP2PPBP/R2Q1RK1 w kq -", repairs: []string{"h8:R>r prior"}})...)
	add(assembleCase{name: "third rook mid-board", placement: "r3k3/pp4pp/8/8/3r4/8/PP4PP/R3K2R",
		overrides: []string{"d4:R=0.9 r=0.08"},
		want:      "r3k3/pp4pp/8/8/3r4/8/PP4PP/R3K2R w KQq -", repairs: []string{"d4:R>r"}})
	add(assembleCase{name: "two queens read surely", placement: "4k3/8/8/8/8/8/Q7/Q3K3",
		want: "4k3/8/8/8/8/8/Q7/Q3K3 w - -"})
	add(assembleCase{name: "black king read white", placement: "4k3/8/8/8/8/8/8/4K3",
		overrides: []string{"e8:K=0.5 k=0.45"}, want: "4k3/8/8/8/8/8/8/4K3 w - -", repairs: []string{"e8:K>k prior"}})
	add(assembleCase{name: "side not to move in check", placement: "4k3/4R3/8/8/8/8/8/4K3", highlight: []string{"d8", "e8"},
		overrides: []string{"e7:R=0.6 .=0.35"}, want: "4k3/8/8/8/8/8/8/4K3 w - -", repairs: []string{"e7:R> prior"}})
	// Pawns that cannot have got where they stand in a photo: a second
	// g-pawn needs a capture, and Black has lost nothing. A flat picture
	// may show any placement (an editor's, a drill's).
	add(assembleCase{name: "photo: bishop on g2 read as a pawn beside one on g3", photo: true,
		placement: "rnbqk1nr/ppppppbp/6p1/8/8/6P1/PPPPPPB1/RNBQK1NR", overrides: []string{"g2:P=0.6 B=0.38"},
		want: "rnbqk1nr/ppppppbp/6p1/8/8/6P1/PPPPPPB1/RNBQK1NR w KQkq -", repairs: []string{"g2:P>B"}})
	add(assembleCase{name: "flat: pawn on g2 beside one on g3 kept",
		placement: "rnbqk1nr/ppppppbp/6p1/8/8/6P1/PPPPPPB1/RNBQK1NR", overrides: []string{"g2:P=0.6 B=0.38"},
		want: "rnbqk1nr/ppppppbp/6p1/8/8/6P1/PPPPPPP1/RNBQK1NR w KQkq -", repairs: []string{}})
	// A bishop never changes colour: in a photo two on light squares need a
	// promotion, which eight pawns leave no room for.
	add(assembleCase{name: "photo: knight read as a bishop on the other bishop's colour", photo: true,
		placement: "r1bqk2r/pppp1ppp/2n2n2/4p3/3P4/2N2NP1/PPP1PPBP/R2QK2R", overrides: []string{"f3:B=0.8 N=0.19"},
		want: "r1bqk2r/pppp1ppp/2n2n2/4p3/3P4/2N2NP1/PPP1PPBP/R2QK2R w KQkq -", repairs: []string{"f3:B>N"}})
	// Behind pawns still on b2 and d2 the bishop has never left c1.
	add(assembleCase{name: "bishop shut in on c1 read as a third knight",
		placement: "r1bqkbnr/ppp2ppp/2n5/3pp3/8/4PNP1/PPPP1PBP/RNBQK2R", overrides: []string{"c1:N=0.56 .=0.06 B=0.03"},
		want: "r1bqkbnr/ppp2ppp/2n5/3pp3/8/4PNP1/PPPP1PBP/RNBQK2R w KQkq -", repairs: []string{"c1:N>B prior"}})
	add(assembleCase{name: "bishop shut in on c1 read as a third knight, no prior", opts: Options{NoPrior: true},
		placement: "r1bqkbnr/ppp2ppp/2n5/3pp3/8/4PNP1/PPPP1PBP/RNBQK2R", overrides: []string{"c1:N=0.56 .=0.06 B=0.03"},
		want: "r1bqkbnr/ppp2ppp/2n5/3pp3/8/4PNP1/PPPP1PBP/RN1QK2R w KQkq -", repairs: []string{"c1:N>"}})
	// Too many misread squares for the repair search: the material refit.
	add(bothViews(assembleCase{name: "back ranks read as pawns from above", placement: startFEN,
		overrides: []string{"a1:P=0.5 R=0.3", "c1:P=0.6 B=0.3", "e1:P=0.45 K=0.4", "d1:B=0.5 Q=0.35",
			"c8:p=0.6 b=0.3", "d8:n=0.5 q=0.3", "f8:p=0.7 b=0.2", "g8:k=0.5 n=0.3"},
		want:    startFEN + " w KQkq -",
		repairs: []string{"c8:p>b prior", "d8:n>q prior", "f8:p>b prior", "g8:k>n", "a1:P>R prior", "c1:P>B prior", "d1:B>Q prior", "e1:P>K prior"}})...)
	// Seen from above, pieces read surely as pawns: five impossible pawns
	// are beyond the repair search and the digital refit's bound.
	sureOnTop := []string{"a1:P=0.99 R=0.008", "c1:P=0.99 B=0.008", "e1:P=0.99 K=0.008",
		"c8:p=0.99 b=0.008", "f8:p=0.99 b=0.008"}
	add(assembleCase{name: "photo: back-rank pieces read surely as pawns", placement: startFEN, photo: true,
		overrides: sureOnTop, want: startFEN + " w KQkq -", warn: true, warnLegal: true,
		repairs: []string{"c8:p>b", "f8:p>b", "a1:P>R", "c1:P>B", "e1:P>K"}})
	// A real set has eight pawns a side: a photo read with a ninth is
	// misread however surely, a flat picture may show anything.
	fianchetto := "rnbqk1nr/ppppppbp/6p1/8/8/6P1/PPPPPPBP/RNBQK1NR"
	ninthPawn := []string{"a2:P=0.9999", "b2:P=0.9999", "c2:P=0.9999", "d2:P=0.9999", "e2:P=0.9999",
		"f2:P=0.9999", "g2:P=0.9999 B=0.00008", "h2:P=0.9999", "g3:P=0.9999"}
	add(assembleCase{name: "photo: ninth pawn read surely", placement: fianchetto, photo: true,
		overrides: ninthPawn, want: fianchetto + " w KQkq -", repairs: []string{"g2:P>B"}})
	add(assembleCase{name: "hopeless: flat board with a ninth pawn read surely", placement: fianchetto,
		overrides: ninthPawn, want: "rnbqk1nr/ppppppbp/6p1/8/8/6P1/PPPPPPPP/RNBQK1NR w KQkq -", warn: true})
	add(assembleCase{name: "hopeless: flat board with back-rank pieces drawn as pawns", placement: startFEN,
		overrides: []string{"a1:P=0.99999 R=0.000001", "c1:P=0.99999 B=0.000001", "e1:P=0.99999 K=0.000001",
			"c8:p=0.99999 b=0.000001", "f8:p=0.99999 b=0.000001"}, want: "rnpqkpnr/pppppppp/8/8/8/8/PPPPPPPP/PNPQPBNR w kq -", warn: true})
	add(assembleCase{name: "hopeless: three white kings", placement: "K7/8/2K5/8/8/K7/8/7k",
		overrides: []string{"a8:K=0.99", "c6:K=0.99", "a3:K=0.99"}, want: "K7/8/2K5/8/8/K7/8/7k w - -",
		warn: true, orientationBy: "default", sideGuessed: &yes})
	add(assembleCase{name: "hopeless: pawn on the first rank", placement: "4k3/8/8/8/8/8/8/P3K3",
		overrides: []string{"a1:P=0.99999"}, want: "4k3/8/8/8/8/8/8/P3K3 w - -", warn: true})
	add(assembleCase{name: "empty board", placement: "8/8/8/8/8/8/8/8", want: "8/8/8/8/8/8/8/8 w - -", warn: true})

	// A king read surely in the other side's colour, a side left without
	// one (turnKing): the king that leans least against the other side's
	// is turned, beyond the repair's bounds, with a warning, and the board
	// is mended from there as a reading is: made legal, by the material
	// refit if need be, or printed with a king each.
	kings := []string{"e8:k=0.9999 K=0.00001", "e3:k=0.999 K=0.0002"}
	add(assembleCase{name: "king read in the other colour", placement: "4k3/8/8/8/8/4K3/8/8",
		overrides: kings, want: "4k3/8/8/8/8/4K3/8/8 w - -", repairs: []string{"e3:k>K"}, warn: true, warnLegal: true})
	add(assembleCase{name: "king read in the other colour, pieces too", placement: "4k3/pppppppp/8/PPPP4/8/4K3/8/8",
		overrides: append([]string{"a5:p=0.6 P=0.39", "b5:p=0.6 P=0.39", "c5:p=0.6 P=0.39", "d5:p=0.6 P=0.39"}, kings...),
		want:      "4k3/pppppppp/8/PPPP4/8/4K3/8/8 w - -", repairs: []string{"a5:p>P", "b5:p>P", "c5:p>P", "d5:p>P", "e3:k>K"},
		warn: true, warnLegal: true})
	add(assembleCase{name: "king read in the other colour, a third rook", placement: "4k3/8/8/8/8/4K3/8/RRr5",
		overrides: append([]string{"c1:R=0.6 r=0.39"}, kings...),
		want:      "4k3/8/8/8/8/4K3/8/RRr5 w - -", repairs: []string{"e3:k>K", "c1:R>r"}, warn: true, warnLegal: true})
	add(assembleCase{name: "king read in the other colour, board still illegal", placement: "P3k3/8/8/8/8/4K3/8/8",
		overrides: append([]string{"a8:P=0.99999"}, kings...),
		want:      "P3k3/8/8/8/8/4K3/8/8 w - -", repairs: []string{"e3:k>K"}, warn: true})

	// An engine's arrows start on a piece of the side to move and move as
	// it can; the last-move highlight and a check say more, and arrows
	// for both sides (several lines, misread) say nothing.
	const najdorf = "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R"
	add(bothViews(assembleCase{name: "engine arrow for Black", placement: najdorf, arrows: []string{"e7e5"},
		want: najdorf + " b KQkq -", sideBy: "arrow", sideGuessed: &no})...)
	add(bothViews(assembleCase{name: "arrows for White", placement: najdorf, arrows: []string{"c1e3", "f2f3"},
		want: najdorf + " w KQkq -", sideBy: "arrow", sideGuessed: &no})...)
	add(assembleCase{name: "arrows for both sides", placement: najdorf, arrows: []string{"c1e3", "e7e5"},
		want: najdorf + " w KQkq -", sideBy: "default", sideGuessed: &yes})
	add(assembleCase{name: "arrows no piece can follow", placement: najdorf, arrows: []string{"d8d4", "a6a4", "e8g8", "h8h4"},
		want: najdorf + " w KQkq -", sideBy: "default", sideGuessed: &yes})
	add(assembleCase{name: "highlight before arrow", placement: afterE4, highlight: []string{"e2", "e4"}, arrows: []string{"g1f3"},
		want: afterE4 + " b KQkq e3", sideBy: "highlight"})
	add(assembleCase{name: "check before arrow", placement: "4k3/4Q3/8/8/8/8/8/4K3", arrows: []string{"e7e6"},
		want: "4k3/4Q3/8/8/8/8/8/4K3 b - -", check: true, sideBy: "check"})

	// Compositions keep the picture's orientation.
	for _, p := range []string{
		"3K4/P7/8/8/8/8/1R6/3k4",
		"K7/P7/8/8/8/8/6p1/5k2",
		"2K5/1PP5/8/8/8/8/5pp1/6k1",
		"8/1P6/8/8/2k5/8/K7/1r6",
		"1N6/8/2B2p2/2p1k1P1/8/3PK3/8/5Q2",
		"7K/8/8/8/8/8/8/k7",
	} {
		add(assembleCase{name: "composition " + p, placement: p, want: p,
			orientation: WhiteBottom, orientationBy: "default"})
	}
	return cs
}

func TestAssembleCases(t *testing.T) {
	cs := assembleCases()
	if len(cs) < 40 {
		t.Fatalf("only %d cases", len(cs))
	}
	for _, c := range cs {
		t.Run(c.name, func(t *testing.T) {
			in := picture(t, c.placement, c.rotate, c.highlight, c.overrides...)
			in.Orientation, in.Photo = c.hint, c.photo
			for _, a := range c.arrows {
				from, to := squareIndex(a[:2]), squareIndex(a[2:])
				if c.rotate {
					from, to = 63-from, 63-to
				}
				in.Arrows = append(in.Arrows, [2]int{from, to})
			}
			p, err := Assemble(in, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			checkCase(t, c, p)
		})
	}
}

func checkCase(t *testing.T, c assembleCase, p *Position) {
	t.Helper()
	got, want := p.FEN(), c.want
	if n := len(strings.Fields(want)); n < 6 {
		got = fields(got, n)
	}
	if got != want {
		t.Errorf("FEN\n got %s\nwant %s\n(warnings %q, repairs %+v, orientation %s by %s)",
			p.FEN(), want, p.Warnings, p.Repairs, p.Orientation, p.OrientationBy)
	}
	if p.Check != c.check || p.Checkmate != c.mate || p.Stalemate != c.stalemate {
		t.Errorf("check/mate/stalemate = %v/%v/%v, want %v/%v/%v",
			p.Check, p.Checkmate, p.Stalemate, c.check, c.mate, c.stalemate)
	}
	if (len(p.Warnings) > 0) != c.warn {
		t.Errorf("warnings %q, want some: %v", p.Warnings, c.warn)
	}
	// Warnings about options, and about a board rewritten to keep the
	// rules, leave the board itself legal.
	if wantLegal := !c.warn || c.warnLegal; p.Legal != wantLegal && !strings.Contains(c.name, "option") {
		t.Errorf("legal = %v with warnings %q", p.Legal, p.Warnings)
	}
	var repairs []string
	for _, r := range p.Repairs {
		s := fmt.Sprintf("%s:%s>%s", r.Square, r.From, r.To)
		if r.By == RepairPrior {
			s += " prior"
		}
		repairs = append(repairs, s)
		if r.ToProb >= r.FromProb {
			t.Errorf("repair %+v does not give up probability", r)
		}
	}
	if !slices.Equal(repairs, c.repairs) {
		t.Errorf("repairs %q, want %q", repairs, c.repairs)
	}
	if c.orientation != "" && p.Orientation != c.orientation {
		t.Errorf("orientation %s (by %s), want %s", p.Orientation, p.OrientationBy, c.orientation)
	}
	if c.orientationBy != "" && p.OrientationBy != c.orientationBy {
		t.Errorf("orientation decided by %s, want %s", p.OrientationBy, c.orientationBy)
	}
	if c.sideBy != "" && p.SideBy != c.sideBy {
		t.Errorf("side decided by %s, want %s", p.SideBy, c.sideBy)
	}
	if c.sideGuessed != nil && p.SideGuessed != *c.sideGuessed {
		t.Errorf("side guessed = %v, want %v", p.SideGuessed, *c.sideGuessed)
	}
	conf := 1.0
	for _, pr := range p.Prob {
		conf *= float64(pr)
	}
	if math.Abs(conf-p.Confidence) > 1e-6*conf {
		t.Errorf("confidence %g, product of probabilities %g", p.Confidence, conf)
	}
}

// The four fields a picture can tell must not depend on the side it is
// drawn from.
func TestBothViewsAgree(t *testing.T) {
	for _, c := range assembleCases() {
		if !strings.HasSuffix(c.name, "/white-bottom") {
			continue
		}
		up, err := Assemble(picture(t, c.placement, false, c.highlight, c.overrides...), c.opts)
		if err != nil {
			t.Fatal(err)
		}
		down, err := Assemble(picture(t, c.placement, true, c.highlight, c.overrides...), c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := fields(up.FEN(), 4), fields(down.FEN(), 4); a != b {
			t.Errorf("%s: upright %s, turned %s", c.name, a, b)
		}
	}
}

// Random placements, with kings of each colour scattered about, say
// nothing of the orientation and keep the picture's.
func TestRandomPlacementKeepsOrientation(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 30 {
		var sq [64]int
		for range 24 {
			sq[rng.IntN(64)] = 1 + rng.IntN(12)
		}
		// Three kings a side are beyond any repair of three squares.
		for i, k := range rng.Perm(64)[:6] {
			sq[k] = int(wKing) + 6*(i%2)
		}
		in := Input{Squares: synthProbs(sq, rng)}
		p, err := Assemble(in, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if p.Orientation != WhiteBottom || p.OrientationBy != "default" {
			t.Errorf("placement %d: orientation %s by %s", n, p.Orientation, p.OrientationBy)
		}
		if p.Legal || len(p.Warnings) == 0 {
			t.Errorf("placement %d: %s legal=%v warnings %q", n, p.FEN(), p.Legal, p.Warnings)
		}
	}
}

func TestOptionErrors(t *testing.T) {
	for _, c := range []struct {
		opts Options
		msg  string
	}{
		{Options{Flip: "maybe"}, "--flip must be auto, yes or no"},
		{Options{Side: "x"}, "--side must be w or b"},
		{Options{EP: "sometimes"}, "--ep must be always or legal"},
		{Options{Castling: "KX"}, "--castling must be - or letters"},
		{Options{Castling: "KK"}, "twice"},
		{Options{Castling: "HAh", Chess960: false}, "--castling must be"},
		{Options{Castling: "HAB", Chess960: true}, "more than two"},
		{Options{Halfmove: -1}, "--halfmove"},
		{Options{Fullmove: -3}, "--fullmove"},
	} {
		_, err := Assemble(Input{}, c.opts)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%+v: error %v, want one saying %q", c.opts, err, c.msg)
		}
	}
	if _, err := Assemble(Input{Orientation: "sideways"}, Options{}); err == nil {
		t.Error("a meaningless orientation hint was accepted")
	}
	if err := (Options{Castling: "HAha", Chess960: true, EP: "legal"}).Validate(); err != nil {
		t.Errorf("valid options refused: %v", err)
	}
}

func TestChess960CastlingOption(t *testing.T) {
	p, err := Assemble(picture(t, startFEN, false, nil), Options{Chess960: true, Castling: "HAha"})
	if err != nil {
		t.Fatal(err)
	}
	if got := fields(p.FEN(), 4); got != startFEN+" w HAha -" || len(p.Warnings) != 0 {
		t.Errorf("got %s, warnings %q", got, p.Warnings)
	}
	p, err = Assemble(picture(t, "4k3/8/8/8/8/8/8/4K3", false, nil), Options{Chess960: true, Castling: "Hh"})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Warnings) == 0 {
		t.Errorf("rights without rooks gave no warning: %s", p.FEN())
	}
}

// Probabilities the model never produces must still give a position.
func TestOddProbabilities(t *testing.T) {
	var in Input
	for i := range in.Squares {
		for k := range in.Squares[i] {
			switch (i + k) % 4 {
			case 0:
				in.Squares[i][k] = float32(math.NaN())
			case 1:
				in.Squares[i][k] = float32(math.Inf(1))
			case 2:
				in.Squares[i][k] = -1
			}
		}
	}
	p, err := Assemble(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := json.Marshal(p); err != nil {
		t.Errorf("position does not marshal: %v", err)
	}
}

func TestJSONFields(t *testing.T) {
	p, err := Assemble(picture(t, startFEN, false, nil, "d1:K=0.6 Q=0.38"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"side_by":"default"`, `"side_guessed":true`, `"orientation_by":`,
		`"en_passant":"-"`, `"checkmate":false`, `"warnings":[]`, `"repairs":[{"square":"d1","from":"K","to":"Q","from_prob":`, `"confidence":`} {
		if !strings.Contains(string(data), key) {
			t.Errorf("JSON lacks %s:\n%s", key, data)
		}
	}
}

// Scanners may run on several goroutines; the chess library underneath
// is not safe for that on its own (run with -race to see).
func TestConcurrentCalls(t *testing.T) {
	ins := []Input{
		picture(t, afterE4, false, []string{"e2", "e4"}),
		picture(t, foolsMate, true, []string{"d8", "h4"}),
		picture(t, readmeBoard, true, nil),
	}
	want := make([]string, len(ins))
	for i, in := range ins {
		p, err := Assemble(in, Options{})
		if err != nil {
			t.Fatal(err)
		}
		want[i] = p.FEN()
	}
	errs := make(chan error, 8)
	for g := range 8 {
		go func() {
			for n := range 50 {
				i := (g + n) % len(ins)
				p, err := Assemble(ins[i], Options{})
				if err == nil && p.FEN() != want[i] {
					err = fmt.Errorf("got %s, want %s", p.FEN(), want[i])
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestSideways reads boards photographed from each of the four sides:
// game positions, even with few pawns, come out from White's side
// whichever side White sat on, and a composition, whose pieces say
// nothing, keeps the picture's view.
func TestSideways(t *testing.T) {
	cases := []struct {
		name, placement string
		orientations    []Orientation
	}{
		{"opening", afterNf3, []Orientation{WhiteBottom, BlackBottom, WhiteLeft, WhiteRight}},
		{"middlegame", readmeBoard, []Orientation{WhiteBottom, BlackBottom, WhiteLeft, WhiteRight}},
		// Two pawns and the kings: far below a diagram's margins, but a
		// photo's camera may stand anywhere, so the pieces decide.
		{"endgame", "8/6k1/6p1/8/8/6P1/6K1/8", []Orientation{WhiteBottom, BlackBottom, WhiteLeft, WhiteRight}},
		{"composition", "8/8/8/4k3/8/8/8/R3K3", []Orientation{WhiteBottom}},
	}
	sides := []Orientation{WhiteBottom, BlackBottom, WhiteLeft, WhiteRight}
	for _, c := range cases {
		for _, o := range c.orientations {
			t.Run(c.name+"/"+string(o), func(t *testing.T) {
				in := seenFrom(t, c.placement, o)
				in.Sideways = true
				p, err := Assemble(in, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if p.Placement() != c.placement || p.Orientation != o {
					t.Errorf("got %s seen from %s, want %s from %s", p.Placement(), p.Orientation, c.placement, o)
				}
			})
		}
	}
	// A board whose pieces say nothing of its side (a composition) is
	// still put on the right pair of sides by its top-left square's
	// shade: light with White at the bottom or top, dark at a side.
	for _, o := range sides {
		in := seenFrom(t, "8/8/8/4k3/8/8/8/R3K3", o)
		in.Sideways, in.TopLeft = true, Light
		if o == WhiteLeft || o == WhiteRight {
			in.TopLeft = Dark
		}
		p, err := Assemble(in, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if sideways := p.Orientation == WhiteLeft || p.Orientation == WhiteRight; sideways != (in.TopLeft == Dark) {
			t.Errorf("seen from %s with a %s top-left square: read from %s", o, in.TopLeft, p.Orientation)
		}
	}
	// Its printed coordinates put it on the right side.
	for _, o := range sides {
		in := seenFrom(t, "8/8/8/4k3/8/8/8/R3K3", o)
		in.Sideways, in.Orientation = true, o
		p, err := Assemble(in, Options{})
		if err != nil || p.Orientation != o || p.OrientationBy != "coordinates" || p.Placement() != "8/8/8/4k3/8/8/8/R3K3" {
			t.Errorf("composition with coordinates, seen from %s: read %v from %s by %s (%v)",
				o, p.Placement(), p.Orientation, p.OrientationBy, err)
		}
	}
	// A board laid with a light a1 shades its squares the other way; an
	// opening's pieces still say where White sits.
	for _, o := range sides {
		in := seenFrom(t, afterNf3, o)
		in.Sideways, in.TopLeft = true, Dark
		if o == WhiteLeft || o == WhiteRight {
			in.TopLeft = Light
		}
		if p, err := Assemble(in, Options{}); err != nil || p.Orientation != o || p.Placement() != afterNf3 {
			t.Errorf("opening on a board laid wrong, seen from %s: read %v from %s (%v)", o, p.Placement(), p.Orientation, err)
		}
	}
	// Without Sideways a board seen from the side is not turned, and
	// coordinates cannot say it is.
	in := seenFrom(t, afterNf3, WhiteRight)
	if p, _ := Assemble(in, Options{}); p.Orientation != WhiteBottom {
		t.Errorf("a board not marked sideways was read from %s", p.Orientation)
	}
	in.Orientation = WhiteRight
	if _, err := Assemble(in, Options{}); err == nil {
		t.Error("a flat board was turned to its side by coordinates")
	}
}

// seenFrom lays a placement out as a picture taken with White at o.
func seenFrom(t *testing.T, placement string, o Orientation) Input {
	board := picture(t, placement, false, nil)
	var in Input
	for i := range in.Squares {
		in.Squares[i] = board.Squares[o.Square(i)]
	}
	return in
}

// TestKinglessExercise reads a knights' exercise, a board without kings,
// its empty squares read surely and an ink cross on b7 read as a white
// pawn or, less likely, a king (a white pawn on the seventh rank is rare:
// the square prior reads it empty). The material fit takes the king (one
// a side); the repair after it must not then put a black king on a square
// read empty at 0.995, which the repair from the reading would not do.
func TestKinglessExercise(t *testing.T) {
	var in Input
	for i := range in.Squares {
		for c := range in.Squares[i] {
			in.Squares[i][c] = 0.005 / 12
		}
		in.Squares[i][0] = 0.995
	}
	set := func(square string, probs map[byte]float32) {
		i := squareIndex(square)
		for c := range in.Squares[i] {
			in.Squares[i][c] = 0.001
		}
		for piece, p := range probs {
			in.Squares[i][strings.IndexByte(".PNBRQKpnbrqk", piece)] = p
		}
	}
	for _, sq := range []string{"b1", "g1"} {
		set(sq, map[byte]float32{'N': 0.99})
	}
	for _, sq := range []string{"b8", "g8"} {
		set(sq, map[byte]float32{'n': 0.99})
	}
	set("b7", map[byte]float32{'P': 0.55, 'K': 0.2, '.': 0.2})
	p, err := Assemble(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fields(p.FEN(), 1), "1n4n1/8/8/8/8/8/8/1N4N1"; got != want {
		t.Errorf("read %s, want %s (repairs %+v)", got, want, p.Repairs)
	}
	if p.Legal || len(p.Warnings) == 0 {
		t.Errorf("legal %v, warnings %q: want an illegal board, warned", p.Legal, p.Warnings)
	}
}

// TestOrientationLead checks the lead reported with an orientation the
// pieces decide: the start position seen from Black's side leads by far
// more than the margins, a lone pair of kings decides nothing.
func TestOrientationLead(t *testing.T) {
	for _, c := range []struct {
		placement string
		rotate    bool
		by        string
		min, max  float64
	}{
		{startFEN, true, "pieces", 2 * flipMargin, math.Inf(1)},
		{startFEN, false, "pieces", 2 * flipMargin, math.Inf(1)},
		{"4k3/8/8/8/8/8/8/4K3", false, "default", 0, 0},
	} {
		p, err := Assemble(picture(t, c.placement, c.rotate, nil), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if p.OrientationBy != c.by || p.OrientationLead < c.min || p.OrientationLead > c.max {
			t.Errorf("%s (rotated %v): orientation by %s, lead %.1f; want by %s, lead in [%.0f, %.0f]",
				c.placement, c.rotate, p.OrientationBy, p.OrientationLead, c.by, c.min, c.max)
		}
	}
}

// TestPhotoWithoutAKing checks a photo read with twelve white pawns and
// two white kings, in which no square could hold a black king (a real
// board may be set up as an exercise without kings): the material fit
// keeps the counts it can, eight pawns and one king, and leaves Black
// without a king rather than putting one where nothing was read; the
// board is warned about.
func TestPhotoWithoutAKing(t *testing.T) {
	in := Input{Photo: true}
	// No square may hold a black king: k=0 everywhere.
	for f := 'a'; f <= 'h'; f++ {
		for r := '1'; r <= '8'; r++ {
			setProbs(t, &in.Squares, string([]rune{f, r}), ".=0.99 k=0")
		}
	}
	for _, sq := range []string{"a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "a3", "b3", "g3", "h3"} {
		setProbs(t, &in.Squares, sq, "P=0.9 k=0")
	}
	setProbs(t, &in.Squares, "e1", "K=0.99 k=0")
	setProbs(t, &in.Squares, "d1", "K=0.9 k=0")
	setProbs(t, &in.Squares, "e8", "q=0.6 k=0")
	p, err := Assemble(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := map[string]int{}
	for _, c := range p.Board {
		n[c]++
	}
	if n["P"] > 8 || n["K"] != 1 || n["k"] != 0 {
		t.Errorf("%s: want at most 8 white pawns, one white king, no black king", p.FEN())
	}
	if p.Legal || len(p.Warnings) == 0 {
		t.Errorf("legal %v, warnings %q: want an illegal board, warned", p.Legal, p.Warnings)
	}
}

// TestPhotoKeepsOccupiedSquares replays a real top-down photo
// (samryan-002 shrunk to 2016 pixels, its odds as fenscan read them but
// c8's bishop's, which it did not show): bishops, queens and kings read
// as pawns, knights and each other, and c8's bishop as a pawn at 0.994,
// as empty at 0.0024 and as a bishop at 0.0005. No pawn may stand on c8; the
// square is surely occupied, so a bishop, not an empty square, is what
// the material fit must put there.
func TestPhotoKeepsOccupiedSquares(t *testing.T) {
	const want = "r1bqkbnr/ppp2ppp/2n5/3pp3/8/5NP1/PPPPPPBP/RNBQK2R"
	in := picture(t, want, false, nil,
		"c8:p=0.994 .=0.0024 b=0.0005", "f8:p=0.974 b=0.0078 .=0.002", "d8:k=0.62 q=0.157",
		"c1:P=0.86 B=0.0018 .=0.001", "g2:P=0.92 B=0.056", "d1:K=0.42 Q=0.39", "f3:B=0.50 N=0.457")
	in.Photo = true
	p, err := Assemble(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Board[squareIndex("c8")]; got != "b" {
		t.Errorf("c8 read as %q (%s), want a black bishop", got, p.FEN())
	}
}
