package solver

import (
	"fmt"
	"strings"
)

// Troix has three symbols, so the binary rungs' "the other symbol" becomes
// "not this symbol". These rungs rule symbols out of a cell and fill it
// when one is left, which is how people solve Troix with pencil marks.

// How far the elimination goes: each level includes the ones before.
const (
	stepElimPairs = iota + 1
	stepElimSandwiches
	stepElimAll // pairs, sandwiches and full counts
)

type stepReason struct {
	v    Cell
	line *stepLine
	kind int // stepElimPairs, stepElimSandwiches or stepElimAll (a full count)
	i, j int // the positions that rule v out
}

// troixCandidates is the set of symbols (bit v for symbol v) that cell at
// can still hold after the eliminations up to level. The counts must be
// fresh (countLines) for the full-count elimination. With explain it also
// says why each missing symbol is missing.
func (b *stepBoard) troixCandidates(at, level int, explain bool) (uint8, []stepReason) {
	mask := uint8(7)
	var reasons []stepReason
	r, c := at/b.cols, at%b.cols
	for _, lp := range [2][2]int{{r, c}, {b.rows + c, r}} {
		l, p := &b.lines[lp[0]], lp[1]
		n := len(l.idx)
		val := func(i int) Cell {
			if i < 0 || i >= n {
				return Empty
			}
			return b.cells[l.idx[i]]
		}
		elim := func(v Cell, kind, i, j int) {
			if v == Empty || mask&(1<<uint(v)) == 0 {
				return
			}
			mask &^= 1 << uint(v)
			if explain {
				reasons = append(reasons, stepReason{v: v, line: l, kind: kind, i: i, j: j})
			}
		}
		if v := val(p + 1); v == val(p+2) {
			elim(v, stepElimPairs, p+1, p+2)
		}
		if v := val(p - 1); v == val(p-2) {
			elim(v, stepElimPairs, p-2, p-1)
		}
		if level >= stepElimSandwiches {
			if v := val(p - 1); v == val(p+1) {
				elim(v, stepElimSandwiches, p-1, p+1)
			}
		}
		if level >= stepElimAll {
			for v := Zero; v <= Two; v++ {
				if b.counts[lp[0]][v] >= l.most {
					elim(v, stepElimAll, 0, 0)
				}
			}
		}
	}
	return mask, reasons
}

func (b *stepBoard) reasonText(rs stepReason) string {
	l := rs.line
	switch rs.kind {
	case stepElimPairs:
		return fmt.Sprintf("not %s, beside two %s at %s in %s", b.sym(rs.v), b.syms(rs.v), stepSpan(l, rs.i, rs.j), l.id)
	case stepElimSandwiches:
		return fmt.Sprintf("not %s, between two %s at %s and %s in %s", b.sym(rs.v), b.syms(rs.v), stepPos(l, rs.i), stepPos(l, rs.j), l.id)
	}
	return fmt.Sprintf("not %s, as %s already holds all its %s", b.sym(rs.v), l.id, b.syms(rs.v))
}

func (b *stepBoard) reasonCells(rs stepReason) []int {
	l := rs.line
	if rs.kind != stepElimAll {
		return []int{l.idx[rs.i], l.idx[rs.j]}
	}
	var out []int
	for _, at := range l.idx {
		if b.cells[at] == rs.v {
			out = append(out, at)
		}
	}
	return out
}

func stepTroixPairs(b *stepBoard) bool      { return stepTroixSingles(b, stepElimPairs) }
func stepTroixSandwiches(b *stepBoard) bool { return stepTroixSingles(b, stepElimSandwiches) }
func stepTroixBalance(b *stepBoard) bool    { return stepTroixSingles(b, stepElimAll) }

// stepTroixSingles fills a cell whose eliminations up to level leave one symbol.
func stepTroixSingles(b *stepBoard, level int) bool {
	b.countLines()
	for at, cur := range b.cells {
		if cur != Empty {
			continue
		}
		m, _ := b.troixCandidates(at, level, false)
		if m == 0 {
			b.fail(fmt.Sprintf("%s can hold no symbol", b.cellName(at)))
			return false
		}
		if m&(m-1) != 0 {
			continue
		}
		v := stepMaskValue(m)
		var text string
		var because []int
		if b.first {
			_, reasons := b.troixCandidates(at, level, true)
			parts := make([]string, len(reasons))
			for k, rs := range reasons {
				parts[k] = b.reasonText(rs)
				because = append(because, b.reasonCells(rs)...)
			}
			text = fmt.Sprintf("%s is %s, so it must be %s.", b.cellName(at), strings.Join(parts, "; "), b.sym(v))
		}
		if b.emit([]stepSet{{at, v}}, because, text) {
			return true
		}
	}
	return false
}

// stepTroixLastPlace: a line that still needs k of a symbol and has
// exactly k cells that can take it puts the symbol in all of them.
func stepTroixLastPlace(b *stepBoard) bool {
	b.countLines()
	for li := range b.lines {
		l := &b.lines[li]
		for v := Zero; v <= Two; v++ {
			// Earlier deductions in this pass may have filled cells of
			// this line, so count afresh: a stale count would overstate
			// what the line still needs.
			have := 0
			for _, at := range l.idx {
				if b.cells[at] == v {
					have++
				}
			}
			need := l.most - have
			if need <= 0 {
				continue
			}
			sets := b.setBuf[:0]
			for _, at := range l.idx {
				if b.cells[at] != Empty {
					continue
				}
				if m, _ := b.troixCandidates(at, stepElimAll, false); m&(1<<uint(v)) != 0 {
					sets = append(sets, stepSet{at, v})
				}
			}
			b.setBuf = sets
			if len(sets) < need {
				b.fail(fmt.Sprintf("%s needs %s more %s but has room for %s", l.id, stepCountWord(need), b.syms(v), stepCountWord(len(sets))))
				return false
			}
			if len(sets) > need {
				continue
			}
			var text string
			if b.text {
				text = fmt.Sprintf("%s still needs %s %s, and only %s can take one (pairs, sandwiches and full counts rule out the other gaps), so %s must be %s.",
					stepLineTitle(l.id), stepCountWord(need), b.syms(v), b.linePositions(l, stepSetCells(sets)), b.linePositions(l, stepSetCells(sets)), b.sym(v))
			}
			if b.emit(sets, b.knownIn(l), text) {
				return true
			}
		}
	}
	return false
}
