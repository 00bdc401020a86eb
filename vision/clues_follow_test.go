package vision_test

import (
	"testing"

	"binocle/internal/synth"
)

// TestCluesFollowTheGlyphs reads photos whose clue sites, placed by one
// homography, lay off the clues, while every glyph still lay in its
// cell's window, so the cells were read right:
//   - hunt-photos wild-photo-019, a LinkedIn Tango board on a page that
//     bows, found by a lattice of faint lines too few to measure the
//     bend: twelve clues, none read;
//   - hunt-photos wild-photo-028, a 10×10 printed grid: a '×' by the
//     left edge missed;
//   - dev-photos wild-photo-038, a 6×6 printed grid: an '=' missed.
//
// The glyphs' middles measure the bend (cellread.GlyphCentres,
// rectify.FitBentMap) and the clue sites are cut along it; each board
// must be read perfectly.
func TestCluesFollowTheGlyphs(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' photos")
	}
	eachReadPerfectly(t, []suiteRender{
		{"hunt-photos", true, 9502, synth.KindPhoto, 19},
		{"hunt-photos", true, 9502, synth.KindPhoto, 28},
		{"dev-photos", true, 9202, synth.KindPhoto, 38},
	})
}
