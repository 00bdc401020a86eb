package locate

import (
	"image"
	"image/color"
	"math"
	"testing"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// inkedGrid draws a rows x cols grid of light lines, cs pixels a cell,
// with a printed 0 or 1 in every cell, as a solved puzzle or a fully
// given one is; lineGrey is the lines' grey on 225 paper. It returns the
// plane and the grid's corners.
func inkedGrid(rows, cols, cs int, lineGrey uint8) (raster.Plane, [4][2]float64) {
	w, h := cols*cs+120, rows*cs+120
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(225, 0, 0, 0), h, w, gocv.MatTypeCV8U)
	defer m.Close()
	x0, y0 := 60, 60
	line := color.RGBA{lineGrey, lineGrey, lineGrey, 255}
	for c := 0; c <= cols; c++ {
		gocv.Line(&m, image.Pt(x0+c*cs, y0), image.Pt(x0+c*cs, y0+rows*cs), line, 1)
	}
	for r := 0; r <= rows; r++ {
		gocv.Line(&m, image.Pt(x0, y0+r*cs), image.Pt(x0+cols*cs, y0+r*cs), line, 1)
	}
	ink := color.RGBA{30, 30, 30, 255}
	scale := float64(cs) / 40
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			d := "0"
			if (r*7+c*3)%5 < 2 {
				d = "1"
			}
			sz := gocv.GetTextSize(d, gocv.FontHersheySimplex, scale, 3)
			org := image.Pt(x0+c*cs+(cs-sz.X)/2, y0+r*cs+(cs+sz.Y)/2)
			gocv.PutText(&m, d, org, gocv.FontHersheySimplex, scale, ink, 3)
		}
	}
	g := gocv.NewMat()
	defer g.Close()
	gocv.GaussianBlur(m, &g, image.Pt(3, 3), 0, 0, gocv.BorderDefault)
	x1, y1 := float64(x0+cols*cs), float64(y0+rows*cs)
	return raster.PlaneOf(g), [4][2]float64{{float64(x0), float64(y0)}, {x1, float64(y0)}, {x1, y1}, {float64(x0), y1}}
}

func TestPhaseChecked(t *testing.T) {
	const rows, cols, cs = 8, 10, 40
	for _, tc := range []struct {
		name      string
		lineGrey  uint8
		dx, dy    float64 // the candidate's offset from the grid, in cells
		wantMoved bool
	}{
		{"half a cell off across the columns", 185, 0.4, 0, true},
		{"half a cell off down the rows", 185, 0, -0.45, true},
		{"off on both axes", 185, 0.5, 0.4, true},
		// The nearest lines are then the wrong way for the extent.
		{"more than half a cell off", 185, -0.6, 0, true},
		{"on the grid", 185, 0, 0, false},
		{"a little off, as snapping leaves it", 185, 0.08, 0, false},
		// Without lines to see nothing tells the phase.
		{"no lines", 225, 0.4, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, truth := inkedGrid(rows, cols, cs, tc.lineGrey)
			var q [4][2]float64
			for i := range q {
				q[i] = [2]float64{truth[i][0] + tc.dx*cs, truth[i][1] + tc.dy*cs}
			}
			c := Candidate{Quad: q, Area: geom.QuadArea(q), Rows: PeriodFit{N: rows, Score: 1}, Cols: PeriodFit{N: cols, Score: 1}}
			raster.Trace = t.Logf
			defer func() { raster.Trace = nil }()
			got, moved := phaseChecked(p, c)
			if moved != tc.wantMoved {
				t.Fatalf("moved %v, want %v", moved, tc.wantMoved)
			}
			if !moved {
				if got.Quad != q {
					t.Fatalf("quad changed without a move")
				}
				return
			}
			for i := range truth {
				if e := math.Hypot(got.Quad[i][0]-truth[i][0], got.Quad[i][1]-truth[i][1]); e > 0.1*cs {
					t.Fatalf("corner %d at %v, %.1f px from the grid's %v", i, got.Quad[i], e, truth[i])
				}
			}
		})
	}
}

// BenchmarkPhaseChecked is the full search, on a big grid located half a
// cell off.
func BenchmarkPhaseChecked(b *testing.B) {
	p, truth := inkedGrid(30, 40, 22, 185)
	var q [4][2]float64
	for i := range q {
		q[i] = [2]float64{truth[i][0] + 0.45*22, truth[i][1]}
	}
	c := Candidate{Quad: q, Area: geom.QuadArea(q), Rows: PeriodFit{N: 30, Score: 1}, Cols: PeriodFit{N: 40, Score: 1}}
	for i := 0; i < b.N; i++ {
		phaseChecked(p, c)
	}
}
