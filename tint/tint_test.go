package tint

import (
	"image"
	"image/color"
	"math/rand"
	"slices"
	"testing"
)

const side = 32 // pixels per square in the test boards

var (
	gold   = color.RGBA{200, 160, 40, 255}
	silver = color.RGBA{185, 185, 195, 255}
	black  = color.RGBA{20, 20, 20, 255}
	white  = color.RGBA{250, 250, 250, 255}
	green  = color.RGBA{40, 160, 60, 255}
)

// piece is one square's content in a test board.
type piece struct {
	sq    int
	fill  color.RGBA
	class int     // the class read: 1-6 white, 7-12 black
	prob  float32 // its probability; the same piece of the other side gets the rest
}

// board draws square-coloured squares (a lichess brown theme) with a disc
// of each piece's fill in the middle, and the probabilities read.
func board(pieces []piece) (*image.RGBA, [64][13]float32) {
	img := image.NewRGBA(image.Rect(0, 0, 8*side, 8*side))
	light, dark := color.RGBA{240, 217, 181, 255}, color.RGBA{181, 136, 99, 255}
	for y := range 8 * side {
		for x := range 8 * side {
			c := light
			if (x/side+y/side)%2 == 1 {
				c = dark
			}
			img.SetRGBA(x, y, c)
		}
	}
	var probs [64][13]float32
	for i := range probs {
		probs[i][0] = 1
	}
	for _, p := range pieces {
		cx, cy := p.sq%8*side+side/2, p.sq/8*side+side/2
		for y := cy - side/3; y < cy+side/3; y++ {
			for x := cx - side/3; x < cx+side/3; x++ {
				if (x-cx)*(x-cx)+(y-cy)*(y-cy) <= side*side/9 {
					img.SetRGBA(x, y, p.fill)
				}
			}
		}
		probs[p.sq] = [13]float32{}
		probs[p.sq][p.class] = p.prob
		probs[p.sq][other(p.class)] = 1 - p.prob
	}
	return img, probs
}

func other(class int) int {
	if class > 6 {
		return class - 6
	}
	return class + 6
}

// outline draws every piece of a test board in a thick outline of colour
// edge, as screen sets draw them: both sides share it, and it tells
// neither.
func outline(img *image.RGBA, probs [64][13]float32, edge color.RGBA) {
	for y := range 8 * side {
		for x := range 8 * side {
			dx, dy := x%side-side/2, y%side-side/2
			if d := dx*dx + dy*dy; d > side*side/16 && d <= side*side/9 && probs[y/side*8+x/side][0] == 0 {
				img.SetRGBA(x, y, edge)
			}
		}
	}
}

// cover draws an arrow across the top share of square sq's middle, the
// square and its piece alike, leaving the square's border as it was.
func cover(img *image.RGBA, sq int, share float64, arrow color.RGBA) {
	x0, y0 := sq%8*side, sq/8*side
	for y := y0 + side/5; y < y0+side/5+int(share*float64(side-2*side/5)); y++ {
		for x := x0 + side/5; x < x0+side-side/5; x++ {
			img.SetRGBA(x, y, arrow)
		}
	}
}

// TestHuesTwoHues: gold (black) and silver (white) pieces, three of the
// gold ones read doubtfully as white, are each settled on their hue's
// side; the surely read ones only grow surer.
func TestHuesTwoHues(t *testing.T) {
	pieces := []piece{
		{0, gold, 12, 0.9}, {9, gold, 7, 0.8}, {10, gold, 1, 0.6}, {11, gold, 1, 0.55}, {20, gold, 10, 0.9}, {21, gold, 1, 0.7},
		{48, silver, 1, 0.95}, {49, silver, 1, 0.9}, {50, silver, 4, 0.9}, {60, silver, 6, 0.95}, {62, silver, 2, 0.85},
	}
	img, probs := board(pieces)
	out, changes := byHues(img, probs)
	want := map[int]int{10: 7, 11: 7, 21: 7}
	if len(changes) != len(want) {
		t.Errorf("changes %v, want squares %v", changes, want)
	}
	for _, c := range changes {
		if want[c.Square] != c.To || c.From != 1 {
			t.Errorf("change %+v, want %d from 1 to %d", c, c.Square, want[c.Square])
		}
	}
	for _, p := range pieces {
		got := argmax(out[p.sq])
		if (got > 6) != (p.fill == gold) {
			t.Errorf("square %d (%v): class %d, want the side of its hue", p.sq, p.fill, got)
		}
		if out[p.sq][got] < probs[p.sq][argmax(probs[p.sq])] {
			t.Errorf("square %d: %.2f after, %.2f before; a settled side only grows surer", p.sq, out[p.sq][got], probs[p.sq][argmax(probs[p.sq])])
		}
	}
}

