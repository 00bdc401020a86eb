package vision

import (
	"testing"

	"binocle/internal/synth"
	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/raster"
)

// A lattice placed about four tenths of a cell off, with lines too faint to
// place the windows, still has its glyphs read from where they gather;
// only the outer column, whose glyphs the grid's edge cuts in half, may
// be misread, and then in doubt.
func TestClassifyFarOffLattice(t *testing.T) {
	for _, style := range []string{synth.StyleDigits, synth.StyleXO} {
		for _, d := range []float64{0.36, -0.4} {
			ci, want := renderOffLatticeLineless(t, style, d)
			_, cells, conf := cellread.Classify(ci)
			// The column the lattice moved out of the glyphs' way.
			cut := 0
			if d < 0 {
				cut = ci.Cols - 1
			}
			for i, c := range cells {
				row, col := i/ci.Cols, i%ci.Cols
				w := want[row][col]
				if c.Char() == w {
					continue
				}
				if col == cut && conf[i] < cellread.Tuned.Resemble.ResembleDoubt && c != solver.Empty {
					continue
				}
				t.Errorf("%s shifted %.2f: r%dc%d read %c (%.2f), want %c", style, d, row, col, c.Char(), conf[i], w)
			}
		}
	}
}

// Glyphs gathered just short of half a cell off still move the windows.
func TestRecentreFar(t *testing.T) {
	const px = 40
	ci := blobCells(6, 6, px, -17, 0)
	ci.Recentre()
	for i := range ci.ShiftX {
		if raster.Abs(ci.ShiftX[i]+17) > 1 || ci.ShiftY[i] != 0 {
			t.Fatalf("glyphs off by -17 px: cell %d shifted (%d, %d)", i, ci.ShiftX[i], ci.ShiftY[i])
		}
	}
}
