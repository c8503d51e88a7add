package pdfpages

import (
	"slices"
	"testing"
)

func TestParseRange(t *testing.T) {
	cases := []struct {
		in   string
		n    int
		want []int
		bad  bool
	}{
		{"", 3, []int{1, 2, 3}, false},
		{"2", 3, []int{2}, false},
		{"10-12", 20, []int{10, 11, 12}, false},
		{"1,4-6", 9, []int{1, 4, 5, 6}, false},
		{"7-", 9, []int{7, 8, 9}, false},
		{"3,3,2-3", 5, []int{3, 2}, false},
		{"0", 5, nil, true},
		{"4-2", 5, nil, true},
		{"6", 5, nil, true},
		{"a-b", 5, nil, true},
		{"1-x", 5, nil, true},
	}
	for _, c := range cases {
		got, err := ParseRange(c.in, c.n)
		if (err != nil) != c.bad || !slices.Equal(got, c.want) {
			t.Errorf("ParseRange(%q, %d) = %v, %v; want %v (error %v)", c.in, c.n, got, err, c.want, c.bad)
		}
	}
}

func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"", "1", "2-5", "1,3-", "-", ",,"} {
		f.Add(s, 10)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n < 0 || n > 1000 {
			return
		}
		pages, err := ParseRange(s, n)
		if err != nil {
			return
		}
		for _, p := range pages {
			if p < 1 || p > n {
				t.Fatalf("ParseRange(%q, %d) gave page %d", s, n, p)
			}
		}
	})
}

func TestParsePGM(t *testing.T) {
	img, err := parsePGM([]byte("P5\n# comment\n3 2\n255\n\x00\x01\x02\x03\x04\x05"))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 3 || img.Bounds().Dy() != 2 || img.Pix[5] != 5 {
		t.Errorf("got %v %v", img.Bounds(), img.Pix)
	}
	for _, bad := range []string{"", "P6\n1 1\n255\n\x00", "P5\n2 2\n255\n\x00", "P5\n1 1\n65535\n\x00\x00", "P5 x"} {
		if _, err := parsePGM([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
