package locate

import (
	"image"
	"image/color"
	"math/rand"
	"testing"

	"gocv.io/x/gocv"

	"binocle/vision/internal/raster"
)

// glyphPage draws a faint rows x cols grid, cs pixels a cell, on a noisy
// 200-grey page as flattenLight leaves it. Cells hold a disc of radius
// rad (or, in every third glyph cell, a narrow bar as tall as the disc,
// like a 1) where given says so. The lines stop short of the last lined
// columns: the columns beyond have glyphs but no lines seen, as at the far
// side of bent paper. dots small discs of text are strewn to the grid's
// left, where no lines run.
func glyphPage(t *testing.T, rows, cols, cs, rad, lined, dots int, seed int64) raster.Plane {
	t.Helper()
	w, h := 1200, 800
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(200, 0, 0, 0), h, w, gocv.MatTypeCV8U)
	defer m.Close()
	x0, y0 := w-cols*cs-60, (h-rows*cs)/2
	line := color.RGBA{196, 196, 196, 255}
	for c := 0; c <= lined; c++ {
		gocv.Line(&m, image.Pt(x0+c*cs, y0), image.Pt(x0+c*cs, y0+rows*cs), line, 1)
	}
	for r := 0; r <= rows; r++ {
		gocv.Line(&m, image.Pt(x0, y0+r*cs), image.Pt(x0+lined*cs, y0+r*cs), line, 1)
	}
	rng := rand.New(rand.NewSource(seed))
	ink := color.RGBA{40, 40, 40, 255}
	n := 0
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if rng.Intn(3) != 0 && c < lined {
				continue
			}
			cx, cy := x0+c*cs+cs/2, y0+r*cs+cs/2
			if n++; n%3 == 0 {
				gocv.Rectangle(&m, image.Rect(cx-rad/4, cy-rad, cx+rad/4+1, cy+rad+1), ink, -1)
			} else {
				gocv.Circle(&m, image.Pt(cx, cy), rad, ink, -1)
			}
		}
	}
	// Text: small round letters, each clear of the others, to the left.
	var placed []image.Point
	for tries := 0; len(placed) < dots && tries < 50*dots; tries++ {
		p := image.Pt(20+rng.Intn(x0-60), 20+rng.Intn(h-40))
		clear := true
		for _, q := range placed {
			if dx, dy := p.X-q.X, p.Y-q.Y; dx*dx+dy*dy < 15*15 {
				clear = false
				break
			}
		}
		if clear {
			placed = append(placed, p)
			gocv.Circle(&m, p, 4, ink, -1)
		}
	}
	p := raster.PlaneOf(m)
	for i, v := range p.Pix {
		p.Pix[i] = uint8(min(255, max(0, int(v)+int(rng.NormFloat64()*3))))
	}
	return p
}

func TestGlyphGridFamilies(t *testing.T) {
	for _, tc := range []struct {
		name                string
		rows, cols, cs, rad int
		lined, dots         int
		wantRows, wantCols  int
	}{
		// Letters covering more area than the glyphs: the glyphs'
		// size is the second family tried.
		{"more text than glyphs", 8, 8, 44, 10, 8, 650, 8, 8},
		// Glyphs a third of their cells wide.
		{"small glyphs in big cells", 8, 8, 60, 9, 8, 0, 8, 8},
		// The last column's lines are not seen, but its every cell
		// holds a glyph, some of them too narrow for the family.
		{"full column without lines", 8, 8, 44, 12, 7, 0, 8, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := glyphPage(t, tc.rows, tc.cols, tc.cs, tc.rad, tc.lined, tc.dots, 11)
			raster.Trace = t.Logf
			defer func() { raster.Trace = nil }()
			c, ok := glyphGrid(p)
			if !ok || c.Rows.N != tc.wantRows || c.Cols.N != tc.wantCols {
				t.Fatalf("found %v %dx%d, want %dx%d", ok, c.Rows.N, c.Cols.N, tc.wantRows, tc.wantCols)
			}
		})
	}
}

func TestSpotFamilies(t *testing.T) {
	var spots []spot
	for i := 0; i < 80; i++ {
		spots = append(spots, spot{w: 6, h: 6, fill: 0.7})
	}
	for i := 0; i < 10; i++ {
		spots = append(spots, spot{w: 15, h: 16, fill: 0.7})
	}
	for i := 0; i < 3; i++ {
		spots = append(spots, spot{w: 40, h: 8, fill: 0.7}) // runs of letters
	}
	single, fams := spotFamilies(spots, 3)
	if len(fams) != 2 {
		t.Fatalf("families %v, want 2", fams)
	}
	for _, f := range fams {
		t.Logf("family %v: sizes %.1f..%.1f", f, single[f[0]].size(), single[f[1]-1].size())
	}
	if got := single[fams[0][0]].size(); got != 6 {
		t.Fatalf("first family of size %.1f, want the letters' 6 (most area)", got)
	}
	if got := single[fams[1][0]].size(); got < 15 {
		t.Fatalf("second family of size %.1f, want the glyphs' 15.5", got)
	}
}
