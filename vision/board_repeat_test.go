package vision

import (
	"testing"

	"binocle/internal/synth"
)

// TestAppBoardRepeats reads one tile board photo several times: the board
// found must be the same to the last bit every time, whatever order Go's
// maps hand out the spots in.
func TestAppBoardRepeats(t *testing.T) {
	spec := synth.Spec{Name: "repeat", Seed: 12, Kind: synth.KindPhoto, Style: synth.StyleTiles, Look: synth.LookApp,
		Source: "board-test", Rows: 10, Cols: 10, Cells: sparseTiles, Givens: sparseTiles,
		Width: 1600, Height: 1200, Fill: 0.55, Tilt: 12, Rotate: 8, Orientation: 1}
	d, _ := appPhoto(t, spec)
	defer d.mat.Close()
	first, _, ok := appBoard(d.mat)
	if !ok {
		t.Fatal("no board found")
	}
	for i := 0; i < 10; i++ {
		c, _, _ := appBoard(d.mat)
		if c.quad != first.quad || len(c.centres) != len(first.centres) {
			t.Fatalf("read %d: quad %v, first %v", i+2, c.quad, first.quad)
		}
		for k := range c.centres {
			if c.centres[k] != first.centres[k] {
				t.Fatalf("read %d: centre %d %v, first %v", i+2, k, c.centres[k], first.centres[k])
			}
		}
	}
}
