package solver

import (
	"fmt"
	"sort"
)

// Technique is one rung of the step solver's ladder.
type Technique struct {
	ID      string     // stable identifier used in JSON and statistics
	Name    string     // display name
	Level   Difficulty // the grade a puzzle gets when it needs this technique
	Summary string     // what the technique looks for, in one sentence
	applies func(rules Rules, hasEdges bool) bool
	run     func(b *stepBoard) bool // true when it stopped at a deduction in step mode
}

// Techniques lists the ladder in the order the step solver tries it.
func Techniques() []Technique {
	out := make([]Technique, len(techniqueLadder))
	for i, t := range techniqueLadder {
		out[i] = *t
	}
	return out
}

func stepBinary(r Rules, _ bool) bool      { return r != Troix }
func stepTakuzu(r Rules, _ bool) bool      { return r == Takuzu }
func stepTroix(r Rules, _ bool) bool       { return r == Troix }
func stepEdges(_ Rules, edges bool) bool   { return edges }
func stepBinaryEdges(r Rules, e bool) bool { return e && r != Troix }
func stepAnyRules(Rules, bool) bool        { return true }

// techniqueLadder is the ladder: pairs, sandwiches, line balance,
// one-left, line enumeration, distinct lines, edge clues, the Troix
// counterparts, trial and contradiction, search. Cheapest first means a
// rung of a lower grade is tried before any rung of a higher one, so the
// easy edge-clue forms come before one-left although they are listed later.
var techniqueLadder = func() []*Technique {
	ladder := []*Technique{
		{ID: "pair", Name: "Pair", Level: Easy, applies: stepBinary, run: stepPairs,
			Summary: "Two equal symbols side by side: the cells on either side take the other symbol."},
		{ID: "sandwich", Name: "Sandwich", Level: Easy, applies: stepBinary, run: stepSandwiches,
			Summary: "Two equal symbols with one gap between them: the gap takes the other symbol."},
		{ID: "balance", Name: "Line balance", Level: Easy, applies: stepBinary, run: stepBalance,
			Summary: "A line already holds all of one symbol: its other cells take the other symbol."},
		{ID: "one-left", Name: "One left", Level: Medium, applies: stepBinary, run: stepOneLeft,
			Summary: "A line has room for one more of a symbol, and putting it in some cell would force three of the other symbol in a row."},
		{ID: "enumeration", Name: "Line enumeration", Level: Hard, applies: stepBinary, run: stepEnumeration,
			Summary: "Every valid way to complete a line agrees on a cell."},
		{ID: "distinct", Name: "Distinct lines", Level: Hard, applies: stepTakuzu, run: stepDistinct,
			Summary: "A line with two gaps would copy a complete line, which Takuzu forbids."},
		{ID: "edge-clue", Name: "Edge clue", Level: Easy, applies: stepEdges, run: stepEdgeClue,
			Summary: "An '=' or '×' clue next to a filled cell fills its partner."},
		{ID: "edge-pair", Name: "Edge pair", Level: Easy, applies: stepBinaryEdges, run: stepEdgePair,
			Summary: "Two cells joined by '=' form a pair, so a symbol beside them says they are both the other symbol."},
		{ID: "edge-balance", Name: "Edge balance", Level: Medium, applies: stepBinaryEdges, run: stepEdgeBalance,
			Summary: "A '×' pair holds one of each symbol and an '=' pair two of one, which can complete a line's count."},
		{ID: "troix-pair", Name: "Troix pair", Level: Easy, applies: stepTroix, run: stepTroixPairs,
			Summary: "Pairs of equal symbols rule out that symbol beside them, until one symbol is left for a cell."},
		{ID: "troix-sandwich", Name: "Troix sandwich", Level: Easy, applies: stepTroix, run: stepTroixSandwiches,
			Summary: "Pairs and sandwiches rule out symbols, until one symbol is left for a cell."},
		{ID: "troix-balance", Name: "Troix balance", Level: Easy, applies: stepTroix, run: stepTroixBalance,
			Summary: "Pairs, sandwiches and full counts rule out symbols, until one symbol is left for a cell."},
		{ID: "troix-last-place", Name: "Troix last place", Level: Medium, applies: stepTroix, run: stepTroixLastPlace,
			Summary: "A line still needs a symbol as many times as it has cells that can take it."},
		{ID: "troix-enumeration", Name: "Troix line enumeration", Level: Hard, applies: stepTroix, run: stepEnumeration,
			Summary: "Every valid way to complete a line, given what its crossing lines rule out, agrees on a cell."},
		{ID: "trial", Name: "Trial and contradiction", Level: Expert, applies: stepAnyRules, run: stepTrial,
			Summary: "Putting a symbol in a cell leads, by the techniques above, to a broken rule."},
		{ID: "search", Name: "Search", Level: Inhuman, applies: stepAnyRules, run: stepSearch,
			Summary: "No technique applies; the solver's exhaustive search fills a cell."},
	}
	sort.SliceStable(ladder, func(i, j int) bool { return ladder[i].Level < ladder[j].Level })
	return ladder
}()

