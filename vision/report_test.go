package vision_test

import (
	"strings"
	"testing"

	"binocle/internal/synth"
	"binocle/vision/lab"
)

// TestVisionReport measures the reader on the quick slice of the report
// suite (synthetic screenshots and photos with exact truth, and the real
// wicht-sudoku photos) and asserts the accuracy the reader has reached
// (floors). `go run ./cmd/visionlab score report` prints the whole
// suite's tables for the README.
func TestVisionReport(t *testing.T) {
	lib := synthLibrary(t)
	rep, err := lab.MeasureReport(lib, wichtDir(t), lab.QuickSuite, "")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	rep.Write(&out)
	t.Log("\n" + out.String())
	for _, p := range append(rep.Synthetic.Problems, rep.Wicht.Unreadable...) {
		t.Error(p)
	}

	// Floors: what the reader achieved on the quick suite when they were
	// last measured, less about one image's worth, so that a regression
	// fails make test; raise them as the reader improves.
	allPhoto, allClean := rep.Synthetic.ByKind[synth.KindPhoto], rep.Synthetic.ByKind[synth.KindClean]
	wicht := rep.Wicht
	floors := []struct {
		what     string
		got, min float64
	}{
		// Clean screenshots are held at the target itself.
		{"clean screenshots read perfectly %", lab.Pct(allClean.Perfect, allClean.Images), 100},
		{"clean screenshots size right %", lab.Pct(allClean.SizeRight, allClean.Images), 100},
		{"synthetic photos size right %", lab.Pct(allPhoto.SizeRight, allPhoto.Images), 98},
		{"synthetic photos cells right %", lab.Pct(allPhoto.CellsRight, allPhoto.Cells), 97},
		{"synthetic photos perfect %", lab.Pct(allPhoto.Perfect, allPhoto.Images), 98},
		{"wicht 9x9 found %", lab.Pct(wicht.Found9, wicht.Photos), 90},
		{"wicht corners within 3% %", lab.Pct(wicht.Corners, wicht.Photos), 90},
		{"wicht blank-vs-ink cells right %", lab.Pct(wicht.InkRight, wicht.InkCells), 96},
	}
	for _, f := range floors {
		if !(f.got >= f.min) {
			t.Errorf("%s: %.2f, floor %.2f", f.what, f.got, f.min)
		}
	}
}
