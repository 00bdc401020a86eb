package locate

import (
	"math"
	"testing"

	"binocle/geom"
)

// The grid inside strips taken off a candidate keeps its perspective:
// each corner of the inner grid is where the outer grid's lattice has
// that point, and only the measured centres inside it stay.
func TestCandidateInner(t *testing.T) {
	// A 6-row, 8-column grid seen in perspective: the top edge shorter.
	outer := Candidate{
		Quad: [4][2]float64{{120, 100}, {520, 110}, {600, 420}, {60, 400}},
		Rows: PeriodFit{N: 6, Score: 1}, Cols: PeriodFit{N: 8, Score: 1},
	}
	toQuad, ok := geom.FromQuads(RectCorners(8, 6), outer.Quad)
	if !ok {
		t.Fatal("the test's quad maps no lattice")
	}
	for r := 0; r < 6; r++ {
		for c := 0; c < 8; c++ {
			x, y := toQuad.Apply(float64(c)+0.5, float64(r)+0.5)
			outer.Centres = append(outer.Centres, [2]float64{x, y})
		}
	}
	cases := []struct {
		name                     string
		top, bottom, left, right int
		ok                       bool
	}{
		{"one column off the right", 0, 0, 0, 1, true},
		{"a row off the top and two columns off the left", 1, 0, 2, 0, true},
		{"nothing off", 0, 0, 0, 0, true},
		{"every row off", 3, 3, 0, 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in, ok := outer.Inner(tc.top, tc.bottom, tc.left, tc.right)
			if ok != tc.ok {
				t.Fatalf("ok %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			rows, cols := 6-tc.top-tc.bottom, 8-tc.left-tc.right
			if in.Rows.N != rows || in.Cols.N != cols {
				t.Fatalf("%dx%d, want %dx%d", in.Rows.N, in.Cols.N, rows, cols)
			}
			corners := [4][2]float64{{float64(tc.left), float64(tc.top)}, {float64(8 - tc.right), float64(tc.top)}, {float64(8 - tc.right), float64(6 - tc.bottom)}, {float64(tc.left), float64(6 - tc.bottom)}}
			for i, p := range corners {
				x, y := toQuad.Apply(p[0], p[1])
				if math.Hypot(in.Quad[i][0]-x, in.Quad[i][1]-y) > 1e-6 {
					t.Errorf("corner %d at %v, want (%.2f, %.2f)", i, in.Quad[i], x, y)
				}
			}
			if len(in.Centres) != rows*cols {
				t.Errorf("%d centres kept, want the %d inside", len(in.Centres), rows*cols)
			}
			if in.Area <= 0 || in.Area > outer.Area && outer.Area > 0 {
				t.Errorf("area %.0f", in.Area)
			}
		})
	}
}
