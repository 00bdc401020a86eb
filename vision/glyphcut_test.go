package vision

import "testing"

// TestCutAtEmpty checks that a glyph box is split at a strip holding no
// glyph and crossed by no line only where the box's strips are full of
// glyphs and nothing runs across the gap: a full grid with text lined up
// a blank line below it loses the text; a sparse puzzle's empty row, or
// a row whose lines run on, does not split the grid.
func TestCutAtEmpty(t *testing.T) {
	const cell = 20
	// Lattice position (c, r) sits at pixel (40+cell*c, 40+cell*r).
	h := homography{cell, 0, 40, 0, cell, 40, 0, 0, 1}
	paper := func(lines bool) plane {
		p := plane{w: 400, h: 400, pix: make([]uint8, 400*400)}
		for i := range p.pix {
			p.pix[i] = 230
		}
		if lines {
			// The column lines of a 10-column grid, run over every row.
			for c := 0; c <= 10; c++ {
				x := 40 + cell*c
				for y := 0; y < p.h; y++ {
					p.pix[y*p.w+x] = 120
				}
			}
		}
		return p
	}
	// rows 0..9 of the grid hold per glyphs each; row 10 is blank; rows
	// 11..13 hold text lined up with the lattice.
	occupiedOf := func(per int) map[latticePos]bool {
		occ := map[latticePos]bool{}
		for r := 0; r < 10; r++ {
			for c := 0; c < per; c++ {
				occ[latticePos{col: (c*3 + r) % 10, row: r}] = true
			}
		}
		for r := 11; r < 14; r++ {
			for c := 0; c < 10; c += 3 {
				occ[latticePos{col: c, row: r}] = true
			}
		}
		return occ
	}
	box := glyphBox{c0: 0, r0: 0, c1: 10, r1: 14}
	cases := []struct {
		name   string
		per    int
		lines  bool
		wantR1 int
	}{
		{"full grid, text below a blank row", 10, false, 10},
		{"half-full grid", 5, false, 10},
		{"sparse puzzle keeps its empty row", 2, false, 14},
		{"lines run across the empty row", 10, true, 14},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := glyphLines{p: paper(tc.lines), h: h}
			got := box.cutAtEmpty(g, locating.glyphs.minLine, occupiedOf(tc.per))
			want := box
			want.r1 = tc.wantR1
			if got != want {
				t.Errorf("box %+v, want %+v", got, want)
			}
		})
	}
}
