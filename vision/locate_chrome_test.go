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

// A Tango board photographed on a newspaper page, its lattice found
// whole though its lines are faint. The search for the board's dark frame
// went out past the board's top edge, which has no frame line, to the
// lines of print above it, where the median across a line is dark too:
// the board grew rows of text. The frame is dark nearly all along.
func TestPrintAboveBoardIsNoFrame(t *testing.T) {
	x := func(r1, c1, r2, c2 int) solver.Edge {
		return solver.Edge{R1: r1, C1: c1, R2: r2, C2: c2, Rel: solver.Differ}
	}
	e := func(r1, c1, r2, c2 int) solver.Edge {
		return solver.Edge{R1: r1, C1: c1, R2: r2, C2: c2, Rel: solver.Equal}
	}
	for _, tc := range []struct {
		name  string
		spec  synth.Spec
		cells []string
	}{
		// The dev suite's wild-photo-040 (read 8x6), its border on three
		// sides, at a third of its size.
		{"border on three sides", synth.Spec{Name: "tango-page", Seed: 0xa0d17def14a291e5, Kind: synth.KindPhoto, Style: synth.StyleTango, Look: synth.LookApp,
			Rows: 6, Cols: 6, Cells: []string{"101001", "010011", "100110", "101100", "011001", "010110"},
			Givens: []string{"...00.", "....1.", "....1.", ".0....", ".1....", ".10..."},
			Edges:  []solver.Edge{x(0, 1, 0, 2), x(2, 2, 2, 3), e(3, 2, 3, 3), e(5, 3, 5, 4), x(1, 1, 2, 1), e(3, 4, 4, 4)},
			Width:  3000, Height: 4000, Fill: 0.4528, Tilt: 25.66, Rotate: -15.18, Bend: 0.238, Orientation: 1,
			ClueScale: 0.534, ClueStroke: 0.0229, ClueBadge: true, Paper: color.RGBA{0xe9, 0xe4, 0xc7, 0xff}, Ink: color.RGBA{0x12, 0x54, 0x2e, 0xff},
			LineWidth: 0.0224, Border: "rbl", EqBars: synth.EqTurned}, []string{"101001", "010011", "100110", "101100", "011001", "010110"}},
		// The dev suite's wild-photo-131 (read 9x8): no border at all.
		{"no border", synth.Spec{Name: "wild-photo-131-tango-app-6x6", Seed: 0xd68d6d7138971305, Source: "tango-491", Kind: synth.KindPhoto, Style: synth.StyleTango, Look: synth.LookApp,
			Rows: 6, Cols: 6, Cells: []string{"......", "......", "......", ".10...", ".0.1..", ".1..1."},
			Givens: []string{"......", "......", "......", ".10...", ".0.1..", ".1..1."},
			Edges:  []solver.Edge{x(0, 1, 0, 2), e(2, 1, 2, 2), x(0, 2, 0, 3), x(2, 2, 2, 3), x(0, 3, 0, 4), e(2, 3, 2, 4), x(0, 1, 1, 1), e(0, 4, 1, 4), e(1, 1, 2, 1), x(1, 4, 2, 4)},
			Width:  768, Height: 1024, Fill: 0.5965495697586958, Tilt: 7.998223109620611, Rotate: -16.77115701167192, Orientation: 1,
			ClueScale: 1.084227018573577, ClueStroke: 0.044243277167813205, ClueBadge: true, Paper: color.RGBA{0xd7, 0xd8, 0xe0, 0xff}, ClueInk: color.RGBA{0x1c, 0x9e, 0x80, 0xff},
			BorderWidth: 0.036153024941715184, Border: "none", ClueBare: true}, []string{"......", "......", "......", ".10...", ".0.1..", ".1..1."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantReading(t, tc.spec, StyleTango, tc.cells)
		})
	}
}
