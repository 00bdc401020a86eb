package vision

// boardRung finds an app board by its coloured cells (appBoard), for
// boards whose lines and gaps blur away in a photo. It comes before the
// outline rung: an outline's cell count is a guess from periodicity, a
// board's is counted. Its accept rule is appBoard's: the coloured cells
// fit a lattice, and its extent was found by the board's frame or tiles.
var boardRung = locator{
	name: "board",
	run: func(cs *copies) (sighting, bool) {
		b, _, ok := appBoard(cs.img)
		return sighting{c: b, scale: locateScale(cs.img)}, ok
	},
}
