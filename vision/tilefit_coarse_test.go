package vision

import (
	"math"
	"testing"
)

// TestObliqueStepsKeepsSparseCell checks that a sparse tile board whose
// coloured tiles stand mostly on one colour of a checkerboard keeps its
// own cell: the lattice of its diagonals explains most of the differences
// between the tiles too, but each of its cells would leave most of itself
// around its tile.
func TestObliqueStepsKeepsSparseCell(t *testing.T) {
	const pitch = 42.0
	for _, tc := range []struct {
		name string
		odd  int // tiles off the main checkerboard colour
	}{{"checker", 0}, {"one-odd", 1}, {"two-odd", 2}} {
		t.Run(tc.name, func(t *testing.T) {
			var pts [][2]float64
			odd := 0
			for r := 0; r < 10; r++ {
				for c := 0; c < 10; c++ {
					// A sparse board: every third cell of one colour,
					// and a few of the other.
					even := (r+c)%2 == 0
					if even && (r*7+c*3)%3 == 0 || !even && (r*5+c)%17 == 0 && odd < tc.odd {
						if !even {
							odd++
						}
						pts = append(pts, [2]float64{pitch * float64(c), pitch * float64(r)})
					}
				}
			}
			var diffs [][2]float64
			for i, a := range pts {
				for _, b := range pts[i+1:] {
					if d := math.Hypot(b[0]-a[0], b[1]-a[1]); d <= 4*0.9*pitch {
						diffs = append(diffs, [2]float64{b[0] - a[0], b[1] - a[1]})
					}
				}
			}
			tileArea := 0.65 * pitch * pitch
			u, v := obliqueSteps(diffs, [2]float64{pitch, 0}, tileArea)
			area := math.Abs(u[0]*v[1] - u[1]*v[0])
			if area > 1.3*pitch*pitch || area < 0.7*pitch*pitch {
				t.Errorf("steps %v %v: cell area %.0f, want about %.0f", u, v, area, pitch*pitch)
			}
		})
	}
}
