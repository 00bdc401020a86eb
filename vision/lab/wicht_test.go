package lab

import (
	"strings"
	"testing"
)

// The truth's cells are given as the photo's pixels are stored; UprightInk
// turns them as the picture is meant to be seen, where the reader reads.
func TestUprightInk(t *testing.T) {
	truth := WichtTruth{Rows: 2, Cols: 3, Cells: []string{"##.", "..#"}}
	for _, tc := range []struct {
		name        string
		orientation int
		want        []string // the upright grid, row by row
	}{
		{"stored upright", 1, []string{"##.", "..#"}},
		{"no orientation", 0, []string{"##.", "..#"}},
		{"a half turn", 3, []string{"#..", ".##"}},
		// Turned clockwise, the stored left column, read upwards,
		// becomes the top row.
		{"a quarter turn clockwise to see it", 6, []string{".#", ".#", "#."}},
		{"a quarter turn anticlockwise to see it", 8, []string{".#", "#.", "#."}},
		{"mirrored", 2, []string{".##", "#.."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ink, rows, cols := truth.UprightInk(tc.orientation)
			if rows != len(tc.want) || cols != len(tc.want[0]) {
				t.Fatalf("%dx%d, want %dx%d", rows, cols, len(tc.want), len(tc.want[0]))
			}
			var got []string
			for r := 0; r < rows; r++ {
				var b strings.Builder
				for c := 0; c < cols; c++ {
					if ink[r*cols+c] {
						b.WriteByte('#')
					} else {
						b.WriteByte('.')
					}
				}
				got = append(got, b.String())
			}
			if strings.Join(got, "/") != strings.Join(tc.want, "/") {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}
