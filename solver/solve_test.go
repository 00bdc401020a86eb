package solver

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

func TestSolveStatuses(t *testing.T) {
	tests := []struct {
		name   string
		p      func(t *testing.T) *Puzzle
		status Status
	}{
		{"unique takuzu", func(t *testing.T) *Puzzle {
			return grid(t, Takuzu, "....00", ".1...0", "...1..", ".0....", "....0.", ".0....")
		}, Unique},
		{"odd 5x7 unique", func(t *testing.T) *Puzzle {
			return grid(t, ThreeInARow, ".0.0.00", "0.1.00.", "0......", "...1..0", ".1...1.")
		}, Unique},
		{"empty 4x4 has many", func(t *testing.T) *Puzzle { return grid(t, ThreeInARow, "....", "....", "....", "....") }, Multiple},
		{"odd 5x5", func(t *testing.T) *Puzzle {
			return grid(t, ThreeInARow, "1.0..", ".....", "..1..", ".....", "0...1")
		}, Multiple},
		{"rectangular 4x6", func(t *testing.T) *Puzzle {
			return grid(t, ThreeInARow, "0.....", "......", "......", "1.....")
		}, Multiple},
		{"rectangular 4x6 forced into a triple", func(t *testing.T) *Puzzle {
			// Row 1 forces a 1 between its 0s, row 2 a 0 before its 1s: column 3 gets three 0s.
			return grid(t, ThreeInARow, "0.0...", "...11.", "..0...", "1....0")
		}, None},
		{"balance contradiction at the root", func(t *testing.T) *Puzzle {
			// Row 1 needs two 1s in its last two cells, column 4 forbids the first.
			return grid(t, ThreeInARow, "00..", "...1", "...1", "....")
		}, None},
		{"troix no solution", func(t *testing.T) *Puzzle {
			p := grid(t, Troix, "0.....", "......", "......", "......", "......", "......")
			p.Edges = []Edge{{0, 0, 0, 1, Equal}, {0, 1, 0, 2, Equal}}
			return p
		}, None},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.p(t)
			res := Solve(p)
			if res.Status != tt.status {
				t.Fatalf("status %v, want %v (contradiction %v)", res.Status, tt.status, res.Contradiction)
			}
			switch res.Status {
			case Unique:
				if err := CheckSolution(p, res.Solution); err != nil {
					t.Fatalf("solution breaks a rule: %v", err)
				}
			case Multiple:
				checkMultiple(t, p, res)
			case None:
				if res.Contradiction == nil || res.Contradiction.Rule == "" || !strings.HasPrefix(res.Contradiction.Msg, "no solution") {
					t.Fatalf("no contradiction reported: %+v", res.Contradiction)
				}
			}
		})
	}
}

func checkMultiple(t *testing.T, p *Puzzle, res Result) {
	t.Helper()
	for _, s := range [][]Cell{res.Solution, res.Second} {
		if err := CheckSolution(p, s); err != nil {
			t.Fatalf("reported solution breaks a rule: %v", err)
		}
	}
	if len(res.Differ) == 0 {
		t.Fatal("two solutions without differing cells")
	}
	for _, d := range res.Differ {
		i := d.Row*p.Cols + d.Col
		if res.Solution[i] == res.Second[i] {
			t.Fatalf("cell %v listed as differing but equal", d)
		}
	}
	diffs := 0
	for i := range res.Solution {
		if res.Solution[i] != res.Second[i] {
			diffs++
		}
	}
	if diffs != len(res.Differ) {
		t.Fatalf("%d cells differ, %d listed", diffs, len(res.Differ))
	}
}

func TestContradictionNamesLineAndRule(t *testing.T) {
	// The '=' clues make the first three cells of row 2 equal.
	p := grid(t, ThreeInARow, "0.1.", "....", "0.1.", "....")
	p.Edges = []Edge{{1, 0, 1, 1, Equal}, {1, 1, 1, 2, Equal}}
	res := Solve(p)
	if res.Status != None {
		t.Fatalf("status %v, want none", res.Status)
	}
	c := res.Contradiction
	if c.Line != (Line{Index: 1}) || (c.Rule != RuleTriple && c.Rule != RuleEdge) {
		t.Fatalf("contradiction %v (rule %s), want row 2 with no-three or edge", c, c.Rule)
	}

	// Givens that already break a rule are reported as Validate reports them.
	bad := grid(t, Takuzu, "111.", "....", "....", "....")
	if res := Solve(bad); res.Status != None || res.Contradiction.Error() != "row 1: three 1s in a row at columns 1-3" {
		t.Fatalf("got %v %v", res.Status, res.Contradiction)
	}
}

