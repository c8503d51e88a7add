// Package classify tells, for each of the 64 squares of a warped board,
// which piece stands on it, with an ONNX convolutional network.
//
// The network reads each square as a grey crop scaled to [0, 1] (32x32 for
// the digital model, taller for photos, where pieces rise above their
// squares) and returns one logit per class; Classify turns them into
// probabilities.
// Two runtimes run the same file: OpenCV's DNN module (fast, the default)
// and onnx-go (pure Go on top of gorgonia, slower, no C++ in the path).
package classify

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"math"
	"sync"
)

// NumClasses is the number of classes the network tells apart.
const NumClasses = 13

// Labels names the classes in the network's output order: "" for an empty
// square, then FEN letters, white (upper case) before black.
var Labels = [NumClasses]string{"", "P", "N", "B", "R", "Q", "K", "p", "n", "b", "r", "q", "k"}

const (
	// Batch is the number of crops per run: one board. onnx-go fixes the
	// batch size on its first run, so it is always the same.
	Batch = 64
	// CropSize is the side of one square's crop for square-crop models.
	CropSize = 32
	// BoardSize is the side of the warped board such models take.
	BoardSize = 8 * CropSize
)

// Probs holds one probability per class, in Labels order.
type Probs [NumClasses]float32

// Best returns the most probable class and its probability.
func (p Probs) Best() (int, float32) {
	best := 0
	for i := range p {
		if p[i] > p[best] {
			best = i
		}
	}
	return best, p[best]
}

// Runtime names an inference engine.
type Runtime string

const (
	// OpenCV runs the network with OpenCV's DNN module.
	OpenCV Runtime = "opencv"
	// OnnxGo runs the network with github.com/owulveryck/onnx-go.
	OnnxGo Runtime = "onnx-go"
)

// Runtimes lists the runtimes New accepts.
var Runtimes = []Runtime{OpenCV, OnnxGo}

// engine runs a batch of n crops (at most Batch) and returns every output
// of the model, in the model's order, n rows each.
type engine interface {
	run(input []float32, n int) ([][]float32, error)
	close()
}

// Classifier classifies the squares of warped boards. It is safe for
// concurrent use, though calls run one at a time; batch work gives each
// worker its own Classifier.
type Classifier struct {
	net  network
	id   string
	crop image.Point
	// logits and embedding index the model's outputs; embedding is -1
	// when the model has none.
	logits, embedding int
}

// New loads an ONNX model for runtime rt. The model is checked before any
// runtime sees it, since OpenCV aborts the process on a malformed file.
func New(model []byte, rt Runtime) (*Classifier, error) {
	eng, crop, names, err := load(model, rt)
	if err != nil {
		return nil, err
	}
	c := &Classifier{net: network{eng: eng}, id: ModelID(model), crop: crop, embedding: -1}
	for i, n := range names {
		switch n {
		case logitsName:
			c.logits = i
		case embeddingName:
			c.embedding = i
		}
	}
	return c, nil
}

// load validates model and starts it in runtime rt; it returns the crop
// size the model reads and the names of its outputs, in order.
func load(model []byte, rt Runtime) (engine, image.Point, []string, error) {
	crop, err := inputCrop(model)
	if err != nil {
		return nil, crop, nil, err
	}
	names, err := outputNames(model)
	if err != nil {
		return nil, crop, nil, fmt.Errorf("classify: not a usable ONNX model: %w", err)
	}
	var eng engine
	switch rt {
	case OpenCV, "":
		eng, err = newOpenCV(model, names, crop)
	case OnnxGo:
		eng, err = newOnnxGo(model, crop)
	default:
		return nil, crop, nil, fmt.Errorf("classify: unknown runtime %q (want %s or %s)", rt, OpenCV, OnnxGo)
	}
	if err != nil {
		return nil, crop, nil, fmt.Errorf("classify: %w", err)
	}
	return eng, crop, names, nil
}

// ModelID identifies a model file by the start of its SHA-256.
func ModelID(model []byte) string {
	sum := sha256.Sum256(model)
	return "sha256:" + hex.EncodeToString(sum[:6])
}

// ID identifies the loaded model.
func (c *Classifier) ID() string { return c.id }

// Crop is the width and height of the crop the model reads for one
// square; the board Read takes is 8 crops wide and 8 high.
func (c *Classifier) Crop() image.Point { return c.crop }

// Close frees the runtime's resources.
func (c *Classifier) Close() error { return c.net.close() }

// Reading is what the network says of one board's 64 squares, in
// row-major order from the board picture's top-left.
type Reading struct {
	Probs [64]Probs
	// Skipped marks the squares whose probabilities are not the
	// network's: plain squares (ReadFast, ReadAll, which still runs them
	// for their embeddings) or those not asked for (ReadSquares).
	Skipped [64]bool
	// Embedding holds each square's features from the network's
	// penultimate layer: crops that look alike lie close. Nil when the
	// model has no embedding output.
	Embedding [][]float32
}

