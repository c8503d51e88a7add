package fenscan

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/fenscan/fenscan/detect"
)

// Label is one labelled picture, as in a labels CSV with the columns
// image, fen_placement and kind (others are ignored).
type Label struct {
	// Image is the picture's path, resolved against the CSV's folder.
	Image string
	// Placement is the true FEN placement, always from White's side.
	Placement string
	// Kind groups pictures in reports: screenshot, diagram, photo, ...
	Kind string
	// Notes is free text about the picture.
	Notes string
}

// Squares returns the true contents of the 64 squares, a8 to h1: a FEN
// letter, or '.' for an empty square.
func (l Label) Squares() ([64]byte, error) { return expandPlacement(l.Placement) }

// ReadLabels reads a labels CSV. Relative image paths are taken from the
// CSV's folder.
func ReadLabels(path string) ([]Label, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	labels, err := parseLabels(f, filepath.Dir(path))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return labels, nil
}

func parseLabels(r io.Reader, dir string) ([]Label, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("reading header: %w", err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.TrimSpace(strings.ToLower(h))] = i
	}
	for _, need := range []string{"image", "fen_placement"} {
		if _, ok := col[need]; !ok {
			return nil, fmt.Errorf("no %q column", need)
		}
	}
	var out []Label
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		get := func(name string) string {
			if i, ok := col[name]; ok && i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		l := Label{Image: get("image"), Placement: get("fen_placement"), Kind: get("kind"), Notes: get("notes")}
		if l.Image == "" {
			return nil, fmt.Errorf("line %d: empty image", line)
		}
		if _, err := expandPlacement(l.Placement); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if l.Kind == "" {
			l.Kind = "unknown"
		}
		if !filepath.IsAbs(l.Image) {
			l.Image = filepath.Join(dir, l.Image)
		}
		out = append(out, l)
	}
}

var cornersRe = regexp.MustCompile(`board corners \(([^)]*)\) \[(\[[^\]]*\](?:; *\[[^\]]*\])*)\]`)
var numRe = regexp.MustCompile(`-?[0-9]+(?:\.[0-9]+)?`)

// Corners reads the board's corners in the picture from the notes, in
// the order a8, h8, h1, a1. Notes give them either as "board corners
// (a8,h8,h1,a1) [[x; y]; ...]" (scripts/photo_render.py) or as "board
// corners (x,y TL,TR,BR,BL as seen) [[x; y]; ...]" with "White at bottom"
// or "Black at bottom" (../shared/data/photos).
func (l Label) Corners() ([4]detect.Point, error) {
	notes := l.Notes
	var c [4]detect.Point
	m := cornersRe.FindStringSubmatch(notes)
	if m == nil {
		return c, fmt.Errorf("notes give no board corners")
	}
	nums := numRe.FindAllString(m[2], -1)
	if len(nums) != 8 {
		return c, fmt.Errorf("board corners have %d numbers, want 8", len(nums))
	}
	for i := range c {
		c[i].X, _ = strconv.ParseFloat(nums[2*i], 64)
		c[i].Y, _ = strconv.ParseFloat(nums[2*i+1], 64)
	}
	switch {
	case strings.HasPrefix(m[1], "a8,h8,h1,a1"):
		return c, nil
	case strings.Contains(m[1], "TL,TR,BR,BL") && strings.Contains(notes, "White at bottom"):
		return c, nil
	case strings.Contains(m[1], "TL,TR,BR,BL") && strings.Contains(notes, "Black at bottom"):
		return [4]detect.Point{c[2], c[3], c[0], c[1]}, nil
	}
	return c, fmt.Errorf("cannot tell which corner is a8 from %q", m[1])
}

// sameSquares counts the squares on which two boards (see expandPlacement)
// agree.
func sameSquares(a, b [64]byte) int {
	n := 0
	for i := range a {
		if a[i] == b[i] {
			n++
		}
	}
	return n
}

