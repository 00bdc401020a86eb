package locate

import (
	"slices"
	"testing"
)

func TestSquareAlternatives(t *testing.T) {
	square := [4][2]float64{{0, 0}, {600, 0}, {600, 600}, {0, 600}}
	// Seen at a slant: a square board whose far side is shorter and
	// whose height is foreshortened by a fifth.
	slanted := [4][2]float64{{60, 0}, {540, 0}, {600, 480}, {0, 480}}
	for _, tc := range []struct {
		name       string
		quad       [4][2]float64
		rows, cols int
		want       [][2]int
	}{
		{"square cells", square, 6, 6, nil},
		{"square cells at a slant", slanted, 6, 6, nil},
		// A Tango board whose clue row cut each pair of rows into one.
		{"every other row line missed", square, 4, 8, [][2]int{{4, 4}, {8, 8}}},
		// A strip four times as wide as tall: halving its rows would
		// leave a board too small to be a puzzle.
		{"halved rows too few", [4][2]float64{{0, 0}, {600, 0}, {600, 150}, {0, 150}}, 4, 8, [][2]int{{4, 16}}},
		// A line through each digit's middle taken for a cell line.
		{"a line through each column of glyphs", square, 14, 28, [][2]int{{14, 14}, {28, 28}}},
		// The same, seen at a slant that stretches the cells' aspect
		// to 1.9: the aspect alone gives 15 columns, the multiple 14.
		{"at a slant", [4][2]float64{{0, 0}, {600, 0}, {600, 570}, {0, 570}}, 14, 28, [][2]int{{14, 14}, {14, 15}, {27, 28}, {28, 28}}},
		{"wide cells", square, 10, 5, [][2]int{{5, 5}, {10, 10}}},
		{"three and a half times as wide", square, 14, 4, [][2]int{{4, 4}, {14, 14}, {14, 16}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := Candidate{Quad: tc.quad, Rows: PeriodFit{N: tc.rows}, Cols: PeriodFit{N: tc.cols}, Centres: [][2]float64{{1, 1}}}
			var got [][2]int
			for _, a := range SquareAlternatives(c) {
				got = append(got, [2]int{a.Rows.N, a.Cols.N})
				if a.Centres != nil {
					t.Errorf("%dx%d keeps the old count's cell centres", a.Rows.N, a.Cols.N)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("alternatives %v, want %v", got, tc.want)
			}
		})
	}
}
