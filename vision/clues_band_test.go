package vision_test

import (
	"testing"

	"binocle/internal/synth"
)

// TestFaintCluesBesideBrightGlyphs reads two clean app boards of dark
// tiles whose '=' and '×' are drawn in a grey barely off the tiles', next
// to bright discs. The site net's input is scaled by the ink in a band
// along the line (clueread's siteBandHalf); scaled by the whole patch, a
// disc reaching into it left the clue a tenth of the range and the net
// saw no clue (before: 12 of the 14×16 board's 22 clues missed, one of
// the 14×14's read as the other kind).
func TestFaintCluesBesideBrightGlyphs(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' screenshots")
	}
	eachReadPerfectly(t, []suiteRender{
		{"hunt-clean", true, 9501, synth.KindClean, 6},
		{"hunt-clean", true, 9501, synth.KindClean, 27},
	})
}
