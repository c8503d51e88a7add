package batch

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
)

// Resume prepares the output file of an interrupted run for appending: it
// returns the pictures the file already holds (boards or failures, which
// are not tried again), and truncates what a kill may have left half
// written: a last line without its end, and the lines of the last picture,
// which may lack some boards (that one picture is scanned again). A
// missing file holds nothing. The file must have been written with the
// same layout.
func Resume(path string, l Layout) (map[string]bool, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]bool{}, nil
	}
	if err != nil {
		return nil, err
	}
	done, keep, err := ReadDone(f, l)
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if keep < fi.Size() {
		if err := os.Truncate(path, keep); err != nil {
			return nil, err
		}
	}
	return done, nil
}

// Without returns the inputs whose path is not in done, in order.
func Without(inputs []Input, done map[string]bool) []Input {
	var out []Input
	for _, in := range inputs {
		if !done[in.Path] {
			out = append(out, in)
		}
	}
	return out
}

// ReadDone reads an output written with layout l and returns the pictures
// it holds and how many of its bytes to keep (see Resume).
func ReadDone(r io.Reader, l Layout) (done map[string]bool, keep int64, err error) {
	type line struct {
		image string
		start int64
	}
	var lines []line
	br := bufio.NewReaderSize(r, 64<<10)
	var offset int64
	for n := 1; ; n++ {
		text, err := br.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			break // a last line without its end was cut short
		}
		if err != nil {
			return nil, 0, err
		}
		start := offset
		offset += int64(len(text))
		text = bytes.TrimSuffix(text, []byte("\n"))
		if n == 1 && l.Format == CSV {
			if err := checkHeader(text, l); err != nil {
				return nil, 0, err
			}
			continue
		}
		image, ok := l.imageOf(text)
		if !ok {
			if _, err := br.Peek(1); errors.Is(err, io.EOF) {
				offset = start // the last line, cut short
				break
			}
			return nil, 0, fmt.Errorf("line %d is not %s output of fenscan scan", n, l.name())
		}
		lines = append(lines, line{image: image, start: start})
	}
	// The last picture is always done again: a kill in the middle of its
	// write can leave whole lines (the kernel may stop a write between
	// pages), so lines that look complete may lack a board.
	keep = offset
	if len(lines) > 0 {
		last := lines[len(lines)-1].image
		for len(lines) > 0 && lines[len(lines)-1].image == last {
			keep = lines[len(lines)-1].start
			lines = lines[:len(lines)-1]
		}
	}
	done = make(map[string]bool, len(lines))
	for _, x := range lines {
		done[x.image] = true
	}
	return done, keep, nil
}

func (l Layout) name() string {
	switch l.Format {
	case JSON:
		return "the --json"
	case CSV:
		return "the --csv"
	}
	return "the text"
}

func checkHeader(text []byte, l Layout) error {
	got, err := csv.NewReader(bytes.NewReader(text)).Read()
	if want := l.Header(); err != nil || !slices.Equal(got, want) {
		return fmt.Errorf("has the columns %q where this run writes %q (give the options of the run that wrote it)", text, strings.Join(want, ","))
	}
	return nil
}

// imageOf returns the picture a line of output is about.
func (l Layout) imageOf(text []byte) (string, bool) {
	switch l.Format {
	case JSON:
		// The image comes first: reading the line up to it is enough.
		d := json.NewDecoder(bytes.NewReader(text))
		var tok [3]json.Token
		for i := range tok {
			t, err := d.Token()
			if err != nil {
				return "", false
			}
			tok[i] = t
		}
		image, ok := tok[2].(string)
		return image, tok[0] == json.Delim('{') && tok[1] == "image" && ok
	case CSV:
		rec, err := csv.NewReader(bytes.NewReader(text)).Read()
		if err != nil || len(rec) != len(l.Header()) || rec[0] == "" {
			return "", false
		}
		return rec[0], true
	}
	// The FEN and the link hold no ": ", so the name is all before the
	// last one, less the "page N" that boards of a PDF have.
	i := bytes.LastIndex(text, []byte(": "))
	if i <= 0 {
		return "", false
	}
	name := text[:i]
	if j := bytes.LastIndex(name, []byte(": page ")); j > 0 && isDigits(name[j+len(": page "):]) {
		name = name[:j]
	}
	return string(name), true
}

func isDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}
