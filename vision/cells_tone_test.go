package vision

import (
	"testing"

	"binocle/internal/synth"
	"binocle/solver"
	"binocle/vision/internal/cellread"
)

// TestMiddleToneDigits checks that the grey at a rendered glyph's middle
// tells a 0 (paper there) from a 1 (its stroke), on the lattice and a
// fifth of a cell off it.
func TestMiddleToneDigits(t *testing.T) {
	for _, d := range [][2]float64{{0, 0}, {0.2, -0.15}} {
		ci, want := renderOffLattice(t, synth.StyleDigits, d[0], d[1])
		for i := 0; i < ci.Rows*ci.Cols; i++ {
			row, col := i/ci.Cols, i%ci.Cols
			w := want[row][col]
			if w == '.' {
				continue
			}
			g := ci.Glyph(row, col)
			tone := ci.MiddleTone(g, ci.GlyphDarkness(g))
			if (w == '0') != (tone < cellread.Tuned.Style.DigitTone) {
				t.Errorf("shift %v r%dc%d %c: middle tone %.2f on the wrong side of %.2f", d, row, col, w, tone, cellread.Tuned.Style.DigitTone)
			}
		}
	}
}

// TestDigitsLabelMiddleTone labels digits from features measured on
// photos: a 0 beside a shadow's edge, whose ring the mask lost on the
// shaded side (open, narrow, no hole), must stay a 0 because its middle
// is paper; a thin 1 whose flag widens its box keeps its label though the
// box's middle misses most of its stroke.
func TestDigitsLabelMiddleTone(t *testing.T) {
	cases := []struct {
		name string
		f    cellread.Features
		want solver.Cell
	}{
		{"0 cut open by a shadow", cellread.Features{Ink: 0.33, Centre: 0, Ends: 0.45, Flanks: 0.33, Fill: 0.28, Aspect: 0.55, Tone: 0}, solver.Zero},
		{"thin 1 with a wide flag", cellread.Features{Ink: 0.25, Centre: 0.25, Ends: 0.8, Flanks: 0.2, Fill: 0.35, Aspect: 0.5, Tone: 0.33}, solver.One},
		{"blurred narrow 0", cellread.Features{Ink: 0.3, Centre: 0.5, Ends: 0.9, Flanks: 0.8, Fill: 0.6, Aspect: 0.6, Hole: 0.07, Tone: 0.5}, solver.Zero},
		{"bold 1", cellread.Features{Ink: 0.2, Centre: 1, Ends: 1, Flanks: 0, Fill: 0.8, Aspect: 0.35, Tone: 1}, solver.One},
	}
	for _, c := range cases {
		if got, _ := cellread.Label(cellread.StyleDigits, c.f); got != c.want {
			t.Errorf("%s: %c, want %c", c.name, got.Char(), c.want.Char())
		}
	}
}
