package fenscan

import (
	"context"
	"fmt"

	"github.com/fenscan/fenscan/profile"
)

// Adapt builds a profile of one piece set from labelled pictures of it:
// each picture's largest board is read, and its squares' embeddings are
// filed under their true classes. The scanner should run without a
// profile. Pictures that cannot be read are reported, not skipped
// silently.
func Adapt(ctx context.Context, s *Scanner, labels []Label) (*profile.Profile, error) {
	b := profile.NewBuilder(s.ModelID())
	for _, l := range labels {
		boards, err := s.ScanFile(ctx, l.Image)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", l.Image, err)
		}
		board := largest(boards)
		truth, err := expandPlacement(l.Placement)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", l.Image, err)
		}
		// The label is from White's side, the embeddings in picture order;
		// the label itself says which way round the picture is: the way
		// that agrees best with what was read.
		var seen [64]string
		for i, sq := range board.Squares {
			j := i
			if board.Position.Orientation == "black-bottom" {
				j = 63 - i
			}
			seen[j] = sq.Piece
		}
		var upright, turned [64]string
		agree := 0
		for i := range upright {
			if c := truth[i]; c != '.' {
				upright[i] = string(c)
			}
			if c := truth[63-i]; c != '.' {
				turned[i] = string(c)
			}
			if upright[i] == seen[i] {
				agree++
			}
			if turned[i] == seen[i] {
				agree--
			}
		}
		classes := upright
		if agree < 0 {
			classes = turned
		}
		if err := b.Add(board.Embedding, classes); err != nil {
			return nil, fmt.Errorf("%s: %w", l.Image, err)
		}
	}
	return b.Profile()
}
