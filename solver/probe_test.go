package solver

import (
	"os"
	"path/filepath"
	"testing"
)

// A large Expert puzzle needs one-level trial, which plain branching only
// imitates by brute force: before probing, proving this one unique took 25
// minutes, so the test would run past go test's timeout.
func TestSolveLargeExpertByProbing(t *testing.T) {
	p := goldenPuzzle(t, "takuzu30-expert.txt")
	res := Solve(p)
	if res.Status != Unique {
		t.Fatalf("status %v, want unique", res.Status)
	}
	if err := CheckSolution(p, res.Solution); err != nil {
		t.Fatalf("the solution breaks a rule: %v", err)
	}
	for i, given := range p.Cells {
		if given != Empty && res.Solution[i] != given {
			t.Fatalf("the solution changes the given at r%dc%d", i/p.Cols+1, i%p.Cols+1)
		}
	}
	if res.Nodes <= plainBudget {
		t.Errorf("solved in %d branches: the puzzle no longer exercises probing (budget %d)", res.Nodes, plainBudget)
	}
}

// goldenPuzzle reads a puzzle from the solver's test data.
func goldenPuzzle(t *testing.T, name string) *Puzzle {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(goldenDir, name))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
