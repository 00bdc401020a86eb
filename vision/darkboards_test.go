package vision_test

import (
	"testing"

	"binocle/internal/synth"
	"binocle/vision"
	"binocle/vision/lab"
)

// TestDarkBoards reads the suites' dark boards that the cells stage read
// through windows moved off their cells: a dark theme's light lines, found
// in the dark mask, were the board itself all along every cell (white
// discs read as rings beside a ring: study-clean wild-clean-071, X's read
// as I's down the last column: wild-clean-115; digits read in blank
// cells: wild-clean-100), while a dark tile board's lines are the dark
// gaps between its tiles and stay found there (tuned-clean clean-041 and
// study-clean wild-clean-104, read right before and after). Each must be
// read perfectly.
func TestDarkBoards(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' screenshots")
	}
	lib := synthLibrary(t)
	for _, tc := range []struct {
		suite string
		wild  bool
		seed  uint64
		index int
	}{
		{"study-clean", true, 9301, 71},
		{"study-clean", true, 9301, 115},
		{"study-clean", true, 9301, 100},
		{"study-clean", true, 9301, 104},
		{"tuned-clean", false, lab.ReportSeed, 41},
	} {
		spec, err := lib.SpecAt(tc.wild, tc.seed, synth.KindClean, tc.index)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(tc.suite+"/"+spec.Name, func(t *testing.T) { wantPerfect(t, spec, readWhole) })
	}
}

// readWhole reads an encoded picture at full size, as Read does.
func readWhole(data []byte) (*vision.Reading, error) {
	m, err := vision.LoadBytes(data)
	if err != nil {
		return nil, err
	}
	defer m.Close()
	return vision.Read(m)
}

// wantPerfect renders spec and checks that read reads it perfectly:
// size, cells and clues.
func wantPerfect(t *testing.T, spec synth.Spec, read func([]byte) (*vision.Reading, error)) {
	t.Helper()
	sample, err := synth.Render(spec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := read(sample.Data)
	s := lab.ScoreReading(sample.Truth, r, err)
	if !s.Perfect() {
		t.Errorf("size right %v, %d of %d cells right, clues right %v", s.SizeRight, s.CellsRight, s.Cells, s.EdgesRight)
	}
}
