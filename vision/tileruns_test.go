package vision

import (
	"fmt"
	"math"
	"testing"

	"binocle/vision/internal/synth"
)

// runEdgeTiles is an 11x11 tile board whose last column's only coloured
// tiles are two touching ones (rows 8 and 9), which blur into one blob:
// the column is the board's only where the spots miss it.
var runEdgeTiles = []string{
	"..1...0....",
	".0......1..",
	"...1.0.....",
	"0.....1..0.",
	"..0.1......",
	".1.....0.1.",
	"....0.1....",
	"0..1.....0.",
	"..1...0...1",
	".0...1....1",
	"...0.1.0...",
}

// TestAppBoardRunAtEdge checks that a board's outer column whose coloured
// tiles merged into a run is the board's, on photos whose blank tiles are
// too faint to carry the extent there (these seeds read 11x10 without
// runTiles).
func TestAppBoardRunAtEdge(t *testing.T) {
	for _, seed := range []uint64{8, 11, 28} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			cells := runEdgeTiles
			spec := synth.Spec{Name: "run-edge", Seed: seed, Kind: synth.KindPhoto, Style: synth.StyleTiles, Look: synth.LookApp,
				Source: "board-test", Rows: len(cells), Cols: len(cells[0]), Cells: cells, Givens: cells,
				Width: 1600, Height: 1200, Fill: 0.55, Tilt: 12, Rotate: 8, Orientation: 1}
			d, truth := appPhoto(t, spec)
			defer d.mat.Close()
			c, scale, ok := appBoard(d.mat)
			if !ok {
				t.Fatal("no board found")
			}
			if c.rows.n != truth.Rows || c.cols.n != truth.Cols {
				t.Fatalf("read %dx%d, truth %dx%d", c.rows.n, c.cols.n, truth.Rows, truth.Cols)
			}
			q := scaleQuad(c.quad, scale*d.scale)
			cell := math.Sqrt(quadArea(truth.Corners)) / float64(truth.Cols)
			if gap := maxCornerGap(q, truth.Corners); gap > 0.5*cell {
				t.Errorf("corners %v, truth %v: %.1f px off, cell %.1f px", q, truth.Corners, gap, cell)
			}
		})
	}
}
