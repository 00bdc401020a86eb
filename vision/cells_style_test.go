package vision

import (
	"testing"

	"binocle/solver"
)

// Features as measured on a printed X/O/I photo whose rectification
// squeezed part of the grid: there the O's and X's are as narrow as a
// bar's fixed limit and as inked at their ends, yet still clearly wider
// than the grid's I's.
var (
	styleO         = cellFeatures{ink: 0.95, centre: 0, ends: 0.95, flanks: 0.85, fill: 0.6, aspect: 0.82, hole: 0.17}
	styleX         = cellFeatures{ink: 1.05, centre: 1, ends: 0.7, flanks: 0, fill: 0.64, aspect: 0.82}
	styleSqueezedO = cellFeatures{ink: 0.85, centre: 0.25, ends: 0.9, flanks: 0.78, fill: 0.63, aspect: 0.6, hole: 0.21}
	styleSqueezedX = cellFeatures{ink: 0.8, centre: 0.78, ends: 0.93, flanks: 0.4, fill: 0.71, aspect: 0.6}
	styleI         = cellFeatures{ink: 0.63, centre: 1, ends: 0.98, flanks: 0.17, fill: 0.7, aspect: 0.42}
)

func TestSqueezedGlyphsAreNotBars(t *testing.T) {
	var feats []cellFeatures
	for _, f := range []struct {
		f cellFeatures
		n int
	}{{styleO, 6}, {styleX, 8}, {styleSqueezedO, 8}, {styleSqueezedX, 3}, {styleI, 6}} {
		for k := 0; k < f.n; k++ {
			feats = append(feats, f.f)
		}
	}
	style := inkStyle(feats)
	if style != StyleXOI {
		t.Fatalf("style %s, want %s", style, StyleXOI)
	}
	wide := ringAspect(feats)
	for _, c := range []struct {
		name string
		f    cellFeatures
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
	x := cellFeatures{ink: 0.46, centre: 0.93, ends: 0.1, flanks: 0, fill: 0.49, aspect: 0.87, off: 0.03}
	o := cellFeatures{ink: 0.43, centre: 0, ends: 0.68, flanks: 1, fill: 0.48, aspect: 0.78, hole: 0.31, off: 0.05}
	bar := cellFeatures{ink: 0.3, centre: 1, ends: 1, flanks: 0.5, fill: 0.75, aspect: 0.35, off: 0.02}
	offBar := cellFeatures{ink: 0.094, centre: 1, ends: 0.83, flanks: 0.5, fill: 0.78, aspect: 0.42, off: 0.28}
	grid := func(extra ...cellFeatures) []cellFeatures {
		feats := []cellFeatures{x, x, x, o, o, o}
		return append(feats, extra...)
	}
	for _, c := range []struct {
		name  string
		feats []cellFeatures
		want  Style
	}{
		{"one bar", grid(bar), StyleXO},
		{"off-centre bars", grid(offBar, offBar), StyleXO},
		{"two centred bars", grid(bar, bar), StyleXOI},
	} {
		if got := inkStyle(c.feats); got != c.want {
			t.Errorf("%s: style %s, want %s", c.name, got, c.want)
		}
	}
}
