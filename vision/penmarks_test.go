package vision_test

import (
	"testing"

	"binocle/internal/synth"
)

// TestPenMarksOnScatteredPrint reads photos whose player's pen and print
// the colour test cuts apart only along the line between their inks, the
// groups widened across it by the photo (doubtful splits), and which the
// marks model is asked to confirm:
//   - marks-photos wild-photo-000: a 24×24 board, 10-pixel cells, blue
//     pen beside black print; the model agrees with the cut, which
//     stands: every filled cell labelled right (184 pen marks were read
//     as print when the cut needed the groups apart for their radius);
//   - hunt-photos wild-photo-044: a 16×12 board whose red pen the cut
//     splits into its strong and its faint strokes; the model disagrees
//     and its own split stands, with the two misses it had before;
//   - marks-photos wild-photo-030: a 16×20 digits board in blue pen,
//     a few of its thin strokes fringed red and green: cut from the
//     rest alone where Lloyd's iterations started only from the two
//     furthest inks (76 of its 77 pen marks read as print), the pen now
//     stands apart from the print, with the fringed strokes (9) left;
//   - study-clean wild-clean-084: a 40×30 screenshot with grey print, of
//     no spread, and 503 pencil marks whose strength varies: the tighter
//     cut, print against pencil, is too thick along the line for its
//     gap, and the other start's cut, the faintest pencil from the rest,
//     is taken (246 marks told; with no cut taken, none would be).
func TestPenMarksOnScatteredPrint(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' photos")
	}
	for _, tc := range []struct {
		render   suiteRender
		mostMiss int
	}{
		{suiteRender{"marks-photos", true, 9702, synth.KindPhoto, 0}, 0},
		{suiteRender{"hunt-photos", true, 9502, synth.KindPhoto, 44}, 2},
		{suiteRender{"marks-photos", true, 9702, synth.KindPhoto, 30}, 9},
		{suiteRender{"study-clean", true, 9301, synth.KindClean, 84}, 257},
	} {
		eachRender(t, []suiteRender{tc.render}, func(t *testing.T, spec synth.Spec) {
			c := countMarksTold(t, spec, true)
			if missed := c.marksAsGivens + c.givensAsMarks; missed > tc.mostMiss {
				t.Errorf("of %d marks, %d taken for givens; of %d givens, %d taken for marks; want at most %d wrong", c.marks, c.marksAsGivens, c.givens, c.givensAsMarks, tc.mostMiss)
			}
		})
	}
}
