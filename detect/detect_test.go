package detect

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"testing"
	"time"

	"gocv.io/x/gocv"
)

// drawn are testdata pictures and where scripts/make_testdata.py drew
// their boards.
var drawn = []struct {
	file       string
	x, y, side float64
}{
	{"browser-cburnett.png", 30, 90, 560},
	{"black-side-merida.png", 0, 0, 384},
	{"small-chessnut.jpg", 30, 20, 128},
}

// TestFind checks the corners found on testdata pictures against where
// they were drawn.
func TestFind(t *testing.T) {
	for _, c := range drawn {
		t.Run(c.file, func(t *testing.T) {
			img := gocv.IMRead("../testdata/"+c.file, gocv.IMReadColor)
			defer img.Close()
			boards, err := Find(img, Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := [4]Point{{c.x, c.y}, {c.x + c.side, c.y}, {c.x + c.side, c.y + c.side}, {c.x, c.y + c.side}}
			// The classifier tolerates about 2% of the board's width.
			tol := 0.01 * c.side
			for i, p := range boards[0].Corners {
				if d := math.Hypot(p.X-want[i].X, p.Y-want[i].Y); d > tol {
					t.Errorf("corner %d at (%.1f, %.1f), want (%.0f, %.0f)", i, p.X, p.Y, want[i].X, want[i].Y)
				}
			}
		})
	}
}

func TestFindNoBoard(t *testing.T) {
	img := gocv.IMRead("../testdata/text-page.png", gocv.IMReadColor)
	defer img.Close()
	if _, err := Find(img, Options{}); !errors.Is(err, ErrNoBoard) {
		t.Fatalf("text page: got %v, want ErrNoBoard", err)
	}
	// A square frame around text is no board, though nothing else is
	// found: its text runs across the lines between squares.
	framed := gocv.IMRead("../testdata/framed-text.png", gocv.IMReadColor)
	defer framed.Close()
	if bs, err := Find(framed, Options{}); !errors.Is(err, ErrNoBoard) {
		t.Fatalf("framed text: got %v, %v; want ErrNoBoard", bs, err)
	}
	blank := gocv.NewMatWithSize(300, 300, gocv.MatTypeCV8UC3)
	defer blank.Close()
	if _, err := Find(blank, Options{}); !errors.Is(err, ErrNoBoard) {
		t.Fatalf("blank picture: got %v, want ErrNoBoard", err)
	}
}

// TestFindBare finds boards with no dark squares from their frames alone,
// marked Bare; its callers must check their squares, as framed-marks
// shows: rings inside the squares of an empty frame pass the finder.
// Boards with neither squares nor a frame are placed from where their
// pieces stand, Bare and FromPieces too (TestFindBooks checks their
// corners): a pale board whose dark squares the damage took
// (pixel-pieces), and a font diagram whose hatching it took, its frame a
// dotted line too faint to trace (font-kingdom-pieces).
func TestFindBare(t *testing.T) {
	type want struct{ bare, pieces bool }
	for name, w := range map[string]want{
		"books/font-kingdom-11.png": {true, false}, "books/font-condal-10.png": {true, false},
		"framed-marks.png":         {true, false},
		"books/font-condal-09.jpg": {false, false}, // faint hatching: its squares alternate
		"books/pixel-pieces.png":   {true, true}, "books/font-kingdom-pieces.png": {true, true},
	} {
		img := gocv.IMRead("../testdata/"+name, gocv.IMReadColor)
		bs, err := Find(img, Options{})
		img.Close()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := (want{bs[0].Bare, bs[0].FromPieces}); len(bs) != 1 || got != w {
			t.Errorf("%s: %d boards, the first bare, from pieces: %v; want one, %v", name, len(bs), got, w)
		}
	}
}

// TestFitPieces fits lattices to blobs laid out as pieces on squares of
// side 20 with the first square's centre at (30, 50): the step and phase
// come back within a pixel through noise and a piece-sized blob between
// squares; a piece in two patches of ink counts once; too few pieces, or
// pieces over nine files, are no board.
func TestFitPieces(t *testing.T) {
	piece := func(file, rank int, dx, dy, h float64) blob {
		cx, cy := 30+20*float64(file)+dx, 50+20*float64(rank)+dy
		return blob{cx - 6, cy - h/2, 12, h}
	}
	var board []blob
	for i := range 10 {
		board = append(board, piece(i%8, (3*i+i/8)%8, float64(i%3)-1, float64(i%2)-0.5, 14+float64(i%4)))
	}
	between := blob{34, 52.5, 12, 15} // half a square right of and below the first square
	split := []blob{board[0], piece(0, 0, 0, 0, 9), board[1], piece(1, 3, 0, 0, 9), board[2], piece(2, 6, 0, 0, 9)}
	for _, c := range []struct {
		name  string
		blobs []blob
		n     int // squares with pieces; 0: no board
	}{
		{"ten pieces", board, 10},
		{"and one between squares", append(slices.Clone(board), between), 10},
		{"three pieces in two patches each", split, 0},
		{"five pieces", board[:5], 0},
		{"nine files", append(slices.Clone(board), piece(8, 2, 0, 0, 15)), 0},
	} {
		best, _ := bestPieces(c.blobs, 10, 40)
		if best.n != c.n {
			t.Errorf("%s: %d squares with pieces, want %d (%+v)", c.name, best.n, c.n, best)
			continue
		}
		if c.n == 0 {
			continue
		}
		x0 := best.x0 + float64(best.k0[0])*best.s
		y0 := best.y0 + float64(best.k0[1])*best.s
		if math.Abs(best.s-20) > 0.3 || math.Abs(x0-30) > 1 || math.Abs(y0-50) > 1 {
			t.Errorf("%s: step %.2f, first square at (%.1f, %.1f); want 20, (30, 50)", c.name, best.s, x0, y0)
		}
	}
}

// TestPlacePieces places eight files and ranks over those pieces stand on
// (squares of side 10, centres at 5 + 10k unless said): all eight say
// where; fewer leave the choice to the picture, the window that fits in it
// (a third of a square of slack, as for any lattice) and is most central,
// the first of two as central.
func TestPlacePieces(t *testing.T) {
	fit := func(x0 float64, k0, k1 [2]int) piecesFit { return piecesFit{s: 10, x0: x0, y0: 5, k0: k0, k1: k1} }
	for _, c := range []struct {
		name   string
		f      piecesFit
		w, h   int
		c0, r0 int
		ok     bool
	}{
		{"eight files and ranks", fit(5, [2]int{2, 2}, [2]int{9, 9}), 200, 200, 2, 2, true},
		{"seven files, one window fits", fit(5, [2]int{1, 0}, [2]int{7, 7}), 80, 80, 0, 0, true},
		{"seven files, centred", fit(5, [2]int{3, 0}, [2]int{9, 7}), 120, 80, 2, 0, true},
		{"five files, centred", fit(5, [2]int{3, 0}, [2]int{7, 7}), 100, 80, 1, 0, true},
		{"five files, two as central", fit(5, [2]int{3, 0}, [2]int{7, 7}), 110, 80, 1, 0, true},
		{"off the left edge", fit(2, [2]int{0, 0}, [2]int{6, 7}), 100, 80, 0, 0, true},
		{"outside the picture", fit(5, [2]int{10, 0}, [2]int{12, 7}), 100, 80, 0, 0, false},
	} {
		c0, r0, ok := placePieces(c.f, c.w, c.h)
		if c0 != c.c0 || r0 != c.r0 || ok != c.ok {
			t.Errorf("%s: got %d, %d, %v; want %d, %d, %v", c.name, c0, r0, ok, c.c0, c.r0, c.ok)
		}
	}
}

// TestLineInkOutside measures the ink on the lines of a board that
// reaches past the picture's edges, as one placed from its pieces may:
// only what lies inside counts, and nothing is read outside the picture.
func TestLineInkOutside(t *testing.T) {
	grey := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(255, 0, 0, 0), 80, 80, gocv.MatTypeCV8U)
	defer grey.Close()
	// A dark line along x = 30, on the line between the board's third and
	// fourth files when its squares are 10 wide from x = 0.
	gocv.Rectangle(&grey, image.Rect(29, 0, 32, 80), color.RGBA{0, 0, 0, 0}, -1)
	for _, c := range []struct {
		name           string
		x0, y0, x1, y1 float64
		want           float64 // more than this on the lines
	}{
		{"inside", 0, 0, 80, 80, 1},
		{"past the top left", 0, -3, 80, 77, 1},
		{"past the bottom right", 0, 5, 80, 85, 1},
	} {
		if got := lineInk(grey, c.x0, c.y0, c.x1, c.y1); !(got > c.want) {
			t.Errorf("%s: %.2f of the ink on the lines, want more than %.2f", c.name, got, c.want)
		}
	}
	if got := lineInk(grey, 90, 90, 170, 170); got != 1 {
		t.Errorf("board outside the picture: %.2f, want 1", got)
	}
}

