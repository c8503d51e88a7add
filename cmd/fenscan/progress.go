package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress shows a batch's progress bar, with rate and time left, on a
// terminal; elsewhere (a file, a pipe, a test) it shows nothing, so that
// logs hold only results and errors.
type progress struct {
	w     io.Writer
	bar   *progressbar.ProgressBar
	start time.Time
}

func newProgress(w io.Writer, total int) *progress {
	f, ok := w.(*os.File)
	if !ok || total < 2 || !term.IsTerminal(int(f.Fd())) {
		return &progress{}
	}
	return &progress{w: w, start: time.Now(), bar: progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("scanning"),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("pictures"),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetWidth(30),
		progressbar.OptionClearOnFinish(),
	)}
}

func (p *progress) add() {
	if p.bar != nil {
		_ = p.bar.Add(1)
	}
}

// clear takes the bar off its line before a message is printed there; the
// next add draws it again.
func (p *progress) clear() {
	if p.bar != nil {
		_ = p.bar.Clear()
	}
}

func (p *progress) finish(written, failed int) {
	if p.bar == nil {
		return
	}
	_ = p.bar.Finish()
	fmt.Fprintf(p.w, "fenscan: %d pictures, %d failed, in %s\n", written, failed, time.Since(p.start).Round(time.Second))
}
