package vision_test

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"binocle/vision"
	"binocle/vision/exif"
	"binocle/vision/lab"
)

// TestTwoPrintedGridsAreNotOne reads a real photo of a newspaper page
// with two sudokus, one above the other, a caption's height apart
// (wicht-sudoku image1040): their columns line up and the gap is about a
// cell high, so the cells closed into one 9×12 lattice over the whole
// grid and three rows of its neighbour. No line crosses the caption; the
// grid is the nine rows on one side of it, its corners where the truth
// has them and its blank cells told from its inked ones.
func TestTwoPrintedGridsAreNotOne(t *testing.T) {
	path := filepath.Join(wichtDir(t), "image1040.jpg")
	truth, err := lab.LoadWichtTruth(path)
	if err != nil {
		t.Skip(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := vision.LoadBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	defer img.Close()
	r, err := vision.Read(img)
	if err != nil {
		t.Fatal(err)
	}
	wantInk, rows, cols := truth.UprightInk(exif.Orientation(data))
	if r.Rows != rows || r.Cols != cols {
		t.Fatalf("read %dx%d, want %dx%d", r.Rows, r.Cols, rows, cols)
	}
	diag := math.Hypot(float64(img.Cols()), float64(img.Rows()))
	if e := lab.MaxCornerError(truth.Corners, r.Corners); e > 0.03*diag {
		t.Errorf("corners %v are %.0f px off the truth's %v", r.Corners, e, truth.Corners)
	}
	for i, inked := range vision.InkCells(img, r) {
		if inked != wantInk[i] {
			t.Errorf("r%dc%d: ink %v, truth %v", i/cols, i%cols, inked, wantInk[i])
		}
	}
}
