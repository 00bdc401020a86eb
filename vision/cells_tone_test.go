package vision

import (
	"testing"

	"binocle/internal/synth"
	"binocle/solver"
)

// TestMiddleToneDigits checks that the grey at a rendered glyph's middle
// tells a 0 (paper there) from a 1 (its stroke), on the lattice and a
// fifth of a cell off it.
func TestMiddleToneDigits(t *testing.T) {
	for _, d := range [][2]float64{{0, 0}, {0.2, -0.15}} {
		ci, want := renderOffLattice(t, synth.StyleDigits, d[0], d[1])
		for i := 0; i < ci.rows*ci.cols; i++ {
			row, col := i/ci.cols, i%ci.cols
			w := want[row][col]
			if w == '.' {
				continue
			}
			g := ci.glyph(row, col)
			tone := ci.middleTone(g, ci.glyphDarkness(g))
			if (w == '0') != (tone < digitTone) {
				t.Errorf("shift %v r%dc%d %c: middle tone %.2f on the wrong side of %.2f", d, row, col, w, tone, digitTone)
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
		f    cellFeatures
		want solver.Cell
	}{
		{"0 cut open by a shadow", cellFeatures{ink: 0.33, centre: 0, ends: 0.45, flanks: 0.33, fill: 0.28, aspect: 0.55, tone: 0}, solver.Zero},
		{"thin 1 with a wide flag", cellFeatures{ink: 0.25, centre: 0.25, ends: 0.8, flanks: 0.2, fill: 0.35, aspect: 0.5, tone: 0.33}, solver.One},
		{"blurred narrow 0", cellFeatures{ink: 0.3, centre: 0.5, ends: 0.9, flanks: 0.8, fill: 0.6, aspect: 0.6, hole: 0.07, tone: 0.5}, solver.Zero},
		{"bold 1", cellFeatures{ink: 0.2, centre: 1, ends: 1, flanks: 0, fill: 0.8, aspect: 0.35, tone: 1}, solver.One},
	}
	for _, c := range cases {
		if got, _ := label(StyleDigits, c.f); got != c.want {
			t.Errorf("%s: %c, want %c", c.name, got.Char(), c.want.Char())
		}
	}
}
