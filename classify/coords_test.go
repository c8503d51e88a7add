package classify

import "testing"

// printed gives glyph probabilities for a board with White at edge w whose
// coordinates are printed on the edges in on, read surely (0.9) except in
// the cells of miss, which read as nothing.
func printed(w int, on []int, miss map[[2]int]bool) [4][8]GlyphProbs {
	var p [4][8]GlyphProbs
	for e := range p {
		for i := range p[e] {
			p[e][i][0] = 1
		}
	}
	for _, e := range on {
		for i := range p[e] {
			if miss[[2]int{e, i}] {
				continue
			}
			c := &p[e][i]
			for k := range c {
				c[k] = 0.1 / (NumGlyphs - 1)
			}
			c[expectedGlyph(w, e, i)] = 0.9
		}
	}
	return p
}

func TestWhiteEdge(t *testing.T) {
	all := []int{EdgeTop, EdgeRight, EdgeBottom, EdgeLeft}
	for _, c := range []struct {
		name     string
		p        [4][8]GlyphProbs
		sideways bool
		edge     int
		ok       bool
	}{
		{"white at the bottom, all edges", printed(EdgeBottom, all, nil), false, EdgeBottom, true},
		{"black at the bottom, near edge only", printed(EdgeTop, []int{EdgeBottom}, nil), false, EdgeTop, true},
		{"white at the right, ranks across", printed(EdgeRight, []int{EdgeTop, EdgeBottom}, nil), true, EdgeRight, true},
		{"white at the left, files down the side", printed(EdgeLeft, []int{EdgeLeft}, nil), true, EdgeLeft, true},
		// A flat picture is never read sideways: ranks across the bottom
		// say nothing of bottom or top.
		{"flat, sideways glyphs", printed(EdgeRight, []int{EdgeBottom}, nil), false, -1, false},
		{"no coordinates", printed(EdgeBottom, nil, nil), true, -1, false},
		// Pieces hide most of the one printed edge: three cells are not
		// enough.
		{"three cells", printed(EdgeBottom, []int{EdgeBottom},
			map[[2]int]bool{{2, 0}: true, {2, 1}: true, {2, 2}: true, {2, 3}: true, {2, 4}: true}), false, -1, false},
		{"five cells", printed(EdgeBottom, []int{EdgeBottom},
			map[[2]int]bool{{2, 0}: true, {2, 1}: true, {2, 2}: true}), false, EdgeBottom, true},
	} {
		edge, lead, ok := WhiteEdge(c.p, c.sideways)
		if ok != c.ok || ok && edge != c.edge {
			t.Errorf("%s: WhiteEdge = %d, %v (lead %.1f); want %d, %v", c.name, edge, ok, lead, c.edge, c.ok)
		}
	}
}

// TestWhiteEdgeMisread: one cell read surely as the wrong glyph (a "6"
// turned over reads as a "9", a "g" like it) costs a side a bounded amount,
// and the other cells still decide.
func TestWhiteEdgeMisread(t *testing.T) {
	p := printed(EdgeBottom, []int{EdgeBottom}, nil)
	for k := range p[EdgeBottom][6] {
		p[EdgeBottom][6][k] = 0
	}
	p[EdgeBottom][6][expectedGlyph(EdgeTop, EdgeBottom, 6)] = 1
	if edge, lead, ok := WhiteEdge(p, true); !ok || edge != EdgeBottom {
		t.Errorf("WhiteEdge = %d, %v (lead %.1f); want the bottom", edge, ok, lead)
	}
}

