package vision_test

import (
	"context"
	"slices"
	"testing"

	"binocle/internal/synth"
	"binocle/solver"
	"binocle/vision"
	"binocle/vision/lab"
)

// TestMendedReadingStands reads study-photos wild-photo-062, a 10×10
// tile board whose first rung finds a 10×8 piece and whose board rung
// reads it whole, with two '=' read as '×' and clues missed, so that
// neither reading has one solution. The whole board stands over the
// piece, because two likely fixes make it a puzzle (mendsOver), and it
// is returned as read: the fixes stay suggestions, and accepting them
// gives the board's answer.
func TestMendedReadingStands(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a suite's photo")
	}
	eachRender(t, []suiteRender{{"study-photos", true, 9302, synth.KindPhoto, 62}}, func(t *testing.T, spec synth.Spec) {
		sample, err := synth.Render(spec)
		if err != nil {
			t.Fatal(err)
		}
		r, err := vision.ReadBytes(sample.Data)
		if err != nil {
			t.Fatal(err)
		}
		if r.Rows != sample.Truth.Rows || r.Cols != sample.Truth.Cols {
			t.Fatalf("read %dx%d, want %dx%d", r.Rows, r.Cols, sample.Truth.Rows, sample.Truth.Cols)
		}
		if r.Evidence.PassedOver == "" {
			t.Errorf("no reading passed over; evidence %+v", r.Evidence)
		}
		rules, _ := r.Rules()
		p, err := r.Puzzle(rules)
		if err != nil {
			t.Fatal(err)
		}
		if res := solver.Solve(p); res.Status == solver.Unique {
			t.Fatalf("the reading as read has one solution: nothing here needs mending")
		}
		fix, err := r.SuggestFixes(context.Background(), p, rules)
		if err != nil {
			t.Fatalf("no fix suggested: %v", err)
		}
		tr := sample.Truth
		want, ok := lab.TrueAnswer(lab.Truth{Rows: tr.Rows, Cols: tr.Cols, Cells: tr.Cells, Edges: tr.Edges})
		if !ok {
			t.Fatal("the render's own puzzle has not one solution")
		}
		if !slices.Equal(fix.Result.Solution, want) {
			t.Errorf("the suggested fixes %v give another answer than the board's", fix.Changes)
		}
	})
}
