package classify

import (
	"context"
	"fmt"
	"image"
	"math"
)

// NumGlyphs is the number of classes the coordinates model tells apart.
const NumGlyphs = 17

// GlyphLabels names the coordinates model's classes in its output order:
// "" for a cell with no coordinate, then the file letters and the rank
// digits.
var GlyphLabels = [NumGlyphs]string{"", "a", "b", "c", "d", "e", "f", "g", "h",
	"1", "2", "3", "4", "5", "6", "7", "8"}

// GlyphProbs holds one probability per glyph class, in GlyphLabels order.
type GlyphProbs [NumGlyphs]float32

// Edges of a board, in the order Glyphs.Read and WhiteEdge take them (the
// order of detect.Edge).
const (
	EdgeTop = iota
	EdgeRight
	EdgeBottom
	EdgeLeft
)

// Glyphs reads the file letters and rank digits printed beside a board's
// edge squares (see detect.EdgeCells). It is safe for concurrent use,
// though calls run one at a time.
type Glyphs struct {
	net    network
	cell   image.Point
	logits int
}

// NewGlyphs loads the coordinates model for runtime rt.
func NewGlyphs(model []byte, rt Runtime) (*Glyphs, error) {
	eng, cell, names, err := load(model, rt)
	if err != nil {
		return nil, err
	}
	g := &Glyphs{net: network{eng: eng}, cell: cell}
	for i, n := range names {
		if n == logitsName {
			g.logits = i
		}
	}
	return g, nil
}

// Cell is the width (along the edge) and depth of the cells the model
// reads.
func (g *Glyphs) Cell() image.Point { return g.cell }

// Close frees the runtime's resources.
func (g *Glyphs) Close() error { return g.net.close() }

// Read returns the glyph probabilities of the cells beside each edge
// square, in one run of the network. Cells with no ink in them (a plain
// border, a screen's background: see inked) read as holding no glyph
// without the network, which spends about as long on the 32 cells as on
// a board's 64 squares.
func (g *Glyphs) Read(ctx context.Context, cells [4][8]*image.Gray) ([4][8]GlyphProbs, error) {
	var out [4][8]GlyphProbs
	if err := ctx.Err(); err != nil {
		return out, err
	}
	w, h := g.cell.X, g.cell.Y
	var run []int // the cells the network reads, edge by edge
	input := make([]float32, 0, 32*w*h)
	for e := range cells {
		for i, c := range cells[e] {
			if c == nil || c.Bounds().Dx() != w || c.Bounds().Dy() != h {
				return out, fmt.Errorf("classify: coordinate cells must be %dx%d", w, h)
			}
			out[e][i][0] = 1
			if !inked(c) {
				continue
			}
			run = append(run, e*8+i)
			b := c.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for _, v := range c.Pix[c.PixOffset(b.Min.X, y):][:w] {
					input = append(input, float32(v)/255)
				}
			}
		}
	}
	if len(run) == 0 {
		return out, nil
	}
	outs, err := g.net.forward(input, len(run), g.logits, NumGlyphs)
	if err != nil {
		return out, fmt.Errorf("coordinates: %w", err)
	}
	l := outs[g.logits]
	for k, c := range run {
		softmaxTo(out[c/8][c%8][:], l[k*NumGlyphs:(k+1)*NumGlyphs])
	}
	return out, nil
}

// A cell is inked when at least inkPixels of its pixels differ from its
// median by more than inkLevel grey levels: the least glyph the model
// reads (4.5 pixels high, 20 levels off its ground) has more.
const (
	inkLevel  = 16
	inkPixels = 12
)

// inked tells whether a cell holds anything that could be a glyph.
func inked(c *image.Gray) bool {
	var w levels
	b := c.Bounds()
	w.count(c, b.Min, image.Rect(0, 0, b.Dx(), b.Dy()))
	return w.off(w.median(), inkLevel) >= inkPixels
}

// What the coordinates must show before they decide a board's
// orientation: with four sides to choose from, the best must lead the
// next by leadNeeded nats, with at least supportNeeded cells reading,
// more likely than not, the very glyph it expects there.
const (
	leadNeeded    = 8.0
	supportNeeded = 4
	// floorProb bounds what one cell can cost a side: a glyph misread
	// (a "6" turned over is a "9", a "g" much like it) or a piece's top
	// leaning over the border must not outweigh the cells that agree.
	floorProb = 1e-3
)

// WhiteEdge tells from the glyphs read beside a board's edges (see
// Glyphs.Read) at which edge of the picture White sits: the edge nearest
// rank 1. Each side White could sit at expects a letter or digit in each
// cell; a cell votes by the log-probability of that glyph among the 16,
// weighted by how surely it holds a glyph at all. sideways admits all
// four edges, otherwise only the bottom and the top. ok is false when the
// glyphs do not decide.
func WhiteEdge(p [4][8]GlyphProbs, sideways bool) (edge int, lead float64, ok bool) {
	v := vote([][4][8]GlyphProbs{p}, sideways)
	return v.edge, v.lead, v.lead >= leadNeeded && v.support >= supportNeeded
}

