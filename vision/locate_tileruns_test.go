package vision

import (
	"fmt"
	"testing"

	"binocle/internal/synth"
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
			checkAppBoard(t, "run-edge", seed, synth.StyleTiles, runEdgeTiles, runEdgeTiles)
		})
	}
}
