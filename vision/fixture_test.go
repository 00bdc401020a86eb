package vision

import (
	"image"
	"image/color"
	"math"
	"testing"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/raster"
)

// fixture describes a small puzzle image drawn with gocv for tests that
// must not wait for the synthetic photo generator.
type fixture struct {
	name       string
	style      cellread.Style
	givens     []string
	edges      []solver.Edge
	cell       int           // cell size in pixels before any warp
	lineColour color.RGBA    // zero means black
	border     int           // outer border thickness; 0 means as thin as the lines
	gap        int           // tiles: gap between tiles, no lines
	dark       bool          // tiles on a dark background
	text       bool          // newspaper-like text around the grid
	tilt       [4][2]float64 // corner displacement as fractions of the grid size
}

var (
	white = color.RGBA{R: 255, G: 255, B: 255, A: 255}
	black = color.RGBA{A: 255}
	grey  = color.RGBA{R: 200, G: 200, B: 200, A: 255}
)

// render draws the fixture and returns the image and the true corners.
func (f fixture) render() (gocv.Mat, [4][2]float64) {
	rows, cols := len(f.givens), len(f.givens[0])
	margin := 3 * f.cell
	w, h := cols*f.cell+2*margin, rows*f.cell+2*margin
	bg := white
	if f.dark {
		bg = color.RGBA{R: 34, G: 34, B: 34, A: 255}
	}
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(bg.B), float64(bg.G), float64(bg.R), 0), h, w, gocv.MatTypeCV8UC3)
	x0, y0 := margin, margin
	if f.text {
		for k := 0; 20+k*14 < margin-12; k++ {
			gocv.PutText(&img, "The quick brown fox jumps over", raster.Pt(10, 20+k*14), gocv.FontHersheyPlain, 1, black, 1)
			gocv.PutText(&img, "lazy dogs while binary puzzles", raster.Pt(10, h-margin+30+k*14), gocv.FontHersheyPlain, 1, black, 1)
		}
	}
	lc := f.lineColour
	if lc == (color.RGBA{}) {
		lc = black
	}
	if f.gap == 0 {
		for c := 0; c <= cols; c++ {
			gocv.Line(&img, raster.Pt(x0+c*f.cell, y0), raster.Pt(x0+c*f.cell, y0+rows*f.cell), lc, 1)
		}
		for r := 0; r <= rows; r++ {
			gocv.Line(&img, raster.Pt(x0, y0+r*f.cell), raster.Pt(x0+cols*f.cell, y0+r*f.cell), lc, 1)
		}
		if f.border > 0 {
			gocv.Rectangle(&img, image.Rect(x0, y0, x0+cols*f.cell, y0+rows*f.cell), black, f.border)
		}
	}
	for r, line := range f.givens {
		for c := range line {
			v, _ := solver.CellFromChar(line[c])
			f.drawCell(&img, x0+c*f.cell, y0+r*f.cell, v)
		}
	}
	for _, e := range f.edges {
		cx := x0 + (e.C1+e.C2+1)*f.cell/2
		cy := y0 + (e.R1+e.R2+1)*f.cell/2
		s := f.cell / 8
		clue := color.RGBA{R: 60, G: 60, B: 60, A: 255}
		if e.Rel == solver.Equal {
			gocv.Line(&img, raster.Pt(cx-s, cy-s/2-1), raster.Pt(cx+s, cy-s/2-1), clue, 2)
			gocv.Line(&img, raster.Pt(cx-s, cy+s/2+1), raster.Pt(cx+s, cy+s/2+1), clue, 2)
		} else {
			gocv.Line(&img, raster.Pt(cx-s, cy-s), raster.Pt(cx+s, cy+s), clue, 2)
			gocv.Line(&img, raster.Pt(cx+s, cy-s), raster.Pt(cx-s, cy+s), clue, 2)
		}
	}
	gx, gy := float64(cols*f.cell), float64(rows*f.cell)
	corners := [4][2]float64{{float64(x0), float64(y0)}, {float64(x0) + gx, float64(y0)}, {float64(x0) + gx, float64(y0) + gy}, {float64(x0), float64(y0) + gy}}
	if f.tilt == ([4][2]float64{}) {
		return img, corners
	}
	moved := corners
	for i := range moved {
		moved[i][0] += f.tilt[i][0] * gx
		moved[i][1] += f.tilt[i][1] * gy
	}
	// h maps output pixels back to the flat drawing.
	hm, _ := geom.FromQuads(moved, corners)
	out := raster.Warp(img, hm, w, h)
	img.Close()
	return out, moved
}

