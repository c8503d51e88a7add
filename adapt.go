package fenscan

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/fenscan/fenscan/assemble"
	"github.com/fenscan/fenscan/profile"
)

// Adapt builds a profile of one piece set from labelled pictures of it:
// each picture's largest board is read, and its squares' embeddings are
// filed under their true classes. The scanner must run without a profile
// and with Options.Embeddings. Pictures that cannot be read are reported,
// not skipped silently.
func Adapt(ctx context.Context, s *Scanner, labels []Label) (*profile.Profile, error) {
	if !s.opts.Embeddings || s.opts.Profile != nil {
		return nil, errors.New("adapt: the scanner must keep embeddings (Options.Embeddings) and have no profile")
	}
	var b *profile.Builder
	var kind Kind
	for _, l := range labels {
		boards, err := s.ScanFile(ctx, l.Image)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", l.Image, err)
		}
		board := largest(boards)
		// A profile belongs to one model: the pictures must all be read by it.
		if b == nil {
			kind = board.Kind
			b = profile.NewBuilder(s.KindModelID(kind))
		} else if board.Kind != kind {
			return nil, fmt.Errorf("%s: read as %s, the pictures before as %s: choose one with --kind", l.Image, board.Kind, kind)
		}
		truth, err := expandPlacement(l.Placement)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", l.Image, err)
		}
		// The label is from White's side, the embeddings in picture order;
		// the label itself says which way round the picture is: the way,
		// of the four, that agrees best with what was read.
		best, classes := -1, [64]string{}
		for _, o := range []assemble.Orientation{assemble.WhiteBottom, assemble.BlackBottom, assemble.WhiteLeft, assemble.WhiteRight} {
			var cl [64]string
			agree := 0
			for i := range cl {
				if c := truth[o.Square(i)]; c != '.' {
					cl[i] = string(c)
				}
				if cl[i] == board.Squares[board.Position.Orientation.Square(i)].Piece {
					agree++
				}
			}
			if agree > best {
				best, classes = agree, cl
			}
		}
		if err := b.Add(board.Embedding, classes); err != nil {
			return nil, fmt.Errorf("%s: %w", l.Image, err)
		}
	}
	if b == nil {
		return nil, fmt.Errorf("no pictures to adapt to")
	}
	return b.Profile()
}

// LabelsKind is the kind of picture that labels' kind column gives for
// all of them: Photo when every row is a photo, Digital when every row is
// a screenshot or a diagram, and Auto otherwise. A profile is of one set
// seen one way; adapting reads its pictures as the labels say rather than
// guessing each, which may read a damaged diagram as a photo.
func LabelsKind(labels []Label) Kind {
	photos, flat := 0, 0
	for _, l := range labels {
		switch strings.ToLower(l.Kind) {
		case "photo":
			photos++
		case "screenshot", "diagram":
			flat++
		}
	}
	switch {
	case len(labels) > 0 && photos == len(labels):
		return Photo
	case len(labels) > 0 && flat == len(labels):
		return Digital
	}
	return Auto
}
