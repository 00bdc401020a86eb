package vision

import (
	"testing"

	"binocle/vision/internal/synth"
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
		sample, err := synth.Render(s)
		if err != nil {
			t.Fatal(err)
		}
		m, err := LoadBytes(sample.Data)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Read(m)
		m.Close()
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
	sample, err := synth.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	m, err := LoadBytes(sample.Data)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Read(m)
	m.Close()
	switch {
	case err != nil:
		t.Errorf("%s: %v", s.Name, err)
	case r.Rows != s.Rows || r.Cols < s.Cols-2:
		t.Errorf("%s: read %dx%d, want %dx%d or at most two columns short", s.Name, r.Rows, r.Cols, s.Rows, s.Cols)
	}
}