func TestFindBadInput(t *testing.T) {
	empty := gocv.NewMat()
	defer empty.Close()
	if _, err := Find(empty, Options{}); err == nil {
		t.Error("empty picture: no error")
	}
	tiny := gocv.NewMatWithSize(5, 5, gocv.MatTypeCV8UC3)
	defer tiny.Close()
	if _, err := Find(tiny, Options{}); err == nil {
		t.Error("5x5 picture: no error")
	}
}

func BenchmarkFind(b *testing.B) {
	img := gocv.IMRead("../testdata/browser-cburnett.png", gocv.IMReadColor)
	defer img.Close()
	for i := 0; i < b.N; i++ {
		if _, err := Find(img, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFindFaint finds a pale theme cropped tight whose pixel-art pieces
// cover most of its squares' corners: the lattice fits, but the shades
// alternate too faintly for minChecker, so the board comes back marked
// Faint for the reader to check.
func TestFindFaint(t *testing.T) {
	img := gocv.IMRead("../testdata/pale-pixel.png", gocv.IMReadColor)
	defer img.Close()
	boards, err := Find(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := [4]Point{{0, 0}, {240, 0}, {240, 240}, {0, 240}}
	if b := boards[0]; !b.Faint || CornerError(b.Corners, want) > 0.01 {
		t.Errorf("board at %v, faint %v (checker %.2f); want faint at %v", b.Corners, b.Faint, b.Checker, want)
	}
}

// TestFindFaintInside finds a pale board cropped tight, three times the
// size the finder works at, in place of the square outline taken inside
// it for a bare frame, and keeps that fit (Inside) in the picture's
// pixels: the caller reads it if the board does not read like one.
func TestFindFaintInside(t *testing.T) {
	src := gocv.IMRead("../testdata/screens/pale-tight-kiwen.jpg", gocv.IMReadColor)
	defer src.Close()
	img := gocv.NewMat()
	defer img.Close()
	gocv.Resize(src, &img, image.Point{}, 3, 3, gocv.InterpolationLinear)
	boards, err := Find(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	side := float64(img.Cols())
	want := [4]Point{{0, 0}, {side, 0}, {side, side}, {0, side}}
	b := boards[0]
	if !b.Faint || CornerError(b.Corners, want) > 0.01 || len(b.Inside) != 1 {
		t.Fatalf("board at %v, faint %v, %d fits inside; want faint at %v holding one", b.Corners, b.Faint, len(b.Inside), want)
	}
	// The fit inside is one square's outline, an eighth of the board.
	if r := b.Inside[0].bounds(); math.Abs(float64(r.Dx())-side/8) > side/64 {
		t.Errorf("fit inside at %v: %d pixels wide, want about %.0f", r, r.Dx(), side/8)
	}
}

// TestFindStretched: boards whose squares are wider than tall, as in a
// phone's screenshot of its camera preview, are found where they were
// drawn. The pale board at 1.6 also once sent the line search of photos
// (tried when no lattice is found) into a loop over billions of windows:
// Find must come back.
func TestFindStretched(t *testing.T) {
	for _, c := range []struct {
		file    string
		stretch float64
		want    [4]Point
	}{
		{"pale-pixel.png", 1.45, [4]Point{{0, 0}, {348, 0}, {348, 240}, {0, 240}}},
		{"pale-pixel.png", 1.6, [4]Point{{0, 0}, {384, 0}, {384, 240}, {0, 240}}},
	} {
		t.Run(fmt.Sprintf("%s-%.2f", c.file, c.stretch), func(t *testing.T) {
			src := gocv.IMRead("../testdata/"+c.file, gocv.IMReadColor)
			defer src.Close()
			img := gocv.NewMat()
			defer img.Close()
			gocv.Resize(src, &img, image.Point{}, c.stretch, 1, gocv.InterpolationArea)
			type result struct {
				boards []Board
				err    error
			}
			done := make(chan result, 1)
			go func() {
				b, err := Find(img, Options{})
				done <- result{b, err}
			}()
			var r result
			select {
			case r = <-done:
			case <-time.After(time.Minute):
				t.Fatal("Find did not come back within a minute")
			}
			if r.err != nil {
				t.Fatal(r.err)
			}
			if got := r.boards[0].Corners; CornerError(got, c.want) > 0.01 {
				t.Errorf("board at %v, want %v", got, c.want)
			}
		})
	}
}

// BenchmarkRefit refits a diagram scanned 3 degrees turned, as fenscan
// does for every flat board it reads doubtfully.
func BenchmarkRefit(b *testing.B) {
	img := gocv.IMRead("../testdata/turned-scan.png", gocv.IMReadColor)
	defer img.Close()
	boards, err := Find(img, Options{})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		if _, ok := Refit(img, boards[0]); !ok {
			b.Fatal("not refitted")
		}
	}
}

// TestFindTurned checks the corners found on the same pictures turned
// 3 degrees, as a scan often is, and seen at a slant, as a page or screen
// photographed by hand is: the lattice search fits rows and columns
// parallel to the picture's edges and misses the corners by 2-3% of the
// board's width there, and the refit to the crossings of the board's
// lines must find them.
func TestFindTurned(t *testing.T) {
	views := []struct {
		name string
		// where the padded picture's corners go, as shares of its size
		to [4]Point
	}{
		{"turned", turn(3 * math.Pi / 180)},
		{"slanted", [4]Point{{0.04, 0.02}, {0.95, 0.0}, {1, 1}, {0, 0.97}}},
		// A page held under the camera by one corner: the lattice's
		// upright outline is off there by half a square.
		{"corner", [4]Point{{0.1, 0.08}, {1, 0.01}, {1, 1}, {0, 1}}},
		// A screen photographed from below its middle.
		{"keystone", [4]Point{{0.1, 0.02}, {0.9, 0.02}, {1, 1}, {0, 1}}},
	}
	for _, c := range drawn {
		for _, v := range views {
			t.Run(c.file+"/"+v.name, func(t *testing.T) {
				src := gocv.IMRead("../testdata/"+c.file, gocv.IMReadColor)
				defer src.Close()
				pad := src.Cols() / 8
				img := gocv.NewMat()
				defer img.Close()
				gocv.CopyMakeBorder(src, &img, pad, pad, pad, pad, gocv.BorderConstant, color.RGBA{255, 255, 255, 0})
				w, h := float64(img.Cols()), float64(img.Rows())
				from := [4]Point{{0, 0}, {w, 0}, {w, h}, {0, h}}
				var to [4]Point
				for i, p := range v.to {
					to[i] = Point{p.X * w, p.Y * h}
				}
				hm, ok := fitHomography(from[:], to[:])
				if !ok {
					t.Fatal("no homography")
				}
				m := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
				defer m.Close()
				for i := 0; i < 3; i++ {
					for j := 0; j < 3; j++ {
						m.SetDoubleAt(i, j, hm[i][j])
					}
				}
				seen := gocv.NewMat()
				defer seen.Close()
				gocv.WarpPerspectiveWithParams(img, &seen, m, image.Pt(img.Cols(), img.Rows()),
					gocv.InterpolationLinear, gocv.BorderConstant, color.RGBA{255, 255, 255, 0})
				boards, err := Find(seen, Options{})
				if err != nil {
					t.Fatal(err)
				}
				o := float64(pad)
				var want [4]Point
				for i, p := range [4]Point{{c.x, c.y}, {c.x + c.side, c.y}, {c.x + c.side, c.y + c.side}, {c.x, c.y + c.side}} {
					want[i] = apply(hm, Point{p.X + o, p.Y + o})
				}
				got, ok := Refit(seen, boards[0])
				if !ok {
					t.Fatalf("corners %v not refitted, want %v", boards[0].Corners, want)
				}
				if e := CornerError(got, want); e > 0.01 {
					t.Errorf("refitted corners %v, want %v: off by %.1f%% of the side", got, want, 100*e)
				}
			})
		}
	}
}

// turn gives where a picture's corners go, as shares of its size, when
// it is turned by angle radians about its centre.
func turn(angle float64) [4]Point {
	var to [4]Point
	s, c := math.Sin(angle), math.Cos(angle)
	for i, p := range [4]Point{{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}} {
		to[i] = Point{0.5 + c*p.X - s*p.Y, 0.5 + s*p.X + c*p.Y}
	}
	return to
}

// TestFirstBoards: MaxBoards counts only boards that need no reading to
// be boards; the Bare and Faint ones before the last counted are kept.
func TestFirstBoards(t *testing.T) {
	clear, faint, bare := Board{}, Board{Faint: true}, Board{Bare: true}
	for _, c := range []struct {
		name  string
		found []Board
		n     int
		want  int
	}{
		{"clear boards", []Board{clear, clear, clear}, 2, 2},
		{"a faint fit first", []Board{faint, clear, clear}, 1, 2},
		{"faint and bare between", []Board{clear, faint, bare, clear, clear}, 2, 4},
		{"fewer than n", []Board{faint, clear}, 3, 2},
		{"faint after the last", []Board{clear, faint}, 1, 1},
	} {
		if got := firstBoards(c.found, c.n); len(got) != c.want {
			t.Errorf("%s: %d boards, want %d", c.name, len(got), c.want)
		}
	}
}
