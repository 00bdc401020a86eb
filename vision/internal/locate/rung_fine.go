package locate

// fineRung looks for the lattice again at twice the located resolution. A
// big grid photographed whole leaves its cells a few pixels in the
// located copy, too few for their lines to close them off; the picture as
// decoded has more to give, if it is over fineMinSide.
var fineRung = locator{
	name: "fine",
	Run: func(cs *copies) (Sighting, bool) {
		if max(cs.img.Cols(), cs.img.Rows()) <= fineMinSide {
			return Sighting{}, false
		}
		s, ok := latticeIn(cs.at(2*LocateSide), EdgeVariants, false)
		s.C.Evidence.Fine = ok
		return s, ok
	},
	accept: acceptFine,
}

// fineMinSide is the long side, in pixels, of the largest picture the
// fine rung leaves alone: one a quarter bigger than the located copy adds
// too little for another look.
const fineMinSide = LocateSide * 5 / 4

// acceptFine takes only a grid of many cells from the decoded resolution:
// a few cells' worth of text counters, bigger there, line up by chance
// now and then, but never with nearly every cell closed and lines all
// round them (doubtless), which a small grid with faint lines in a big
// photo shows only at that resolution.
func acceptFine(cs *copies, s Sighting) bool {
	return s.C.Rows.N*s.C.Cols.N >= minFineCells || s.fit.doubtless(cs.at(2*LocateSide).gray)
}

// minFineCells is the fewest cells a grid found only at the decoded
// resolution must have, unless doubtless: one that small would have
// shown in the located copy.
const minFineCells = 100
