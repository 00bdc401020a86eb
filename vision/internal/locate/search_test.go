package locate

import (
	"errors"
	"testing"
)

// TestSearchClimbsAsFreshCopiesDo: the last-resort ladder, climbed on the
// copies the reading ladder made (Search), finds what it finds on copies
// of its own, and the reading ladder's finding is unchanged by climbing
// first. A copy's cache that an earlier rung could change would read a
// picture differently by the path it took.
func TestSearchClimbsAsFreshCopiesDo(t *testing.T) {
	for _, tc := range []struct {
		name  string
		share float64
	}{
		// No lines: the reading ladder finds nothing, the closed-glyphs
		// rung the grid, on the grey cells the lattice rung closed.
		{"squares and rings, half the cells", 0.5},
		{"squares and rings, a tenth of the cells", 0.1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := squaresAndRings(16, 20, 40, tc.share, 7)
			defer img.Close()
			wantFirst, _, wantFirstErr := climb(img, readLadder, nil)
			wantLast, wantScale, wantErr := climb(img, lastResortLadder, nil)
			s := NewSearch(img)
			defer s.Close()
			first, _, firstErr := s.FindWhere(nil)
			last, scale, err := s.FindLastWhere(nil)
			if !errors.Is(firstErr, wantFirstErr) || first.Rows.N != wantFirst.Rows.N || first.Cols.N != wantFirst.Cols.N || first.Quad != wantFirst.Quad {
				t.Errorf("reading ladder: %dx%d %v (%v); on its own %dx%d %v (%v)", first.Rows.N, first.Cols.N, first.Quad, firstErr, wantFirst.Rows.N, wantFirst.Cols.N, wantFirst.Quad, wantFirstErr)
			}
			if !errors.Is(err, wantErr) || last.Rows.N != wantLast.Rows.N || last.Cols.N != wantLast.Cols.N || last.Quad != wantLast.Quad || scale != wantScale {
				t.Errorf("last-resort ladder after it: %dx%d %v (%v); on its own %dx%d %v (%v)", last.Rows.N, last.Cols.N, last.Quad, err, wantLast.Rows.N, wantLast.Cols.N, wantLast.Quad, wantErr)
			}
		})
	}
}
