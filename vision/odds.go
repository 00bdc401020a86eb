package vision

import (
	"context"

	"binocle/solver"
)

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

// SuggestFixes is the rules' fix search (solver.SuggestFixes) on p, a
// puzzle made from this reading, under rules, with the reader's odds.
// Where the reading tells the player's entries from the print and no
// plausible fix gives p one answer, it looks again with the entries taken
// as givens too: the reader may have taken printed givens for entries (a
// second ink, a paler print), and the givens left then pin no answer even
// once the misread is mended (hunt-photos wild-photo-051).
func (r *Reading) SuggestFixes(ctx context.Context, p *solver.Puzzle, rules solver.Rules) (solver.Suggestion, error) {
	s, err := solver.SuggestFixes(ctx, p, rules, r.CellOdds(p), r.SiteOdds())
	if err != nil && r.HasMarks() {
		if full, ferr := r.Puzzle(p.Rules); ferr == nil {
			s, err = solver.SuggestFixes(ctx, full, rules, r.CellOdds(full), r.SiteOdds())
		}
	}
	return s, err
}
