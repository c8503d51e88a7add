package fenscan

import (
	"bytes"
	"context"
	"errors"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fenscan/fenscan/internal/badpics"
	"gocv.io/x/gocv"
)

// meridaPlacement is the position of testdata/black-side-merida.png (a
// board seen from Black's side), from testdata/labels.csv.
const meridaPlacement = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R"

// oddAndBad makes the inputs of package badpics from the board of
// testdata/black-side-merida.png, and a scanner to read them.
func oddAndBad(t testing.TB) (odd, bad []badpics.Picture, s *Scanner) {
	t.Helper()
	board, err := badpics.Load("testdata/black-side-merida.png")
	if err != nil {
		t.Fatal(err)
	}
	if odd, err = badpics.Odd(board); err != nil {
		t.Fatal(err)
	}
	if bad, err = badpics.Bad(board); err != nil {
		t.Fatal(err)
	}
	return odd, bad, newScanner(t, Options{})
}

// newScanner returns a Scanner made with opts, closed when the test ends.
func newScanner(tb testing.TB, opts Options) *Scanner {
	tb.Helper()
	s, err := New(opts)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

// TestScanBadInputs feeds every broken or hostile input to a real scanner:
// each must give its own cause, in one line, and no board.
func TestScanBadInputs(t *testing.T) {
	_, bad, s := oddAndBad(t)
	for _, p := range bad {
		t.Run(p.Name, func(t *testing.T) {
			boards, err := s.ScanBytes(context.Background(), p.Data)
			if err == nil {
				t.Fatalf("read %d boards, want an error with %q", len(boards), p.Err)
			}
			if msg := err.Error(); !strings.Contains(msg, p.Err) || strings.Contains(msg, "\n") {
				t.Errorf("error %q: want one line with %q", msg, p.Err)
			}
			if p.Err == "pixel limit" && !errors.Is(err, ErrTooLarge) {
				t.Errorf("error %q is not ErrTooLarge", err)
			}
		})
	}
}

// TestScanOddEncodings reads the same board from every unusual encoding:
// CMYK JPEG, 16-bit, paletted and transparent PNG, animated GIF, WebP,
// BMP, TIFF.
func TestScanOddEncodings(t *testing.T) {
	odd, _, s := oddAndBad(t)
	for _, p := range odd {
		t.Run(p.Name, func(t *testing.T) {
			boards, err := s.ScanBytes(context.Background(), p.Data)
			if err != nil {
				t.Fatal(err)
			}
			if got := boards[0].Placement(); got != meridaPlacement {
				t.Errorf("placement\n got %s\nwant %s", got, meridaPlacement)
			}
		})
	}
}

// TestDecodeColours checks pixels, not only the FEN the model reads from
// them: CMYK must not come out inverted, and a transparent margin must be
// white, as the page it is shown on, not the black its pixels hide.
func TestDecodeColours(t *testing.T) {
	odd, _, _ := oddAndBad(t)
	want, err := os.ReadFile("testdata/black-side-merida.png")
	if err != nil {
		t.Fatal(err)
	}
	ref := decodeGrey(t, want)
	for _, p := range odd {
		t.Run(p.Name, func(t *testing.T) {
			got := decodeGrey(t, p.Data)
			margin := (got.Rect.Dx() - ref.Rect.Dx()) / 2
			if margin > 0 {
				for _, pt := range []image.Point{{1, 1}, {got.Rect.Dx() - 2, margin / 2}} {
					if v := got.GrayAt(pt.X, pt.Y).Y; v != 255 {
						t.Errorf("transparent margin at %v is %d, want white (255)", pt, v)
					}
				}
			}
			var sum float64
			for y := 0; y < ref.Rect.Dy(); y++ {
				for x := 0; x < ref.Rect.Dx(); x++ {
					d := float64(got.GrayAt(x+margin, y+margin).Y) - float64(ref.GrayAt(x, y).Y)
					sum += max(d, -d)
				}
			}
			if mean := sum / float64(ref.Rect.Dx()*ref.Rect.Dy()); mean > 3 {
				t.Errorf("mean grey difference from the original is %.1f levels", mean)
			}
		})
	}
}

func decodeGrey(t *testing.T, data []byte) *image.Gray {
	t.Helper()
	m, err := Decode(data, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	g := gocv.NewMat()
	defer g.Close()
	gocv.CvtColor(m, &g, gocv.ColorBGRToGray)
	img, err := g.ToImage()
	if err != nil {
		t.Fatal(err)
	}
	return img.(*image.Gray)
}

func TestReadPicture(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good, err := os.ReadFile("testdata/small-chessnut.jpg")
	if err != nil {
		t.Fatal(err)
	}
	// A valid 200x180 picture followed by more bytes than any such picture
	// needs (a sparse file: no disk is spent).
	padded := write("padded.jpg", good)
	if err := os.Truncate(padded, 200*180*maxBytesPerPixel+metaSlack+1); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, path string
		maxPixels  int
		want       string
	}{
		{"good", write("good.jpg", good), 0, ""},
		{"missing", filepath.Join(dir, "nothing.png"), 0, "cannot read: no such file or directory"},
		{"folder", dir, 0, "is a folder"},
		{"empty", write("empty.png", nil), 0, "empty file"},
		{"over the limit", write("big.jpg", good), 100, "pixel limit"},
		{"padded", padded, 200 * 180, "larger than any picture"},
	} {
		t.Run(c.name, func(t *testing.T) {
			data, err := ReadPicture(c.path, c.maxPixels)
			switch {
			case c.want == "" && err != nil:
				t.Fatal(err)
			case c.want == "" && !bytes.Equal(data, good):
				t.Fatalf("read %d bytes, want the file's %d", len(data), len(good))
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("got error %v, want %q", err, c.want)
			}
		})
	}
}

// TestScanHEIF reads a HEIC phone photo and an AVIF screenshot (testdata's
// own, made by libheif's heif-enc from their JPEG and PNG siblings) as
// their siblings are read, through ReadPicture as the command line does;
// a HEIC file whose header claims more pixels than the limit is refused
// before decoding.
func TestScanHEIF(t *testing.T) {
	s := newScanner(t, Options{})
	ctx := context.Background()
	for _, c := range [][2]string{
		{"testdata/photos/chesscog-4750.heic", "testdata/photos/chesscog-4750.jpg"},
		{"testdata/browser-cburnett.avif", "testdata/browser-cburnett.png"},
	} {
		var fens [2]string
		for i, name := range c {
			data, err := ReadPicture(name, 0)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			boards, err := s.ScanBytes(ctx, data)
			if err != nil || len(boards) != 1 {
				t.Fatalf("%s: %d boards, %v", name, len(boards), err)
			}
			fens[i] = boards[0].FEN
		}
		if fens[0] != fens[1] {
			t.Errorf("%s read as\n%s\nbut %s as\n%s", c[0], fens[0], c[1], fens[1])
		}
	}
	data, err := os.ReadFile("testdata/photos/chesscog-4750.heic")
	if err != nil {
		t.Fatal(err)
	}
	// The image spatial extents box: version and flags, width, height.
	i := bytes.Index(data, []byte("ispe"))
	if i < 0 {
		t.Fatal("no ispe box")
	}
	copy(data[i+8:], "\x00\x00\x75\x30\x00\x00\x4e\x20") // 30000 x 20000
	m, err := Decode(data, 0)
	m.Close()
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("30000x20000 HEIC: error %v, want ErrTooLarge", err)
	}
}

// FuzzDecode feeds Decode mutations of real pictures' first bytes and of
// the bad inputs: it must return a picture within the pixel limit or a
// one-line error, and never panic or abort.
func FuzzDecode(f *testing.F) {
	for _, name := range []string{"browser-cburnett.png", "black-side-merida.png", "small-chessnut.jpg", "text-page.png", "browser-cburnett.avif"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data[:min(len(data), 2048)])
	}
	_, bad, _ := oddAndBad(f)
	for _, p := range bad {
		f.Add(p.Data)
	}
	for _, p := range []string{"\x89PNG\r\n\x1a\n", "\xff\xd8\xff\xd9", "GIF89a", "BM", "II*\x00", "RIFF\x00\x00\x00\x00WEBPVP8L", "\x00\x00\x00\x18ftypheic"} {
		f.Add([]byte(p))
	}
	const limit = 1 << 20
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data, limit)
		defer m.Close()
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		if m.Empty() || m.Channels() != 3 || m.Rows()*m.Cols() > limit {
			t.Fatalf("decoded %dx%d with %d channels", m.Cols(), m.Rows(), m.Channels())
		}
	})
}
