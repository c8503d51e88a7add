package batch

import (
	"bytes"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fenscan/fenscan"
	"github.com/fenscan/fenscan/assemble"
	"github.com/fenscan/fenscan/editor"
)

var layouts = map[string]Layout{
	"text":     {Format: Text, Names: true},
	"text+url": {Format: Text, Names: true, Site: editor.Lichess},
	"json":     {Format: JSON},
	"json+url": {Format: JSON, Site: editor.ChessCom},
	"csv":      {Format: CSV},
	"csv+url":  {Format: CSV, Site: editor.ChessCom},
}

func onPage(b fenscan.Board, page int) fenscan.Board {
	b.Page = page
	return b
}

// results are written by the Writer and read back by ReadDone: names with
// ": ", commas, quotes and spaces, a picture with two boards, a failure.
func sampleResults() []Result {
	board := func(i int, fen string) fenscan.Board {
		return fenscan.Board{Index: i, FEN: fen, Confidence: 0.5, Position: &assemble.Position{Orientation: assemble.WhiteBottom}}
	}
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	return []Result{
		{Image: "shots/a.png", Boards: []fenscan.Board{board(0, start)}},
		{Image: `odd: "name", with.png`, Boards: []fenscan.Board{board(0, "8/8/8/8/8/8/8/K6k b - - 0 1"), board(1, start)}},
		{Image: "shots/bad.png", Err: errors.New("truncated png: the file ends inside chunk \"IDAT\"")},
		{Image: "book.pdf", Boards: []fenscan.Board{onPage(board(0, start), 2), onPage(board(0, start), 12)}},
		{Image: "shots/c d.png", Boards: []fenscan.Board{board(0, start)}},
	}
}

func write(t *testing.T, l Layout, rs []Result) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf, l)
	if err := w.WriteHeader(); err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes()
}

func TestReadDoneRoundTrip(t *testing.T) {
	rs := sampleResults()
	for name, l := range layouts {
		t.Run(name, func(t *testing.T) {
			out := write(t, l, rs)
			done, keep, err := ReadDone(bytes.NewReader(out), l)
			if err != nil {
				t.Fatalf("%v in\n%s", err, out)
			}
			// All but the last picture, which is always done again.
			want := []string{rs[0].Image, rs[1].Image, rs[2].Image, rs[3].Image}
			if l.Format == Text {
				want = slices.Delete(want, 2, 3) // text holds no failures
			}
			wantKeep := len(out) - len(write(t, l, rs[4:])) + len(write(t, l, nil))
			if got := slices.Sorted(maps.Keys(done)); !slices.Equal(got, slices.Sorted(slices.Values(want))) || keep != int64(wantKeep) {
				t.Errorf("read %q, keeping %d of %d bytes; want %q, keeping %d", got, keep, len(out), want, wantKeep)
			}
		})
	}
}

// TestReadDoneCut cuts the output at every byte, as a kill could: what is
// kept must end at a line's end, hold only whole pictures, and lose
// nothing but the last picture or two.
func TestReadDoneCut(t *testing.T) {
	rs := sampleResults()
	for name, l := range layouts {
		t.Run(name, func(t *testing.T) {
			out := write(t, l, rs)
			full := write(t, l, nil) // the header alone
			for cut := 0; cut <= len(out); cut++ {
				done, keep, err := ReadDone(bytes.NewReader(out[:cut]), l)
				if err != nil {
					t.Fatalf("cut at %d: %v", cut, err)
				}
				if keep > int64(cut) || (keep > 0 && out[keep-1] != '\n') {
					t.Fatalf("cut at %d: keeps %d bytes, not whole lines", cut, keep)
				}
				// Writing the missing pictures after what is kept gives
				// the full output back.
				var rest []Result
				for _, r := range rs {
					if !done[r.Image] {
						rest = append(rest, r)
					}
				}
				again := append(bytes.Clone(out[:keep]), write(t, l, rest)[len(headerOf(full, keep)):]...)
				if !bytes.Equal(again, out) {
					t.Fatalf("cut at %d, kept %d: resumed output differs:\n%s\nwant\n%s", cut, keep, again, out)
				}
			}
		})
	}
}

// headerOf is the header a resumed run does not write again: all of it
// when the kept part has it.
func headerOf(header []byte, keep int64) []byte {
	if keep >= int64(len(header)) {
		return header
	}
	return nil
}

func TestReadDoneRefuses(t *testing.T) {
	rs := sampleResults()
	for _, c := range []struct {
		name   string
		data   []byte
		layout Layout
		want   string
	}{
		{"json read as csv", write(t, layouts["json"], rs), layouts["csv"], "columns"},
		{"csv without url read with url", write(t, layouts["csv"], rs), layouts["csv+url"], "columns"},
		{"csv read as json", write(t, layouts["csv"], rs), layouts["json"], "line 1 is not the --json output"},
		{"bare FENs", []byte("8/8/8/8/8/8/8/K6k w - - 0 1\n8/8/8/8/8/8/8/K6k w - - 0 1\n"), layouts["text"], "line 1"},
		{"garbage inside", append([]byte("{\"image\":\"a\"}\nnot json\n"), write(t, layouts["json"], rs)...), layouts["json"], "line 2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := ReadDone(bytes.NewReader(c.data), c.layout)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error with %q", err, c.want)
			}
		})
	}
}

// TestResumeTruncates checks the file itself: a half-written last line is
// cut off, and with it the last whole picture before it.
func TestResumeTruncates(t *testing.T) {
	l := layouts["json"]
	out := write(t, l, sampleResults())
	path := filepath.Join(t.TempDir(), "out.jsonl")
	cut := len(out) - 10
	must(t, os.WriteFile(path, out[:cut], 0o644))
	done, err := Resume(path, l)
	if err != nil {
		t.Fatal(err)
	}
	kept, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The cut falls in the line of "shots/c d.png"; the last whole
	// picture before it (book.pdf) goes too, to be done again.
	if want := write(t, l, sampleResults()[:3]); !bytes.Equal(kept, want) {
		t.Errorf("file after Resume:\n%s\nwant\n%s", kept, want)
	}
	if len(done) != 3 {
		t.Errorf("done %v, want the first three pictures", done)
	}
	if done, err := Resume(filepath.Join(t.TempDir(), "new.jsonl"), l); err != nil || len(done) != 0 {
		t.Errorf("a missing file gives %v, %v; want nothing done", done, err)
	}
}

// FuzzReadDone reads any bytes as each kind of output: no panic, whole
// lines kept, and reading what is kept gives no picture that was not done.
func FuzzReadDone(f *testing.F) {
	rs := sampleResults()
	for _, l := range layouts {
		var buf bytes.Buffer
		w := NewWriter(&buf, l)
		_ = w.WriteHeader()
		for _, r := range rs {
			_ = w.Write(r)
		}
		f.Add(buf.Bytes())
		f.Add(buf.Bytes()[:buf.Len()/2])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for name, l := range layouts {
			done, keep, err := ReadDone(bytes.NewReader(data), l)
			if err != nil {
				continue
			}
			if keep < 0 || keep > int64(len(data)) || (keep > 0 && data[keep-1] != '\n') {
				t.Fatalf("%s: keeps %d of %d bytes", name, keep, len(data))
			}
			again, keep2, err := ReadDone(bytes.NewReader(data[:keep]), l)
			if err != nil || keep2 > keep {
				t.Fatalf("%s: reading the kept part again gives %d, %v; want at most %d", name, keep2, err, keep)
			}
			for image := range again {
				if !done[image] {
					t.Fatalf("%s: %q is done only the second time", name, image)
				}
			}
		}
	})
}