// expandPlacement turns a FEN placement into 64 squares, a8 first.
func expandPlacement(p string) ([64]byte, error) {
	var sq [64]byte
	ranks := strings.Split(p, "/")
	if len(ranks) != 8 {
		return sq, fmt.Errorf("placement %q does not have 8 ranks", p)
	}
	for r, rank := range ranks {
		c := 0
		for _, ch := range rank {
			switch {
			case ch >= '1' && ch <= '8':
				for n := int(ch - '0'); n > 0 && c < 8; n-- {
					sq[r*8+c] = '.'
					c++
				}
			case strings.ContainsRune("PNBRQKpnbrqk", ch) && c < 8:
				sq[r*8+c] = byte(ch)
				c++
			default:
				return sq, fmt.Errorf("placement %q: bad rank %q", p, rank)
			}
		}
		if c != 8 {
			return sq, fmt.Errorf("placement %q: rank %q is not 8 squares", p, rank)
		}
	}
	return sq, nil
}

// EvalResult is the outcome of one labelled picture.
type EvalResult struct {
	Label
	// Got is the placement read from the picture's largest board.
	Got string
	// Found says whether a board was found.
	Found bool
	// SquaresRight counts the squares read right (0 when none was found).
	SquaresRight int
	Err          error
	Elapsed      time.Duration
}

// KindStats sums up the results of one kind of picture.
type KindStats struct {
	Images    int     `json:"images"`
	Found     int     `json:"found"`
	SquareAcc float64 `json:"square_acc"`
	BoardAcc  float64 `json:"board_acc"`
	MedianMS  float64 `json:"median_ms"`
}

// Evaluate scans each labelled picture and compares the first board's
// placement with its label. It stops early only when ctx is done.
func Evaluate(ctx context.Context, s *Scanner, labels []Label) ([]EvalResult, error) {
	out := make([]EvalResult, 0, len(labels))
	for _, l := range labels {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		want, _ := expandPlacement(l.Placement)
		start := time.Now()
		boards, err := s.ScanFile(ctx, l.Image)
		r := EvalResult{Label: l, Err: err, Elapsed: time.Since(start)}
		if err == nil && len(boards) > 0 {
			r.Found = true
			r.Got = largest(boards).Placement()
			got, _ := expandPlacement(r.Got)
			r.SquaresRight = sameSquares(got, want)
		}
		out = append(out, r)
	}
	return out, nil
}

// largest returns the board that covers most of the picture: the one a
// label of the whole picture describes.
func largest(boards []Board) *Board {
	best, size := 0, 0.0
	for i, b := range boards {
		if a := detect.Area(b.Corners); a > size {
			best, size = i, a
		}
	}
	return &boards[best]
}

// Summarize groups results by kind and adds an "overall" entry.
func Summarize(results []EvalResult) map[string]KindStats {
	groups := map[string][]EvalResult{}
	for _, r := range results {
		groups[r.Kind] = append(groups[r.Kind], r)
		groups["overall"] = append(groups["overall"], r)
	}
	out := map[string]KindStats{}
	for kind, rs := range groups {
		var st KindStats
		var squares, boards int
		times := make([]float64, 0, len(rs))
		for _, r := range rs {
			st.Images++
			if r.Found {
				st.Found++
			}
			squares += r.SquaresRight
			if r.SquaresRight == 64 {
				boards++
			}
			times = append(times, float64(r.Elapsed.Microseconds())/1000)
		}
		st.SquareAcc = float64(squares) / float64(64*st.Images)
		st.BoardAcc = float64(boards) / float64(st.Images)
		st.MedianMS = median(times)
		out[kind] = st
	}
	return out
}

// Kinds returns the kinds of a summary in a stable order, overall last.
func Kinds(stats map[string]KindStats) []string {
	var ks []string
	for k := range stats {
		if k != "overall" {
			ks = append(ks, k)
		}
	}
	sort.Strings(ks)
	return append(ks, "overall")
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	v = slices.Clone(v)
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}