func stepOther(v Cell) Cell { return 1 - v }

// stepPairs: two equal symbols side by side; their neighbours along the
// line take the other symbol.
func stepPairs(b *stepBoard) bool {
	for li := range b.lines {
		l := &b.lines[li]
		n := len(l.idx)
		for i := 0; i+1 < n; i++ {
			v := b.cells[l.idx[i]]
			if v == Empty || b.cells[l.idx[i+1]] != v {
				continue
			}
			sets := b.setBuf[:0]
			if i > 0 && b.cells[l.idx[i-1]] == Empty {
				sets = append(sets, stepSet{l.idx[i-1], stepOther(v)})
			}
			if i+2 < n && b.cells[l.idx[i+2]] == Empty {
				sets = append(sets, stepSet{l.idx[i+2], stepOther(v)})
			}
			b.setBuf = sets
			if len(sets) == 0 {
				continue
			}
			var text string
			if b.text {
				text = fmt.Sprintf("%s: two %s side by side at %s, so %s must be %s.", stepLineTitle(l.id), b.syms(v),
					stepSpan(l, i, i+1), b.linePositions(l, stepSetCells(sets)), b.sym(stepOther(v)))
			}
			if b.emit(sets, []int{l.idx[i], l.idx[i+1]}, text) {
				return true
			}
		}
	}
	return false
}

// stepSandwiches: a gap between two equal symbols takes the other symbol.
func stepSandwiches(b *stepBoard) bool {
	for li := range b.lines {
		l := &b.lines[li]
		for i := 0; i+2 < len(l.idx); i++ {
			v := b.cells[l.idx[i]]
			if v == Empty || b.cells[l.idx[i+2]] != v || b.cells[l.idx[i+1]] != Empty {
				continue
			}
			var text string
			if b.text {
				text = fmt.Sprintf("%s: %s sits between two %s at %s and %s, so it must be %s.", stepLineTitle(l.id),
					stepPos(l, i+1), b.syms(v), stepPos(l, i), stepPos(l, i+2), b.sym(stepOther(v)))
			}
			if b.emit([]stepSet{{l.idx[i+1], stepOther(v)}}, []int{l.idx[i], l.idx[i+2]}, text) {
				return true
			}
		}
	}
	return false
}

// lineTally counts a line's symbols and its empty cells.
func (b *stepBoard) lineTally(l *stepLine) (cnt [3]int, empties int) {
	for _, at := range l.idx {
		if v := b.cells[at]; v == Empty {
			empties++
		} else {
			cnt[v]++
		}
	}
	return cnt, empties
}

