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
		// Two letters of the page on the lattice's lines, each beyond a gap,
		// would widen the grid by every cell between.
		{"dense glyphs and strays beyond a gap", func() raster.Plane {
			p := faintGlyphBoard(8, 10, 50, 0, false, func(r, c int) bool { return dense[r][c] }, 1)
			x0, y0 := (900-10*50)/2, (800-8*50)/2
			for _, at := range [][2]int{{12, 2}, {14, 5}} {
				disc(p, x0+at[0]*50+25, y0+at[1]*50+25, 15, 40)
			}
			return p
		}, true, 8, 10},
		// A page bowed in a photo: the glyphs' lattice fits no single
		// projective map, but it fits a bent one.
		{"dense glyphs on a bowed page", func() raster.Plane {
			return bowedGlyphBoard(10, 12, 40, 0.5, func(r, c int) bool { return dense[r%8][c%10] })
		}, true, 10, 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raster.Trace = t.Logf
			defer func() { raster.Trace = nil }()
			c, ok := bareGlyphGrid(tc.plane(), locating.bare)
			if ok != tc.found {
				t.Fatalf("found %v (%dx%d), want %v", ok, c.Rows.N, c.Cols.N, tc.found)
			}
			if ok && (c.Rows.N != tc.wantRows || c.Cols.N != tc.wantCols) {
				t.Errorf("found %dx%d, want %dx%d", c.Rows.N, c.Cols.N, tc.wantRows, tc.wantCols)
			}
		})
	}
}

// disc inks a filled disc of radius and grey ink into p.
func disc(p raster.Plane, x, y, radius int, ink uint8) {
	for dy := -radius; dy <= radius; dy++ {
		for dx := -radius; dx <= radius; dx++ {
			if dx*dx+dy*dy <= radius*radius && x+dx >= 0 && y+dy >= 0 && x+dx < p.W && y+dy < p.H {
				p.Pix[(y+dy)*p.W+x+dx] = ink
			}
		}
	}
}

// bowedGlyphBoard draws discs on a rows×cols lattice of cs-pixel cells
// with no lines, its rows bowed down in the middle by bow cells, as a
// page curls in a photo.
func bowedGlyphBoard(rows, cols, cs int, bow float64, glyph func(r, c int) bool) raster.Plane {
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(200, 0, 0, 0), 800, 900, gocv.MatTypeCV8U)
	defer m.Close()
	p := raster.PlaneOf(m)
	x0, y0 := (900-cols*cs)/2, (800-rows*cs)/2
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if !glyph(r, c) {
				continue
			}
			u := (float64(c)+0.5)/float64(cols)*2 - 1
			dy := bow * float64(cs) * (1 - u*u)
			disc(p, x0+c*cs+cs/2, y0+r*cs+cs/2+int(dy), cs*3/10, 40)
		}
	}
	return p
}
