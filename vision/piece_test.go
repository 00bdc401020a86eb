package vision

import (
	"testing"

	"binocle/vision/internal/locate"
)

// TestPieceOf tells a few cells of a grid, found in a copy at another
// scale, from a grid beside it, from a finer lattice within it, from
// most of it, and from anything in a grid folded flat.
func TestPieceOf(t *testing.T) {
	// A 30×30 grid of 20-pixel cells at (100, 100), found in a copy at
	// half size (scale 2 to the picture).
	big := locate.Candidate{
		Quad: [4][2]float64{{50, 50}, {350, 50}, {350, 350}, {50, 350}},
		Rows: locate.PeriodFit{N: 30}, Cols: locate.PeriodFit{N: 30},
	}
	flat := big
	flat.Quad = [4][2]float64{{50, 50}, {350, 50}, {350, 50}, {50, 50}}
	grid := func(x, y, side float64, rows, cols int) locate.Candidate {
		return locate.Candidate{
			Quad: [4][2]float64{{x, y}, {x + side*float64(cols), y}, {x + side*float64(cols), y + side*float64(rows)}, {x, y + side*float64(rows)}},
			Rows: locate.PeriodFit{N: rows}, Cols: locate.PeriodFit{N: cols},
		}
	}
	tests := []struct {
		name  string
		small locate.Candidate
		big   locate.Candidate
		want  bool
	}{
		{"seven by eleven of its cells", grid(300, 340, 20, 7, 11), big, true},
		{"a piece half a cell off its edge", grid(92, 92, 20, 6, 6), big, true},
		{"a grid beside it", grid(760, 100, 20, 6, 6), big, false},
		{"finer cells within it", grid(300, 300, 10, 8, 8), big, false},
		{"most of it", grid(100, 100, 20, 20, 30), big, false},
		{"a grid folded flat", grid(300, 340, 20, 7, 11), flat, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := pieceOf(tc.small, 1, tc.big, 2); got != tc.want {
				t.Errorf("pieceOf = %v, want %v", got, tc.want)
			}
		})
	}
}
