// Package pdfpages renders the pages of PDF files to grey pictures, so that
// the diagrams of a PDF book can be read like scans.
//
// It runs poppler's pdftoppm and pdfinfo (Debian: poppler-utils) rather
// than a Go or cgo PDF library: poppler renders the fonts, vector diagrams
// and embedded scans of real books correctly, is maintained and packaged
// everywhere, and as a separate process it cannot crash fenscan on a
// malformed file.
package pdfpages

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"os/exec"
	"strconv"
	"strings"
)

// DPI is the resolution pages are rendered at: a diagram one sixth of a
// page wide gets squares of about 30 pixels, well above what the reader
// needs, and an A4 page stays near 1650x2340 pixels.
const DPI = 200

// ErrNoPoppler is returned when pdftoppm or pdfinfo is not installed.
var ErrNoPoppler = errors.New("reading PDF files needs poppler's pdftoppm and pdfinfo (Debian: apt-get install poppler-utils)")

// IsPDF reports whether data starts like a PDF file.
func IsPDF(head []byte) bool { return bytes.HasPrefix(head, []byte("%PDF-")) }

// Count returns the number of pages of the PDF file at path.
func Count(ctx context.Context, path string) (int, error) {
	out, err := run(ctx, "pdfinfo", path)
	if err != nil {
		return 0, err
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "Pages:"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				return 0, fmt.Errorf("pdfinfo: bad page count %q", v)
			}
			return n, nil
		}
	}
	return 0, errors.New("pdfinfo: no page count")
}

// Render renders page (counted from 1) of the PDF file at path at dpi
// dots per inch (0: DPI).
func Render(ctx context.Context, path string, page, dpi int) (*image.Gray, error) {
	if dpi <= 0 {
		dpi = DPI
	}
	p := strconv.Itoa(page)
	out, err := run(ctx, "pdftoppm", "-f", p, "-l", p, "-r", strconv.Itoa(dpi), "-gray", path)
	if err != nil {
		return nil, err
	}
	img, err := parsePGM(out)
	if err != nil {
		return nil, fmt.Errorf("page %d: %w", page, err)
	}
	return img, nil
}

func run(ctx context.Context, name string, args ...string) ([]byte, error) {
	if _, err := exec.LookPath(name); err != nil {
		return nil, ErrNoPoppler
	}
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		msg := strings.TrimSpace(strings.SplitN(stderr.String(), "\n", 2)[0])
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("%s: %s", name, msg)
	}
	return out, nil
}

// parsePGM decodes a binary 8-bit PGM (P5), what pdftoppm -gray writes.
func parsePGM(data []byte) (*image.Gray, error) {
	var fields []int
	i := 0
	if !bytes.HasPrefix(data, []byte("P5")) {
		return nil, errors.New("pdftoppm did not write a PGM picture")
	}
	i = 2
	for len(fields) < 3 {
		for i < len(data) && (data[i] == ' ' || data[i] == '\n' || data[i] == '\r' || data[i] == '\t') {
			i++
		}
		if i < len(data) && data[i] == '#' {
			for i < len(data) && data[i] != '\n' {
				i++
			}
			continue
		}
		j := i
		for j < len(data) && data[j] >= '0' && data[j] <= '9' {
			j++
		}
		if j == i {
			return nil, errors.New("malformed PGM header")
		}
		v, err := strconv.Atoi(string(data[i:j]))
		if err != nil {
			return nil, errors.New("malformed PGM header")
		}
		fields = append(fields, v)
		i = j
	}
	i++ // the single whitespace before the pixels
	w, h, maxv := fields[0], fields[1], fields[2]
	if w <= 0 || h <= 0 || maxv != 255 || i+w*h > len(data) {
		return nil, fmt.Errorf("unexpected PGM %dx%d max %d with %d bytes", w, h, maxv, len(data)-i)
	}
	img := image.NewGray(image.Rect(0, 0, w, h))
	copy(img.Pix, data[i:i+w*h])
	return img, nil
}

// ParseRange reads a page selection such as "10-20", "3", "1,4-6" or "12-"
// for a document of n pages; "" selects every page. Pages outside 1..n are
// an error.
func ParseRange(s string, n int) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		s = "1-"
	}
	var pages []int
	seen := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(strings.TrimSpace(lo))
		if err != nil {
			return nil, fmt.Errorf("--pages: bad page %q", part)
		}
		b := a
		if isRange {
			if strings.TrimSpace(hi) == "" {
				b = n
			} else if b, err = strconv.Atoi(strings.TrimSpace(hi)); err != nil {
				return nil, fmt.Errorf("--pages: bad range %q", part)
			}
		}
		if a < 1 || b > n || a > b {
			return nil, fmt.Errorf("--pages: %q is outside pages 1-%d", part, n)
		}
		for p := a; p <= b; p++ {
			if !seen[p] {
				seen[p] = true
				pages = append(pages, p)
			}
		}
	}
	return pages, nil
}
