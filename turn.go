package fenscan

import (
	"cmp"
	"context"
	"fmt"
	"image"
	"slices"

	"github.com/fenscan/fenscan/classify"
	"github.com/fenscan/fenscan/detect"
	"gocv.io/x/gocv"
)

// uprightScore is the mean log-probability of the squares' readings above
// which a board is taken to be upright without trying other turns:
// screenshots and scans are read in one turn, a diagram photographed sideways
// gets its pieces read lying down, doubtfully, and is turned.
const uprightScore = -0.05

// turnMargin is how much surer, in mean log-probability per square, a
// board must read turned than upright to be taken as turned. Most pictures
// are upright, and the doubtful reading of an unfamiliar piece set upright
// is often matched by chance when turned: on the real and generated test
// pictures such chance gains reached 0.03, while boards truly turned
// gained 0.08 and more.
const turnMargin = 0.04

// probeSquares is the number of squares read in each turn to decide which
// turns are worth reading whole: three turns of them are one run of the
// network.
const probeSquares = 16

// read classifies the squares of the board at corners. When the reading is
// doubtful it tries the board turned by 90, 180 and 270 degrees, and keeps
// a turn that reads clearly surer: pieces are only recognised standing up,
// which tells the board's top edge in a rotated picture.
func (s *Scanner) read(ctx context.Context, img gocv.Mat, corners [4]detect.Point) (reading, error) {
	upright, err := s.readTurned(ctx, img, corners, 0)
	if err != nil || upright.score > uprightScore {
		return upright, err
	}
	turns, err := s.probeTurns(ctx, upright)
	if err != nil {
		return upright, err
	}
	best := upright
	for _, k := range turns {
		r, err := s.readTurned(ctx, img, corners, k)
		if err != nil {
			return upright, err
		}
		if r.score > upright.score+turnMargin && r.score > best.score && keepsPieces(upright, r, k) {
			best = r
		}
	}
	return best, nil
}

// sureTurnPiece is the probability from which a piece read on the upright
// board must still be read as a piece on a turned one. A piece lying on
// its side is read doubtfully, so one read this surely stands as drawn.
// Marks that read surer turned (the crosses of an instructional diagram
// round a lone queen) once turned such a board, and the queen, lying,
// was read as an empty square.
const sureTurnPiece = 0.99

// keepsPieces reports whether the reading r of the board turned k quarter
// turns reads as pieces all the squares that the upright reading reads
// as pieces at sureTurnPiece or above.
func keepsPieces(upright, r reading, k int) bool {
	for sq := range r.probs {
		if c, _ := r.probs[sq].Best(); c != 0 {
			continue
		}
		if c, p := upright.probs[turnedSquare(sq, k)].Best(); c != 0 && p >= sureTurnPiece {
			return false
		}
	}
	return true
}

// turnedSquare returns the square of the upright board that square sq of
// the board turned k quarter turns to the left (readTurned) shows.
func turnedSquare(sq, k int) int {
	r, c := sq/8, sq%8
	for range k % 4 {
		r, c = c, 7-r
	}
	return r*8 + c
}

// readTurned reads the board at corners turned k quarter turns to the left:
// the picture's corner k is the warped board's top-left.
func (s *Scanner) readTurned(ctx context.Context, img gocv.Mat, corners [4]detect.Point, k int) (reading, error) {
	var c [4]detect.Point
	for i := range c {
		c[i] = corners[(i+k)%4]
	}
	warped, err := detect.Warp(img, c)
	if err != nil {
		return reading{}, fmt.Errorf("detect: %w", err)
	}
	rd, err := s.classify(ctx, s.clf, warped)
	if err != nil {
		return reading{}, err
	}
	return reading{corners: c, warped: warped, probs: rd.Probs, embedding: rd.Embedding, skipped: rd.Skipped,
		rotation: 90 * k, score: meanLogProb(rd.Probs[:]), kind: Digital, model: s.clf.ID()}, nil
}

// probeTurns reads the squares of an upright reading most likely to hold
// pieces, each turned in place by one, two and three quarter turns (what
// reading the whole board turned would show of them), and returns the
// turns under which they read surer by turnMargin, surest first. A turned
// board shows its pieces lying, read doubtfully; stood up they read
// surely. The plain squares say nothing either way and are left out.
func (s *Scanner) probeTurns(ctx context.Context, upright reading) ([]int, error) {
	var squares []int
	for sq := range upright.probs {
		if !upright.skipped[sq] {
			squares = append(squares, sq)
		}
	}
	slices.SortStableFunc(squares, func(a, b int) int {
		return cmp.Compare(upright.probs[a][0], upright.probs[b][0])
	})
	squares = squares[:min(len(squares), probeSquares)]
	if len(squares) == 0 {
		return nil, nil
	}
	crop := s.clf.Crop()
	probe := image.NewGray(upright.warped.Bounds())
	var which [64]bool
	for k := 1; k <= 3; k++ {
		for j, sq := range squares {
			cell := (k-1)*len(squares) + j
			turnCrop(probe, cell, upright.warped, sq, crop.X, k)
			which[cell] = true
		}
	}
	rd, err := s.clf.ReadSquares(ctx, probe, which)
	if err != nil {
		return nil, err
	}
	var base []classify.Probs
	for _, sq := range squares {
		base = append(base, upright.probs[sq])
	}
	base0 := meanLogProb(base)
	type turn struct {
		k     int
		score float64
	}
	var turns []turn
	for k := 1; k <= 3; k++ {
		sc := meanLogProb(rd.Probs[(k-1)*len(squares) : k*len(squares)])
		if sc > base0+turnMargin {
			turns = append(turns, turn{k, sc})
		}
	}
	slices.SortFunc(turns, func(a, b turn) int { return cmp.Compare(b.score, a.score) })
	var ks []int
	for _, t := range turns {
		ks = append(ks, t.k)
	}
	return ks, nil
}

// turnCrop copies square sq of board (n x n crops) into cell of dst,
// turned k quarter turns to the left, as the square shows in the board
// warped from its corners taken k places on.
func turnCrop(dst *image.Gray, cell int, board *image.Gray, sq, n, k int) {
	sx, sy := sq%8*n, sq/8*n
	dx, dy := cell%8*n, cell/8*n
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			var u, v int // source pixel of (x, y)
			switch k % 4 {
			case 0:
				u, v = x, y
			case 1:
				u, v = n-1-y, x
			case 2:
				u, v = n-1-x, n-1-y
			case 3:
				u, v = y, n-1-x
			}
			dst.Pix[(dy+y)*dst.Stride+dx+x] = board.Pix[(sy+v)*board.Stride+sx+u]
		}
	}
}
