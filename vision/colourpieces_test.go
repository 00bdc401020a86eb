package vision_test

import (
	"testing"

	"binocle/internal/synth"
)

// TestPiecesOnTilesWithOneCoolPiece reads study-photos wild-photo-055, a
// 5×4 board of coloured pieces on grey tiles whose givens hold one cool
// piece among three warm ones. The colour rules take coloured pieces on
// grey tiles for Tango; the net saw tiles' kinds alone (2.9 warm and 0.9
// cool cells, no sun or moon), but under a cell and a half of each, too
// little to overrule them, and every value was read swapped. Where the
// net gives the colour rules' style nothing at all, one piece of each
// colour now tells (cellread's otherColourStyle).
func TestPiecesOnTilesWithOneCoolPiece(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suite's photo")
	}
	eachReadPerfectly(t, []suiteRender{
		{"study-photos", true, 9302, synth.KindPhoto, 55},
	})
}
