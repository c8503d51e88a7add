package detect

import (
	"fmt"
	"io"
)

// tracer writes the finder's intermediate fits, a line each, to w; with
// no writer it writes nothing.
type tracer struct{ w io.Writer }

func (t tracer) printf(format string, args ...any) {
	if t.w != nil {
		fmt.Fprintf(t.w, format, args...)
	}
}
