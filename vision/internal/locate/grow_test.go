package locate

import (
	"image/color"
	"testing"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// drawnGrid is a gray picture of a rows x cols grid of cell-pixel cells
// whose top-left corner is at (x0, y0): the lines of columns before
// fadeCol are drawn fainter, as under a shadow, with a ring in some of
// their cells.
// extra, when set, draws a second grid beside the first, half a cell
// to its right, with its rows on the first one's lines.
func drawnGrid(rows, cols, cell, x0, y0, fadeCol int, extra bool) gocv.Mat {
	const w, h = 700, 600
	m := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8U)
	m.SetTo(gocv.NewScalar(215, 0, 0, 0))
	line := func(x1, y1, x2, y2 int, v uint8) {
		gocv.Line(&m, raster.Pt(x1, y1), raster.Pt(x2, y2), color.RGBA{v, v, v, 255}, 2)
	}
	grid := func(x0, cols, fade int) {
		for c := 0; c <= cols; c++ {
			v := uint8(90)
			if c < fade {
				v = 155
			}
			line(x0+c*cell, y0, x0+c*cell, y0+rows*cell, v)
		}
		for r := 0; r <= rows; r++ {
			// Each row line is drawn piecewise, faint where it
			// crosses the faded columns.
			for c := 0; c < cols; c++ {
				v := uint8(90)
				if c < fade {
					v = 155
				}
				line(x0+c*cell, y0+r*cell, x0+(c+1)*cell, y0+r*cell, v)
			}
		}
	}
	grid(x0, cols, fadeCol)
	for r := 0; r < rows; r++ {
		for c := 0; c < fadeCol; c++ {
			if (r+c)%2 == 0 {
				cx, cy := x0+c*cell+cell/2, y0+r*cell+cell/2
				gocv.Circle(&m, raster.Pt(cx, cy), cell/3, color.RGBA{40, 40, 40, 255}, 4)
			}
		}
	}
	if extra {
		grid(x0+cols*cell+cell/2, 3, 0)
	}
	return m
}

// TestGrowSmall checks that a lattice found on part of a small grid is
// grown over the columns whose lines are faint, and not over a second
// grid beside it.
func TestGrowSmall(t *testing.T) {
	const rows, cols, cell, x0, y0 = 6, 6, 50, 120, 150
	tests := []struct {
		name      string
		fade      int
		extra     bool
		have      int // columns the lattice starts with, on the right
		wantCols  int
		wantShift int // columns the lattice's left side moves out
	}{
		{"faint columns grown", 3, false, 3, 6, 3},
		{"whole grid left alone", 0, false, 6, 6, 0},
		{"neighbouring grid not taken", 0, true, 6, 6, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			gray := drawnGrid(rows, cols, cell, x0, y0, tc.fade, tc.extra)
			defer gray.Close()
			left := cols - tc.have
			f := LatticeFit{Rows: rows, Cols: tc.have, Cells: rows * tc.have, CellSize: cell,
				ToImage: geom.Homography{cell, 0, float64(x0 + left*cell), 0, cell, y0, 0, 0, 1}}
			raster.Trace = t.Logf
			g := growSmall(gray, f)
			raster.Trace = nil
			if g.Rows != rows || g.Cols != tc.wantCols {
				t.Fatalf("grown to %dx%d, want %dx%d", g.Rows, g.Cols, rows, tc.wantCols)
			}
			x, _ := g.ToImage.Apply(0, 0)
			want := float64(x0 + (left-tc.wantShift)*cell)
			if d := x - want; d > cell/4 || d < -cell/4 {
				t.Errorf("left side at x %.1f, want %.1f", x, want)
			}
		})
	}
}
