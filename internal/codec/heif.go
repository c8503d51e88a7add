package codec

/*
#cgo LDFLAGS: -lheif
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <libheif/heif.h>

typedef struct {
	struct heif_context *ctx;
	struct heif_image_handle *handle;
	struct heif_image *img;
} fen_heif;

static int fen_heif_fail(struct heif_error e, char *msg, int msglen) {
	if (e.code == heif_error_Ok) {
		return 0;
	}
	snprintf(msg, msglen, "%s", e.message ? e.message : "undecodable data");
	return -1;
}

static void fen_heif_close(fen_heif *f) {
	if (f->img) heif_image_release(f->img);
	if (f->handle) heif_image_handle_release(f->handle);
	if (f->ctx) heif_context_free(f->ctx);
	memset(f, 0, sizeof *f);
}

// fen_heif_open parses the file (libheif keeps its own copy) and reports
// the primary image's size as shown, turned as the file says.
static int fen_heif_open(fen_heif *f, const void *data, size_t len, int *w, int *h, char *msg, int msglen) {
	memset(f, 0, sizeof *f);
	f->ctx = heif_context_alloc();
	if (!f->ctx) {
		snprintf(msg, msglen, "out of memory");
		return -1;
	}
	if (fen_heif_fail(heif_context_read_from_memory(f->ctx, data, len, NULL), msg, msglen) ||
		fen_heif_fail(heif_context_get_primary_image_handle(f->ctx, &f->handle), msg, msglen)) {
		fen_heif_close(f);
		return -1;
	}
	*w = heif_image_handle_get_width(f->handle);
	*h = heif_image_handle_get_height(f->handle);
	return 0;
}

// fen_heif_decode decodes the primary image to interleaved RGB(A), turned
// and mirrored as the file says, and reports its size.
static int fen_heif_decode(fen_heif *f, int *w, int *h, char *msg, int msglen) {
	int alpha = heif_image_handle_has_alpha_channel(f->handle);
	if (fen_heif_fail(heif_decode_image(f->handle, &f->img, heif_colorspace_RGB,
			alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, NULL), msg, msglen)) {
		return -1;
	}
	*w = heif_image_get_width(f->img, heif_channel_interleaved);
	*h = heif_image_get_height(f->img, heif_channel_interleaved);
	return 0;
}

// fen_heif_bgr writes the decoded w x h image into out as BGR, laid over
// white where it is transparent.
static void fen_heif_bgr(fen_heif *f, unsigned char *out, int w, int h) {
	int stride;
	const uint8_t *src = heif_image_get_plane_readonly(f->img, heif_channel_interleaved, &stride);
	int n = heif_image_handle_has_alpha_channel(f->handle) ? 4 : 3;
	for (int y = 0; y < h; y++) {
		const uint8_t *s = src + (size_t)y * stride;
		unsigned char *d = out + (size_t)y * 3 * w;
		for (int x = 0; x < w; x++, s += n, d += 3) {
			int a = n == 4 ? s[3] : 255;
			d[0] = (s[2] * a + 255 * (255 - a) + 127) / 255;
			d[1] = (s[1] * a + 255 * (255 - a) + 127) / 255;
			d[2] = (s[0] * a + 255 * (255 - a) + 127) / 255;
		}
	}
}
*/
import "C"

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unsafe"

	"gocv.io/x/gocv"
)

// heifBrands are the ISO base media file brands of still HEIF pictures:
// HEIC from phones (Apple's default), AVIF from the web.
var heifBrands = []string{"heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"}

// HEIFFormat names the format of data when it starts like a HEIF
// picture, an ISO base media file whose "ftyp" box names a still-image
// brand: "avif" or "heic". It returns "" for anything else; 12 bytes are
// enough to tell a HEIF picture, and the rest of the box (its compatible
// brands) tells an AVIF one whose main brand is the generic mif1.
func HEIFFormat(data []byte) string {
	if len(data) < 12 || string(data[4:8]) != "ftyp" {
		return ""
	}
	if brand := string(data[8:12]); !slices.Contains(heifBrands, brand) {
		return ""
	}
	end := min(len(data), int(binary.BigEndian.Uint32(data)))
	for i := 8; i+4 <= end; i += 4 {
		if i == 12 {
			continue // the minor version
		}
		if b := string(data[i : i+4]); b == "avif" || b == "avis" {
			return "avif"
		}
	}
	return "heic"
}

// PixelLimitError is DecodeHEIF's error for a picture over its pixel
// limit, found before any pixel is decoded.
type PixelLimitError struct {
	Width, Height, Max int
}

func (e *PixelLimitError) Error() string {
	return fmt.Sprintf("%dx%d is over %d pixels", e.Width, e.Height, e.Max)
}

// DecodeHEIF decodes the primary image of a HEIF (HEIC) or AVIF picture
// into a BGR matrix, turned and mirrored as the file says (such files
// carry their orientation in the container, not in EXIF), transparent
// parts over white. A picture over maxPixels is refused with a
// *PixelLimitError before decoding: libheif reads the size when it parses
// the file. The caller closes the matrix.
func DecodeHEIF(data []byte, maxPixels int) (gocv.Mat, error) {
	var f C.fen_heif
	var w, h int
	if err := heifOpen(&f, data, &w, &h); err != nil {
		return gocv.NewMat(), err
	}
	defer C.fen_heif_close(&f)
	if int64(w)*int64(h) > int64(maxPixels) {
		return gocv.NewMat(), &PixelLimitError{w, h, maxPixels}
	}
	var cw, ch C.int
	msg := make([]byte, msgLen)
	if C.fen_heif_decode(&f, &cw, &ch, (*C.char)(unsafe.Pointer(&msg[0])), msgLen) != 0 {
		return gocv.NewMat(), heifError(msg)
	}
	if int64(cw)*int64(ch) > int64(maxPixels) {
		return gocv.NewMat(), &PixelLimitError{int(cw), int(ch), maxPixels}
	}
	m, out, err := newBGR(int(cw), int(ch))
	if err != nil {
		return m, err
	}
	C.fen_heif_bgr(&f, out, cw, ch)
	return m, nil
}

func heifOpen(f *C.fen_heif, data []byte, w, h *int) error {
	if len(data) == 0 {
		return errors.New("empty data")
	}
	var cw, ch C.int
	msg := make([]byte, msgLen)
	// libheif copies the bytes: Go memory is not kept past the call.
	if C.fen_heif_open(f, unsafe.Pointer(&data[0]), C.size_t(len(data)), &cw, &ch, (*C.char)(unsafe.Pointer(&msg[0])), msgLen) != 0 {
		return heifError(msg)
	}
	*w, *h = int(cw), int(ch)
	return nil
}

// heifError makes libheif's message, which may end in a newline, one line.
func heifError(msg []byte) error {
	return errors.New(strings.Join(strings.Fields(cString(msg)), " "))
}
