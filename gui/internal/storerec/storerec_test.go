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
