package locate

import (
	"math"
	"testing"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// TestTrimLinesStrays trims the lines of a glyph lattice's box that hold
// only the page's letters. The counts are the glyphs per line of real
// lattices: wild-photos wild-photo-134's rows and columns, a 16×20 grid
// with no lines whose lattice the page's letters stretched to 32×39.
func TestTrimLinesStrays(t *testing.T) {
	tests := []struct {
		name     string
		counts   []int
		from, to int
	}{
		// A typical line is a typical one of the lines holding a glyph:
		// over all 32, the median was one stray, and nothing was trimmed.
		// The lone letter just below the grid's last row goes too.
		{"rows beyond gaps", []int{1, 0, 0, 0, 0, 0, 0, 6, 8, 9, 7, 9, 11, 8, 6, 5, 8, 8, 1, 8, 8, 7, 8, 1, 0, 1, 1, 0, 0, 0, 1, 1}, 7, 22},
		// Four lines of a stray each beyond a gap are strays, however
		// many they hold together.
		{"columns of single strays", []int{6, 10, 6, 6, 5, 3, 4, 5, 6, 5, 8, 5, 6, 4, 8, 7, 4, 2, 7, 9, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1, 1, 1, 1}, 0, 19},
		// Letters in two lines beside the grid, with no gap between
		// (wild-photo-133's rows, a 40×30 grid).
		{"lone letters beside the grid", []int{11, 15, 16, 10, 14, 10, 10, 13, 8, 12, 13, 16, 1, 2}, 0, 11},
		// A sparse line at the edge, with no gap, is the grid's.
		{"sparse edge kept", []int{1, 5, 6, 4, 6, 5, 1}, 0, 6},
		// A line beyond a gap as full as a typical line's half is kept.
		{"full line beyond a gap", []int{3, 0, 5, 6, 4, 6, 5}, 0, 6},
		{"no glyph", []int{0, 0, 0}, 0, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			count := map[int]int{}
			for i, n := range tc.counts {
				count[i] = n
			}
			from, to := trimLines(count, 0, len(tc.counts)-1)
			if from != tc.from || to != tc.to {
				t.Errorf("trimLines = %d..%d, want %d..%d", from, to, tc.from, tc.to)
			}
		})
	}
}

// TestHeldCellsCountsBothSymbols draws a 6×6 lattice of 20-pixel cells on
// paper at 200: dark discs (the lattice's glyphs), rings a little lighter
// than latticeInk (a photo's thin rings), and a cell of two letters side
// by side, as text under a chance lattice has. The discs and rings hold
// their cells; the letters' cell holds no glyph.
func TestHeldCellsCountsBothSymbols(t *testing.T) {
	const pitch, side = 20, 6
	p := raster.Plane{W: pitch * (side + 2), H: pitch * (side + 2), Pix: make([]uint8, pitch*(side+2)*pitch*(side+2))}
	for i := range p.Pix {
		p.Pix[i] = 200
	}
	paint := func(cx, cy float64, inside func(d float64) bool, level uint8) {
		for y := 0; y < p.H; y++ {
			for x := 0; x < p.W; x++ {
				if inside(math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy)) {
					p.Pix[y*p.W+x] = level
				}
			}
		}
	}
	centre := func(c, r int) (float64, float64) {
		return float64(pitch*(c+1)) + pitch/2, float64(pitch*(r+1)) + pitch/2
	}
	var family []spot
	for _, at := range [][2]int{{0, 0}, {2, 1}, {5, 2}, {1, 4}} {
		x, y := centre(at[0], at[1])
		paint(x, y, func(d float64) bool { return d <= 6 }, 60)
		family = append(family, spot{x: x, y: y, w: 12, h: 12, fill: 0.78})
	}
	for _, at := range [][2]int{{3, 0}, {0, 3}, {4, 5}} {
		x, y := centre(at[0], at[1])
		paint(x, y, func(d float64) bool { return d >= 4.5 && d <= 6 }, 160)
	}
	x, y := centre(3, 3)
	paint(x-4, y, func(d float64) bool { return d <= 3 }, 60)
	paint(x+4, y, func(d float64) bool { return d <= 3 }, 60)
	l := spotLattice{toImage: geom.Homography{pitch, 0, pitch, 0, pitch, pitch, 0, 0, 1}}
	if got, want := heldCells(p, l, family, 0, 0, side-1, side-1), 7; got != want {
		t.Errorf("heldCells = %d, want %d (4 discs and 3 rings)", got, want)
	}
}
