package vision

import "testing"

// TestPreferFinerCells checks that of two lattices on about one
// quadrilateral, the one of smaller cells (a sudoku's cells over its
// boxes) wins, but not one of about the same cells that only runs two
// strips further (into print beside the grid) closing fewer of them.
func TestPreferFinerCells(t *testing.T) {
	lattice := func(rows, cols, cells int, size, x0, y0, step float64) latticeFit {
		return latticeFit{rows: rows, cols: cols, cells: cells, cellSize: size,
			toImage: homography{step, 0, x0, 0, step, y0, 0, 0, 1}}
	}
	tests := []struct {
		name     string
		fits     []latticeFit
		wantRows int
	}{
		{"cells over boxes", []latticeFit{
			lattice(3, 3, 9, 100, 100, 100, 120),
			lattice(9, 9, 60, 36, 100, 100, 40),
		}, 9},
		{"grid over grid and a strip", []latticeFit{
			lattice(12, 12, 144, 39, 100, 180, 40),
			lattice(14, 12, 102, 36, 100, 128, 38),
		}, 12},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := preferFiner(append([]latticeFit(nil), tc.fits...))
			if got[0].rows != tc.wantRows {
				t.Errorf("preferred %dx%d, want %d rows", got[0].rows, got[0].cols, tc.wantRows)
			}
		})
	}
}
