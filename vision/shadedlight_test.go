package vision_test

import (
	"testing"

	"binocle/internal/synth"
)

// TestShadesUnderUnevenLight reads photos of boards whose app shaded the
// givens, where the player's entries look like print and only the shade
// tells them, under light that moves the cells' levels by more than the
// shade (a study render, marks-photos at seed 9811):
//   - wild-photo-080, a finished 10×10 X/O board: its 30 givens split
//     from the 70 entries only against their neighbours' levels, and
//     every entry was taken for a given;
//   - wild-photo-012 and -040, Tango boards half played: no level split
//     them, the marks model saw marks but not which, and the givens it
//     left had no single solution; the fewest most shaded cells that
//     have one are the givens.
//
// At most maxShadeMislabelled filled cells may be labelled wrong on each
// (70, 26 and 10 were).
func TestShadesUnderUnevenLight(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a study suite's photos")
	}
	eachRender(t, []suiteRender{
		{"marks-photos@9811", true, 9811, synth.KindPhoto, 80},
		{"marks-photos@9811", true, 9811, synth.KindPhoto, 12},
		{"marks-photos@9811", true, 9811, synth.KindPhoto, 40},
	}, func(t *testing.T, spec synth.Spec) {
		c := countMarksTold(t, spec, true)
		if wrong := c.marksAsGivens + c.givensAsMarks; wrong > maxShadeMislabelled {
			t.Errorf("of %d marks, %d taken for givens; of %d givens, %d taken for marks", c.marks, c.marksAsGivens, c.givens, c.givensAsMarks)
		}
	})
}

// maxShadeMislabelled is how many filled cells TestShadesUnderUnevenLight
// lets be labelled wrong on a board: cells on a shade's soft edge (3 of
// wild-photo-040's 20 are, 1 of 080's 100).
const maxShadeMislabelled = 3

// TestLocalShadesNeedTheRules reads a Tango photo with no marks whose
// light leaves two givens darker than the rest against their
// neighbours (hunt-photos wild-photo-117): the split that shows is not
// the app's, and the two givens it leaves have no single solution, so
// every given stays one.
func TestLocalShadesNeedTheRules(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a suite's photo")
	}
	eachRender(t, []suiteRender{{"hunt-photos", true, 9502, synth.KindPhoto, 117}}, func(t *testing.T, spec synth.Spec) {
		if c := countMarksTold(t, spec, false); c.givensAsMarks > 0 {
			t.Errorf("of %d givens, %d taken for marks", c.givens, c.givensAsMarks)
		}
	})
}
