package solver

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var stepFull = flag.Bool("hints.full", false, "run the step-solver and grading tests over every dataset puzzle instead of a sample")

// stepSample keeps every puzzle with -hints.full, otherwise an even spread
// of about n per file so that normal runs stay quick.
func stepSample(all []datasetPuzzle, n int) []datasetPuzzle {
	if *stepFull || len(all) <= n {
		return all
	}
	out := make([]datasetPuzzle, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, all[i*len(all)/n])
	}
	return out
}

// Every step the step solver takes on a real puzzle must agree with the
// known solution, name a technique of the ladder and explain itself; and
// the path must end in the full solution.
func TestStepsAgreeWithDatasetSolutions(t *testing.T) {
	known := map[string]bool{}
	for _, tech := range Techniques() {
		known[tech.ID] = true
	}
	for _, path := range sharedDatasets(t) {
		name := filepath.Base(path)
		for _, d := range stepSample(loadDataset(t, path), 12) {
			steps, err := Steps(d.puzzle)
			if err != nil {
				t.Errorf("%s %s: %v", name, d.rec.ID, err)
				continue
			}
			grid := d.puzzle.Clone()
			for k, st := range steps {
				if !known[st.Technique] || st.Name == "" || st.Explanation == "" || len(st.Sets) == 0 {
					t.Fatalf("%s %s step %d is incomplete: %+v", name, d.rec.ID, k+1, st)
				}
				for _, pl := range st.Sets {
					if want := d.solution[pl.Row*d.puzzle.Cols+pl.Col]; pl.Value != want {
						t.Fatalf("%s %s step %d (%s) puts %c at r%dc%d, the solution has %c: %s",
							name, d.rec.ID, k+1, st.Technique, pl.Value.Char(), pl.Row+1, pl.Col+1, want.Char(), st.Explanation)
					}
					if grid.At(pl.Row, pl.Col) != Empty {
						t.Fatalf("%s %s step %d (%s) refills r%dc%d", name, d.rec.ID, k+1, st.Technique, pl.Row+1, pl.Col+1)
					}
				}
				ApplyStep(grid, st)
			}
			if err := CheckSolution(d.puzzle, grid.Cells); err != nil {
				t.Errorf("%s %s: the steps end in a grid that is not the solution: %v", name, d.rec.ID, err)
			}
		}
	}
}

// hintFixture is the path of a file in the repository's testdata/hints.
func hintFixture(tb testing.TB, name string) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "testdata", "hints", name)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("cannot find the repository root (go.mod)")
		}
		dir = parent
	}
}

