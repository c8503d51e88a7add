package codec

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math/rand"
	"os"
	"testing"
)

// picture draws something every PNG filter is used on: smooth gradients,
// flat areas, noise and hard edges.
func picture() *image.RGBA {
	rng := rand.New(rand.NewSource(1))
	img := image.NewRGBA(image.Rect(0, 0, 97, 61))
	for y := 0; y < 61; y++ {
		for x := 0; x < 97; x++ {
			c := color.RGBA{uint8(x * 2), uint8(y * 4), uint8((x + y) % 7 * 30), 255}
			if x > 60 {
				c = color.RGBA{uint8(rng.Intn(256)), uint8(rng.Intn(256)), uint8(rng.Intn(256)), 255}
			}
			if y > 40 && x < 30 {
				c = color.RGBA{200, 180, 120, 255}
			}
			img.Set(x, y, c)
		}
	}
	return img
}

// TestDecodePNG decodes PNGs of each colour type and compares every pixel
// with Go's decoder, laid over white as DecodePNG lays them.
func TestDecodePNG(t *testing.T) {
	rgba := picture()
	b := rgba.Bounds()
	grey := image.NewGray(b)
	draw.Draw(grey, b, rgba, image.Point{}, draw.Src)
	pal := image.NewPaletted(b, palette.WebSafe)
	draw.Draw(pal, b, rgba, image.Point{}, draw.Src)
	seeThrough := image.NewNRGBA(b)
	draw.Draw(seeThrough, b, rgba, image.Point{}, draw.Src)
	for i := 0; i < len(seeThrough.Pix); i += 4 {
		seeThrough.Pix[i+3] = uint8(i / 4 % 256)
	}
	greyAlpha := image.NewNRGBA(b) // Go writes grey with alpha as RGBA
	draw.Draw(greyAlpha, b, grey, image.Point{}, draw.Src)
	palAlpha := image.NewPaletted(b, append(color.Palette{color.NRGBA{0, 0, 0, 0}, color.NRGBA{255, 0, 0, 128}}, palette.WebSafe[:200]...))
	draw.Draw(palAlpha, b, rgba, image.Point{}, draw.Src)
	palAlpha.Pix[0], palAlpha.Pix[1] = 0, 1

	for _, c := range []struct {
		name string
		img  image.Image
	}{{"grey", grey}, {"rgb", rgba}, {"paletted", pal}, {"alpha", seeThrough}, {"paletted-alpha", palAlpha}} {
		var buf bytes.Buffer
		if err := png.Encode(&buf, c.img); err != nil {
			t.Fatal(err)
		}
		m, err := DecodePNG(buf.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got, err := m.DataPtrUint8()
		if err != nil {
			t.Fatal(err)
		}
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				n := color.NRGBAModel.Convert(c.img.At(x, y)).(color.NRGBA)
				want, a := [3]int{int(n.B), int(n.G), int(n.R)}, int(n.A)
				for k := range want {
					// Over white, in 8 bits: what a viewer shows.
					w := (want[k]*a + 255*(255-a) + 127) / 255
					if d := int(got[3*(y*b.Dx()+x)+k]) - int(w); d < -1 || d > 1 {
						t.Fatalf("%s: pixel (%d,%d) channel %d is %d, want %d", c.name, x, y, k, got[3*(y*b.Dx()+x)+k], w)
					}
				}
			}
		}
		m.Close()
	}
}

// TestDecodeBroken checks that broken data gives an error, not a crash,
// and that JPEG and PNG decode at the sizes asked for.
func TestDecodeBroken(t *testing.T) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, picture()); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	cut := bytes.Clone(data[:len(data)/2])
	if m, err := DecodePNG(cut); err == nil {
		m.Close()
		t.Error("half a PNG decoded without error")
	}
	garbled := bytes.Clone(data)
	for i := 60; i < len(garbled)-20; i += 7 {
		garbled[i] ^= 0x5a
	}
	if m, err := DecodePNG(garbled); err == nil {
		m.Close()
		t.Error("a garbled PNG decoded without error")
	}
	buf.Reset()
	if err := jpeg.Encode(&buf, picture(), nil); err != nil {
		t.Fatal(err)
	}
	for _, reduce := range []int{1, 2, 4, 8} {
		m, err := DecodeJPEG(buf.Bytes(), reduce)
		if err != nil {
			t.Fatal(err)
		}
		if w := (97 + reduce - 1) / reduce; m.Cols() != w {
			t.Errorf("JPEG reduced by %d is %d wide, want %d", reduce, m.Cols(), w)
		}
		m.Close()
	}
	if m, err := DecodeJPEG(buf.Bytes()[:buf.Len()/3], 1); err == nil {
		// libjpeg fills a cut JPEG with grey and warns: callers check the
		// end marker first (fenscan's checkJPEG).
		m.Close()
	}
	if m, err := DecodeJPEG([]byte("not a jpeg"), 1); err == nil {
		m.Close()
		t.Error("text decoded as a JPEG")
	}
}

// BenchmarkDecodePNG decodes the 1000x700 browser screenshot.
func BenchmarkDecodePNG(b *testing.B) {
	data, err := os.ReadFile("../../testdata/browser-cburnett.png")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		m, err := DecodePNG(data)
		if err != nil {
			b.Fatal(err)
		}
		m.Close()
	}
}

// FuzzDecodePNG feeds the decoder broken and hostile PNGs: it must return
// a picture or an error, never crash.
func FuzzDecodePNG(f *testing.F) {
	var buf bytes.Buffer
	img := picture()
	if err := png.Encode(&buf, img); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	pal := image.NewPaletted(img.Bounds(), palette.Plan9)
	draw.Draw(pal, pal.Bounds(), img, image.Point{}, draw.Src)
	buf.Reset()
	if err := png.Encode(&buf, pal); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		// The caller bounds the size first, as fenscan.Decode does.
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if len(data) > 1<<20 || err != nil || cfg.Width*cfg.Height > 1<<22 {
			return
		}
		// Right checksums, so that mutations reach the pixels.
		fixCRCs(data)
		if m, err := DecodePNG(data); err == nil {
			m.Close()
		}
	})
}

func fixCRCs(data []byte) {
	for p := 8; p+12 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[p:]))
		if n < 0 || n > len(data)-p-12 {
			return
		}
		binary.BigEndian.PutUint32(data[p+8+n:], crc32.ChecksumIEEE(data[p+4:p+8+n]))
		p += 12 + n
	}
}
