package vision

import (
	"testing"

	"binocle/internal/synth"
	"binocle/solver"
)

// A dark Tango board whose only clues lie on the lines between rows 0 and
// 1 and rows 2 and 3: the lattice saw those lines broken by the clues'
// badges and took each pair of rows for one, 3x6 with cells twice as
// tall as wide. Cells are square, and the count that makes them so is
// read instead.
func TestCellsAreSquare(t *testing.T) {
	x := func(r1, c1, r2, c2 int) solver.Edge {
		return solver.Edge{R1: r1, C1: c1, R2: r2, C2: c2, Rel: solver.Differ}
	}
	e := func(r1, c1, r2, c2 int) solver.Edge {
		return solver.Edge{R1: r1, C1: c1, R2: r2, C2: c2, Rel: solver.Equal}
	}
	cells := []string{"......", "......", "......", "......", ".1..0.", "1.01.1"}
	// The dev suite's wild-clean-138.
	spec := synth.Spec{Name: "wild-clean-138-tango-app-6x6", Seed: 0x59dbfa5fea9196eb, Kind: synth.KindClean, Style: synth.StyleTango, Look: synth.LookApp,
		Source: "tango-061", Rows: 6, Cols: 6, Cells: cells, Givens: cells,
		Edges: []solver.Edge{x(0, 0, 1, 0), e(0, 1, 1, 1), x(0, 2, 1, 2), e(0, 3, 1, 3), e(0, 4, 1, 4), e(0, 5, 1, 5),
			e(2, 0, 3, 0), e(2, 2, 3, 2), x(2, 3, 3, 3), e(2, 5, 3, 5)},
		Width: 886, Height: 926, ClueScale: 1.0566609111904675, ClueStroke: 0.021282016999146624, ClueBadge: true, Dark: true,
		BorderWidth: 0.08380590199920251, Shape: synth.ShapeSparkle, EqBars: synth.EqTurned, Chrome: synth.ChromeBare}
	wantReading(t, spec, StyleTango, cells)
}
