package vision

import (
	"math"
	"testing"

	"binocle/geom"
	"binocle/vision/internal/locate"
	"binocle/vision/internal/raster"
)

// TestLatticesRepeat finds the lattices of one faint grid photo several
// times: the fits, their order and their maps must be the same every time,
// whatever order Go's maps hand out positions and families in.
func TestLatticesRepeat(t *testing.T) {
	s := faintGrid(320, 14, 14, 9, 25)
	m := renderSpec(t, s)
	defer m.Close()
	small, _ := locate.Downscale(m, locate.LocateSide)
	defer small.Close()
	gray := raster.ToGray(small)
	defer gray.Close()
	found := 0
	for _, v := range locate.EdgeVariants {
		blobs := locate.CellBlobs(gray, v)
		first := locate.FindLattices(blobs)
		found += len(first)
		for run := 0; run < 8; run++ {
			again := locate.FindLattices(blobs)
			if len(again) != len(first) {
				t.Fatalf("variant %d, run %d: %d fits, first run %d", v, run, len(again), len(first))
			}
			for k := range first {
				a, b := first[k], again[k]
				if a.Rows != b.Rows || a.Cols != b.Cols || a.Cells != b.Cells || a.Residual != b.Residual || a.ToImage != b.ToImage {
					t.Fatalf("variant %d, run %d, fit %d: %dx%d cells %d resid %v, first run %dx%d cells %d resid %v",
						v, run, k, b.Rows, b.Cols, b.Cells, b.Residual, a.Rows, a.Cols, a.Cells, a.Residual)
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no lattice")
	}
}

// TestPreferFinerCells checks that of two lattices on about one
// quadrilateral, the one of smaller cells (a sudoku's cells over its
// boxes) wins, but not one of about the same cells that only runs two
// strips further (into print beside the grid) closing fewer of them.
func TestPreferFinerCells(t *testing.T) {
	lattice := func(rows, cols, cells int, size, x0, y0, step float64) locate.LatticeFit {
		return locate.LatticeFit{Rows: rows, Cols: cols, Cells: cells, CellSize: size,
			ToImage: geom.Homography{step, 0, x0, 0, step, y0, 0, 0, 1}}
	}
	tests := []struct {
		name     string
		fits     []locate.LatticeFit
		wantRows int
	}{
		{"cells over boxes", []locate.LatticeFit{
			lattice(3, 3, 9, 100, 100, 100, 120),
			lattice(9, 9, 60, 36, 100, 100, 40),
		}, 9},
		{"grid over grid and a strip", []locate.LatticeFit{
			lattice(12, 12, 144, 39, 100, 180, 40),
			lattice(14, 12, 102, 36, 100, 128, 38),
		}, 12},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := locate.PreferFiner(append([]locate.LatticeFit(nil), tc.fits...))
			if got[0].Rows != tc.wantRows {
				t.Errorf("preferred %dx%d, want %d rows", got[0].Rows, got[0].Cols, tc.wantRows)
			}
		})
	}
}

func TestReduceBasis(t *testing.T) {
	cases := []struct {
		name       string
		u, v       [2]float64
		right, dwn [2]float64
	}{
		{"already reduced", [2]float64{20, 0}, [2]float64{0, 20}, [2]float64{20, 0}, [2]float64{0, 20}},
		// A rotated grid whose seed saw the diagonal neighbour as its
		// nearest cell to the right.
		{"diagonal for right", [2]float64{68, 39}, [2]float64{13, 47}, [2]float64{55, -8}, [2]float64{13, 47}},
		{"diagonal for down", [2]float64{30, 2}, [2]float64{28, 33}, [2]float64{30, 2}, [2]float64{-2, 31}},
		{"swapped and flipped", [2]float64{0, -20}, [2]float64{-20, 0}, [2]float64{20, 0}, [2]float64{0, 20}},
	}
	for _, c := range cases {
		r, d := locate.ReduceBasis(c.u, c.v)
		if math.Hypot(r[0]-c.right[0], r[1]-c.right[1]) > 1e-9 || math.Hypot(d[0]-c.dwn[0], d[1]-c.dwn[1]) > 1e-9 {
			t.Errorf("%s: reduceBasis(%v, %v) = %v, %v; want %v, %v", c.name, c.u, c.v, r, d, c.right, c.dwn)
		}
	}
}
