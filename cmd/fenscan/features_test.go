package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fenscan/fenscan/classify"
	"github.com/fenscan/fenscan/debugimg"
	"github.com/fenscan/fenscan/internal/testfiles"
	"github.com/fenscan/fenscan/models"
)

// TestScanPDF scans a PDF made of two generated book pages, all pages and
// then one, and checks each board's page and placement in the JSON.
func TestScanPDF(t *testing.T) {
	path := testfiles.Book(t, "Book.PDF", "../../testdata/pages/page-0.png", "../../testdata/pages/page-4.png")
	r := fenscanRun("scan", "--json", "--flip", "no", path)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	var pages []int
	for _, line := range strings.Split(strings.TrimSpace(r.out), "\n") {
		var b struct {
			Page int    `json:"page"`
			FEN  string `json:"fen"`
		}
		if err := json.Unmarshal([]byte(line), &b); err != nil {
			t.Fatal(err)
		}
		pages = append(pages, b.Page)
	}
	if got := len(pages); got != 5 || pages[0] != 1 || pages[4] != 2 {
		t.Errorf("pages of the boards: %v, want two on page 1 then three on page 2", pages)
	}
	r = fenscanRun("scan", "--pages", "2", "--flip", "no", path)
	if n := strings.Count(r.out, "page 2: "); r.code != 0 || n != 3 || strings.Contains(r.out, "page 1: ") {
		t.Errorf("--pages 2: exit %d, output %q", r.code, r.out)
	}
	// The same file piped in, through a temporary file that is removed,
	// its debug pictures named for standard input.
	book, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tmp, dbg := t.TempDir(), t.TempDir()
	t.Setenv("TMPDIR", tmp)
	r = runIn(context.Background(), bytes.NewReader(book), nil, "scan", "--pages", "2", "--flip", "no", "--debug", dbg, "-")
	if n := strings.Count(r.out, "page 2: "); r.code != 0 || n != 3 || strings.Contains(r.out, "page 1: ") {
		t.Errorf("--pages 2 from standard input: exit %d, output %q, %s", r.code, r.out, r.err)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left in the temporary folder: %v", left)
	}
	if outline, _ := debugimg.Paths(dbg, "stdin.page2", 3); !exists(outline) {
		t.Errorf("no debug picture %s", outline)
	}
	r = fenscanRun("scan", "--pages", "7", path)
	if r.code != 1 || !strings.Contains(r.err, "outside pages 1-2") {
		t.Errorf("--pages 7: exit %d, %q", r.code, r.err)
	}
}

