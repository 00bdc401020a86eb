package vision

// outlineRung takes the outline of the grid's connected ink (inkQuads),
// or of a block of coloured tiles (tileQuads), rectified and checked for
// periodic lines across it (verifyCandidate). Its accept rule is
// verifyCandidate's: periodic lines on both axes, the weaker scoring over
// locating.outline.minQuality; of the outlines that pass, the one with the most area
// and periodicity wins.
var outlineRung = locator{
	name: "outline",
	run: func(cs *copies) (sighting, bool) {
		lc := cs.at(locateSide)
		c, ok := bestOutline(lc)
		return sighting{c: c, scale: lc.scale}, ok
	},
}

// bestOutline is the outline rung's look at a copy.
func bestOutline(lc *locatedCopy) (gridCandidate, bool) {
	ink := inkQuads(lc.gray)
	quads := append(ink, tileQuads(lc.small, lc.plane(false))...)

	best := gridCandidate{}
	bestScore := 0.0
	for i, q := range quads {
		c, ok := verifyCandidate(lc.gray, q)
		if locateTrace != nil {
			locateTrace("candidate %v -> %v area %.0f rows %+v cols %+v ok %v", q, c.quad, c.area, c.rows, c.cols, ok)
		}
		if !ok {
			continue
		}
		score := c.area * c.quality() * c.quality()
		if score > bestScore {
			best, bestScore = c, score
			best.method = MethodOutline
			if i >= len(ink) {
				best.method = MethodTiles
			}
			best.evidence = noEvidence
			best.evidence.Periodicity = roundTo(c.quality(), 3)
		}
	}
	return best, bestScore > 0
}
