package cellread

import (
	"math"
	"slices"
)

// Strips counts the outer rows and columns, from each side, that are not
// part of the puzzle.
type Strips struct{ Top, Bottom, Left, Right int }

// Any tells whether any strip is counted.
func (s Strips) Any() bool { return s.Top+s.Bottom+s.Left+s.Right > 0 }

// colourPieces are the colour styles' kinds, which ForeignStrips takes
// for one another.
var colourPieces = []int{kindSun, kindMoon, kindWarm, kindCool}

// ForeignStrips finds the outer rows and columns of a grid read in style
// whose glyphs the net takes for another style's kinds, far more often
// than the grid's other cells: the row and column counters some apps and
// papers print beside the grid (digits, dots, letters) that the locator
// took for one more row or column of cells. Counters the net reads as
// the style's own kinds, its odds spread, are found too (spreadOdds).
// Past such a strip, a blank strip is the margin between the grid and
// its counters when a line of blanks that long is unlikely at the grid's
// fill (stripsParams). probs
// are the net's kinds for every cell, row by row; none are trimmed
// without them. clued marks, row by row, the cells beside an edge clue
// read (nil: none): a clue's badge drawn over the line reaches into both
// its cells, and the net takes them for an X or an I, foreign to a tile
// board, though no counter is there. It never leaves fewer than minSide
// rows or columns.
func ForeignStrips(style Style, rows, cols int, probs [][KindCount]float64, clued []bool, minSide int) Strips {
	var s Strips
	if len(probs) != rows*cols || rows < minSide || cols < minSide {
		return s
	}
	// A kind the style draws explains a cell, and so does a kind that
	// looks like one (alike: another font's O, a blurred disc taken for
	// a square), or that light makes of one (a tile for a Tango piece
	// on its shaded cell). What counters print, numbers over 1, the net
	// has no kind for and spreads over the others.
	var weight [KindCount]float64
	for _, k := range styleKindsOf(style) {
		kin := alikeGroup(k.Kind)
		if slices.Contains(colourPieces, k.Kind) {
			kin = colourPieces
		}
		for _, g := range kin {
			weight[g] = 1
		}
	}
	weight[kindBlank] = 1
	// Per cell: how much glyph it holds, how much of that no kind of
	// the style explains, and how much the net gives all but its
	// likeliest kind (spreadOdds).
	glyph, foreign, doubt := make([]float64, len(probs)), make([]float64, len(probs)), make([]float64, len(probs))
	for i, p := range probs {
		explained := 0.0
		for k, w := range weight {
			explained += w * p[k]
		}
		glyph[i], foreign[i], doubt[i] = 1-p[kindBlank], math.Max(0, 1-explained), 1-slices.Max(p[:])
		if i < len(clued) && clued[i] {
			foreign[i] = 0
		}
	}
	sp := Tuned.Strips
	// sum adds a quantity over the cells rows r0..r1-1, cols c0..c1-1.
	sum := func(v []float64, r0, r1, c0, c1 int) float64 {
		t := 0.0
		for r := r0; r < r1; r++ {
			for c := c0; c < c1; c++ {
				t += v[r*cols+c]
			}
		}
		return t
	}
	// A side's outer strip within the bounds left, and the rest.
	strip := func(b box, side int) (outer, rest box) {
		outer, rest = b, b
		switch side {
		case 0:
			outer.r1, rest.r0 = b.r0+1, b.r0+1
		case 1:
			outer.r0, rest.r1 = b.r1-1, b.r1-1
		case 2:
			outer.c1, rest.c0 = b.c0+1, b.c0+1
		default:
			outer.c0, rest.c1 = b.c1-1, b.c1-1
		}
		return outer, rest
	}
	counts := []*int{&s.Top, &s.Bottom, &s.Left, &s.Right}
	b := box{0, rows, 0, cols}
	maxTrim := [4]int{int(sp.maxShare * float64(rows)), int(sp.maxShare * float64(rows)), int(sp.maxShare * float64(cols)), int(sp.maxShare * float64(cols))}
	canTrim := func(b box, side int) bool {
		if side < 2 {
			return b.r1-b.r0 > minSide && *counts[side] < maxTrim[side]
		}
		return b.c1-b.c0 > minSide && *counts[side] < maxTrim[side]
	}
	for changed := true; changed; {
		changed = false
		for side := range counts {
			if !canTrim(b, side) {
				continue
			}
			o, rest := strip(b, side)
			g, f := sum(glyph, o.r0, o.r1, o.c0, o.c1), sum(foreign, o.r0, o.r1, o.c0, o.c1)
			rg, rf := sum(glyph, rest.r0, rest.r1, rest.c0, rest.c1), sum(foreign, rest.r0, rest.r1, rest.c0, rest.c1)
			if (f < sp.minForeign || f < sp.foreignShare*g || f/g < sp.overRest*rf/math.Max(rg, 1)) && !spreadOdds(o.cells(), rest.cells(), g, rg, sum(doubt, o.r0, o.r1, o.c0, o.c1), sum(doubt, rest.r0, rest.r1, rest.c0, rest.c1)) {
				continue
			}
			b, changed = rest, true
			*counts[side]++
			// The margin between the grid and its counters.
			for canTrim(b, side) {
				o, rest := strip(b, side)
				n := float64(o.cells())
				fill := sum(glyph, rest.r0, rest.r1, rest.c0, rest.c1) / float64(rest.cells())
				if sum(glyph, o.r0, o.r1, o.c0, o.c1) > sp.blankGlyph || math.Pow(1-fill, n) >= sp.blankChance {
					break
				}
				b = rest
				*counts[side]++
			}
		}
	}
	return s
}

// box is rows r0..r1-1 and columns c0..c1-1 of a grid.
type box struct{ r0, r1, c0, c1 int }

func (b box) cells() int { return (b.r1 - b.r0) * (b.c1 - b.c0) }

// spreadOdds says whether the strip of stripCells cells, holding glyph
// probability g and doubt stripDoubt (summed over its cells, as restGlyph
// and restDoubt over the rest's restCells), is a line of counters by how
// the net read it, where it took them for kinds the style draws (a small
// white "57" on a dark board for a disc, an O or an X). Numbers over one
// are no kind the net knows, so it spreads its odds over several
// (Tuned.Strips.counterDoubt), where it is sure of the puzzle's own
// glyphs, blurred or not (doubtOverRest times surer, cell for cell, than
// of the strip's). And every row and column has a count: nearly every
// cell of the strip holds a glyph (fullGlyph), which a line of the
// puzzle does only by a chance below fullChance at the fill of the rest
// of the grid.
func spreadOdds(stripCells, restCells int, g, restGlyph, stripDoubt, restDoubt float64) bool {
	sp := Tuned.Strips
	n, restN := float64(stripCells), float64(restCells)
	if n == 0 || restN == 0 || g < sp.fullGlyph*n {
		return false
	}
	if math.Pow(restGlyph/restN, n) >= sp.fullChance {
		return false
	}
	return stripDoubt >= sp.counterDoubt*n && stripDoubt/n >= sp.doubtOverRest*restDoubt/restN
}
