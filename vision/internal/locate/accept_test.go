package locate

import (
	"testing"

	"binocle/vision/internal/raster"
)

// TestPopulousLattice checks the cell count that lets a faint grid's
// lattice pass for a grid with its lines too broken for Evidence.Support, and
// that text's chance lattices (a few dozen cells at most) do not.
func TestPopulousLattice(t *testing.T) {
	cases := []struct {
		name     string
		cells    int
		residual float64
		lines    float64
		want     bool
	}{
		{"faint 11x13 grid in grain", 75, 0.051, 0.28, true},
		{"faint 24x24 grid, a third of its cells closed", 177, 0.022, 0.19, true},
		{"largest text lattice seen", 34, 0.051, 0.2, false},
		{"many cells but no line at all", 63, 0.027, 0.0, false},
		{"many cells, loosely placed", 80, 0.09, 0.25, false},
	}
	for _, c := range cases {
		f := LatticeFit{Rows: 20, Cols: 20, Cells: c.cells, Residual: c.residual}
		if got := f.populous(c.lines); got != c.want {
			t.Errorf("%s: populous = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestGridRule checks that each rule by which a lattice passes for a grid
// is named, in the order firstGrid tries them, and that a lattice text
// could have formed passes none.
func TestGridRule(t *testing.T) {
	for _, tc := range []struct {
		name  string
		f     LatticeFit
		lines float64
		want  string
	}{
		{"lines seen", LatticeFit{Rows: 6, Cols: 6, Cells: 20, Residual: 0.1}, 0.5, "lines"},
		{"few cells, lines everywhere", LatticeFit{Rows: 3, Cols: 3, Cells: 4, Residual: 0.1}, 0.95, "lines"},
		{"tiles with hairline gaps", LatticeFit{Rows: 6, Cols: 6, Cells: 30, Residual: 0.02}, 0.1, "dense"},
		{"faint grid in grain", LatticeFit{Rows: 12, Cols: 12, Cells: 80, Residual: 0.05}, 0.2, "populous"},
		{"big grid, fine lines", LatticeFit{Rows: 30, Cols: 30, Cells: 200, Residual: 0.03}, 0, "many"},
		{"text column", LatticeFit{Rows: 4, Cols: 8, Cells: 10, Residual: 0.08}, 0.2, ""},
	} {
		if got := gridRule(tc.f, tc.lines); got != tc.want {
			t.Errorf("%s: rule %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestShareOf checks that a share compares exactly, as the integer ratios
// the acceptance rules were tuned with did: 9 of 10 cells is nine tenths.
func TestShareOf(t *testing.T) {
	for _, tc := range []struct {
		s           raster.Share
		part, whole int
		want        bool
	}{
		{raster.Share{Num: 9, Den: 10}, 9, 10, true},
		{raster.Share{Num: 9, Den: 10}, 8, 10, false},
		{raster.Share{Num: 6, Den: 10}, 6, 10, true},
		{raster.Share{Num: 3, Den: 5}, 60, 100, true},
		{raster.Share{Num: 3, Den: 5}, 59, 100, false},
		{raster.Share{Num: 1, Den: 2}, 18, 36, true},
	} {
		if got := tc.s.Of(tc.part, tc.whole); got != tc.want {
			t.Errorf("%d/%d of %d at %d: %v, want %v", tc.s.Num, tc.s.Den, tc.whole, tc.part, got, tc.want)
		}
	}
}
