package vision

// cellsByRules takes the cells as the grid's glyphs they resemble say
// (cellread.Read's resembled) where the net's cells leave r without
// exactly one solution and those give one. One grid's glyphs are drawn
// alike, and the net, reading each cell alone, misreads a few, however
// sure: a disc in a clean screenshot read as a ring at 0.99 (hunt-clean
// wild-clean-127); five discs down a photo's first column at 0.56 to
// 0.93 (wild-photos wild-photo-071). Their shapes,
// measured against the grid's other glyphs (cellread's resemblance),
// still say disc. It says whether r's cells changed.
func (r *Reading) cellsByRules() bool {
	if r.resembled == nil || len(r.resembled) != len(r.Cells) || r.solvesOnce() {
		return false
	}
	was := r.Cells
	if r.Cells = r.resembled; !r.solvesOnce() {
		r.Cells = was
		return false
	}
	r.Evidence.CellsByLook = true
	return true
}