// TestHuesLeavesBlackAndWhite: pieces drawn black and white have no hue to
// go by, and doubtful readings stay as they are.
func TestHuesLeavesBlackAndWhite(t *testing.T) {
	img, probs := board([]piece{
		{0, black, 12, 0.9}, {9, black, 7, 0.8}, {10, black, 1, 0.6}, {11, black, 7, 0.55},
		{48, white, 1, 0.95}, {49, white, 7, 0.6}, {50, white, 4, 0.9}, {60, white, 6, 0.95},
	})
	if out, changes := byHues(img, probs); out != probs || changes != nil {
		t.Errorf("changed %v", changes)
	}
}

// TestHuesArrowOverPieces: black and white pieces, three of them under a
// green arrow. The arrow's pieces form a hue group of their own, but the
// others, both sides alike, do not lean to one side: nothing changes.
func TestHuesArrowOverPieces(t *testing.T) {
	img, probs := board([]piece{
		{0, black, 12, 0.9}, {1, black, 7, 0.9}, {2, black, 7, 0.6}, {3, black, 10, 0.9}, {4, black, 9, 0.9},
		{48, white, 1, 0.95}, {49, white, 1, 0.6}, {50, white, 4, 0.9}, {60, white, 6, 0.95}, {61, white, 1, 0.9},
		{27, green, 1, 0.7}, {28, green, 7, 0.6}, {29, green, 1, 0.9},
	})
	if out, changes := byHues(img, probs); out != probs || changes != nil {
		t.Errorf("changed %v", changes)
	}
}

// TestHuesSureReadingStands: a piece read surely as white keeps its side
// though its hue is the black pieces', when its colours are neither side's
// paint (a piece under a coloured arrow can fall in the other group).
func TestHuesSureReadingStands(t *testing.T) {
	tinted := color.RGBA{140, 112, 28, 255} // gold's hue, not its paint
	img, probs := board([]piece{
		{0, gold, 12, 0.9}, {9, gold, 7, 0.8}, {10, gold, 7, 0.9}, {11, tinted, 1, 0.98},
		{48, silver, 1, 0.95}, {49, silver, 1, 0.9}, {50, silver, 4, 0.9}, {60, silver, 6, 0.95},
	})
	out, _ := byHues(img, probs)
	if got := argmax(out[11]); got != 1 {
		t.Errorf("square 11: class %d, want 1 as read", got)
	}
	if out[10][7] <= probs[10][7] {
		t.Errorf("square 10: p %.3f, was %.3f: the groups were not used", out[10][7], probs[10][7])
	}
}

// arrow is a band drawn across the top share of a square's middle.
type arrow struct {
	sq    int
	share float64
	c     color.RGBA
}

