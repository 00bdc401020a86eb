package vision

import (
	"slices"
	"testing"

	"binocle/internal/halfplayed"
	"binocle/solver"
)

// A newspaper grid finished in blue pen has most of its glyphs in one
// colour, but one hue is not Tango's warm suns and cool moons: it reads
// as the squares and circles it is.
func TestOneColourInkIsNotTango(t *testing.T) {
	data, err := halfplayed.Newspaper().Finished(halfplayed.NewspaperSolution, halfplayed.Pen).PNG()
	if err != nil {
		t.Fatal(err)
	}
	r, err := ReadBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	if r.Style != StyleSquareCircle {
		t.Fatalf("read as %s, want %s", r.Style, StyleSquareCircle)
	}
	if got := solver.GridRows(r.Cells, r.Rows, r.Cols); !slices.Equal(got, halfplayed.NewspaperSolution) {
		t.Fatalf("read %v, want %v", got, halfplayed.NewspaperSolution)
	}
}
