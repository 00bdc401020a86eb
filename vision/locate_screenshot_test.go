package vision

import (
	"testing"

	"binocle/internal/synth"
	"binocle/vision/internal/locate"
	"binocle/vision/internal/raster"
)

// cleanShot renders a 1000-px screenshot as ReadFile would decode it; the
// caller closes the Mat.
func cleanShot(t *testing.T, style string, look synth.Look, cells []string, seed uint64) *decodedImage {
	t.Helper()
	spec := synth.Spec{Name: "shot", Seed: seed, Kind: synth.KindClean, Style: style, Look: look, Source: "speed-test",
		Rows: len(cells), Cols: len(cells[0]), Cells: cells, Givens: cells, Width: 1000, Height: 1000, Orientation: 1}
	d, _ := appPhoto(t, spec)
	return d
}

// A printed grid of many small digit cells is taken from the half-size
// look, where some digits close their cells off from the lines: the
// lattice is sure from its lines though not every cell closed.
func TestQuickLatticeTakesSureGrid(t *testing.T) {
	for _, n := range []int{12, 16} {
		d := cleanShot(t, synth.StyleDigits, synth.LookPrint, largeGivens(n, n), 5)
		small, _ := locate.Downscale(d.mat, locate.LocateSide)
		gray := raster.ToGray(small)
		f, _, ok := locate.QuickLattice(gray)
		gray.Close()
		small.Close()
		d.mat.Close()
		if !ok || f.Rows != n || f.Cols != n {
			t.Errorf("%dx%d digits: quick lattice %dx%d ok %v", n, n, f.Rows, f.Cols, ok)
		}
	}
}

// On a screenshot whose lattice closed every cell, colour on the lattice
// is the board's own: the app-board locator is not needed, only Tango's
// frame is looked for.
func TestColourAroundCompleteLattice(t *testing.T) {
	tango := []string{"10..0.", "0....1", "......", "..1...", "011001", "1....0"}
	cases := []struct {
		name  string
		style string
		look  synth.Look
		cells []string
		want  locate.ColourPlace
	}{
		{"tiles", synth.StyleTiles, synth.LookApp, sparseTiles, locate.ColourOn},
		{"print", synth.StyleSquareCircle, synth.LookPrint, sparseTiles, locate.ColourNone},
		{"tango", synth.StyleTango, synth.LookApp, tango, locate.ColourOn},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := cleanShot(t, tc.style, tc.look, tc.cells, 9)
			defer d.mat.Close()
			cs := locate.NewCopies(d.mat)
			found, ok := locate.LatticeRung.Run(cs)
			cs.Close()
			if !ok {
				t.Fatal("the lattice rung found nothing")
			}
			c := found.C
			if got := locate.ColourAround(d.mat, c); got != tc.want {
				t.Errorf("colour %v (lattice %dx%d complete %v), want %v", got, c.Rows.N, c.Cols.N, c.Complete, tc.want)
			}
			r, err := Read(d.mat)
			if err != nil || r.Rows != len(tc.cells) || r.Cols != len(tc.cells[0]) {
				t.Errorf("read %v, %v", r, err)
			}
		})
	}
}
