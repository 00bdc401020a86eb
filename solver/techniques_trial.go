package solver

import (
	"context"
	"errors"
	"fmt"
)

// stepTrial: put a symbol in a cell and let every technique up to Hard
// run; when that breaks a rule, the symbol is ruled out. Only one level
// deep: the trial itself never nests another trial.
func stepTrial(b *stepBoard) bool {
	if b.rules == Troix {
		b.countLines()
	}
	tb := b.trialBoard()
	for at, cur := range b.cells {
		if cur != Empty {
			continue
		}
		if b.stopped() != nil {
			return false
		}
		cands := uint8(3)
		if b.rules == Troix {
			cands, _ = b.troixCandidates(at, stepElimAll, false)
		}
		var dead uint8
		var why string
		var because []int
		for v := Zero; int(v) < b.symbols; v++ {
			if cands&(1<<uint(v)) == 0 {
				continue
			}
			copy(tb.cells, b.cells)
			tb.cells[at] = v
			if tb.propagate(Hard) {
				continue
			}
			dead |= 1 << uint(v)
			if b.first && why == "" {
				why, because = tb.contradiction()
			}
		}
		left := cands &^ dead
		if left == 0 {
			b.fail(fmt.Sprintf("every symbol in %s leads to a broken rule", b.cellName(at)))
			return false
		}
		if dead == 0 || left&(left-1) != 0 {
			continue
		}
		v := stepMaskValue(left)
		var text string
		if b.text {
			var tried []string
			for u := Zero; int(u) < b.symbols; u++ {
				if dead&(1<<uint(u)) != 0 {
					tried = append(tried, b.sym(u))
				}
			}
			text = fmt.Sprintf("Suppose %s were %s: the techniques up to line enumeration then lead to a broken rule (%s), so %s must be %s.",
				b.cellName(at), stepOrList(tried), why, b.cellName(at), b.sym(v))
		}
		if b.emit([]stepSet{{at, v}}, because, text) {
			return true
		}
	}
	return false
}

func stepOrList(names []string) string {
	if len(names) == 2 {
		return names[0] + " or " + names[1]
	}
	return stepList(names)
}

// contradiction describes the rule a failed trial board breaks, and the
// cells involved.
func (b *stepBoard) contradiction() (string, []int) {
	q := b.puzzle.Clone()
	q.Cells = append([]Cell(nil), b.cells...)
	var re *RuleError
	if err := q.Validate(); errors.As(err, &re) {
		out := make([]int, len(re.Cells))
		for i, pt := range re.Cells {
			out[i] = pt.Row*b.cols + pt.Col
		}
		return re.Error(), out
	} else if err != nil {
		return err.Error(), nil
	}
	if b.contraAt != "" {
		return b.contraAt, nil
	}
	return "the grid cannot be completed", nil
}

// stepSearch asks the fast solver for the unique solution and fills the
// empty cell that lets the cheap techniques go furthest. It is the last
// rung: a puzzle that needs it is graded Inhuman.
func stepSearch(b *stepBoard) bool {
	if b.solveFast() != nil {
		return false
	}
	best, bestGain := -1, -1
	tb := b.trialBoard()
	for at, cur := range b.cells {
		if cur != Empty {
			continue
		}
		if b.stopped() != nil {
			return false
		}
		if !b.first {
			best = at
			break
		}
		copy(tb.cells, b.cells)
		tb.cells[at] = b.solution[at]
		tb.propagate(Easy)
		gain := 0
		for _, v := range tb.cells {
			if v != Empty {
				gain++
			}
		}
		if gain > bestGain {
			best, bestGain = at, gain
		}
	}
	if best < 0 {
		return false
	}
	v := b.solution[best]
	var text string
	if b.text {
		text = fmt.Sprintf("No technique on the ladder fills a cell here; the solver's search shows %s is %s, the cell that lets the easy techniques go furthest.",
			b.cellName(best), b.sym(v))
	}
	return b.emit([]stepSet{{best, v}}, nil, text)
}

// solveFast runs the fast solver on the board once and keeps its unique
// solution, or the error that says why there is none (no solution, more
// than one, or the context ran out).
func (b *stepBoard) solveFast() error {
	if b.solution != nil || b.searchErr != nil {
		return b.searchErr
	}
	q := b.puzzle.Clone()
	q.Cells = append([]Cell(nil), b.cells...)
	ctx := b.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	res, err := SolveContext(ctx, q)
	switch {
	case err != nil:
		b.searchErr = err
	case res.Status == Unique:
		b.solution = res.Solution
	case res.Status == Multiple:
		var where string
		if len(res.Differ) > 0 {
			d := res.Differ[0]
			where = fmt.Sprintf(" (r%dc%d can be %c or %c)", d.Row+1, d.Col+1, res.Solution[d.Row*b.cols+d.Col].Char(), res.Second[d.Row*b.cols+d.Col].Char())
		}
		b.searchErr = fmt.Errorf("%w: it has more than one solution%s", ErrNotUnique, where)
	default:
		why := "no solution"
		if res.Contradiction != nil {
			why += ": " + res.Contradiction.Error()
		}
		b.searchErr = fmt.Errorf("%w: %s", ErrNotUnique, why)
	}
	return b.searchErr
}
