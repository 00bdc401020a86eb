package vision

import (
	"testing"

	"binocle/solver"
)

// TestReadingRules checks the rules each glyph style names: Troix's
// letters are Troix's, Tango stays 3-in-a-Row, the rest may be widened.
func TestReadingRules(t *testing.T) {
	for _, tc := range []struct {
		style Style
		rules solver.Rules
		auto  bool
	}{
		{StyleXOI, solver.Troix, true},
		{StyleTango, solver.ThreeInARow, false},
		{StyleXO, solver.ThreeInARow, true},
		{StyleSquareCircle, solver.ThreeInARow, true},
		{StyleDigits, solver.ThreeInARow, true},
		{StyleDiscCircle, solver.ThreeInARow, true},
		{StyleTiles, solver.ThreeInARow, true},
	} {
		r := &Reading{Style: tc.style}
		if rules, auto := r.Rules(); rules != tc.rules || auto != tc.auto {
			t.Errorf("%s: rules %v auto %v, want %v %v", tc.style, rules, auto, tc.rules, tc.auto)
		}
	}
}
