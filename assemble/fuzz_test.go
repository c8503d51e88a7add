package assemble

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// fuzzInput spreads fuzz bytes over an Input and Options. The first byte
// holds the options and how probabilities are read, the second whether
// the board is a photo and may be seen sideways: peaked (one class per
// square well ahead, which keeps calls fast and walks the rule paths),
// bytes scaled to [0, 1], or raw float32 bits (NaN, infinities and
// negatives included).
func fuzzInput(data []byte) (Input, Options) {
	var in Input
	var opts Options
	if len(data) == 0 {
		return in, opts
	}
	mode, data := data[0], data[1:]
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return b
	}
	opts.Flip = [4]string{"auto", "yes", "no", "auto"}[mode&3]
	opts.EP = [2]string{"always", "legal"}[mode>>2&1]
	opts.Chess960 = mode>>3&1 != 0
	in.Orientation = [4]Orientation{"", WhiteBottom, BlackBottom, ""}[mode>>4&3]
	flags := next()
	in.Photo, in.Sideways = flags&1 != 0, flags&2 != 0
	for i := range in.Highlight {
		in.Highlight[i] = next()&0x1f == 0
	}
	for sq := range in.Squares {
		switch mode >> 6 {
		case 0:
			cls, top := int(next()%13), 0.5+float32(next())/512
			for k := range in.Squares[sq] {
				in.Squares[sq][k] = (1 - top) / 12
			}
			in.Squares[sq][cls] = top
		case 1:
			for k := range in.Squares[sq] {
				in.Squares[sq][k] = float32(next()) / 255
			}
		default:
			for k := range in.Squares[sq] {
				bits := binary.LittleEndian.Uint32([]byte{next(), next(), next(), next()})
				in.Squares[sq][k] = math.Float32frombits(bits)
			}
		}
	}
	return in, opts
}

func FuzzAssemble(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0x80, 0xff, 0xff, 0xc0, 0x7f})
	for _, c := range assembleCases()[:8] {
		// The same boards in peaked form: class, then strength.
		in := picture(f, c.placement, c.rotate, c.highlight)
		data := []byte{0, 0}
		for _, h := range in.Highlight {
			data = append(data, map[bool]byte{true: 0, false: 1}[h])
		}
		for _, sq := range in.Squares {
			data = append(data, byte(argmax32(sq)), 200)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		in, opts := fuzzInput(data)
		p, err := Assemble(in, opts)
		if err != nil {
			t.Fatalf("error for a well-formed input: %v", err)
		}
		if n := len(strings.Fields(p.FEN())); n != 6 {
			t.Fatalf("FEN %q has %d fields", p.FEN(), n)
		}
		if p.Confidence < 0 || p.Confidence > 1 || math.IsNaN(p.Confidence) {
			t.Fatalf("confidence %g", p.Confidence)
		}
		for i, pr := range p.Prob {
			if !(pr >= 0 && pr <= 1) {
				t.Fatalf("square %d probability %g", i, pr)
			}
		}
		// More changes than the repair search makes come from the
		// material refit, which changes only doubtful squares (and then
		// up to maxRepairChanges within the repair's bound) and only to
		// reach a legal board; in a photo, a board whose material is
		// possible, from any pawn on a back rank.
		// Squares the prior alone moved are not the rules' doing. A square
		// the rules changed may have given up, besides the repair's bound,
		// twice what the prior can shift between two classes: once from
		// the model's likeliest class to the prior's, once in the bound.
		// One king of a flat board turned to a side the rules' start had
		// none of, the other two or more (turnKing), may give up anything,
		// besides the changes counted here.
		start := p.Board
		for _, r := range p.Repairs {
			if r.By == RepairRules {
				start[squareIndex(r.Square)] = r.From
			}
		}
		kings := map[string]int{}
		for _, c := range start {
			kings[c]++
		}
		var rules []Repair
		turnable := !in.Photo
		for _, r := range p.Repairs {
			if r.By != RepairRules {
				continue
			}
			if turnable && kings[r.To] == 0 && kings[r.From] >= 2 && (r.From == "K" && r.To == "k" || r.From == "k" && r.To == "K") {
				turnable = false
				continue
			}
			rules = append(rules, r)
		}
		if len(rules) > maxRepairChanges {
			if in.Photo {
				if why := impossibleMaterial(p.Board); why != "" && !p.Legal {
					t.Fatalf("%d repairs and still %s", len(rules), why)
				}
			} else {
				if !p.Legal {
					t.Fatalf("%d repairs and still illegal", len(rules))
				}
				for _, r := range rules {
					if float64(r.ToProb) < float64(r.FromProb)*math.Exp(-maxRepairLoss-4*priorWeight*priorClip)*0.999 {
						t.Fatalf("repair %+v gives up more than the refit may", r)
					}
				}
			}
		}
		if _, err := json.Marshal(p); err != nil {
			t.Fatalf("position does not marshal: %v", err)
		}
	})
}

// impossibleMaterial says which count rule the board breaks, if any.
func impossibleMaterial(b [64]string) string {
	n := map[string]int{}
	for sq, c := range b {
		n[c]++
		if (c == "P" || c == "p") && (sq < 8 || sq >= 56) {
			return "a pawn on a back rank"
		}
	}
	// A side may lack its king where no square could hold one: a
	// real board set up as an exercise (chesscog-4745, pawns only).
	switch {
	case n["K"] > 1 || n["k"] > 1:
		return "more than one king a side"
	case n["P"] > 8 || n["p"] > 8:
		return "more than 8 pawns a side"
	}
	return ""
}

func argmax32(p Probs) int {
	best := 0
	for k := range p {
		if p[k] > p[best] {
			best = k
		}
	}
	return best
}
