package vision_test

import (
	"testing"

	"binocle/internal/synth"
	"binocle/vision"
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
	lib := synthLibrary(t)
	for _, tc := range []struct {
		suite string
		seed  uint64
		index int
	}{
		{"hunt-photos", 9502, 89},
		{"dev-photos", 9202, 75},
	} {
		spec, err := lib.SpecAt(true, tc.seed, synth.KindPhoto, tc.index)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(tc.suite+"/"+spec.Name, func(t *testing.T) { wantPerfect(t, spec, vision.ReadBytes) })
	}
}
