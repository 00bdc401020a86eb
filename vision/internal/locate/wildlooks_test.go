package locate

import (
	"image/color"
	"math/rand/v2"
	"testing"

	"binocle/internal/synth"
	"binocle/vision/internal/raster"
)

// TestWildLooks reads the size of rendered grids in two of the wild
// suites' looks the locator lost: a dark theme's grid with the row and
// column counts beside it (the line followers took the dark ground
// between the light counts for lines and grew the grid into them), and
// a grid whose border is drawn on two sides only, with no inner lines
// (its outline is an L, which the boxed rung could not take for a box).
func TestWildLooks(t *testing.T) {
	rgb := func(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }
	for _, tc := range []struct {
		name string
		fill float64 // share of the cells holding a glyph
		spec synth.Spec
	}{
		// wild-clean-029 and 079's looks.
		{"dark app, counts beside a 10x10 with no bottom border", 0.3, synth.Spec{Seed: 29, Style: synth.StyleDiscCircle, Look: synth.LookPartial,
			Rows: 10, Cols: 10, Width: 869, Height: 1892, Dark: true, Counters: true, Chrome: synth.ChromePhone,
			ClueScale: 0.97, ClueStroke: 0.018, ClueBadge: true, Paper: rgb(26, 32, 46), Ink: rgb(255, 228, 180),
			GlyphScale: 0.67, GlyphStroke: 0.052, EqBars: synth.EqTurned}},
		{"dark app, counts beside a 14x14 in a thick frame", 0.3, synth.Spec{Seed: 79, Style: synth.StyleDigits, Look: synth.LookPrint,
			Rows: 14, Cols: 14, Width: 839, Height: 1625, Dark: true, Counters: true, Chrome: synth.ChromePhone,
			ClueScale: 0.63, ClueStroke: 0.031, Paper: rgb(18, 23, 36), LineInk: rgb(54, 86, 84), BorderInk: rgb(54, 86, 84),
			ClueInk: rgb(180, 240, 200), OneInk: rgb(255, 110, 110), ZeroInk: rgb(120, 170, 255),
			GlyphScale: 1.06, GlyphStroke: 0.097, EqBars: synth.EqFlat}},
		// wild-clean-086 and 050's (without 050's counts: where they
		// stand against the arms' outer side, they join the L's outline).
		{"top and left border, no lines, italic digits", 0.3, synth.Spec{Seed: 86, Style: synth.StyleDigits, Look: synth.LookPrint,
			Rows: 10, Cols: 10, Width: 1874, Height: 1369, Chrome: synth.ChromeWeb, NoInnerLines: true, Border: "tl",
			ClueScale: 1.04, ClueStroke: 0.029, ClueBadge: true, ClueBare: true, GlyphScale: 1.32, GlyphStroke: 0.113,
			Font: 4, Italic: true, EqBars: synth.EqTurned}},
		{"top and left border on a dark page, discs", 0.45, synth.Spec{Seed: 50, Style: synth.StyleDiscCircle, Look: synth.LookLight,
			Rows: 29, Cols: 29, Width: 603, Height: 616, Dark: true, Chrome: synth.ChromeBare,
			NoInnerLines: true, Border: "tl", ClueScale: 0.82, ClueStroke: 0.026, ClueBadge: true, Paper: rgb(24, 16, 23),
			GlyphStroke: 0.034}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := tc.spec
			spec.Name, spec.Kind, spec.Source = tc.name, synth.KindClean, "random"
			rng := rand.New(rand.NewPCG(spec.Seed, 5))
			cells := make([]string, spec.Rows)
			for r := range cells {
				b := make([]byte, spec.Cols)
				for c := range b {
					b[c] = '.'
					if rng.Float64() < tc.fill {
						b[c] = "01"[rng.IntN(2)]
					}
				}
				cells[r] = string(b)
			}
			spec.Cells, spec.Givens = cells, cells
			raster.Trace = t.Logf
			defer func() { raster.Trace = nil }()
			wantFound(t, spec, spec.Rows, spec.Cols)
		})
	}
}
