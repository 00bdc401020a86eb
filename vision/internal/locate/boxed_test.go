package locate

import (
	"image"
	"image/color"
	"math"
	"math/rand"
	"testing"

	"gocv.io/x/gocv"

	"binocle/vision/internal/raster"
)

// boxedBoard draws a rows x cols grid as a border alone, with a glyph (a
// ring or a disc) in the cells glyph says, on a page of grey paper; with
// scatter, the glyphs land anywhere in the box instead, as text's
// letters do.
func boxedBoard(rows, cols, cs, border, radius int, paper, ink uint8, hue color.RGBA, glyph func(r, c int) bool, scatter bool) gocv.Mat {
	w, h := 900, 800
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(paper), float64(paper), float64(paper), 0), h, w, gocv.MatTypeCV8UC3)
	x0, y0 := (w-cols*cs)/2, (h-rows*cs)/2
	c := color.RGBA{ink, ink, ink, 255}
	glyphInk := c
	if hue.A != 0 {
		glyphInk = hue
	}
	// The border is drawn outward from the cells, as a heavy frame is.
	for k := 0; k < border; k++ {
		gocv.Rectangle(&m, image.Rect(x0-k, y0-k, x0+cols*cs+k, y0+rows*cs+k), c, 1)
	}
	rng := rand.New(rand.NewSource(3))
	for r := 0; r < rows; r++ {
		for k := 0; k < cols; k++ {
			if !glyph(r, k) {
				continue
			}
			at := image.Pt(x0+k*cs+cs/2, y0+r*cs+cs/2)
			if scatter {
				at = image.Pt(x0+cs/2+rng.Intn((cols-1)*cs), y0+cs/2+rng.Intn((rows-1)*cs))
			}
			if (r+k)%2 == 0 && radius > 3 {
				gocv.Circle(&m, at, radius, glyphInk, 3)
			} else {
				gocv.Circle(&m, at, radius, glyphInk, -1)
			}
		}
	}
	return m
}

// scatteredGivens puts glyphs in two cells of five at random, as a
// puzzle's givens are, on a grid of up to 12x12.
func scatteredGivens() func(r, c int) bool {
	rng := rand.New(rand.NewSource(7))
	var given [12][12]bool
	for r := range given {
		for c := range given[r] {
			given[r][c] = rng.Intn(5) < 2
		}
	}
	return func(r, c int) bool { return given[r][c] }
}

func TestBoxedRung(t *testing.T) {
	scattered := scatteredGivens()
	none := func(r, c int) bool { return false }
	every := func(r, c int) bool { return true }
	grey := color.RGBA{}
	// Orange glyphs, as light in grey as a shaded paper, in a heavy
	// black frame that sets the ink's level: the colour boxed rung's.
	orange := color.RGBA{250, 170, 40, 255}
	// A sparse puzzle's givens in two rows: too few lines to count rows by.
	twoRows := func(r, c int) bool { return r == 2 || r == 3 }
	for _, tc := range []struct {
		name               string
		rows, cols, cs     int
		paper, ink         uint8
		border, radius     int
		hue                color.RGBA
		glyph              func(r, c int) bool
		scatter            bool
		found              bool
		wantRows, wantCols int
	}{
		{"6x6 border, glyphs in its cells", 6, 6, 80, 220, 30, 3, 24, grey, scattered, false, true, 6, 6},
		{"7x10 border, glyphs in its cells", 7, 10, 60, 220, 30, 3, 18, grey, scattered, false, true, 7, 10},
		{"light border and glyphs on a dark board", 6, 6, 80, 15, 200, 3, 24, grey, scattered, false, true, 6, 6},
		{"6x6 border, glyphs in two rows", 6, 6, 80, 220, 30, 3, 24, grey, twoRows, false, true, 6, 6},
		{"7x10 border, glyphs in two rows", 7, 10, 60, 220, 30, 3, 18, grey, twoRows, false, true, 7, 10},
		// A frame a fifth of a cell thick reaches past the inset: left in
		// the glyph mask it rings every glyph.
		{"heavy frame, glyphs in its cells", 6, 6, 80, 220, 30, 18, 24, grey, scattered, false, true, 6, 6},
		{"coloured glyphs light in grey", 6, 6, 80, 220, 30, 18, 24, orange, scattered, false, false, 0, 0},
		{"border with glyphs anywhere", 6, 6, 80, 220, 30, 3, 24, grey, scattered, true, false, 0, 0},
		{"empty border", 6, 6, 80, 220, 30, 3, 24, grey, none, false, false, 0, 0},
		// Specks of grain a seventh of a cell wide are no glyphs, though
		// they sit at cells' middles.
		{"border with specks at its cells' middles", 6, 6, 80, 220, 30, 3, 6, grey, every, false, false, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := boxedBoard(tc.rows, tc.cols, tc.cs, tc.border, tc.radius, tc.paper, tc.ink, tc.hue, tc.glyph, tc.scatter)
			defer m.Close()
			raster.Trace = t.Logf
			defer func() { raster.Trace = nil }()
			cs := NewCopies(m)
			defer cs.Close()
			s, ok := boxedRung.Run(cs)
			checkFound(t, s, ok, tc.found, tc.wantRows, tc.wantCols)
		})
	}
}

