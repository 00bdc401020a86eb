package solver

import "math"

// CellOdds is what a reader makes of one cell: the probability that it
// holds each value, indexed by the value's OddsIndex (blank, '0', '1',
// '2'). A classifier that scores every value gives all four; a reader
// that knows only how sure it is of what it read gives OddsFromConfidence.
type CellOdds [4]float64

// OddsIndex is where value v sits in a CellOdds.
func OddsIndex(v Cell) int { return int(v) + 1 }

// Of is the probability of value v.
func (o CellOdds) Of(v Cell) float64 { return o[OddsIndex(v)] }

// oddsValues are the values a cell may take under rules, in the order
// changes are offered. Symbols come before blank: where two alternatives
// are equally likely and both give one solution, a symbol read as the
// other is the likelier slip than ink seen where there is none.
func oddsValues(rules Rules) []Cell {
	if rules == Troix {
		return []Cell{Zero, One, Two, Empty}
	}
	return []Cell{Zero, One, Empty}
}

// SureOdds are the odds of a cell known to hold v: a value the reader did
// not put there (a player's mark, a user's correction) is not in doubt.
func SureOdds(v Cell) CellOdds {
	var o CellOdds
	o[OddsIndex(v)] = 1
	return o
}

// OddsFromConfidence spreads what a reader's confidence in each cell
// leaves, 1-c, evenly over the other values the rules allow. A confidence
// that is no probability (≤ 0, ≥ 1, NaN) makes the cell sure.
func OddsFromConfidence(p *Puzzle, confidence []float64) []CellOdds {
	values := oddsValues(p.Rules)
	out := make([]CellOdds, len(confidence))
	for i, c := range confidence {
		if i >= len(p.Cells) {
			break
		}
		read := p.Cells[i]
		if c >= 1 || c <= 0 || math.IsNaN(c) {
			out[i] = SureOdds(read)
			continue
		}
		share := (1 - c) / float64(len(values)-1)
		for _, v := range values {
			out[i][OddsIndex(v)] = share
		}
		out[i][OddsIndex(read)] = c
	}
	return out
}

// OddsChanges turns the reader's odds for each cell into candidate
// changes: each cell may hold any other value the rules allow, with its
// probability. A value given no chance, a value the rules do not allow
// and a cell past the grid give none.
func OddsChanges(p *Puzzle, cells []CellOdds) []Change {
	values := oddsValues(p.Rules)
	var out []Change
	for i, odds := range cells {
		if i >= len(p.Cells) {
			break
		}
		for _, v := range values {
			pv := odds.Of(v)
			if v == p.Cells[i] || pv <= 0 || math.IsNaN(pv) {
				continue
			}
			out = append(out, Change{Kind: "cell", Row: i / p.Cols, Col: i % p.Cols, To: string(v.Char()), P: pv})
		}
	}
	return out
}
