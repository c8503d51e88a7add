package editor

import (
	"net/url"
	"strings"
	"testing"
)

func TestURL(t *testing.T) {
	const fen = "r1bq1rk1/pp2bppp/2nppn2/8/3NP3/2N1BP2/PPPQ2PP/2KR1B1R w - - 0 1"
	for _, c := range []struct {
		site Site
		want string
	}{
		{Lichess, "https://lichess.org/editor/r1bq1rk1/pp2bppp/2nppn2/8/3NP3/2N1BP2/PPPQ2PP/2KR1B1R_w_-_-_0_1"},
		{ChessCom, "https://www.chess.com/analysis?fen=r1bq1rk1%2Fpp2bppp%2F2nppn2%2F8%2F3NP3%2F2N1BP2%2FPPPQ2PP%2F2KR1B1R+w+-+-+0+1"},
	} {
		got := c.site.URL(fen)
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.site, got, c.want)
		}
		// The site must get the FEN back exactly.
		u, err := url.Parse(got)
		if err != nil {
			t.Fatal(err)
		}
		back := u.Query().Get("fen")
		if c.site == Lichess {
			back = strings.ReplaceAll(strings.TrimPrefix(u.Path, "/editor/"), "_", " ")
		}
		if back != fen {
			t.Errorf("%s: the link carries %q", c.site, back)
		}
	}
}

func TestParse(t *testing.T) {
	for _, s := range Sites {
		if got, err := Parse(string(s)); err != nil || got != s {
			t.Errorf("Parse(%q) = %q, %v", s, got, err)
		}
	}
	if _, err := Parse("chess.com"); err == nil {
		t.Error("Parse accepted chess.com")
	}
}
