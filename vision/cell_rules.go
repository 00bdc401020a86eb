package vision

import "binocle/vision/internal/cellread"

// cellsByRules takes the cells as the grid's glyphs they resemble say
// (cellread.Read's resembled, one for each cell) where those give r,
// whose cells as the net read them leave no single solution, exactly
// one. One grid's glyphs are drawn alike, and the net, reading each
// cell alone, misreads a few, however sure: a disc in a clean
// screenshot read as a ring at 0.99 (hunt-clean wild-clean-127); five
// discs down a photo's first column at 0.56 to 0.93 (wild-photos
// wild-photo-071). Their shapes, measured against the grid's other
// glyphs (cellread's resemblance), still say disc. A cell changed takes
// the confidence the net gave its new value, so that it shows among the
// doubtful cells for the user to check. It says whether r's cells
// changed.
func (r *Reading) cellsByRules() bool {
	was := r.Cells
	if r.Cells = r.resembled; !r.solvesOnce() {
		r.Cells = was
		return false
	}
	for i, v := range r.Cells {
		if v != was[i] && i < len(r.Values) && i < len(r.Confidence) {
			r.Confidence[i] = r.Values[i][cellread.ValueIndex(v)]
		}
	}
	r.Evidence.CellsByLook = true
	return true
}