// TestScanPDFDebug scans a PDF of a page with two diagrams and a page of
// text with --debug: each page gets its outline picture, with each
// board's outline through its corners, and each board its own picture.
func TestScanPDFDebug(t *testing.T) {
	// framed-marks.png on a page of A4's shape, so that its frame stays
	// square on the PDF's page.
	marks := loadPicture(t, "../../testdata/framed-marks.png")
	a4 := image.NewGray(image.Rect(0, 0, 840, 1188))
	draw.Draw(a4, a4.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(a4, marks.Bounds().Add(image.Pt(180, 300)), marks, marks.Bounds().Min, draw.Src)
	var buf bytes.Buffer
	if err := png.Encode(&buf, a4); err != nil {
		t.Fatal(err)
	}
	framed := filepath.Join(t.TempDir(), "framed-page.png")
	writeFile(t, framed, buf.Bytes())
	path := testfiles.Book(t, "book.pdf", "../../testdata/pages/page-0.png", "../../testdata/text-page.png", framed)
	dbg := t.TempDir()
	r := fenscanRun("scan", "--json", "--flip", "no", "--debug", dbg, path)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	outline1, boards1 := debugimg.Paths(dbg, path+".page1", 2)
	outline2, boards2 := debugimg.Paths(dbg, path+".page2", 1)
	lines := jsonLines(t, r.out)
	if len(lines) != 2 {
		t.Fatalf("%d boards, want 2", len(lines))
	}
	page := loadPicture(t, outline1)
	for _, l := range lines {
		c := l.Corners[1]
		r, g, b, _ := page.At(int(c[0]+0.5), int(c[1]+0.5)).RGBA()
		if r < 0xc000 || b < 0xc000 || g > 0x4000 {
			t.Errorf("page 1: corner %v of a board is not on a magenta outline", c)
		}
	}
	for _, name := range append(boards1, outline2) {
		if !exists(name) {
			t.Errorf("no debug picture %s", name)
		}
	}
	if exists(boards2[0]) {
		t.Error("a board picture was written for the page of text")
	}
	// The frame around rings on page 3 was given up: it is drawn in orange.
	outline3, _ := debugimg.Paths(dbg, path+".page3", 0)
	page = loadPicture(t, outline3)
	orange := 0
	for y := page.Bounds().Min.Y; y < page.Bounds().Max.Y; y++ {
		for x := page.Bounds().Min.X; x < page.Bounds().Max.X; x++ {
			if isOrange(page.At(x, y)) {
				orange++
			}
		}
	}
	if orange < 1000 {
		t.Errorf("page 3: %d orange pixels, want a frame given up drawn in orange", orange)
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// TestAdaptProfile makes a profile from testdata's labelled screenshots,
// scans with it, and checks that another model's profile is refused.
func TestAdaptProfile(t *testing.T) {
	dir := t.TempDir()
	prof := filepath.Join(dir, "set.profile")
	r := fenscanRun("adapt", "../../testdata/labels.csv", "-o", prof)
	if r.code != 0 {
		t.Fatalf("adapt: exit %d: %s", r.code, r.err)
	}
	r = fenscanRun("scan", "--profile", prof, "../../testdata/browser-cburnett.png")
	want := placements(t)["browser-cburnett.png"]
	if r.code != 0 || placementOf(strings.TrimSpace(r.out)) != want {
		t.Errorf("scan --profile: exit %d, %q, want %s", r.code, r.out, want)
	}
	data, err := os.ReadFile(prof)
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(data, &p); err != nil || p["format"] != "fenscan-profile" || p["version"] != 1.0 {
		t.Fatalf("profile file: %v, %v", err, p["format"])
	}
	other := filepath.Join(dir, "other.profile")
	writeFile(t, other, []byte(strings.Replace(string(data), p["model"].(string), "sha256:000000000000", 1)))
	r = fenscanRun("scan", "--profile", other, "../../testdata/browser-cburnett.png")
	if r.code == 0 || !strings.Contains(r.err, "made for model") {
		t.Errorf("foreign profile: exit %d, %q", r.code, r.err)
	}
	// A profile from pictures that lack pieces says which.
	pic, err := filepath.Abs("../../testdata/composition-black-coords.png")
	if err != nil {
		t.Fatal(err)
	}
	one := filepath.Join(dir, "one.csv")
	writeFile(t, one, []byte("image,fen_placement,kind\n"+pic+",8/8/8/4k3/8/8/8/R3K3,diagram\n"))
	r = fenscanRun("adapt", one, "-o", filepath.Join(dir, "one.profile"))
	if want := "no P, N, B, Q, p, n, b, r, q in these pictures"; r.code != 0 || !strings.Contains(r.err, want) {
		t.Errorf("adapt from one picture: exit %d, %q, want %q", r.code, r.err, want)
	}
	if r := fenscanRun("adapt", "../../testdata/labels.csv"); r.code != 2 {
		t.Errorf("adapt without -o: exit %d", r.code)
	}
}

// TestScanAssembleFlags checks the FEN fields the user sets.
func TestScanAssembleFlags(t *testing.T) {
	r := fenscanRun("scan", "--side", "w", "--halfmove", "3", "--fullmove", "12", "--castling", "-", "../../testdata/black-side-merida.png")
	if r.code != 0 || !strings.HasSuffix(strings.TrimSpace(r.out), " w - - 3 12") {
		t.Errorf("exit %d, %q", r.code, r.out)
	}
	for _, bad := range [][]string{{"--ep", "never"}, {"--side", "x"}, {"--fullmove", "-1"}} {
		args := append([]string{"scan"}, append(bad, "../../testdata/black-side-merida.png")...)
		if r := fenscanRun(args...); r.code != 2 {
			t.Errorf("%v: exit %d", bad, r.code)
		}
	}
}

// TestScanPhotoKind reads a photo of a real board seen from its side as a
// photo: the JSON says so, with the grid's fit and the orientation, and
// the pawns in the middle of the board (ranks 7 to 3, what the
// orientation rests on) come out where they stand from White's side.
// (The back ranks, pieces seen from straight above, are the photo model's
// weak part; fenscan's own test of photos measures them.)
func TestScanPhotoKind(t *testing.T) {
	const want = "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR"
	r := fenscanRun("scan", "--kind", "photo", "--json", "../../testdata/photos/samryan-005.jpg")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	var got struct {
		FEN         string `json:"fen"`
		Kind        string `json:"kind"`
		Orientation string `json:"orientation"`
		Grid        *struct {
			Lines int     `json:"lines"`
			Error float64 `json:"error"`
		} `json:"grid"`
	}
	if err := json.Unmarshal([]byte(r.out), &got); err != nil {
		t.Fatalf("%v: %s", err, r.out)
	}
	if got.Kind != "photo" || got.Grid == nil || got.Grid.Lines < 12 || got.Orientation != "white-right" {
		t.Errorf("kind %s, grid %+v, seen from %s; want a photo with its grid, seen with White at the right",
			got.Kind, got.Grid, got.Orientation)
	}
	middle := func(fen string) string {
		ranks := strings.Split(strings.Fields(fen)[0], "/")
		if len(ranks) != 8 {
			return fen
		}
		return strings.Join(ranks[1:6], "/")
	}
	if g, w := middle(got.FEN), middle(want); g != w {
		t.Errorf("ranks 7 to 3: got %s, want %s (FEN %s)", g, w, got.FEN)
	}
}

// TestVersion names each embedded model with its identity.
func TestVersion(t *testing.T) {
	r := fenscanRun("version")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	for _, m := range []struct {
		name  string
		model []byte
	}{{"digital", models.Digital}, {"digital2", models.Digital2}, {"photo", models.Photo}, {"coords", models.Coords}} {
		if line := "model " + m.name + " " + classify.ModelID(m.model); !strings.Contains(r.out, line) {
			t.Errorf("version does not say %q:\n%s", line, r.out)
		}
	}
}

// TestSecondModelFile: a second model, digital or photo, that cannot be
// loaded is refused before any picture is read, in one line naming the
// file, even when the picture (a screenshot read surely) would never have
// needed it.
func TestSecondModelFile(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "second.onnx")
	writeFile(t, bad, []byte("not a model"))
	for flag, cause := range map[string]string{"--second-model": ": second model", "--second-photo-model": ": second photo model"} {
		r := fenscanRun("scan", flag, bad, cburnett)
		if r.code == 0 || r.out != "" || strings.Count(r.err, "\n") != 1 || !strings.Contains(r.err, bad+cause) {
			t.Errorf("%s: exit %d, out %q, err %q; want a failure and one line naming %s", flag, r.code, r.out, r.err, bad)
		}
	}
}
