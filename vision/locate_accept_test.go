package vision

import "testing"

// TestPopulousLattice checks the cell count that lets a faint grid's
// lattice pass for a grid with its lines too broken for gridLines, and
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
		f := latticeFit{rows: 20, cols: 20, cells: c.cells, residual: c.residual}
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
		f     latticeFit
		lines float64
		want  string
	}{
		{"lines seen", latticeFit{rows: 6, cols: 6, cells: 20, residual: 0.1}, 0.5, "lines"},
		{"few cells, lines everywhere", latticeFit{rows: 3, cols: 3, cells: 4, residual: 0.1}, 0.95, "lines"},
		{"tiles with hairline gaps", latticeFit{rows: 6, cols: 6, cells: 30, residual: 0.02}, 0.1, "dense"},
		{"faint grid in grain", latticeFit{rows: 12, cols: 12, cells: 80, residual: 0.05}, 0.2, "populous"},
		{"big grid, fine lines", latticeFit{rows: 30, cols: 30, cells: 200, residual: 0.03}, 0, "many"},
		{"text column", latticeFit{rows: 4, cols: 8, cells: 10, residual: 0.08}, 0.2, ""},
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
		s           share
		part, whole int
		want        bool
	}{
		{share{9, 10}, 9, 10, true},
		{share{9, 10}, 8, 10, false},
		{share{6, 10}, 6, 10, true},
		{share{3, 5}, 60, 100, true},
		{share{3, 5}, 59, 100, false},
		{share{1, 2}, 18, 36, true},
	} {
		if got := tc.s.of(tc.part, tc.whole); got != tc.want {
			t.Errorf("%d/%d of %d at %d: %v, want %v", tc.s.num, tc.s.den, tc.whole, tc.part, got, tc.want)
		}
	}
}
