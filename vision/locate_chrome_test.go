package vision

import (
	"image/color"
	"testing"

	"binocle/internal/synth"
	"binocle/solver"
)

// A phone app's round coloured buttons under a Tango board line up with
// its columns. The board of coloured cells then reaches down to them,
// but the lattice of closed cells, with lines along every segment, is
// the whole board: the buttons are not four more rows.
func TestAppButtonsAreNotCells(t *testing.T) {
	cells := []string{"...001", ".....0", ".....1", "0.....", "1.....", "110..."}
	x := func(r1, c1, r2, c2 int) solver.Edge {
		return solver.Edge{R1: r1, C1: c1, R2: r2, C2: c2, Rel: solver.Differ}
	}
	// The dev suite's wild-clean-019.
	spec := synth.Spec{Name: "tango-buttons", Seed: 16067561754990044471, Kind: synth.KindClean, Style: synth.StyleTango, Look: synth.LookApp,
		Rows: 6, Cols: 6, Cells: cells, Givens: cells, Edges: []solver.Edge{x(0, 0, 1, 0), x(1, 0, 2, 0), x(3, 5, 4, 5), x(4, 5, 5, 5)},
		Width: 943, Height: 1936, ClueScale: 0.84, ClueStroke: 0.049, ClueInk: color.RGBA{250, 250, 250, 255},
		CluePatch: color.RGBA{15, 101, 200, 255}, LineWidth: 0.022, Shape: synth.ShapeDiscs, EqBars: synth.EqTurned, Chrome: synth.ChromePhone}
	wantReading(t, spec, StyleTango, cells)
}
