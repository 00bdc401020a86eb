package locate

// BoardRung finds an app board by its coloured cells (appBoard), for
// boards whose lines and gaps blur away in a photo. It comes before the
// outline rung: an outline's cell count is a guess from periodicity, a
// board's is counted. Its accept rule is appBoard's: the coloured cells
// fit a lattice, and its extent was found by the board's frame or tiles.
var BoardRung = locator{
	name: "board",
	Run: func(cs *copies) (Sighting, bool) {
		b, _, ok := AppBoard(cs.img)
		return Sighting{C: b, scale: locateScale(cs.img)}, ok
	},
}
