package vision_test

import (
	"testing"

	"binocle/internal/synth"
)

// TestUniqueAtAnOddSizeClimbs reads a photo whose first rung found a
// tile board half a tile off, 7×6: its extra row blank, that reading has
// one solution, and was answered wrong and stated unique (study-photos
// wild-photo-041). A size no published puzzle has does not settle a
// reading: the rungs below look on, and the one that finds the 6×6 is
// taken. The board must be read perfectly.
func TestUniqueAtAnOddSizeClimbs(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' photos")
	}
	eachReadPerfectly(t, []suiteRender{
		{"study-photos", true, 9302, synth.KindPhoto, 41},
	})
}
