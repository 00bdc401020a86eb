package locate

import "binocle/vision/internal/raster"

// looseLatticeRung and looseChromaRung end the last-resort ladder: the
// lattice of closed cells, in the flattened grey and in the two colour
// planes, with plausible's bounds lowered to LatticeFit.loose and no
// line asked of it. A grid whose lines a photo all but washed out (light
// blue lines under blur, a grid on a curved page) still closes a third
// or so of its cells, on a lattice a little looser than a flat grid's;
// the bounds that keep a page's chance lattices out turn it away, and
// its lines are too faint for gridRule. So what these rungs find is
// ByRules: the reader takes it only where its reading has a published
// size and exactly one solution, which a lattice of a page's letters,
// or a piece of the grid, seldom has. Each is a rung of its own, as the
// sparse rungs are: a lattice of letters one copy shows, which the
// rules turn down, must not hide the board another shows.
var (
	looseLatticeRung = locator{name: "loose lattice", Run: func(cs *copies) (Sighting, bool) {
		return looseIn(cs.at(LocateSide), flatPlane)
	}}
	looseChromaRung = locator{name: "loose chroma", Run: func(cs *copies) (Sighting, bool) {
		return looseIn(cs.at(LocateSide), chromaAPlane, chromaBPlane)
	}}
)

// looseIn is the best loose lattice in any of lc's planes, under every
// boundary map. The cells each map closes are the flat and chroma
// rungs' own, kept in lc.
func looseIn(lc *locatedCopy, planes ...copyPlane) (Sighting, bool) {
	var best LatticeFit
	found := false
	for _, p := range planes {
		var fits []LatticeFit
		for _, v := range EdgeVariants {
			fits = append(fits, findLattices(lc.cellBlobs(p, v), LatticeFit.loose)...)
		}
		fits = PreferFiner(fits)
		if len(fits) > 0 && (!found || fits[0].score() > best.score()) {
			best, found = fits[0], true
		}
	}
	if !found {
		return Sighting{}, false
	}
	if raster.Trace != nil {
		raster.Trace("loose lattice %dx%d cells %d resid %.3f", best.Rows, best.Cols, best.Cells, best.Residual)
	}
	c := latticeCandidate(best, latticeEvidence(best, 0, "loose"))
	c.Evidence.Flattened = planes[0] == flatPlane
	c.Evidence.Chroma = planes[0] != flatPlane
	c.Method, c.ByRules = MethodLooseLattice, true
	return Sighting{C: c, scale: lc.scale, fit: best}, true
}
