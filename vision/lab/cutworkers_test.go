package lab

import (
	"slices"
	"testing"
)

// TestCutSameForAnyWorkers: the cells cut from the same renders are the
// same, in the same order, read one at a time or three at once, so that
// `make model` on a many-core machine trains on the patches a 2-core one
// cuts.
func TestCutSameForAnyWorkers(t *testing.T) {
	lib, sets := validationPrefix(t, CellValidationSets[:1], 4)
	was := CutWorkers
	defer func() { CutWorkers = was }()
	var cuts [][]LabelledCell
	for _, workers := range []int{1, 3} {
		CutWorkers = workers
		cells, st, err := CutCells(lib, sets, nil)
		if err != nil {
			t.Fatal(err)
		}
		if st.Aligned == 0 || len(cells) == 0 {
			t.Fatalf("%d workers: no render read in place (%+v)", workers, st)
		}
		cuts = append(cuts, cells)
	}
	same := slices.EqualFunc(cuts[0], cuts[1], func(a, b LabelledCell) bool {
		return a.Kind == b.Kind && a.Board == b.Board && a.Value == b.Value && slices.Equal(a.Pix, b.Pix)
	})
	if !same {
		t.Errorf("one worker cut %d cells, three %d, not the same", len(cuts[0]), len(cuts[1]))
	}
}
