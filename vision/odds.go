package vision

import "binocle/solver"

// CellOdds is the reader's odds for each cell of p, a puzzle made from
// this reading (its givens alone, or the grid as the user corrected it),
// for the rules' fix search: the cell classifier's probabilities where it
// gave them, else the reader's confidence spread over the other values.
// A cell of p that no longer holds what was read (a player's mark left
// out of the givens, a cell the user changed) is sure: the reader has
// nothing to say about a value it did not put there.
func (r *Reading) CellOdds(p *solver.Puzzle) []solver.CellOdds {
	if len(r.Cells) != len(p.Cells) {
		return nil
	}
	out := solver.OddsFromConfidence(p, r.Confidence)
	for i, v := range p.Cells {
		if v != r.Cells[i] {
			out[i] = solver.SureOdds(v)
			continue
		}
		if i < len(r.Values) {
			out[i] = solver.CellOdds(r.Values[i])
		}
	}
	return out
}
