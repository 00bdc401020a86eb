package vision

import (
	"math"
	"strings"
	"testing"

	"binocle/geom"
	"binocle/internal/synth"
	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/locate"
	"binocle/vision/internal/raster"
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
func renderOffLattice(t *testing.T, style string, dx, dy float64) (cellread.Image, []string) {
	t.Helper()
	return renderOffLatticeLook(t, style, synth.LookPrint, dx, dy)
}

// renderOffLatticeLook is renderOffLattice in the given look.
func renderOffLatticeLook(t *testing.T, style string, look synth.Look, dx, dy float64) (cellread.Image, []string) {
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
	px := cellread.CellPixels(rows, cols)
	h, ok := geom.FromQuads(locate.RectCorners(float64(cols*px), float64(rows*px)), quad)
	if !ok {
		t.Fatal("no homography")
	}
	bgr := raster.ToBGR(img)
	defer bgr.Close()
	grid := raster.Warp(bgr, h, cols*px, rows*px)
	defer grid.Close()
	return cellread.NewImage(grid, rows, cols, px), cells
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
			got, cells, _ := cellread.Classify(ci)
			if string(got) != style {
				t.Errorf("%s shifted %v: style %s", style, d, got)
				continue
			}
			for i, c := range cells {
				if w := want[i/ci.Cols][i%ci.Cols]; c.Char() != w {
					t.Errorf("%s shifted %v: r%dc%d read %c, want %c", style, d, i/ci.Cols, i%ci.Cols, c.Char(), w)
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
		for _, s := range ci.ShiftX {
			sum += float64(s)
		}
		mean := sum / float64(len(ci.ShiftX)) / float64(ci.Px)
		// Corners moved right by d cells show the grid moved left by d.
		if math.Abs(mean+d) > 0.06 {
			t.Errorf("corners off by %.2f cells: cells found %.2f cells off", d, mean)
		}
		for _, s := range ci.ShiftY {
			if math.Abs(float64(s)) > 0.06*float64(ci.Px) {
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
		if got, _ := cellread.IsColoured(c.b, c.g, c.r); got != c.want {
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
		if got := cellread.HoleShare(m, w, 0, 0, w, h) > 0; got != c.holed {
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
		f    cellread.Features
		want cellread.Shape
	}{
		{"blank", cellread.Features{Ink: 0.01}, cellread.ShapeNone},
		{"O", cellread.Features{Ink: 0.5, Centre: 0, Ends: 0.8, Flanks: 0.95, Fill: 0.55, Aspect: 0.8, Hole: 0.25}, cellread.ShapeRing},
		{"blurred narrow O", cellread.Features{Ink: 0.56, Centre: 0.35, Ends: 0.9, Flanks: 0.5, Fill: 0.6, Aspect: 0.58, Hole: 0.05}, cellread.ShapeRing},
		{"X", cellread.Features{Ink: 0.45, Centre: 1, Ends: 0.3, Flanks: 0, Fill: 0.6, Aspect: 0.78}, cellread.ShapeCross},
		{"narrow X", cellread.Features{Ink: 0.45, Centre: 1, Ends: 0.4, Flanks: 0.1, Fill: 0.6, Aspect: 0.6}, cellread.ShapeCross},
		{"I", cellread.Features{Ink: 0.3, Centre: 1, Ends: 1, Flanks: 0.5, Fill: 0.75, Aspect: 0.35}, cellread.ShapeBar},
		{"bold 1", cellread.Features{Ink: 0.45, Centre: 1, Ends: 0.95, Flanks: 0, Fill: 0.55, Aspect: 0.58}, cellread.ShapeBar},
		{"square", cellread.Features{Ink: 0.9, Centre: 1, Ends: 1, Flanks: 1, Fill: 0.97, Aspect: 1}, cellread.ShapeFilled},
	} {
		if got := cellread.ShapeOf(c.f); got != c.want {
			t.Errorf("%s: shape %d, want %d", c.name, got, c.want)
		}
	}
}

// TestXONotXOIWithNarrowGlyphs: bars barely narrower than the grid's other
// glyphs are blurred X's and O's, not I's.
func TestXONotXOIWithNarrowGlyphs(t *testing.T) {
	x := cellread.Features{Ink: 0.45, Centre: 1, Ends: 0.2, Flanks: 0, Fill: 0.6, Aspect: 0.66}
	o := cellread.Features{Ink: 0.5, Centre: 0, Ends: 0.8, Flanks: 0.95, Fill: 0.55, Aspect: 0.7, Hole: 0.2}
	narrowO := cellread.Features{Ink: 0.5, Centre: 0.45, Ends: 1, Flanks: 0.6, Fill: 0.62, Aspect: 0.52}
	var feats []cellread.Features
	for i := 0; i < 8; i++ {
		feats = append(feats, x, o)
	}
	for i := 0; i < 4; i++ {
		feats = append(feats, narrowO)
	}
	if got := cellread.InkStyle(feats); got != cellread.StyleXO {
		t.Errorf("style %s, want %s", got, cellread.StyleXO)
	}
	i := cellread.Features{Ink: 0.3, Centre: 1, Ends: 1, Flanks: 0.5, Fill: 0.75, Aspect: 0.3}
	for k := 0; k < 4; k++ {
		feats = append(feats, i)
	}
	if got := cellread.InkStyle(feats); got != cellread.StyleXOI {
		t.Errorf("with real I's: style %s, want %s", got, cellread.StyleXOI)
	}
	if c, _ := cellread.Label(cellread.StyleXOI, i); c != solver.Two {
		t.Errorf("I read as %c", c.Char())
	}
}