// Classify returns the class probabilities of the 64 squares of board, a
// grey image of 8x8 crops (see Crop), in row-major order from its top-left.
func (c *Classifier) Classify(ctx context.Context, board *image.Gray) ([64]Probs, error) {
	r, err := c.Read(ctx, board)
	if err != nil {
		return [64]Probs{}, err
	}
	return r.Probs, nil
}

// Read returns the class probabilities and, when the model has them, the
// embeddings of the 64 squares of board.
func (c *Classifier) Read(ctx context.Context, board *image.Gray) (*Reading, error) {
	return c.read(ctx, board, [64]bool{})
}

// PlainProb is the probability ReadFast gives an empty square it did not
// run through the network; each piece gets an equal share of the rest.
const PlainProb = 0.99999

// ReadFast is Read for when embeddings are not needed: squares that Plain
// finds empty are not run through the network (on screenshots about half
// of the squares, and the network is most of the time a picture takes).
// They read as empty with probability PlainProb, and their embeddings are
// nil.
func (c *Classifier) ReadFast(ctx context.Context, board *image.Gray) (*Reading, error) {
	return c.readPlain(ctx, board, false, every)
}

// ReadFastSquares is ReadFast of only the squares marked in which; the
// others are Skipped, with zero probabilities, as ReadSquares leaves them.
func (c *Classifier) ReadFastSquares(ctx context.Context, board *image.Gray, which [64]bool) (*Reading, error) {
	return c.readPlain(ctx, board, false, which)
}

// every marks all 64 squares.
var every = func() (all [64]bool) {
	for sq := range all {
		all[sq] = true
	}
	return all
}()

// ReadAll is ReadFast with every square's embedding: the plain squares
// run through the network too, for their embeddings, but read as ReadFast
// reads them, and are marked Skipped as there. The network gives even a
// plain square's pieces some thousandths, and the assembler weighs what
// it changes by their odds: a diagram of White's pieces alone once had a
// black king put on an empty square.
func (c *Classifier) ReadAll(ctx context.Context, board *image.Gray) (*Reading, error) {
	return c.readPlain(ctx, board, true, every)
}

// readPlain reads the squares of board marked in which, its plain squares
// read as plain and marked Skipped, running them through the network too
// when embed asks for their embeddings; the squares not marked are
// Skipped, with zero probabilities.
func (c *Classifier) readPlain(ctx context.Context, board *image.Gray, embed bool, which [64]bool) (*Reading, error) {
	plain := Plain(board, c.crop)
	var skip [64]bool
	for sq := range skip {
		skip[sq] = !which[sq] || plain[sq] && !embed
	}
	r, err := c.read(ctx, board, skip)
	if err != nil {
		return nil, err
	}
	for sq, p := range plain {
		if p && which[sq] {
			r.Skipped[sq] = true
			r.Probs[sq] = plainProbs
		}
	}
	return r, nil
}

// ReadSquares reads only the squares marked in which, in one run of the
// network; the others are Skipped, with zero probabilities.
func (c *Classifier) ReadSquares(ctx context.Context, board *image.Gray, which [64]bool) (*Reading, error) {
	var skip [64]bool
	for sq, w := range which {
		skip[sq] = !w
	}
	return c.read(ctx, board, skip)
}

// ReadEach reads the squares marked in which on each of boards (the same
// board cut from outlines a little apart, say), packing their crops into
// as few runs of the network as Batch allows: a run's fixed cost, not its
// crops, is most of the time when only a few squares of each board are
// read. Squares not asked for have zero probabilities.
func (c *Classifier) ReadEach(ctx context.Context, boards []*image.Gray, which [64]bool) ([][64]Probs, error) {
	var run []int
	for sq, w := range which {
		if w {
			run = append(run, sq)
		}
	}
	out := make([][64]Probs, len(boards))
	if len(run) == 0 {
		return out, nil
	}
	type cell struct{ board, sq int }
	var cells []cell
	for i, b := range boards {
		if err := c.checkSize(b); err != nil {
			return nil, err
		}
		for _, sq := range run {
			cells = append(cells, cell{i, sq})
		}
	}
	n := c.crop.X * c.crop.Y
	for start := 0; start < len(cells); start += Batch {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		part := cells[start:min(start+Batch, len(cells))]
		input := make([]float32, len(part)*n)
		for i, p := range part {
			cropTo(input[i*n:(i+1)*n], boards[p.board], c.crop, p.sq)
		}
		outs, err := c.net.forward(input, len(part), c.logits, NumClasses)
		if err != nil {
			return nil, err
		}
		logits := outs[c.logits]
		for i, p := range part {
			out[p.board][p.sq] = softmax(logits[i*NumClasses : (i+1)*NumClasses])
		}
	}
	return out, nil
}

