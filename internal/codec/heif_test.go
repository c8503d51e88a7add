package codec

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"strings"
	"testing"

	"gocv.io/x/gocv"
)

// The two HEIF pictures are testdata's own, encoded by libheif's heif-enc
// from their JPEG and PNG siblings.
const (
	heicFile = "../../testdata/photos/chesscog-4750.heic"
	avifFile = "../../testdata/browser-cburnett.avif"
)

func TestHEIFFormat(t *testing.T) {
	box := func(brand string) []byte { return []byte("\x00\x00\x00\x18ftyp" + brand + "\x00\x00\x00\x00") }
	for _, c := range []struct {
		data []byte
		want string
	}{
		{box("heic"), "heic"},
		{box("mif1"), "heic"},
		{box("heix"), "heic"},
		{box("avif"), "avif"},
		{box("avis"), "avif"},
		{[]byte("\x00\x00\x00\x1cftypmif1\x00\x00\x00\x00mif1miafavif"), "avif"},
		{[]byte("\x00\x00\x00\x1cftypmif1\x00\x00\x00\x00mif1miafheic"), "heic"},
		{[]byte("\x00\x00\x00\x10ftypmif1avif\x00\x00\x00\x00"), "heic"}, // avif in the minor version, not a brand
		{box("isom"), ""}, // an MP4 film
		{box("qt  "), ""},
		{box("heic")[:11], ""},
		{[]byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01"), ""},
		{nil, ""},
	} {
		if got := HEIFFormat(c.data); got != c.want {
			t.Errorf("HEIFFormat(%q) = %q, want %q", c.data, got, c.want)
		}
	}
}

// TestDecodeHEIF decodes each HEIF picture and compares it with the
// picture it was encoded from: the same size and, lossy as both are,
// nearly the same pixels, in BGR order (a swap of red and blue would
// differ by far more on the green board).
func TestDecodeHEIF(t *testing.T) {
	for _, c := range []struct {
		file, sibling string
		decode        func([]byte) (gocv.Mat, error)
	}{
		{heicFile, "../../testdata/photos/chesscog-4750.jpg", func(d []byte) (gocv.Mat, error) { return DecodeJPEG(d, 1) }},
		{avifFile, "../../testdata/browser-cburnett.png", DecodePNG},
	} {
		data := read(t, c.file)
		if HEIFFormat(data) == "" {
			t.Fatalf("%s: not taken for HEIF", c.file)
		}
		m, err := DecodeHEIF(data, 1<<24)
		if err != nil {
			t.Fatal(err)
		}
		want, err := c.decode(read(t, c.sibling))
		if err != nil {
			t.Fatal(err)
		}
		if m.Cols() != want.Cols() || m.Rows() != want.Rows() || m.Channels() != 3 {
			t.Fatalf("%s: %dx%dx%d, want %dx%dx3", c.file, m.Cols(), m.Rows(), m.Channels(), want.Cols(), want.Rows())
		}
		diff := gocv.NewMat()
		gocv.AbsDiff(m, want, &diff)
		mean := diff.Mean()
		for ch, v := range []float64{mean.Val1, mean.Val2, mean.Val3} {
			if v > 6 {
				t.Errorf("%s: channel %d differs from %s by %.1f on average", c.file, ch, c.sibling, v)
			}
		}
		diff.Close()
		m.Close()
		want.Close()
	}
}

// TestDecodeHEIFBroken: cut or garbled files and a size over the limit
// are errors of one line, never a crash, and a huge size is refused before
// any pixel is decoded.
func TestDecodeHEIFBroken(t *testing.T) {
	data := read(t, heicFile)
	check := func(name string, data []byte, want string) {
		t.Helper()
		m, err := DecodeHEIF(data, 1<<24)
		m.Close()
		if err == nil {
			t.Errorf("%s: decoded without error", name)
			return
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, want) {
			t.Errorf("%s: error %q, want one line with %q", name, msg, want)
		}
	}
	for _, n := range []int{12, 100, len(data) / 2, len(data) - 10} {
		check("cut", data[:n], "")
	}
	check("empty", nil, "empty")
	garbled := bytes.Clone(data)
	for i := 2000; i < len(garbled); i += 13 {
		garbled[i] ^= 0x5a
	}
	if m, err := DecodeHEIF(garbled, 1<<24); err == nil {
		m.Close() // HEVC decoders conceal errors: a picture is fine, a crash is not
	}
	// The image spatial extents box ("ispe": version and flags, width,
	// height) says how large the picture is.
	huge := bytes.Clone(data)
	i := bytes.Index(huge, []byte("ispe"))
	if i < 0 {
		t.Fatal("no ispe box")
	}
	binary.BigEndian.PutUint32(huge[i+8:], 30000)
	binary.BigEndian.PutUint32(huge[i+12:], 20000)
	check("huge", huge, "30000x20000 is over")
	m, err := DecodeHEIF(huge, 1<<24)
	m.Close()
	if pe := (*PixelLimitError)(nil); !errors.As(err, &pe) || pe.Width != 30000 || pe.Height != 20000 {
		t.Errorf("huge: error %v, want a PixelLimitError for 30000x20000", err)
	}
}

// BenchmarkDecodeHEIC decodes the 562x1000 HEIC phone photo.
func BenchmarkDecodeHEIC(b *testing.B) {
	data, err := os.ReadFile(heicFile)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		m, err := DecodeHEIF(data, 1<<24)
		if err != nil {
			b.Fatal(err)
		}
		m.Close()
	}
}

// FuzzDecodeHEIF feeds libheif broken and hostile files: a picture or an
// error, never a crash.
func FuzzDecodeHEIF(f *testing.F) {
	for _, name := range []string{heicFile, avifFile} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:min(len(data), 1024)])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeHEIF(data, 1<<20)
		defer m.Close()
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		if m.Empty() || m.Channels() != 3 || m.Rows()*m.Cols() > 1<<20 {
			t.Fatalf("decoded %dx%d with %d channels", m.Cols(), m.Rows(), m.Channels())
		}
	})
}

func read(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
