package vision_test

import (
	"testing"

	"binocle/internal/synth"
	"binocle/vision"
	"binocle/vision/lab"
)

// TestReadBentPages reads printed grids on paper bowed by a third of a
// cell, where one homography strays a fifth of a cell at the outer rows:
// every grid must come out the right size with its edge cells read.
func TestReadBentPages(t *testing.T) {
	if testing.Short() {
		t.Skip("renders photos")
	}
	lib := synthLibrary(t)
	all, err := lib.Suite(4242, synth.KindPhoto, 80)
	if err != nil {
		t.Fatal(err)
	}
	var specs []synth.Spec
	for _, s := range all {
		if (s.Look == synth.LookPrint || s.Look == synth.LookPartial) && s.Rows <= 14 && s.Cols <= 14 && len(specs) < 8 {
			s.Bend = 0.32
			specs = append(specs, s)
		}
	}
	if len(specs) < 6 {
		t.Fatalf("only %d bent specs", len(specs))
	}
	cells, right, sized := 0, 0, 0
	for sample := range renderSuite(t, specs) {
		m, err := vision.LoadBytes(sample.Data)
		if err != nil {
			t.Fatal(err)
		}
		r, err := vision.Read(m)
		m.Close()
		s := lab.ScoreReading(sample.Truth, r, err)
		cells += s.Cells
		right += s.CellsRight
		if s.SizeRight {
			sized++
		} else if r != nil {
			t.Logf("%s: read %dx%d, truth %dx%d", sample.Truth.Name, r.Rows, r.Cols, sample.Truth.Rows, sample.Truth.Cols)
		}
		if s.SizeRight && s.CellsRight < s.Cells {
			t.Logf("%s: %d of %d cells wrong", sample.Truth.Name, s.Cells-s.CellsRight, s.Cells)
		}
	}
	if sized < len(specs) || 1000*right < 995*cells {
		t.Errorf("bent pages: %d of %d sized right, %d of %d cells right", sized, len(specs), right, cells)
	}
}