func mustParseHint(t *testing.T, name string) *Puzzle {
	t.Helper()
	data, err := os.ReadFile(hintFixture(t, name))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

// Each rung, called alone, finds its own pattern and explains it.
func TestTechniquesFindTheirPatterns(t *testing.T) {
	type set struct {
		r, c int
		v    Cell
	}
	cases := []struct {
		tech  string
		rules Rules
		size  int
		rows  []string // the first rows; the rest stay empty
		edges []Edge
		want  []set
		text  string
	}{
		{"pair", ThreeInARow, 6, []string{"11...."}, nil, []set{{0, 2, 0}},
			"Row 1: two 1s side by side at c1–c2, so c3 must be 0."},
		{"pair", ThreeInARow, 6, []string{"......", "......", ".0....", ".0...."}, nil, []set{{1, 1, 1}, {4, 1, 1}},
			"Column 2: two 0s side by side at r3–r4, so r2 and r5 must be 1."},
		{"sandwich", ThreeInARow, 6, []string{"0.0..."}, nil, []set{{0, 1, 1}},
			"Row 1: c2 sits between two 0s at c1 and c3, so it must be 1."},
		{"balance", ThreeInARow, 4, []string{"1..1"}, nil, []set{{0, 1, 0}, {0, 2, 0}},
			"Row 1 already holds all its two 1s, so c2 and c3 must be 0."},
		{"one-left", ThreeInARow, 6, []string{"0....0"}, nil, []set{{0, 1, 1}},
			"Row 1 has room for just one more 0: putting it at c2 would fill the other gaps with 1s and make three 1s in a row at c3–c5, so c2 must be 1."},
		{"enumeration", ThreeInARow, 8, []string{"0..1..0."}, nil, []set{{0, 7, 1}},
			"Row 1: every valid way to complete this row puts 1 at c8."},
		{"distinct", Takuzu, 6, []string{"010011", "01.0.1"}, nil, []set{{1, 2, 1}, {1, 4, 0}},
			"Row 2 matches row 1 everywhere but c3 and c5, and lines must differ, so they must be 1 and 0, the other way round from row 1."},
		{"edge-clue", ThreeInARow, 4, []string{"1..."}, []Edge{{R1: 0, C1: 0, R2: 0, C2: 1, Rel: Differ}}, []set{{0, 1, 0}},
			"r1c1 and r1c2 are joined by '×' and r1c1 is 1, so r1c2 must be 0, the other symbol."},
		{"edge-pair", ThreeInARow, 6, []string{"1....."}, []Edge{{R1: 0, C1: 1, R2: 0, C2: 2, Rel: Equal}}, []set{{0, 1, 0}, {0, 2, 0}},
			"Row 1: the '=' clue makes c2–c3 a pair, and c1 beside it is 1, so both must be 0."},
		{"edge-balance", ThreeInARow, 6, []string{"1..1.."}, []Edge{{R1: 0, C1: 4, R2: 0, C2: 5, Rel: Differ}}, []set{{0, 1, 0}, {0, 2, 0}},
			"Row 1 has two 1s, and the '×' pairs at c5–c6 hold one more, which makes all three, so c2 and c3 must be 0."},
		{"troix-balance", Troix, 3, []string{"01."}, nil, []set{{0, 2, 2}},
			"r1c3 is not O, as row 1 already holds all its Os; not X, as row 1 already holds all its Xs, so it must be I."},
		{"troix-pair", Troix, 6, []string{"......", "11....", "..22..", "..22.."}, nil, []set{{1, 2, 0}},
			"r2c3 is not X, beside two Xs at c1–c2 in row 2; not I, beside two Is at r3–r4 in column 3, so it must be O."},
	}
	byID := map[string]*Technique{}
	for _, tech := range techniqueLadder {
		byID[tech.ID] = tech
	}
	for _, c := range cases {
		t.Run(c.tech, func(t *testing.T) {
			p, err := NewPuzzle(c.rules, c.size, c.size)
			if err != nil {
				t.Fatal(err)
			}
			for r, row := range c.rows {
				for col := range row {
					v, _ := CellFromChar(row[col])
					p.Set(r, col, v)
				}
			}
			p.Edges = c.edges
			b, err := newStepBoard(p)
			if err != nil {
				t.Fatal(err)
			}
			b.first, b.text = true, true
			if !byID[c.tech].run(b) || b.hit == nil {
				t.Fatalf("%s found nothing in %q", c.tech, c.rows)
			}
			var got []set
			for _, s := range b.hit.sets {
				got = append(got, set{s.at / p.Cols, s.at % p.Cols, s.v})
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("sets %v, want %v", got, c.want)
			}
			if !strings.HasPrefix(b.hit.text, c.text) {
				t.Errorf("explanation\n%q\nwant it to start\n%q", b.hit.text, c.text)
			}
			if len(b.hit.because) == 0 {
				t.Error("no justifying cells")
			}
		})
	}
}

// The bitset line solver for two symbols must agree with the general one.
func TestBinaryLineDPMatchesGeneral(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var fast, slow stepDP
	for trial := range 3000 {
		n := 2 + rng.IntN(14)
		l := stepLine{idx: make([]int, n), rel: make([]stepRel, n), least: n / 2, most: (n + 1) / 2}
		masks := make([]uint8, n)
		for i := range n {
			masks[i] = []uint8{1, 2, 3, 3, 3}[rng.IntN(5)]
			if i > 0 && rng.IntN(5) == 0 {
				l.rel[i] = stepRel(1 + rng.IntN(2))
			}
		}
		a, okA := fast.solveBinary(&l, masks)
		b, okB := slow.solveGeneric(&l, masks, 2)
		if okA != okB || (okA && !slices.Equal(a, b)) {
			t.Fatalf("trial %d: masks %v rel %v: bitset %v %v, general %v %v", trial, masks, l.rel, a, okA, b, okB)
		}
	}
}

// Trial and search appear where only they can make progress, and their
// placements agree with the solver's solution.
func TestStepsUseTrialAndSearch(t *testing.T) {
	for _, c := range []struct {
		file, tech string
		grade      Difficulty
	}{
		{"takuzu-6x6-expert.txt", "trial", Expert},
		{"takuzu-10x10-inhuman.txt", "search", Inhuman},
		{"tango-6x6-medium.txt", "edge-clue", Medium},
		{"troix-9x9-hard.txt", "troix-enumeration", Hard},
	} {
		p := mustParseHint(t, c.file)
		res := Solve(p)
		if res.Status != Unique {
			t.Fatalf("%s is %s", c.file, res.Status)
		}
		steps, err := Steps(p)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		used := false
		for _, st := range steps {
			used = used || st.Technique == c.tech
			for _, pl := range st.Sets {
				if pl.Value != res.Solution[pl.Row*p.Cols+pl.Col] {
					t.Fatalf("%s: %s step sets r%dc%d wrongly: %s", c.file, st.Technique, pl.Row+1, pl.Col+1, st.Explanation)
				}
			}
		}
		if !used {
			t.Errorf("%s: no %s step", c.file, c.tech)
		}
		if g, _, err := Grade(p); err != nil || g != c.grade {
			t.Errorf("%s: graded %v (%v), want %v", c.file, g, err, c.grade)
		}
	}
}

func TestNextStepErrors(t *testing.T) {
	solved := mustParseHint(t, "takuzu-8x8-hard.txt")
	res := Solve(solved)
	solved.Cells = res.Solution
	if _, err := NextStep(solved); !errors.Is(err, ErrAlreadySolved) {
		t.Errorf("solved grid: %v, want ErrAlreadySolved", err)
	}

	broken, _ := NewPuzzle(ThreeInARow, 6, 6)
	for c := range 3 {
		broken.Set(2, c, One)
	}
	var re *RuleError
	if _, err := NextStep(broken); !errors.As(err, &re) || re.Line != (Line{Index: 2}) {
		t.Errorf("three in a row: %v, want a RuleError on row 3", err)
	}

	open, _ := NewPuzzle(ThreeInARow, 4, 4)
	steps, err := Steps(open)
	if !errors.Is(err, ErrNotUnique) || !strings.Contains(err.Error(), "more than one solution") {
		t.Errorf("empty grid: %v, want ErrNotUnique saying there are several solutions", err)
	}
	if len(steps) != 0 {
		t.Errorf("empty 4x4 grid: %d steps, want none", len(steps))
	}

	// Row 1 needs 1 at c2, which makes three 1s in column 2.
	none, _ := NewPuzzle(ThreeInARow, 4, 4)
	none.Set(0, 0, Zero)
	none.Set(0, 2, Zero)
	none.Set(1, 1, One)
	none.Set(2, 1, One)
	if _, err := Steps(none); !errors.Is(err, ErrNotUnique) {
		t.Errorf("unsolvable grid: %v, want ErrNotUnique", err)
	}
}

// FuzzSteps feeds arbitrary puzzle text to the step solver: it must never
// panic, and whatever it places must agree with the fast solver when the
// puzzle is unique.
func FuzzSteps(f *testing.F) {
	files, _ := filepath.Glob(hintFixture(f, "*.txt"))
	for _, path := range files {
		if data, err := os.ReadFile(path); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("rules: takuzu\n0.0.\n....\n.11.\n....\n"))
	f.Add([]byte("rules: troix\n0.1\n...\n2..\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data)
		if err != nil || len(p.Cells) > 100 {
			return
		}
		steps, err := Steps(p)
		res := Solve(p)
		if res.Status != Unique {
			if err == nil {
				t.Fatalf("Steps succeeded on a %s puzzle", res.Status)
			}
			return
		}
		if err != nil {
			t.Fatalf("unique puzzle: %v", err)
		}
		for _, st := range steps {
			for _, pl := range st.Sets {
				if pl.Value != res.Solution[pl.Row*p.Cols+pl.Col] {
					t.Fatalf("%s sets r%dc%d wrongly: %s", st.Technique, pl.Row+1, pl.Col+1, st.Explanation)
				}
			}
		}
	})
}
