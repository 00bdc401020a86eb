package storerec

import (
	"testing"

	"binocle/solver"
	"binocle/vision"
)

func TestFromSolve(t *testing.T) {
	p, err := solver.NewPuzzle(solver.ThreeInARow, 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	res := solver.Result{Status: solver.Multiple, Rules: solver.ThreeInARow}
	read := &vision.Reading{Rows: 2, Cols: 2, Corners: [4][2]float64{{1, 2}, {3, 2}, {3, 4}, {1, 4}},
		Confidence: []float64{1, 0.5, 0.9, 1}, Style: vision.StyleXO}
	for _, tc := range []struct {
		name    string
		source  string
		reading *vision.Reading
	}{
		{"typed", "text", nil},
		{"photo", "photo", read},
	} {
		rec := FromSolve(p, res, tc.source, tc.reading)
		if rec.Source != tc.source || rec.Status != "multiple" || rec.Rules != "threeinarow" {
			t.Errorf("%s: source %q status %q rules %q", tc.name, rec.Source, rec.Status, rec.Rules)
		}
		switch {
		case tc.reading == nil && rec.Reading != nil:
			t.Errorf("%s: a reading %+v without a photo", tc.name, rec.Reading)
		case tc.reading != nil && (rec.Reading == nil || rec.Reading.Corners != read.Corners || len(rec.Reading.Confidence) != 4 || rec.Reading.Style != "xo"):
			t.Errorf("%s: reading %+v, want the reader's corners, confidence and style", tc.name, rec.Reading)
		}
	}
}

// A half-played photo's record keeps the player's entries beside the
// printed givens; a photo with none keeps no marks.
func TestFromSolveKeepsMarks(t *testing.T) {
	p, err := solver.NewPuzzle(solver.ThreeInARow, 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	p.Cells[0] = solver.One
	r := &vision.Reading{Rows: 2, Cols: 2, Cells: []solver.Cell{solver.One, solver.Zero, solver.Empty, solver.Empty},
		Confidence: []float64{1, 1, 1, 1}, Given: []bool{true, false, false, false}}
	rec := FromSolve(p, solver.Result{Status: solver.Multiple}, "photo", r)
	if rec.Reading == nil || len(rec.Reading.Marks) != 2 || rec.Reading.Marks[0] != ".0" || rec.Reading.Marks[1] != ".." {
		t.Errorf("marks %v, want [.0 ..]", rec.Reading)
	}
	if _, err := rec.Puzzle(); err != nil {
		t.Errorf("the record does not validate: %v", err)
	}
	r.Given = nil
	if rec := FromSolve(p, solver.Result{Status: solver.Multiple}, "photo", r); rec.Reading.Marks != nil {
		t.Errorf("a reading without marks keeps %v", rec.Reading.Marks)
	}
}
