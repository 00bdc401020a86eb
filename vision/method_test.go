package vision

import (
	"testing"

	"binocle/internal/synth"
)

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

// TestReadingSaysMethod reads a clean printed grid: the reading names the
// closed-cell lattice and carries the evidence it was accepted on.
func TestReadingSaysMethod(t *testing.T) {
	d := cleanShot(t, synth.StyleDigits, synth.LookPrint, largeGivens(8, 8), 5)
	defer d.mat.Close()
	r, err := Read(d.mat)
	if err != nil {
		t.Fatal(err)
	}
	ev := r.Evidence
	if r.Method != MethodLattice || ev.ClosedCells == 0 || ev.ClosedCells > 64 || ev.LineSupport <= 0 || ev.LineSupport > 1 || ev.Residual < 0 || ev.Accepted == "" {
		t.Errorf("method %q evidence %+v, want a lattice with its closed cells, line support, residual and rule", r.Method, ev)
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
