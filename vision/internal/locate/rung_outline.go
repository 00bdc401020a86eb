package locate

import "binocle/vision/internal/raster"

// outlineRung takes the outline of the grid's connected ink (inkQuads),
// or of a block of coloured tiles (tileQuads), rectified and checked for
// periodic lines across it (verifyCandidate). Its accept rule is
// verifyCandidate's: periodic lines on both axes, the weaker scoring over
// locating.outline.minQuality; of the outlines that pass, the one with the most area
// and periodicity wins.
var outlineRung = locator{
	name: "outline",
	Run: func(cs *copies) (Sighting, bool) {
		lc := cs.at(LocateSide)
		c, ok := bestOutline(lc)
		return Sighting{C: c, scale: lc.scale}, ok
	},
}

// bestOutline is the outline rung's look at a copy.
func bestOutline(lc *locatedCopy) (Candidate, bool) {
	ink := inkQuads(lc.gray)
	quads := append(ink, tileQuads(lc.small, lc.plane(false))...)

	best := Candidate{}
	bestScore := 0.0
	for i, q := range quads {
		c, ok := verifyCandidate(lc.gray, q)
		if raster.Trace != nil {
			raster.Trace("candidate %v -> %v area %.0f rows %+v cols %+v ok %v", q, c.Quad, c.Area, c.Rows, c.Cols, ok)
		}
		if !ok {
			continue
		}
		score := c.Area * c.quality() * c.quality()
		if score > bestScore {
			best, bestScore = c, score
			best.Method = MethodOutline
			if i >= len(ink) {
				best.Method = MethodTiles
			}
			best.Evidence = noEvidence
			best.Evidence.Periodicity = raster.RoundTo(c.quality(), 3)
		}
	}
	return best, bestScore > 0
}
