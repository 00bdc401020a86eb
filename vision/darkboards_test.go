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
	eachRender(t, []suiteRender{
		{"study-clean", true, 9301, synth.KindClean, 71},
		{"study-clean", true, 9301, synth.KindClean, 115},
		{"study-clean", true, 9301, synth.KindClean, 100},
		{"study-clean", true, 9301, synth.KindClean, 104},
		{"tuned-clean", false, lab.ReportSeed, synth.KindClean, 41},
	}, func(t *testing.T, spec synth.Spec) { wantPerfect(t, spec, readWhole) })
}

// suiteRender names one render of a suite: the suite, whether it is
// a wild one, its seed, its kind and the render's index in it.
type suiteRender struct {
	suite string
	wild  bool
	seed  uint64
	kind  synth.Kind
	index int
}

// eachRender runs check on each render's spec, as a subtest named
// after the suite and the render.
func eachRender(t *testing.T, renders []suiteRender, check func(t *testing.T, spec synth.Spec)) {
	t.Helper()
	lib := synthLibrary(t)
	for _, r := range renders {
		spec, err := lib.SpecAt(r.wild, r.seed, r.kind, r.index)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(r.suite+"/"+spec.Name, func(t *testing.T) { check(t, spec) })
	}
}

// eachReadPerfectly checks that ReadBytes, as the app reads a file, reads
// each of renders perfectly (wantPerfect).
func eachReadPerfectly(t *testing.T, renders []suiteRender) {
	t.Helper()
	eachRender(t, renders, func(t *testing.T, spec synth.Spec) { wantPerfect(t, spec, vision.ReadBytes) })
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
