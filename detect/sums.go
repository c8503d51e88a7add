package detect

/*
#include <stdint.h>
// go build's default CGO_CFLAGS (-O2) come after any #cgo CFLAGS.
#pragma GCC optimize("O3")

// fen_sums fills the running sums of gradients (see newGradients). C,
// because gcc vectorises the column sums, which Go does not: a third of
// the detector's time on a 1000 px screenshot went to these two loops.
static void fen_sums(const int16_t *dx, const int16_t *dy, int w, int h, int cap,
		int32_t *colUp, int32_t *colDown, int32_t *rowUp, int32_t *rowDown) {
	for (int y = 0; y < h; y++) {
		const int16_t *gx = dx + (size_t)y * w, *gy = dy + (size_t)y * w;
		const int32_t *ui = colUp + (size_t)y * w, *di = colDown + (size_t)y * w;
		int32_t *uo = colUp + (size_t)(y + 1) * w, *dn = colDown + (size_t)(y + 1) * w;
		for (int x = 0; x < w; x++) {
			int v = gx[x];
			int p = v > 0 ? v : 0, n = v < 0 ? -v : 0;
			uo[x] = ui[x] + (p < cap ? p : cap);
			dn[x] = di[x] + (n < cap ? n : cap);
		}
		int32_t *ru = rowUp + (size_t)y * (w + 1) + 1, *rd = rowDown + (size_t)y * (w + 1) + 1;
		int32_t up = 0, down = 0;
		for (int x = 0; x < w; x++) {
			int v = gy[x];
			int p = v > 0 ? v : 0, n = v < 0 ? -v : 0;
			up += p < cap ? p : cap;
			down += n < cap ? n : cap;
			ru[x] = up;
			rd[x] = down;
		}
	}
}
*/
import "C"

// fillSums computes g's running sums from the Sobel responses dx and dy
// (w*h each, row-major), each step capped at edgeCap.
func (g *gradients) fillSums(dx, dy []int16) {
	C.fen_sums((*C.int16_t)(&dx[0]), (*C.int16_t)(&dy[0]), C.int(g.w), C.int(g.h), C.int(edgeCap),
		(*C.int32_t)(&g.colUp[0]), (*C.int32_t)(&g.colDown[0]), (*C.int32_t)(&g.rowUp[0]), (*C.int32_t)(&g.rowDown[0]))
}
