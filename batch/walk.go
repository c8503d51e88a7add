// Package batch converts many pictures: it lists them from folders,
// splits the list into shards for other machines, scans with a pool of
// workers whose results come out in input order as soon as they can,
// writes them as text, JSON lines or CSV, and resumes from an earlier,
// interrupted output.
package batch

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Input is one picture to scan: a path ("-" for standard input), or a
// path that could not be listed, with the cause.
type Input struct {
	Path string
	// Key places the picture in a shard: its path below the folder it was
	// found in (so that machines which mount the collection at different
	// places agree), or the path as given.
	Key string
	// Err is why the path cannot be scanned, found while listing.
	Err error
}

// Extensions are the files a folder walk takes, in lower case: pictures
// and PDF books.
var Extensions = []string{".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff", ".webp", ".heic", ".heif", ".avif", ".pdf"}

// IsPDF reports whether name has the extension .pdf, in any case.
func IsPDF(name string) bool { return strings.EqualFold(filepath.Ext(name), ".pdf") }

// IsPicture reports whether name has one of Extensions, in any case.
func IsPicture(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	for _, e := range Extensions {
		if ext == e {
			return true
		}
	}
	return false
}

// Walk lists the pictures named by args, in order: a file is taken as it
// is (whatever its extension), a folder is walked recursively for files
// with a picture extension, in name order, skipping hidden files and
// folders (names starting with "."). Symbolic links are followed, but a
// folder already walked is not walked again, which stops link loops. A
// path that cannot be listed becomes an Input with its error, so that it
// is reported in its place and the rest goes on.
func Walk(args []string) []Input {
	var out []Input
	for _, arg := range args {
		if arg == "-" {
			out = append(out, Input{Path: arg, Key: arg})
			continue
		}
		fi, err := os.Stat(arg)
		switch {
		case err != nil:
			out = append(out, Input{Path: arg, Key: arg, Err: listError(err)})
		case fi.IsDir():
			w := walker{seen: map[string]bool{}}
			w.dir(arg, arg)
			out = append(out, w.out...)
		default:
			out = append(out, Input{Path: arg, Key: arg})
		}
	}
	return out
}

type walker struct {
	seen map[string]bool
	out  []Input
}

func (w *walker) dir(root, dir string) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		w.add(root, dir, listError(err))
		return
	}
	if w.seen[real] {
		return
	}
	w.seen[real] = true
	entries, err := os.ReadDir(dir)
	if err != nil {
		w.add(root, dir, listError(err))
		return
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		mode := e.Type()
		if mode&fs.ModeSymlink != 0 {
			fi, err := os.Stat(path)
			if err != nil {
				if IsPicture(path) {
					w.add(root, path, errors.New("broken symbolic link"))
				}
				continue
			}
			mode = fi.Mode().Type()
		}
		switch {
		case mode.IsDir():
			w.dir(root, path)
		case !IsPicture(path):
		case mode.IsRegular():
			w.add(root, path, nil)
		default:
			// Reading a named pipe or a device found in a folder could
			// block the run forever.
			w.add(root, path, errors.New("not a regular file"))
		}
	}
}

func (w *walker) add(root, path string, err error) {
	key, rerr := filepath.Rel(root, path)
	if rerr != nil {
		key = path
	}
	w.out = append(w.out, Input{Path: path, Key: filepath.ToSlash(key), Err: err})
}

// listError is an os error without the path it repeats.
func listError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return errors.New("cannot read: " + err.Error())
}
