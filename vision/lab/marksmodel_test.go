package lab

import (
	"testing"

	"binocle/vision"
)

// marksModelFloor is a little below what the committed marks model scores
// on the first marked renders of the validation sets, which it was not
// trained on (marked boards, and a few of every look): the share of
// filled cells it labels given or mark rightly, reading each board's
// cells together and deciding as the reader does (gate, least marks). The
// rules' check the reader adds (vision's givensByRules) is not applied
// here. Measured 2026-11-28 on the first 40 renders of each set (81 boards
// read in place, 3,170 given and 750 marked cells): 0.9505.
const marksModelFloor = 0.94

// TestMarksModelAccuracy holds the marks model's accuracy on filled cells
// cut, as the reader cuts them, from boards with the player's marks that
// it never trained on.
func TestMarksModelAccuracy(t *testing.T) {
	lib, sets := validationPrefix(t, MarkValidationSets, 40)
	cells, st, err := CutMarks(lib, sets, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mark < 100 || st.Given < 100 {
		t.Fatalf("the validation renders hold %d given and %d marked cells; too few to measure", st.Given, st.Mark)
	}
	boards := map[int][]int{}
	for i, c := range cells {
		boards[c.Board] = append(boards[c.Board], i)
	}
	right := 0
	for _, idx := range boards {
		tc := make([]vision.TrainingCell, len(idx))
		values := make([]byte, len(idx))
		for k, i := range idx {
			tc[k] = vision.TrainingCell{Pix: cells[i].Pix}
			values[k] = cells[i].Value
		}
		marks, err := vision.MarkTrainingCells(tc, values)
		if err != nil {
			t.Fatal(err)
		}
		for k, i := range idx {
			if (marks != nil && marks[k]) == (cells[i].Kind == 1) {
				right++
			}
		}
	}
	got := float64(right) / float64(len(cells))
	t.Logf("%d boards, %d given and %d marked cells: %.4f labelled right", len(boards), st.Given, st.Mark, got)
	if got < marksModelFloor {
		t.Errorf("marks model: %.4f of cells right; floor %.4f", got, marksModelFloor)
	}
}
