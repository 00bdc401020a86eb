package vision

import (
	"math"
	"strings"
	"testing"

	"binocle/internal/synth"
	"binocle/solver"
)

// offLatticeCells is a 6x6 board holding every symbol of every style next
// to blanks and to each other, so that glyphs touch their neighbours'
// lines from all sides.
var offLatticeCells = []string{
	"1.0.2.",
	".01.20",
	"2.1.0.",
	"0.2.1.",
	".1.02.",
	"1.0..2",
}

// renderOffLattice renders a clean board of the given style and rectifies
// it as a reader whose corners were off by (dx, dy) cells would.
func renderOffLattice(t *testing.T, style string, dx, dy float64) (cellImage, []string) {
	t.Helper()
	return renderOffLatticeLook(t, style, synth.LookPrint, dx, dy)
}

// renderOffLatticeLook is renderOffLattice in the given look.
func renderOffLatticeLook(t *testing.T, style string, look synth.Look, dx, dy float64) (cellImage, []string) {
	t.Helper()
	cells := make([]string, len(offLatticeCells))
	givens := make([]string, len(offLatticeCells))
	for i, row := range offLatticeCells {
		if style != synth.StyleXOI {
			row = strings.ReplaceAll(row, "2", ".")
		}
		cells[i] = row
		givens[i] = strings.Repeat(".", len(row))
	}
	spec := synth.Spec{Name: "off-lattice-" + style, Seed: 11, Kind: synth.KindClean, Style: style, Look: look,
		Rows: len(cells), Cols: len(cells[0]), Cells: cells, Givens: givens, Width: 640, Height: 640}
	sample, err := synth.Render(spec)
	if err != nil {
		t.Fatal(err)
	}
	img, err := LoadBytes(sample.Data)
	if err != nil {
		t.Fatal(err)
	}
	defer img.Close()
	quad := sample.Truth.Corners
	rows, cols := spec.Rows, spec.Cols
	// Move the quad by (dx, dy) cells along the grid's own axes.
	ux := [2]float64{(quad[1][0] - quad[0][0]) / float64(cols), (quad[1][1] - quad[0][1]) / float64(cols)}
	uy := [2]float64{(quad[3][0] - quad[0][0]) / float64(rows), (quad[3][1] - quad[0][1]) / float64(rows)}
	for i := range quad {
		quad[i][0] += dx*ux[0] + dy*uy[0]
		quad[i][1] += dx*ux[1] + dy*uy[1]
	}
	px := cellPixels(rows, cols)
	h, ok := homographyFromQuads(rectCorners(float64(cols*px), float64(rows*px)), quad)
	if !ok {
		t.Fatal("no homography")
	}
	bgr := toBGR(img)
	defer bgr.Close()
	grid := warp(bgr, h, cols*px, rows*px)
	defer grid.Close()
	return newCellImage(grid, rows, cols, px), cells
}

// TestClassifyOffLattice reads boards whose rectification is a fifth of a
// cell off, which puts a grid line inside every cell's middle three
// fifths: the lines must not count as ink and the glyphs must stay whole.
func TestClassifyOffLattice(t *testing.T) {
	styles := []string{synth.StyleSquareCircle, synth.StyleDiscCircle, synth.StyleDigits, synth.StyleXO, synth.StyleXOI}
	shifts := [][2]float64{{0, 0}, {0.22, 0}, {0, -0.22}, {-0.2, 0.2}}
	for _, style := range styles {
		for _, d := range shifts {
			ci, want := renderOffLattice(t, style, d[0], d[1])
			got, cells, _ := classify(ci)
			if string(got) != style {
				t.Errorf("%s shifted %v: style %s", style, d, got)
				continue
			}
			for i, c := range cells {
				if w := want[i/ci.cols][i%ci.cols]; c.Char() != w {
					t.Errorf("%s shifted %v: r%dc%d read %c, want %c", style, d, i/ci.cols, i%ci.cols, c.Char(), w)
				}
			}
		}
	}
}

// TestGridLinesFollowShift checks that the lines found say where the
// cells really are when the rectification is off.
func TestGridLinesFollowShift(t *testing.T) {
	for _, d := range []float64{-0.2, 0.15} {
		ci, _ := renderOffLattice(t, synth.StyleXO, d, 0)
		var sum float64
		for _, s := range ci.shiftX {
			sum += float64(s)
		}
		mean := sum / float64(len(ci.shiftX)) / float64(ci.px)
		// Corners moved right by d cells show the grid moved left by d.
		if math.Abs(mean+d) > 0.06 {
			t.Errorf("corners off by %.2f cells: cells found %.2f cells off", d, mean)
		}
		for _, s := range ci.shiftY {
			if math.Abs(float64(s)) > 0.06*float64(ci.px) {
				t.Errorf("corners off by %.2f cells across: a cell found %d px off along", d, s)
				break
			}
		}
	}
}