// stepBalance: a line that holds all of one symbol is completed with the other.
func stepBalance(b *stepBoard) bool {
	for li := range b.lines {
		l := &b.lines[li]
		cnt, empties := b.lineTally(l)
		if empties == 0 {
			continue
		}
		for v := Zero; v <= One; v++ {
			if cnt[v] != l.most {
				continue
			}
			sets, because := b.setBuf[:0], b.becBuf[:0]
			for _, at := range l.idx {
				switch b.cells[at] {
				case Empty:
					sets = append(sets, stepSet{at, stepOther(v)})
				case v:
					because = append(because, at)
				}
			}
			b.setBuf, b.becBuf = sets, because
			var text string
			if b.text {
				text = fmt.Sprintf("%s already holds all its %s %s, so %s must be %s.", stepLineTitle(l.id),
					stepCountWord(l.most), b.syms(v), b.linePositions(l, stepSetCells(sets)), b.sym(stepOther(v)))
			}
			if b.emit(sets, because, text) {
				return true
			}
			break
		}
	}
	return false
}

// stepLineBreak reports the first rule a line of hypothetical values breaks
// on its own: a run of three, or an edge clue inside the line. It returns
// the run's first and last positions, or the clue's two positions.
func stepLineBreak(l *stepLine, vals []Cell) (broken bool, from, to int, clue bool) {
	run := 0
	for i, v := range vals {
		if i > 0 && l.rel[i] != stepRelNone && v != Empty && vals[i-1] != Empty && (v == vals[i-1]) != (l.rel[i] == stepRelEqual) {
			return true, i - 1, i, true
		}
		switch {
		case v == Empty:
			run = 0
		case i > 0 && vals[i-1] == v:
			run++
		default:
			run = 1
		}
		if run == 3 {
			return true, i - 2, i, false
		}
	}
	return false, 0, 0, false
}

// stepOneLeft: a line with room for just one more of a symbol; trying that
// last one in a cell fills the rest with the other symbol, and if that
// breaks a rule the cell must hold the other symbol.
func stepOneLeft(b *stepBoard) bool {
	for li := range b.lines {
		l := &b.lines[li]
		cnt, empties := b.lineTally(l)
		if empties < 2 {
			continue
		}
		for v := Zero; v <= One; v++ {
			if cnt[v] != l.most-1 {
				continue
			}
			for i, at := range l.idx {
				if b.cells[at] != Empty {
					continue
				}
				vals := b.lineBuf[:0]
				for j, x := range l.idx {
					switch {
					case j == i:
						vals = append(vals, v)
					case b.cells[x] == Empty:
						vals = append(vals, stepOther(v))
					default:
						vals = append(vals, b.cells[x])
					}
				}
				b.lineBuf = vals
				broken, from, to, clue := stepLineBreak(l, vals)
				if !broken {
					continue
				}
				var text string
				if b.text {
					what := fmt.Sprintf("three %s in a row at %s", b.syms(vals[from]), stepSpan(l, from, to))
					if clue {
						what = fmt.Sprintf("a broken clue between %s and %s", stepPos(l, from), stepPos(l, to))
					}
					text = fmt.Sprintf("%s has room for just one more %s: putting it at %s would fill the other gaps with %s and make %s, so %s must be %s.",
						stepLineTitle(l.id), b.sym(v), stepPos(l, i), b.syms(stepOther(v)), what, stepPos(l, i), b.sym(stepOther(v)))
				}
				if b.emit([]stepSet{{at, stepOther(v)}}, b.knownIn(l), text) {
					return true
				}
			}
		}
	}
	return false
}

// knownIn lists a line's filled cells, the usual justification for a
// deduction made from the whole line.
func (b *stepBoard) knownIn(l *stepLine) []int {
	out := b.becBuf[:0]
	for _, at := range l.idx {
		if b.cells[at] != Empty {
			out = append(out, at)
		}
	}
	b.becBuf = out
	return out
}

