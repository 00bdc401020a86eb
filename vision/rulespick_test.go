package vision_test

import (
	"testing"

	"binocle/internal/synth"
)

// TestRulesPickTheRung reads photos whose first rung found a grid that
// is not the puzzle's, or not all of it, and whose reading there had no
// single solution; a rung further down the ladder found the puzzle,
// read at a published size with exactly one solution:
//   - hunt-photos wild-photo-039: the small answer grid printed on the
//     page, its lines the clearest, taken for the 6×6 Troix puzzle;
//   - wild-photos wild-photo-075: a Tango board read 8×6 with the page
//     around it;
//   - wild-photos wild-photo-090: a tile board read 12×13 for 14×14.
//
// Each must be read perfectly, as the app reads a file.
func TestRulesPickTheRung(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' photos")
	}
	eachReadPerfectly(t, []suiteRender{
		{"hunt-photos", true, 9502, synth.KindPhoto, 39},
		{"wild-photos", true, 9002, synth.KindPhoto, 75},
		{"wild-photos", true, 9002, synth.KindPhoto, 90},
	})
}

// TestBigGridOverItsPiece reads a photo whose first rung found an 11×7
// lattice closed by the glyphs of a 31×31 lineless grid, with no single
// solution, where a rung further down found the whole grid (study-photos
// wild-photo-036). A grid of over 16×16 found further down was never
// read for the rules, so the piece stood; it is read where the piece
// lies within it with cells of its size (pieceOf). It must be read
// perfectly, as the app reads a file.
func TestBigGridOverItsPiece(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suite's photos")
	}
	eachReadPerfectly(t, []suiteRender{
		{"study-photos", true, 9302, synth.KindPhoto, 36},
	})
}

// TestRulesPickTheDecode reads photos whose reduced decode gave a grid a
// line off, with no single solution, where the full decode shows the
// line the reduced one blurred and reads the grid at its size with one
// solution: study-photos wild-photo-050 (16×12 read 17×12) and -107
// (14×14 read 14×11). Each must be read perfectly, as the app reads a
// file.
func TestRulesPickTheDecode(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suite's photos")
	}
	eachReadPerfectly(t, []suiteRender{
		{"study-photos", true, 9302, synth.KindPhoto, 50},
		{"study-photos", true, 9302, synth.KindPhoto, 107},
	})
}

// TestSparseBoardsByRules reads screenshots of sparse boards drawn with
// no line, border or tile, whose glyphs reach every row and column: a
// 10×10 X/O board on a dark web page (hunt-clean wild-clean-094), an
// 8×8 digits board on a light one (study-clean wild-clean-030), and a
// dark-theme Tango board, its empty cells the page's colour, its light
// pieces found in the inverted copy (study-clean wild-clean-075). No
// rung that needs a line, a border or a dense box finds them; the
// sparse rungs' lattice on a dozen glyphs does, and it stands because
// its reading has a published size and exactly one solution. Each must be
// read perfectly, as the app reads a file. A page of text, whose chance
// lattices the sparse rung finds too, is TestNoInventedGrids'.
func TestSparseBoardsByRules(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' screenshots")
	}
	eachReadPerfectly(t, []suiteRender{
		{"hunt-clean", true, 9501, synth.KindClean, 94},
		{"study-clean", true, 9301, synth.KindClean, 30},
		{"study-clean", true, 9301, synth.KindClean, 75},
	})
}

// TestLooseLatticesByRules reads two photos whose grid lines all but
// vanished: light blue lines under blur and a steep tilt (hunt-photos
// wild-photo-106, 6×6), and a print grid on a curved page
// (wild-photos wild-photo-098, 10×10). Each closes under half its
// cells, on a lattice looser than any other rung takes; the
// loose-lattice rungs offer it, and the reader takes it because its
// reading has a published size and exactly one solution. Both were
// missed before.
func TestLooseLatticesByRules(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' photos")
	}
	eachReadPerfectly(t, []suiteRender{
		{"hunt-photos", true, 9502, synth.KindPhoto, 106},
		{"wild-photos", true, 9002, synth.KindPhoto, 98},
	})
}
