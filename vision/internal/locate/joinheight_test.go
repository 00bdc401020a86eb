package locate

import (
	"testing"

	"binocle/geom"
)

func TestJoinByHeight(t *testing.T) {
	const pitch = 20
	// Cell (c, r) has its middle at (pitch*(c+1)+pitch/2, pitch*(r+1)+pitch/2).
	l := spotLattice{toImage: geom.Homography{pitch, 0, pitch, 0, pitch, pitch, 0, 0, 1}, at: map[latticePos]int{}}
	middle := func(c, r int) (float64, float64) {
		return float64(pitch*(c+1)) + pitch/2, float64(pitch*(r+1)) + pitch/2
	}
	// The family: 0s, 10 wide and 16 high, at four cells.
	var family []spot
	for _, at := range [][2]int{{0, 0}, {2, 1}, {5, 2}, {1, 4}} {
		x, y := middle(at[0], at[1])
		l.at[latticePos{col: at[0], row: at[1]}] = len(family)
		family = append(family, spot{x: x, y: y, w: 10, h: 16, fill: 0.5})
	}
	spots := append([]spot(nil), family...)
	add := func(c, r int, dx float64, w, h int) {
		x, y := middle(c, r)
		spots = append(spots, spot{x: x + dx, y: y, w: w, h: h, fill: 0.9})
	}
	add(6, 6, 0, 4, 16) // a 1 at the middle of an empty cell: joins
	add(3, 0, 0, 3, 15) // another: joins
	add(4, 4, 7, 4, 16) // a 1 a third of a cell off its middle: no glyph of the lattice
	add(2, 2, 0, 4, 5)  // a speck, a third of the glyphs' height
	add(4, 1, 0, 18, 8) // a dash, wider than high
	add(2, 1, 0, 4, 16) // a bar where a 0 already stands
	add(0, 5, 0, 5, 30) // twice the glyphs' height: a rule or a tall letter
	single := joinByHeight(&l, family, 0, len(family), spots)
	want := map[latticePos]bool{{col: 6, row: 6}: true, {col: 3, row: 0}: true}
	if got := len(l.at) - len(family); got != len(want) {
		t.Errorf("joined %d glyphs, want %d", got, len(want))
	}
	for p, i := range l.at {
		if i >= len(family) && !want[p] {
			t.Errorf("joined a glyph at %+v", p)
		}
		if x, y := middle(p.col, p.row); i >= len(single) || single[i].x != x || single[i].y != y {
			t.Errorf("the glyph at %+v is not the spot its index names", p)
		}
	}
	if len(family) != 4 || family[0].w != 10 {
		t.Error("the family's slice was changed")
	}
}
