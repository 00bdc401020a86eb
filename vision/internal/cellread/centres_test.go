package cellread

import (
	"image"
	"image/color"
	"math"
	"testing"

	"gocv.io/x/gocv"
)

// TestGlyphCentres draws a grid whose discs and rings drift off their
// cells' middles as on a bowed page, with small clues on the lines
// between them, and checks that GlyphCentres finds every glyph's middle
// within a pixel and nothing else: not the clues, not the lines, not a
// glyph the grid's edge cuts.
func TestGlyphCentres(t *testing.T) {
	const rows, cols, px = 6, 6, 40
	glyphs := []string{
		"1.0..1",
		"..10..",
		".1..01",
		"0..1..",
		".01..0",
		"1..0.1",
	}
	paper, line, ink, clue := color.RGBA{245, 245, 240, 0}, color.RGBA{150, 150, 150, 0}, color.RGBA{30, 30, 30, 0}, color.RGBA{60, 60, 200, 0}
	grid := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(paper.B), float64(paper.G), float64(paper.R), 0), rows*px, cols*px, gocv.MatTypeCV8UC3)
	defer grid.Close()
	for k := 0; k <= cols; k++ {
		gocv.Line(&grid, image.Pt(k*px, 0), image.Pt(k*px, rows*px), line, 1)
		gocv.Line(&grid, image.Pt(0, k*px), image.Pt(cols*px, k*px), line, 1)
	}
	// The drift grows to the right, as a page bows away from its spine;
	// the corner glyphs at the grid's edge are cut by it.
	drift := func(c int) int { return c * 2 }
	want := map[image.Point]bool{}
	for r, row := range glyphs {
		for c, g := range row {
			if g == '.' {
				continue
			}
			centre := image.Pt(c*px+px/2+drift(c), r*px+px/2)
			radius := 10
			if c == cols-1 {
				// Pushed past the grid's right edge, cut by it.
				centre.X = cols*px - 4
			}
			if g == '1' {
				gocv.Circle(&grid, centre, radius, ink, -1)
			} else {
				gocv.Circle(&grid, centre, radius, ink, 3)
			}
			if c < cols-1 {
				want[centre] = true
			}
		}
	}
	// Clues a sixth of a cell wide on the lines between cells.
	for _, at := range []image.Point{{px, px / 2}, {3 * px, 2*px + px/2}, {2*px + px/2, 4 * px}} {
		gocv.Line(&grid, at.Add(image.Pt(-3, -3)), at.Add(image.Pt(3, 3)), clue, 2)
		gocv.Line(&grid, at.Add(image.Pt(-3, 3)), at.Add(image.Pt(3, -3)), clue, 2)
	}
	ci := NewImage(grid, rows, cols, px)
	got := ci.GlyphCentres()
	if len(got) != len(want) {
		t.Errorf("%d centres, want %d (the glyphs clear of the grid's edge): %v", len(got), len(want), got)
	}
	for _, g := range got {
		found := false
		for w := range want {
			if math.Hypot(g[0]-float64(w.X), g[1]-float64(w.Y)) <= 1 {
				found = true
			}
		}
		if !found {
			t.Errorf("centre at %.1f,%.1f is no glyph's", g[0], g[1])
		}
	}
}