func TestIsColoured(t *testing.T) {
	for _, c := range []struct {
		name    string
		r, g, b uint8
		want    bool
	}{
		{"red tile", 220, 80, 50, true},
		{"red tile in shadow", 68, 28, 18, true},
		{"teal tile in shadow", 15, 55, 62, true},
		{"dark grey blank tile", 55, 58, 57, false},
		{"noisy black", 30, 22, 26, false},
		{"ink on yellowed paper", 62, 56, 34, false},
		{"yellowed paper", 255, 252, 217, false},
		{"grey", 128, 128, 128, false},
	} {
		if got, _ := isColoured(c.b, c.g, c.r); got != c.want {
			t.Errorf("%s (%d,%d,%d): coloured %v, want %v", c.name, c.r, c.g, c.b, got, c.want)
		}
	}
}

// drawMask draws rows of '#' and '.' into a mask.
func drawMask(rows ...string) ([]bool, int, int) {
	w, h := len(rows[0]), len(rows)
	m := make([]bool, w*h)
	for y, row := range rows {
		for x := range row {
			m[y*w+x] = row[x] == '#'
		}
	}
	return m, w, h
}

func TestHoleShare(t *testing.T) {
	for _, c := range []struct {
		name  string
		rows  []string
		holed bool
	}{
		{"ring", []string{".###.", "#...#", "#...#", "#...#", ".###."}, true},
		{"ring open at its top", []string{".#.#.", "#...#", "#...#", "#...#", ".###."}, false},
		{"cross", []string{"#...#", ".#.#.", "..#..", ".#.#.", "#...#"}, false},
		{"bar", []string{"###", ".#.", ".#.", ".#.", "###"}, false},
		{"solid", []string{"####", "####", "####", "####"}, false},
	} {
		m, w, h := drawMask(c.rows...)
		if got := holeShare(m, w, 0, 0, w, h) > 0; got != c.holed {
			t.Errorf("%s: hole %v, want %v", c.name, got, c.holed)
		}
	}
}

// TestShapeOf pins the shape classes on features typical of each glyph,
// including a bold 1 as wide as a narrow X and a blurred O whose hole is
// small.
func TestShapeOf(t *testing.T) {
	for _, c := range []struct {
		name string
		f    cellFeatures
		want shape
	}{
		{"blank", cellFeatures{ink: 0.01}, shapeNone},
		{"O", cellFeatures{ink: 0.5, centre: 0, ends: 0.8, flanks: 0.95, fill: 0.55, aspect: 0.8, hole: 0.25}, shapeRing},
		{"blurred narrow O", cellFeatures{ink: 0.56, centre: 0.35, ends: 0.9, flanks: 0.5, fill: 0.6, aspect: 0.58, hole: 0.05}, shapeRing},
		{"X", cellFeatures{ink: 0.45, centre: 1, ends: 0.3, flanks: 0, fill: 0.6, aspect: 0.78}, shapeCross},
		{"narrow X", cellFeatures{ink: 0.45, centre: 1, ends: 0.4, flanks: 0.1, fill: 0.6, aspect: 0.6}, shapeCross},
		{"I", cellFeatures{ink: 0.3, centre: 1, ends: 1, flanks: 0.5, fill: 0.75, aspect: 0.35}, shapeBar},
		{"bold 1", cellFeatures{ink: 0.45, centre: 1, ends: 0.95, flanks: 0, fill: 0.55, aspect: 0.58}, shapeBar},
		{"square", cellFeatures{ink: 0.9, centre: 1, ends: 1, flanks: 1, fill: 0.97, aspect: 1}, shapeFilled},
	} {
		if got := shapeOf(c.f); got != c.want {
			t.Errorf("%s: shape %d, want %d", c.name, got, c.want)
		}
	}
}

// TestXONotXOIWithNarrowGlyphs: bars barely narrower than the grid's other
// glyphs are blurred X's and O's, not I's.
func TestXONotXOIWithNarrowGlyphs(t *testing.T) {
	x := cellFeatures{ink: 0.45, centre: 1, ends: 0.2, flanks: 0, fill: 0.6, aspect: 0.66}
	o := cellFeatures{ink: 0.5, centre: 0, ends: 0.8, flanks: 0.95, fill: 0.55, aspect: 0.7, hole: 0.2}
	narrowO := cellFeatures{ink: 0.5, centre: 0.45, ends: 1, flanks: 0.6, fill: 0.62, aspect: 0.52}
	var feats []cellFeatures
	for i := 0; i < 8; i++ {
		feats = append(feats, x, o)
	}
	for i := 0; i < 4; i++ {
		feats = append(feats, narrowO)
	}
	if got := inkStyle(feats); got != StyleXO {
		t.Errorf("style %s, want %s", got, StyleXO)
	}
	i := cellFeatures{ink: 0.3, centre: 1, ends: 1, flanks: 0.5, fill: 0.75, aspect: 0.3}
	for k := 0; k < 4; k++ {
		feats = append(feats, i)
	}
	if got := inkStyle(feats); got != StyleXOI {
		t.Errorf("with real I's: style %s, want %s", got, StyleXOI)
	}
	if c, _ := label(StyleXOI, i); c != solver.Two {
		t.Errorf("I read as %c", c.Char())
	}
}