// What coordinates printed inside the edge squares must show to decide:
// a larger lead than those beside the board, because most such cells hold
// no glyph but a square's texture, a highlight or noise, and some of those
// read as glyphs by chance; and a third or more of the cells read as
// glyphs must be the ones the side expects, since a speckled or textured
// board reads glyphs all over. Fewer cells need back it: a screen's small
// squares print glyphs 5 to 8 pixels high. Measured on generated boards
// (scripts/flipped_eval.sh): the 69 of 300 game positions whose pieces
// left the side undecided are all decided, rightly. The lead was 20 nats
// until session 64, when no vote with that support had led the wrong way
// by more than 13.9 (12.3 towards the top, turning the board) on 2,341
// pictures printing no coordinates inside (every held-out book design of
// seeds 7-10, ../shared/data/real, the stress variants) nor by more than
// 7.1 on 1,200 generated screens, while small boards' digits and boards
// cut through a line of squares, their coordinates half gone, led the
// right way by 15.5 to 18.6: at 15, 300 small generated screens printing
// coordinates read 263 -> 268 entirely right (random placements their
// pieces had turned), and endgames from Black's side cropped to the board
// and cut on one side 8 more of 264 cut testdata screenshots.
const (
	innerLeadNeeded    = 15.0
	innerSupportNeeded = 3
	innerShare         = 1.0 / 3
)

// InnerWhiteEdge is WhiteEdge for a flat board's coordinates printed in
// the corners of its edge squares (see detect.InnerCells), read at both
// corners of each square: p[0] and p[1] vote together.
func InnerWhiteEdge(p [2][4][8]GlyphProbs) (edge int, lead float64, ok bool) {
	v := vote(p[:], false)
	ok = v.lead >= innerLeadNeeded && v.support >= innerSupportNeeded && float64(v.support) >= innerShare*float64(v.glyphs)
	return v.edge, v.lead, ok
}

// OneCornerEach keeps, of the two corner cells of each edge square, the
// one likelier to hold a glyph, and makes the other read as holding none.
// Cells long enough to overlap (detect.WideInnerSpan: both corners' cells
// span 0.8 of the square) show a small board's digit in both, and read
// together it would vote twice against InnerWhiteEdge's bounds, measured
// on cells apart.
func OneCornerEach(p [2][4][8]GlyphProbs) [2][4][8]GlyphProbs {
	none := GlyphProbs{1}
	for e := range p[0] {
		for i := range p[0][e] {
			if p[0][e][i][0] <= p[1][e][i][0] {
				p[1][e][i] = none
			} else {
				p[0][e][i] = none
			}
		}
	}
	return p
}

// A sideVote is the side that the cells of one or more boards' worth of
// glyphs favour, by how much, and how many cells back it.
type sideVote struct {
	edge int
	lead float64
	// support counts the cells whose likeliest glyph is the one the best
	// side expects there; glyphs counts those more likely to hold a
	// glyph than not.
	support, glyphs int
}

func vote(sets [][4][8]GlyphProbs, sideways bool) sideVote {
	candidates := []int{EdgeBottom, EdgeTop}
	if sideways {
		candidates = append(candidates, EdgeRight, EdgeLeft)
	}
	score := make([]float64, len(candidates))
	support := make([]int, len(candidates))
	glyphs := 0
	for _, p := range sets {
		for e := range p {
			for i, c := range p[e] {
				glyph := 1 - float64(c[0])
				if glyph <= 0 {
					continue
				}
				if glyph > 0.5 {
					glyphs++
				}
				likeliest := likeliestGlyph(c)
				for k, w := range candidates {
					want := expectedGlyph(w, e, i)
					q := math.Max(float64(c[want])/glyph, floorProb)
					score[k] += glyph * math.Log(q)
					if likeliest == want {
						support[k]++
					}
				}
			}
		}
	}
	best := 0
	for k := range score {
		if score[k] > score[best] {
			best = k
		}
	}
	lead := math.Inf(1)
	for k := range score {
		if k != best {
			lead = math.Min(lead, score[best]-score[k])
		}
	}
	return sideVote{edge: candidates[best], lead: lead, support: support[best], glyphs: glyphs}
}

// likeliestGlyph is the most probable of the 16 glyphs in a cell.
func likeliestGlyph(c GlyphProbs) int {
	best := 1
	for k := 2; k < NumGlyphs; k++ {
		if c[k] > c[best] {
			best = k
		}
	}
	return best
}

// expectedGlyph is the class of the glyph a board with White at edge w
// prints beside square i of edge e (i from the picture's left or top).
func expectedGlyph(w, e, i int) int {
	across := e == EdgeTop || e == EdgeBottom // the cells run left to right
	letter := func(f int) int { return 1 + f }
	digit := func(r int) int { return 8 + r }
	switch w {
	case EdgeBottom:
		if across {
			return letter(i)
		}
		return digit(8 - i)
	case EdgeTop:
		if across {
			return letter(7 - i)
		}
		return digit(i + 1)
	case EdgeRight:
		if across {
			return digit(8 - i)
		}
		return letter(7 - i)
	default: // EdgeLeft
		if across {
			return digit(i + 1)
		}
		return letter(i)
	}
}
