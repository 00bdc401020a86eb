package vision_test

import (
	"testing"

	"binocle/internal/synth"
)

// TestTangoUnderWarmLight reads Tango boards photographed under warm
// light, whose pale blue moons, thin crescents on grey and white tiles,
// lost so much of their blue to the cream cast that too few of their
// pixels were coloured for a glyph, and were read as blanks (hunt-photos
// wild-photo-089, 16 moons; dev-photos wild-photo-075, 5). The grid's
// light unsaturated pixels now set its white balance first. Each must be
// read perfectly, as ReadFile reads a photo: reduced first.
func TestTangoUnderWarmLight(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' photos")
	}
	eachReadPerfectly(t, []suiteRender{
		{"hunt-photos", true, 9502, synth.KindPhoto, 89},
		{"dev-photos", true, 9202, synth.KindPhoto, 75},
	})
}
