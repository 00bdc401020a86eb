package vision

import (
	"math"
	"testing"
)

func TestUnionBoards(t *testing.T) {
	// a's lattice: cells of about 40 px under a mild perspective.
	h, ok := homographyFromQuads(rectCorners(5, 6), [4][2]float64{{100, 80}, {300, 95}, {310, 330}, {90, 320}})
	if !ok {
		t.Fatal("no homography")
	}
	onLattice := func(c0, r0, c1, r1, shift float64) gridCandidate {
		var q [4][2]float64
		for k, p := range [4][2]float64{{c0, r0}, {c1, r0}, {c1, r1}, {c0, r1}} {
			q[k][0], q[k][1] = h.apply(p[0]+shift, p[1])
		}
		return gridCandidate{quad: q, area: quadArea(q), rows: periodFit{n: int(r1 - r0), score: 1}, cols: periodFit{n: int(c1 - c0), score: 1}}
	}
	a := onLattice(0, 0, 5, 6, 0)
	cases := []struct {
		name       string
		b          gridCandidate
		ok         bool
		rows, cols int
		corners    [4][2]float64 // in a's cells
	}{
		{"column beyond, row short", onLattice(0, 1, 6, 6, 0), true, 6, 6, [4][2]float64{{0, 0}, {6, 0}, {6, 6}, {0, 6}}},
		{"column before", onLattice(-1, 0, 4, 5, 0), true, 6, 6, [4][2]float64{{-1, 0}, {5, 0}, {5, 6}, {-1, 6}}},
		{"half a cell off", onLattice(0, 1, 6, 6, 0.5), false, 0, 0, [4][2]float64{}},
		{"two columns beyond", onLattice(1, 1, 7, 5, 0), false, 0, 0, [4][2]float64{}},
		{"inside", onLattice(1, 1, 4, 5, 0), false, 0, 0, [4][2]float64{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u, ok := unionBoards(a, tc.b)
			if ok != tc.ok {
				t.Fatalf("ok %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			if u.rows.n != tc.rows || u.cols.n != tc.cols {
				t.Errorf("%dx%d, want %dx%d", u.rows.n, u.cols.n, tc.rows, tc.cols)
			}
			for k, c := range tc.corners {
				x, y := h.apply(c[0], c[1])
				if math.Hypot(u.quad[k][0]-x, u.quad[k][1]-y) > 0.5 {
					t.Errorf("corner %d at %.1f,%.1f, want %.1f,%.1f", k, u.quad[k][0], u.quad[k][1], x, y)
				}
			}
		})
	}
}