// TestHuesPaints: boards whose pieces are outlined (in black, or in a
// colour), as screen sets draw them, with arrows over some, and the classes the paints (and
// the hues where they do not tell) must leave on the squares named.
func TestHuesPaints(t *testing.T) {
	blue, orange := color.RGBA{60, 80, 160, 255}, color.RGBA{190, 140, 60, 255}
	brown := color.RGBA{70, 45, 20, 255}   // an outline in a colour, not grey
	tinted := color.RGBA{82, 178, 98, 255} // white under green at 0.8
	goldBlack := []piece{{0, gold, 12, 0.9}, {9, gold, 7, 0.8}, {10, gold, 7, 0.9}, {12, gold, 10, 0.95}}
	silverWhite := []piece{{48, silver, 1, 0.95}, {49, silver, 1, 0.9}, {50, silver, 4, 0.9}, {60, silver, 6, 0.95}}
	with := func(ps ...[]piece) []piece { return slices.Concat(ps...) }
	// An ending: five gold pieces read surely, a silver king, and a
	// silver pawn read black at 0.6.
	ending := []piece{
		{0, gold, 12, 0.97}, {1, gold, 7, 0.97}, {2, gold, 7, 0.97}, {3, gold, 10, 0.97}, {4, gold, 9, 0.97},
		{60, silver, 6, 0.97}, {52, silver, 7, 0.6}}
	// Seven gold pieces, the silver ones, and a silver pawn on 34 read
	// surely white.
	goldSeven := with(goldBlack[:1], []piece{
		{1, gold, 7, 0.97}, {2, gold, 7, 0.97}, {3, gold, 10, 0.97},
		{4, gold, 9, 0.97}, {5, gold, 8, 0.97}, {6, gold, 11, 0.97}}, silverWhite, []piece{{34, silver, 1, 0.97}})
	for _, c := range []struct {
		name   string
		pieces []piece
		arrows []arrow
		noise  bool
		want   map[int]int
		edge   color.RGBA // the outline's colour
	}{
		// A silver (white) pawn read firmly black, an arrow over 40% of
		// its middle: its hue stays in silver's group, where the firm
		// reading would stand, but the silver it shows is White's paint
		// alone.
		{"past an arrow", with(goldBlack, silverWhite, []piece{{11, silver, 7, 0.95}}),
			[]arrow{{11, 0.4, blue}}, false, map[int]int{11: 1}, black},
		// The same under 60% of an orange that shades like gold: its hue
		// is gold's.
		{"hue in the other group", with(goldBlack, silverWhite, []piece{{11, silver, 7, 0.95}}),
			[]arrow{{11, 0.6, orange}}, false, map[int]int{11: 1}, brown},
		// The paints swapped, a gold (black) pawn read firmly white under
		// the arrow, its paint noisy as a JPEG leaves it.
		{"gold, noisy", []piece{
			{0, silver, 6, 0.9}, {9, silver, 1, 0.8}, {10, silver, 1, 0.9}, {12, silver, 4, 0.95},
			{48, gold, 7, 0.95}, {49, gold, 7, 0.9}, {50, gold, 10, 0.9}, {60, gold, 12, 0.95},
			{11, gold, 1, 0.95}}, []arrow{{11, 0.5, blue}}, true, map[int]int{11: 7}, black},
		// The arrow leaves a sliver of the pawn clear, under 5% of the
		// middle: too little paint to tell, and it keeps its reading.
		{"thin paint", with(goldBlack, silverWhite, []piece{{11, silver, 7, 0.95}}),
			[]arrow{{11, 0.85, blue}}, false, map[int]int{11: 7}, black},
		// An ending: silver's palette would rest on the king alone, and be
		// empty, so that the outlines both sides share would count for
		// gold alone. The paints tell nothing; the hues settle the pawn on
		// White's side, and the king stays White's.
		{"one piece on its side", ending, nil, false, map[int]int{60: 6, 52: 1}, brown},
		// The same in black outlines, which are no paint either (see the
		// last case).
		{"one piece on its side, black outlines", ending, nil, false, map[int]int{60: 6, 52: 1}, black},
		// One green arrow crosses three of gold's seven pieces (a fifth of
		// their middles, leaving their hues gold) and an empty square, and
		// its head covers most of a silver pawn read surely white, moving
		// its hue off both groups. The arrow's colour shows on enough gold
		// pieces to join gold's palette, but on the empty square too, so
		// it tells nothing.
		{"arrow out of the palette", goldSeven,
			[]arrow{{1, 0.2, green}, {2, 0.2, green}, {3, 0.2, green}, {20, 0.2, green}, {34, 0.7, green}}, false, map[int]int{34: 1}, black},
		// Two silver pawns read white, not firmly, whose hues an orange
		// arrow over most of them (and, on the dark square, the brown
		// outline it leaves) puts in gold's group: read against that
		// group's side, they are no part of its palette, which would
		// otherwise hold silver too. Silver would then tell nothing: pawn
		// 11 would keep its firm misreading, and the two would go to
		// Black with their hue group.
		{"read against the group", with(goldBlack, silverWhite, []piece{
			{11, silver, 7, 0.95}, {13, silver, 1, 0.6}, {14, silver, 1, 0.6}}),
			[]arrow{{11, 0.4, blue}, {13, 0.7, orange}, {14, 0.7, orange}}, false, map[int]int{11: 1, 13: 1, 14: 1}, brown},
		// Gold over half of a silver pawn read firmly white: two thirds of
		// its ink that lies in one palette lies in gold's, under three
		// quarters, which tells nothing, and the firm reading stands.
		{"paint split", with(goldBlack, silverWhite, []piece{{11, silver, 1, 0.95}}),
			[]arrow{{11, 0.5, gold}}, false, map[int]int{11: 1}, black},
		// The green crosses two of gold's seven pieces only: fewer than
		// 30% of them, so not gold's paint, though no empty square shows
		// it.
		{"arrow over two pieces", goldSeven,
			[]arrow{{1, 0.2, green}, {2, 0.2, green}, {34, 0.7, green}}, false, map[int]int{34: 1}, black},
		// One of gold's four pieces is shaded darker: gold's palette is
		// what 30% of its pieces show (two here), not what all do, and
		// the swapped paints' pawn, whose hue the arrow puts in silver's
		// group, where it is read on silver's side, is still told by it.
		{"gold, one shaded", []piece{
			{0, silver, 6, 0.9}, {9, silver, 1, 0.8}, {10, silver, 1, 0.9}, {12, silver, 4, 0.95},
			{48, gold, 7, 0.95}, {49, gold, 7, 0.9}, {50, gold, 10, 0.9}, {60, color.RGBA{150, 120, 30, 255}, 12, 0.95},
			{11, gold, 1, 0.95}}, []arrow{{11, 0.5, blue}}, false, map[int]int{11: 7}, black},
		// A black-and-white set, two white pieces wholly under an arrow and
		// White's king read firmly white: Black's palette would hold the
		// black the arrow's pieces do not show, and the king's outline
		// would vote for it; black and white are no paint.
		{"outline is no paint", []piece{
			{0, black, 12, 0.97}, {1, black, 7, 0.97}, {2, black, 7, 0.97}, {3, black, 10, 0.97}, {4, black, 9, 0.97},
			{60, white, 6, 0.97}, {36, white, 1, 0.95}, {44, white, 4, 0.95}},
			[]arrow{{36, 1, tinted}, {44, 1, tinted}}, false, map[int]int{60: 6}, black},
	} {
		img, probs := board(c.pieces)
		outline(img, probs, c.edge)
		if c.noise {
			rng := rand.New(rand.NewSource(1))
			n := func(v uint8) uint8 { return uint8(min(255, max(0, int(v)+rng.Intn(7)-3))) }
			for y := range 8 * side {
				for x := range 8 * side {
					p := img.RGBAAt(x, y)
					img.SetRGBA(x, y, color.RGBA{n(p.R), n(p.G), n(p.B), 255})
				}
			}
		}
		for _, a := range c.arrows {
			cover(img, a.sq, a.share, a.c)
		}
		out, changes := byHues(img, probs)
		for sq, want := range c.want {
			if got := argmax(out[sq]); got != want {
				t.Errorf("%s: square %d class %d, want %d (changes %v)", c.name, sq, got, want, changes)
			}
		}
	}
}

