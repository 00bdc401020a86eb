package vision_test

import (
	"testing"

	"binocle/internal/synth"
	"binocle/solver"
	"binocle/vision"
	"binocle/vision/lab"
)

// TestPenBesideShadedPrint reads half-played boards whose givens are
// printed on shaded cells, with the player's entries in a blue pen
// beside them. The pen's group is the more coloured; the colour test
// took the fainter group for the player's whatever its hue, and dropped
// the split when any of that group's cells was off plain paper:
//   - dev-photos wild-photo-057 (33×33): the print, in grey, is the
//     fainter, and lies on shading, off plain paper; the pen's 495
//     entries were all read as givens. Where most of the fainter group
//     is off plain paper and the other is the more coloured, the other
//     is the player's.
//   - study-photos wild-photo-010 (34×34): the pen is both the fainter
//     and the more coloured, and a stroke reaching the corners of a few
//     of its 467 cells dropped the split. A group both cues name is the
//     player's wherever it is written.
//
// Every filled cell read must be labelled as the render's truth says.
func TestPenBesideShadedPrint(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' photos")
	}
	eachRender(t, []suiteRender{
		{"dev-photos", true, 9202, synth.KindPhoto, 57},
		{"study-photos", true, 9302, synth.KindPhoto, 10},
	}, func(t *testing.T, spec synth.Spec) {
		player := lab.PlayerCells(spec)
		if player == nil {
			t.Fatal("the render has no player's marks")
		}
		sample, err := synth.Render(spec)
		if err != nil {
			t.Fatal(err)
		}
		r, err := vision.ReadBytes(sample.Data)
		if err != nil {
			t.Fatal(err)
		}
		if r.Rows != spec.Rows || r.Cols != spec.Cols || len(r.Given) != len(r.Cells) {
			t.Fatalf("read %dx%d with %d given flags, want %dx%d", r.Rows, r.Cols, len(r.Given), spec.Rows, spec.Cols)
		}
		filled, wrong := 0, 0
		for i, v := range r.Cells {
			row, col := i/r.Cols, i%r.Cols
			if v == solver.Empty || sample.Truth.Cells[row][col] == '.' {
				continue
			}
			filled++
			if r.Given[i] != (player[row][col] == '.') {
				wrong++
			}
		}
		if wrong > 0 {
			t.Errorf("%d of %d filled cells labelled wrong (given or the player's)", wrong, filled)
		}
	})
}
