package vision_test

import (
	"testing"

	"binocle/internal/synth"
	"binocle/vision"
	"binocle/vision/lab"
)

// TestLinelessDigitsWithTheirOnes reads digits grids printed without
// lines whose 1s are too narrow to be a single glyph spot of the 0s'
// size: the bare and sparse rungs' lattice was the 0s' alone and ended
// where they did, short of the grid or too sparse to stand. The glyphs
// of the 0s' height on the lattice now join it (locate's joinByHeight):
//   - hunt-clean wild-clean-079, an 8×8 web screenshot with row and
//     column counts and clues: no grid found before;
//   - hunt-photos wild-photo-107, an 8×8 photo with blue pen marks: no
//     grid found before;
//   - hunt-photos wild-photo-023, a 24×24 photo: read 28×25 before.
func TestLinelessDigitsWithTheirOnes(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' images")
	}
	eachReadPerfectly(t, []suiteRender{
		{"hunt-clean", true, 9501, synth.KindClean, 79},
		{"hunt-photos", true, 9502, synth.KindPhoto, 107},
		{"hunt-photos", true, 9502, synth.KindPhoto, 23},
	})
}

// TestSmallFamilyJoinedToItsGrid reads hunt-photos wild-photo-040, a 6×6
// Tango photo whose one size family holds fewer glyphs than the bare
// rung asks for: with the glyphs of its height joined it is enough, and
// the board is found at its size, where it was read 10×10 (its clues
// are still missed, so only the size and the cells are held).
func TestSmallFamilyJoinedToItsGrid(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suite's photo")
	}
	eachRender(t, []suiteRender{{"hunt-photos", true, 9502, synth.KindPhoto, 40}}, func(t *testing.T, spec synth.Spec) {
		sample, err := synth.Render(spec)
		if err != nil {
			t.Fatal(err)
		}
		r, err := vision.ReadBytes(sample.Data)
		s := lab.ScoreReading(sample.Truth, r, err)
		if !s.SizeRight || s.CellsRight != s.Cells {
			t.Errorf("size right %v, %d of %d cells right", s.SizeRight, s.CellsRight, s.Cells)
		}
	})
}
