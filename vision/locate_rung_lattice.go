package vision

// latticeRung is the first rung: the lattice of closed cells in the
// located copy, under every boundary map. Its accept rule is gridRule's
// (locate_accept.go), applied as the fits come (firstGrid).
var latticeRung = locator{
	name: "lattice",
	run: func(cs *copies) (sighting, bool) {
		return latticeIn(cs.at(locateSide), edgeVariants, false)
	},
	refine: refineLattice,
}

// previewRung is the preview's only rung: the lattice in a smaller copy,
// under the two boundary maps that find most grids.
var previewRung = locator{
	name: "preview",
	run: func(cs *copies) (sighting, bool) {
		return latticeIn(cs.at(previewSide), []edgeVariant{cannyEdges, darkRidges}, false)
	},
}

// previewSide is the long side of the copy the preview locates in.
const previewSide = 800

// latticeIn looks for the lattice of closed cells in a copy, trying the
// boundary maps in turn; flat says whether in the copy's gray with the
// light divided out.
func latticeIn(lc *locatedCopy, variants []edgeVariant, flat bool) (sighting, bool) {
	gray := lc.lit(flat)
	f, ev, ok := locateLattice(gray, variants)
	if !ok {
		return sighting{}, false
	}
	if flat {
		f = snapToOutline(gray, f)
	}
	c := gridCandidate{quad: f.quad(), area: quadArea(f.quad()), rows: periodFit{n: f.rows, score: 1}, cols: periodFit{n: f.cols, score: 1}, centres: f.centres, complete: f.complete()}
	c.method, c.evidence = MethodLattice, ev
	c.evidence.Flattened = flat
	if !c.complete {
		// A fully inked grid on light lines closes the paper
		// between its glyphs into a lattice half a cell off.
		c, c.evidence.PhaseShifted = phaseChecked(lc.plane(flat), c)
	}
	return sighting{c: c, scale: lc.scale, fit: f}, true
}

// refineLattice is what the lattice rung's finding may still become: the
// app board it is part of (boardAround), or, when it ends at a shadow's
// edge, the bigger grid the flattened copy shows (regrowShadowed). A
// complete lattice has its outline all round, and no shadow cut it short.
func refineLattice(cs *copies, s sighting) sighting {
	if b, scale, ok := boardAround(cs.img, s.c, s.scale); ok {
		return sighting{c: b, scale: scale}
	}
	if !s.c.complete && shadowEdged(cs.at(locateSide).plane(false), s.c) {
		return regrowShadowed(cs, s)
	}
	return s
}
