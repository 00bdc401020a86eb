package locate

// flatRung looks for the lattice in the located copy with the light
// divided out (flattenLight). A hard shadow or a strong light gradient
// across a light grid is the strongest structure in every boundary map,
// and leaves the lines a couple of grey levels deep in the dark part:
// with the light divided out, they stand as far off the paper there as
// anywhere. Its accept rule is the lattice rung's.
var flatRung = locator{
	name: "flat",
	Run: func(cs *copies) (Sighting, bool) {
		return latticeIn(cs.at(LocateSide), EdgeVariants, true)
	},
}
