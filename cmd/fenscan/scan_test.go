package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/fenscan/fenscan/internal/badpics"
	"github.com/spf13/cobra"
)

const cburnett = "../../testdata/browser-cburnett.png"

func TestScanOnePicture(t *testing.T) {
	want := placements(t)["browser-cburnett.png"]
	r := fenscanRun("scan", cburnett)
	if r.code != exitOK || placementOf(r.out) != want || strings.Count(r.out, "\n") != 1 {
		t.Fatalf("got %+v, want one bare FEN of %s", r, want)
	}
	fen := strings.TrimSpace(r.out)

	r = fenscanRun("scan", "--url", "lichess", cburnett)
	if wantOut := fen + " https://lichess.org/editor/" + strings.ReplaceAll(fen, " ", "_") + "\n"; r.out != wantOut {
		t.Errorf("--url lichess printed %q, want %q", r.out, wantOut)
	}
	r = fenscanRun("scan", "--json", "--url", "chesscom", cburnett)
	if l := jsonLines(t, r.out); len(l) != 1 || !strings.HasPrefix(l[0].URL, "https://www.chess.com/analysis?fen="+strings.Split(want, "/")[0]+"%2F") {
		t.Errorf("--json --url chesscom printed %s", r.out)
	}

	data, err := os.ReadFile(cburnett)
	if err != nil {
		t.Fatal(err)
	}
	r = runIn(context.Background(), bytes.NewReader(data), nil, "scan", "-")
	if r.code != exitOK || strings.TrimSpace(r.out) != fen {
		t.Errorf("from standard input: %+v", r)
	}
}

