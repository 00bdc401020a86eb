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
