package vision

import (
	"testing"

	"binocle/solver"
	"binocle/vision/internal/cellread"
)

// TestReadingRules checks the rules each glyph style names: Troix's
// letters are Troix's, Tango stays 3-in-a-Row, the rest may be widened.
func TestReadingRules(t *testing.T) {
	for _, tc := range []struct {
		style cellread.Style
		rules solver.Rules
		auto  bool
	}{
		{cellread.StyleXOI, solver.Troix, true},
		{cellread.StyleTango, solver.ThreeInARow, false},
		{cellread.StyleXO, solver.ThreeInARow, true},
		{cellread.StyleSquareCircle, solver.ThreeInARow, true},
		{cellread.StyleDigits, solver.ThreeInARow, true},
		{cellread.StyleDiscCircle, solver.ThreeInARow, true},
		{cellread.StyleTiles, solver.ThreeInARow, true},
	} {
		r := &Reading{Style: tc.style}
		if rules, auto := r.Rules(); rules != tc.rules || auto != tc.auto {
			t.Errorf("%s: rules %v auto %v, want %v %v", tc.style, rules, auto, tc.rules, tc.auto)
		}
	}
}