// stepEnumeration: work out which symbols each cell of a line can hold in
// some valid completion of the line; a cell left with one is decided. For
// Troix the cells' candidates already exclude what pairs, sandwiches and
// counts in the crossing lines rule out.
func stepEnumeration(b *stepBoard) bool {
	if b.rules == Troix {
		b.countLines()
	}
	for li := range b.lines {
		l := &b.lines[li]
		n := len(l.idx)
		// In batch mode a binary line that has not changed since its last
		// enumeration has nothing new to give; Troix lines also depend on
		// their crossing lines, so they are always read.
		if !b.first && b.rules != Troix {
			if !b.dirty[li] {
				continue
			}
			b.dirty[li] = false
		}
		masks := b.maskBuf[:0]
		empties := 0
		for _, at := range l.idx {
			switch {
			case b.cells[at] != Empty:
				masks = append(masks, 1<<uint(b.cells[at]))
			case b.rules == Troix:
				empties++
				m, _ := b.troixCandidates(at, stepElimAll, false)
				masks = append(masks, m)
			default:
				empties++
				masks = append(masks, 3)
			}
		}
		b.maskBuf = masks
		if empties == 0 {
			continue
		}
		possible, ok := b.dp.solve(l, masks, b.symbols)
		if !ok {
			b.fail(fmt.Sprintf("%s cannot be completed", l.id))
			return false
		}
		sets := b.setBuf[:0]
		for i := range n {
			at := l.idx[i]
			if b.cells[at] == Empty && possible[i]&(possible[i]-1) == 0 {
				sets = append(sets, stepSet{at, stepMaskValue(possible[i])})
			}
		}
		b.setBuf = sets
		if len(sets) == 0 {
			continue
		}
		var text string
		if b.text {
			parts := make([]string, len(sets))
			for k, s := range sets {
				parts[k] = fmt.Sprintf("%s at %s", b.sym(s.v), b.linePositions(l, []int{s.at}))
			}
			extra := ""
			if b.rules == Troix {
				extra = ", given what pairs, sandwiches and counts in the crossing lines rule out,"
			}
			text = fmt.Sprintf("%s: every valid way to complete this %s%s puts %s.", stepLineTitle(l.id), stepLineWord(l), extra, stepList(parts))
		}
		if b.emit(sets, b.knownIn(l), text) {
			return true
		}
		b.dirty[li] = false
	}
	return false
}

func stepLineWord(l *stepLine) string {
	if l.id.IsCol {
		return "column"
	}
	return "row"
}

func stepMaskValue(m uint8) Cell {
	for v := Zero; v <= Two; v++ {
		if m == 1<<uint(v) {
			return v
		}
	}
	return Empty
}

// stepDistinct: a Takuzu line with two gaps that must hold one of each
// symbol, and whose filled cells match a complete line, must be completed
// the other way round, or it would copy that line.
func stepDistinct(b *stepBoard) bool {
	for li := range b.lines {
		l := &b.lines[li]
		cnt, ng := b.lineTally(l)
		if ng != 2 {
			continue
		}
		var gaps []int
		for i, at := range l.idx {
			if b.cells[at] == Empty {
				gaps = append(gaps, i)
			}
		}
		// Both gaps the same symbol must be impossible by the counts.
		if ng != 2 || cnt[0]+2 <= l.most || cnt[1]+2 <= l.most {
			continue
		}
		for mi := range b.lines {
			m := &b.lines[mi]
			if mi == li || m.id.IsCol != l.id.IsCol || !b.lineFull(m) {
				continue
			}
			match := true
			for i, at := range l.idx {
				if v := b.cells[at]; v != Empty && v != b.cells[m.idx[i]] {
					match = false
					break
				}
			}
			va, vb := b.cells[m.idx[gaps[0]]], b.cells[m.idx[gaps[1]]]
			if !match || va == vb {
				continue
			}
			sets := []stepSet{{l.idx[gaps[0]], stepOther(va)}, {l.idx[gaps[1]], stepOther(vb)}}
			var text string
			if b.text {
				text = fmt.Sprintf("%s matches %s everywhere but %s and %s, and lines must differ, so they must be %s and %s, the other way round from %s.",
					stepLineTitle(l.id), m.id, stepPos(l, gaps[0]), stepPos(l, gaps[1]), b.sym(stepOther(va)), b.sym(stepOther(vb)), m.id)
			}
			if b.emit(sets, m.idx, text) {
				return true
			}
			break
		}
	}
	return false
}

