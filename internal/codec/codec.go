// Package codec decodes JPEG and PNG pictures straight into OpenCV BGR
// matrices with libjpeg-turbo and libpng, and HEIF (HEIC, AVIF) pictures,
// which Go and OpenCV do not read, with libheif.
//
// OpenCV's own decoders (imgcodecs) use the same two libraries (and
// common PNGs are inflated here with libdeflate, several times faster than
// zlib), but
// loading Debian's libopencv_imgcodecs pulls in GDAL and about 120 other
// shared libraries, which costs a fenscan process about 100 ms before main
// runs; these two libraries cost under 1 ms. libjpeg also decodes at 1/2,
// 1/4 or 1/8 scale almost for free, which a 12 MP phone photo needs.
//
// Neither function prints anything: libjpeg's warnings are dropped and
// its errors, like libpng's, come back as Go errors.
package codec

/*
#cgo LDFLAGS: -ljpeg -lpng -ldeflate
// go build's default CGO_CFLAGS (-O2) come after any #cgo CFLAGS; the PNG
// row loops need -O3's vectoriser, twice as fast.
#pragma GCC optimize("O3")
#include <stdlib.h>
#include <stdint.h>
#include <libdeflate.h>
#include <string.h>
#include <stdio.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <png.h>

struct fen_jerr {
	struct jpeg_error_mgr pub;
	jmp_buf jump;
	char msg[JMSG_LENGTH_MAX];
};

static void fen_jerror(j_common_ptr c) {
	struct fen_jerr *e = (struct fen_jerr *)c->err;
	(*c->err->format_message)(c, e->msg);
	longjmp(e->jump, 1);
}

static void fen_jsilent(j_common_ptr c) {}

// fen_jpeg decodes data at 1/denom scale. With out NULL it only reports
// the output size in *w, *h and whether the picture is CMYK (which libjpeg
// cannot turn into BGR). Returns 0, or -1 with msg filled.
static int fen_jpeg(const unsigned char *data, unsigned long len, int denom,
		unsigned char *out, int stride, int *w, int *h, int *cmyk, char *msg, int msglen) {
	struct jpeg_decompress_struct cinfo;
	struct fen_jerr jerr;
	memset(&cinfo, 0, sizeof cinfo);
	cinfo.err = jpeg_std_error(&jerr.pub);
	jerr.pub.error_exit = fen_jerror;
	jerr.pub.output_message = fen_jsilent;
	jerr.msg[0] = 0;
	if (setjmp(jerr.jump)) {
		snprintf(msg, msglen, "%s", jerr.msg);
		jpeg_destroy_decompress(&cinfo);
		return -1;
	}
	jpeg_create_decompress(&cinfo);
	jpeg_mem_src(&cinfo, data, len);
	jpeg_read_header(&cinfo, TRUE);
	*cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
	cinfo.scale_num = 1;
	cinfo.scale_denom = denom;
	cinfo.out_color_space = JCS_EXT_BGR;
	if (*cmyk) {
		cinfo.out_color_space = JCS_CMYK;
	}
	jpeg_calc_output_dimensions(&cinfo);
	*w = cinfo.output_width;
	*h = cinfo.output_height;
	if (out == NULL || *cmyk) {
		jpeg_destroy_decompress(&cinfo);
		return 0;
	}
	jpeg_start_decompress(&cinfo);
	while (cinfo.output_scanline < cinfo.output_height) {
		JSAMPROW row = out + (size_t)cinfo.output_scanline * stride;
		jpeg_read_scanlines(&cinfo, &row, 1);
	}
	jpeg_finish_decompress(&cinfo);
	jpeg_destroy_decompress(&cinfo);
	return 0;
}

// fen_png decodes data to 8-bit BGR, laying transparent parts over white.
// With out NULL it only reads the size. Returns 0, or -1 with msg filled.
static int fen_png(const unsigned char *data, size_t len, unsigned char *out, int stride,
		int *w, int *h, char *msg, int msglen) {
	png_image img;
	memset(&img, 0, sizeof img);
	img.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_memory(&img, data, len)) {
		snprintf(msg, msglen, "%s", img.message);
		return -1;
	}
	*w = img.width;
	*h = img.height;
	if (out == NULL) {
		png_image_free(&img);
		return 0;
	}
	img.format = PNG_FORMAT_BGR;
	png_color white = {255, 255, 255};
	if (!png_image_finish_read(&img, &white, out, stride, NULL)) {
		snprintf(msg, msglen, "%s", img.message);
		png_image_free(&img);
		return -1;
	}
	return 0;
}

static uint32_t be32(const unsigned char *p) {
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

// paeth is the PNG predictor, without branches: which neighbour wins is
// unpredictable, and mispredicted branches cost more than the arithmetic.
static inline int paeth(int a, int b, int c) {
	int p = b - c, q = a - c;
	int pa = abs(p), pb = abs(q), pc = abs(p + q);
	int bc = pb <= pc ? b : c;
	return ((pa <= pb) & (pa <= pc)) ? a : bc;
}

// paethRow undoes the Paeth filter on a row of 3- or 4-byte pixels,
// keeping the left and upper-left pixels in registers: reading back
// what was just written stalls each byte on the store, three times
// slower on screenshots, which use this filter on a third of their rows.
static void paethRow(unsigned char *r, const unsigned char *prev, size_t rb, int bpp) {
	int a[4] = {0, 0, 0, 0}, c[4] = {0, 0, 0, 0};
	for (int k = 0; k < bpp; k++) {
		a[k] = r[k] = (unsigned char)(r[k] + prev[k]);
		c[k] = prev[k];
	}
	for (size_t i = bpp; i + bpp <= rb; i += bpp) {
		for (int k = 0; k < 4; k++) {
			if (k < bpp) {
				int b = prev[i + k];
				a[k] = r[i + k] = (unsigned char)(r[i + k] + paeth(a[k], b, c[k]));
				c[k] = b;
			}
		}
	}
}

// unfilter undoes the PNG row filters in place; rows are 1 + rb bytes.
static int unfilter(unsigned char *buf, int h, size_t rb, int bpp) {
	const unsigned char *prev = NULL;
	for (int y = 0; y < h; y++) {
		unsigned char *row = buf + (size_t)y * (rb + 1);
		unsigned char *r = row + 1;
		size_t i;
		switch (row[0]) {
		case 0:
			break;
		case 1:
			for (i = bpp; i < rb; i++) r[i] += r[i - bpp];
			break;
		case 2:
			if (prev) for (i = 0; i < rb; i++) r[i] += prev[i];
			break;
		case 3:
			if (prev) {
				for (i = 0; i < (size_t)bpp; i++) r[i] += prev[i] >> 1;
				for (i = bpp; i < rb; i++) r[i] += (r[i - bpp] + prev[i]) >> 1;
			} else {
				for (i = bpp; i < rb; i++) r[i] += r[i - bpp] >> 1;
			}
			break;
		case 4:
			if (prev && (bpp == 3 || bpp == 4)) {
				paethRow(r, prev, rb, bpp);
			} else if (prev) {
				for (i = 0; i < (size_t)bpp; i++) r[i] += prev[i];
				for (i = bpp; i < rb; i++) r[i] += paeth(r[i - bpp], prev[i], prev[i - bpp]);
			} else {
				for (i = bpp; i < rb; i++) r[i] += r[i - bpp];
			}
			break;
		default:
			return -1;
		}
		prev = r;
	}
	return 0;
}

// over lays colour c with alpha a over white.
static unsigned char over(int c, int a) {
	return (unsigned char)((c * a + 255 * (255 - a) + 127) / 255);
}

// fen_png_fast decodes the common PNGs (8-bit, not interlaced, no colour
// key) with libdeflate, several times faster than zlib on screenshots.
// Returns 0 when done, 1 when the picture is left to libpng (other kinds,
// and anything malformed, which libpng then reports).
static int fen_png_fast(const unsigned char *d, size_t n, unsigned char *out, int stride, uint32_t wantW, uint32_t wantH) {
	uint32_t w = 0, h = 0;
	int depth = 0, ct = -1, interlace = 0, npal = 0, ntrns = 0;
	unsigned char pal[256][4];
	size_t idatLen = 0;
	for (size_t p = 8; p + 12 <= n;) {
		uint32_t len = be32(d + p);
		if (len > n - p - 12) return 1;
		const unsigned char *t = d + p + 4, *c = d + p + 8;
		if (!memcmp(t, "IHDR", 4) && len >= 13 && ct < 0) {
			w = be32(c); h = be32(c + 4); depth = c[8]; ct = c[9]; interlace = c[12];
		} else if (!memcmp(t, "PLTE", 4)) {
			npal = len / 3 > 256 ? 256 : len / 3;
			for (int i = 0; i < npal; i++) {
				pal[i][0] = c[3 * i]; pal[i][1] = c[3 * i + 1]; pal[i][2] = c[3 * i + 2]; pal[i][3] = 255;
			}
		} else if (!memcmp(t, "tRNS", 4)) {
			if (ct != 3) return 1;
			ntrns = len > 256 ? 256 : len;
			for (int i = 0; i < ntrns && i < npal; i++) pal[i][3] = c[i];
		} else if (!memcmp(t, "IDAT", 4)) {
			idatLen += len;
		} else if (!memcmp(t, "IEND", 4)) {
			break;
		}
		p += 12 + (size_t)len;
	}
	int bpp = ct == 0 ? 1 : ct == 2 ? 3 : ct == 3 ? 1 : ct == 4 ? 2 : ct == 6 ? 4 : 0;
	// The size must be the one out was made for (libpng read the same
	// header), whatever a hostile file repeats later.
	if (w != wantW || h != wantH || depth != 8 || interlace != 0 || bpp == 0 || idatLen == 0 || (ct == 3 && npal == 0)) return 1;
	size_t rb = (size_t)w * bpp, rawLen = (size_t)h * (rb + 1);
	unsigned char *idat = malloc(idatLen), *raw = malloc(rawLen);
	if (!idat || !raw) { free(idat); free(raw); return 1; }
	size_t q = 0;
	for (size_t p = 8; p + 12 <= n;) {
		uint32_t len = be32(d + p);
		if (!memcmp(d + p + 4, "IDAT", 4)) { memcpy(idat + q, d + p + 8, len); q += len; }
		if (!memcmp(d + p + 4, "IEND", 4)) break;
		p += 12 + (size_t)len;
	}
	struct libdeflate_decompressor *dc = libdeflate_alloc_decompressor();
	size_t got = 0;
	int ok = dc && libdeflate_zlib_decompress(dc, idat, idatLen, raw, rawLen, &got) == LIBDEFLATE_SUCCESS && got == rawLen;
	if (dc) libdeflate_free_decompressor(dc);
	free(idat);
	if (!ok || unfilter(raw, h, rb, bpp) != 0) { free(raw); return 1; }
	for (uint32_t y = 0; y < h; y++) {
		const unsigned char *s = raw + (size_t)y * (rb + 1) + 1;
		unsigned char *o = out + (size_t)y * stride;
		// One loop per colour type, so that each is a plain loop.
		switch (ct) {
		case 0:
			for (uint32_t x = 0; x < w; x++) o[3 * x] = o[3 * x + 1] = o[3 * x + 2] = s[x];
			break;
		case 2:
			for (uint32_t x = 0; x < w; x++) {
				o[3 * x] = s[3 * x + 2]; o[3 * x + 1] = s[3 * x + 1]; o[3 * x + 2] = s[3 * x];
			}
			break;
		case 3:
			for (uint32_t x = 0; x < w; x++) {
				int i = s[x];
				if (i >= npal) { free(raw); return 1; }
				int a = pal[i][3];
				o[3 * x] = over(pal[i][2], a); o[3 * x + 1] = over(pal[i][1], a); o[3 * x + 2] = over(pal[i][0], a);
			}
			break;
		case 4:
			for (uint32_t x = 0; x < w; x++) o[3 * x] = o[3 * x + 1] = o[3 * x + 2] = over(s[2 * x], s[2 * x + 1]);
			break;
		case 6:
			for (uint32_t x = 0; x < w; x++) {
				int a = s[4 * x + 3];
				if (a == 255) {
					o[3 * x] = s[4 * x + 2]; o[3 * x + 1] = s[4 * x + 1]; o[3 * x + 2] = s[4 * x];
				} else {
					o[3 * x] = over(s[4 * x + 2], a); o[3 * x + 1] = over(s[4 * x + 1], a); o[3 * x + 2] = over(s[4 * x], a);
				}
			}
			break;
		}
	}
	free(raw);
	return 0;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"

	"gocv.io/x/gocv"
)

// ErrCMYK is returned by DecodeJPEG for CMYK and YCCK JPEGs, which
// libjpeg decodes only to CMYK; callers decode those another way.
var ErrCMYK = errors.New("codec: CMYK JPEG")

const msgLen = 200

// DecodeJPEG decodes a JPEG at 1/reduce of its size (reduce is 1, 2, 4 or
// 8) into a BGR matrix (the caller bounds its size first). The caller
// closes the matrix.
func DecodeJPEG(data []byte, reduce int) (gocv.Mat, error) {
	if len(data) == 0 {
		return gocv.NewMat(), errors.New("empty data")
	}
	if reduce != 1 && reduce != 2 && reduce != 4 && reduce != 8 {
		return gocv.NewMat(), fmt.Errorf("codec: cannot reduce a JPEG by %d", reduce)
	}
	var w, h, cmyk C.int
	msg := make([]byte, msgLen)
	src := (*C.uchar)(unsafe.Pointer(&data[0]))
	if C.fen_jpeg(src, C.ulong(len(data)), C.int(reduce), nil, 0, &w, &h, &cmyk, (*C.char)(unsafe.Pointer(&msg[0])), msgLen) != 0 {
		return gocv.NewMat(), errors.New(cString(msg))
	}
	if cmyk != 0 {
		return gocv.NewMat(), ErrCMYK
	}
	m, out, err := newBGR(int(w), int(h))
	if err != nil {
		return m, err
	}
	if C.fen_jpeg(src, C.ulong(len(data)), C.int(reduce), out, 3*w, &w, &h, &cmyk, (*C.char)(unsafe.Pointer(&msg[0])), msgLen) != 0 {
		m.Close()
		return gocv.NewMat(), errors.New(cString(msg))
	}
	return m, nil
}

// DecodePNG decodes a PNG of any colour type into a BGR matrix (the
// caller bounds its size first: the pixels are allocated as the header
// says);
// transparent parts are laid over white, the colour of the page a picture
// is shown on. libpng takes 16-bit samples without a gAMA chunk for linear
// light and brightens them; callers with sRGB in 16 bits decode those
// another way. The caller closes the matrix.
func DecodePNG(data []byte) (gocv.Mat, error) {
	if len(data) == 0 {
		return gocv.NewMat(), errors.New("empty data")
	}
	var w, h C.int
	msg := make([]byte, msgLen)
	src := (*C.uchar)(unsafe.Pointer(&data[0]))
	if C.fen_png(src, C.size_t(len(data)), nil, 0, &w, &h, (*C.char)(unsafe.Pointer(&msg[0])), msgLen) != 0 {
		return gocv.NewMat(), errors.New(cString(msg))
	}
	m, out, err := newBGR(int(w), int(h))
	if err != nil {
		return m, err
	}
	if C.fen_png_fast(src, C.size_t(len(data)), out, 3*w, C.uint32_t(w), C.uint32_t(h)) == 0 {
		return m, nil
	}
	if C.fen_png(src, C.size_t(len(data)), out, 3*w, &w, &h, (*C.char)(unsafe.Pointer(&msg[0])), msgLen) != 0 {
		m.Close()
		return gocv.NewMat(), errors.New(cString(msg))
	}
	return m, nil
}

// newBGR allocates a w x h BGR matrix and returns its pixels for C to
// fill; OpenCV allocates new matrices continuous, rows 3*w bytes apart.
func newBGR(w, h int) (gocv.Mat, *C.uchar, error) {
	if w <= 0 || h <= 0 {
		return gocv.NewMat(), nil, fmt.Errorf("codec: picture of %dx%d pixels", w, h)
	}
	// NewMatWithSizes leaves the pixels unset (NewMatWithSize clears
	// them, a wasted pass): every one is written by the decoder.
	m := gocv.NewMatWithSizes([]int{h, w}, gocv.MatTypeCV8UC3)
	if m.Empty() || !m.IsContinuous() {
		m.Close()
		return gocv.NewMat(), nil, fmt.Errorf("codec: cannot allocate %dx%d pixels", w, h)
	}
	p, err := m.DataPtrUint8()
	if err != nil || len(p) < 3*w*h {
		m.Close()
		return gocv.NewMat(), nil, fmt.Errorf("codec: cannot allocate %dx%d pixels", w, h)
	}
	return m, (*C.uchar)(unsafe.Pointer(&p[0])), nil
}

func cString(b []byte) string {
	for i, c := range b {
		if c == 0 {
			b = b[:i]
			break
		}
	}
	if len(b) == 0 {
		return "undecodable data"
	}
	return string(b)
}
