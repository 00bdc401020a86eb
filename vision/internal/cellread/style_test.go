package cellread

import (
	"testing"

	"binocle/solver"
)

// Features as measured on a printed X/O/I photo whose rectification
// squeezed part of the grid: there the O's and X's are as narrow as a
// bar's fixed limit and as inked at their ends, yet still clearly wider
// than the grid's I's.
var (
	styleO         = Features{Ink: 0.95, Centre: 0, Ends: 0.95, Flanks: 0.85, Fill: 0.6, Aspect: 0.82, Hole: 0.17}
	styleX         = Features{Ink: 1.05, Centre: 1, Ends: 0.7, Flanks: 0, Fill: 0.64, Aspect: 0.82}
	styleSqueezedO = Features{Ink: 0.85, Centre: 0.25, Ends: 0.9, Flanks: 0.78, Fill: 0.63, Aspect: 0.6, Hole: 0.21}
	styleSqueezedX = Features{Ink: 0.8, Centre: 0.78, Ends: 0.93, Flanks: 0.4, Fill: 0.71, Aspect: 0.6}
	styleI         = Features{Ink: 0.63, Centre: 1, Ends: 0.98, Flanks: 0.17, Fill: 0.7, Aspect: 0.42}
)

func TestSqueezedGlyphsAreNotBars(t *testing.T) {
	var feats []Features
	for _, f := range []struct {
		f Features
		n int
	}{{styleO, 6}, {styleX, 8}, {styleSqueezedO, 8}, {styleSqueezedX, 3}, {styleI, 6}} {
		for k := 0; k < f.n; k++ {
			feats = append(feats, f.f)
		}
	}
	style := InkStyle(feats)
	if style != StyleXOI {
		t.Fatalf("style %s, want %s", style, StyleXOI)
	}
	wide := ringAspect(feats)
	for _, c := range []struct {
		name string
		f    Features
		want solver.Cell
	}{
		{"O", styleO, solver.Zero},
		{"X", styleX, solver.One},
		{"squeezed O", styleSqueezedO, solver.Zero},
		{"squeezed X", styleSqueezedX, solver.One},
		{"I", styleI, solver.Two},
	} {
		if got, conf := labelWith(style, c.f, wide); got != c.want {
			t.Errorf("%s read as %c (conf %.2f), want %c", c.name, got.Char(), conf, c.want.Char())
		}
	}
}

// TestStyleNeedsCommonCentredBars: an X/O grid is not taken for X/O/I
// because of a bar that is one glyph only, or because of narrow pieces
// sitting well off their cells' middles (a line's or a neighbour's).
func TestStyleNeedsCommonCentredBars(t *testing.T) {
	x := Features{Ink: 0.46, Centre: 0.93, Ends: 0.1, Flanks: 0, Fill: 0.49, Aspect: 0.87, off: 0.03}
	o := Features{Ink: 0.43, Centre: 0, Ends: 0.68, Flanks: 1, Fill: 0.48, Aspect: 0.78, Hole: 0.31, off: 0.05}
	bar := Features{Ink: 0.3, Centre: 1, Ends: 1, Flanks: 0.5, Fill: 0.75, Aspect: 0.35, off: 0.02}
	offBar := Features{Ink: 0.094, Centre: 1, Ends: 0.83, Flanks: 0.5, Fill: 0.78, Aspect: 0.42, off: 0.28}
	grid := func(extra ...Features) []Features {
		feats := []Features{x, x, x, o, o, o}
		return append(feats, extra...)
	}
	for _, c := range []struct {
		name  string
		feats []Features
		want  Style
	}{
		{"one bar", grid(bar), StyleXO},
		{"off-centre bars", grid(offBar, offBar), StyleXO},
		{"two centred bars", grid(bar, bar), StyleXOI},
	} {
		if got := InkStyle(c.feats); got != c.want {
			t.Errorf("%s: style %s, want %s", c.name, got, c.want)
		}
	}
}
