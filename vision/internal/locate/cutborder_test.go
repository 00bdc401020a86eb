package locate

import (
	"testing"

	"binocle/vision/internal/raster"
)

// TestCutAtBorder draws an 8×8 grid of 20-pixel cells with no inner
// lines on paper at 200, with a border on its top and left (the
// puzzle-binairo.com look), and hands cutAtBorder a finding that runs two
// rows above the top border, as a glyph lattice stretched by a line of
// text does. It cuts those two rows; a ruled grid, and a finding whose
// edges are the border, stay as they are.
func TestCutAtBorder(t *testing.T) {
	const pitch, side, above = 20, 8, 2
	const x0, y0 = 40, 40 + above*pitch // the grid's top left corner
	draw := func(ruled bool) raster.Plane {
		w, h := x0+side*pitch+40, y0+side*pitch+40
		p := raster.Plane{W: w, H: h, Pix: make([]uint8, w*h)}
		for i := range p.Pix {
			p.Pix[i] = 200
		}
		line := func(x1, y1, x2, y2 int) {
			for y := y1; y <= y2; y++ {
				for x := x1; x <= x2; x++ {
					p.Pix[y*w+x] = 60
				}
			}
		}
		line(x0, y0, x0+side*pitch, y0+1) // top border
		line(x0, y0, x0+1, y0+side*pitch) // left border
		if ruled {
			for k := 1; k <= side; k++ {
				line(x0+k*pitch, y0, x0+k*pitch+1, y0+side*pitch)
				line(x0, y0+k*pitch, x0+side*pitch, y0+k*pitch+1)
			}
		}
		return p
	}
	box := func(rows int, top float64) Candidate {
		q := [4][2]float64{{x0, top}, {x0 + side*pitch, top}, {x0 + side*pitch, y0 + side*pitch}, {x0, y0 + side*pitch}}
		return Candidate{Quad: q, Rows: PeriodFit{N: rows, Score: 1}, Cols: PeriodFit{N: side, Score: 1}}
	}
	tests := []struct {
		name     string
		ruled    bool
		in       Candidate
		wantRows int
		wantTop  float64
	}{
		{"past the top border", false, box(side+above, y0-above*pitch), side, y0},
		{"on the border", false, box(side, y0), side, y0},
		{"ruled grid", true, box(side+above, y0-above*pitch), side + above, y0 - above*pitch},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := cutAtBorder(draw(tc.ruled), tc.in)
			if got.Rows.N != tc.wantRows || got.Cols.N != side {
				t.Fatalf("cut to %dx%d, want %dx%d", got.Rows.N, got.Cols.N, tc.wantRows, side)
			}
			if top := got.Quad[0][1]; top < tc.wantTop-0.5 || top > tc.wantTop+0.5 {
				t.Errorf("top edge at y %.1f, want %.1f", top, tc.wantTop)
			}
		})
	}
}
