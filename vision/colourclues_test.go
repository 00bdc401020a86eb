package vision_test

import (
	"testing"

	"binocle/internal/synth"
)

// TestCluesInTheirColour reads screenshots whose clues are drawn in a
// colour as bright as the tiles under them, so that in grey, which the
// site net sees, they are all but gone; they are read again in the colour
// of the few clues the net was sure of:
//   - hunt-clean wild-clean-076: purple clues on dark grey tiles, 2 of 19
//     read in grey, without which the board has no single solution;
//   - study-clean wild-clean-055: red clues, four of them on orange
//     tiles, lost in grey; the board has one solution without them, and
//     each agrees with it.
//
// Each must be read perfectly, as the app reads a file.
func TestCluesInTheirColour(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' screenshots")
	}
	eachReadPerfectly(t, []suiteRender{
		{"hunt-clean", true, 9501, synth.KindClean, 76},
		{"study-clean", true, 9301, synth.KindClean, 55},
	})
}
