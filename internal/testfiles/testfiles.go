// Package testfiles reads and makes the files that tests share: labelled
// CSV tables and small PDF books.
package testfiles

import (
	"encoding/csv"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/go-pdf/fpdf"
)

// Book writes an A4 PDF with one PNG picture per page, each filling the
// page, into a temporary folder and returns its path as name. It skips the
// test when poppler, which reads PDFs back, is not installed.
func Book(t *testing.T, name string, pictures ...string) string {
	t.Helper()
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("poppler-utils not installed")
	}
	pdf := fpdf.New("P", "mm", "A4", "")
	for _, p := range pictures {
		pdf.AddPage()
		pdf.ImageOptions(p, 0, 0, 210, 297, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	}
	path := filepath.Join(t.TempDir(), name)
	if err := pdf.OutputFileAndClose(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// CSV reads a whole CSV file, header row included.
func CSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
