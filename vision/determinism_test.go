package vision

import (
	"testing"
)

// TestLatticesRepeat finds the lattices of one faint grid photo several
// times: the fits, their order and their maps must be the same every time,
// whatever order Go's maps hand out positions and families in.
func TestLatticesRepeat(t *testing.T) {
	s := faintGrid(320, 14, 14, 9, 25)
	m := renderSpec(t, s)
	defer m.Close()
	small, _ := downscale(m, locateSide)
	defer small.Close()
	gray := toGray(small)
	defer gray.Close()
	found := 0
	for _, v := range edgeVariants {
		blobs := cellBlobs(gray, v)
		first := findLattices(blobs)
		found += len(first)
		for run := 0; run < 8; run++ {
			again := findLattices(blobs)
			if len(again) != len(first) {
				t.Fatalf("variant %d, run %d: %d fits, first run %d", v, run, len(again), len(first))
			}
			for k := range first {
				a, b := first[k], again[k]
				if a.rows != b.rows || a.cols != b.cols || a.cells != b.cells || a.residual != b.residual || a.toImage != b.toImage {
					t.Fatalf("variant %d, run %d, fit %d: %dx%d cells %d resid %v, first run %dx%d cells %d resid %v",
						v, run, k, b.rows, b.cols, b.cells, b.residual, a.rows, a.cols, a.cells, a.residual)
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no lattice")
	}
}
