package locate

import (
	"math/rand"
	"testing"

	"gocv.io/x/gocv"

	"binocle/vision/internal/raster"
)

// looselyPlacedGlyphs draws a sparse 8×8 board with no lines: a glyph in
// each cell listed, each off its cell's middle by up to spread cells
// either way, as a tilted photo's blur and a font's glyphs (an X's
// enclosing box, an O's ring) scatter their measured centres.
func looselyPlacedGlyphs(cells [][2]int, spread float64, seed int64) raster.Plane {
	const cs = 50
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(200, 0, 0, 0), 800, 900, gocv.MatTypeCV8U)
	defer m.Close()
	p := raster.PlaneOf(m)
	rng := rand.New(rand.NewSource(seed))
	x0, y0 := (900-8*cs)/2, (800-8*cs)/2
	off := func() int { return int((rng.Float64()*2 - 1) * spread * cs) }
	for _, at := range cells {
		disc(p, x0+at[1]*cs+cs/2+off(), y0+at[0]*cs+cs/2+off(), cs*3/10, 40)
	}
	return p
}

// TestSparseRungTakesLooselyPlacedGlyphs: the sparse rung, whose finding
// stands only where the rules take its reading, fits a lattice to
// glyphs scattered a tenth of a cell and more off their cells' middles,
// which the bare rung, with nothing but the glyphs to vouch for it,
// turns away (seed 555's photo-060, a light 6×6 X/O/I board, read 6×4
// before).
func TestSparseRungTakesLooselyPlacedGlyphs(t *testing.T) {
	cells := [][2]int{{0, 1}, {0, 5}, {1, 3}, {1, 7}, {2, 0}, {2, 4}, {3, 2}, {3, 6}, {4, 1}, {4, 5}, {5, 3}, {5, 7}, {6, 0}, {6, 4}, {7, 2}, {7, 6}}
	for _, tc := range []struct {
		name   string
		params bareParams
		spread float64
		found  bool
	}{
		{"sparse rung, glyphs on their middles", locating.sparse, 0, true},
		{"sparse rung, glyphs a little off", locating.sparse, 0.14, true},
		{"bare rung, glyphs a little off", locating.sparse.withResidual(locating.bare.maxResidual), 0.14, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, ok := bareGlyphGrid(looselyPlacedGlyphs(cells, tc.spread, 3), tc.params)
			if ok != tc.found {
				t.Fatalf("found %v (%dx%d, residual %.3f), want %v", ok, c.Rows.N, c.Cols.N, c.Evidence.Residual, tc.found)
			}
			if ok && (c.Rows.N != 8 || c.Cols.N != 8) {
				t.Errorf("found %dx%d, want 8x8", c.Rows.N, c.Cols.N)
			}
		})
	}
}

func (bp bareParams) withResidual(r float64) bareParams {
	bp.maxResidual = r
	return bp
}
