package solver

import (
	"context"
	"fmt"
	"math/rand"
	"testing"
)

// sparseSides are the sizes; Troix needs sides divisible by three,
// so it takes the nearest such side to each.
var sparseSides = [...]int{16, 32, 48, 64}

func troixSide(n int) int {
	switch n {
	case 16:
		return 15
	case 32:
		return 33
	case 64:
		return 63
	}
	return n
}

// sparsePuzzle keeps pct percent of the cells of a random valid full grid,
// chosen with a fixed seed, so every run benchmarks the same grids.
func sparsePuzzle(tb testing.TB, rules Rules, n, pct int) *Puzzle {
	tb.Helper()
	p, err := NewPuzzle(rules, n, n)
	if err != nil {
		tb.Fatal(err)
	}
	if pct == 0 {
		return p
	}
	rng := rand.New(rand.NewSource(int64(1000*n + pct + 100000*int(rules))))
	sol := randomSolution(rng, p)
	keep := len(sol) * pct / 100
	for _, i := range rng.Perm(len(sol))[:keep] {
		p.Cells[i] = sol[i]
	}
	return p
}

// BenchmarkSparse is the table: empty and lightly filled grids,
// which have many solutions, must answer Multiple quickly.
func BenchmarkSparse(b *testing.B) {
	for _, rules := range []Rules{ThreeInARow, Takuzu, Troix} {
		for _, side := range sparseSides {
			n := side
			if rules == Troix {
				n = troixSide(side)
			}
			for _, pct := range []int{0, 1, 5, 20} {
				p := sparsePuzzle(b, rules, n, pct)
				b.Run(fmt.Sprintf("%s/%dx%d/%d%%", rules, n, n, pct), func(b *testing.B) {
					for b.Loop() {
						res, err := SolveContext(context.Background(), p)
						if err != nil || res.Status != Multiple {
							b.Fatalf("%v %v", res.Status, err)
						}
					}
				})
			}
		}
	}
}
