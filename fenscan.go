// Package fenscan reads chess positions from pictures. It wires the
// pipeline's stages: detect finds each board and warps it square, classify
// reads the piece on each square, assemble builds the FEN record.
//
//	s, err := fenscan.New(fenscan.Options{})
//	...
//	defer s.Close()
//	boards, err := s.ScanFile(ctx, "screenshot.png")
//	fmt.Println(boards[0].FEN)
package fenscan

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"os"
	"slices"

	"github.com/fenscan/fenscan/arrows"
	"github.com/fenscan/fenscan/assemble"
	"github.com/fenscan/fenscan/classify"
	"github.com/fenscan/fenscan/consistency"
	"github.com/fenscan/fenscan/detect"
	"github.com/fenscan/fenscan/marks"
	"github.com/fenscan/fenscan/models"
	"github.com/fenscan/fenscan/pdfpages"
	"github.com/fenscan/fenscan/profile"
	"github.com/fenscan/fenscan/tint"
	"github.com/fenscan/fenscan/wholeboard"
	"gocv.io/x/gocv"
)

// Version is the release of fenscan.
const Version = "0.1.0"

// ErrNoBoard is returned when a picture holds no chessboard.
var ErrNoBoard = detect.ErrNoBoard

// NoBoardError is ErrNoBoard (to errors.Is) for a picture in which
// outlines were found but given up: frames with nothing like squares
// inside, lattices of pieces, or squares too faint to be sure of, whose
// squares then did not read like a board's (no two kings, or no surer
// than framed text).
type NoBoardError struct {
	// Dropped holds each outline given up, as Board.Corners: in the
	// pixels of the picture Scan received, of the file ScanFile and
	// ScanBytes read.
	Dropped [][4]detect.Point
}

// scale multiplies the outlines' corners by f (see ScaleCorners).
func (e *NoBoardError) scale(f float64) {
	for i := range e.Dropped {
		scaleCorners(&e.Dropped[i], f)
	}
}

func (e *NoBoardError) Error() string {
	if len(e.Dropped) == 1 {
		return ErrNoBoard.Error() + " (one outline was given up: its squares did not read like a board's)"
	}
	return fmt.Sprintf("%s (%d outlines were given up: their squares did not read like a board's)", ErrNoBoard, len(e.Dropped))
}

// Is makes errors.Is(err, ErrNoBoard) hold.
func (e *NoBoardError) Is(target error) bool { return target == ErrNoBoard }

// DroppedOutlines returns the outlines given up that err carries (see
// NoBoardError), nil for any other error.
func DroppedOutlines(err error) [][4]detect.Point {
	var none *NoBoardError
	if errors.As(err, &none) {
		return none.Dropped
	}
	return nil
}

// Kind is the kind of picture a board is read as.
type Kind string

const (
	// Auto reads each board as a screenshot or print, and one read
	// doubtfully or seen in clear perspective also as a photo, keeping the
	// surer reading (the photo one unless the flat one is clearly surer,
	// where the board's lines show a camera's perspective, only the photo
	// reading has one king a side or its position is the likelier; see
	// photoBias and photoLikelier).
	Auto Kind = "auto"
	// Digital reads boards drawn flat: screenshots, diagrams, scans.
	Digital Kind = "digital"
	// Photo reads boards of real pieces photographed, whose pieces stand
	// up out of their squares.
	Photo Kind = "photo"
)

// PictureKinds lists the kinds Options.Kind takes.
var PictureKinds = []Kind{Auto, Digital, Photo}

// How Auto tells photos of real pieces from flat boards. Screenshots and
// prints are read surely by the digital model (above photoSure as a
// rule), photos of pieces from above are not: below photoScore a board is
// also read as a photo. The photo model is itself sure of many flat
// boards, within 0.04 of the digital one on screenshots of unseen sets,
// so photoScore is set well below. But the digital model reads a photo
// taken from the side surer than that (up to -0.042 on renders), turning
// it for the best fit, and may read a photo of a board left nearly empty
// surer than photoSure; such a board is in clear perspective, its corners
// more than photoSkew degrees off square (10-24 degrees in renders and
// phone photos of real boards, under 5 in photographed pages), and is
// read both ways however sure the flat reading, the surer reading kept.
const (
	photoSure  = -0.04
	photoScore = -0.15
	photoSkew  = 8.0
	// photoLattice: upright frames of angled photos fitted lattices of
	// 2.1-2.7; doubtful screenshots, 3.4 and more as a rule.
	photoLattice = 3.0
	// cameraSkew: a doubtful board whose outline is this far off square
	// (a camera's, not a scan's or a screen's) is read as a photo too,
	// and the surer reading kept. Boards seen from straight above read
	// doubtfully flat (-0.15 to -0.04) with a clear lattice; their
	// outlines are 1 to 13 degrees off square in 20 of 30 held-out
	// renders (default auto 83.44% -> 89.27% of squares), while 188 of
	// the 192 held-out book designs and all generated screenshots are
	// within 0.7 degrees, and the two that are not read surer flat.
	cameraSkew = 1.0
)

// Options configure a Scanner. The zero value scans with the embedded
// models on OpenCV.
type Options struct {
	// Model is an ONNX model to use instead of the embedded digital one.
	Model []byte
	// SecondModel is a second digital model, trained otherwise, whose
	// readings of a flat board's doubtful squares are averaged with
	// Model's (see readScales); the embedded whole-board head reads the
	// embedded one's reading of the squares Model doubts
	// (wholeboard.Head.SecondSquares). Nil means the embedded one,
	// unless Model is set: a model of one's own is read alone, as the
	// pair is chosen together. With a Profile for the digital model, that
	// model reads alone too.
	SecondModel []byte
	// OneModel reads each board with one model: flat boards with Model
	// alone, without SecondModel, and photos without SecondPhotoModel.
	OneModel bool
	// Squarewise reads a flat board's squares one at a time, without the
	// whole-board head (package wholeboard), which corrects each square's
	// reading from the rest of the board. The embedded head reads the
	// embedded digital models' readings only: with another Model or
	// SecondModel, or OneModel, it is off, as it is with a Profile made
	// for Model.
	Squarewise bool
	// WholeBoard is a whole-board head to use instead of the embedded one;
	// it must have been made for Model's readings, and for SecondModel's
	// if it reads a second model's. Squarewise leaves it unused.
	WholeBoard []byte
	// PhotoModel is an ONNX model to use instead of the embedded photo
	// one; it reads crops taller than wide (see detect.Columns).
	PhotoModel []byte
	// SecondPhotoModel is a second photo model, trained otherwise, whose
	// readings of a photo's squares still doubtful after the photo
	// model's nine readings are averaged with its (see readScales). None
	// is embedded: session 61's candidate, a finer one, read held-out
	// renders better but real photos from above worse (models/photo.md).
	// With a Profile for the photo model, that model reads alone, and
	// SecondPhotoModel is neither loaded nor checked.
	SecondPhotoModel []byte
	// Kind says how boards are read; "" is Auto, which a Profile turns
	// into its own kind.
	Kind Kind
	// Runtime runs the model: classify.OpenCV (default) or classify.OnnxGo.
	Runtime classify.Runtime
	// MaxBoards caps the boards read from one picture (0: all).
	MaxBoards int
	// MaxPixels refuses larger pictures before decoding them (0: default).
	MaxPixels int
	// Trace, when not nil, receives the detector's fits as it tries them
	// (detect.Options.Trace): for developers tuning it.
	Trace io.Writer
	// Profile adapts the classifier to one piece set (see package
	// profile); it must have been made with one of the models in use,
	// and applies to the boards that model reads. With Kind Auto, the
	// profile's model chooses the kind: Digital or Photo.
	Profile *profile.Profile
	// Consistency lets doubtful squares take the reading of confident
	// squares that look the same (package consistency). Off by default:
	// on the real and synthetic test pictures it has not yet paid off.
	Consistency bool
	// Embeddings keeps every square's embedding in Board.Embedding, as
	// Adapt needs. Without it (nor Consistency nor a Profile, which
	// need them too, nor the whole-board head, which reads them all),
	// squares that are plainly empty skip the network (classify.Plain)
	// and have none.
	Embeddings bool
	// Assemble overrides what the assembler infers (orientation, side to
	// move, castling, counters).
	Assemble assemble.Options
	// NoCoordinates leaves the letters and digits printed around a board,
	// or in the corners of its edge squares, unread: its orientation is
	// then told by the pieces alone.
	NoCoordinates bool
}

// Scanner reads boards from pictures. A Scanner runs one picture at a
// time; use one per goroutine for parallel work.
type Scanner struct {
	opts Options
	clf  *classify.Classifier
	// photo is loaded on first use: most pictures never need it; glyphs,
	// the coordinates model, and second, the second digital model, too.
	photo  *classify.Classifier
	glyphs *classify.Glyphs
	second *classify.Classifier
	// photo2 is the second photo model, if one is given, loaded on first
	// use too.
	photo2 *classify.Classifier
	// head reads a flat board's squares together; nil when off.
	head *wholeboard.Head
}

// New loads the model and returns a Scanner.
func New(opts Options) (*Scanner, error) {
	switch opts.Kind {
	case "", Auto, Digital, Photo:
	default:
		return nil, fmt.Errorf("unknown kind %q (want %s, %s or %s)", opts.Kind, Auto, Digital, Photo)
	}
	model := opts.Model
	if model == nil {
		model = models.Digital
	}
	clf, err := classify.New(model, opts.Runtime)
	if err != nil {
		return nil, err
	}
	if p := opts.Profile; p != nil && p.Model != clf.ID() && p.Model != classify.ModelID(photoModel(opts)) {
		clf.Close()
		return nil, fmt.Errorf("profile was made for model %s, not a model in use (%s, photo %s)",
			p.Model, clf.ID(), classify.ModelID(photoModel(opts)))
	}
	// A profile is of one set seen one way, flat or in photos: in auto
	// mode it chooses the kind, so that a doubtful diagram is not read as
	// a photo, where a flat set's profile does not apply.
	if p := opts.Profile; p != nil && (opts.Kind == "" || opts.Kind == Auto) {
		opts.Kind = Digital
		if p.Model != clf.ID() {
			opts.Kind = Photo
		}
	}
	s := &Scanner{opts: opts, clf: clf}
	// The head is off with a profile of this model, as the second model
	// is: the profiles were measured on this model's readings alone.
	if !opts.Squarewise && (opts.Profile == nil || opts.Profile.Model != clf.ID()) {
		head := opts.WholeBoard
		if head == nil {
			head = models.WholeBoard
		}
		h, err := wholeboard.Load(head)
		if err != nil {
			clf.Close()
			return nil, err
		}
		// The second model is hashed only for a head that reads one.
		second := ""
		if m := s.secondModel(); h.Second() != "" && m != nil {
			second = classify.ModelID(m)
		}
		var mismatch error
		switch {
		case h.Model() != clf.ID():
			mismatch = fmt.Errorf("whole-board head was made for model %s, not %s", h.Model(), clf.ID())
		case h.Second() != "" && second == "":
			mismatch = fmt.Errorf("whole-board head reads second model %s too, and flat boards are read by one model", h.Second())
		case h.Second() != "" && h.Second() != second:
			mismatch = fmt.Errorf("whole-board head reads second model %s too, not %s", h.Second(), second)
		default:
			s.head = h
		}
		// The embedded head is simply off with models it was not made
		// for; a head given is an error then.
		if mismatch != nil && opts.WholeBoard != nil {
			clf.Close()
			return nil, mismatch
		}
	}
	// A second model given is checked now, not when a doubtful square
	// first needs it: a bad file would otherwise pass unnoticed on sure
	// pictures and fail each doubtful one.
	if opts.SecondModel != nil && !opts.OneModel {
		if _, err := s.secondClassifier(); err != nil {
			s.Close()
			return nil, err
		}
	}
	if opts.SecondPhotoModel != nil && !opts.OneModel {
		if _, err := s.secondPhotoClassifier(); err != nil {
			s.Close()
			return nil, err
		}
	}
	return s, nil
}

