package locate

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

func TestLatticeStep(t *testing.T) {
	cases := []struct {
		name         string
		pitch, angle float64 // pixels, degrees
		size         float64 // spot size
		cells        [][2]int
		ok           bool
	}{
		{"tiles", 30, 10, 26, [][2]int{{0, 0}, {1, 0}, {3, 0}, {0, 1}, {2, 1}, {1, 2}, {3, 2}, {0, 3}, {2, 3}}, true},
		{"glyphs far apart", 40, -20, 24, [][2]int{{0, 0}, {2, 0}, {0, 2}, {3, 1}, {1, 3}, {3, 3}}, true},
		{"one row", 30, 0, 26, [][2]int{{0, 0}, {1, 0}}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			th := tc.angle * math.Pi / 180
			u := [2]float64{tc.pitch * math.Cos(th), tc.pitch * math.Sin(th)}
			v := [2]float64{-u[1], u[0]}
			var diffs [][2]float64
			for i, a := range tc.cells {
				for _, b := range tc.cells[i+1:] {
					dc, dr := float64(b[0]-a[0]), float64(b[1]-a[1])
					diffs = append(diffs, [2]float64{dc*u[0] + dr*v[0], dc*u[1] + dr*v[1]})
				}
			}
			got, ok := latticeStep(diffs, tc.size)
			if ok != tc.ok {
				t.Fatalf("ok %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			if p := math.Hypot(got[0], got[1]); math.Abs(p-tc.pitch) > 0.05*tc.pitch {
				t.Errorf("pitch %.1f, want %.1f", p, tc.pitch)
			}
			// The angle is known up to quarter turns.
			a := math.Atan2(got[1], got[0]) * 180 / math.Pi
			if d := math.Abs(math.Remainder(a-tc.angle, 90)); d > 2 {
				t.Errorf("angle %.1f, want %.1f", a, tc.angle)
			}
		})
	}
}