// TestHuesOneGroupReadNearEven: White's silver pieces read surely, and
// Black's gold ones near even (a large board's gold can read so), one of
// them on the white side: the groups together lean enough, and the gold
// pieces are settled on Black's side.
func TestHuesOneGroupReadNearEven(t *testing.T) {
	img, probs := board([]piece{
		{48, silver, 1, 0.95}, {49, silver, 1, 0.95}, {50, silver, 4, 0.95}, {60, silver, 6, 0.97},
		{0, gold, 12, 0.58}, {1, gold, 7, 0.56}, {2, gold, 10, 0.57}, {3, gold, 1, 0.55},
	})
	out, changes := byHues(img, probs)
	if got := argmax(out[3]); got != 7 {
		t.Errorf("square 3: class %d, want 7 (changes %v)", got, changes)
	}
}

// TestHuesFewSureOutweighManyDoubtful: an endgame whose black (gold)
// pawns are read, doubtfully, as white, three against the two surely read
// black pieces: the leans, not the heads, decide, and the pawns are
// settled on their hue's side.
func TestHuesFewSureOutweighManyDoubtful(t *testing.T) {
	img, probs := board([]piece{
		{13, gold, 12, 0.97}, {38, gold, 7, 0.99}, {33, gold, 1, 0.64}, {40, gold, 1, 0.56}, {42, gold, 1, 0.64},
		{46, silver, 1, 0.9}, {54, silver, 6, 0.94},
	})
	out, changes := byHues(img, probs)
	if len(changes) != 3 {
		t.Errorf("changes %v, want squares 33, 40 and 42", changes)
	}
	for _, sq := range []int{33, 40, 42} {
		if got := argmax(out[sq]); got != 7 {
			t.Errorf("square %d: class %d, want 7", sq, got)
		}
	}
}

