package vision

import (
	"math"
	"testing"
)

// Tiles of a board whose coloured cells fall mostly on one colour of the
// checkerboard: the lattice of the board's diagonals, a pitch longer by
// the square root of two, explains nearly all their differences, but a
// tile all but fills its cell, so the cell is the finer lattice.
func TestLatticeStepNotDiagonal(t *testing.T) {
	cells := [][2]int{{0, 0}, {2, 0}, {4, 0}, {1, 1}, {3, 1}, {5, 1}, {0, 2}, {2, 2}, {4, 2}, {1, 3}, {5, 3}, {0, 4}, {3, 4}}
	for _, angle := range []float64{0, 7, -12} {
		const pitch, size = 27.0, 26.0
		th := angle * math.Pi / 180
		u := [2]float64{pitch * math.Cos(th), pitch * math.Sin(th)}
		v := [2]float64{-u[1], u[0]}
		var diffs [][2]float64
		for i, a := range cells {
			for _, b := range cells[i+1:] {
				dc, dr := float64(b[0]-a[0]), float64(b[1]-a[1])
				diffs = append(diffs, [2]float64{dc*u[0] + dr*v[0], dc*u[1] + dr*v[1]})
			}
		}
		got, ok := latticeStep(diffs, size)
		if !ok {
			t.Fatalf("angle %.0f: no step", angle)
		}
		if p := math.Hypot(got[0], got[1]); math.Abs(p-pitch) > 0.05*pitch {
			t.Errorf("angle %.0f: pitch %.1f, want %.1f", angle, p, pitch)
		}
	}
}
