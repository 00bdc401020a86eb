package vision

import (
	"testing"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/internal/synth"
	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/clueread"
	"binocle/vision/internal/locate"
	"binocle/vision/internal/raster"
	"binocle/vision/internal/visiontest"
)

// clueBoard is a 6x6 grid whose glyphs crowd the lines from both sides of
// most clue sites, with both kinds of clue on both kinds of line.
var clueBoard = struct {
	cells, givens []string
	edges         []solver.Edge
}{
	cells: []string{
		"011010",
		"100101",
		"01.010",
		"10.101",
		"001011",
		"110100",
	},
	givens: []string{
		"0.1...",
		"......",
		"..1...",
		"......",
		"....1.",
		"......",
	},
	edges: []solver.Edge{
		{R1: 0, C1: 0, R2: 0, C2: 1, Rel: solver.Differ},
		{R1: 0, C1: 2, R2: 1, C2: 2, Rel: solver.Differ},
		{R1: 1, C1: 3, R2: 1, C2: 4, Rel: solver.Differ},
		{R1: 2, C1: 0, R2: 3, C2: 0, Rel: solver.Differ},
		{R1: 4, C1: 0, R2: 4, C2: 1, Rel: solver.Equal},
		{R1: 3, C1: 4, R2: 4, C2: 4, Rel: solver.Equal},
		{R1: 5, C1: 2, R2: 5, C2: 3, Rel: solver.Differ},
		{R1: 4, C1: 5, R2: 5, C2: 5, Rel: solver.Differ},
	},
}

// renderedCells renders spec and rectifies it from its truth corners, so
// that the clue finder is tested apart from the locator.
func renderedCells(t *testing.T, spec synth.Spec) cellread.Image {
	t.Helper()
	grid, tr, px := renderedGrid(t, spec)
	defer grid.Close()
	return cellread.NewImage(grid, tr.Rows, tr.Cols, px)
}

// renderedGrid renders spec and warps it from its truth corners to px
// pixels a cell; the caller closes the Mat.
func renderedGrid(t *testing.T, spec synth.Spec) (gocv.Mat, synth.Truth, int) {
	t.Helper()
	sample, err := synth.Render(spec)
	if err != nil {
		t.Fatal(err)
	}
	m, err := LoadBytes(sample.Data)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	tr := sample.Truth
	px := cellread.CellPixels(tr.Rows, tr.Cols)
	h, ok := geom.FromQuads(locate.RectCorners(float64(tr.Cols*px), float64(tr.Rows*px)), tr.Corners)
	if !ok {
		t.Fatal("no homography from the truth corners")
	}
	bgr := raster.ToBGR(m)
	defer bgr.Close()
	return raster.Warp(bgr, h, tr.Cols*px, tr.Rows*px), tr, px
}

// TestFindCluesRendered reads the clues of boards drawn in every look
// that carries them, on screens and in photos, and finds none where none
// are drawn however close the glyphs come to the lines.
func TestFindCluesRendered(t *testing.T) {
	cases := []struct {
		name  string
		kind  synth.Kind
		style string
		look  synth.Look
		seed  uint64
		clues bool
	}{
		{"tango app screen", synth.KindClean, synth.StyleTango, synth.LookApp, 1, true},
		{"xo print screen", synth.KindClean, synth.StyleXO, synth.LookPrint, 2, true},
		{"square-circle light screen", synth.KindClean, synth.StyleSquareCircle, synth.LookLight, 3, true},
		{"digits partial screen", synth.KindClean, synth.StyleDigits, synth.LookPartial, 4, true},
		{"xo print screen, large glyphs, no clues", synth.KindClean, synth.StyleXO, synth.LookPrint, 5, false},
		{"disc-circle print screen, no clues", synth.KindClean, synth.StyleDiscCircle, synth.LookPrint, 6, false},
		{"tango app photo", synth.KindPhoto, synth.StyleTango, synth.LookApp, 7, true},
		{"xo print photo", synth.KindPhoto, synth.StyleXO, synth.LookPrint, 8, true},
		{"xoi light photo", synth.KindPhoto, synth.StyleXOI, synth.LookLight, 9, true},
		{"square-circle print photo, no clues", synth.KindPhoto, synth.StyleSquareCircle, synth.LookPrint, 10, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			spec := synth.Spec{
				Name: tc.name, Seed: tc.seed, Kind: tc.kind, Style: tc.style, Look: tc.look, Source: "test",
				Rows: 6, Cols: 6, Cells: clueBoard.cells, Givens: clueBoard.givens,
				Width: 900, Height: 900,
			}
			if tc.clues {
				spec.Edges = clueBoard.edges
			}
			if tc.kind == synth.KindPhoto {
				spec.Width, spec.Height = 1600, 1200
				spec.Fill, spec.Tilt, spec.Rotate, spec.Orientation = 0.6, 12, 5, 1
			}
			got := visiontest.EdgeSet(clueread.FindClues(renderedCells(t, spec)))
			if want := visiontest.EdgeSet(spec.Edges); got != want {
				t.Errorf("clues\n got [%s]\nwant [%s]", got, want)
			}
		})
	}
}

// TestClueTemplatesShared checks that the templates for one cell size are
// built once and that their sums match a direct count.
func TestClueTemplatesShared(t *testing.T) {
	a := clueread.ClueTemplatesFor(33, 8, 6, 5)
	b := clueread.ClueTemplatesFor(33, 8, 6, 5)
	if a != b {
		t.Fatal("templates for one cell size built twice")
	}
	n := 2*a.Reach + 1
	for k, tm := range a.Templates {
		for _, d := range [][2]int{{0, 0}, {-a.Reach, a.Reach}, {2, -1}} {
			var st float64
			for v := -8; v <= 8; v++ {
				for u := -6; u <= 6; u++ {
					st += tm.At(u-d[0], v-d[1])
				}
			}
			if got := a.Sums[(k*n+d[1]+a.Reach)*n+d[0]+a.Reach][0]; got != st {
				t.Fatalf("template %d offset %v: sum %v, want %v", k, d, got, st)
			}
		}
	}
}
