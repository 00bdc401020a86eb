package locate

import (
	"testing"

	"gocv.io/x/gocv"

	"binocle/internal/synth"
)

// TestBoardInBox locates wild suite renders whose grid is a box with no
// lines inside, where the board rung fitted its lattice to the coloured
// glyphs alone (blue typed marks among shaded givens, blue 0s among
// black 1s, purple digits with counts beside them) and counted a row or
// several more or fewer than the box holds: the box's own count of its
// glyphs now wins. A board keeps its own count where the box counted
// only one axis (wild-clean-119: its rows were foretold by the box's
// shape, one short), and where the box's count changes the cells' shape
// (tuned-photos photo-068, a Tango board whose 12 suns and moons the box
// counted in 4 rows of 6). The renders are the suites' own, so the shared
// datasets must be there.
func TestBoardInBox(t *testing.T) {
	lib := suiteLibrary(t)
	for _, tc := range []struct {
		suite      string
		wild       bool
		seed       uint64
		kind       synth.Kind
		index      int
		rows, cols int
	}{
		{"study-clean", true, 9301, synth.KindClean, 29, 14, 14},
		{"clue-clean", true, 9401, synth.KindClean, 30, 7, 9},
		{"clue-clean", true, 9401, synth.KindClean, 135, 40, 30},
		{"wild-clean", true, 9001, synth.KindClean, 119, 10, 10},
		{"wild-photos", true, 9002, synth.KindPhoto, 127, 16, 16},
		{"tuned-photos", false, 20240611, synth.KindPhoto, 68, 6, 6},
	} {
		spec, err := lib.SpecAt(tc.wild, tc.seed, tc.kind, tc.index)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(tc.suite+"/"+spec.Name, func(t *testing.T) { wantFound(t, spec, tc.rows, tc.cols) })
	}
}

// suiteLibrary is the shared datasets the suites render from; the test
// is skipped without them.
func suiteLibrary(t *testing.T) *synth.Library {
	t.Helper()
	dir, err := synth.SharedDir("datasets")
	if err != nil {
		t.Skipf("no shared datasets (%v): the suites' renders need them", err)
	}
	lib, err := synth.LoadLibrary(dir)
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

// wantFound renders spec and checks that Find finds a rows×cols grid in it.
func wantFound(t *testing.T, spec synth.Spec, rows, cols int) {
	t.Helper()
	wantFoundDecoded(t, spec, gocv.IMReadColor, rows, cols)
}

// wantFoundDecoded is wantFound with the render decoded by flags (a
// reduced decode, as the reader decodes a big photo).
func wantFoundDecoded(t *testing.T, spec synth.Spec, flags gocv.IMReadFlag, rows, cols int) {
	t.Helper()
	sample, err := synth.Render(spec)
	if err != nil {
		t.Fatal(err)
	}
	img, err := gocv.IMDecode(sample.Data, flags)
	if err != nil {
		t.Fatal(err)
	}
	defer img.Close()
	c, _, err := Find(img)
	if err != nil {
		t.Fatalf("no grid found, want %dx%d", rows, cols)
	}
	if c.Rows.N != rows || c.Cols.N != cols {
		t.Errorf("found %dx%d by %s, want %dx%d", c.Rows.N, c.Cols.N, c.Method, rows, cols)
	}
}
