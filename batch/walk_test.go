package batch

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// tree makes files (empty unless named otherwise) below a temporary
// folder and returns it.
func tree(t *testing.T, files ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, "/") {
			continue
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func paths(in []Input, root string) []string {
	var out []string
	for _, x := range in {
		rel, _ := filepath.Rel(root, x.Path)
		s := filepath.ToSlash(rel)
		if x.Err != nil {
			s += " (" + x.Err.Error() + ")"
		}
		out = append(out, s)
	}
	return out
}

func TestWalk(t *testing.T) {
	dir := tree(t,
		"b.png", "a.JPG", "c.Tiff", "d.webp", "e.gif", "f.bmp", "g.jpeg", "h.tif",
		"notes.txt", "noext", ".hidden.png", ".cache/x.png",
		"sub/z.png", "sub/deeper/y.PNG", "sub.png/inside.png", "empty/")
	// A link back up makes a loop; a link to a sibling folder would show
	// its pictures twice; a broken link to a picture is reported.
	must(t, os.Symlink("..", filepath.Join(dir, "sub", "loop")))
	must(t, os.Symlink(filepath.Join(dir, "sub", "deeper"), filepath.Join(dir, "zz-link")))
	must(t, os.Symlink(filepath.Join(dir, "gone.png"), filepath.Join(dir, "broken.png")))
	must(t, syscall.Mkfifo(filepath.Join(dir, "pipe.png"), 0o644))

	got := paths(Walk([]string{dir}), dir)
	want := []string{
		"a.JPG", "b.png", "broken.png (broken symbolic link)", "c.Tiff", "d.webp", "e.gif", "f.bmp", "g.jpeg", "h.tif",
		"pipe.png (not a regular file)",
		"sub/deeper/y.PNG", "sub/z.png", "sub.png/inside.png",
	}
	if !slices.Equal(got, want) {
		t.Errorf("walk\n got %q\nwant %q", got, want)
	}

	// Files are taken as given, in the order given, whatever their
	// extension; missing paths are reported in their place.
	in := Walk([]string{filepath.Join(dir, "notes.txt"), filepath.Join(dir, "missing.png"), "-", filepath.Join(dir, "sub", "deeper")})
	got = paths(in, dir)
	want = []string{"notes.txt", "missing.png (cannot read: no such file or directory)", "-", "sub/deeper/y.PNG"}
	got[2] = in[2].Path
	if !slices.Equal(got, want) {
		t.Errorf("walk of files\n got %q\nwant %q", got, want)
	}
	// Keys are relative to the folder walked, so that a collection
	// mounted elsewhere is split the same way.
	if k := in[3].Key; k != "y.PNG" {
		t.Errorf("key %q, want y.PNG", k)
	}
}

func TestWalkUnreadableFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every folder")
	}
	dir := tree(t, "a.png", "locked/b.png")
	must(t, os.Chmod(filepath.Join(dir, "locked"), 0))
	defer os.Chmod(filepath.Join(dir, "locked"), 0o755)
	got := paths(Walk([]string{dir}), dir)
	want := []string{"a.png", "locked (cannot read: permission denied)"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestShardPartition checks that the parts of any N are disjoint, cover
// the list and are roughly even, and that a key's part does not depend on
// the rest of the list.
func TestShardPartition(t *testing.T) {
	var in []Input
	for i := range 3000 {
		in = append(in, Input{Path: fmt.Sprint(i), Key: fmt.Sprintf("shots/%05d.png", i)})
	}
	for _, n := range []int{1, 2, 3, 7} {
		seen := map[string]int{}
		for k := 1; k <= n; k++ {
			part := Shard{K: k, N: n}.Select(in)
			if len(part) < len(in)/n*8/10 || len(part) > len(in)/n*12/10 {
				t.Errorf("%d/%d has %d of %d inputs", k, n, len(part), len(in))
			}
			for _, x := range part {
				seen[x.Path]++
			}
			// The same key in a shorter list lands in the same part.
			for _, x := range part[:5] {
				if !(Shard{K: k, N: n}).Keeps(x.Key) {
					t.Errorf("%s moved", x.Key)
				}
			}
		}
		for _, x := range in {
			if seen[x.Path] != 1 {
				t.Fatalf("N=%d: %s is in %d parts", n, x.Key, seen[x.Path])
			}
		}
	}
}

func TestParseShard(t *testing.T) {
	if s, err := ParseShard("2/5"); err != nil || s != (Shard{K: 2, N: 5}) {
		t.Errorf("ParseShard(2/5) = %v, %v", s, err)
	}
	for _, bad := range []string{"", "0/3", "4/3", "1/0", "a/b", "1", "1/2/3", "-1/2"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