func TestSolveAutoPicksTakuzu(t *testing.T) {
	// Takes the first takuzu record that threeinarow alone leaves open.
	for _, path := range sharedDatasets(t) {
		for _, d := range loadDataset(t, path) {
			if d.puzzle.Rules != Takuzu {
				continue
			}
			loose := d.puzzle.Clone()
			loose.Rules = ThreeInARow
			if Solve(loose).Status != Multiple {
				continue
			}
			res := SolveAuto(loose)
			if res.Status != Unique || res.Rules != Takuzu || !slices.Equal(res.Solution, d.solution) {
				t.Fatalf("%s: auto gave %v under %v", d.rec.ID, res.Status, res.Rules)
			}
			if labelled := SolveAuto(d.puzzle); labelled.Rules != Takuzu || labelled.Status != Unique {
				t.Fatalf("%s: auto on the labelled puzzle gave %v under %v", d.rec.ID, labelled.Status, labelled.Rules)
			}
			return
		}
	}
	t.Fatal("no takuzu record needs the distinct rule")
}

func TestSolveAutoKeepsThreeInARowAndTroix(t *testing.T) {
	p := grid(t, Takuzu, ".0.0.00", "0.1.00.", "0......", "...1..0", ".1...1.")
	if res := SolveAuto(p); res.Rules != ThreeInARow || res.Status != Unique {
		t.Fatalf("got %v under %v", res.Status, res.Rules)
	}
	troix := grid(t, ThreeInARow, ".0....", "....22", "1....0", "..1.0.", ".2102.", ".2.20.")
	if res := SolveAuto(troix); res.Rules != Troix || res.Status != Unique {
		t.Fatalf("troix by its 2s: got %v under %v", res.Status, res.Rules)
	}
}

// bruteCount enumerates grids row by row, checking columns as they grow:
// slow but plainly correct, to check the solver against.
func bruteCount(p *Puzzle, limit int) int {
	var rowsOK [][]Cell
	line := make([]Cell, p.Cols)
	var gen func(i int)
	gen = func(i int) {
		if i == p.Cols {
			rowsOK = append(rowsOK, slices.Clone(line))
			return
		}
		for v := Zero; int(v) < p.Rules.Symbols(); v++ {
			line[i] = v
			gen(i + 1)
		}
	}
	gen(0)
	cells := make([]Cell, len(p.Cells))
	for i := range cells {
		cells[i] = Empty
	}
	count := 0
	var place func(r int)
	place = func(r int) {
		if count >= limit {
			return
		}
		if r == p.Rows {
			if CheckSolution(p, cells) == nil {
				count++
			}
			return
		}
		for _, row := range rowsOK {
			copy(cells[r*p.Cols:], row)
			ok := true
			for c := 0; c < p.Cols && ok; c++ {
				g := p.Cells[r*p.Cols+c]
				ok = g == Empty || g == row[c]
			}
			if ok && checkRules(p, cells) == nil {
				place(r + 1)
			}
			for c := 0; c < p.Cols; c++ {
				cells[r*p.Cols+c] = Empty
			}
		}
	}
	place(0)
	return count
}

func randomPuzzle(rng *rand.Rand, rules Rules, rows, cols int, density float64, edges int) *Puzzle {
	p, _ := NewPuzzle(rules, rows, cols)
	for i := range p.Cells {
		if rng.Float64() < density {
			p.Cells[i] = Cell(rng.Intn(rules.Symbols()))
		}
	}
	for k := 0; k < edges; k++ {
		r, c := rng.Intn(rows), rng.Intn(cols)
		e := Edge{R1: r, C1: c, R2: r, C2: c + 1, Rel: Relation(rng.Intn(2))}
		if rng.Intn(2) == 0 {
			e.R2, e.C2 = r+1, c
		}
		q := p.Clone()
		q.Edges = append(q.Edges, e)
		if q.checkShape() == nil {
			p = q
		}
	}
	return p
}

