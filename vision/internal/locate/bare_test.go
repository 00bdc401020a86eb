package locate

import (
	"image"
	"image/color"
	"math/rand"
	"testing"

	"gocv.io/x/gocv"

	"binocle/vision/internal/raster"
)

func TestBareGlyphGrid(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	var dense, sparse [8][10]bool
	for r := range dense {
		for c := range dense[r] {
			dense[r][c] = rng.Intn(2) == 0
			sparse[r][c] = rng.Intn(10) == 0
		}
	}
	// Every outer row and column holds a glyph, as a dense grid's do.
	for k := 0; k < 10; k++ {
		dense[0][k], dense[7][k] = k%3 == 0, k%3 == 1
	}
	for k := 0; k < 8; k++ {
		dense[k][0], dense[k][9] = k%3 == 0, k%3 == 2
	}
	// Discs strewn anywhere, as many as the dense grid's, on no lattice.
	strewn := func() raster.Plane {
		m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(200, 0, 0, 0), 800, 900, gocv.MatTypeCV8U)
		defer m.Close()
		r := rand.New(rand.NewSource(4))
		for i := 0; i < 40; i++ {
			gocv.Circle(&m, image.Pt(200+r.Intn(500), 200+r.Intn(400)), 15, color.RGBA{40, 40, 40, 255}, -1)
		}
		return raster.PlaneOf(m)
	}
	for _, tc := range []struct {
		name               string
		plane              func() raster.Plane
		found              bool
		wantRows, wantCols int
	}{
		{"dense glyphs on no lines", func() raster.Plane {
			return faintGlyphBoard(8, 10, 50, 0, false, func(r, c int) bool { return dense[r][c] }, 1)
		}, true, 8, 10},
		{"sparse glyphs on no lines", func() raster.Plane {
			return faintGlyphBoard(8, 10, 50, 0, false, func(r, c int) bool { return sparse[r][c] }, 1)
		}, false, 0, 0},
		{"discs on no lattice", strewn, false, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raster.Trace = t.Logf
			defer func() { raster.Trace = nil }()
			c, ok := bareGlyphGrid(tc.plane())
			if ok != tc.found {
				t.Fatalf("found %v (%dx%d), want %v", ok, c.Rows.N, c.Cols.N, tc.found)
			}
			if ok && (c.Rows.N != tc.wantRows || c.Cols.N != tc.wantCols) {
				t.Errorf("found %dx%d, want %dx%d", c.Rows.N, c.Cols.N, tc.wantRows, tc.wantCols)
			}
		})
	}
}
