package vision_test

import (
	"testing"

	"binocle/internal/synth"
)

// TestGridReachesItsBorderLine reads photos of grids printed without
// inner lines, with a border on two sides only, whose glyphs in the strip
// along that border the locator lost (they join the line once blurred):
//   - wild-photos wild-photo-073, 24×30 with its top and left border:
//     the closed cells' lattice stopped a row and a column short;
//   - study-photos wild-photo-115, 30×40: the glyphs' lattice stopped a
//     row short of the top border.
//
// Both are random fills, so the rules could not take the grid a row
// larger; each must be read at its size, and perfectly.
func TestGridReachesItsBorderLine(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' photos")
	}
	eachReadPerfectly(t, []suiteRender{
		{"wild-photos", true, 9002, synth.KindPhoto, 73},
		{"study-photos", true, 9302, synth.KindPhoto, 115},
	})
}
