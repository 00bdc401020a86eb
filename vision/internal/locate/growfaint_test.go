package locate

import (
	"testing"

	"gocv.io/x/gocv"

	"binocle/internal/synth"
)

// TestGrowBesideShadedStrip locates a light grid with no outer border
// whose first row of lines runs beside shaded givens: the lines across
// that row stand out less than anywhere else on the grid, and the row
// beyond it, whose lines run on plainly, was taken for the darker print
// around a grid when held to that row alone. Print is darker than the
// grid's lines everywhere, so the row beyond is held to the grid's level
// as well (hunt-photos wild-photo-087, read a row short).
func TestGrowBesideShadedStrip(t *testing.T) {
	dir, err := synth.SharedDir("datasets")
	if err != nil {
		t.Skipf("no shared datasets (%v): the suites' renders need them", err)
	}
	lib, err := synth.LoadLibrary(dir)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := lib.SpecAt(true, 9502, synth.KindPhoto, 87)
	if err != nil {
		t.Fatal(err)
	}
	sample, err := synth.Render(spec)
	if err != nil {
		t.Fatal(err)
	}
	// Halved as the reader decodes a 12 MP photo: the rows' lines are
	// measured at the size they are read at.
	img, err := gocv.IMDecode(sample.Data, gocv.IMReadReducedColor2)
	if err != nil {
		t.Fatal(err)
	}
	defer img.Close()
	c, _, err := Find(img)
	if err != nil {
		t.Fatal("no grid found, want 6x6")
	}
	if c.Rows.N != 6 || c.Cols.N != 6 {
		t.Errorf("found %dx%d by %s, want 6x6", c.Rows.N, c.Cols.N, c.Method)
	}
}