// stepDP decides, for one line, which symbols each cell can hold in some
// complete line that keeps the counts, has no run of three and keeps the
// edge clues inside the line. A state is the count of each symbol but the
// last (whose count follows from the position), the last symbol and the
// length of its run.
type stepDP struct {
	reach []bool // (n+1) layers of states
	good  []bool
	out   []uint8
}

func (d *stepDP) solve(l *stepLine, masks []uint8, symbols int) ([]uint8, bool) {
	if symbols == 2 {
		return d.solveBinary(l, masks)
	}
	return d.solveGeneric(l, masks, symbols)
}

// solveGeneric handles any number of symbols; Troix uses it, and tests
// check the binary special case against it.
func (d *stepDP) solveGeneric(l *stepLine, masks []uint8, symbols int) ([]uint8, bool) {
	n := len(l.idx)
	dim := l.most + 1
	counted := symbols - 1 // symbols whose count is part of the state
	size := 1
	for range counted {
		size *= dim
	}
	lastDim := symbols + 1 // symbols plus "no last symbol"
	states := size * lastDim * 2
	need := (n + 1) * states
	if cap(d.reach) < need {
		d.reach = make([]bool, need)
		d.good = make([]bool, need)
	}
	d.reach, d.good = d.reach[:need], d.good[:need]
	clear(d.reach)
	clear(d.good)
	if cap(d.out) < n {
		d.out = make([]uint8, n)
	}
	d.out = d.out[:n]
	clear(d.out)

	pack := func(c [2]int, last, run int) int {
		k := 0
		for s := counted - 1; s >= 0; s-- {
			k = k*dim + c[s]
		}
		return (k*lastDim+last)*2 + run - 1
	}
	unpack := func(st int) (c [2]int, last, run int) {
		run = st%2 + 1
		st /= 2
		last = st % lastDim
		k := st / lastDim
		for s := range counted {
			c[s] = k % dim
			k /= dim
		}
		return
	}
	// step returns the state after writing v at position i, or -1.
	step := func(i, st int, v int) int {
		c, last, run := unpack(st)
		if last == v {
			if run == 2 {
				return -1
			}
			run++
		} else {
			run = 1
		}
		if i > 0 && l.rel[i] != stepRelNone && (last == v) != (l.rel[i] == stepRelEqual) {
			return -1
		}
		if v < counted {
			c[v]++
			if c[v] > l.most {
				return -1
			}
		} else {
			rest := i + 1
			for s := range counted {
				rest -= c[s]
			}
			if rest > l.most {
				return -1
			}
		}
		return pack(c, v, run)
	}
	start := pack([2]int{}, symbols, 1)
	d.reach[start] = true
	for i := range n {
		cur, nxt := d.reach[i*states:(i+1)*states], d.reach[(i+1)*states:(i+2)*states]
		for st, ok := range cur {
			if !ok {
				continue
			}
			for v := range symbols {
				if masks[i]&(1<<uint(v)) == 0 {
					continue
				}
				if ns := step(i, st, v); ns >= 0 {
					nxt[ns] = true
				}
			}
		}
	}
	// A complete line must hold at least `least` of every symbol; with the
	// upper bound already enforced, checking the counted ones and the
	// implied last one is enough.
	last := d.reach[n*states:]
	for st, ok := range last {
		if !ok {
			continue
		}
		c, _, _ := unpack(st)
		rest := n
		fine := true
		for s := range counted {
			rest -= c[s]
			fine = fine && c[s] >= l.least
		}
		d.good[n*states+st] = fine && rest >= l.least
	}
	for i := n - 1; i >= 0; i-- {
		cur := d.reach[i*states : (i+1)*states]
		goodCur, goodNxt := d.good[i*states:(i+1)*states], d.good[(i+1)*states:(i+2)*states]
		for st, ok := range cur {
			if !ok {
				continue
			}
			for v := range symbols {
				if masks[i]&(1<<uint(v)) == 0 {
					continue
				}
				if ns := step(i, st, v); ns >= 0 && goodNxt[ns] {
					goodCur[st] = true
					d.out[i] |= 1 << uint(v)
				}
			}
		}
	}
	return d.out, d.good[start]
}

