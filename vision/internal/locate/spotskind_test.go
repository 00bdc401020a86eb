package locate

import (
	"testing"

	"binocle/geom"
)

// What a board's coloured spots are decides what bounds the board: an
// app's tiles, Tango's moons and suns, or discs printed on a grid whose
// frame alone can bound it (read as tiles, nine blue discs of a 10x10
// print grid once made a 9x10 board of their own extent).
func TestSpotsKind(t *testing.T) {
	const cell = 40
	tests := []struct {
		name          string
		side          int
		fill          float64
		tiles, glyphs bool
	}{
		{"app tiles", 36, 0.92, true, false},
		{"tiles blurred in a photo", 30, 0.8, true, false},
		{"crescent moons", 30, 0.3, false, true},
		{"discs half a cell wide", 20, 0.78, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := spotLattice{toImage: geom.Homography{cell, 0, 10, 0, cell, 10, 0, 0, 1}, at: map[latticePos]int{}}
			var spots []spot
			for i, p := range []latticePos{{0, 0}, {2, 1}, {4, 3}, {1, 4}, {5, 5}} {
				x, y := l.toImage.Apply(float64(p.col)+0.5, float64(p.row)+0.5)
				spots = append(spots, spot{x: x, y: y, w: tt.side, h: tt.side, fill: tt.fill})
				l.at[p] = i
			}
			tiles, glyphs := spotsKind(spots, l)
			if tiles != tt.tiles || glyphs != tt.glyphs {
				t.Errorf("tiles %v glyphs %v, want %v %v", tiles, glyphs, tt.tiles, tt.glyphs)
			}
		})
	}
}