func (f fixture) drawCell(img *gocv.Mat, x, y int, v solver.Cell) {
	s := f.cell
	cx, cy := x+s/2, y+s/2
	rad := int(0.3 * float64(s))
	th := max(2, s/12)
	switch f.style {
	case cellread.StyleTiles:
		colour := color.RGBA{R: 90, G: 90, B: 90, A: 255}
		if !f.dark {
			colour = color.RGBA{R: 225, G: 225, B: 225, A: 255}
		}
		switch v {
		case solver.One:
			colour = color.RGBA{R: 194, G: 75, B: 49, A: 255}
		case solver.Zero:
			colour = color.RGBA{R: 48, G: 167, B: 194, A: 255}
		}
		gocv.Rectangle(img, image.Rect(x+f.gap/2, y+f.gap/2, x+s-f.gap/2, y+s-f.gap/2), colour, -1)
		return
	case cellread.StyleTango:
		if v == solver.Empty {
			return
		}
		gocv.Rectangle(img, image.Rect(x+2, y+2, x+s-1, y+s-1), color.RGBA{R: 238, G: 238, B: 238, A: 255}, -1)
		if v == solver.Zero {
			gocv.Circle(img, raster.Pt(cx, cy), rad, color.RGBA{R: 245, G: 170, B: 40, A: 255}, -1)
		} else {
			gocv.Circle(img, raster.Pt(cx, cy), rad, color.RGBA{R: 70, G: 110, B: 230, A: 255}, -1)
			gocv.Circle(img, raster.Pt(cx+rad/2, cy-rad/3), rad*3/4, color.RGBA{R: 238, G: 238, B: 238, A: 255}, -1)
		}
		return
	}
	if v == solver.Empty {
		return
	}
	text := func(t string) {
		scale := 0.9 * float64(s) / 40
		size := gocv.GetTextSize(t, gocv.FontHersheySimplex, scale, th)
		gocv.PutText(img, t, raster.Pt(cx-size.X/2, cy+size.Y/2), gocv.FontHersheySimplex, scale, black, th)
	}
	switch f.style {
	case cellread.StyleDigits:
		text(string(v.Char()))
	case cellread.StyleXO, cellread.StyleXOI:
		text(map[solver.Cell]string{solver.Zero: "O", solver.One: "X", solver.Two: "I"}[v])
	default:
		if v == solver.Zero {
			gocv.Circle(img, raster.Pt(cx, cy), rad, black, th)
		} else if f.style == cellread.StyleDiscCircle {
			gocv.Circle(img, raster.Pt(cx, cy), rad, black, -1)
		} else {
			gocv.Rectangle(img, image.Rect(cx-rad, cy-rad, cx+rad, cy+rad), black, -1)
		}
	}
}