// Close frees the models.
func (s *Scanner) Close() error {
	if s.photo != nil {
		s.photo.Close()
	}
	if s.glyphs != nil {
		s.glyphs.Close()
	}
	if s.second != nil {
		s.second.Close()
	}
	if s.photo2 != nil {
		s.photo2.Close()
	}
	return s.clf.Close()
}

// photoModel returns the photo model's bytes.
func photoModel(opts Options) []byte {
	if opts.PhotoModel != nil {
		return opts.PhotoModel
	}
	return models.Photo
}

// photoClassifier returns the photo model, loading it the first time.
func (s *Scanner) photoClassifier() (*classify.Classifier, error) {
	if s.photo != nil {
		return s.photo, nil
	}
	c, err := classify.New(photoModel(s.opts), s.opts.Runtime)
	if err != nil {
		return nil, fmt.Errorf("photo model: %w", err)
	}
	if c.Crop().Y <= c.Crop().X {
		c.Close()
		return nil, fmt.Errorf("photo model: takes %dx%d crops, want taller than wide", c.Crop().X, c.Crop().Y)
	}
	s.photo = c
	return c, nil
}

// secondPhotoModel returns the second photo model's bytes, or nil when
// photos are read by one model.
func (s *Scanner) secondPhotoModel() []byte {
	if s.opts.OneModel || s.opts.Profile != nil && s.opts.Profile.Model != s.clf.ID() {
		return nil // a profile of the photo model: measured on its readings alone
	}
	return s.opts.SecondPhotoModel
}

