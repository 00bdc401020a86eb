package locate

import "binocle/vision/internal/raster"

// closedGlyphsRung, after the bare rung, takes a grid printed without
// lines whose glyphs close off regions of their own: filled squares,
// rings' holes, tiles. The lattice rung fits those regions to a lattice
// as it fits cells, then turns the lattice away for showing no lines
// (gridRule); the bare rung looks at one family of ink spots at a time
// and misses a grid whose squares and rings differ in size. A lattice
// this populous and this tight is no chance lattice of text's
// (closedGlyphLattice), and its extent is its glyphs', as the bare
// rung's is.
var closedGlyphsRung = locator{
	name: "closed glyphs",
	Run: func(cs *copies) (Sighting, bool) {
		lc := cs.at(LocateSide)
		for _, v := range EdgeVariants {
			for _, f := range PreferFiner(FindLattices(lc.cellBlobs(greyPlane, v))) {
				if !closedGlyphLattice(f) {
					continue
				}
				ev := noEvidence
				ev.ClosedCells, ev.Residual, ev.Accepted = f.Cells, raster.RoundTo(f.Residual, 3), "closed glyphs"
				// The lattice's candidate, named for the glyphs that made
				// it and, like the bare rung's, never complete.
				c := latticeCandidate(f, ev)
				c.Method, c.Complete = MethodBareGlyphs, false
				if !IsConvexOrdered(c.Quad) {
					continue
				}
				return Sighting{C: c, scale: lc.scale, fit: f}, true
			}
		}
		return Sighting{}, false
	},
}

// closedGlyphLattice tells whether a lattice of closed regions that shows
// no lines is a grid's glyphs: more regions than text's chance lattices
// were ever seen to line up (accept.populousCells, twice the most), as
// tightly as no text column fits (accept.strictResidual), and filling
// their box as a grid's glyphs do (locating.bare.minFill, minSide).
func closedGlyphLattice(f LatticeFit) bool {
	bp := locating.bare
	ok := f.Cells >= accept.populousCells && f.Residual <= accept.strictResidual &&
		min(f.Rows, f.Cols) >= bp.minSide && float64(f.Cells) >= bp.minFill*float64(f.Rows*f.Cols)
	if raster.Trace != nil {
		raster.Trace("closed glyphs %dx%d cells %d resid %.3f: %v", f.Rows, f.Cols, f.Cells, f.Residual, ok)
	}
	return ok
}
