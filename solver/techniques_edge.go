package solver

import "fmt"

// The edge-clue rungs read Tango's '=' and '×' marks between neighbours.

func (b *stepBoard) relWord(rel Relation) string {
	if rel == Differ {
		return "'×'"
	}
	return "'='"
}

// stepEdgeClue: a clue with one side filled fills the other. Under Troix a
// '×' says only what the partner is not, so it decides nothing alone.
func stepEdgeClue(b *stepBoard) bool {
	for _, e := range b.edges {
		from, to := e.a, e.b
		if b.cells[from] == Empty {
			from, to = to, from
		}
		v := b.cells[from]
		if v == Empty || b.cells[to] != Empty {
			continue
		}
		w := v
		if e.rel == Differ {
			if b.rules == Troix {
				continue
			}
			w = stepOther(v)
		}
		var text string
		if b.text {
			how := "too"
			if e.rel == Differ {
				how = "the other symbol"
			}
			text = fmt.Sprintf("%s and %s are joined by %s and %s is %s, so %s must be %s, %s.",
				b.cellName(from), b.cellName(to), b.relWord(e.rel), b.cellName(from), b.sym(v), b.cellName(to), b.sym(w), how)
		}
		if b.emit([]stepSet{{to, w}}, []int{from}, text) {
			return true
		}
	}
	return false
}

// stepEdgePair: two empty cells joined by '=' hold a pair, so a filled
// neighbour along their line means both hold the other symbol.
func stepEdgePair(b *stepBoard) bool {
	for _, e := range b.edges {
		if e.rel != Equal || b.cells[e.a] != Empty || b.cells[e.b] != Empty {
			continue
		}
		l := &b.lines[e.line]
		for _, f := range [2]int{e.posA - 1, e.posA + 2} {
			if f < 0 || f >= len(l.idx) || b.cells[l.idx[f]] == Empty {
				continue
			}
			v := b.cells[l.idx[f]]
			var text string
			if b.text {
				text = fmt.Sprintf("%s: the '=' clue makes %s a pair, and %s beside it is %s, so both must be %s.",
					stepLineTitle(l.id), stepSpan(l, e.posA, e.posA+1), stepPos(l, f), b.sym(v), b.sym(stepOther(v)))
			}
			if b.emit([]stepSet{{e.a, stepOther(v)}, {e.b, stepOther(v)}}, []int{l.idx[f]}, text) {
				return true
			}
			break
		}
	}
	return false
}

// stepEdgeBalance: inside one line, an empty '×' pair holds exactly one of
// each symbol and an empty '=' pair two of one. When the filled cells and
// the '×' pairs already make a symbol's full count, every other gap takes
// the other symbol; when they leave room for only one more, no '=' pair
// can take that symbol.
func stepEdgeBalance(b *stepBoard) bool {
	for li := range b.lines {
		l := &b.lines[li]
		n := len(l.idx)
		hasRel := false
		for i := 1; i < n; i++ {
			hasRel = hasRel || l.rel[i] != stepRelNone
		}
		if !hasRel {
			continue
		}
		cnt, _ := b.lineTally(l)
		// Pick disjoint empty '×' pairs from the left; any disjoint set is
		// sound, because each pair holds one of each symbol.
		inPair := make([]bool, n)
		var pairs []int // each pair's left position
		for i := 1; i < n; i++ {
			if l.rel[i] == stepRelDiffer && !inPair[i-1] && b.cells[l.idx[i-1]] == Empty && b.cells[l.idx[i]] == Empty {
				inPair[i-1], inPair[i] = true, true
				pairs = append(pairs, i-1)
			}
		}
		for v := Zero; v <= One; v++ {
			have := cnt[v] + len(pairs)
			sets := b.setBuf[:0]
			var eqPairs []int
			if have == l.most {
				for i, at := range l.idx {
					if b.cells[at] == Empty && !inPair[i] {
						sets = append(sets, stepSet{at, stepOther(v)})
					}
				}
			} else if have+2 > l.most {
				for i := 1; i < n; i++ {
					if l.rel[i] == stepRelEqual && !inPair[i-1] && !inPair[i] && b.cells[l.idx[i-1]] == Empty && b.cells[l.idx[i]] == Empty {
						sets = append(sets, stepSet{l.idx[i-1], stepOther(v)}, stepSet{l.idx[i], stepOther(v)})
						eqPairs = append(eqPairs, i-1)
					}
				}
			}
			b.setBuf = sets
			if len(sets) == 0 || (len(pairs) == 0 && len(eqPairs) == 0) {
				// Without a pair this is plain line balance, an earlier rung.
				continue
			}
			var text string
			if b.text {
				spans := make([]string, len(pairs))
				for k, i := range pairs {
					spans[k] = stepSpan(l, i, i+1)
				}
				pairWords := ""
				if len(pairs) > 0 {
					pairWords = fmt.Sprintf(", and the '×' pairs at %s hold %s more", stepList(spans), stepCountWord(len(pairs)))
				}
				if len(eqPairs) == 0 {
					text = fmt.Sprintf("%s has %s %s%s, which makes all %s, so %s must be %s.", stepLineTitle(l.id),
						stepCountWord(cnt[v]), b.syms(v), pairWords, stepCountWord(l.most), b.linePositions(l, stepSetCells(sets)), b.sym(stepOther(v)))
				} else {
					eq := make([]string, len(eqPairs))
					for k, i := range eqPairs {
						eq[k] = stepSpan(l, i, i+1)
					}
					text = fmt.Sprintf("%s has %s %s%s, leaving room for fewer than two more, so the '=' pairs at %s must be %s.", stepLineTitle(l.id),
						stepCountWord(cnt[v]), b.syms(v), pairWords, stepList(eq), b.syms(stepOther(v)))
				}
			}
			if b.emit(sets, b.knownIn(l), text) {
				return true
			}
		}
	}
	return false
}
