package solver

import (
	"errors"
	"flag"
	"fmt"
	"path/filepath"
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

func TestStepGradeProbe(t *testing.T) {
	for _, path := range sharedDatasets(t) {
		name := filepath.Base(path)
		table := map[string]map[Difficulty]int{}
		for _, d := range stepSample(loadDataset(t, path), 60) {
			g, st, err := Grade(d.puzzle)
			if err != nil {
				t.Errorf("%s %s: %v", name, d.rec.ID, err)
				continue
			}
			lab := "-"
			if d.rec.Difficulty != nil {
				lab = *d.rec.Difficulty
			}
			if table[lab] == nil {
				table[lab] = map[Difficulty]int{}
			}
			table[lab][g]++
			_ = st
		}
		var sb strings.Builder
		for lab, m := range table {
			fmt.Fprintf(&sb, "%s %s: %v\n", name, lab, m)
		}
		t.Log(sb.String())
	}
	_ = errors.New
}
