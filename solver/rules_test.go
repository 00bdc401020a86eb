package solver

import (
	"errors"
	"strings"
	"testing"
)

// grid builds a puzzle from compact rows, for tests.
func grid(t testing.TB, rules Rules, rows ...string) *Puzzle {
	t.Helper()
	p, err := NewPuzzle(rules, len(rows), len(rows[0]))
	if err != nil {
		t.Fatal(err)
	}
	for r, row := range rows {
		for c := 0; c < len(row); c++ {
			v, ok := CellFromChar(row[c])
			if !ok {
				t.Fatalf("bad test cell %q", row[c])
			}
			p.Set(r, c, v)
		}
	}
	return p
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name  string
		p     func(t *testing.T) *Puzzle
		rule  Rule   // "" when valid, or when the error is not a RuleError
		want  string // substring of the error; "" when valid
		cells int    // number of offending cells listed
	}{
		{"empty 6x6", func(t *testing.T) *Puzzle {
			return grid(t, ThreeInARow, "......", "......", "......", "......", "......", "......")
		}, "", "", 0},
		{"triple in a row", func(t *testing.T) *Puzzle {
			return grid(t, ThreeInARow, "......", "......", "...111", "......", "......", "......")
		}, RuleTriple, "row 3: three 1s in a row at columns 4-6", 3},
		{"four in a column", func(t *testing.T) *Puzzle {
			return grid(t, Takuzu, "0.....", "0.....", "0.....", "0.....", "......", "......")
		}, RuleTriple, "column 1: four 0s in a row at rows 1-4", 4},
		{"five 1s in a line of 8", func(t *testing.T) *Puzzle {
			return grid(t, ThreeInARow, "1.1.1.11", "........", "........", "........", "........", "........", "........", "........")
		}, RuleBalance, "row 1: five 1s, but a line of 8 holds at most 4", 5},
		{"odd line may hold the extra symbol", func(t *testing.T) *Puzzle {
			return grid(t, ThreeInARow, "11010", ".....", ".....", ".....", ".....")
		}, "", "", 0},
		{"odd line over the extra", func(t *testing.T) *Puzzle {
			return grid(t, ThreeInARow, "11011", ".....", ".....", ".....", ".....")
		}, RuleBalance, "row 1: four 1s, but a line of 5 holds at most 3", 4},
		{"rectangular column balance", func(t *testing.T) *Puzzle {
			return grid(t, ThreeInARow, "1.......", "........", "1.......", "1.......")
		}, RuleBalance, "column 1: three 1s, but a line of 4 holds at most 2", 3},
		{"takuzu equal rows", func(t *testing.T) *Puzzle {
			return grid(t, Takuzu, "0110", "....", "0110", "....")
		}, RuleDistinct, "row 3: same as row 1", 8},
		{"threeinarow allows equal rows", func(t *testing.T) *Puzzle {
			return grid(t, ThreeInARow, "0110", "....", "0110", "....")
		}, "", "", 0},
		{"2 outside troix", func(t *testing.T) *Puzzle {
			p := grid(t, ThreeInARow, "....", "....", "....", "....")
			p.Set(1, 2, Two)
			return p
		}, RuleSymbol, "row 2: cell at column 3 holds 2, which threeinarow does not use", 1},
		{"troix thirds", func(t *testing.T) *Puzzle {
			return grid(t, Troix, "2.2...", "......", "......", "......", "2.....", "......")
		}, "", "", 0},
		{"troix too many 2s", func(t *testing.T) *Puzzle {
			return grid(t, Troix, "2.2.2.", "......", "......", "......", "......", "......")
		}, RuleBalance, "row 1: three 2s, but a line of 6 holds at most 2", 3},
		{"troix size", func(t *testing.T) *Puzzle { return grid(t, Troix, "....", "....", "....", "....") }, "", "divisible by 3", 0},
		{"edge broken by givens", func(t *testing.T) *Puzzle {
			p := grid(t, ThreeInARow, "01..", "....", "....", "....")
			p.Edges = []Edge{{R1: 0, C1: 0, R2: 0, C2: 1, Rel: Equal}}
			return p
		}, RuleEdge, "row 1: the '=' clue between r1c1 and r1c2 joins 0 and 1", 2},
		{"vertical x broken", func(t *testing.T) *Puzzle {
			p := grid(t, ThreeInARow, "....", "...1", "...1", "....")
			p.Edges = []Edge{{R1: 2, C1: 3, R2: 1, C2: 3, Rel: Differ}}
			return p
		}, RuleEdge, "column 4: the 'x' clue", 2},
		{"edge not adjacent", func(t *testing.T) *Puzzle {
			p := grid(t, ThreeInARow, "....", "....", "....", "....")
			p.Edges = []Edge{{R1: 0, C1: 0, R2: 1, C2: 1, Rel: Equal}}
			return p
		}, RuleEdge, "edge clue 1 (r1c1=r2c2) joins cells that are not side by side", 2},
		{"edge outside", func(t *testing.T) *Puzzle {
			p := grid(t, ThreeInARow, "....", "....", "....", "....")
			p.Edges = []Edge{{R1: 3, C1: 3, R2: 3, C2: 4, Rel: Equal}}
			return p
		}, "", "cell r4c5 is outside the 4x4 grid", 0},
		{"contradicting edges", func(t *testing.T) *Puzzle {
			p := grid(t, ThreeInARow, "....", "....", "....", "....")
			p.Edges = []Edge{{R1: 0, C1: 0, R2: 0, C2: 1, Rel: Equal}, {R1: 0, C1: 1, R2: 0, C2: 0, Rel: Differ}}
			return p
		}, RuleEdge, "edge clue 2 (r1c2xr1c1) contradicts an earlier clue", 2},
		{"duplicate edges", func(t *testing.T) *Puzzle {
			p := grid(t, ThreeInARow, "....", "....", "....", "....")
			p.Edges = []Edge{{R1: 0, C1: 0, R2: 0, C2: 1, Rel: Equal}, {R1: 0, C1: 0, R2: 0, C2: 1, Rel: Equal}}
			return p
		}, RuleEdge, "repeats an earlier clue", 2},
		{"cells length", func(t *testing.T) *Puzzle {
			p := grid(t, ThreeInARow, "....", "....")
			p.Cells = p.Cells[:7]
			return p
		}, "", "2x4 grid has 7 cells", 0},
		{"too big", func(t *testing.T) *Puzzle { return &Puzzle{Rows: 65, Cols: 4} }, "", "out of range", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.p(t).Validate()
			if tt.want == "" {
				if err != nil {
					t.Fatalf("want valid, got %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got error %v, want one containing %q", err, tt.want)
			}
			var re *RuleError
			if errors.As(err, &re) != (tt.rule != "") {
				t.Fatalf("RuleError %v, want rule %q", re, tt.rule)
			}
			if re != nil && (re.Rule != tt.rule || (tt.cells > 0 && len(re.Cells) != tt.cells)) {
				t.Fatalf("rule %q with %d cells %v, want %q with %d", re.Rule, len(re.Cells), re.Cells, tt.rule, tt.cells)
			}
		})
	}
}