// TestColourBoxedRung checks that glyphs light in grey but dark in their
// darkest channel are counted in their box by the colour boxed rung.
func TestColourBoxedRung(t *testing.T) {
	scattered := scatteredGivens()
	for _, tc := range []struct {
		name  string
		hue   color.RGBA
		found bool
	}{
		{"orange pieces", color.RGBA{250, 170, 40, 255}, true},
		{"blue pen", color.RGBA{40, 70, 200, 255}, true},
		{"pale grey glyphs", color.RGBA{185, 185, 185, 255}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := boxedBoard(6, 6, 80, 18, 24, 220, 30, tc.hue, scattered, false)
			defer m.Close()
			cs := NewCopies(m)
			defer cs.Close()
			s, ok := colourBoxedRung.Run(cs)
			if ok != tc.found || ok && (s.C.Rows.N != 6 || s.C.Cols.N != 6) {
				t.Errorf("found %v (%dx%d), want %v (6x6)", ok, s.C.Rows.N, s.C.Cols.N, tc.found)
			}
		})
	}
}

// TestWholeCells counts cells from glyph centres along one axis of a box
// 600 pixels long.
func TestWholeCells(t *testing.T) {
	const length = 600
	// at are the centres of glyphs in the given cells of n.
	at := func(n int, cells ...float64) []float64 {
		var pos []float64
		for _, c := range cells {
			pos = append(pos, (c+0.5)*length/float64(n))
		}
		return pos
	}
	for _, tc := range []struct {
		name string
		pos  []float64
		want int // 0: no count fits
	}{
		{"a glyph in each of 6 cells", at(6, 0, 1, 2, 3, 4, 5, 0, 2), 6},
		// wild clean 010 of the dev suite: eight X's and O's and one
		// '×' between two cells.
		{"an edge clue among 8 glyphs", append(at(6, 0, 1, 2, 3, 4, 5, 0, 2), 4*length/6.0), 6},
		{"two clues among 16 glyphs", append(at(8, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7), 3*length/8.0, 5*length/8.0), 8},
		{"text: glyphs anywhere", []float64{40, 95, 170, 260, 330, 415, 470, 555}, 0},
		// 4 cells put a third of 6 cells' glyphs on their boundaries
		// and the rest near their middles.
		{"a third of the glyphs on the boundaries of a coarser count", at(6, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5), 6},
		// wild-photos 107: six digits, one of them on a boundary of 4.
		{"a handful of glyphs, one on a boundary of a coarser count", at(6, 0, 1, 2, 3, 5, 5), 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, ok := wholeCells(tc.pos, length, 20)
			if !ok {
				n = 0
			}
			if n != tc.want {
				t.Errorf("%d cells, want %d", n, tc.want)
			}
		})
	}
}

// TestLooseCells counts cells from glyph centres that sit on a lattice a
// little shifted and scaled inside a box 600 pixels long, as a bent page
// leaves them, and only near the count the box's shape foretells.
func TestLooseCells(t *testing.T) {
	const length = 600
	// six cells of 95 px from 30 px: the first glyph 0.28 of a cell off
	// the box's first cell's middle, beyond centreTolerance.
	var shifted []float64
	for _, c := range []float64{0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5} {
		shifted = append(shifted, 30+(c+0.5)*95)
	}
	if n, ok := wholeCells(shifted, length, 60); ok {
		t.Fatalf("the strict count (%d) fits the shifted glyphs; the test shows nothing", n)
	}
	for _, tc := range []struct {
		name     string
		pos      []float64
		near     float64
		want     int // 0: no count fits
		from, to float64
	}{
		{"a shifted and shrunk lattice of six", shifted, 6.3, 6, 30, 600},
		{"the same glyphs, four cells foretold", shifted, 4, 0, 0, 0},
		{"text: glyphs anywhere", []float64{40, 95, 170, 260, 330, 415, 470, 555}, 6, 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, span, ok := looseCells(tc.pos, length, 60, tc.near)
			if !ok {
				n = 0
			}
			if n != tc.want {
				t.Fatalf("%d cells, want %d", n, tc.want)
			}
			if ok && (math.Abs(span[0]-tc.from) > 10 || math.Abs(span[1]-tc.to) > 10) {
				t.Errorf("span %.0f..%.0f, want about %.0f..%.0f", span[0], span[1], tc.from, tc.to)
			}
		})
	}
}
