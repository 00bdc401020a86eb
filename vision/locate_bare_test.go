package vision_test

import (
	"testing"

	"binocle/internal/synth"
)

// TestBareGridsAmongLetters reads photos of grids printed with no lines
// that hold, once the page's letters are trimmed off, only their glyphs:
//   - dev-photos wild-photo-128, a 40×30 digits grid, and wild-photos
//     wild-photo-134, a 16×20 disc grid: letters on the glyphs' lattice
//     far out and beside the grid stretched its box, and the lines that
//     held only letters were not trimmed, since a typical line was taken
//     over all of them, mostly empty (locate's trimLines);
//   - dev-photos wild-photo-085, a 24×24 disc grid whose rings are too
//     thin to be the lattice's glyphs: the discs alone fill too little
//     of the box to be a grid, the rings counted too (heldCells).
//
// Each was "no puzzle grid found" before. And dev-photos wild-photo-072,
// a 33×33 digits grid with a border on its top and left: the lattice of
// its 1s, trimmed of the letters far out, ran on two rows over the top
// border onto a line of text, and is cut at the border (cutAtBorder).
func TestBareGridsAmongLetters(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' photos")
	}
	eachReadPerfectly(t, []suiteRender{
		{"dev-photos", true, 9202, synth.KindPhoto, 128},
		{"dev-photos", true, 9202, synth.KindPhoto, 85},
		{"dev-photos", true, 9202, synth.KindPhoto, 72},
		{"wild-photos", true, 9002, synth.KindPhoto, 134},
	})
}

// TestBareLightGlyphsOnDark reads a dark theme's lineless board: wild-clean
// wild-clean-010, a 30×40 of light X's and O's on a near-black page with
// only a faint border. The bare rung looked for ink darker than the page
// and saw none; only the last-resort sparse rung looked in the inverted
// grey, and its finding stands on the rules alone, which a 30×40 is too
// big to be asked. It was "no puzzle grid found".
func TestBareLightGlyphsOnDark(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suite's board")
	}
	eachReadPerfectly(t, []suiteRender{
		{"wild-clean", true, 9001, synth.KindClean, 10},
	})
}