// TestScanShortcut: a picture (or "-") named without a command is scanned,
// with scan's flags after it or before it (-h then gives scan's help, and
// completion offers scan's flags); a misspelt picture gets scan's error, a
// mistyped command cobra's usage error; a file named like a command does
// not hide it.
func TestScanShortcut(t *testing.T) {
	want := fenscanRun("scan", "--json", cburnett)
	if r := fenscanRun(cburnett, "--json"); r.code != exitOK || r.out != want.out {
		t.Errorf("fenscan PICTURE --json: %+v, want %+v", r, want)
	}
	// Flags before the picture (firstOperand's table below has the forms).
	for _, args := range [][]string{
		{"--json", cburnett},
		{"--kind", "digital", "-j", "1", "--json", cburnett},
	} {
		if r := fenscanRun(args...); r.code != exitOK || r.out != want.out {
			t.Errorf("fenscan %q: %+v, want %+v", args, r, want)
		}
	}
	if r := fenscanRun("-h", cburnett); r.code != exitOK || !strings.Contains(r.out, "fenscan scan IMAGE") {
		t.Errorf("fenscan -h PICTURE: %+v, want scan's help", r)
	}
	complete := fenscanRun(cobra.ShellCompRequestCmd, cburnett, "--js")
	if !strings.Contains(complete.out, "--json") {
		t.Errorf("completing fenscan PICTURE --js: %+v, want --json offered", complete)
	}
	data, err := os.ReadFile(cburnett)
	if err != nil {
		t.Fatal(err)
	}
	plain := fenscanRun("scan", cburnett)
	if r := runIn(context.Background(), bytes.NewReader(data), nil, "-"); r.code != exitOK || r.out != plain.out {
		t.Errorf("fenscan -: %+v, want %+v", r, plain)
	}
	if r := fenscanRun("no-such-picture.png"); r.code != exitFailed || !strings.Contains(r.err, "no-such-picture.png: cannot read") {
		t.Errorf("fenscan no-such-picture.png: %+v, want scan's error", r)
	}
	if r := fenscanRun("scna", cburnett); r.code != exitUsage || !strings.Contains(r.err, "unknown command") || r.out != "" {
		t.Errorf("fenscan scna PICTURE: %+v, want exit %d and unknown command", r, exitUsage)
	}
	version := fenscanRun("version")
	t.Chdir(t.TempDir())
	for _, name := range []string{"version", "help"} {
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if r := fenscanRun("version"); r.code != exitOK || r.out != version.out {
		t.Errorf("fenscan version beside a file named version: %+v, want %+v", r, version)
	}
	if r := fenscanRun("help"); r.code != exitOK || !strings.Contains(r.out, "Usage:") {
		t.Errorf("fenscan help beside a file named help: %+v", r)
	}
}

// TestFirstOperand finds the picture among flags as pflag would, with scan's
// flags, and gives up at a flag scan lacks.
func TestFirstOperand(t *testing.T) {
	scan := newScanCmd(ioStreams{})
	scan.InitDefaultHelpFlag()
	for _, c := range []struct {
		args []string
		want int
	}{
		{nil, -1},
		{[]string{"a.png"}, 0},
		{[]string{"-"}, 0},
		{[]string{"--json", "a.png"}, 1},
		{[]string{"--kind", "photo", "a.png"}, 2},
		{[]string{"--kind=photo", "a.png"}, 1},
		{[]string{"-j", "2", "a.png"}, 2},
		{[]string{"-j2", "a.png"}, 1},
		{[]string{"-j=2", "a.png"}, 1},
		{[]string{"-hj", "2", "a.png"}, 2},
		{[]string{"--json=true", "a.png"}, 1},
		// Flags scan lacks may be another command's, with a value or not.
		{[]string{"-o", "p.json", "adapt", "x.csv"}, -1},
		{[]string{"--output", "p.json", "adapt", "x.csv"}, -1},
		{[]string{"-vj", "2", "a.png"}, -1},
		{[]string{"-é", "a.png"}, -1},
		{[]string{"--json", "--", "-a.png"}, 2},
		{[]string{"--json", "--"}, -1},
		{[]string{"--kind"}, -1},
	} {
		if got := firstOperand(scan.Flags(), c.args); got != c.want {
			t.Errorf("firstOperand(%q) = %d, want %d", c.args, got, c.want)
		}
	}
}

// TestScanFolder walks a folder with subfolders, a link loop, hidden and
// non-picture files, a named pipe and a page without a board.
func TestScanFolder(t *testing.T) {
	want := placements(t)
	dir := filepath.Join(t.TempDir(), "shots")
	copyFile(t, "browser-cburnett.png", filepath.Join(dir, "01.png"))
	copyFile(t, "black-side-merida.png", filepath.Join(dir, "sub", "02.PNG"))
	copyFile(t, "small-chessnut.jpg", filepath.Join(dir, "03.jpg"))
	copyFile(t, "small-chessnut.webp", filepath.Join(dir, "04.webp"))
	copyFile(t, "text-page.png", filepath.Join(dir, "z-no-board.png"))
	writeFile(t, filepath.Join(dir, "notes.txt"), []byte("not a picture"))
	writeFile(t, filepath.Join(dir, ".hidden.png"), []byte("not a picture"))
	if err := os.Symlink("..", filepath.Join(dir, "sub", "loop")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.png"), 0o644); err != nil {
		t.Fatal(err)
	}

	r := fenscanRun("scan", "--jobs", "2", dir)
	wantOut := []struct{ name, label string }{
		{"01.png", "browser-cburnett.png"},
		{"03.jpg", "small-chessnut.jpg"},
		{"04.webp", "small-chessnut.webp"},
		{"sub/02.PNG", "black-side-merida.png"},
	}
	lines := strings.Split(strings.TrimSuffix(r.out, "\n"), "\n")
	if len(lines) != len(wantOut) {
		t.Fatalf("printed\n%s\nwant %d lines", r.out, len(wantOut))
	}
	for i, w := range wantOut {
		name, fen, _ := strings.Cut(lines[i], ": ")
		if name != filepath.Join(dir, w.name) || placementOf(fen) != want[w.label] {
			t.Errorf("line %d: %q, want %s: %s", i+1, lines[i], w.name, want[w.label])
		}
	}
	wantErr := fmt.Sprintf("fenscan: %s: not a regular file\nfenscan: %s: no chessboard found\n",
		filepath.Join(dir, "pipe.png"), filepath.Join(dir, "z-no-board.png"))
	if r.err != wantErr || r.code != exitFailed {
		t.Errorf("exit %d, standard error\n%s\nwant exit 1 and\n%s", r.code, r.err, wantErr)
	}
}

// TestScanJobsSameOutput: the output does not depend on the number of
// workers.
func TestScanJobsSameOutput(t *testing.T) {
	one := fenscanRun("scan", "--json", "--jobs", "1", "../../testdata")
	three := fenscanRun("scan", "--json", "--jobs", "3", "../../testdata")
	if one.out != three.out || one.err != three.err || one.code != three.code {
		t.Errorf("--jobs 1 and --jobs 3 differ:\n%s\n%s\n---\n%s\n%s", one.out, one.err, three.out, three.err)
	}
	if n := len(jsonLines(t, one.out)); n < 20 {
		t.Errorf("only %d lines", n)
	}
}

// TestScanBadInputs scans a folder of broken and hostile files among
// pictures in unusual encodings: each broken one gives one line on
// standard error and an error record, naming the file and the cause; the
// others are read right; the exit status says that some failed.
func TestScanBadInputs(t *testing.T) {
	bad, odd := badAndOdd(t)
	dir := t.TempDir()
	wantErr := map[string]string{}
	for _, p := range append(bad, odd...) {
		path := filepath.Join(dir, p.Name)
		writeFile(t, path, p.Data)
		if p.Err != "" {
			wantErr[path] = p.Err
		}
	}
	// A file that cannot be opened (root opens anything: there the named
	// pipe below stands for an unreadable file).
	if os.Geteuid() != 0 {
		locked := filepath.Join(dir, "locked.png")
		writeFile(t, locked, []byte("x"))
		if err := os.Chmod(locked, 0); err != nil {
			t.Fatal(err)
		}
		wantErr[locked] = "cannot read: permission denied"
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.png"), 0o644); err != nil {
		t.Fatal(err)
	}
	wantErr[filepath.Join(dir, "fifo.png")] = "not a regular file"

	r := fenscanRun("scan", "--json", dir)
	if r.code != exitFailed {
		t.Errorf("exit status %d, want %d", r.code, exitFailed)
	}
	stderr := strings.Split(strings.TrimSuffix(r.err, "\n"), "\n")
	if len(stderr) != len(wantErr) {
		t.Errorf("%d lines on standard error for %d bad files:\n%s", len(stderr), len(wantErr), r.err)
	}
	seen := map[string]bool{}
	for _, l := range jsonLines(t, r.out) {
		seen[l.Image] = true
		if want, bad := wantErr[l.Image]; bad {
			if !strings.Contains(l.Error, want) {
				t.Errorf("%s: error %q, want %q", filepath.Base(l.Image), l.Error, want)
			}
			if line := fmt.Sprintf("fenscan: %s: %s", l.Image, l.Error); !slices.Contains(stderr, line) {
				t.Errorf("standard error lacks %q", line)
			}
			continue
		}
		if l.Error != "" || placementOf(l.FEN) != placements(t)["black-side-merida.png"] {
			t.Errorf("%s: read %q (error %q)", filepath.Base(l.Image), l.FEN, l.Error)
		}
	}
	for path := range wantErr {
		if !seen[path] {
			t.Errorf("%s is missing from the output", path)
		}
	}
	if n, want := len(seen), len(odd)+len(wantErr); n != want {
		t.Errorf("%d pictures in the output, want %d", n, want)
	}
}

// collection makes a folder of n pictures, copies of testdata's labelled
// ones under new names, and one broken file.
func collection(t *testing.T, n int) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "collection")
	names := []string{"browser-cburnett.png", "black-side-merida.png", "small-chessnut.jpg", "small-chessnut.webp"}
	for i := range n {
		name := names[i%len(names)]
		copyFile(t, name, filepath.Join(dir, fmt.Sprintf("%03d%s", i, filepath.Ext(name))))
	}
	writeFile(t, filepath.Join(dir, "002-broken.png"), []byte("\x89PNG\r\n\x1a\n"))
	return dir
}

