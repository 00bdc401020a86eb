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
	spec, err := suiteLibrary(t).SpecAt(true, 9502, synth.KindPhoto, 87)
	if err != nil {
		t.Fatal(err)
	}
	// Halved as the reader decodes a 12 MP photo: the rows' lines are
	// measured at the size they are read at.
	wantFoundDecoded(t, spec, gocv.IMReadReducedColor2, 6, 6)
}
