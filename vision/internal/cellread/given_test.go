package cellread

import (
	"strings"
	"testing"

	"binocle/solver"
)

// TestFinishedShading holds the checks that let a finished board's
// shaded cells be its givens: scattered givens of both symbols pass; a
// shadow over cells side by side, a shade on most of the board, a
// board shading one symbol, and a shadow's edge darkening a row do not.
func TestFinishedShading(t *testing.T) {
	// A solved 6×6 board; '#' marks a shaded cell in the masks.
	board := []string{
		"011010",
		"100101",
		"010110",
		"101001",
		"001011",
		"110100",
	}
	tests := []struct {
		name   string
		shaded []string
		want   bool
	}{
		{"scattered givens of both symbols", []string{
			"#...#.",
			"..#...",
			"#....#",
			"...#..",
			".#...#",
			"...#..",
		}, true},
		{"a shadow over one corner", []string{
			"###...",
			"###...",
			"###...",
			"......",
			"......",
			"......",
		}, false},
		{"more of the board shaded than any puzzle gives", []string{
			"#.#.#.",
			".#.#.#",
			"#.#.#.",
			".#.#.#",
			"#.#.#.",
			".#####",
		}, false},
		{"every 1 shaded, no 0", shadeOnes(board), false},
		{"a shadow's edge along a row", []string{
			"......",
			"....#.",
			"......",
			".#....",
			"######",
			"......",
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cells := make([]solver.Cell, 0, 36)
			for _, row := range board {
				for _, ch := range row {
					v, _ := solver.CellFromChar(byte(ch))
					cells = append(cells, v)
				}
			}
			var s split
			filled := make([]int, len(cells))
			for i := range cells {
				filled[i] = i
				if tt.shaded[i/6][i%6] == '#' {
					s.Lo = append(s.Lo, i)
				} else {
					s.hi = append(s.hi, i)
				}
			}
			if got := finishedShading(6, cells, filled, s, true); got != tt.want {
				t.Errorf("finishedShading = %v, want %v", got, tt.want)
			}
		})
	}
}

func shadeOnes(board []string) []string {
	out := make([]string, len(board))
	for i, row := range board {
		out[i] = strings.NewReplacer("1", "#", "0", ".").Replace(row)
	}
	return out
}
