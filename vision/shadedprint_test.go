package vision_test

import (
	"testing"

	"binocle/internal/synth"
	"binocle/vision"
	"binocle/vision/lab"
)

// TestPenBesideShadedPrint reads half-played boards whose givens are
// printed on shaded cells, with the player's entries in a blue pen
// beside them. The pen's group is the more coloured; the colour test
// took the fainter group for the player's whatever its hue, and dropped
// the split when any of that group's cells was off plain paper:
//   - dev-photos wild-photo-057 (33×33): the print, in grey, is the
//     fainter, and lies on shading, off plain paper; the pen's 495
//     entries were all read as givens. Where most of the fainter group
//     is off plain paper and the other is the more coloured, the other
//     is the player's.
//   - study-photos wild-photo-010 (34×34): the pen is both the fainter
//     and the more coloured, and a stroke reaching the corners of a few
//     of its 467 cells dropped the split. A group both cues name is the
//     player's wherever it is written.
//
// Every filled cell read must be labelled as the render's truth says.
func TestPenBesideShadedPrint(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' photos")
	}
	eachRender(t, []suiteRender{
		{"dev-photos", true, 9202, synth.KindPhoto, 57},
		{"study-photos", true, 9302, synth.KindPhoto, 10},
	}, func(t *testing.T, spec synth.Spec) {
		if c := countMarksTold(t, spec, true); c.marksAsGivens+c.givensAsMarks > 0 {
			t.Errorf("of %d marks, %d taken for givens; of %d givens, %d taken for marks", c.marks, c.marksAsGivens, c.givens, c.givensAsMarks)
		}
	})
}

// TestThickPencil reads a clean 40×30 board half played in pencil
// (study-clean wild-clean-084): the pencil is the fainter ink, and its
// thick strokes reach the corners of 9 % of its 503 cells, which took
// the whole group off plain paper and left every entry a given. A few
// such cells no longer do. The two groups the colour test cuts still
// leave 257 entries with the print, so the test holds that no given is
// taken for a mark and that the entries found stay at minPencilFound.
func TestThickPencil(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suite's screenshot")
	}
	eachRender(t, []suiteRender{{"study-clean", true, 9301, synth.KindClean, 84}}, func(t *testing.T, spec synth.Spec) {
		if c := countMarksTold(t, spec, true); c.givensAsMarks > 0 || float64(c.marks-c.marksAsGivens) < minPencilFound*float64(c.marks) {
			t.Errorf("of %d marks, %d taken for givens; of %d givens, %d taken for marks", c.marks, c.marksAsGivens, c.givens, c.givensAsMarks)
		}
	})
}

// minPencilFound is the share of wild-clean-084's pencil entries that
// must be found: 246 of 503 (0.49) were, none before.
const minPencilFound = 0.4

// marksTold counts a reading's filled cells by what the render's truth
// says they are and how they were labelled.
type marksTold struct {
	marks, givens                int
	marksAsGivens, givensAsMarks int
}

// countMarksTold renders a board, reads it as ReadFile reads a photo,
// and counts its filled cells read (marksTold); marked says whether the
// render holds the player's marks.
func countMarksTold(t *testing.T, spec synth.Spec, marked bool) marksTold {
	t.Helper()
	player := lab.PlayerCells(spec)
	if (player != nil) != marked {
		t.Fatalf("the render has the player's marks: %v, want %v", player != nil, marked)
	}
	sample, err := synth.Render(spec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := vision.ReadBytes(sample.Data)
	if err != nil {
		t.Fatal(err)
	}
	if r.Rows != spec.Rows || r.Cols != spec.Cols || len(r.Given) != len(r.Cells) {
		t.Fatalf("read %dx%d with %d given flags, want %dx%d", r.Rows, r.Cols, len(r.Given), spec.Rows, spec.Cols)
	}
	var c marksTold
	lab.TellFilled(&sample.Truth, player, r, func(given, right bool) {
		if given {
			c.givens++
			if !right {
				c.givensAsMarks++
			}
			return
		}
		c.marks++
		if !right {
			c.marksAsGivens++
		}
	})
	return c
}
