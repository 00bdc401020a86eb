package locate

// glyphRung, the last resort, places the lattice by the glyphs on it, in
// the flattened located copy, for lines too faint to close any cell even
// there (glyphGrid). Its accept rule is glyphGrid's: the glyphs fit a
// lattice and the faint lines the lattice puts between them show.
var glyphRung = locator{
	name: "glyphs",
	Run: func(cs *copies) (Sighting, bool) {
		lc := cs.at(LocateSide)
		c, ok := glyphGrid(lc.plane(true))
		c.Evidence.Flattened = true
		return Sighting{C: c, scale: lc.scale}, ok
	},
}