// Binary line states, for solveBinary: the last symbol and its run length.
const (
	stepLast0Run1 = iota
	stepLast0Run2
	stepLast1Run1
	stepLast1Run2
	stepNoLast // before the first cell
	stepStates
)

// solveBinary is solve for two symbols with the count of 1s as a bitset:
// bit c of reach[i][s] says that after i cells the line can be in state s
// holding c 1s. A line has at most 64 cells, so the counts fit one word,
// and each cell costs a handful of word operations.
func (d *stepDP) solveBinary(l *stepLine, masks []uint8) ([]uint8, bool) {
	n := len(l.idx)
	var reach, good [MaxSize + 1][stepStates]uint64
	reach[0][stepNoLast] = 1
	if cap(d.out) < n {
		d.out = make([]uint8, n)
	}
	d.out = d.out[:n]
	clear(d.out)
	bitsUpTo := func(k int) uint64 { // bits 0..k
		if k >= 63 {
			return ^uint64(0)
		}
		return 1<<uint(k+1) - 1
	}
	for i := range n {
		cur, nxt := &reach[i], &reach[i+1]
		rel := l.rel[i]
		if masks[i]&1 != 0 { // a 0 keeps the count of 1s
			if rel != stepRelEqual {
				nxt[stepLast0Run1] = cur[stepLast1Run1] | cur[stepLast1Run2] | cur[stepNoLast]
			}
			if rel != stepRelDiffer {
				nxt[stepLast0Run2] = cur[stepLast0Run1]
			}
		}
		if masks[i]&2 != 0 { // a 1 adds one
			if rel != stepRelEqual {
				nxt[stepLast1Run1] = (cur[stepLast0Run1] | cur[stepLast0Run2] | cur[stepNoLast]) << 1
			}
			if rel != stepRelDiffer {
				nxt[stepLast1Run2] = cur[stepLast1Run1] << 1
			}
		}
		// At most `most` of each symbol: between i+1-most and most 1s.
		window := bitsUpTo(l.most)
		if lo := i + 1 - l.most; lo > 0 {
			window &^= bitsUpTo(lo - 1)
		}
		for s := range nxt {
			nxt[s] &= window
		}
	}
	// With at most `most` of each symbol, a full line holds at least
	// n-most = least of each, so every reachable end state is valid.
	good[n] = reach[n]
	for i := n - 1; i >= 0; i-- {
		cur, g, gn := &reach[i], &good[i], &good[i+1]
		rel := l.rel[i]
		if masks[i]&1 != 0 {
			if rel != stepRelEqual {
				for _, s := range [3]int{stepLast1Run1, stepLast1Run2, stepNoLast} {
					if m := cur[s] & gn[stepLast0Run1]; m != 0 {
						g[s] |= m
						d.out[i] |= 1
					}
				}
			}
			if rel != stepRelDiffer {
				if m := cur[stepLast0Run1] & gn[stepLast0Run2]; m != 0 {
					g[stepLast0Run1] |= m
					d.out[i] |= 1
				}
			}
		}
		if masks[i]&2 != 0 {
			if rel != stepRelEqual {
				for _, s := range [3]int{stepLast0Run1, stepLast0Run2, stepNoLast} {
					if m := cur[s] & (gn[stepLast1Run1] >> 1); m != 0 {
						g[s] |= m
						d.out[i] |= 2
					}
				}
			}
			if rel != stepRelDiffer {
				if m := cur[stepLast1Run1] & (gn[stepLast1Run2] >> 1); m != 0 {
					g[stepLast1Run1] |= m
					d.out[i] |= 2
				}
			}
		}
	}
	return d.out, good[0][stepNoLast] != 0
}
