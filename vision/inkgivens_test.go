package vision_test

import (
	"testing"

	"binocle/internal/synth"
)

// TestPenBesideTwoColourPrint reads screenshots whose app prints each
// symbol in its own colour while the player's entries of both symbols
// are one more ink, where one cut of all the inks parted one print
// colour from the other and the entries together (study renders,
// wild-clean at seed 9832, and wild-clean's own):
//   - 023, 6×6 digits: teal 0s, orange 1s, a blue pen; the six orange 1s
//     were taken for the player's and the 19 entries for print;
//   - 008, 12×12: orange discs, teal rings, the app's grey entries (30
//     print cells taken for the player's, 28 entries for print);
//   - 134, 30×30: black discs, thin blue-teal rings, a blue pen of the
//     rings' hue, bolder (184 print cells taken for the player's);
//   - wild-clean-122, 16×12 X/O: orange Xs, teal Os, a grey pencil (44
//     and 29).
//
// Every filled cell must now be labelled right.
func TestPenBesideTwoColourPrint(t *testing.T) {
	if testing.Short() {
		t.Skip("renders study screenshots")
	}
	eachMarksTold(t, []suiteRender{
		{"wild-clean@9832", true, 9832, synth.KindClean, 23},
		{"wild-clean@9832", true, 9832, synth.KindClean, 8},
		{"wild-clean@9832", true, 9832, synth.KindClean, 134},
		{"wild-clean", true, 9001, synth.KindClean, 122},
	}, 0)
}

// TestGlyphLooksAreNotMarks reads an untouched published board where the
// ink tests split the print by its look: a thin 'I' that anti-aliasing
// left fainter in 6 of a Troix board's 29 cells (wild-clean@9831 060).
// The givens the split left have several solutions where the board as
// read has one, so the rules turn it down and every given stays one.
func TestGlyphLooksAreNotMarks(t *testing.T) {
	if testing.Short() {
		t.Skip("renders study screenshots")
	}
	eachRender(t, []suiteRender{
		{"wild-clean@9831", true, 9831, synth.KindClean, 60},
	}, func(t *testing.T, spec synth.Spec) {
		if c := countMarksTold(t, spec, false); c.givensAsMarks > 0 {
			t.Errorf("of %d givens, %d taken for marks", c.givens, c.givensAsMarks)
		}
	})
}

// TestInkCutGivenBackAtItsEdge reads a screenshot printing black squares
// and thin blue rings, with a bold blue pen (wild-clean@9832 035): the cut
// of the rings' inks puts three thin print rings among the 58 entries,
// and the givens left have several solutions. The fewest of the least
// pen-like cells given back to the print restore the one solution; at
// most maxEdgeMislabelled cells may stay wrong (15 print cells were taken
// for the player's before the rules checked the cut, and all 58 entries
// for print when a turned-down cut left every cell a given).
func TestInkCutGivenBackAtItsEdge(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a study screenshot")
	}
	eachMarksTold(t, []suiteRender{{"wild-clean@9832", true, 9832, synth.KindClean, 35}}, maxEdgeMislabelled)
}

// maxEdgeMislabelled is how many filled cells TestInkCutGivenBackAtItsEdge
// lets stay wrong: the rules stop giving back as soon as the givens have
// one solution, which a published puzzle's redundant givens reach with a
// print cell or two still taken for the player's.
const maxEdgeMislabelled = 1

// TestOnePrintAtTwoSaturations reads a photo printing olive squares and
// olive rings that the blur left paler, with a blue pen (marks-photos
// wild-photo-014): the print is one ink at two saturations, not one
// colour a symbol, so the pen is told by the whole board's cut and the
// marks model as before; taken for three inks, 16 of its entries were
// read as print and the grid's first reading turned down.
func TestOnePrintAtTwoSaturations(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a suite's photo")
	}
	eachMarksTold(t, []suiteRender{{"marks-photos", true, 9702, synth.KindPhoto, 14}}, 0)
}

// TestMissedClueKeepsTheSplit reads a Tango photo half played whose
// shaded givens the shade test tells right (study-photos
// wild-photo-131): with a clue the reader missed, the givens have
// several solutions where the filled cells have one, which a wrong split
// shows too. On a board with clues the split then stands; turned down,
// all 17 entries were taken for print.
func TestMissedClueKeepsTheSplit(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a suite's photo")
	}
	eachMarksTold(t, []suiteRender{{"study-photos", true, 9302, synth.KindPhoto, 131}}, 0)
}

// eachMarksTold reads each render, a board with the player's marks, and
// fails where more than maxWrong of its filled cells are labelled wrong
// (givens taken for marks or marks for givens).
func eachMarksTold(t *testing.T, renders []suiteRender, maxWrong int) {
	t.Helper()
	eachRender(t, renders, func(t *testing.T, spec synth.Spec) {
		c := countMarksTold(t, spec, true)
		if c.marksAsGivens+c.givensAsMarks > maxWrong {
			t.Errorf("of %d marks, %d taken for givens; of %d givens, %d taken for marks", c.marks, c.marksAsGivens, c.givens, c.givensAsMarks)
		}
	})
}
