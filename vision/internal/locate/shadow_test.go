package locate

import (
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"

	"binocle/vision/internal/raster"
)

// A grid whose found part ends at a shadow's edge is told from one whose
// border is its own, on paper lit evenly or by a gradient too gentle to
// hide lines, and from a light grid on a dark board, whose ground runs on
// dark beyond it.
func TestShadowEdged(t *testing.T) {
	const cell = 20
	tests := []struct {
		name      string
		shadowAt  int     // x where the shadow begins, 0 for none
		shadow    uint8   // paper brightness in the shadow
		gradient  float64 // brightness lost per pixel left to right
		foundCols int     // columns of the 8 found, from the left
		darkBoard bool    // light lines and glyphs on a black board
		want      bool
	}{
		{"found part ends at the shadow", 60 + 5*cell, 110, 0, 5, false, true},
		{"whole grid in even light", 0, 0, 0, 8, false, false},
		{"whole grid, shadow well beyond it", 60 + 8*cell + 40, 110, 0, 8, false, false},
		{"whole grid under a gentle gradient", 0, 0, 0.1, 8, false, false},
		{"light grid on a dark board", 0, 0, 0, 8, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := gocv.NewMatWithSize(300, 360, gocv.MatTypeCV8U)
			defer m.Close()
			for y := 0; y < m.Rows(); y++ {
				for x := 0; x < m.Cols(); x++ {
					v := 220 - tc.gradient*float64(x)
					if tc.darkBoard {
						v = 15
					}
					if tc.shadowAt > 0 && x >= tc.shadowAt {
						v = float64(tc.shadow)
					}
					m.SetUCharAt(y, x, uint8(v))
				}
			}
			// A light ruled 8x8 grid at (60, 60); on the dark board, a
			// light glyph in every cell, as a board's digits fill it.
			for k := 0; k <= 8; k++ {
				gocv.Line(&m, image.Pt(60+k*cell, 60), image.Pt(60+k*cell, 60+8*cell), color.RGBA{160, 160, 160, 0}, 1)
				gocv.Line(&m, image.Pt(60, 60+k*cell), image.Pt(60+8*cell, 60+k*cell), color.RGBA{160, 160, 160, 0}, 1)
			}
			for r := 0; tc.darkBoard && r < 8; r++ {
				for c := 0; c < 8; c++ {
					x, y := 60+c*cell, 60+r*cell
					gocv.Rectangle(&m, image.Rect(x+5, y+5, x+cell-5, y+cell-5), color.RGBA{200, 200, 200, 0}, -1)
				}
			}
			x1 := float64(60 + tc.foundCols*cell)
			c := Candidate{Quad: [4][2]float64{{60, 60}, {x1, 60}, {x1, 60 + 8*cell}, {60, 60 + 8*cell}},
				Rows: PeriodFit{N: 8, Score: 1}, Cols: PeriodFit{N: tc.foundCols, Score: 1}}
			if got := shadowEdged(raster.PlaneOf(m), c); got != tc.want {
				t.Errorf("shadowEdged = %v, want %v", got, tc.want)
			}
		})
	}
}
