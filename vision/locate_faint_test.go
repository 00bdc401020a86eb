package vision_test

import (
	"testing"

	"binocle/internal/synth"
)

// TestFaintBoxesAndBlurredTiles reads photos where no grid was found,
// and one a faint box must not take:
//   - dev-photos wild-photo-003, a 10×10 X/O grid drawn as a light grey
//     box on a dim page: its hairline, 13 levels under the paper and
//     fewer in the located copy, is seen only by the faint lines'
//     outline (locate's faintBoxedRung, the last-resort ladder's last
//     rung);
//   - wild-photos wild-photo-036, a 6×6 grid of discs and circles in
//     such a box;
//   - hunt-photos wild-photo-111, a blurred 10×10 tile board, every tile
//     coloured: neighbours of one colour merged into pairs whose lattice
//     bounds no board; the single tiles' family now gives the lattice,
//     and the merged tiles, coloured though no spot, show the board is
//     all tiles (locate's AppBoard);
//   - seed 7 photo-036, a 30×40 grid of discs with no lines, which the
//     bare rung reads: asked before it, the faint lines' outlines took a
//     column of text for an 8×7 box;
//   - marks-photos wild-photo-128, a 35×23 digits grid the full decode's
//     fine rung reads: asked in the reduced decode's ladder, the faint
//     lines' outlines took a 9×9 box first.
func TestFaintBoxesAndBlurredTiles(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' photos")
	}
	eachReadPerfectly(t, []suiteRender{
		{"dev-photos", true, 9202, synth.KindPhoto, 3},
		{"wild-photos", true, 9002, synth.KindPhoto, 36},
		{"hunt-photos", true, 9502, synth.KindPhoto, 111},
		{"seed7", false, 7, synth.KindPhoto, 36},
		{"marks-photos", true, 9702, synth.KindPhoto, 128},
	})
}