// TestHuesMixedGroupsLeftAlone: each hue group leans to a side on the
// whole, but holds pieces read surely of both sides: the hues are not the
// sides, and a doubtful reading stays as read.
func TestHuesMixedGroupsLeftAlone(t *testing.T) {
	img, probs := board([]piece{
		{0, gold, 12, 0.95}, {1, gold, 7, 0.95}, {2, gold, 10, 0.95}, {3, gold, 1, 0.9}, {4, gold, 4, 0.9},
		{48, silver, 1, 0.95}, {49, silver, 1, 0.95}, {50, silver, 6, 0.95}, {51, silver, 7, 0.9}, {52, silver, 7, 0.6},
	})
	if out, changes := byHues(img, probs); out != probs || changes != nil {
		t.Errorf("changed %v", changes)
	}
}

// TestHuesShadedPaintAndArrow: gold pieces drawn from pale to deep, as a
// small board's blur leaves them, silver ones, and a piece under a green
// arrow, the hue farthest from all others; with the second green, a
// little further from every piece than any gold one is from the silver
// ones, so that every piece's farthest is the arrow's. The gold pieces
// read fairly surely as white (0.8) take the black side; the arrow's
// piece keeps its reading.
func TestHuesShadedPaintAndArrow(t *testing.T) {
	pale, deep := color.RGBA{210, 175, 70, 255}, color.RGBA{175, 125, 20, 255}
	for _, arrow := range []color.RGBA{green, {36, 160, 60, 255}} {
		img, probs := board([]piece{
			{0, gold, 12, 0.95}, {1, pale, 7, 0.9}, {2, deep, 10, 0.95}, {3, gold, 1, 0.8}, {4, pale, 3, 0.8},
			{48, silver, 1, 0.95}, {49, silver, 1, 0.9}, {50, silver, 6, 0.95}, {51, silver, 4, 0.9},
			{27, arrow, 1, 0.7},
		})
		out, changes := byHues(img, probs)
		for sq, want := range map[int]int{3: 7, 4: 9, 27: 1} {
			if got := argmax(out[sq]); got != want {
				t.Errorf("arrow %v, square %d: class %d, want %d (changes %v)", arrow, sq, got, want, changes)
			}
		}
	}
}

