package vision_test

import (
	"testing"

	"binocle/internal/synth"
)

// TestSmallGridReadInFull reads photos whose grid the reduced decode
// gives fewer pixels a cell than the cells are read at, so that their
// small clues blur away in it:
//   - dev-photos wild-photo-113, a 14×14 printed grid across a third of
//     a 12 MP photo's width (90 px a cell, 23 in the copy): 19 orange
//     clues, each about a third of a cell; in the reduced copy the net
//     doubted them all and 10 stayed unread.
//
// The grid found in the reduced copy is read again in the full picture
// (vision/read.go sharper); each board must be read perfectly.
func TestSmallGridReadInFull(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' photos")
	}
	eachReadPerfectly(t, []suiteRender{
		{"dev-photos", true, 9202, synth.KindPhoto, 113},
	})
}