// checkSize reports whether board is 8 crops wide and 8 high.
func (c *Classifier) checkSize(board *image.Gray) error {
	b := board.Bounds()
	if b.Dx() != 8*c.crop.X || b.Dy() != 8*c.crop.Y {
		return fmt.Errorf("classify: board is %dx%d, want %dx%d", b.Dx(), b.Dy(), 8*c.crop.X, 8*c.crop.Y)
	}
	return nil
}

func (c *Classifier) read(ctx context.Context, board *image.Gray, skip [64]bool) (*Reading, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := c.checkSize(board); err != nil {
		return nil, err
	}
	var run []int // the squares the network reads, in order
	for sq := range skip {
		if !skip[sq] {
			run = append(run, sq)
		}
	}
	r := &Reading{Skipped: skip}
	if len(run) == 0 {
		return r, nil
	}
	input := crops(board, c.crop, run)
	outs, err := c.net.forward(input, len(run), c.logits, NumClasses)
	if err != nil {
		return nil, err
	}
	logits := outs[c.logits]
	for i, sq := range run {
		r.Probs[sq] = softmax(logits[i*NumClasses : (i+1)*NumClasses])
	}
	if c.embedding >= 0 && c.embedding < len(outs) && len(outs[c.embedding])%len(run) == 0 {
		e := outs[c.embedding]
		d := len(e) / len(run)
		r.Embedding = make([][]float32, Batch)
		for i, sq := range run {
			r.Embedding[sq] = e[i*d : (i+1)*d]
		}
	}
	return r, nil
}

// A network is a loaded model's engine (nil once closed), run by one call
// at a time: neither runtime's session may be used concurrently. The
// engines copy their outputs, so only the run itself is locked.
type network struct {
	mu  sync.Mutex
	eng engine
}

// forward runs n crops through the network and checks that its output
// logits holds classes values for each.
func (w *network) forward(input []float32, n, logits, classes int) ([][]float32, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.eng == nil {
		return nil, errors.New("classify: model is closed")
	}
	outs, err := w.eng.run(input, n)
	if err != nil {
		return nil, fmt.Errorf("classify: %w", err)
	}
	if logits >= len(outs) || len(outs[logits]) != n*classes {
		return nil, fmt.Errorf("classify: model did not return %dx%d logits", n, classes)
	}
	// A square whose outputs are not numbers is read by the assembler as
	// every class alike, and a board of such squares is filled with the
	// pieces that most often stand there in real games: a plausible
	// position read from nothing.
	for _, out := range outs {
		for _, v := range out {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return nil, fmt.Errorf("classify: the network returned %v (a fault of the model or its runtime, not of the picture)", v)
			}
		}
	}
	return outs, nil
}

// close frees the engine; later calls to forward fail.
func (w *network) close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.eng != nil {
		w.eng.close()
		w.eng = nil
	}
	return nil
}

// PlainProbs returns what a plain square reads as (see ReadFast).
func PlainProbs() Probs { return plainProbs }

// plainProbs is what a plain square reads as.
var plainProbs = func() Probs {
	var p Probs
	p[0] = PlainProb
	for i := 1; i < NumClasses; i++ {
		p[i] = (1 - PlainProb) / (NumClasses - 1)
	}
	return p
}()

// crops lays out the crops of squares, in that order, as the network's input:
// shape [len(squares),1,crop.Y,crop.X], pixels scaled to [0, 1].
func crops(board *image.Gray, crop image.Point, squares []int) []float32 {
	n := crop.X * crop.Y
	in := make([]float32, len(squares)*n)
	for i, sq := range squares {
		cropTo(in[i*n:(i+1)*n], board, crop, sq)
	}
	return in
}

// cropTo writes the crop of square sq of board to dst, row by row, its
// pixels scaled to [0, 1].
func cropTo(dst []float32, board *image.Gray, crop image.Point, sq int) {
	w, h := crop.X, crop.Y
	b := board.Bounds()
	r, c := sq/8, sq%8
	for y := 0; y < h; y++ {
		row := board.Pix[board.PixOffset(b.Min.X+c*w, b.Min.Y+r*h+y):]
		for x := 0; x < w; x++ {
			dst[y*w+x] = float32(row[x]) / 255
		}
	}
}

func softmax(logits []float32) Probs {
	var p Probs
	softmaxTo(p[:], logits)
	return p
}

// softmaxTo writes the softmax of logits to p, which has the same length.
func softmaxTo(p, logits []float32) {
	m := logits[0]
	for _, v := range logits {
		m = max(m, v)
	}
	var sum float64
	for i, v := range logits {
		e := math.Exp(float64(v - m))
		p[i] = float32(e)
		sum += e
	}
	for i := range p {
		p[i] = float32(float64(p[i]) / sum)
	}
}
