package cellread

import (
	"testing"

	"binocle/solver"
)

// TestBarCutSqueezedXs labels an X/O/I grid whose O's show no hole and
// whose X's are squeezed nearly as narrow as its I's (the features of a
// blurred 12x12 photographed under steep perspective): the X's are the
// wider of two clear widths and must not be read as I's, while a grid
// whose bars are all of one width keeps them all I's.
func TestBarCutSqueezedXs(t *testing.T) {
	bar := func(aspect float64) Features {
		return Features{Ink: 0.6, Centre: 1, Ends: 0.95, Flanks: 0.5, Fill: 0.83, Aspect: aspect}
	}
	cross := func(aspect float64) Features {
		return Features{Ink: 0.85, Centre: 1, Ends: 0.95, Flanks: 0.45, Fill: 0.84, Aspect: aspect}
	}
	ring := Features{Ink: 1.05, Centre: 1, Ends: 0.95, Flanks: 0.95, Fill: 0.75, Aspect: 0.8}
	for _, tc := range []struct {
		name  string
		feats []Features
		want  []solver.Cell
	}{
		{"two widths", []Features{bar(0.38), bar(0.40), bar(0.42), bar(0.45), cross(0.54), cross(0.56), cross(0.58), ring, ring},
			[]solver.Cell{solver.Two, solver.Two, solver.Two, solver.Two, solver.One, solver.One, solver.One, solver.Zero, solver.Zero}},
		{"one width", []Features{bar(0.36), bar(0.38), bar(0.40), bar(0.42), bar(0.44), bar(0.46), ring, ring},
			[]solver.Cell{solver.Two, solver.Two, solver.Two, solver.Two, solver.Two, solver.Two, solver.Zero, solver.Zero}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cells, _ := labelFeatures(StyleXOI, tc.feats)
			for i, want := range tc.want {
				if cells[i] != want {
					t.Errorf("cell %d (aspect %.2f): read %v, want %v", i, tc.feats[i].Aspect, cells[i], want)
				}
			}
		})
	}
}
