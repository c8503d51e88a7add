package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fenscan/fenscan/internal/testfiles"
)

// TestLeanBinary builds fenscan as `make build` does, without OpenCV's
// imgcodecs, videoio and highgui (their gocv wrappers stay unresolved, so
// a call into them would end the process), and runs every way of reading
// a picture through it: each format and odd encoding, broken files, a
// reduced JPEG photo, a PDF, the debug pictures, eval and adapt. It must
// print what the command run inside this test prints.
func TestLeanBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	for _, tool := range []string{"make", "pkg-config"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s", tool)
		}
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "fenscan")
	build := exec.Command("make", "-s", "-C", "../..", "build", "BIN="+bin)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("make build: %v\n%s", err, out)
	}

	pics := filepath.Join(tmp, "pictures")
	bad, odd := badAndOdd(t)
	for _, p := range append(bad, odd...) {
		writeFile(t, filepath.Join(pics, p.Name), p.Data)
	}
	for _, name := range []string{"browser-cburnett.png", "exif-rotated.jpg", "small-chessnut.webp", "photos/chesscog-4750.jpg",
		"photos/chesscog-4750.heic", "browser-cburnett.avif"} {
		copyFile(t, name, filepath.Join(pics, name))
	}
	book := testfiles.Book(t, "book.pdf", "../../testdata/pages/page-0.png")
	prof := filepath.Join(tmp, "set.profile")

	for _, args := range [][]string{
		{"scan", "--json", "--jobs", "2", pics},
		{"scan", "--json", "--kind", "photo", "../../testdata/photos/samryan-001.jpg"},
		{"scan", "--json", book},
		{"scan", "--json", "--debug", filepath.Join(tmp, "debug"), "../../testdata/browser-cburnett.png"},
		{"adapt", "../../testdata/labels.csv", "-o", prof},
		{"eval", "--json", "../../testdata/labels.csv"},
	} {
		var out, errOut bytes.Buffer
		cmd := exec.Command(bin, args...)
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		want := fenscanRun(args...)
		got := result{out: out.String(), err: errOut.String(), code: code}
		if args[0] == "eval" {
			// Only the times differ; the binary must have run to the end.
			if code != want.code || !strings.Contains(got.out, `"overall"`) {
				t.Errorf("%v: exit %d, %q; in the test: exit %d", args, code, got.out, want.code)
			}
			continue
		}
		if got != want {
			t.Errorf("%v:\nbinary: exit %d\n%s%s\nin the test: exit %d\n%s%s", args, got.code, got.out, got.err, want.code, want.out, want.err)
		}
	}
	if _, err := os.Stat(filepath.Join(tmp, "debug", "testdata", "browser-cburnett.png.board0.png")); err != nil {
		t.Errorf("debug picture: %v", err)
	}
}
