package lab

import (
	"testing"

	"binocle/solver"
)

func TestCluesRight(t *testing.T) {
	eq := func(r1, c1, r2, c2 int) solver.Edge {
		return solver.Edge{R1: r1, C1: c1, R2: r2, C2: c2, Rel: solver.Equal}
	}
	x := func(r1, c1, r2, c2 int) solver.Edge {
		return solver.Edge{R1: r1, C1: c1, R2: r2, C2: c2, Rel: solver.Differ}
	}
	for _, tc := range []struct {
		name        string
		truth, read []solver.Edge
		right       int
	}{
		{"none", nil, nil, 0},
		{"all found", []solver.Edge{eq(0, 0, 0, 1), x(1, 1, 2, 1)}, []solver.Edge{x(1, 1, 2, 1), eq(0, 0, 0, 1)}, 2},
		{"the pair named the other way round", []solver.Edge{eq(0, 0, 0, 1)}, []solver.Edge{eq(0, 1, 0, 0)}, 1},
		{"'=' read as '×'", []solver.Edge{eq(0, 0, 0, 1)}, []solver.Edge{x(0, 0, 0, 1)}, 0},
		{"one missed, one extra", []solver.Edge{eq(0, 0, 0, 1), x(2, 2, 2, 3)}, []solver.Edge{eq(0, 0, 0, 1), eq(3, 3, 4, 3)}, 1},
		{"a clue read twice counts once", []solver.Edge{eq(0, 0, 0, 1)}, []solver.Edge{eq(0, 0, 0, 1), eq(0, 1, 0, 0)}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := CluesRight(tc.truth, tc.read); got != tc.right {
				t.Errorf("CluesRight = %d, want %d", got, tc.right)
			}
		})
	}
}
