package vision

import (
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/internal/synth"
	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/locate"
	"binocle/vision/internal/raster"
)

// cleanGrid renders a clean grid of the given glyphs and rectifies it by
// its true corners at the reader's cell size; the caller closes the Mat.
func cleanGrid(t *testing.T, style string, cells []string, seed uint64) (gocv.Mat, int) {
	t.Helper()
	rows, cols := len(cells), len(cells[0])
	sample, err := synth.Render(synth.Spec{Name: "wide", Seed: seed, Kind: synth.KindClean, Style: style, Look: synth.LookPrint,
		Rows: rows, Cols: cols, Cells: cells, Givens: cells, Width: 1000, Height: 1000})
	if err != nil {
		t.Fatal(err)
	}
	d, err := decodeImage(sample.Data, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer d.mat.Close()
	bgr := raster.ToBGR(d.mat)
	defer bgr.Close()
	px := cellread.CellPixels(rows, cols)
	var quad [4][2]float64
	for i, c := range sample.Truth.Corners {
		quad[i] = [2]float64{c[0] / d.scale, c[1] / d.scale}
	}
	h, ok := geom.FromQuads(locate.RectCorners(float64(cols*px), float64(rows*px)), quad)
	if !ok {
		t.Fatal("no homography")
	}
	return raster.Warp(bgr, h, cols*px, rows*px), px
}

// A dash of ink across a blank cell, as a piece of a line or a shadow's
// edge leaves, is no glyph of any style.
func TestWideInkIsNoGlyph(t *testing.T) {
	cells := []string{
		"01.10.",
		"1.0.01",
		".10.1.",
		"0.1.10",
		"1.01.0",
		".0.10.",
	}
	for _, tc := range []struct {
		style string
		want  cellread.Style
	}{
		{synth.StyleSquareCircle, cellread.StyleSquareCircle},
		{synth.StyleDiscCircle, cellread.StyleDiscCircle},
		{synth.StyleXO, cellread.StyleXO},
		{synth.StyleDigits, cellread.StyleDigits},
	} {
		t.Run(tc.style, func(t *testing.T) {
			grid, px := cleanGrid(t, tc.style, cells, 3)
			defer grid.Close()
			// Dashes in the blank cells (1,1) and (3,3): half a cell
			// long, a tenth of one thick, a little off the middle.
			for _, rc := range [][2]int{{1, 1}, {3, 3}} {
				x0, y0 := rc[1]*px+px/4, rc[0]*px+px/2-px/20+px/10
				gocv.Rectangle(&grid, image.Rect(x0, y0, x0+px/2, y0+px/10), color.RGBA{40, 40, 40, 255}, -1)
			}
			ci := cellread.NewImage(grid, len(cells), len(cells[0]), px)
			style, got, conf := cellread.Classify(ci)
			if style != tc.want {
				t.Fatalf("style %s, want %s", style, tc.want)
			}
			for i, c := range got {
				r, col := i/len(cells[0]), i%len(cells[0])
				if c.Char() != cells[r][col] {
					t.Errorf("r%dc%d read %c (%.2f), want %c", r, col, c.Char(), conf[i], cells[r][col])
				}
			}
		})
	}
}

// Every glyph, however squeezed by a rectification, stays below the wide
// limit, and ink past it reads blank whatever the style.
func TestWideGlyphLabel(t *testing.T) {
	for _, style := range []cellread.Style{cellread.StyleSquareCircle, cellread.StyleDiscCircle, cellread.StyleXO, cellread.StyleXOI, cellread.StyleDigits} {
		disc := cellread.Features{Ink: 0.3, Centre: 1, Ends: 1, Flanks: 1, Fill: 0.8, Aspect: 1.8, Tone: 1}
		if c, _ := cellread.Label(style, disc); c == solver.Empty {
			t.Errorf("%s: a glyph of aspect %.1f read blank", style, disc.Aspect)
		}
		dash := disc
		dash.Aspect = 5
		if c, _ := cellread.Label(style, dash); c != solver.Empty {
			t.Errorf("%s: a dash of aspect %.1f read %c", style, dash.Aspect, c.Char())
		}
	}
}