// The solver agrees with brute force on small random puzzles of every kind:
// odd and rectangular sizes, Troix, edge clues, with none, one or many
// solutions.
func TestSolveAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	shapes := []struct {
		rules      Rules
		rows, cols int
	}{
		{ThreeInARow, 4, 4}, {Takuzu, 4, 4}, {ThreeInARow, 5, 5}, {Takuzu, 5, 4},
		{ThreeInARow, 4, 6}, {Takuzu, 6, 4}, {ThreeInARow, 3, 7}, {Takuzu, 6, 6},
		{Troix, 3, 6}, {Troix, 6, 3}, {Troix, 3, 3},
	}
	seen := map[Status]int{}
	for _, sh := range shapes {
		for trial := 0; trial < 40; trial++ {
			p := randomPuzzle(rng, sh.rules, sh.rows, sh.cols, 0.1+0.3*rng.Float64(), rng.Intn(4))
			if err := p.Validate(); err != nil {
				// Givens that break a rule come back as Validate reports them.
				if res := Solve(p); res.Status != None || res.Contradiction.Error() != err.Error() {
					t.Fatalf("Solve gave %v %v; Validate says %v", res.Status, res.Contradiction, err)
				}
				seen[None]++
				continue
			}
			want := bruteCount(p, 2)
			got, err := Count(p, 2)
			if err != nil || got != want {
				t.Fatalf("%v %dx%d: Count %d (%v), brute force %d\n%s", sh.rules, sh.rows, sh.cols, got, err, want, FormatText(p))
			}
			res := Solve(p)
			seen[res.Status]++
			if wantStatus := [3]Status{None, Unique, Multiple}[want]; res.Status != wantStatus {
				t.Fatalf("status %v, want %v\n%s", res.Status, wantStatus, FormatText(p))
			}
			switch res.Status {
			case Unique:
				if err := CheckSolution(p, res.Solution); err != nil {
					t.Fatal(err)
				}
			case Multiple:
				checkMultiple(t, p, res)
			}
		}
	}
	if seen[None] == 0 || seen[Unique] == 0 || seen[Multiple] == 0 {
		t.Fatalf("random puzzles did not cover every outcome: %v", seen)
	}
	t.Logf("outcomes: %v", seen)
}

func TestValidLineCounts(t *testing.T) {
	// Balanced binary lines without three in a row (OEIS A177790), counted
	// by the exact line solver's DP; the issue quotes 14, 518, 8196 and 860142.
	for n, want := range map[int]int{6: 14, 14: 518, 20: 8196, 30: 860142} {
		if got := countValidLines(n); got != want {
			t.Errorf("length %d: %d valid lines, want %d", n, got, want)
		}
	}
}

// countValidLines counts fillings of an empty line by splitting on the
// first open cell, using lineDP to prune dead prefixes.
func countValidLines(n int) int {
	sp := lineSpec{n: n, full: lowBits(n), least: n / 2, most: (n + 1) / 2}
	totals := lowBits(sp.most+1) &^ lowBits(sp.least)
	var dp dpTable
	var count func(on, off uint64, i int) int
	count = func(on, off uint64, i int) int {
		on, off, ok := lineDP(&dp, &sp, on, off, totals, false)
		if !ok {
			return 0
		}
		for ; i < n && (on>>uint(i)&1)+(off>>uint(i)&1) == 1; i++ {
		}
		if i == n {
			return 1
		}
		bit := uint64(1) << uint(i)
		return count(on&^bit, off, i+1) + count(on, off&^bit, i+1)
	}
	return count(sp.full, sp.full, 0)
}

func TestPropagateAndCount(t *testing.T) {
	p := grid(t, ThreeInARow, "00..", "....", "....", "....")
	cells, err := Propagate(p)
	if err != nil || GridRows(cells, 4, 4)[0] != "0011" {
		t.Fatalf("Propagate: %v %v", GridRows(cells, 4, 4), err)
	}
	empty := grid(t, ThreeInARow, "....", "....", "....", "....")
	if n, err := Count(empty, 1000); err != nil || n != 90 {
		// 4x4 0-1 grids with two 1s in every row and column: 90 (OEIS A001499).
		t.Fatalf("Count(empty 4x4) = %d, %v; want 90", n, err)
	}
	if n, _ := Count(empty, 1000); n != bruteCount(empty, 1000) {
		t.Fatalf("brute force disagrees")
	}
}

func TestPropagationDoesNotAllocate(t *testing.T) {
	p := grid(t, Takuzu, "....00", ".1...0", "...1..", ".0....", "....0.", ".0....")
	e, st := newEngine(p)
	allocs := testing.AllocsPerRun(100, func() {
		work := *st
		if !e.propagate(&work) {
			t.Fatal("propagation failed")
		}
	})
	if allocs != 0 {
		t.Fatalf("propagation allocated %.1f times per run", allocs)
	}
}
