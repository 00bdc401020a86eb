package locate

import (
	"binocle/geom"
	"binocle/vision/internal/raster"
)

// bareRung, below every rung that sees a line or a border, takes the
// grid as the glyphs alone show it: printed with no lines at all, its
// glyphs still sit on a lattice, and where they are many and fill much
// of their box, their box is the grid's (bareGlyphGrid). Its accept rule
// is bareGlyphGrid's; it looks in the flattened located copy, as the
// glyphs rung does.
var bareRung = locator{
	name: "bare",
	Run: func(cs *copies) (Sighting, bool) {
		lc := cs.at(LocateSide)
		c, ok := bareGlyphGrid(lc.plane(true))
		c.Evidence.Flattened = true
		return Sighting{C: c, scale: lc.scale}, ok
	},
}

// bareGlyphGrid finds a grid with no lines by its glyphs in a flattened
// gray plane: the glyphs' lattice, bounded by the glyphs themselves. A
// page's letters fit no lattice as tightly, nor cover one as densely. An
// empty strip at the grid's edge would be lost from the box, so only a
// dense grid is taken: its outer rows and columns all but surely hold a
// glyph each.
func bareGlyphGrid(p raster.Plane) (Candidate, bool) {
	bp := locating.bare
	_, single, fams := inkSpotFamilies(p)
	for _, f := range fams {
		lo, hi := f[0], f[1]
		if hi-lo < bp.minGlyphs {
			continue
		}
		l, ok := fitSpotLatticeOf(single, lo, hi, true)
		if raster.Trace != nil && ok {
			raster.Trace("bare glyph family %d: lattice of %d spots resid %.3f", hi-lo, len(l.at), l.residual)
		}
		if !ok || l.residual > bp.maxResidual {
			continue
		}
		minC, minR, maxC, maxR := l.bounds()
		rows, cols := maxR-minR+1, maxC-minC+1
		if raster.Trace != nil {
			raster.Trace("bare glyph lattice %d spots: %dx%d resid %.3f", len(l.at), rows, cols, l.residual)
		}
		if len(l.at) < bp.minGlyphs || rows < bp.minSide || cols < bp.minSide || float64(len(l.at)) < bp.minFill*float64(rows*cols) {
			continue
		}
		var q [4][2]float64
		for i, c := range [4][2]int{{minC, minR}, {maxC + 1, minR}, {maxC + 1, maxR + 1}, {minC, maxR + 1}} {
			q[i][0], q[i][1] = l.toImage.Apply(float64(c[0]), float64(c[1]))
		}
		if !IsConvexOrdered(q) {
			continue
		}
		ev := noEvidence
		ev.Spots, ev.Residual = len(l.at), raster.RoundTo(l.residual, 3)
		return Candidate{Quad: q, Area: geom.QuadArea(q), Rows: PeriodFit{N: rows, Score: 1}, Cols: PeriodFit{N: cols, Score: 1}, Method: MethodBareGlyphs, Evidence: ev}, true
	}
	return Candidate{}, false
}
