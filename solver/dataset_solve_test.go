package solver

import (
	"path/filepath"
	"slices"
	"testing"
)

// Every published record must come out unique, with exactly its listed
// solution, under its listed rules and edges.
func TestDatasetsSolveUniquely(t *testing.T) {
	for _, path := range sharedDatasets(t) {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			puzzles := loadDataset(t, path)
			failures := 0
			for _, d := range puzzles {
				res := Solve(d.puzzle)
				if res.Status != Unique || !slices.Equal(res.Solution, d.solution) {
					failures++
					if failures <= 5 {
						t.Errorf("%s line %d (%s): status %v, contradiction %v\n got %v\nwant %v",
							name, d.line, d.rec.ID, res.Status, res.Contradiction,
							GridRows(orEmpty(res.Solution, d.puzzle), d.puzzle.Rows, d.puzzle.Cols), d.rec.Solution)
					}
				}
			}
			t.Logf("%s: solved %d records, %d wrong", name, len(puzzles), failures)
		})
	}
}

func orEmpty(cells []Cell, p *Puzzle) []Cell {
	if cells == nil {
		return p.Cells
	}
	return cells
}
