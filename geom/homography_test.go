package geom

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9*max(1, math.Abs(a), math.Abs(b)) }

// TestFromQuadsMapsCorners fits a tilted grid's corners and checks that the
// map sends each source corner onto its target, that the inverse comes
// back, and that the centre lands inside.
func TestFromQuadsMapsCorners(t *testing.T) {
	src := [4][2]float64{{0, 0}, {6, 0}, {6, 6}, {0, 6}}
	dst := [4][2]float64{{102, 95}, {431, 120}, {455, 470}, {80, 440}}
	h, ok := FromQuads(src, dst)
	if !ok {
		t.Fatal("a convex quad was called degenerate")
	}
	inv := h.Inverse()
	for i := range src {
		x, y := h.Apply(src[i][0], src[i][1])
		if !near(x, dst[i][0]) || !near(y, dst[i][1]) {
			t.Errorf("corner %d maps to (%g, %g), want %v", i, x, y, dst[i])
		}
		u, v := inv.Apply(x, y)
		if !near(u, src[i][0]) || !near(v, src[i][1]) {
			t.Errorf("corner %d comes back as (%g, %g), want %v", i, u, v, src[i])
		}
	}
	if x, y := h.Apply(3, 3); x < 80 || x > 455 || y < 95 || y > 470 {
		t.Errorf("centre maps outside the quad: (%g, %g)", x, y)
	}
}

func TestFromQuadsRefusesCollinearPoints(t *testing.T) {
	src := [4][2]float64{{0, 0}, {1, 0}, {2, 0}, {0, 1}}
	if _, ok := FromQuads(src, src); ok {
		t.Error("three points on a line gave a map")
	}
}

// TestThenAppliesInOrder: Then applies its receiver first, Mul its argument.
func TestThenAppliesInOrder(t *testing.T) {
	s, m := Scaling(2, 3), Translation(5, -1)
	x, y := s.Then(m).Apply(1, 1)
	if x != 7 || y != 2 {
		t.Errorf("scale then move: (%g, %g), want (7, 2)", x, y)
	}
	if s.Then(m) != m.Mul(s) {
		t.Error("Then is not the product in the other order")
	}
	if got := Identity.Mul(m); got != m {
		t.Errorf("identity product changed the map: %v", got)
	}
}

func TestInverseOfSingularIsUnchanged(t *testing.T) {
	h := Homography{1, 2, 3, 2, 4, 6, 0, 0, 1}
	if h.Det() != 0 {
		t.Fatalf("det %g, want 0", h.Det())
	}
	if h.Inverse() != h {
		t.Error("a singular map was inverted")
	}
}

func TestQuadArea(t *testing.T) {
	if a := QuadArea([4][2]float64{{0, 0}, {4, 0}, {4, 3}, {0, 3}}); a != 12 {
		t.Errorf("area %g, want 12", a)
	}
}

func TestCellSide(t *testing.T) {
	tests := []struct {
		name       string
		q          [4][2]float64
		rows, cols int
		want       float64
	}{
		{"square cells", [4][2]float64{{0, 0}, {60, 0}, {60, 40}, {0, 40}}, 4, 6, 10},
		{"oblong cells, the mean side", [4][2]float64{{0, 0}, {80, 0}, {80, 20}, {0, 20}}, 1, 1, 40},
		{"no cells counts one", [4][2]float64{{0, 0}, {3, 0}, {3, 3}, {0, 3}}, 0, 0, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := CellSide(tc.q, tc.rows, tc.cols); !near(got, tc.want) {
				t.Errorf("CellSide = %v, want %v", got, tc.want)
			}
		})
	}
}