// lines counts the complete lines of a file.
func lines(path string) int {
	data, _ := os.ReadFile(path)
	return bytes.Count(data, []byte("\n"))
}

// TestScanResumeEachFormat interrupts a run (as Ctrl-C does) after a few
// pictures, then runs the same command again: the output file must be
// exactly what one uninterrupted run writes.
func TestScanResumeEachFormat(t *testing.T) {
	dir := collection(t, 12)
	for _, format := range []string{"text", "--json", "--csv"} {
		t.Run(format, func(t *testing.T) {
			args := []string{"scan", "--jobs", "2", "--url", "lichess"}
			if format != "text" {
				args = append(args, format)
			}
			tmp := t.TempDir()
			whole := filepath.Join(tmp, "whole")
			if r := fenscanRun(append(args, "--resume", whole, dir)...); r.code != exitFailed {
				t.Fatalf("uninterrupted run: %+v", r)
			}
			want, err := os.ReadFile(whole)
			if err != nil {
				t.Fatal(err)
			}
			if format == "--csv" && !bytes.HasPrefix(want, []byte("image,board,fen,confidence,error,url\n")) {
				t.Errorf("CSV header: %q", want[:40])
			}

			out := filepath.Join(tmp, "out")
			ctx, cancel := context.WithCancel(context.Background())
			atLeast := 4 // pictures, the broken third one before the last
			if format == "--csv" {
				atLeast++ // and the header
			}
			go func() {
				for lines(out) < atLeast && ctx.Err() == nil {
					time.Sleep(2 * time.Millisecond)
				}
				cancel()
			}()
			r := runIn(ctx, nil, nil, append(args, "--resume", out, dir)...)
			cancel()
			if r.code != exitFailed || !strings.Contains(r.err, "interrupted after") {
				t.Fatalf("interrupted run: %+v", r)
			}
			if n := lines(out); n >= bytes.Count(want, []byte("\n")) {
				t.Fatalf("the run was not interrupted: %d lines", n)
			}
			// The broken third file is recorded in the JSON and CSV output,
			// so the resumed run leaves it out; text records no failures,
			// so it is tried (and fails) again.
			wantCode := exitOK
			if format == "text" {
				wantCode = exitFailed
			}
			r = fenscanRun(append(args, "--resume", out, dir)...)
			if r.code != wantCode || strings.Contains(r.err, "interrupted") {
				t.Fatalf("resumed run: %+v, want exit %d", r, wantCode)
			}
			if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
				t.Errorf("resumed output\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// TestScanResumeAfterKill kills a run with SIGKILL halfway, leaves a half
// written line as a kill in the middle of a write would, and resumes: the
// result is exactly that of one whole run, nothing lost, nothing twice.
func TestScanResumeAfterKill(t *testing.T) {
	dir := collection(t, 16)
	tmp := t.TempDir()
	args := []string{"scan", "--json", "--jobs", "2", "--resume"}
	whole := filepath.Join(tmp, "whole.jsonl")
	fenscanRun(append(args, whole, dir)...)
	want, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}

	out := filepath.Join(tmp, "out.jsonl")
	child := exec.Command(os.Args[0], append(args, out, dir)...)
	child.Env = append(os.Environ(), "FENSCAN_TEST_MAIN=1")
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for lines(out) < 5 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if err := child.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = child.Wait()
	got, _ := os.ReadFile(out)
	n := bytes.Count(got, []byte("\n"))
	if n < 5 || n >= bytes.Count(want, []byte("\n")) {
		t.Fatalf("killed with %d lines written, want from 5 to fewer than all", n)
	}
	if !bytes.HasPrefix(want, got) {
		t.Fatalf("what the killed run wrote is not a prefix of the whole output:\n%s", got)
	}
	// Half of the next line, as a kill in the middle of a write leaves it.
	next := want[len(got):]
	f, err := os.OpenFile(out, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.Write(next[:bytes.IndexByte(next, '\n')/2])
	f.Close()

	r := fenscanRun(append(args, out, dir)...)
	if r.code != exitOK {
		t.Fatalf("resumed run: %+v", r)
	}
	if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
		t.Errorf("resumed output\n%s\nwant\n%s", got, want)
	}
	// Only the pictures not written whole were scanned again: the broken
	// file (third) was recorded by the killed run and is not read again,
	// so this run had no failure.
	if strings.Contains(r.err, "002-broken.png") {
		t.Errorf("the resumed run read the broken file again: %s", r.err)
	}
}

// TestScanShard splits a collection in three: the parts are disjoint and
// cover it, and do not depend on where the collection is mounted.
func TestScanShard(t *testing.T) {
	dir := collection(t, 9)
	moved := filepath.Join(t.TempDir(), "elsewhere")
	if err := os.Rename(filepath.Dir(dir), moved); err != nil {
		t.Fatal(err)
	}
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(cwd, filepath.Join(moved, "collection"))
	if err != nil {
		t.Fatal(err)
	}
	all := map[string]int{}
	for k := 1; k <= 3; k++ {
		shard := fmt.Sprintf("%d/3", k)
		var names [2][]string
		for i, root := range []string{filepath.Join(moved, "collection"), rel} {
			r := runIn(context.Background(), nil, nil, "scan", "--json", "--shard", shard, root)
			for _, l := range jsonLines(t, r.out) {
				rel, _ := filepath.Rel(root, l.Image)
				names[i] = append(names[i], rel)
			}
		}
		if !slices.Equal(names[0], names[1]) {
			t.Errorf("shard %s differs by path:\n%q\n%q", shard, names[0], names[1])
		}
		for _, n := range slices.Compact(names[0]) {
			all[n]++
		}
	}
	if len(all) != 10 {
		t.Errorf("the shards hold %d pictures, want 10", len(all))
	}
	for n, c := range all {
		if c != 1 {
			t.Errorf("%s is in %d shards", n, c)
		}
	}
}

func TestScanDebug(t *testing.T) {
	dbg := t.TempDir()
	r := fenscanRun("scan", "--json", "--debug", dbg, cburnett, "../../testdata/black-side-merida.png")
	if r.code != exitOK {
		t.Fatalf("%+v", r)
	}
	for _, l := range jsonLines(t, r.out) {
		// Debug pictures mirror the input's path, less its "..".
		base := filepath.Join(dbg, "testdata", filepath.Base(l.Image))
		outline := loadPicture(t, base+".outline.png")
		if in := loadPicture(t, l.Image); outline.Bounds() != in.Bounds() {
			t.Errorf("%s: outline picture %v, input %v", l.Image, outline.Bounds(), in.Bounds())
		}
		// The outline runs through the board's corners in magenta; the
		// first corner has a cyan dot.
		for i, c := range l.Corners {
			px := outline.At(int(c[0]+0.5), int(c[1]+0.5))
			r, g, b, _ := px.RGBA()
			magenta := r > 0xc000 && b > 0xc000 && g < 0x4000
			cyan := g > 0x8000 && b > 0xc000 && r < 0x4000
			if (i == 0 && !cyan) || (i > 0 && !magenta) {
				t.Errorf("%s: corner %d %v is %v, not the outline's colour", l.Image, i, c, px)
			}
		}
		if b := loadPicture(t, base+".board0.png").Bounds(); b.Dx() != 512 || b.Dy() != 512 {
			t.Errorf("%s: board picture is %v, want 512x512", l.Image, b)
		}
	}

	// A picture without a board is written as it was decoded: EXIF
	// applied, nothing drawn.
	r = fenscanRun("scan", "--debug", dbg, "../../testdata/text-page.png")
	if r.code != exitFailed || !strings.Contains(r.err, "no chessboard found") {
		t.Fatalf("picture without a board: %+v", r)
	}
	in := loadPicture(t, "../../testdata/text-page.png")
	outline := loadPicture(t, filepath.Join(dbg, "testdata", "text-page.png.outline.png"))
	if outline.Bounds() != in.Bounds() {
		t.Fatalf("outline of a picture without a board: %v, input %v", outline.Bounds(), in.Bounds())
	}
	for y := in.Bounds().Min.Y; y < in.Bounds().Max.Y; y += 7 {
		for x := in.Bounds().Min.X; x < in.Bounds().Max.X; x += 7 {
			r0, g0, b0, _ := in.At(x, y).RGBA()
			r1, g1, b1, _ := outline.At(x, y).RGBA()
			if d := max(diff(r0, r1), diff(g0, g1), diff(b0, b1)); d > 0x300 {
				t.Fatalf("outline of a picture without a board differs at %d,%d: %v, input %v", x, y, outline.At(x, y), in.At(x, y))
			}
		}
	}
	if exists(filepath.Join(dbg, "testdata", "text-page.png.board0.png")) {
		t.Error("a board picture was written for a picture without a board")
	}

	// A frame given up (its squares do not read like a board's) is said,
	// and drawn in orange: its left side runs down x = 40.
	r = fenscanRun("scan", "--debug", dbg, "../../testdata/framed-marks.png")
	if r.code != exitFailed || !strings.Contains(r.err, "no chessboard found (one outline was given up") {
		t.Fatalf("frame given up: %+v", r)
	}
	outline = loadPicture(t, filepath.Join(dbg, "testdata", "framed-marks.png.outline.png"))
	orange := false
	for x := 34; x <= 46; x++ {
		orange = orange || isOrange(outline.At(x, 240))
	}
	if !orange {
		t.Error("the frame given up is not drawn in orange")
	}
}

// isOrange tells debugimg's orange, the colour of an outline given up.
func isOrange(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r > 0xe000 && g > 0x7000 && g < 0xa000 && b < 0x3000
}

func diff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

// badAndOdd returns the broken files and the odd encodings of testdata's
// black-side-merida.png (package badpics).
func badAndOdd(t *testing.T) (bad, odd []badpics.Picture) {
	t.Helper()
	board := loadPicture(t, "../../testdata/black-side-merida.png")
	bad, err := badpics.Bad(board)
	if err != nil {
		t.Fatal(err)
	}
	odd, err = badpics.Odd(board)
	if err != nil {
		t.Fatal(err)
	}
	return bad, odd
}

func loadPicture(t *testing.T, path string) image.Image {
	t.Helper()
	img, err := badpics.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func TestScanUsage(t *testing.T) {
	for _, args := range [][]string{
		{"scan"},
		{"scan", "--json", "--csv", cburnett},
		{"scan", "--jobs", "0", cburnett},
		{"scan", "--shard", "4/3", cburnett},
		{"scan", "--shard", "x", cburnett},
		{"scan", "--url", "chess.com", cburnett},
		{"scan", "--flip", "maybe", cburnett},
		{"scan", "--kind", "drawing", cburnett},
		{"scan", "--one-model", "--second-model", "second.onnx", cburnett},
		{"scan", "--one-model", "--second-photo-model", "photo2.onnx", cburnett},
		{"scan", "--squarewise", "--whole-board", "head.bin", cburnett},
		{"scan", "--no-such-flag", cburnett},
	} {
		r := fenscanRun(args...)
		if r.code != exitUsage || r.out != "" || strings.Count(r.err, "\n") != 1 {
			t.Errorf("%q: exit %d, out %q, err %q; want exit 2 and one line of error", args, r.code, r.out, r.err)
		}
	}
}

// TestEvalJobs: eval with workers gives the same figures, but for the
// times.
func TestEvalJobs(t *testing.T) {
	var stats [2]map[string]map[string]float64
	for i, jobs := range []string{"1", "2"} {
		r := fenscanRun("eval", "--json", "--jobs", jobs, "../../testdata/labels.csv")
		if r.code != exitOK {
			t.Fatalf("--jobs %s: %+v", jobs, r)
		}
		if err := json.Unmarshal([]byte(r.out), &stats[i]); err != nil {
			t.Fatal(err)
		}
		for _, s := range stats[i] {
			delete(s, "median_ms")
		}
	}
	a, _ := json.Marshal(stats[0])
	b, _ := json.Marshal(stats[1])
	if !bytes.Equal(a, b) || len(stats[0]) < 2 {
		t.Errorf("--jobs 1: %s\n--jobs 2: %s", a, b)
	}
}

// TestEvalSeveralFiles: eval over two labels files counts the pictures of
// both, each image path taken relative to its own file.
func TestEvalSeveralFiles(t *testing.T) {
	images := func(args ...string) float64 {
		t.Helper()
		r := fenscanRun(append([]string{"eval", "--json", "--jobs", "2"}, args...)...)
		if r.code != exitOK {
			t.Fatalf("%q: %+v", args, r)
		}
		var stats map[string]map[string]float64
		if err := json.Unmarshal([]byte(r.out), &stats); err != nil {
			t.Fatal(err)
		}
		if stats["overall"]["found"] != stats["overall"]["images"] {
			t.Errorf("%q: %v of %v boards found", args, stats["overall"]["found"], stats["overall"]["images"])
		}
		return stats["overall"]["images"]
	}
	a, b := images("../../testdata/labels.csv"), images("../../testdata/books/labels.csv")
	if both := images("../../testdata/labels.csv", "../../testdata/books/labels.csv"); both != a+b || a == 0 || b == 0 {
		t.Errorf("%v + %v pictures alone, %v together", a, b, both)
	}
}