// TestHuesLeftAsRead: boards whose hue groups are not the sides, or do
// not lean to them enough, and come back as read.
func TestHuesLeftAsRead(t *testing.T) {
	tinted := color.RGBA{82, 178, 98, 255} // white under green at 0.8
	for _, c := range []struct {
		name   string
		pieces []piece
	}{
		// A black-and-white set, Black with more pieces, and a green
		// arrow over two of White's: the arrow's pieces make a hue group,
		// and the rest lean to Black as a whole, but two of White's three
		// pieces among them are read firmly white. Least of all the white
		// king turns black.
		{"arrow over the fewer side", []piece{
			{0, black, 12, 0.97}, {1, black, 7, 0.97}, {2, black, 7, 0.97}, {3, black, 10, 0.97}, {4, black, 9, 0.97},
			{5, black, 7, 0.97}, {6, black, 8, 0.97}, {7, black, 11, 0.97}, {8, black, 7, 0.97},
			{52, white, 1, 0.8}, {53, white, 1, 0.9}, {60, white, 6, 0.94},
			{36, tinted, 1, 0.95}, {44, tinted, 4, 0.95}}},
		// The same with the arrow's pair read surely white, and the rest,
		// Black's four pieces, White's king read firmly white and two
		// white pawns read fairly surely so, leaning to Black by under
		// 0.2: enough beside the pair were it a paint read near even, but
		// it holds a firm reading against it (the white pawns would turn
		// black).
		{"near even with a firm reading against", []piece{
			{0, black, 12, 0.95}, {1, black, 7, 0.95}, {2, black, 7, 0.95}, {3, black, 10, 0.95},
			{60, white, 6, 0.95}, {52, white, 1, 0.845}, {53, white, 1, 0.845},
			{36, tinted, 1, 0.95}, {44, tinted, 4, 0.95}}},
		// White's silver pieces read only fairly (a mean lean of 0.25)
		// and Black's gold ones near even (0.1): the groups' leans average
		// under 0.2, too little to go by.
		{"leans too low on average", []piece{
			{48, silver, 1, 0.625}, {49, silver, 1, 0.625}, {50, silver, 4, 0.625}, {60, silver, 6, 0.625},
			{0, gold, 12, 0.58}, {1, gold, 7, 0.56}, {2, gold, 10, 0.57}, {3, gold, 7, 0.49}}},
	} {
		img, probs := board(c.pieces)
		if out, changes := byHues(img, probs); out != probs || changes != nil {
			t.Errorf("%s: changed %v", c.name, changes)
		}
	}
}

// TestTwoGroupsBeyondTightGroup: a tight group (silver), a wide one
// (shaded gold), and a point beyond the tight group, away from the wide
// one (silver under a blue arrow). By the wide group's spread alone it
// would be likelier there; it goes to the tight group, and the two
// groups stand.
func TestTwoGroupsBeyondTightGroup(t *testing.T) {
	pts := [][2]float64{{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
		{0, 42}, {0, 42}, {0, 78}, {0, 78}, {1, -27}}
	group, _, _, ok := twoGroups(pts, [2][2]float64{{0, 0}, {0, 60}})
	if !ok {
		t.Fatal("no groups")
	}
	if group[12] != group[0] {
		t.Errorf("the point beyond silver is in group %d, silver in %d", group[12], group[0])
	}
}

// BenchmarkSplit: the hue groups of a full board, worst case: 64 pieces
// whose hues scatter over the plane, so that most pairs seed a run.
func BenchmarkSplit(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	pts := make([][2]float64, 64)
	for i := range pts {
		pts[i] = [2]float64{rng.Float64()*120 - 60, rng.Float64()*120 - 60}
	}
	for b.Loop() {
		split(pts)
	}
}

// byHues is hues without its flag, for the tests of the hue groups alone.
func byHues(img *image.RGBA, probs [64][13]float32) ([64][13]float32, []Change) {
	out, changes, _ := hues(img, probs)
	return out, changes
}
