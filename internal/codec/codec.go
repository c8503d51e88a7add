// Package codec decodes JPEG and PNG pictures straight into OpenCV BGR
// matrices with libjpeg-turbo and libpng.
//
// OpenCV's own decoders (imgcodecs) use the same two libraries, but
// loading Debian's libopencv_imgcodecs pulls in GDAL and about 120 other
// shared libraries, which costs a fenscan process about 100 ms before main
// runs; these two libraries cost under 1 ms. libjpeg also decodes at 1/2,
// 1/4 or 1/8 scale almost for free, which a 12 MP phone photo needs.
//
// Neither function prints anything: libjpeg's warnings are dropped and
// its errors, like libpng's, come back as Go errors.
package codec

/*
#cgo LDFLAGS: -ljpeg -lpng
#include <stdlib.h>
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
// 8) into a BGR matrix. The caller closes the matrix.
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

// DecodePNG decodes a PNG of any colour type into a BGR matrix;
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
	m := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC3)
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
