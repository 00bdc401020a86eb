package lab

import (
	"fmt"
	"strings"
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

// The score shows the published puzzles and the random fills of a wild
// suite apart, beside their sum, each row counting its own images.
func TestScoreShowsPublishedAndRandomApart(t *testing.T) {
	env, err := NewEnv("")
	if err != nil {
		t.Skipf("skipping: shared test data absent: %v", err)
	}
	// A random fill and a published puzzle, both small and clean.
	picked := suiteCases(t, env, "wild-clean", func(name string) bool {
		return strings.HasPrefix(name, "wild-clean-000-") || strings.HasPrefix(name, "wild-clean-007-")
	})
	if len(picked) != 2 {
		t.Fatalf("picked %d images, want 2", len(picked))
	}
	var out strings.Builder
	if _, err := env.ScoreCases(picked, ScoreOptions{}, &out); err != nil {
		t.Fatal(err)
	}
	for _, row := range []string{"ALL", "of them published puzzles", "of them random fills"} {
		want := 2
		if row != "ALL" {
			want = 1
		}
		var images int
		for _, line := range strings.Split(out.String(), "\n") {
			if rest, ok := strings.CutPrefix(strings.TrimSpace(line), row); ok {
				if _, err := fmt.Sscan(rest, &images); err != nil {
					t.Fatalf("row %q: %v", line, err)
				}
			}
		}
		if images != want {
			t.Errorf("row %q counts %d images, want %d:\n%s", row, images, want, out.String())
		}
	}
}