var fixtures = []fixture{
	{name: "newspaper 6x6", style: cellread.StyleSquareCircle, cell: 40, border: 3, givens: []string{"1....0", "..0...", ".1..1.", "0....1", "...0..", "1..1.0"}},
	{name: "newspaper tilted with text", style: cellread.StyleSquareCircle, cell: 36, border: 3, text: true,
		tilt:   [4][2]float64{{0.08, 0.05}, {-0.05, 0.02}, {0.02, -0.04}, {0.04, 0.03}},
		givens: []string{"1...0..1", "..0.....", ".1..1..0", "0......1", "...0.1..", "1..1...0", "..1..0..", "0.....1."}},
	{name: "discs 10x10 light lines", style: cellread.StyleDiscCircle, cell: 30, lineColour: grey,
		givens: []string{"1....0...1", "..0.....0.", ".1..1.....", "0......1..", "...0.1....", "1.....0..1", "..1.......", "0.....1..0", "....1....1", ".0....0..."}},
	{name: "digits 7x9 odd", style: cellread.StyleDigits, cell: 36,
		givens: []string{"1....0...", "..0.....1", ".1..1....", "0......1.", "...0.1...", "1.....0..", "..1.....0"}},
	{name: "letters xo", style: cellread.StyleXO, cell: 40, border: 2, givens: []string{"X....O", "..O...", ".X..X.", "O....X", "...O..", "X..X.O"}},
	{name: "troix xoi", style: cellread.StyleXOI, cell: 40, givens: []string{"X..I.O", "..O...", ".I..X.", "O....I", "...O..", "X..I.O"}},
	{name: "tango with clues", style: cellread.StyleTango, cell: 48, lineColour: grey, border: 2,
		givens: []string{"......", "....1.", ".10...", "...00.", ".1....", "......"},
		edges: []solver.Edge{{R1: 0, C1: 0, R2: 0, C2: 1, Rel: solver.Equal}, {R1: 5, C1: 0, R2: 5, C2: 1, Rel: solver.Differ},
			{R1: 0, C1: 0, R2: 1, C2: 0, Rel: solver.Equal}, {R1: 2, C1: 4, R2: 3, C2: 4, Rel: solver.Differ}}},
	{name: "tiles dark 0h h1", style: cellread.StyleTiles, cell: 50, gap: 8, dark: true, givens: []string{"1..0", ".0..", "..1.", "0..1"}},
	{name: "tiles light", style: cellread.StyleTiles, cell: 44, gap: 6, givens: []string{"1..0..", ".0....", "..1..1", "0..1..", "....0.", ".1...."}},
	{name: "takuzu 6x6 binarypuzzle-6x6-L1-000", style: cellread.StyleSquareCircle, cell: 40, border: 3, text: true,
		givens: []string{"...00.", "0.....", "....0.", ".00...", ".0.11.", ".....0"}},
	{name: "tango-002", style: cellread.StyleTango, cell: 56, lineColour: grey, border: 2,
		givens: []string{"......", "....1.", ".10...", "...00.", ".1....", "......"},
		edges: []solver.Edge{{R1: 0, C1: 0, R2: 0, C2: 1, Rel: solver.Equal}, {R1: 5, C1: 0, R2: 5, C2: 1, Rel: solver.Differ},
			{R1: 0, C1: 1, R2: 0, C2: 2, Rel: solver.Differ}, {R1: 5, C1: 3, R2: 5, C2: 4, Rel: solver.Equal},
			{R1: 0, C1: 4, R2: 0, C2: 5, Rel: solver.Differ}, {R1: 5, C1: 4, R2: 5, C2: 5, Rel: solver.Differ},
			{R1: 0, C1: 0, R2: 1, C2: 0, Rel: solver.Equal}, {R1: 0, C1: 5, R2: 1, C2: 5, Rel: solver.Equal},
			{R1: 4, C1: 0, R2: 5, C2: 0, Rel: solver.Differ}, {R1: 4, C1: 5, R2: 5, C2: 5, Rel: solver.Equal}}},
	{name: "large 30x30", style: cellread.StyleSquareCircle, cell: 18, border: 2, givens: largeGivens(30, 30)},
}

func largeGivens(rows, cols int) []string {
	out := make([]string, rows)
	for r := range out {
		b := make([]byte, cols)
		for c := range b {
			switch (r*7 + c*13 + r*c) % 5 {
			case 0:
				b[c] = '0'
			case 1:
				b[c] = '1'
			default:
				b[c] = '.'
			}
		}
		out[r] = string(b)
	}
	return out
}

func TestReadFixtures(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			img, corners := f.render()
			defer img.Close()
			r, err := Read(img)
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			rows, cols := len(f.givens), len(f.givens[0])
			if r.Rows != rows || r.Cols != cols {
				t.Fatalf("size %dx%d, want %dx%d", r.Rows, r.Cols, rows, cols)
			}
			diag := math.Hypot(float64(img.Cols()), float64(img.Rows()))
			for i, c := range r.Corners {
				if d := math.Hypot(c[0]-corners[i][0], c[1]-corners[i][1]); d > 0.01*diag {
					t.Errorf("corner %d at %.1f,%.1f, want %.1f,%.1f", i, c[0], c[1], corners[i][0], corners[i][1])
				}
			}
			if r.Style != f.style {
				t.Errorf("style %s, want %s", r.Style, f.style)
			}
			want := make([]string, rows)
			for i, line := range f.givens {
				b := []byte(line)
				for k := range b {
					v, _ := solver.CellFromChar(b[k])
					b[k] = v.Char()
				}
				want[i] = string(b)
			}
			got := solver.GridRows(r.Cells, r.Rows, r.Cols)
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("row %d reads %s, want %s", i, got[i], want[i])
				}
			}
			if !sameEdges(r.Edges, f.edges) {
				t.Errorf("edges %v, want %v", r.Edges, f.edges)
			}
		})
	}
}

func sameEdges(a, b []solver.Edge) bool {
	if len(a) != len(b) {
		return false
	}
	set := map[solver.Edge]bool{}
	for _, e := range a {
		set[e] = true
	}
	for _, e := range b {
		if !set[e] {
			return false
		}
	}
	return true
}
