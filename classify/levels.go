package classify

import "image"

// levels counts the grey levels of one window of a picture: a plain
// square's, or a coordinate cell's.
type levels struct {
	hist   [256]int
	n, sum int
}

// count counts the levels of board in r moved by at, afresh.
func (w *levels) count(board *image.Gray, at image.Point, r image.Rectangle) {
	*w = levels{n: r.Dx() * r.Dy()}
	for y := at.Y + r.Min.Y; y < at.Y+r.Max.Y; y++ {
		row := board.Pix[board.PixOffset(at.X, y):]
		for x := r.Min.X; x < r.Max.X; x++ {
			w.hist[row[x]]++
			w.sum += int(row[x])
		}
	}
}

// shade is the mean level, rounded.
func (w *levels) shade() int { return (w.sum + w.n/2) / w.n }

// median is the lowest level at or below which more than half the
// pixels lie.
func (w *levels) median() int {
	med := 0
	for k := 0; med < 255 && k+w.hist[med] <= w.n/2; med++ {
		k += w.hist[med]
	}
	return med
}

// spread is the range of the levels once the lowest and the highest cut
// of them are left out.
func (w *levels) spread(cut int) int {
	lo, hi := 0, 255
	for k := cut; lo < 255; lo++ {
		if k -= w.hist[lo]; k < 0 {
			break
		}
	}
	for k := cut; hi > 0; hi-- {
		if k -= w.hist[hi]; k < 0 {
			break
		}
	}
	return max(hi-lo, 0)
}

// off counts the pixels more than limit from level ref.
func (w *levels) off(ref, limit int) int {
	near := 0
	for v := max(ref-limit, 0); v <= min(ref+limit, 255); v++ {
		near += w.hist[v]
	}
	return w.n - near
}
