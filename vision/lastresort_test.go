package vision_test

import (
	"path/filepath"
	"testing"

	"binocle/internal/synth"
	"binocle/vision"
)

// TestSparseBoardsBelowAFirstFinding reads sparse X/O/I boards whose
// light or dashed lines show in part: a rung of the reading ladder found
// a piece of each, which the rules turn down, and, a grid having been
// found, the last-resort rungs that see a sparse board's glyphs were
// never asked, so the piece stood. They are asked now, and their grid
// taken where the rules take its reading (vision's lastResortByRules):
//   - wild-clean wild-clean-109, 6×6 with dashed lines, read 6×5;
//   - study-photos wild-photo-060, 12×12, read 8×10.
func TestSparseBoardsBelowAFirstFinding(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the suites' images")
	}
	eachReadPerfectly(t, []suiteRender{
		{"wild-clean", true, 9001, synth.KindClean, 109},
		{"study-photos", true, 9302, synth.KindPhoto, 60},
	})
}

// TestSudokuNotReadSmallerByTheLastResort reads real sudoku photos whose
// 9×9 grid has no single binary solution, as no sudoku has: the
// last-resort rungs, asked again, read 8×6, 10×8 and 8×8 binary puzzles
// with exactly one solution within them (wicht-sudoku image43, image120,
// image188). Their weaker evidence may grow a grid, not put a smaller
// one in its place.
func TestSudokuNotReadSmallerByTheLastResort(t *testing.T) {
	if testing.Short() {
		t.Skip("reads real photos")
	}
	dir := wichtDir(t)
	for _, name := range []string{"image43.jpg", "image120.jpg", "image188.jpg"} {
		t.Run(name, func(t *testing.T) {
			r, err := vision.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			if r.Rows != 9 || r.Cols != 9 {
				t.Errorf("read %dx%d, want the sudoku's 9x9", r.Rows, r.Cols)
			}
		})
	}
}
