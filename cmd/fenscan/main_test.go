package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fenscan/fenscan"
)

// TestMain lets a test run the command in a child process (the test
// binary, started again with FENSCAN_TEST_MAIN=1), to kill it for real.
func TestMain(m *testing.M) {
	if os.Getenv("FENSCAN_TEST_MAIN") == "1" {
		main()
	}
	code := m.Run()
	removePool()
	os.Exit(code)
}

// result is one run of the command in memory.
type result struct {
	out, err string
	code     int
}

func runIn(ctx context.Context, stdin io.Reader, out io.Writer, args ...string) result {
	var o, e bytes.Buffer
	if out == nil {
		out = &o
	}
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	code := run(ctx, args, ioStreams{In: stdin, Out: out, ErrOut: &e})
	return result{out: o.String(), err: e.String(), code: code}
}

func fenscanRun(args ...string) result {
	return runIn(context.Background(), nil, nil, args...)
}

// placements maps testdata's labelled pictures to their placements.
func placements(t *testing.T) map[string]string {
	t.Helper()
	labels, err := fenscan.ReadLabels("../../testdata/labels.csv")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, l := range labels {
		out[filepath.Base(l.Image)] = l.Placement
	}
	return out
}

// copyFile copies a testdata picture to dst, making folders as needed.
func copyFile(t *testing.T, name, dst string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("../../testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dst, data)
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// jsonLines decodes --json output: board records and error records.
type jsonLine struct {
	Image       string          `json:"image"`
	Board       *int            `json:"board"`
	FEN         string          `json:"fen"`
	URL         string          `json:"url"`
	Corners     [4][2]float64   `json:"corners"`
	Error       string          `json:"error"`
	Orientation string          `json:"orientation"`
	Squares     json.RawMessage `json:"squares"`
}

func jsonLines(t *testing.T, out string) []jsonLine {
	t.Helper()
	var lines []jsonLine
	for _, s := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if s == "" {
			continue
		}
		var l jsonLine
		if err := json.Unmarshal([]byte(s), &l); err != nil {
			t.Fatalf("%v in %q", err, s)
		}
		lines = append(lines, l)
	}
	return lines
}

func placementOf(fen string) string {
	p, _, _ := strings.Cut(fen, " ")
	return p
}

// TestAfterStop: a stopped run is ended once its grace has passed, not
// before it is stopped.
func TestAfterStop(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ended := make(chan time.Time, 1)
	afterStop(ctx, 50*time.Millisecond, func() { ended <- time.Now() })
	select {
	case <-ended:
		t.Fatal("ended before the run was stopped")
	case <-time.After(100 * time.Millisecond):
	}
	stopped := time.Now()
	cancel()
	select {
	case at := <-ended:
		if at.Sub(stopped) < 50*time.Millisecond {
			t.Errorf("ended %v after the stop, before the grace", at.Sub(stopped))
		}
	case <-time.After(5 * time.Second):
		t.Fatal("not ended after its grace")
	}
}
