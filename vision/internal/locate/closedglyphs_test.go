package locate

import (
	"image"
	"image/color"
	"math/rand"
	"testing"

	"gocv.io/x/gocv"

	"binocle/vision/internal/visiontest"
)

// squaresAndRings draws a grid with no lines: filled squares and rings,
// of two sizes as a printed square-circle puzzle's are, in a share of its
// cells, on a light page.
func squaresAndRings(rows, cols, cs int, share float64, seed int64) gocv.Mat {
	w, h := 1000, 900
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(225, 228, 230, 0), h, w, gocv.MatTypeCV8UC3)
	rng := rand.New(rand.NewSource(seed))
	x0, y0 := (w-cols*cs)/2, (h-rows*cs)/2
	ink := color.RGBA{20, 20, 20, 255}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if rng.Float64() >= share {
				continue
			}
			cx, cy := x0+c*cs+cs/2, y0+r*cs+cs/2
			if rng.Intn(2) == 0 {
				half := cs * 3 / 10
				gocv.Rectangle(&m, image.Rect(cx-half, cy-half, cx+half, cy+half), ink, -1)
			} else {
				gocv.Circle(&m, image.Pt(cx, cy), cs*3/10, ink, cs/10)
			}
		}
	}
	return m
}

func TestClosedGlyphsRung(t *testing.T) {
	for _, tc := range []struct {
		name               string
		rows, cols         int
		share              float64
		found              bool
		wantRows, wantCols int
	}{
		// Every outer row and column all but surely holds a glyph at
		// this share; the squares and rings differ in size, so no one
		// family of ink spots is the grid's.
		{"squares and rings, half the cells", 16, 20, 0.5, true, 16, 20},
		// Too few glyphs for their lattice to be told from text's.
		{"squares and rings, a tenth of the cells", 16, 20, 0.1, false, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := squaresAndRings(tc.rows, tc.cols, 40, tc.share, 7)
			defer img.Close()
			cs := NewCopies(img)
			defer cs.Close()
			if _, ok := LatticeRung.Run(cs); ok {
				t.Fatal("the lattice rung took a grid with no lines; the rung under test would never be asked")
			}
			s, ok := closedGlyphsRung.Run(cs)
			checkFound(t, s, ok, tc.found, tc.wantRows, tc.wantCols)
		})
	}
}

// checkFound fails t unless a rung found a grid exactly when found, of
// rows x cols.
func checkFound(t *testing.T, s Sighting, ok, found bool, rows, cols int) {
	t.Helper()
	if ok != found {
		t.Fatalf("found %v (%dx%d), want %v", ok, s.C.Rows.N, s.C.Cols.N, found)
	}
	if ok && (s.C.Rows.N != rows || s.C.Cols.N != cols) {
		t.Errorf("found %dx%d, want %dx%d", s.C.Rows.N, s.C.Cols.N, rows, cols)
	}
}

func TestChromaRung(t *testing.T) {
	page := color.RGBA{200, 200, 196, 255}
	for _, tc := range []struct {
		name       string
		page, tile color.RGBA
		found      bool
	}{
		// Pink-grey tiles on a grey page: the same grey to within a
		// level, four levels apart in Lab's a.
		{"pink-grey tiles on a grey page", page, color.RGBA{204, 196, 200, 255}, true},
		// Tiles the page's own colour show nowhere, in grey or in hue.
		{"tiles the page's colour", page, page, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := visiontest.HueTiles(10, 10, 50, tc.page, tc.tile)
			defer img.Close()
			cs := NewCopies(img)
			defer cs.Close()
			if s, ok := LatticeRung.Run(cs); ok {
				t.Fatalf("the lattice rung found %dx%d in grey; the rung under test would never be asked", s.C.Rows.N, s.C.Cols.N)
			}
			s, ok := chromaRung.Run(cs)
			checkFound(t, s, ok, tc.found, 10, 10)
			if ok && !s.C.Evidence.Chroma {
				t.Error("found in grey, want in a colour plane")
			}
		})
	}
}
