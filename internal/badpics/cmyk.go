package badpics

import (
	"bytes"
	"encoding/binary"
	"image"
	"math"
)

// Go's image/jpeg writes no CMYK, so encodeCMYK is a minimal baseline
// encoder for it: four components without subsampling, a flat quantiser,
// the standard luminance Huffman tables, and an Adobe APP14 marker saying
// the samples are CMYK stored inverted, as Photoshop writes them (and as
// libjpeg and Go read them).

var (
	dcBits = [16]byte{0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0}
	dcVals = []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	acBits = [16]byte{0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 125}
	acVals = []byte{
		0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
		0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0,
		0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28,
		0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
		0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
		0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
		0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7,
		0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5,
		0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2,
		0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8,
		0xf9, 0xfa,
	}
	zigzag = [64]int{
		0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
		12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
		35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
		58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
	}
)

// quant is flat and small enough that no coefficient needs a size the
// standard tables lack.
const quant = 4

type code struct {
	bits uint32
	n    uint
}

func huffCodes(bits [16]byte, vals []byte) map[byte]code {
	out := map[byte]code{}
	c, k := uint32(0), 0
	for n := 1; n <= 16; n++ {
		for i := 0; i < int(bits[n-1]); i++ {
			out[vals[k]] = code{c, uint(n)}
			c++
			k++
		}
		c <<= 1
	}
	return out
}

type bitWriter struct {
	buf  bytes.Buffer
	acc  uint32
	nacc uint
}

func (w *bitWriter) put(bits uint32, n uint) {
	for i := int(n) - 1; i >= 0; i-- {
		w.acc = w.acc<<1 | (bits>>uint(i))&1
		w.nacc++
		if w.nacc == 8 {
			b := byte(w.acc)
			w.buf.WriteByte(b)
			if b == 0xFF {
				w.buf.WriteByte(0) // byte stuffing
			}
			w.acc, w.nacc = 0, 0
		}
	}
}

func (w *bitWriter) flush() {
	for w.nacc != 0 {
		w.put(1, 1)
	}
}

// magnitude returns a coefficient's size category and its low bits.
func magnitude(v int) (uint, uint32) {
	a := v
	if a < 0 {
		a = -a
	}
	n := uint(0)
	for a > 0 {
		n++
		a >>= 1
	}
	if v < 0 {
		v += 1<<n - 1
	}
	return n, uint32(v)
}

// dct8 is the 1-D DCT-II of 8 samples, scaled as JPEG's forward DCT.
func dct8(in [8]float64) (out [8]float64) {
	for u := range 8 {
		s := 0.0
		for x := range 8 {
			s += in[x] * math.Cos(float64(2*x+1)*float64(u)*math.Pi/16)
		}
		c := 1.0
		if u == 0 {
			c = math.Sqrt2 / 2
		}
		out[u] = s * c / 2
	}
	return out
}

// fdct is the 2-D DCT of a block: rows, then columns.
func fdct(in *[64]float64) (out [64]float64) {
	var tmp [64]float64
	for y := range 8 {
		row := dct8([8]float64(in[y*8 : y*8+8]))
		copy(tmp[y*8:], row[:])
	}
	for u := range 8 {
		var col [8]float64
		for y := range 8 {
			col[y] = tmp[y*8+u]
		}
		for v, c := range dct8(col) {
			out[v*8+u] = c
		}
	}
	return out
}

func segment(out *bytes.Buffer, marker byte, body []byte) {
	out.Write([]byte{0xFF, marker})
	_ = binary.Write(out, binary.BigEndian, uint16(len(body)+2))
	out.Write(body)
}

// encodeCMYK encodes img as a CMYK JPEG whose colours, converted back, are
// img's: cyan is 255-red and so on, with no black.
func encodeCMYK(img image.Image) []byte {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	// Stored samples are inverted CMYK: inverted cyan is red, and an
	// inverted zero black is 255.
	planes := [4][]byte{}
	for i := range planes {
		planes[i] = make([]byte, w*h)
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r, g, bl, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			i := y*w + x
			planes[0][i], planes[1][i], planes[2][i], planes[3][i] = byte(r>>8), byte(g>>8), byte(bl>>8), 255
		}
	}

	var out bytes.Buffer
	out.Write([]byte{0xFF, 0xD8})
	segment(&out, 0xEE, []byte("Adobe\x00\x64\x00\x00\x00\x00\x00")) // transform 0: CMYK
	dqt := make([]byte, 65)
	for i := 1; i < 65; i++ {
		dqt[i] = quant
	}
	segment(&out, 0xDB, dqt)
	sof := []byte{8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), 4}
	for i := 1; i <= 4; i++ {
		sof = append(sof, byte(i), 0x11, 0)
	}
	segment(&out, 0xC0, sof)
	dht := append([]byte{0x00}, dcBits[:]...)
	dht = append(dht, dcVals...)
	dht = append(dht, 0x10)
	dht = append(dht, acBits[:]...)
	dht = append(dht, acVals...)
	segment(&out, 0xC4, dht)
	sos := []byte{4}
	for i := 1; i <= 4; i++ {
		sos = append(sos, byte(i), 0x00)
	}
	sos = append(sos, 0, 63, 0)
	segment(&out, 0xDA, sos)

	dc, ac := huffCodes(dcBits, dcVals), huffCodes(acBits, acVals)
	var bw bitWriter
	var prev [4]int
	for by := 0; by < (h+7)/8; by++ {
		for bx := 0; bx < (w+7)/8; bx++ {
			for ci, plane := range planes {
				var blk [64]float64
				for y := 0; y < 8; y++ {
					for x := 0; x < 8; x++ {
						px, py := min(bx*8+x, w-1), min(by*8+y, h-1)
						blk[y*8+x] = float64(plane[py*w+px]) - 128
					}
				}
				coef := fdct(&blk)
				var q [64]int
				for k := range q {
					q[k] = int(math.Round(coef[zigzag[k]] / quant))
				}
				n, v := magnitude(q[0] - prev[ci])
				prev[ci] = q[0]
				bw.put(dc[byte(n)].bits, dc[byte(n)].n)
				bw.put(v, n)
				run := 0
				for k := 1; k < 64; k++ {
					if q[k] == 0 {
						run++
						continue
					}
					for run > 15 {
						bw.put(ac[0xF0].bits, ac[0xF0].n)
						run -= 16
					}
					n, v := magnitude(q[k])
					sym := byte(run<<4) | byte(n)
					bw.put(ac[sym].bits, ac[sym].n)
					bw.put(v, n)
					run = 0
				}
				if run > 0 {
					bw.put(ac[0x00].bits, ac[0x00].n)
				}
			}
		}
	}
	bw.flush()
	out.Write(bw.buf.Bytes())
	out.Write([]byte{0xFF, 0xD9})
	return out.Bytes()
}