// TestInnerWhiteEdge: coordinates printed in the corners of a flat
// board's edge squares, files in one corner and ranks in the other, vote
// together; a speckled board, whose cells read as glyphs of all kinds, or
// only a few cells, do not decide. Four sure letters lead by about 19.5
// and decide, either way; three lead by 14.8 and do not, for their lead
// alone (three cells meet the support asked).
func TestInnerWhiteEdge(t *testing.T) {
	none := printed(EdgeBottom, nil, nil)
	files := printed(EdgeTop, []int{EdgeBottom}, nil) // Black at the bottom
	ranks := printed(EdgeTop, []int{EdgeLeft}, nil)
	// Every cell of a speckled board reads as some glyph, drawn at random,
	// now and then the one a side expects there.
	var speckled [4][8]GlyphProbs
	seed := uint32(1)
	for e := range speckled {
		for i := range speckled[e] {
			seed = seed*1664525 + 1013904223
			c := &speckled[e][i]
			c[0] = 0.1
			c[1+int(seed>>28)] = 0.9
		}
	}
	hideFive := map[[2]int]bool{{2, 0}: true, {2, 1}: true, {2, 2}: true, {2, 3}: true, {2, 4}: true}
	hideFour := map[[2]int]bool{{2, 0}: true, {2, 2}: true, {2, 4}: true, {2, 6}: true}
	for _, c := range []struct {
		name string
		p    [2][4][8]GlyphProbs
		edge int
		ok   bool
	}{
		{"files in one corner, ranks in the other", [2][4][8]GlyphProbs{ranks, files}, EdgeTop, true},
		{"files alone", [2][4][8]GlyphProbs{none, files}, EdgeTop, true},
		{"no coordinates", [2][4][8]GlyphProbs{none, none}, -1, false},
		{"speckled squares", [2][4][8]GlyphProbs{speckled, speckled}, -1, false},
		{"speckled beside real files", [2][4][8]GlyphProbs{speckled, files}, -1, false},
		{"three letters", [2][4][8]GlyphProbs{none, printed(EdgeTop, []int{EdgeBottom}, hideFive)}, -1, false},
		{"three letters, White at the bottom", [2][4][8]GlyphProbs{none, printed(EdgeBottom, []int{EdgeBottom}, hideFive)}, -1, false},
		{"four letters", [2][4][8]GlyphProbs{none, printed(EdgeTop, []int{EdgeBottom}, hideFour)}, EdgeTop, true},
		{"four letters, White at the bottom", [2][4][8]GlyphProbs{none, printed(EdgeBottom, []int{EdgeBottom}, hideFour)}, EdgeBottom, true},
	} {
		edge, lead, ok := InnerWhiteEdge(c.p)
		if ok != c.ok || ok && edge != c.edge {
			t.Errorf("%s: InnerWhiteEdge = %d, %v (lead %.1f); want %d, %v", c.name, edge, ok, lead, c.edge, c.ok)
		}
	}
}

// TestOneCornerEach keeps, of each square's two corner cells, the one
// likelier to hold a glyph, and makes the other read as none; a square
// with no glyph at either corner stays so.
func TestOneCornerEach(t *testing.T) {
	var p [2][4][8]GlyphProbs
	for k := range p {
		for e := range p[k] {
			for i := range p[k][e] {
				p[k][e][i][0] = 1
			}
		}
	}
	p[0][EdgeLeft][6] = GlyphProbs{0.1, 0, 0, 0, 0, 0, 0, 0, 0, 0.9} // a digit, surely
	p[1][EdgeLeft][6] = GlyphProbs{0.4, 0, 0, 0, 0, 0, 0, 0, 0, 0.6} // the same, half seen
	p[1][EdgeBottom][2] = GlyphProbs{0.3, 0, 0, 0.7}                 // a letter at the end corner
	got := OneCornerEach(p)
	none := GlyphProbs{1}
	if got[0][EdgeLeft][6] != p[0][EdgeLeft][6] || got[1][EdgeLeft][6] != none {
		t.Errorf("left 6: got %v and %v, want the start corner's glyph alone", got[0][EdgeLeft][6], got[1][EdgeLeft][6])
	}
	if got[1][EdgeBottom][2] != p[1][EdgeBottom][2] || got[0][EdgeBottom][2] != none {
		t.Errorf("bottom 2: got %v and %v, want the end corner's glyph alone", got[0][EdgeBottom][2], got[1][EdgeBottom][2])
	}
	if got[0][EdgeTop][0] != none || got[1][EdgeTop][0] != none {
		t.Error("a square without glyphs gained one")
	}
}
