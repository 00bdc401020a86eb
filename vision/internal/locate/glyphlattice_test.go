package locate

import (
	"image"
	"image/color"
	"math/rand"
	"testing"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// faintGlyphBoard draws a rows x cols grid of lines only depth grey
// levels under the paper, with filled discs in the cells where glyph
// says so, on a noisy 200-grey page, as flattenLight leaves a light grid.
// open leaves the border out on the left and at the top.
func faintGlyphBoard(rows, cols, cs, depth int, open bool, glyph func(r, c int) bool, seed int64) raster.Plane {
	w, h := 900, 800
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(200, 0, 0, 0), h, w, gocv.MatTypeCV8U)
	defer m.Close()
	x0, y0 := (w-cols*cs)/2, (h-rows*cs)/2
	line := color.RGBA{uint8(200 - depth), uint8(200 - depth), uint8(200 - depth), 255}
	if depth > 0 {
		first := 0
		if open {
			first = 1
		}
		for c := first; c <= cols; c++ {
			gocv.Line(&m, image.Pt(x0+c*cs, y0), image.Pt(x0+c*cs, y0+rows*cs), line, 1)
		}
		for r := first; r <= rows; r++ {
			gocv.Line(&m, image.Pt(x0, y0+r*cs), image.Pt(x0+cols*cs, y0+r*cs), line, 1)
		}
	}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if glyph(r, c) {
				gocv.Circle(&m, image.Pt(x0+c*cs+cs/2, y0+r*cs+cs/2), cs*3/10, color.RGBA{40, 40, 40, 255}, -1)
			}
		}
	}
	p := raster.PlaneOf(m)
	rng := rand.New(rand.NewSource(seed))
	for i, v := range p.Pix {
		p.Pix[i] = uint8(min(255, max(0, int(v)+int(rng.NormFloat64()*4))))
	}
	return p
}

func TestGlyphGrid(t *testing.T) {
	// Glyphs in a third of the cells, at random as a puzzle's givens are:
	// a regular pattern would be a coarser lattice of its own.
	rng := rand.New(rand.NewSource(5))
	var given [8][10]bool
	for r := range given {
		for c := range given[r] {
			given[r][c] = rng.Intn(3) == 0
		}
	}
	scattered := func(r, c int) bool { return given[r][c] }
	inner := func(r, c int) bool { return r > 0 && c > 0 && r < 7 && c < 9 && given[r][c] }
	for _, tc := range []struct {
		name                  string
		rows, cols, cs, depth int
		open                  bool
		glyph                 func(r, c int) bool
		found                 bool
		wantRows, wantCols    int
	}{
		{"faint lines, glyphs everywhere", 8, 10, 50, 4, false, scattered, true, 8, 10},
		{"faint lines, glyphs inside only", 8, 10, 50, 4, false, inner, true, 8, 10},
		{"no border left and top, glyphs inside only", 8, 10, 50, 4, true, inner, true, 8, 10},
		{"glyphs on no lines", 8, 10, 50, 0, false, scattered, false, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := faintGlyphBoard(tc.rows, tc.cols, tc.cs, tc.depth, tc.open, tc.glyph, 1)
			raster.Trace = t.Logf
			defer func() { raster.Trace = nil }()
			c, ok := glyphGrid(p)
			if ok != tc.found {
				t.Fatalf("found %v (%dx%d), want %v", ok, c.Rows.N, c.Cols.N, tc.found)
			}
			if ok && (c.Rows.N != tc.wantRows || c.Cols.N != tc.wantCols) {
				t.Fatalf("read %dx%d, want %dx%d", c.Rows.N, c.Cols.N, tc.wantRows, tc.wantCols)
			}
		})
	}
}