func TestCheckSolution(t *testing.T) {
	p := grid(t, Takuzu, "1...", "....", "..1.", "....")
	good := grid(t, Takuzu, "1001", "0110", "1010", "0101").Cells
	if err := CheckSolution(p, good); err != nil {
		t.Fatalf("valid solution rejected: %v", err)
	}
	tests := []struct {
		name  string
		cells []Cell
		want  string
	}{
		{"changes a given", grid(t, Takuzu, "0110", "1001", "0101", "1010").Cells, "puzzle gives 1"},
		{"has an empty cell", grid(t, Takuzu, "1001", "0110", "1010", "010.").Cells, "row 4: cell at column 4 is empty"},
		{"repeats a column", grid(t, Takuzu, "1010", "0101", "1010", "0101").Cells, "same as"},
		{"breaks balance", grid(t, Takuzu, "1001", "0110", "1011", "0100").Cells, "three 1s"},
		{"wrong length", good[:15], "15 cells"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckSolution(p, tt.cells)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
	edged := grid(t, ThreeInARow, "....", "....", "....", "....")
	edged.Edges = []Edge{{R1: 1, C1: 0, R2: 2, C2: 0, Rel: Equal}}
	if err := CheckSolution(edged, good); err == nil || !strings.Contains(err.Error(), "'=' clue") {
		t.Fatalf("broken '=' clue not reported: %v", err)
	}
}
