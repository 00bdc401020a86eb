package locate

import "binocle/geom"

// LatticeRung is the first rung: the lattice of closed cells in the
// located copy, under every boundary map. Its accept rule is gridRule's
// (accept.go), applied as the fits come (firstGrid).
var LatticeRung = locator{
	name: "lattice",
	Run: func(cs *copies) (Sighting, bool) {
		return latticeIn(cs.at(LocateSide), EdgeVariants, false)
	},
	refine: refineLattice,
}

// previewRung is the preview's only rung: the lattice in a smaller copy,
// under the two boundary maps that find most grids.
var previewRung = locator{
	name: "preview",
	Run: func(cs *copies) (Sighting, bool) {
		return latticeIn(cs.at(previewSide), []edgeVariant{cannyEdges, darkRidges}, false)
	},
}

// previewSide is the long side of the copy the preview locates in.
const previewSide = 800

// latticeIn looks for the lattice of closed cells in a copy, trying the
// boundary maps in turn; flat says whether in the copy's gray with the
// light divided out.
func latticeIn(lc *locatedCopy, variants []edgeVariant, flat bool) (Sighting, bool) {
	gray := lc.lit(flat)
	plane := litPlane(flat)
	f, ev, ok := locateLattice(gray, variants,
		func(v edgeVariant) []cellBlob { return lc.cellBlobs(plane, v) },
		func(v edgeVariant) { lc.prefetchBlobs(plane, v) })
	if !ok {
		return Sighting{}, false
	}
	if flat {
		f = SnapToOutline(gray, f)
	}
	c := latticeCandidate(f, ev)
	c.Evidence.Flattened = flat
	if !c.Complete {
		// A fully inked grid on light lines closes the paper
		// between its glyphs into a lattice half a cell off.
		c, c.Evidence.PhaseShifted = phaseChecked(lc.plane(flat), c)
	}
	return Sighting{C: c, scale: lc.scale, fit: f}, true
}

// latticeCandidate is the candidate a lattice of closed cells stands
// for, found by the lattice method with the evidence ev.
func latticeCandidate(f LatticeFit, ev Evidence) Candidate {
	return Candidate{Quad: f.Quad(), Area: geom.QuadArea(f.Quad()), Rows: PeriodFit{N: f.Rows, Score: 1}, Cols: PeriodFit{N: f.Cols, Score: 1},
		Centres: f.centres, Complete: f.complete(), Method: MethodLattice, Evidence: ev}
}

// refineLattice is what the lattice rung's finding may still become: the
// app board it is part of (boardAround), or, when it ends at a shadow's
// edge, the bigger grid the flattened copy shows (regrowShadowed). A
// complete lattice has its outline all round, and no shadow cut it short.
// A clean one (complete, and its lines seen along nearly every segment)
// is the whole board too: a board of coloured cells bigger than it has
// taken the app's coloured chrome, its buttons or header bar, for cells.
func refineLattice(cs *copies, s Sighting) Sighting {
	clean := s.C.Complete && s.C.Evidence.LineSupport >= accept.cleanLines
	if !clean {
		if b, scale, ok := BoardAround(cs.img, s.C, s.scale); ok {
			return boardInBox(cs, Sighting{C: b, scale: scale})
		}
	}
	if !s.C.Complete && shadowEdged(cs.at(LocateSide).plane(false), s.C) {
		return regrowShadowed(cs, s)
	}
	return s
}
