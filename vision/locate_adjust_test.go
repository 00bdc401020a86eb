package vision

import (
	"testing"

	"binocle/vision/internal/gridline"
)

// TestGrowLocally reads faint grids on bowed paper, where the map fitted
// to the closed cells of part of the grid misses the lines of the far
// columns: the strips beyond a side must be judged from the side's own
// last few strips.
func TestGrowLocally(t *testing.T) {
	cases := []struct {
		seed               uint64
		n                  int
		rotate, tilt, bend float64
	}{
		{318, 10, 3, 40, 0.6},
	}
	for _, c := range cases {
		s := faintGrid(c.seed, c.n, c.n, c.rotate, c.tilt)
		s.Bend = c.bend
		r, err := readSpec(t, s)
		switch {
		case err != nil:
			t.Errorf("%s: %v", s.Name, err)
		case r.Rows != s.Rows || r.Cols != s.Cols:
			t.Errorf("%s: read %dx%d, want %dx%d", s.Name, r.Rows, r.Cols, s.Rows, s.Cols)
		}
	}
}

// TestKeepClosedStrips reads a faint grid on bowed paper whose far
// columns' lines are fainter than the fixed contrast trimming judges by:
// columns whose cells were found closed must not be trimmed off. (The
// bow still costs the grid a column or two: no more than that.)
func TestKeepClosedStrips(t *testing.T) {
	s := faintGrid(302, 14, 14, -3, 35)
	s.Bend = 0.6
	r, err := readSpec(t, s)
	switch {
	case err != nil:
		t.Errorf("%s: %v", s.Name, err)
	case r.Rows != s.Rows || r.Cols < s.Cols-2:
		t.Errorf("%s: read %dx%d, want %dx%d or at most two columns short", s.Name, r.Rows, r.Cols, s.Rows, s.Cols)
	}
}

// TestBareStrips draws the line evidence of a 6x6 lattice whose top strips
// the grid's vertical lines cross over only part of their depth, or not
// at all: only strips crossed by next to none are stray when judged at the
// grid's own faint contrast, where shade breaks a real strip's lines.
func TestBareStrips(t *testing.T) {
	const m, n = 2, 6
	evidence := func(share [n]float64) gridline.Evidence {
		ev := gridline.Evidence{Rows: n, Cols: n, W: (n + 2*m) * gridline.ExtendPx, H: (n + 2*m) * gridline.ExtendPx}
		ev.Vr = make([]bool, ev.W*ev.H)
		ev.Hr = make([]bool, ev.W*ev.H)
		for row := 0; row < n; row++ {
			y0 := (row + m) * gridline.ExtendPx
			for line := 1; line < n; line++ {
				x := (line + m) * gridline.ExtendPx
				for y := y0; y < y0+int(share[row]*gridline.ExtendPx); y++ {
					ev.Vr[y*ev.W+x] = true
				}
			}
		}
		return ev
	}
	cases := []struct {
		name  string
		share [n]float64
		bare  int
		blind bool
	}{
		{"lines through every strip", [n]float64{1, 1, 1, 1, 1, 1}, 0, false},
		{"text strip on top", [n]float64{0, 1, 1, 1, 1, 1}, 1, false},
		{"two text strips", [n]float64{0, 0.1, 1, 1, 1, 1}, 2, false},
		{"shaded strip, lines half seen", [n]float64{0.5, 1, 1, 1, 1, 1}, 0, false},
		{"no line near the side", [n]float64{0, 0, 0, 1, 1, 1}, 0, true},
	}
	for _, c := range cases {
		ev := evidence(c.share)
		if got := ev.BareStrips(0); got != c.bare {
			t.Errorf("%s: bareStrips = %d, want %d", c.name, got, c.bare)
		}
		if got := ev.Blind(0); got != c.blind {
			t.Errorf("%s: blind = %v, want %v", c.name, got, c.blind)
		}
	}
}
