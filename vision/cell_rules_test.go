package vision

import (
	"slices"
	"testing"

	"binocle/solver"
	"binocle/vision/internal/cellread"
)

// TestCellsByRules checks that the cells as the grid's glyphs resemble
// them are taken only where the net's cells have no single solution and
// those do.
func TestCellsByRules(t *testing.T) {
	p, _, err := solver.Generate(solver.GenOptions{Rules: solver.ThreeInARow, Rows: 6, Cols: 6, Difficulty: solver.Easy, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	var filled []int
	for i, v := range p.Cells {
		if v != solver.Empty {
			filled = append(filled, i)
		}
	}
	flip := func(cells []solver.Cell, at ...int) []solver.Cell {
		out := slices.Clone(cells)
		for _, i := range at {
			out[i] = solver.Zero + solver.One - out[i]
		}
		return out
	}
	// The first given that, flipped, leaves no single solution (some
	// flipped leave one of their own: an easy puzzle spares givens).
	var misread []solver.Cell
	for len(filled) > 1 && misread == nil {
		if m := flip(p.Cells, filled[0]); !(&Reading{Rows: 6, Cols: 6, Style: cellread.StyleDiscCircle, Cells: m}).solvesOnce() {
			misread = m
		}
		filled = filled[1:]
	}
	if misread == nil {
		t.Fatal("every given flipped leaves one solution")
	}
	var misreadTwice []solver.Cell
	for _, i := range filled {
		if m := flip(misread, i); !(&Reading{Rows: 6, Cols: 6, Style: cellread.StyleDiscCircle, Cells: m}).solvesOnce() {
			misreadTwice = m
			break
		}
	}
	tests := []struct {
		name             string
		cells, resembled []solver.Cell
		fixed            bool
	}{
		{"a disc read as a ring", misread, p.Cells, true},
		{"read right", p.Cells, misread, false},
		{"nothing resembled otherwise", misread, nil, false},
		{"the resemblance misreads another", misread, misreadTwice, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &Reading{Rows: 6, Cols: 6, Style: cellread.StyleDiscCircle, Cells: slices.Clone(tt.cells), resembled: tt.resembled}
			// The net sure of every cell as read: 0.9 to its value, 0.05
			// to the other symbol.
			for _, v := range r.Cells {
				var vp cellread.ValueProbs
				vp[cellread.ValueIndex(v)] = 0.9
				vp[cellread.ValueIndex(solver.Zero+solver.One-v)] = 0.05
				r.Values = append(r.Values, vp)
				r.Confidence = append(r.Confidence, 0.9)
			}
			if got := r.lookByRules(); got != tt.fixed || r.Evidence.CellsByLook != tt.fixed {
				t.Fatalf("lookByRules = %v (evidence %v), want %v", got, r.Evidence.CellsByLook, tt.fixed)
			}
			want := tt.cells
			if tt.fixed {
				want = tt.resembled
			}
			if !slices.Equal(r.Cells, want) {
				t.Errorf("cells %v, want %v", r.Cells, want)
			}
			for i, v := range r.Cells {
				wantConf := 0.9
				if v != tt.cells[i] {
					wantConf = 0.05 // what the net gave the value taken
				}
				if r.Confidence[i] != wantConf {
					t.Errorf("cell %d confidence %.2f, want %.2f", i, r.Confidence[i], wantConf)
				}
			}
		})
	}
}
