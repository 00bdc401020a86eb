package vision_test

import (
	"testing"

	"binocle/internal/synth"
)

// TestFewDoubtfulCluesBesideASureOne reads a clean 6×6 digit board whose
// three '=' are drawn two ways: one flat, sure to the net, and two turned
// ('‖' on the vertical lines), which the net gives 0.9. Two doubtful
// sites against one sure are no noise (clueread's noisyDoubtful), and
// all three must be read (hunt-clean wild-clean-128).
func TestFewDoubtfulCluesBesideASureOne(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' screenshots")
	}
	eachReadPerfectly(t, []suiteRender{
		{"hunt-clean", true, 9501, synth.KindClean, 128},
	})
}
