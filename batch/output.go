package batch

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/fenscan/fenscan"
	"github.com/fenscan/fenscan/assemble"
	"github.com/fenscan/fenscan/detect"
	"github.com/fenscan/fenscan/editor"
)

// Format is how results are written.
type Format int

const (
	// Text writes one line per board: the picture's name (see
	// Layout.Names), ": ", the FEN, and the link if any. Failures are not
	// written (the caller reports them).
	Text Format = iota
	// JSON writes one object per board (BoardRecord) and per failed
	// picture (ErrorRecord), one per line.
	JSON
	// CSV writes a header, then one row per board or failed picture.
	CSV
)

// Layout says what an output holds.
type Layout struct {
	Format Format
	// Site, when set, adds the link that opens each FEN in its editor.
	Site editor.Site
	// Names starts text lines with the picture's name; JSON and CSV always
	// name it.
	Names bool
}

// Header returns the CSV columns.
func (l Layout) Header() []string {
	h := []string{"image", "board", "fen", "confidence", "error"}
	if l.Site != "" {
		h = append(h, "url")
	}
	return h
}

// BoardRecord is the JSON form of one board.
type BoardRecord struct {
	Image string `json:"image"`
	// Page is the PDF page, from 1; absent for pictures.
	Page       int           `json:"page,omitempty"`
	Board      int           `json:"board"`
	FEN        string        `json:"fen"`
	URL        string        `json:"url,omitempty"`
	Corners    [4][2]float64 `json:"corners"`
	Rotation   int           `json:"rotation"`
	Confidence float64       `json:"confidence"`
	// Kind is how the board was read: digital or photo.
	Kind string `json:"kind,omitempty"`
	// Grid says how well a photo's board lines fitted: lines seen of 18,
	// and the crossings' error in squares.
	Grid *detect.GridFit `json:"grid,omitempty"`
	Status
	Squares     []fenscan.Square `json:"squares"`
	Consistency []fenscan.Change `json:"consistency_changes,omitempty"`
	Colours     []fenscan.Change `json:"colour_changes,omitempty"`
	// Arrows are the analysis arrows drawn over the board.
	Arrows []fenscan.Arrow `json:"arrows,omitempty"`
}

// Status is what the assembler decided and checked.
type Status struct {
	Orientation   string            `json:"orientation"`
	OrientationBy string            `json:"orientation_by"`
	SideBy        string            `json:"side_by"`
	Legal         bool              `json:"legal"`
	Check         bool              `json:"check"`
	Checkmate     bool              `json:"checkmate"`
	Stalemate     bool              `json:"stalemate"`
	Warnings      []string          `json:"warnings,omitempty"`
	Repairs       []assemble.Repair `json:"repairs,omitempty"`
}

// ErrorRecord is the JSON form of a picture that failed.
type ErrorRecord struct {
	Image string `json:"image"`
	Error string `json:"error"`
}

// Writer writes results. Each result goes out in a single Write, so that
// an output cut short by a kill loses at most the picture being written,
// which Resume detects.
type Writer struct {
	out    io.Writer
	layout Layout
	buf    bytes.Buffer
	enc    *json.Encoder
	cw     *csv.Writer
}

// NewWriter returns a Writer to out.
func NewWriter(out io.Writer, l Layout) *Writer {
	w := &Writer{out: out, layout: l}
	w.enc = json.NewEncoder(&w.buf)
	w.enc.SetEscapeHTML(false)
	w.cw = csv.NewWriter(&w.buf)
	return w
}

// WriteHeader writes the CSV header; other formats have none.
func (w *Writer) WriteHeader() error {
	if w.layout.Format != CSV {
		return nil
	}
	w.buf.Reset()
	_ = w.cw.Write(w.layout.Header())
	return w.flush()
}

// Write writes one picture's boards, or its failure.
func (w *Writer) Write(r Result) error {
	w.buf.Reset()
	for _, b := range r.Boards {
		url := ""
		if w.layout.Site != "" {
			url = w.layout.Site.URL(b.FEN)
		}
		switch w.layout.Format {
		case JSON:
			_ = w.enc.Encode(Record(r.Image, b, url))
		case CSV:
			row := []string{r.Image, strconv.Itoa(b.Index), b.FEN, strconv.FormatFloat(b.Confidence, 'g', 6, 64), ""}
			if w.layout.Site != "" {
				row = append(row, url)
			}
			_ = w.cw.Write(row)
		default:
			if w.layout.Names {
				fmt.Fprintf(&w.buf, "%s: ", r.Image)
			}
			if b.Page > 0 {
				fmt.Fprintf(&w.buf, "page %d: ", b.Page)
			}
			w.buf.WriteString(b.FEN)
			if url != "" {
				w.buf.WriteString(" " + url)
			}
			w.buf.WriteByte('\n')
		}
	}
	if r.Err != nil {
		switch w.layout.Format {
		case JSON:
			_ = w.enc.Encode(ErrorRecord{Image: r.Image, Error: r.Err.Error()})
		case CSV:
			row := []string{r.Image, "", "", "", r.Err.Error()}
			if w.layout.Site != "" {
				row = append(row, "")
			}
			_ = w.cw.Write(row)
		}
	}
	return w.flush()
}

func (w *Writer) flush() error {
	w.cw.Flush()
	if w.buf.Len() == 0 {
		return nil
	}
	_, err := w.out.Write(w.buf.Bytes())
	return err
}

// Record returns the JSON form of a board.
func Record(image string, b fenscan.Board, url string) BoardRecord {
	j := BoardRecord{
		Image: image, Page: b.Page, Board: b.Index, FEN: b.FEN, URL: url, Rotation: b.Rotation,
		Confidence: b.Confidence, Squares: b.Squares[:], Consistency: b.Consistency, Colours: b.Colours,
		Arrows: b.Arrows, Kind: string(b.Kind), Grid: b.Grid,
	}
	if p := b.Position; p != nil {
		j.Status = Status{
			Orientation: string(p.Orientation), OrientationBy: p.OrientationBy, SideBy: p.SideBy,
			Legal: p.Legal, Check: p.Check, Checkmate: p.Checkmate, Stalemate: p.Stalemate,
			Warnings: p.Warnings, Repairs: p.Repairs,
		}
	}
	for i, c := range b.Corners {
		j.Corners[i] = [2]float64{round2(c.X), round2(c.Y)}
	}
	return j
}

func round2(v float64) float64 { return float64(int64(v*100+0.5)) / 100 }
