package cellread

import (
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"

	"binocle/vision/internal/raster"
)

// TestDarkBoardWindows rectifies a dark theme's board as the reader
// does, grey lines between near-black cells, with white discs and blue
// rings side by side, and checks that each cell's window stays where
// the lattice puts it. Found in the dark mask, the lines were the board
// itself, all along every cell, and a cell whose glyph and its
// neighbour's left a gap in that "line" had its window moved a third of
// a cell (study-clean wild-clean-071: 28 discs read as rings). A light
// board's windows are checked the same way (vision's TestDarkBoards
// holds a dark tile board's, whose lines are the dark gaps).
func TestDarkBoardWindows(t *testing.T) {
	const rows, cols, px = 8, 8, 40
	glyphs := []string{
		"1.0..10.",
		"..10.0..",
		".1..01..",
		"0..1..10",
		".01..0..",
		"1..0.1.0",
		"..1.0..1",
		".0..1.0.",
	}
	for _, tc := range []struct {
		name                   string
		board, line, one, zero color.RGBA
	}{
		{"dark theme", color.RGBA{25, 20, 18, 0}, color.RGBA{72, 70, 70, 0}, color.RGBA{240, 240, 240, 0}, color.RGBA{90, 150, 230, 0}},
		{"light page", color.RGBA{245, 248, 250, 0}, color.RGBA{120, 120, 120, 0}, color.RGBA{20, 20, 20, 0}, color.RGBA{200, 90, 40, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			grid := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(tc.board.R), float64(tc.board.G), float64(tc.board.B), 0), rows*px, cols*px, gocv.MatTypeCV8UC3)
			defer grid.Close()
			for k := 0; k <= cols; k++ {
				gocv.Line(&grid, image.Pt(k*px, 0), image.Pt(k*px, rows*px), tc.line, 3)
				gocv.Line(&grid, image.Pt(0, k*px), image.Pt(cols*px, k*px), tc.line, 3)
			}
			for r, row := range glyphs {
				for c, g := range row {
					centre := image.Pt(c*px+px/2, r*px+px/2)
					switch g {
					case '1':
						gocv.Circle(&grid, centre, 9, tc.one, -1)
					case '0':
						gocv.Circle(&grid, centre, 9, tc.zero, 2)
					}
				}
			}
			ci := NewImage(grid, rows, cols, px)
			for i := range ci.ShiftX {
				if raster.Abs(ci.ShiftX[i]) > maxWindowShift || raster.Abs(ci.ShiftY[i]) > maxWindowShift {
					t.Errorf("r%dc%d: window moved %d,%d px, want within %d of the lattice", i/cols, i%cols, ci.ShiftX[i], ci.ShiftY[i], maxWindowShift)
				}
			}
		})
	}
}

// maxWindowShift is how far a window may sit off an exact lattice: a
// line three pixels wide is found a pixel or two to one side.
const maxWindowShift = 2

// TestLightGlyphs tells a dark theme's light glyphs from dark ink on
// paper half in shadow: against the grid's one median grey the shadowed
// paper's light half reached further than the ink did, and the cell
// patches were turned over as a dark theme's (dev-photos wild-photo-098,
// black squares read as blanks).
func TestLightGlyphs(t *testing.T) {
	const rows, cols, px = 10, 10, 32
	for _, tc := range []struct {
		name         string
		lit, shade   uint8 // the paper's grey in the light and in the shadow
		ink          uint8
		shadowedRows int // rows from the top in the shadow
		want         bool
	}{
		{"paper, a shadow over the top half", 225, 110, 20, 6, false},
		{"paper in even light", 235, 235, 25, 0, false},
		{"dark theme", 28, 28, 235, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			grid := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(tc.lit), float64(tc.lit), float64(tc.lit), 0), rows*px, cols*px, gocv.MatTypeCV8UC3)
			defer grid.Close()
			if tc.shadowedRows > 0 {
				shade := grid.Region(image.Rect(0, 0, cols*px, tc.shadowedRows*px))
				shade.SetTo(gocv.NewScalar(float64(tc.shade), float64(tc.shade), float64(tc.shade), 0))
				shade.Close()
			}
			ink := color.RGBA{tc.ink, tc.ink, tc.ink, 0}
			for k := 0; k <= cols; k++ {
				gocv.Line(&grid, image.Pt(k*px, 0), image.Pt(k*px, rows*px), ink, 1)
				gocv.Line(&grid, image.Pt(0, k*px), image.Pt(cols*px, k*px), ink, 1)
			}
			for i := 0; i < rows*cols; i += 3 {
				r, c := i/cols, i%cols
				if (r+c)%2 == 0 {
					gocv.Rectangle(&grid, image.Rect(c*px+8, r*px+8, (c+1)*px-8, (r+1)*px-8), ink, -1)
				} else {
					gocv.Circle(&grid, image.Pt(c*px+px/2, r*px+px/2), 8, ink, 2)
				}
			}
			if got := NewImage(grid, rows, cols, px).LightGlyphs; got != tc.want {
				t.Errorf("light glyphs %v, want %v", got, tc.want)
			}
		})
	}
}
