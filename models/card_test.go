package models

import (
	"os/exec"
	"testing"
)

// TestPhotoCard fails when models/photo.md is not what
// scripts/photo_model_card.py writes from models/photo_reports.json: the
// card's text lives in the script, and cards edited by hand had drifted
// from it (session 35). Any Python 3 runs the check; scripts/setup.sh
// installs one.
func TestPhotoCard(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 to run scripts/photo_model_card.py --check")
	}
	if out, err := exec.Command(py, "../scripts/photo_model_card.py", "--check").CombinedOutput(); err != nil {
		t.Errorf("photo_model_card.py --check: %v\n%s", err, out)
	}
}
