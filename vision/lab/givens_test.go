package lab

import (
	"slices"
	"testing"

	"binocle/internal/synth"
)

// The truth of which filled cells the player entered: the marks drawn
// over the page, and on a solved board whose givens are shaded, the cells
// off the shading; never a newspaper's solution printed in one ink.
func TestPlayerCells(t *testing.T) {
	givens := []string{"1..", "..0"}
	solved := []string{"101", "010"}
	for _, tc := range []struct {
		name string
		spec synth.Spec
		want []string
	}{
		{"untouched", synth.Spec{Style: synth.StyleDigits, Rows: 2, Cols: 3, Givens: givens, Cells: givens}, nil},
		{"pen marks", synth.Spec{Style: synth.StyleDigits, Rows: 2, Cols: 3, Givens: givens, Cells: givens,
			Marks: []string{".0.", "0.."}, MarkInk: synth.MarkPen}, []string{".x.", "x.."}},
		{"answer grid in one ink", synth.Spec{Style: synth.StyleDigits, Rows: 2, Cols: 3, Givens: givens, Cells: solved}, nil},
		{"solved Tango", synth.Spec{Style: synth.StyleTango, Rows: 2, Cols: 3, Givens: givens, Cells: solved}, []string{".xx", "xx."}},
		{"solved, givens shaded", synth.Spec{Style: synth.StyleXO, Rows: 2, Cols: 3, Givens: givens, Cells: solved, ShadeGivens: true}, []string{".xx", "xx."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := PlayerCells(tc.spec); !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
