package vision

import (
	"sort"
	"testing"

	"binocle/geom"
	"binocle/internal/synth"
	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/clueread"
	"binocle/vision/internal/locate"
	"binocle/vision/internal/raster"
	"binocle/vision/internal/visiontest"
)

// renderFarOffClues renders a clean light-lined board with clues and
// rectifies it dx cells off along its rows.
func renderFarOffClues(t *testing.T, edges []solver.Edge, dx float64) cellread.Image {
	t.Helper()
	cells := []string{
		"1.0..0",
		".0.1..",
		"0..1.1",
		"..0..0",
		"1.1.0.",
		".0..1.",
	}
	spec := synth.Spec{Name: "far-off-clues", Seed: 5, Kind: synth.KindClean, Style: synth.StyleDigits, Look: synth.LookLight,
		Rows: len(cells), Cols: len(cells[0]), Cells: cells, Givens: cells, Edges: edges, Width: 640, Height: 640}
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
	ux := [2]float64{(quad[1][0] - quad[0][0]) / float64(spec.Cols), (quad[1][1] - quad[0][1]) / float64(spec.Cols)}
	for i := range quad {
		quad[i][0] += dx * ux[0]
		quad[i][1] += dx * ux[1]
	}
	px := cellread.CellPixels(spec.Rows, spec.Cols)
	h, ok := geom.FromQuads(locate.RectCorners(float64(spec.Cols*px), float64(spec.Rows*px)), quad)
	if !ok {
		t.Fatal("no homography")
	}
	bgr := raster.ToBGR(img)
	defer bgr.Close()
	grid := raster.Warp(bgr, h, spec.Cols*px, spec.Rows*px)
	defer grid.Close()
	return cellread.NewImage(grid, spec.Rows, spec.Cols, px)
}

// Clues are looked for on the lines where the glyphs show them to be,
// not on a lattice placed four tenths of a cell beside them, where the
// glyphs lie across the sites.
func TestCluesFarOffLattice(t *testing.T) {
	edges := []solver.Edge{
		{R1: 1, C1: 2, R2: 1, C2: 3, Rel: solver.Equal},
		{R1: 3, C1: 1, R2: 3, C2: 2, Rel: solver.Differ},
		{R1: 2, C1: 4, R2: 3, C2: 4, Rel: solver.Differ},
		{R1: 0, C1: 3, R2: 1, C2: 3, Rel: solver.Equal},
	}
	key := func(es []solver.Edge) []string {
		var out []string
		for _, e := range es {
			out = append(out, visiontest.EdgeKey(e)+e.Rel.String())
		}
		sort.Strings(out)
		return out
	}
	want := key(edges)
	for _, dx := range []float64{0.38, -0.4} {
		ci := renderFarOffClues(t, edges, dx)
		got := key(clueread.FindClues(ci))
		if len(got) != len(want) {
			t.Errorf("shifted %.2f: clues %v, want %v", dx, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("shifted %.2f: clues %v, want %v", dx, got, want)
				break
			}
		}
	}
}
