package solver

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

// Every generated puzzle must be unique by the fast solver, grade exactly
// as asked by the step solver, keep its solution's givens, and come back
// the same for the same seed.
func TestGenerateUniqueAndGradedAsAsked(t *testing.T) {
	cases := []struct {
		rules      Rules
		rows, cols int
		diff       Difficulty
		edges      bool
	}{
		{Takuzu, 6, 6, Easy, false},
		{Takuzu, 8, 8, Medium, false},
		{Takuzu, 10, 10, Hard, false},
		{Takuzu, 8, 8, Expert, false},
		{Takuzu, 12, 8, Hard, false},
		{ThreeInARow, 10, 10, Easy, false},
		{ThreeInARow, 8, 8, Hard, false},
		{ThreeInARow, 7, 9, Medium, false},
		{ThreeInARow, 6, 6, Easy, true},
		{ThreeInARow, 6, 6, Medium, true},
		{Troix, 6, 6, Easy, false},
		{Troix, 9, 9, Medium, false},
		{Troix, 9, 9, Hard, false},
	}
	for _, c := range cases {
		name := fmt.Sprintf("%s-%dx%d-%s", c.rules, c.rows, c.cols, c.diff)
		if c.edges {
			name += "-edges"
		}
		t.Run(name, func(t *testing.T) {
			for seed := uint64(1); seed <= 3; seed++ {
				opts := GenOptions{Rules: c.rules, Rows: c.rows, Cols: c.cols, Difficulty: c.diff, Edges: c.edges, Seed: seed}
				p, sol, err := Generate(opts)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				res := Solve(p)
				if res.Status != Unique {
					t.Fatalf("seed %d: the solver finds the puzzle %s", seed, res.Status)
				}
				if !slices.Equal(res.Solution, sol) {
					t.Fatalf("seed %d: the returned solution differs from the solver's", seed)
				}
				got, stats, err := Grade(p)
				if err != nil || got != c.diff {
					t.Fatalf("seed %d: graded %v (%+v, err %v), asked for %v", seed, got, stats, err, c.diff)
				}
				if c.edges && len(p.Edges) == 0 && seed == 1 {
					t.Logf("seed %d: no edge clue survived", seed)
				}
				again, _, err := Generate(opts)
				if err != nil || !slices.Equal(again.Cells, p.Cells) || !slices.Equal(again.Edges, p.Edges) {
					t.Fatalf("seed %d: a second run with the same seed gave another puzzle", seed)
				}
			}
		})
	}
}

func TestGenerateSeedsDiffer(t *testing.T) {
	a, _, errA := Generate(GenOptions{Rules: Takuzu, Rows: 8, Cols: 8, Difficulty: Easy, Seed: 1})
	b, _, errB := Generate(GenOptions{Rules: Takuzu, Rows: 8, Cols: 8, Difficulty: Easy, Seed: 2})
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	if slices.Equal(a.Cells, b.Cells) {
		t.Fatal("seeds 1 and 2 gave the same puzzle")
	}
}

func TestGenerateRejectsBadOptions(t *testing.T) {
	for _, c := range []struct {
		name string
		opts GenOptions
		size bool
	}{
		{"too small", GenOptions{Rules: Takuzu, Rows: 2, Cols: 6}, true},
		{"too large", GenOptions{Rules: Takuzu, Rows: 6, Cols: MaxSize + 1}, true},
		{"troix not by three", GenOptions{Rules: Troix, Rows: 8, Cols: 9}, true},
		{"troix edges", GenOptions{Rules: Troix, Rows: 6, Cols: 6, Edges: true}, false},
		{"unknown difficulty", GenOptions{Rules: Takuzu, Rows: 6, Cols: 6, Difficulty: Inhuman + 1}, false},
		{"unknown rules", GenOptions{Rules: Troix + 1, Rows: 6, Cols: 6}, false},
	} {
		_, _, err := Generate(c.opts)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if errors.Is(err, ErrSize) != c.size {
			t.Errorf("%s: %v (size error: %v, want %v)", c.name, err, errors.Is(err, ErrSize), c.size)
		}
	}
}

// A grade that the size cannot reach within the attempts must fail
// cleanly, not loop or panic.
func TestGenerateGivesUpCleanly(t *testing.T) {
	_, _, err := Generate(GenOptions{Rules: Takuzu, Rows: 4, Cols: 4, Difficulty: Inhuman, MaxAttempts: 3})
	if !errors.Is(err, ErrGenerate) {
		t.Fatalf("got %v, want ErrGenerate", err)
	}
}
