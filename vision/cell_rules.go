package vision

import "binocle/solver"

// cellsByRules takes the cells as the grid's glyphs they resemble say
// (cellread.Read's resembled) where the net's cells leave r without
// exactly one solution and those give one. One grid's glyphs are drawn
// alike, and the net, reading each cell alone, misreads a few, however
// sure: a disc in a clean screenshot read as a ring at 0.99 (hunt-clean
// wild-clean-127); five discs down a photo's first column at 0.56 to
// 0.93 (wild-photos wild-photo-071). Their shapes,
// measured against the grid's other glyphs (cellread's resemblance),
// still say disc. A cell changed takes the confidence the net gave its
// new value, so that it shows among the doubtful cells for the user to
// check. It says whether r's cells changed.
func (r *Reading) cellsByRules() bool {
	if r.resembled == nil || len(r.resembled) != len(r.Cells) || r.solvesOnce() {
		return false
	}
	was := r.Cells
	if r.Cells = r.resembled; !r.solvesOnce() {
		r.Cells = was
		return false
	}
	for i, v := range r.Cells {
		if v != was[i] && i < len(r.Values) && i < len(r.Confidence) {
			r.Confidence[i] = r.Values[i][valueSlot(v)]
		}
	}
	r.Evidence.CellsByLook = true
	return true
}

// valueSlot is where a value's probability sits in a cell's ValueProbs:
// blank, '0', '1', '2'.
func valueSlot(v solver.Cell) int {
	switch v {
	case solver.Zero:
		return 1
	case solver.One:
		return 2
	case solver.Two:
		return 3
	}
	return 0
}