// secondPhotoClassifier returns the second photo model, loading it the
// first time, or nil when photos are read by one model.
func (s *Scanner) secondPhotoClassifier() (*classify.Classifier, error) {
	model := s.secondPhotoModel()
	if s.photo2 != nil || model == nil {
		return s.photo2, nil
	}
	c, err := s.loadSecond(model, ErrSecondPhotoModel, func(crop image.Point) error {
		if crop.Y <= crop.X {
			return fmt.Errorf("takes %dx%d crops, want taller than wide", crop.X, crop.Y)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.photo2 = c
	return c, nil
}

// loadSecond loads a second model, digital or photo, whose errors wrap
// kind (ErrSecondModel or ErrSecondPhotoModel); check refuses the crops it
// reads if they do not fit the first.
func (s *Scanner) loadSecond(model []byte, kind error, check func(crop image.Point) error) (*classify.Classifier, error) {
	c, err := classify.New(model, s.opts.Runtime)
	if err == nil {
		if err = check(c.Crop()); err != nil {
			c.Close()
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", kind, err)
	}
	return c, nil
}

// ErrSecondModel is wrapped by the errors of a second model that cannot
// be used (Options.SecondModel), ErrSecondPhotoModel by those of a
// second photo model (Options.SecondPhotoModel).
var (
	ErrSecondModel      = errors.New("second model")
	ErrSecondPhotoModel = errors.New("second photo model")
)

// secondModel returns the second digital model's bytes, or nil when flat
// boards are read by one model.
func (s *Scanner) secondModel() []byte {
	// A profile adapts the first model's readings to a set; the pair's
	// mean was never measured with one.
	if s.opts.OneModel || s.opts.Profile != nil && s.opts.Profile.Model == s.clf.ID() {
		return nil
	}
	switch {
	case s.opts.SecondModel != nil:
		return s.opts.SecondModel
	case s.opts.Model != nil:
		return nil
	}
	return models.Digital2
}

// secondClassifier returns the second digital model, loading it the first
// time, or nil when flat boards are read by one model.
func (s *Scanner) secondClassifier() (*classify.Classifier, error) {
	model := s.secondModel()
	if s.second != nil || model == nil {
		return s.second, nil
	}
	c, err := s.loadSecond(model, ErrSecondModel, func(crop image.Point) error {
		if first := s.clf.Crop(); crop != first {
			return fmt.Errorf("takes %dx%d crops, want %dx%d as the first", crop.X, crop.Y, first.X, first.Y)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.second = c
	return c, nil
}

// ModelID identifies the digital model in use.
func (s *Scanner) ModelID() string { return s.clf.ID() }

// KindModelID identifies the model that reads boards of kind k (Digital
// or Photo).
func (s *Scanner) KindModelID(k Kind) string {
	if k == Photo {
		return classify.ModelID(photoModel(s.opts))
	}
	return s.clf.ID()
}

// Square is what was read on one square.
type Square struct {
	// Name is the square's name in algebraic notation, "a8" to "h1".
	Name string `json:"square"`
	// Piece is the FEN letter of the piece, "" when empty.
	Piece string `json:"piece"`
	// Prob is the probability of that reading.
	Prob float64 `json:"prob"`
}

// Board is one position read from a picture.
type Board struct {
	// Index counts the boards of a picture from 0, in reading order (rows
	// from the top, each from the left).
	Index int
	// FEN is the full FEN record, from White's side.
	FEN string
	// Corners of the board in the picture: top-left, top-right,
	// bottom-right, bottom-left as the picture shows them. A board cut by
	// the picture's edge has those of its cut side outside the picture.
	Corners [4]detect.Point
	// Confidence is the probability that every square is read right (the
	// product of the squares' probabilities).
	Confidence float64
	// Squares lists the 64 squares from a8 to h1.
	Squares [64]Square
	// Position holds the assembled details (orientation, side guesses).
	Position *assemble.Position
	// Page is the page of a PDF file the board is on, from 1; 0 for
	// pictures.
	Page int
	// Rotation is how far, in degrees clockwise, the board is turned in
	// the picture: 90 when its top edge faces the picture's right side.
	Rotation int
	// Consistency lists the squares whose reading was changed because
	// squares that look the same were read otherwise, with confidence.
	Consistency []Change
	// Colours lists the squares whose piece changed side because the
	// picture paints the two sides' pieces in two hues, or fills them
	// lighter and darker (package tint).
	Colours []Change
	// Arrows lists the analysis arrows drawn over a flat board (package
	// arrows), strongest first.
	Arrows []Arrow
	// Embedding holds each square's features from the network that read
	// the board (see Kind), in the order of Warped's squares (nil when the
	// model has none; nil for plain squares when neither the whole-board
	// head nor Options.Embeddings needed them).
	Embedding [][]float32
	// Warped is the board as the classifier saw it, grey, 8 crops by 8,
	// the picture's top-left corner first: the squares warped flat, or for
	// a photo each square with the space above it.
	Warped *image.Gray
	// Kind is how the board was read: Digital or Photo.
	Kind Kind
	// Grid says how well the board's lines fitted a grid in perspective,
	// for a board found in a photo from its lines; nil otherwise.
	Grid *detect.GridFit
}

// Placement returns the first field of the FEN.
func (b *Board) Placement() string { return b.Position.Placement() }

// ScanFile reads every board in the picture at path.
func (s *Scanner) ScanFile(ctx context.Context, path string) ([]Board, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return s.ScanBytes(ctx, data)
}

// ScanBytes reads every board in an encoded picture. A large JPEG is
// decoded at reduced scale, which scanning does not need; corners are
// given in the file's pixels all the same.
func (s *Scanner) ScanBytes(ctx context.Context, data []byte) ([]Board, error) {
	img, scale, err := DecodeForScan(data, s.opts.MaxPixels)
	if err != nil {
		return nil, err
	}
	defer img.Close()
	boards, err := s.Scan(ctx, img)
	ScaleCorners(boards, scale)
	var none *NoBoardError
	if errors.As(err, &none) {
		none.scale(scale)
	}
	return boards, err
}

// ScaleCorners multiplies the boards' corners by scale, the factor
// DecodeForScan returned.
func ScaleCorners(boards []Board, scale float64) {
	for i := range boards {
		scaleCorners(&boards[i].Corners, scale)
	}
}

func scaleCorners(c *[4]detect.Point, f float64) {
	for j := range c {
		c[j].X *= f
		c[j].Y *= f
	}
}

// ScanPDF reads every board on the selected pages of a PDF file (pages
// as pdfpages.ParseRange takes them, "" for all). Pages without boards are
// skipped; only when no page has one is ErrNoBoard returned.
func (s *Scanner) ScanPDF(ctx context.Context, path, pages string) ([]Board, error) {
	return s.ScanPDFPages(ctx, path, pages, nil)
}

// PageFunc receives each page of a PDF file once it has been read: its
// number (from 1), its picture (grey, valid only during the call), its
// boards, and when it has none, the outlines given up on it (see
// NoBoardError). An error stops the scan.
type PageFunc func(page int, img gocv.Mat, boards []Board, dropped [][4]detect.Point) error

// ScanPDFPages is ScanPDF, calling each (when not nil) for every page
// read, boards or not: to see a page as fenscan saw it.
func (s *Scanner) ScanPDFPages(ctx context.Context, path, pages string, each PageFunc) ([]Board, error) {
	n, err := pdfpages.Count(ctx, path)
	if err != nil {
		return nil, err
	}
	sel, err := pdfpages.ParseRange(pages, n)
	if err != nil {
		return nil, err
	}
	var all []Board
	for _, p := range sel {
		g, err := pdfpages.Render(ctx, path, p, 0)
		if err != nil {
			return all, err
		}
		m, err := gocv.NewMatFromBytes(g.Rect.Dy(), g.Rect.Dx(), gocv.MatTypeCV8U, g.Pix)
		if err != nil {
			return all, fmt.Errorf("page %d: %w", p, err)
		}
		// Most pages hold no board, and a page's edge cuts none: they
		// are not read again drawn out (Scan).
		boards, err := s.scan(ctx, m, m, false)
		dropped := DroppedOutlines(err)
		if errors.Is(err, ErrNoBoard) {
			err = nil
		}
		for i := range boards {
			boards[i].Page = p
		}
		if err == nil && each != nil {
			err = each(p, m, boards, dropped)
		}
		m.Close()
		if err != nil {
			return all, fmt.Errorf("page %d: %w", p, err)
		}
		all = append(all, boards...)
	}
	if len(all) == 0 {
		return nil, ErrNoBoard
	}
	return all, nil
}

// Scan reads every board in a decoded BGR picture. A board cut by the
// picture's edge, through its edge squares, has the corners of its cut
// side outside the picture.
//
// A board cropped through its edge squares, by a hurried crop or
// scrolled partly off the screen, lacks its lattice's last line, and is
// looked for again in the picture drawn out (drawnOutScan) when none is
// found as it is, or when only small boards are found, the largest a
// quarter of the picture or less, none of them legal: a book diagram
// cropped to its squares, a line cut through, showed up to eleven false
// boards, each within one of its squares (a lattice in the hatching),
// read as empty. The drawn-out reading then replaces them if one of its
// boards is legal and its largest is larger. The real diagrams cropped
// to the board on three sides and cut through a line on the fourth
// (scripts/cut_pictures.py --tight) read entirely right by 30-40% of a
// square 82 -> 87 of 89, by 40-50% 68 -> 78; the same cut with a margin
// left, 40-50%, 77 -> 79, and through a corner 71 -> 73 of 102; 3,541
// other pictures read the same. A board of a quarter of the picture or
// more stands, legal or not: a teaching diagram with no kings, cropped to
// its squares, is illegal too, and the drawn-out search found kings for
// it. A page of several small diagrams, none legal, is searched twice.
func (s *Scanner) Scan(ctx context.Context, img gocv.Mat) ([]Board, error) {
	boards, err := s.scan(ctx, img, img, true)
	if ctx.Err() != nil || !s.drawOut(img) {
		return boards, err
	}
	if err != nil {
		if !errors.Is(err, ErrNoBoard) {
			return nil, err
		}
		more, err2 := s.drawnOutScan(ctx, img)
		if errors.Is(err2, ErrNoBoard) {
			return nil, err // the first picture's cause: as the user gave it
		}
		return more, err2
	}
	if !smallIllegal(boards, img.Cols()*img.Rows()) {
		return boards, nil
	}
	// The first reading is complete: a failed or cancelled second one
	// leaves it standing.
	more, err := s.drawnOutScan(ctx, img)
	switch {
	case err == nil && anyLegal(more) && detect.Area(largest(more).Corners) > detect.Area(largest(boards).Corners):
		return more, nil
	case err != nil && !errors.Is(err, ErrNoBoard) && s.opts.Trace != nil:
		fmt.Fprintf(s.opts.Trace, "small boards, none legal: drawn-out reading failed: %v\n", err)
	}
	return boards, nil
}

// smallIllegal reports whether boards, found in a picture of area
// pixels, are small, the largest under a quarter of the picture, and
// none of them legal: Scan then looks for a board cut by the picture's
// edge in the picture drawn out.
func smallIllegal(boards []Board, area int) bool {
	return !anyLegal(boards) && detect.Area(largest(boards).Corners) < float64(area)/4
}

// anyLegal reports whether one of boards reads as a legal position.
func anyLegal(boards []Board) bool {
	for _, b := range boards {
		if b.Position.Legal {
			return true
		}
	}
	return false
}

// drawnOutScan reads the boards of img drawn out by a twelfth of its
// longer side (edgePad), their corners given in img. Drawn out by its
// edge pixels, the picture gives a cut board's lattice its last line; its
// squares are read from the picture drawn out by its mirror image, which
// gives a piece cut near its middle its other half. The 23 real
// screenshots cut so on one side (scripts/cut_pictures.py): by 30-40% of
// a square, 15 -> 23 found; by 40-50%, 9 -> 23; by 50-60%, 10 -> 23 (by
// 5-30%, all 23 before and after); entirely right, see uncut. A board
// framed a line inward, onto what lies beside it, is read again from the
// cut line beyond by uncut, not here.
func (s *Scanner) drawnOutScan(ctx context.Context, img gocv.Mat) ([]Board, error) {
	p := max(img.Cols(), img.Rows()) / edgePad
	padded := drawnOut(img, p, gocv.BorderReplicate)
	defer padded.Close()
	mirrored := drawnOut(img, p, gocv.BorderReflect)
	defer mirrored.Close()
	more, err := s.scan(ctx, mirrored, padded, false)
	if err != nil {
		return nil, err
	}
	for i := range more {
		shift(&more[i].Corners, -p)
	}
	return more, nil
}

// drawnOut returns img drawn out by p pixels on each side as border
// says: its edge pixels repeated (gocv.BorderReplicate), or mirrored.
func drawnOut(img gocv.Mat, p int, border gocv.BorderType) gocv.Mat {
	padded := gocv.NewMat()
	gocv.CopyMakeBorder(img, &padded, p, p, p, p, border, color.RGBA{})
	return padded
}

// shift moves the corners c by d pixels right and down.
func shift(c *[4]detect.Point, d int) {
	for i := range c {
		c[i].X += float64(d)
		c[i].Y += float64(d)
	}
}

// edgePad is the share of a picture's longer side (1/edgePad) by which
// Scan draws out its edges when it finds no board in it, or only small
// ones, none legal: more than half a square of a board that fills the
// picture.
const edgePad = 12

// drawOutPixels is the largest picture, in pixels, that Scan reads again
// drawn out: a 4K screenshot (8.3 MP), not a phone photo (12 MP), whose
// search for a board's lines is slow and whose board is rarely cut.
const drawOutPixels = 9_000_000

// drawOut says whether Scan reads img again drawn out when it finds no
// board in it, or only small ones, none legal: not photos (Options.Kind
// Photo) nor pictures larger than drawOutPixels.
func (s *Scanner) drawOut(img gocv.Mat) bool {
	return s.opts.Kind != Photo && img.Cols()*img.Rows() <= drawOutPixels
}

// scan reads every board in a decoded BGR picture, its lines searched
// for in lines: img itself, or img drawn out otherwise (Scan), of the same
// size, whose outlines and grids are read from img, and its coordinates
// from lines (see board). With uncut, a flat board cut by the picture's
// edge and framed a line inward is read again from its line beyond
// (uncut).
func (s *Scanner) scan(ctx context.Context, img, lines gocv.Mat, uncut bool) ([]Board, error) {
	found, err := s.find(lines)
	if err != nil {
		if errors.Is(err, detect.ErrNoBoard) {
			return nil, ErrNoBoard
		}
		return nil, err
	}
	boards := make([]Board, 0, len(found))
	var dropped [][4]detect.Point
	// A photo's squares are cut several times (each way up, at several
	// sizes); its grey copies are made once.
	pic := detect.NewPicture(img)
	defer pic.Close()
	for i := 0; i < len(found); i++ {
		if s.opts.MaxBoards > 0 && len(boards) == s.opts.MaxBoards {
			break // a faint board's fits, read in its place, can outnumber it
		}
		f := found[i]
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var r reading
		if f.Bare {
			// A frame with nothing like squares inside is never a photo's.
			r, err = s.read(ctx, img, f.Corners)
		} else {
			r, err = s.readKind(ctx, img, lines, pic, f)
		}
		if err != nil {
			return nil, err
		}
		// A bare frame, or faint squares: a board only if its squares
		// read like one.
		if (f.Bare || f.Faint) && !likeBoard(r) {
			dropped = append(dropped, r.corners)
			// The fits it was taken in place of (detect.Board.Inside),
			// read next, where it stood in reading order.
			found = slices.Insert(found, i+1, f.Inside...)
			continue
		}
		b, err := s.readBoard(ctx, img, lines, pic, f, r, len(boards))
		if err != nil {
			return nil, err
		}
		if uncut && r.kind == Digital {
			if b, err = s.uncut(ctx, img, pic, f, r, b); err != nil {
				return nil, err
			}
		}
		boards = append(boards, b)
	}
	if len(boards) == 0 && len(dropped) > 0 {
		return nil, &NoBoardError{Dropped: dropped}
	}
	if len(boards) == 0 {
		return nil, ErrNoBoard
	}
	return boards, nil
}

// readBoard reads the board f, found in img and first read as r, again
// at several sizes (readScales) and into a Board numbered index (board).
// A flat board with arrows drawn over it is read from a copy of img with
// the arrows taken off (withoutArrows).
func (s *Scanner) readBoard(ctx context.Context, img, lines gocv.Mat, pic *detect.Picture, f detect.Board, r reading, index int) (Board, error) {
	if r.kind == Digital {
		if clean, found := withoutArrows(img, r.corners); found != nil {
			defer clean.Close()
			cleanPic := detect.NewPicture(clean)
			defer cleanPic.Close()
			// A copy that cannot be read leaves the first reading.
			if again, err := s.readTurned(ctx, clean, r.corners, 0); err == nil {
				again.rotation, again.grid = r.rotation, r.grid
				img, pic, r = clean, cleanPic, again
			} else if ctx.Err() != nil {
				return Board{}, err
			}
			r.arrows = found
		}
	}
	r, err := s.readScales(ctx, img, pic, r)
	if err != nil {
		return Board{}, err
	}
	return s.board(ctx, img, lines, f, r, index)
}

// board reads the squares' readings r of the board f, found in img, into
// a Board numbered index: a profile, the colours, consistency and the
// assembler have their say. The coordinates printed around the board or
// in its squares are read from glyphs: img itself or, where img is drawn
// out by its mirror image, the same picture drawn out by its edge pixels,
// so that no glyph shows mirrored beyond its edge. (A board cut at the
// top, read from its mirror image, showed its rank digits upside down
// above it, and was turned by them.)
func (s *Scanner) board(ctx context.Context, img, glyphs gocv.Mat, f detect.Board, r reading, index int) (Board, error) {
	r = plainInside(r, s.clf.Crop())
	probs := r.probs
	if s.opts.Profile != nil && s.opts.Profile.Model == r.model {
		probs = adjust(s.opts.Profile, probs, r.embedding)
	}
	// A flat board in colour says what grey crops cannot: pieces
	// drawn in two hues (gold and silver, say) are told apart by them,
	// and pieces a crop reads doubtfully by how light their fills are
	// beside the board's other pieces (package tint); the last-move
	// highlight tells the side to move. Both are read at a size where
	// each square still has clean corners, in the same turn of the
	// board as the squares were read. A photo's light tints pieces and
	// squares too unevenly.
	var colour *image.RGBA
	if r.kind == Digital {
		if c, err := detect.WarpColor(img, r.corners, 128); err == nil {
			colour = c
		}
	}
	var tinted []tint.Change
	if colour != nil {
		probs, tinted = tint.Sides(colour, probs)
	}
	var changed []consistency.Change
	if s.opts.Consistency {
		probs, changed = consistency.Refine(probs, r.embedding)
	}
	if sq, ok := readSquares(probs); !ok {
		return Board{}, fmt.Errorf("square %s of the picture's board holds no reading (a fault of fenscan, not of the picture)", squareName(sq))
	}
	in := assembleInput(probs, r.kind)
	if r.kind == Photo {
		in.TopLeft = topLeft(img, r)
	}
	if colour != nil {
		in.Highlight = marks.Highlights(colour)
	}
	for _, a := range r.arrows {
		if a.Head && a.Opacity() <= engineOpacity {
			from, to := a.Squares()
			in.Arrows = append(in.Arrows, [2]int{from, to})
		}
	}
	pos, err := s.assemble(ctx, glyphs, r, in)
	if err != nil {
		return Board{}, err
	}
	switch {
	case f.FromPieces:
		pos.Warnings = append(pos.Warnings, piecesWarning)
	case f.Bare:
		pos.Warnings = append(pos.Warnings, bareWarning)
	}
	b := newBoard(index, r.corners, pos)
	b.Warped, b.Rotation, b.Kind, b.Grid = r.warped, r.rotation, r.kind, r.grid
	o := pos.Orientation
	b.Consistency = each(changed, func(c consistency.Change) Change { return change(c.Square, c.From, c.To, o) })
	b.Colours = each(tinted, func(c tint.Change) Change { return change(c.Square, c.From, c.To, o) })
	b.Arrows = each(r.arrows, func(a arrows.Arrow) Arrow { return arrowMove(a, o) })
	b.Embedding = r.embedding
	return b, nil
}

// engineOpacity is the most opacity of an arrow that the assembler takes
// for an engine's best move, which names the side to move: lichess draws
// it at 0.24, its players' arrows at 0.6 and chess.com's at 0.8. Players
// draw the other side's threats and replies too: of 298 boards of game
// positions drawn with the engine's move (scripts/side_boards.py), one in
// four with the reply drawn as a player's arrow, taking every arrow's
// word read 10 wrong where the engine's arrow was not found.
const engineOpacity = 0.5

// shadeGap is how much darker, in grey levels, one colour of a photo's
// empty squares must read than the other for the board's turn to be
// taken from it (see assemble.Input.TopLeft).
const shadeGap = 12

// topLeft tells the shade of the top-left square of a photo's board from
// the squares read surely as empty, flat: "" when they do not tell.
func topLeft(img gocv.Mat, r reading) assemble.Shade {
	flat, err := detect.Warp(img, r.corners)
	if err != nil {
		return ""
	}
	var empty [64]bool
	for i, p := range r.probs {
		empty[i] = p[0] >= 0.9
	}
	tl, other, ok := detect.Shades(flat, empty)
	switch {
	case !ok:
		return ""
	case tl+shadeGap <= other:
		return assemble.Dark
	case other+shadeGap <= tl:
		return assemble.Light
	}
	return ""
}

// assemble builds the position of a board read as r, oriented by the
// coordinates printed around it, read from glyphs (see board), when they
// tell its side. A photo's pieces
// tell its side weakly, so its coordinates are read first; a flat board's
// are read only when its pieces leave the orientation undecided, as they
// rarely do on a screen, where the network on the 32 cells would cost as
// much as on the board's squares, or when the pieces alone turn it by a
// lead short of sureTurn. A random placement's pieces can lead the
// margins either way, and turning a board drawn from White's side, as
// most are, is the costlier mistake: of 300 generated screens, all drawn
// so, 16 random placements were turned by their pieces, 5 of them against
// their coordinates.
func (s *Scanner) assemble(ctx context.Context, glyphs gocv.Mat, r reading, in assemble.Input) (*assemble.Position, error) {
	flip := s.opts.Assemble.Flip
	read := !s.opts.NoCoordinates && flip != "yes" && flip != "no"
	var err error
	if read && r.kind == Photo {
		if in.Orientation, err = s.coordinates(ctx, glyphs, r); err != nil {
			return nil, err
		}
	}
	pos, err := assemble.Assemble(in, s.opts.Assemble)
	if err != nil || !read || r.kind == Photo {
		return pos, err
	}
	doubtful := pos.OrientationBy == "pieces" && pos.Orientation == assemble.BlackBottom &&
		pos.OrientationLead < sureTurn
	if pos.OrientationBy != "default" && !doubtful {
		return pos, nil
	}
	if in.Orientation, err = s.coordinates(ctx, glyphs, r); err != nil || in.Orientation == "" {
		return pos, err
	}
	return assemble.Assemble(in, s.opts.Assemble)
}

// sureTurn is the pieces' lead (assemble.Position.OrientationLead) from
// which their turning a flat board stands without its coordinates: twice
// the margin they must clear. The 16 random placements of 300 generated
// screens that the pieces turned wrongly led by 10.2 to 16.4; of 150 game
// positions from Black's side, two in five lead by 20 or more and are
// spared the coordinates network's time.
const sureTurn = 20.0

// coordinates returns the orientation that the letters and digits
// printed around a board give, or "" when they give none.
func (s *Scanner) coordinates(ctx context.Context, img gocv.Mat, r reading) (assemble.Orientation, error) {
	if s.glyphs == nil {
		g, err := classify.NewGlyphs(models.Coords, s.opts.Runtime)
		if err != nil {
			return "", fmt.Errorf("coordinates model: %w", err)
		}
		s.glyphs = g
	}
	cells, err := detect.EdgeCells(img, r.corners, s.glyphs.Cell())
	if err != nil {
		return "", nil // a board whose border cannot be cut has none to read
	}
	p, err := s.glyphs.Read(ctx, cells)
	if err != nil {
		return "", err
	}
	if edge, _, ok := classify.WhiteEdge(p, r.kind == Photo); ok {
		return whiteAt[edge], nil
	}
	if r.kind == Photo {
		return "", nil
	}
	return s.innerCoordinates(ctx, img, r)
}

// innerCoordinates returns the orientation that coordinates printed in
// the corners of the edge squares give, as screen boards print them, or
// "" when they give none. Sites put them in different corners (files
// bottom right on both lichess and chess.com, ranks top right on lichess
// and top left on chess.com): both corners of each edge square are read,
// and vote together. Read only when the pieces leave the side undecided,
// as in an endgame shown from Black's side, or turn the board by a narrow
// lead (sureTurn). Cells twice as long and deep are read when the first
// decide nothing, one corner of each square voting (the likelier to hold
// a glyph; classify.OneCornerEach): on a small board the coordinates'
// font keeps a least size of its own, and its digits, set a fifth of a
// square in from the corner, reach two thirds of the way along the edge
// and half-way in, out of the first cells.
func (s *Scanner) innerCoordinates(ctx context.Context, img gocv.Mat, r reading) (assemble.Orientation, error) {
	// A piece's base fills the corners of its square, and read as a glyph
	// it can turn a board with no coordinates: only squares read surely
	// empty are looked at, the others' cells left blank.
	blank := image.NewGray(image.Rectangle{Max: s.glyphs.Cell()})
	for _, span := range []float64{detect.InnerSpan, detect.WideInnerSpan} {
		sets, err := detect.InnerCells(img, r.corners, s.glyphs.Cell(), span)
		if err != nil {
			return "", nil
		}
		var p [2][4][8]classify.GlyphProbs
		for k, cells := range sets {
			for e := range cells {
				for i := range cells[e] {
					if r.probs[detect.Edge(e).Square(i)][0] < innerEmpty {
						cells[e][i] = blank
					}
				}
			}
			if p[k], err = s.glyphs.Read(ctx, cells); err != nil {
				return "", err
			}
		}
		if span == detect.WideInnerSpan {
			p = classify.OneCornerEach(p)
		}
		if edge, _, ok := classify.InnerWhiteEdge(p); ok {
			return whiteAt[edge], nil
		}
	}
	return "", nil
}

// innerEmpty is how surely a square must read as empty for the
// coordinate printed in its corner to be read.
const innerEmpty = 0.9

// whiteAt is the orientation of a board with White at each edge of the
// picture (classify.EdgeTop and on).
var whiteAt = [4]assemble.Orientation{assemble.BlackBottom, assemble.WhiteRight, assemble.WhiteBottom, assemble.WhiteLeft}

// bareWarning tells the user of a board found from its frame alone.
const bareWarning = "no squares could be told apart: the board was taken to fill its frame; check the edge files and ranks"

// piecesWarning tells the user of a board placed from its pieces alone.
const piecesWarning = "neither squares nor a frame could be seen: the board was placed from where its pieces stand; check the edge files and ranks"

// bareScore is the least mean log-probability of a board found from its
// frame alone: -0.10 to -0.01 on held-out book diagrams. Framed text read
// as all empty scores as high, and is told apart by its missing kings
// (see likeBoard).
const bareScore = -0.15

// likeBoard reports whether a board found from its frame or its pieces
// alone, or from squares that alternate faintly, reads like a board:
// surely on the whole, and with two squares read as kings at even odds or
// better, of either colour together: on a design it has never seen the
// model may take a king for the other side's, or split it between the
// two.
func likeBoard(r reading) bool {
	kings := 0
	for _, p := range r.probs {
		if p[whiteKing]+p[blackKing] >= 0.5 {
			kings++
		}
	}
	return r.score >= bareScore && kings >= 2
}

// oneKingEach reports whether r's likeliest pieces hold one king of each
// colour, as every position does.
func oneKingEach(r reading) bool {
	var kings [2]int
	for _, p := range r.probs {
		switch c, _ := p.Best(); c {
		case whiteKing:
			kings[0]++
		case blackKing:
			kings[1]++
		}
	}
	return kings == [2]int{1, 1}
}

// whiteKing and blackKing are the kings' classes (classify.Labels).
const whiteKing, blackKing = 6, 12

func adjust(p *profile.Profile, probs [64]classify.Probs, emb [][]float32) [64]classify.Probs {
	var in [64][13]float32
	for i := range probs {
		in[i] = probs[i]
	}
	out := p.Adjust(in, emb, classify.Labels)
	for i := range probs {
		probs[i] = out[i]
	}
	return probs
}

// Change is a square whose reading a later stage changed.
type Change struct {
	Square string `json:"square"`
	From   string `json:"from"`
	To     string `json:"to"`
}

// each returns f of each of xs, nil for none.
func each[T, U any](xs []T, f func(T) U) []U {
	var out []U
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// change names one square, given in picture order, from White's side.
func change(square, from, to int, o assemble.Orientation) Change {
	return Change{Square: squareName(o.Square(square)), From: classify.Labels[from], To: classify.Labels[to]}
}

// Arrow is an arrow drawn over a board from one square to another, as
// sites draw a move to show it; its squares are named from White's side.
type Arrow struct {
	From string `json:"from"`
	To   string `json:"to"`
	// Head says whether the arrow's head was seen, at To. Without it
	// (hidden under a piece, or too faint) the arrow may point either way.
	Head bool `json:"head"`
}

// arrowMove names the squares of an arrow, found in picture order, from
// White's side.
func arrowMove(a arrows.Arrow, o assemble.Orientation) Arrow {
	from, to := a.Squares()
	return Arrow{From: squareName(o.Square(from)), To: squareName(o.Square(to)), Head: a.Head}
}

func squareName(i int) string { return string(rune('a'+i%8)) + string(rune('8'-i/8)) }

// reading is one board read in one of its four rotations.
type reading struct {
	corners [4]detect.Point
	warped  *image.Gray
	probs   [64]classify.Probs
	// embedding holds each square's features, nil if the model has none.
	embedding [][]float32
	rotation  int
	score     float64
	kind      Kind
	grid      *detect.GridFit
	// model identifies the classifier that read the squares.
	model string
	// skipped marks the squares the network did not read (plain ones).
	skipped [64]bool
	// upright says a photo was read with the picture's up as the pieces'
	// up (see detect.Columns).
	upright bool
	// arrows are those drawn over a flat board, in the frame of corners.
	arrows []arrows.Arrow
}

// find returns the boards of a picture. A photo holds one board, found
// from its lines in perspective when they fit a grid.
func (s *Scanner) find(img gocv.Mat) ([]detect.Board, error) {
	return detect.Find(img, detect.Options{MaxBoards: s.opts.MaxBoards, Photo: s.opts.Kind == Photo, Trace: s.opts.Trace})
}

// photoBoard returns the board to read as a photo: the grid fitted to
// its lines when that finds the same board, whose corners are surer in
// perspective than an outline's. The same board is one that holds at
// least half the outline: an outline may frame a board ranks off (in a
// held-out render, an upright box centred 2.6 squares from the board's
// centre) or only a block of a board turned in the picture (half the
// board, about 45 degrees, in two held-out renders; a block of 3.5 by
// 3.5 squares of one turned 28 degrees and seen from above, in
// another), so a grid up to 64/9 times its area, as large as the board
// around a 3x3 block of its squares, is the same board; a grid larger
// still, or holding less of the outline, is taken to be another
// pattern's.
func (s *Scanner) photoBoard(img gocv.Mat, f detect.Board) detect.Board {
	if f.Grid != nil {
		return f
	}
	g, err := detect.FindGrid(img, detect.Options{Trace: s.opts.Trace})
	if err != nil {
		return f
	}
	a1, a2 := detect.Area(f.Corners), detect.Area(g.Corners)
	// The outline, convex, clips the grid; a grid with corners not numbers
	// fails the test.
	if ov := detect.Overlap(g.Corners, f.Corners); ov >= 0.5*a1 && a2 >= a1/2 && a2 <= 64.0/9*a1 {
		return g
	}
	return f
}

// readKind reads the board f as Options.Kind says, the lines of its grid
// or refit searched for in lines (see scan).
func (s *Scanner) readKind(ctx context.Context, img, lines gocv.Mat, pic *detect.Picture, f detect.Board) (reading, error) {
	if s.opts.Kind == Photo {
		return s.readPhoto(ctx, pic, s.photoBoard(lines, f))
	}
	r, err := s.read(ctx, img, f.Corners)
	if err != nil {
		return r, err
	}
	if s.opts.Kind != Digital && (r.score < photoSure || detect.Skew(f.Corners) > photoSkew) {
		if p, ok := s.asPhoto(ctx, lines, pic, f, r); ok {
			return p, nil
		}
	}
	if r, err = s.refitted(ctx, img, lines, f, r); err != nil {
		return r, err
	}
	// Moved outlines are read from lines: moved into a mirrored pad (Scan)
	// they could take in the board's own rank, mirrored, kings and all.
	return s.squareOff(ctx, lines, r)
}

// squareOff returns r, a flat board's reading, or its reading from the
// outline moved a square up, down, left or right, where that trades a
// line r reads no piece on surely for one holding a king, r lacking one,
// and reads one king each and a legal position where r's is not, or one
// as legal and no less likely. At
// low resolution the lattice can settle a rank off a small diagram: its
// file letters, read as a row of light squares dotted with dark ones,
// take the place of a back rank whose pieces darken its light squares;
// the board so framed has lost a rank of pieces, and with it, most often,
// a king. Boards that read one king each (nearly all) are read once.
func (s *Scanner) squareOff(ctx context.Context, img gocv.Mat, r reading) (reading, error) {
	if oneKingEach(r) {
		return r, nil
	}
	best := r
	bestLegal, bestLike := s.legal(r)
	for _, m := range squareOffMoves {
		n, ok, err := s.moveSquare(ctx, img, r, m)
		if err != nil {
			return r, err
		}
		if !ok || !oneKingEach(n) || !lineKing(n, 7-m.given, m.col) {
			continue
		}
		// A reading the assembler cannot make legal keeps its own mean
		// log-probability, which a rank of easy empty squares can raise
		// above the legal board's.
		if legal, l := s.legal(n); legal && !bestLegal || legal == bestLegal && l >= bestLike {
			best, bestLegal, bestLike = n, legal, l
		}
	}
	return best, nil
}

// uncut returns b, the flat board f read as r, or, where the picture's
// edge cuts a line of squares beyond r's outline that continues its
// checker while the line at the other edge does not (detect.Picture.
// CutEdge), its reading from the outline moved a line outward, over the
// picture drawn out by its mirror image as Scan reads a picture without a
// board: a board cropped through its edge squares that the lattice framed
// a line inward, onto the margin or panel beside it. The moved reading is
// kept unless it is illegal where b is legal. It is kept even when less
// likely: the line it gives up reads surely empty, being margin, and the
// cut line it takes in reads from part squares, so the likelihood
// favours the wrong frame; the pixels tell. With Scan's reading of
// pictures without a board, the 23 real screenshots cut on one side
// (scripts/cut_pictures.py) read entirely right by 30-40% of a square
// 17 -> 20 (session 61's fenscan, without either, against this one),
// 40-50% 12 -> 18, 50-60% 8 -> 15; the 89 real diagrams 30-40% 80 -> 86,
// 40-50% 67 -> 77.
func (s *Scanner) uncut(ctx context.Context, img gocv.Mat, pic *detect.Picture, f detect.Board, r reading, b Board) (Board, error) {
	side, ok := pic.CutEdge(r.corners)
	if !ok {
		return b, nil
	}
	m := squareOffMoves[side]
	// A square and a little more: the moved outline's cut line lies
	// outside the picture by less than a square.
	p := int(math.Ceil(detect.LongestSide(r.corners)/8)) + 2
	mirrored := drawnOut(img, p, gocv.BorderReflect)
	defer mirrored.Close()
	repeated := drawnOut(img, p, gocv.BorderReplicate)
	defer repeated.Close()
	c := moved(r.corners, m.outlineMove)
	shift(&c, p)
	nb, err := s.readAt(ctx, mirrored, repeated, f, c, r.rotation, b.Index)
	if err != nil {
		// A second try that fails leaves the first reading standing.
		if s.opts.Trace != nil {
			fmt.Fprintf(s.opts.Trace, "board %v cut beyond edge %d: moved reading failed: %v\n", r.corners, side, err)
		}
		return b, ctx.Err()
	}
	shift(&nb.Corners, -p)
	keep := nb.Position.Legal || !b.Position.Legal
	if s.opts.Trace != nil {
		fmt.Fprintf(s.opts.Trace, "board %v cut beyond edge %d: moved to %v, legal %v (was %v), kept %v\n",
			r.corners, side, nb.Corners, nb.Position.Legal, b.Position.Legal, keep)
	}
	if keep {
		return nb, nil
	}
	return b, nil
}

// readAt reads the board f of img from the outline c, already turned
// as the board was read (by rotation degrees), into a Board numbered
// index, its coordinates from glyphs (see board).
func (s *Scanner) readAt(ctx context.Context, img, glyphs gocv.Mat, f detect.Board, c [4]detect.Point, rotation, index int) (Board, error) {
	r, err := s.readTurned(ctx, img, c, 0)
	if err != nil {
		return Board{}, err
	}
	r.rotation = rotation
	pic := detect.NewPicture(img)
	defer pic.Close()
	return s.readBoard(ctx, img, glyphs, pic, f, r, index)
}

// legal reports whether the assembler makes r's squares a legal position,
// and how likely that position is (likelihood).
func (s *Scanner) legal(r reading) (bool, float64) {
	pos, err := assemble.Assemble(assembleInput(r.probs, r.kind), s.opts.Assemble)
	if err != nil {
		return false, math.Inf(-1)
	}
	return pos.Legal, meanLog(pos.Prob[:])
}

// moveSquare reads the board of r from its outline moved by m, where the
// line m gives up holds no piece read surely (linePieces) and the moved
// outline lies in the picture; ok is false where it does not.
func (s *Scanner) moveSquare(ctx context.Context, img gocv.Mat, r reading, m squareOffMove) (reading, bool, error) {
	if linePieces(r, m.given, m.col) {
		return r, false, nil
	}
	c := moved(r.corners, m.outlineMove)
	if !detect.InPicture(c, img.Cols(), img.Rows()) {
		return r, false, nil
	}
	n, err := s.readTurned(ctx, img, c, 0)
	if err != nil {
		// An outline that cannot be read is no loss.
		return r, false, ctx.Err()
	}
	n.rotation = r.rotation
	return n, true, nil
}

// A squareOffMove moves an outline by a square along one of its edges,
// giving up its line given (a row, or a column when col) and taking in,
// on the far side, the moved outline's line 7-given.
type squareOffMove struct {
	outlineMove
	given int
	col   bool
}

// squareOffMoves are the moves towards each side of an outline.
var squareOffMoves = [...]squareOffMove{
	detect.Top:    {outlineMove{1, 0, -1.0 / 8}, 7, false},
	detect.Right:  {outlineMove{1, 1.0 / 8, 0}, 0, true},
	detect.Bottom: {outlineMove{1, 0, 1.0 / 8}, 0, false},
	detect.Left:   {outlineMove{1, -1.0 / 8, 0}, 7, true},
}

// lineSquares returns the squares of line k of a board: row k, or column
// k when col.
func lineSquares(k int, col bool) [8]int {
	var sq [8]int
	for i := range sq {
		if col {
			sq[i] = i*8 + k
		} else {
			sq[i] = k*8 + i
		}
	}
	return sq
}

// linePieces reports whether r reads a piece on line k at rereadDoubt or
// above: the letters or frame beside a board read as pieces doubtfully if
// at all, a board's own pieces mostly surely.
func linePieces(r reading, k int, col bool) bool {
	for _, sq := range lineSquares(k, col) {
		if c, p := r.probs[sq].Best(); c != 0 && float64(p) >= rereadDoubt {
			return true
		}
	}
	return false
}

// lineKing reports whether r reads a king on line k.
func lineKing(r reading, k int, col bool) bool {
	for _, sq := range lineSquares(k, col) {
		if c, _ := r.probs[sq].Best(); c == whiteKing || c == blackKing {
			return true
		}
	}
	return false
}

// asPhoto reads again as a photo the board f that auto mode read
// doubtfully as flat (r), and reports whether to keep it: when it is the
// surer, or, favoured by photoBias, nearly as sure.
func (s *Scanner) asPhoto(ctx context.Context, lines gocv.Mat, pic *detect.Picture, f detect.Board, r reading) (reading, bool) {
	// The lattice search may frame an angled photo upright, its lines
	// fitting poorly; then the lines' grid, slow to find, shows the
	// perspective. A board that reads flat without one king a side may
	// be a real one seen from straight above, square in the picture and
	// its lines clear: its grid is looked for and it is read as a photo
	// too (a doubtful diagram read so pays for both), and becomes one
	// only if that reading holds the kings (kings, below) or is clearly
	// the better (likelier, and surer by photoClear).
	flat := r.score >= photoScore && detect.Skew(f.Corners) < cameraSkew
	kingless := !oneKingEach(r)
	if flat && f.Lattice >= photoLattice && !kingless {
		return r, false
	}
	pb := s.photoBoard(lines, f)
	square := flat && (f.Lattice >= photoLattice || detect.Skew(pb.Corners) <= photoSkew)
	if square && (!kingless || pb.Grid == nil) {
		return r, false
	}
	p, err := s.readPhoto(ctx, pic, pb)
	if err != nil {
		return r, false // the flat reading stands if the photo one fails
	}
	grid := pb.Grid != nil
	kings := grid && kingless && oneKingEach(p)
	skewed := grid && detect.Skew(pb.Corners) > photoSkew
	keep := keepPhoto(square, kings, skewed, false, p.score, r.score)
	// Where a likelier position would tip the choice, the positions'
	// likelihoods are worked out (the assembler run once more for each).
	if grid && kingless && !kings && keep != keepPhoto(square, kings, skewed, true, p.score, r.score) {
		keep = s.likelihood(p) > s.likelihood(r)+photoLikelier
	}
	if !keep {
		return r, false
	}
	return p, true
}

// keepPhoto says whether auto mode takes a board's photo reading, of mean
// log-probability photo, over its flat one, flat: where the photo
// reading is the surer, or nearly as sure (photoBias) when the board was
// found from a grid of lines in perspective (skewed), only the photo
// reading holds one king a side (kings) or its position is the likelier
// by photoLikelier (likelier). A board square in the picture is a photo
// only by the kings, within photoBias, or when the photo reading is
// likelier and surer by photoClear.
func keepPhoto(square, kings, skewed, likelier bool, photo, flat float64) bool {
	if square {
		return kings && photo+photoBias > flat || likelier && photo > flat+photoClear
	}
	bias := 0.0
	if kings || skewed || likelier {
		bias = photoBias
	}
	return photo+bias > flat
}

// photoBias is how much surer a flat reading must be than the photo
// reading of a board found from a grid of its lines for the flat one to
// stand, where the grid shows a camera's perspective (more than
// photoSkew degrees off square, which scans and photographed pages stay
// well under), only the photo reading holds one king a side or its
// position is the likelier (photoLikelier). The
// digital model reads a sparse photo's empty squares more surely than
// the photo model, whose taller crops take in neighbours' heads, and its
// few pieces as empty: a held-out render of an ending, 14 pieces, read
// flat as 4, surer by 0.001. Seen from straight above, a full board's
// pieces may read flat as kings: an opening from 85 degrees above read
// as five black kings and a few pawns, surer by 0.010. Other boards seen
// from above, their grids nearly square, are otherwise left to the plain
// comparison: flat design boards whose outlines are a degree off square
// read there within 0.025 of their photo reading. A doubtful board
// square in the picture (asPhoto's square) becomes a photo by the kings,
// and then within photoBias (or without them, see photoLikelier): of 30
// held-out renders from 80 to 90 degrees above, 11 were read flat, four
// of them without one king a side, and the photo reading of each held
// one (2 to 18 more squares right in three; the fourth, a random
// placement with no black king, only by reading a queen as one); of 50
// held-out design boards and 8 real and testdata diagrams read so
// doubtfully, two read surer as photos, by 0.003, neither with the
// kings.
const photoBias = 0.05

// photoLikelier: a board found from a grid of its lines, whose flat
// reading lacks one king a side and whose photo reading makes a position
// likelier by this than the flat one does, each assembled as its own
// kind (likelihood), is favoured as a photo (keepPhoto), as the kings
// favour it: seen from straight above, a real board's pieces lean
// outward over their neighbours, the digital model reads them as a few
// scattered pieces and the assembler must force that reading into a
// game. Of 60 held-out renders of game positions from 80
// to 90 degrees above, four were read flat at 23 to 54 of 64 (63 or 64
// as photos; photo readings likelier by 0.055 to 0.19). One, its outline
// 4 degrees off square, read surer flat by 0.003; the other three are
// square in the picture, where a flat board must also read surer as a
// photo by photoClear: of 94 doubtful flat boards square in the picture
// (the 192 held-out design boards, real and testdata diagrams; session
// 38 measured 58 of them for photoBias), none reads surer as a photo by
// more than 0.02, and the two likelier as photos by 0.05 or more (a real
// diagram with ink marks among them) read surer so by 0.004 at most;
// the three renders read surer as photos by 0.043 to 0.093. Both are
// asked for there: a diagram without kings (a study of pawns) assembles
// unlikely flat, where the kings are forced. The four doubtful flat
// boards measured off square (a real screenshot, three design boards)
// read likelier flat, by 0.07 to 0.59.
const (
	photoLikelier = 0.05
	photoClear    = 0.03
)

// refitted returns r, a flat board's reading from its outline, or its
// reading from the outline refitted to the crossings of its lines (a
// scan turned a little, a page photographed at a slant), where
// detect.Refit finds one and it reads surer: squares cut true read surer, and
// hatching or ink marks that misled the refit read worse. A refit that
// moves a corner by wideRefit or more is taken whatever the scores say,
// and read even when r was sure: a page or screen photographed from
// below its middle has its edge squares cut by the upright outline, yet
// its empty squares, most of the board, read as surely either way (of
// two such diagrams, the refit read less surely, and right). Whether a
// board is a photo is decided on r alone: a refit straightens a flat
// board, not a camera's view.
func (s *Scanner) refitted(ctx context.Context, img, lines gocv.Mat, f detect.Board, r reading) (reading, error) {
	corners, ok := detect.Refit(lines, f)
	if !ok {
		return r, nil
	}
	wide := detect.CornerError(corners, f.Corners) >= wideRefit
	if r.score > refitScore && !wide {
		return r, nil
	}
	refit, err := s.read(ctx, img, corners)
	if err != nil {
		return r, ctx.Err() // a refit that cannot be read is no loss
	}
	if refit.score <= r.score && !wide {
		return r, nil
	}
	return refit, nil
}

// refitScore is the mean log-probability above which a flat board's
// reading stands without reading it from its refitted outline too: a
// screenshot whose lattice is a pixel or two off reads as surely (-0.004
// against -0.0045 for testdata's browser screenshot) and the second
// reading only costs time. Boards that read better refitted (real
// pictures, and the same turned 3 degrees or seen at a slant) were all
// read the same with the threshold at -0.01, and one slanted diagram
// was lost at -0.02.
const refitScore = -0.005

// wideRefit is how far a refit must move a corner, as a share of the
// board's side, to be taken over the lattice's outline whatever the
// readings' scores say: a quarter of a square, more than the corner
// jitter the digital model was trained to shrug off (up to 2.5%, mostly
// far less).
const wideRefit = 0.03

// readPhoto reads the board f as a photo of real pieces, or, where one
// reads as a far likelier position (likelihood, by nearMargin), one of
// the boards a square off that its lines make nearly as well (f.Near). A
// frame seen better than the board's own edge can win the grid a line
// ahead; the board framed so misses a rank or file of pieces, and the
// assembler must stretch its reading to make a game of it.
func (s *Scanner) readPhoto(ctx context.Context, pic *detect.Picture, f detect.Board) (reading, error) {
	best, err := s.readPhotoAt(ctx, pic, f, false, true)
	if err != nil || len(f.Near) == 0 {
		return best, err
	}
	// A board a square off is read only the way up its neighbour was:
	// the camera is the same.
	var near reading
	like, nearLike := s.likelihood(best), math.Inf(-1)
	for _, n := range f.Near {
		r, err := s.readPhotoAt(ctx, pic, n, best.upright)
		if err != nil {
			if ctx.Err() != nil {
				return best, ctx.Err()
			}
			// A near board that cannot be read is no loss.
			if s.opts.Trace != nil {
				fmt.Fprintf(s.opts.Trace, "near board %v not read: %v\n", n.Corners, err)
			}
			continue
		}
		if l := s.likelihood(r); l > nearLike {
			near, nearLike = r, l
		}
	}
	if nearLike > like+nearMargin {
		return near, nil
	}
	return best, nil
}

// nearMargin is how much likelier (likelihood) a board a square off
// must read than the one the lines fit best to be taken instead. A
// window shifted onto a plain border reads a rank of easy empty squares
// for one of pieces, and reads a little likelier for it (by 0.004 to
// 0.033 in three held-out renders whose best window was right), but a
// rank of pieces lost leaves a game the assembler must force: in a
// render framed a file off, the board's own window read likelier by 0.95.
const nearMargin = 0.25

// likelihood is how likely the position a board's squares make is: the
// mean log-probability of what the assembler reads on each square, the
// rules of a game applied (for a photo, read from any side and held to
// what a game's history and a set's pieces allow). The shade of the
// squares and the coordinates, which fix the board's turn, are left out:
// boards a square apart share them, and the pieces' places alone tell a
// board that lost a rank of pieces from one that did not.
func (s *Scanner) likelihood(r reading) float64 {
	_, l := s.legal(r)
	return l
}

// readSquares reports whether every square's probabilities are numbers
// that sum to about one, and else the first square whose do not. The
// assembler takes a square of zeros or of NaN as every class alike, and
// a board of them as the pieces that most often stand on each square in
// real games: an opening position read from nothing.
func readSquares(probs [64]classify.Probs) (int, bool) {
	for i, p := range probs {
		sum := 0.0
		for _, v := range p {
			sum += float64(v)
		}
		if !(math.Abs(sum-1) < 0.01) { // false for NaN too
			return i, false
		}
	}
	return 0, true
}

// assembleInput hands the squares' readings of a board of kind k to the
// assembler: a photo may be seen from any side and is held to a game's
// history (assemble.Input.Sideways, Photo).
func assembleInput(probs [64]classify.Probs, k Kind) assemble.Input {
	var sq [64]assemble.Probs
	for i := range probs {
		sq[i] = assemble.Probs(probs[i])
	}
	return assemble.Input{Squares: sq, Sideways: k == Photo, Photo: k == Photo}
}

// readPhotoAt reads the board f, alone, as a photo, each way up in ups
// (see detect.Columns), and keeps the surer reading. The crops follow
// the camera recovered from the board's outline, which assumes an
// uncropped photo; a crop of one is read with the picture's up as the
// pieces' up too.
func (s *Scanner) readPhotoAt(ctx context.Context, pic *detect.Picture, f detect.Board, ups ...bool) (reading, error) {
	corners := f.Corners
	clf, err := s.photoClassifier()
	if err != nil {
		return reading{}, err
	}
	var best reading
	for i, upright := range ups {
		board, err := pic.Columns(corners, clf.Crop(), upright)
		if err != nil {
			return best, err
		}
		rd, err := s.classify(ctx, clf, board)
		if err != nil {
			return best, err
		}
		r := reading{corners: corners, warped: board, probs: rd.Probs, embedding: rd.Embedding,
			score: meanLogProb(rd.Probs[:]), kind: Photo, grid: f.Grid, model: clf.ID(), upright: upright}
		if i == 0 || r.score > best.score {
			best = r
		}
	}
	return best, nil
}

// An outlineMove scales a board's outline about its centre and shifts it
// along the board's own axes by fractions of its side.
type outlineMove struct{ scale, dx, dy float64 }

// rereadMoves are the outlines, relative to the board's, from which a
// board is read again (see readScales; of a board read surely, only its
// squares below rereadDoubt): up to 2% larger and smaller, and shifted by
// a sixteenth of a square each way.
var rereadMoves = [...]outlineMove{
	{0.98, 0, 0}, {0.99, 0, 0}, {1.01, 0, 0}, {1.02, 0, 0},
	{1, rereadShift, 0}, {1, -rereadShift, 0}, {1, 0, rereadShift}, {1, 0, -rereadShift},
}

// rereadShift is a sixteenth of a square as a fraction of the board's
// side. Scaling about the centre barely moves the middle squares' crops;
// shifting moves them all.
const rereadShift = 1.0 / 128

// moved is the outline q moved by m.
func moved(q [4]detect.Point, m outlineMove) [4]detect.Point {
	mid := detect.Centre(q)
	ex := detect.Point{X: (q[1].X - q[0].X + q[2].X - q[3].X) / 2, Y: (q[1].Y - q[0].Y + q[2].Y - q[3].Y) / 2}
	ey := detect.Point{X: (q[3].X - q[0].X + q[2].X - q[1].X) / 2, Y: (q[3].Y - q[0].Y + q[2].Y - q[1].Y) / 2}
	var c [4]detect.Point
	for i, p := range q {
		c[i] = detect.Point{
			X: mid.X + m.scale*(p.X-mid.X) + m.dx*ex.X + m.dy*ey.X,
			Y: mid.Y + m.scale*(p.Y-mid.Y) + m.dx*ex.Y + m.dy*ey.Y,
		}
	}
	return c
}

// rereadSure is how sure a square's reading as empty must be to be left
// as it is when its board is read again. Rereading every square instead
// changes no figure above; leaving those at 0.95 and more loses a
// held-out board.
const rereadSure = 0.99

// rereadDoubt is the probability below which a square of a board read
// surely (above uprightScore, and flat) is read again; its other squares
// are not. On 61,440 held-out crops, reading every square from shifted
// crops changed the answer right or wrong only below 0.9; screenshots
// have a square or two so doubtful, if any.
const rereadDoubt = 0.9

// readScales reads the board of r again from outlines a little smaller,
// larger and shifted (rereadMoves), and gives each square the geometric
// mean of its readings (with the whole-board head, that mean weighed
// equally with the head's reading: withHead). Where a crop falls moves
// the model's answer more than it should: a tall piece's head at the top
// of a photo's crop, a neighbour's base at its side, a frame or hatching
// at a diagram's edge.
// Outlines are found to within about 1% of the board's side; reading at
// up to 2% either way averages those chances out. Measured on photos
// (always read so): samryan 95.62% -> 97.19% of squares (boards 1 -> 2
// of 5), held-out renders end to end 88.07% -> 88.62%; on flat boards
// read doubtfully (below uprightScore; screenshots, read surely, were
// then read once): 192 held-out design boards 96.33% -> 96.64% of squares (45.3%
// -> 47.9% of boards), real diagrams 96.6% -> 97.8% of boards. Adding
// the four shifted outlines to the four sizes: 768 held-out design
// boards 379 -> 386 entirely right, the real photos 99.06% -> 99.69% of
// squares, 60 held-out photo renders 28 -> 29 boards, the stress
// variants and generated screens a board lost and one gained; photos
// take about a quarter longer. Boards read surely were read once, until
// their squares below rereadDoubt were read again too: 600 generated
// screens 533 -> 542 entirely right, real diagrams 88 -> 89 of 89, the
// stress variants 98.1% -> 98.5%, 768 design boards 387 -> 413, the same
// cropped to their squares 375 -> 396 of 751, testdata/heldout 16 -> 17
// of 24; a diagram takes about a quarter longer. A flat board's squares
// below rereadDoubt are read by the second model too, where there is one
// (secondClassifier: not with OneModel, nor with a Model of one's own
// and no SecondModel, nor with a Profile),
// from r's outline and the same eight: two networks trained otherwise err
// on different crops (held-out crops 94.72% -> 94.89%; 751 design boards
// cropped to their squares 396 -> 409 entirely right, the stress variants
// 1324 -> 1331 of 1344, design boards 413 -> 414, the rest the same).
// With a whole-board head that reads both models, the second reads r's
// own crops first, for the head (those the head asks for, SecondSquares;
// squares plain to classify.Plain taken as empty, as the first model's
// are), and that reading is one of the doubtful squares' nine by it; a
// doubtful square it did not read for the head it reads from r's outline
// with the eight (so a plain one that the head makes doubtful gets the
// network's reading there, not classify.PlainProbs). The head of session
// 60 asks for the squares the first model reads below 0.99 only, a
// quarter of the held-out crops' (the generated yardsticks 3,068 and
// 3,078 boards entirely right for two seeds, against 3,056 and 3,077 for
// heads that asked for all; BenchmarkScan/whole 56-69 -> 44-51 ms).
// A photo's squares still below rereadDoubt after the nine readings are
// read from the same nine crops mirrored too (classify.Mirror; the photo
// model was trained on mirrored crops as well, and errs on a crop and its
// mirror image differently): the shrunk and turned versions of the
// samryan photos 30 -> 33 of 40 entirely right, held-out renders 36 -> 39
// of 60, for about a fifth more time on a photo; and from the nine
// outlines' crops cut the other way up (detect.Columns): the samryan
// photos 4 -> 5 of 5 and their versions 33 -> 36 of 40, the games
// renders 92 -> 96 of 120, the held-out renders' random mix 39 -> 37 of
// 60, for about a tenth more. Those squares are read by a second photo
// model too where one is given (Options.SecondPhotoModel, readPhotoSecond).
// The choices made on r's own score (photo or flat, which turn, which way
// up) stand.
func (s *Scanner) readScales(ctx context.Context, img gocv.Mat, pic *detect.Picture, r reading) (reading, error) {
	clf := s.clf
	if r.kind == Photo {
		var err error
		if clf, err = s.photoClassifier(); err != nil {
			return r, err
		}
	}
	// plain is r's own reading: where squares are read again, it is one of
	// their many readings, and the head's reading (whole) is weighed in
	// after their mean, not among them (withHead).
	plain := r.probs
	var whole *[64]classify.Probs
	// plain2 is the second model's reading of r's own crops, for a head
	// that reads both models; nil for a head that reads one.
	var plain2 *[64]classify.Probs
	// read2 marks the squares plain2 holds.
	var read2 [64]bool
	if r.kind != Photo && s.head != nil && r.model == s.head.Model() {
		var two []classify.Probs
		if s.head.Second() != "" {
			second, err := s.secondClassifier()
			if err != nil {
				return r, err
			}
			if second == nil { // New keeps such a head only with its second model
				return r, fmt.Errorf("whole-board head reads second model %s, and there is none", s.head.Second())
			}
			// The squares the head takes the first model's reading
			// for are not read.
			read2 = s.head.SecondSquares(&r.probs)
			rd, err := second.ReadFastSquares(ctx, r.warped, read2)
			if err != nil {
				return r, err
			}
			plain2, two = &rd.Probs, rd.Probs[:]
		}
		w, err := s.head.Read(r.probs, r.embedding, two)
		if err != nil {
			return r, err
		}
		whole = &w
		for i := range r.probs {
			var mean [classify.NumClasses]float64
			for k, v := range plain[i] {
				mean[k] = logProb(v)
			}
			r.probs[i] = withHead(mean, w[i])
		}
	}
	// Only the squares read as pieces, or doubtfully as empty, are read
	// again: the network's time grows with the number of squares it
	// reads, and a photo's reading would otherwise cost nine times as
	// much. An empty square read surely almost never hides a piece. Of a
	// board read surely, only its doubtful squares are.
	// Of those, a flat board's squares below rereadDoubt are the second
	// model's to read too (doubt).
	var which, doubt [64]bool
	doubtful, some := false, false
	sure := r.kind != Photo && r.score > uprightScore
	for i, p := range r.probs {
		c, v := p.Best()
		if sure && float64(v) < rereadDoubt || !sure && (c != 0 || float64(v) < rereadSure) {
			which[i], doubtful = true, true
			if r.kind != Photo && float64(v) < rereadDoubt {
				doubt[i], some = true, true
			}
		}
	}
	if !doubtful {
		return r, nil
	}
	var sum [64][classify.NumClasses]float64
	add := func(probs *[64]classify.Probs, which *[64]bool) {
		for i := range probs {
			if !which[i] {
				continue
			}
			for k, v := range probs[i] {
				sum[i][k] += logProb(v)
			}
		}
	}
	add(&plain, &which)
	// The nine outlines each square is read from: r's own and the moved.
	outlines := [][4]detect.Point{r.corners}
	for _, m := range rereadMoves {
		outlines = append(outlines, moved(r.corners, m))
	}
	boards := make([]*image.Gray, len(rereadMoves))
	for i, c := range outlines[1:] {
		var err error
		if r.kind == Photo {
			boards[i], err = pic.Columns(c, clf.Crop(), r.upright)
		} else {
			boards[i], err = detect.Warp(img, c)
		}
		if err != nil {
			return r, err
		}
	}
	// n counts each square's readings, r's own the first.
	var n [64]float64
	for i := range n {
		n[i] = 1
	}
	// include adds in the squares in mask of readings.
	include := func(readings [][64]classify.Probs, mask *[64]bool) {
		for i := range readings {
			add(&readings[i], mask)
		}
		for i, m := range mask {
			if m {
				n[i] += float64(len(readings))
			}
		}
	}
	// readMore reads the squares in mask of boards with c and adds them in.
	readMore := func(c *classify.Classifier, boards []*image.Gray, mask *[64]bool) error {
		probs, err := c.ReadEach(ctx, boards, *mask)
		if err != nil {
			return err
		}
		include(probs, mask)
		return nil
	}
	if err := readMore(clf, boards, &which); err != nil {
		return r, err
	}
	// The nine crops, cut from the nine outlines.
	nine := append([]*image.Gray{r.warped}, boards...)
	if r.kind == Photo {
		// A photo's squares still doubtful after the nine readings are
		// read in a mirror too, from the same outlines (classify.Mirror),
		// and cut the other way up (detect.Columns: the picture's up for
		// the camera's, or the reverse). The model, trained on crops
		// mirrored and cut both ways, errs on each differently. Seen from
		// nearly straight above, both ways up are the picture's, and those
		// squares' first nine readings count twice.
		var still [64]bool
		again := false
		for i := range sum {
			if _, v := geoMean(&sum[i], n[i]).Best(); which[i] && float64(v) < rereadDoubt {
				still[i], again = true, true
			}
		}
		if again {
			more := make([]*image.Gray, 0, 2*len(nine))
			for _, b := range nine {
				m, err := clf.Mirror(b)
				if err != nil {
					return r, err
				}
				more = append(more, m)
			}
			for _, c := range outlines {
				b, err := pic.Columns(c, clf.Crop(), !r.upright)
				if err != nil {
					return r, err
				}
				more = append(more, b)
			}
			if err := readMore(clf, more, &still); err != nil {
				return r, err
			}
			if err := s.readPhotoSecond(pic, r.upright, outlines, &still, readMore); err != nil {
				return r, err
			}
		}
	}
	if some {
		// A flat board's doubtful squares are read by the second model
		// too, from the same outlines and r's own.
		second, err := s.secondClassifier()
		if err != nil {
			return r, err
		}
		switch {
		case plain2 != nil:
			// Its reading of r's own crops was made for the head, of
			// the squares the head wanted it for; the others are read
			// from r's outline too.
			var made, other [64]bool
			for i, d := range doubt {
				made[i], other[i] = d && read2[i], d && !read2[i]
			}
			include([][64]classify.Probs{*plain2}, &made)
			if err := readMore(second, boards, &made); err != nil {
				return r, err
			}
			if err := readMore(second, nine, &other); err != nil {
				return r, err
			}
		case second != nil:
			if err := readMore(second, nine, &doubt); err != nil {
				return r, err
			}
		}
	}
	for i := range sum {
		switch {
		case !which[i]:
		case whole != nil:
			mean := sum[i]
			for k := range mean {
				mean[k] /= n[i]
			}
			r.probs[i] = withHead(mean, whole[i])
		default:
			r.probs[i] = geoMean(&sum[i], n[i])
		}
	}
	return r, nil
}

// readPhotoSecond has the second photo model, if any, read the squares in
// still from the nine outlines, cut at its own crop size with up as r's
// reading had it, and in a mirror, and adds them in with readMore: 18
// readings beside the photo model's 27, as the simulation on held-out
// renders' crops that chose it weighed them (models/photo.md, session 61).
func (s *Scanner) readPhotoSecond(pic *detect.Picture, upright bool, outlines [][4]detect.Point, still *[64]bool,
	readMore func(*classify.Classifier, []*image.Gray, *[64]bool) error) error {
	second, err := s.secondPhotoClassifier()
	if err != nil || second == nil {
		return err
	}
	boards := make([]*image.Gray, 0, 2*len(outlines))
	for _, c := range outlines {
		b, err := pic.Columns(c, second.Crop(), upright)
		if err != nil {
			return err
		}
		m, err := second.Mirror(b)
		if err != nil {
			return err
		}
		boards = append(boards, b, m)
	}
	return readMore(second, boards, still)
}

// withHead is a square's reading from the mean log-probabilities of its
// readings by the digital models (mean) and the whole-board head's
// reading of it (package wholeboard), weighed equally: their geometric
// mean, as a second opinion is taken (readScales). 768 design boards of
// unseen designs 442 -> 464 entirely right, 900 generated screens 836 ->
// 844 and 300 small ones 266 -> 270 (session 55's head, blended with
// the square's first reading only); weighed after the rereads, 502, 856
// and 271, but the real set 117 -> 116 (tsoj-089's b7 ink cross read as
// a white pawn; session 57's head, trained on diagrams with such marks,
// reads it right: 117, design boards 502, screens 847). Taken alone, an
// earlier head read the screens 824: on a set whose queens look like its
// kings it made look-alikes surer of one reading, and the rules then
// mended the wrong square (blended, 830). Blending only the squares read below
// rereadDoubt kept the screens (837) but most of the gain went (446):
// figures of session 54's head.
// Until session 56 the blend was made before the doubtful squares were
// read again and counted as one of their 18 readings, which all but
// undid the head there: on the held-out crops (scripts/context_head.py's
// pair, the crop and four shifts by both models) 95.57% of squares and
// 397 of 960 boards read so (a simulation of that order, the blend one of
// ten readings), against 96.28% and 427 with the head weighed after the
// mean (the head alone 96.24% and 420).
// Session 59's head read the second model's reading of every square too
// (session 60's, of the squares below 0.99), and still took half the
// weight: session 58's head of that kind, at two thirds against the
// rereads' mean, read 511 design boards against 507, but small screens
// 270 against 273 and stress variants 1445 against 1448.
func withHead(mean [classify.NumClasses]float64, whole classify.Probs) classify.Probs {
	for k, v := range whole {
		mean[k] += logProb(v)
	}
	return geoMean(&mean, 2)
}

// logProb is the log of probability v, at least 1e-9 (a square read as
// impossible counts as very unlikely, not -Inf).
func logProb(v float32) float64 {
	return math.Log(math.Max(float64(v), 1e-9))
}

// plainInside takes as empty the squares of a flat board on its left or
// right file or bottom rank that it still reads doubtfully (below
// rereadDoubt) and that are clear where a coordinate printed in their
// outer corners would leave them so (classify.PlainInside: the half
// towards the board's middle and, on a file, the bottom, where pieces
// stand): on a small screen board such a digit fills much of an empty
// square and reads as a piece. Of 600 generated screens
// (scripts/gen_screens.py, seeds 1 and 2, --flip no), 542 -> 547 read
// entirely right, none lost; of 300 small ones all printing coordinates
// (--seed 3 --layout small --coords) 250 -> 261, none lost; a held-out
// design board two squares more; nothing else measured changed. Such a
// square reads as plain squares do (classify.PlainProbs), as surely, and
// is not listed among the board's changes. In a JPEG the digit's ringing
// strays a few pixels across the rest of the square: a part is clear
// with a few pixels off, and the shade of the colour's empty squares is
// taken from squares flat but for such pixels (classify.PlainInside).
// Of 300 small JPEG and PNG screens all printing coordinates (--seed 40
// --layout small --coords), 270 -> 274 read entirely right, none lost;
// 900 generated screens (seeds 1, 2, 4), 768 book-style boards of unseen
// designs and the real set read the same; of 3,541 pictures (all these
// and the 1,456 stress variants of the real set), 8 read otherwise:
// those 4 gained, 4 wrong either way. Covering the corners of such
// squares and reading them again also found them, but emptied as many
// doubtful pieces of book diagrams.
func plainInside(r reading, crop image.Point) reading {
	if r.kind != Digital {
		return r
	}
	var which [64]bool
	for i, p := range r.probs {
		if _, v := p.Best(); float64(v) < rereadDoubt {
			which[i] = true
		}
	}
	for i, plain := range classify.PlainInside(r.warped, crop, which) {
		if plain {
			r.probs[i] = classify.PlainProbs()
		}
	}
	return r
}

// geoMean is a square's reading from n readings whose log-probabilities
// summed are sum: their geometric mean, normalised.
func geoMean(sum *[classify.NumClasses]float64, n float64) classify.Probs {
	// Shifted by the largest, so that no exponential underflows.
	top := math.Inf(-1)
	for _, v := range sum {
		top = math.Max(top, v/n)
	}
	var e [classify.NumClasses]float64
	total := 0.0
	for k, v := range sum {
		e[k] = math.Exp(v/n - top)
		total += e[k]
	}
	var p classify.Probs
	for k := range p {
		p[k] = float32(e[k] / total)
	}
	return p
}

// classify reads the squares of board with clf, leaving plain squares out
// when no embeddings are needed, and reading them as plain where the
// whole-board head needs them.
func (s *Scanner) classify(ctx context.Context, clf *classify.Classifier, board *image.Gray) (*classify.Reading, error) {
	if s.head != nil && clf == s.clf {
		// The whole-board head needs every square's embedding (which the
		// options below need too), and reads plain squares as plain.
		return clf.ReadAll(ctx, board)
	}
	if s.opts.Embeddings || s.opts.Consistency || s.opts.Profile != nil {
		return clf.Read(ctx, board)
	}
	return clf.ReadFast(ctx, board)
}

// meanLogProb is the mean log-probability of the squares' readings: how
// sure a reading is.
func meanLogProb(probs []classify.Probs) float64 {
	best := make([]float32, len(probs))
	for i, p := range probs {
		_, best[i] = p.Best()
	}
	return meanLog(best)
}

// meanLog is the mean log-probability of probabilities ps (logProb).
func meanLog(ps []float32) float64 {
	sum := 0.0
	for _, v := range ps {
		sum += logProb(v)
	}
	return sum / float64(len(ps))
}

func newBoard(index int, corners [4]detect.Point, pos *assemble.Position) Board {
	b := Board{Index: index, FEN: pos.FEN(), Corners: corners, Position: pos, Confidence: 1}
	for i := range b.Squares {
		b.Squares[i] = Square{
			Name:  squareName(i),
			Piece: pos.Board[i],
			Prob:  float64(pos.Prob[i]),
		}
		b.Confidence *= float64(pos.Prob[i])
	}
	return b
}
