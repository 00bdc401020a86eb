package vision

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
	bar := func(aspect float64) cellFeatures {
		return cellFeatures{ink: 0.6, centre: 1, ends: 0.95, flanks: 0.5, fill: 0.83, aspect: aspect}
	}
	cross := func(aspect float64) cellFeatures {
		return cellFeatures{ink: 0.85, centre: 1, ends: 0.95, flanks: 0.45, fill: 0.84, aspect: aspect}
	}
	ring := cellFeatures{ink: 1.05, centre: 1, ends: 0.95, flanks: 0.95, fill: 0.75, aspect: 0.8}
	for _, tc := range []struct {
		name  string
		feats []cellFeatures
		want  []solver.Cell
	}{
		{"two widths", []cellFeatures{bar(0.38), bar(0.40), bar(0.42), bar(0.45), cross(0.54), cross(0.56), cross(0.58), ring, ring},
			[]solver.Cell{solver.Two, solver.Two, solver.Two, solver.Two, solver.One, solver.One, solver.One, solver.Zero, solver.Zero}},
		{"one width", []cellFeatures{bar(0.36), bar(0.38), bar(0.40), bar(0.42), bar(0.44), bar(0.46), ring, ring},
			[]solver.Cell{solver.Two, solver.Two, solver.Two, solver.Two, solver.Two, solver.Two, solver.Zero, solver.Zero}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cells, _ := labelFeatures(StyleXOI, tc.feats)
			for i, want := range tc.want {
				if cells[i] != want {
					t.Errorf("cell %d (aspect %.2f): read %v, want %v", i, tc.feats[i].aspect, cells[i], want)
				}
			}
		})
	}
}
