package locate

import (
	"testing"

	"gocv.io/x/gocv"

	"binocle/geom"
)

// A side counts as lying on the picture's edge only when both its
// corners are within a tenth of a cell of it.
func TestAtPictureEdge(t *testing.T) {
	gray := gocv.NewMatWithSize(400, 400, gocv.MatTypeCV8U)
	defer gray.Close()
	// 6x6 cells of 60 px from (x0, y0).
	fit := func(x0, y0 float64) LatticeFit {
		return LatticeFit{Rows: 6, Cols: 6, CellSize: 60, ToImage: geom.Homography{60, 0, x0, 0, 60, y0, 0, 0, 1}}
	}
	cases := []struct {
		name   string
		f      LatticeFit
		side   int
		onEdge bool
	}{
		{"top flush", fit(20, 0), 0, true},
		{"top a cell in", fit(20, 60), 0, false},
		{"bottom flush", fit(20, 40), 1, true},
		{"bottom short by a fifth", fit(20, 28), 1, false},
		{"left just past", fit(-3, 20), 2, true},
		{"right flush", fit(40, 20), 3, true},
		{"right inside", fit(20, 20), 3, false},
	}
	for _, c := range cases {
		if got := atPictureEdge(gray, c.f, c.side); got != c.onEdge {
			t.Errorf("%s: at the edge %v, want %v", c.name, got, c.onEdge)
		}
	}
}