// TestGlyphGridStrayBeyond is a borderless grid with a few glyph-sized
// blobs well to its left, on its lattice, and between them a column of
// text whose lines fall on the grid's row lines: trimming the glyphs' box
// from outside stops at that column, and the grid must still be found at
// its own size.
func TestGlyphGridStrayBeyond(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	const rows, cols, cs = 10, 10, 40
	var given [rows][cols]bool
	for r := range given {
		for c := range given[r] {
			given[r][c] = rng.Intn(3) == 0
		}
	}
	p := faintGlyphBoard(rows, cols, cs, 4, true, func(r, c int) bool { return given[r][c] }, 3)
	x0, y0 := (p.W-cols*cs)/2, (p.H-rows*cs)/2
	m, err := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8U, p.Pix)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ink := color.RGBA{40, 40, 40, 255}
	for _, rc := range [][2]int{{2, -6}, {6, -6}, {4, -5}} {
		gocv.Circle(&m, image.Pt(x0+rc[1]*cs+cs/2, y0+rc[0]*cs+cs/2), cs*3/10, ink, -1)
	}
	for r := 0; r <= rows; r++ {
		gocv.Line(&m, image.Pt(x0-3*cs, y0+r*cs), image.Pt(x0-2*cs, y0+r*cs), color.RGBA{150, 150, 150, 255}, 2)
	}
	raster.Trace = t.Logf
	defer func() { raster.Trace = nil }()
	c, ok := glyphGrid(raster.PlaneOf(m))
	if !ok || c.Rows.N != rows || c.Cols.N != cols {
		t.Fatalf("found %v %dx%d, want %dx%d", ok, c.Rows.N, c.Cols.N, rows, cols)
	}
	if c.Method != MethodGlyphLattice || c.Evidence.Spots < 6 || c.Evidence.LineSupport != -1 {
		t.Errorf("method %q evidence %+v, want glyph-lattice with its glyphs counted and no line support", c.Method, c.Evidence)
	}
}

func TestRunAround(t *testing.T) {
	for _, tc := range []struct {
		name         string
		strips       []float64
		mid          int
		wantA, wantB int
	}{
		{"all strong", []float64{2, 2, 2, 2}, 1, 0, 4},
		{"weak ends", []float64{0, 2, 2, 2, 0}, 2, 1, 4},
		{"lone strong far out", []float64{2, 0, 0, 2, 2, 2, 0, 0, 0, 2}, 4, 3, 6},
		{"one weak strip let by", []float64{2, 0, 2, 2, 2}, 3, 0, 5},
		{"mid outside", []float64{2, 2}, 5, 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			strip := func(i int) float64 {
				if i < 0 || i >= len(tc.strips) {
					return 0
				}
				return tc.strips[i]
			}
			a, b := runAround(strip, 0, len(tc.strips), tc.mid, 1)
			if a != tc.wantA || b != tc.wantB {
				t.Fatalf("run [%d,%d), want [%d,%d)", a, b, tc.wantA, tc.wantB)
			}
		})
	}
}

// TestCutAtEmpty checks that a glyph box is split at a strip holding no
// glyph and crossed by no line only where the box's strips are full of
// glyphs and nothing runs across the gap: a full grid with text lined up
// a blank line below it loses the text; a sparse puzzle's empty row, or
// a row whose lines run on, does not split the grid.
func TestCutAtEmpty(t *testing.T) {
	const cell = 20
	// Lattice position (c, r) sits at pixel (40+cell*c, 40+cell*r).
	h := geom.Homography{cell, 0, 40, 0, cell, 40, 0, 0, 1}
	paper := func(lines bool) raster.Plane {
		p := raster.Plane{W: 400, H: 400, Pix: make([]uint8, 400*400)}
		for i := range p.Pix {
			p.Pix[i] = 230
		}
		if lines {
			// The column lines of a 10-column grid, run over every row.
			for c := 0; c <= 10; c++ {
				x := 40 + cell*c
				for y := 0; y < p.H; y++ {
					p.Pix[y*p.W+x] = 120
				}
			}
		}
		return p
	}
	// rows 0..9 of the grid hold per glyphs each; row 10 is blank; rows
	// 11..13 hold text lined up with the lattice.
	occupiedOf := func(per int) map[latticePos]bool {
		occ := map[latticePos]bool{}
		for r := 0; r < 10; r++ {
			for c := 0; c < per; c++ {
				occ[latticePos{col: (c*3 + r) % 10, row: r}] = true
			}
		}
		for r := 11; r < 14; r++ {
			for c := 0; c < 10; c += 3 {
				occ[latticePos{col: c, row: r}] = true
			}
		}
		return occ
	}
	box := glyphBox{c0: 0, r0: 0, c1: 10, r1: 14}
	cases := []struct {
		name   string
		per    int
		lines  bool
		wantR1 int
	}{
		{"full grid, text below a blank row", 10, false, 10},
		{"half-full grid", 5, false, 10},
		{"sparse puzzle keeps its empty row", 2, false, 14},
		{"lines run across the empty row", 10, true, 14},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := glyphLines{p: paper(tc.lines), h: h}
			got := box.cutAtEmpty(g, locating.glyphs.minLine, occupiedOf(tc.per))
			want := box
			want.r1 = tc.wantR1
			if got != want {
				t.Errorf("box %+v, want %+v", got, want)
			}
		})
	}
}
