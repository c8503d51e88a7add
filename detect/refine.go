package detect

import (
	"math"

	"gocv.io/x/gocv"
)

// Refit returns the outline of b, a board Find found in img, fitted to
// the crossings of its lines (see refit). The lattice search fits rows
// and columns parallel to the picture's edges, and a scan turned a little
// or a page photographed at a slant has neither; the caller reads the
// board from both outlines and keeps the surer reading. It is not part of
// Find because most boards read surely from the lattice's outline. ok is
// false for a photo's grid, refined as it was fitted, a bare frame, and
// where refit finds nothing to change.
func Refit(img gocv.Mat, b Board) (corners [4]Point, ok bool) {
	if b.Grid != nil || b.Bare || img.Empty() {
		return b.Corners, false
	}
	grey, scale := workGrey(img)
	defer grey.Close()
	var c [4]Point
	for i, p := range b.Corners {
		c[i] = Point{p.X * scale, p.Y * scale}
	}
	if c, ok = refit(grey, c); !ok {
		return b.Corners, false
	}
	for i, p := range c {
		corners[i] = Point{p.X / scale, p.Y / scale}
	}
	return corners, true
}

// refit fits a flat board's outline to its inner crossings, where four
// squares meet in an X. The lattice search fits rows and columns parallel
// to the picture's edges, so on a scan turned a few degrees or a page
// photographed at a slant it puts the corners off by a share of a
// square, and the edge squares' pieces are cut in half; the crossings
// show where the lines really run. ok is false when too few crossings
// are seen (a bare frame, faint hatching), or when the refit moves no
// corner by minRefit squares or one by more than maxRefine.
func refit(grey gocv.Mat, corners [4]Point) (out [4]Point, ok bool) {
	grid := [4]Point{{0, 0}, {8, 0}, {8, 8}, {0, 8}}
	h, ok := fitHomography(corners[:], grid[:])
	if !ok {
		return corners, false
	}
	inv, ok := invert(h)
	if !ok {
		return corners, false
	}
	side := LongestSide(corners) / 8
	// Each pass looks for the crossings near where the last fit put
	// them: on a turned board the outer ones are out of reach at first,
	// and come within it once the inner ones have turned the fit.
	fitted := false
	for pass := 0; pass < maxPasses; pass++ {
		hr, ok := refineCorners(grey, h, inv, 0, 0, flatWindow, 0.5)
		if !ok {
			break
		}
		ir, ok := invert(hr)
		if !ok {
			break
		}
		moved := 0.0
		for _, g := range grid {
			p, q := apply(inv, g), apply(ir, g)
			moved = math.Max(moved, math.Hypot(p.X-q.X, p.Y-q.Y))
		}
		h, inv, fitted = hr, ir, true
		if moved < 0.02*side {
			break
		}
	}
	if !fitted {
		return corners, false
	}
	most := 0.0
	for k, g := range grid {
		out[k] = apply(inv, g)
		most = math.Max(most, math.Hypot(out[k].X-corners[k].X, out[k].Y-corners[k].Y))
	}
	return out, most >= minRefit*side && most <= maxRefine*side
}

const (
	// minRefit and maxRefine bound how far, in squares, refit must move
	// a corner: less is what the lattice search's own error, a pixel or
	// two, amounts to; more only a fit to something else than the
	// board's lines does.
	minRefit  = 0.03
	maxRefine = 0.5
	// maxPasses bounds refit's passes.
	maxPasses = 8
	// flatWindow is how far, in squares, a crossing is looked for about
	// its guess: a flat board's pieces are drawn close to its lines, and
	// a wider window lets their outlines pull the crossings (on
	// testdata's boards turned 3 degrees, a quarter square's window
	// left the corners 1.4-2.3% of the side off, this one under 1%).
	flatWindow = 0.18
)
