package vision

import (
	"math"
	"testing"
)

// TestSnapLinesFindsThinLines puts a grid's crossings a few pixels off
// its one-pixel lines, as a map fitted to a bent page's cell centres
// does, and checks that the lines are not seen along them but are once
// snapLines has moved every line onto its ridge.
func TestSnapLinesFindsThinLines(t *testing.T) {
	const (
		cell  = 20.0
		n     = 8
		first = 30.0
	)
	cases := []struct {
		name string
		// off is how far the true lines lie right of and below the
		// crossings, at a point along the line (0 to 1).
		off func(along float64) float64
	}{
		{"two pixels", func(float64) float64 { return 2 }},
		{"three pixels back", func(float64) float64 { return -3 }},
		{"drifting along the line", func(a float64) float64 { return -3 + 6*a }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			size := int(2*first + n*cell)
			p := darkPlane{w: size, h: size, d: make([]float32, size*size)}
			span := n * cell
			for y := 0; y < size; y++ {
				for x := 0; x < size; x++ {
					dark := false
					for k := 0; k <= n; k++ {
						// A column line, its offset drifting down the grid,
						// and a row line, drifting across it.
						lx := first + float64(k)*cell + tc.off((float64(y)-first)/span)
						ly := first + float64(k)*cell + tc.off((float64(x)-first)/span)
						if math.Abs(float64(x)-lx) < 0.5 || math.Abs(float64(y)-ly) < 0.5 {
							dark = true
						}
					}
					if dark {
						p.d[y*size+x] = 120
					}
				}
			}
			g := make(nodeGrid, n+1)
			for r := range g {
				g[r] = make([][2]float64, n+1)
				for c := range g[r] {
					g[r][c] = [2]float64{first + float64(c)*cell, first + float64(r)*cell}
				}
			}
			if before := linesLevel(p, g); before > measuring.minBigRidge {
				t.Fatalf("lines seen off them: level %.1f", before)
			}
			s := snapLines(p, snapLines(p, g).transposed()).transposed()
			after := linesLevel(p, s)
			if after < 60 {
				t.Errorf("snapped level %.1f, want the lines' darkness", after)
			}
			for r := range s {
				for c := range s[r] {
					wantX := first + float64(c)*cell + tc.off((s[r][c][1]-first)/span)
					if d := math.Abs(s[r][c][0] - wantX); d > 1.5 {
						t.Errorf("crossing r%dc%d at x %.1f, line at %.1f", r, c, s[r][c][0], wantX)
					}
				}
			}
		})
	}
}
