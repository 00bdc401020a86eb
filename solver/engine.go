package solver

import (
	"context"
	"math/bits"
	"sync"
)

// The engine's grid is a set of possibility masks: for every line (row or
// column) and symbol, a uint64 whose bit i says the line's i-th cell may
// still hold that symbol. Rows and columns are both kept so that every rule
// runs on a whole line with a few bit operations; store keeps the two views
// in step. The state is plain arrays, so a search branch is one copy and
// propagation never allocates.

const maxSymbols = 3

const (
	rowsAxis = 0
	colsAxis = 1
)

// masks holds one line's possibilities, one uint64 per symbol.
type masks [maxSymbols]uint64

// lineSpec is what never changes about a line during a solve.
type lineSpec struct {
	n           int
	full        uint64 // the line's n cells
	least, most int    // how many of each symbol a complete line holds
	// Edge clues inside the line: bit i joins cells i and i+1.
	equal, differ uint64
}

// failure remembers where propagation last met a contradiction, so that an
// unsolvable puzzle can be explained.
type failure struct {
	set   bool
	axis  int
	index int
	rule  Rule
	line  masks
}

type engine struct {
	rules    Rules
	nsym     int
	rows     int
	cols     int
	distinct bool
	// plain: binary rules, where the cheap rules and store have their
	// fast forms.
	plain bool
	spec  [2][MaxSize]lineSpec
	fail  failure
	home  *workspace
	// givens is the puzzle's own cells, which a second solution must keep.
	givens []Cell
	// done is the solve's context's channel, nil when it can never be
	// cancelled; err is its error once seen, which ends every loop.
	ctx  context.Context
	done <-chan struct{}
	err  error
	tick uint32
	// variant picks the guided search's pattern (sparse.go).
	variant int
}

// ctxCheckEvery is how many stopped calls share one look at the context:
// a look costs a channel poll, and a call comes once per search node or
// trial, a few microseconds apart at most, so cancelling is still seen
// within a millisecond or so.
const ctxCheckEvery = 64

// stopped reports whether the solve's context is done.
func (e *engine) stopped() bool {
	if e.done == nil {
		return false
	}
	if e.err != nil {
		return true
	}
	if e.tick++; e.tick%ctxCheckEvery != 0 {
		return false
	}
	select {
	case <-e.done:
		e.err = e.ctx.Err()
		return true
	default:
		return false
	}
}

// watch makes the engine's searches end when ctx is done.
func (e *engine) watch(ctx context.Context) {
	e.ctx, e.done = ctx, ctx.Done()
}

// A workspace holds an engine and its root state. Solves reuse them
// through a pool: they are 10 KB that would otherwise be allocated and
// collected for every puzzle.
type workspace struct {
	engine engine
	root   state
	// saved keeps the propagated root while plain search runs, for the
	// searches that follow when it gives up.
	saved state
	// frames are the search's states, one per depth, and trial is
	// probing's scratch state: kept here, a branch costs a copy of the
	// grid's lines, not an allocation or a clear of a whole state.
	frames []*state
	trial  state
	// complete is the distinct-lines rule's list of complete lines, kept
	// here so that no call clears it.
	complete [MaxSize]uint64
	// dp is lineDP's table: kept here it is neither zeroed nor allocated
	// per call, and every entry lineDP reads it has written first.
	dp  dpTable
	tdp troixTable
}

var workspaces = sync.Pool{New: func() any { return new(workspace) }}

// release returns the engine and its root state to the pool; neither may
// be used afterwards.
func (e *engine) release() {
	e.givens, e.ctx, e.done = nil, nil, nil
	if w := e.home; len(w.frames) > keptFrames {
		w.frames = w.frames[:keptFrames]
	}
	workspaces.Put(e.home)
}

// keptFrames is how many search states a pooled workspace keeps: enough
// for every published puzzle's search, while the thousands a search of a
// large empty grid can use (3 KB each) go back to the collector.
const keptFrames = 256

type state struct {
	m [2][MaxSize]masks
	// Lines whose masks changed since the cheap rules, or the exact line
	// solver, last looked at them.
	local [2]uint64
	exact [2]uint64
}

func lowBits(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return uint64(1)<<uint(n) - 1
}

// newEngine sets up the solver for a puzzle that passed checkShape and
// returns the state holding its givens, not yet propagated. It writes only
// the lines the grid has: the workspace is 10 KB, and clearing it all
// cost a small puzzle's solve a tenth of its time.
func newEngine(p *Puzzle) (*engine, *state) {
	w := workspaces.Get().(*workspace)
	e := &w.engine
	e.rules, e.nsym, e.rows, e.cols, e.distinct = p.Rules, p.Rules.Symbols(), p.Rows, p.Cols, p.Rules == Takuzu
	e.plain = e.nsym == 2
	e.home, e.givens, e.fail = w, p.Cells, failure{}
	e.ctx, e.done, e.err, e.tick, e.variant = nil, nil, nil, 0, 0
	st := &w.root
	for axis, count := range [2]int{p.Rows, p.Cols} {
		n := p.Cols
		if axis == colsAxis {
			n = p.Rows
		}
		least, most := symbolBounds(p.Rules, n)
		full := lowBits(n)
		all := masks{full, full}
		if e.nsym == 3 {
			all[2] = full
		}
		for i := 0; i < count; i++ {
			e.spec[axis][i] = lineSpec{n: n, full: full, least: least, most: most}
			st.m[axis][i] = all
		}
		st.local[axis] = lowBits(count)
		st.exact[axis] = st.local[axis]
	}
	for _, ed := range p.Edges {
		ed = ed.normalized()
		sp := &e.spec[rowsAxis][ed.R1]
		at := ed.C1
		if ed.C1 == ed.C2 {
			sp, at = &e.spec[colsAxis][ed.C1], ed.R1
		}
		if ed.Rel == Equal {
			sp.equal |= 1 << uint(at)
		} else {
			sp.differ |= 1 << uint(at)
		}
	}
	// Givens go straight into both views; every line is marked changed
	// already, so nothing else needs telling.
	if e.nsym == 2 {
		e.placeBinaryGivens(st, p)
		return e, st
	}
	for r := 0; r < p.Rows; r++ {
		for c, v := range p.Cells[r*p.Cols : (r+1)*p.Cols] {
			if v == Empty {
				continue
			}
			for s := 0; s < e.nsym; s++ {
				if s != int(v) {
					st.m[rowsAxis][r][s] &^= 1 << uint(c)
					st.m[colsAxis][c][s] &^= 1 << uint(r)
				}
			}
		}
	}
	return e, st
}

// placeBinaryGivens is newEngine's placing of givens for two symbols,
// without a branch per cell: a row's 0s and 1s are gathered as bits, then
// struck from the row and the crossing columns.
func (e *engine) placeBinaryGivens(st *state, p *Puzzle) {
	for r := 0; r < p.Rows; r++ {
		var zeros, ones uint64
		for c, v := range p.Cells[r*p.Cols : (r+1)*p.Cols] {
			u := uint64(int64(v))
			given := ^u >> 63 // 1 unless v is Empty (-1)
			one := u & given & 1
			zeros |= (given ^ one) << uint(c)
			ones |= one << uint(c)
		}
		st.m[rowsAxis][r][0] &^= ones
		st.m[rowsAxis][r][1] &^= zeros
		bit := uint64(1) << uint(r)
		for b := ones; b != 0; b &= b - 1 {
			st.m[colsAxis][bits.TrailingZeros64(b)][0] &^= bit
		}
		for b := zeros; b != 0; b &= b - 1 {
			st.m[colsAxis][bits.TrailingZeros64(b)][1] &^= bit
		}
	}
}

// frame is the search's state at a depth, made on first use.
func (e *engine) frame(depth int) *state {
	w := e.home
	for len(w.frames) <= depth {
		w.frames = append(w.frames, new(state))
	}
	return w.frames[depth]
}

// copyState copies the lines the grid has, a fraction of the whole state
// on all but the largest grids.
func (e *engine) copyState(dst, src *state) {
	copy(dst.m[rowsAxis][:e.rows], src.m[rowsAxis][:e.rows])
	copy(dst.m[colsAxis][:e.cols], src.m[colsAxis][:e.cols])
	dst.local, dst.exact = src.local, src.exact
}

func (e *engine) count(axis int) int {
	if axis == colsAxis {
		return e.cols
	}
	return e.rows
}

// store replaces a line's masks with a subset of them and removes the same
// possibilities from the crossing lines, marking what changed.
func (e *engine) store(st *state, axis, i int, next masks) {
	old := st.m[axis][i]
	st.m[axis][i] = next
	other := 1 - axis
	bit := uint64(1) << uint(i)
	var touched uint64
	for s := 0; s < e.nsym; s++ {
		removed := old[s] &^ next[s]
		touched |= removed
		for removed != 0 {
			j := bits.TrailingZeros64(removed)
			removed &= removed - 1
			st.m[other][j][s] &^= bit
		}
	}
	if touched != 0 {
		st.local[other] |= touched
		st.exact[other] |= touched
		st.exact[axis] |= bit
	}
}

// storeBinary is store for two symbols, with the masks in registers.
func (e *engine) storeBinary(st *state, axis, i int, n0, n1 uint64) {
	line := &st.m[axis][i]
	gone0, gone1 := line[0]&^n0, line[1]&^n1
	line[0], line[1] = n0, n1
	other := &st.m[1-axis]
	bit := uint64(1) << uint(i)
	for b := gone0; b != 0; b &= b - 1 {
		other[bits.TrailingZeros64(b)][0] &^= bit
	}
	for b := gone1; b != 0; b &= b - 1 {
		other[bits.TrailingZeros64(b)][1] &^= bit
	}
	if touched := gone0 | gone1; touched != 0 {
		st.local[1-axis] |= touched
		st.exact[1-axis] |= touched
		st.exact[axis] |= bit
	}
}

// assign puts symbol v in cell (r, c).
func (e *engine) assign(st *state, r, c, v int) {
	next := st.m[rowsAxis][r]
	for s := 0; s < e.nsym; s++ {
		if s != v {
			next[s] &^= 1 << uint(c)
		}
	}
	e.store(st, rowsAxis, r, next)
	st.local[rowsAxis] |= 1 << uint(r)
}

// known returns, per symbol, the cells that can hold nothing else.
func (e *engine) known(m masks) masks {
	if e.nsym == 2 {
		return masks{m[0] &^ m[1], m[1] &^ m[0]}
	}
	return masks{m[0] &^ (m[1] | m[2]), m[1] &^ (m[0] | m[2]), m[2] &^ (m[0] | m[1])}
}

// open is the set of cells of a line that are not decided yet.
func (e *engine) open(m masks) uint64 {
	if e.nsym == 2 {
		return m[0] & m[1]
	}
	return m[0]&m[1] | m[0]&m[2] | m[1]&m[2]
}

func (e *engine) failAt(axis, i int, rule Rule, m masks) bool {
	e.fail = failure{set: true, axis: axis, index: i, rule: rule, line: m}
	return false
}

// propagate applies every deduction until none applies. It returns false,
// with e.fail set, when the grid cannot be completed.
func (e *engine) propagate(st *state) bool {
	for {
		for st.local[rowsAxis]|st.local[colsAxis] != 0 {
			for axis := range st.local {
				for st.local[axis] != 0 {
					i := bits.TrailingZeros64(st.local[axis])
					st.local[axis] &^= 1 << uint(i)
					sp := &e.spec[axis][i]
					if e.plain {
						// Called directly with the two masks, which go in
						// registers where a masks array goes through
						// memory: the call was a third of the cheap
						// rules' time.
						m0, m1 := st.m[axis][i][0], st.m[axis][i][1]
						n0, n1, rule := localBinary(sp, m0, m1)
						if rule != "" {
							return e.failAt(axis, i, rule, masks{m0, m1})
						}
						if n0 != m0 || n1 != m1 {
							e.storeBinary(st, axis, i, n0, n1)
						}
						continue
					}
					m := st.m[axis][i]
					next, rule := e.localLine(sp, m)
					if rule != "" {
						return e.failAt(axis, i, rule, m)
					}
					if next != m {
						e.store(st, axis, i, next)
					}
				}
			}
		}
		progressed, ok := e.exactPass(st)
		if !ok {
			return false
		}
		if progressed {
			continue
		}
		if !e.distinct {
			return true
		}
		if progressed, ok = e.distinctPass(st); !ok || !progressed {
			return ok
		}
	}
}

// exactPass runs the exact line solver on changed lines until one of them
// yields something, so that the cheap rules get the first go at it.
func (e *engine) exactPass(st *state) (progressed, ok bool) {
	for axis := range st.exact {
		for st.exact[axis] != 0 {
			i := bits.TrailingZeros64(st.exact[axis])
			st.exact[axis] &^= 1 << uint(i)
			m := st.m[axis][i]
			open := e.open(m)
			// A binary line's cheap rules are exact on a line with one
			// open cell: every rule that could decide it is a local one.
			if open == 0 || e.plain && open&(open-1) == 0 {
				continue
			}
			next, ok := e.exactLine(&e.spec[axis][i], m)
			if !ok {
				return false, e.failAt(axis, i, e.explainLine(&e.spec[axis][i], m), m)
			}
			if next != m {
				e.store(st, axis, i, next)
				return true, true
			}
		}
	}
	return false, true
}

// localLine applies the cheap rules to one line until they stall: a pair
// or a sandwich of a symbol forbids it beside them, a symbol at its quota
// leaves the rest to the others, and edge clues copy or forbid neighbours.
func (e *engine) localLine(sp *lineSpec, m masks) (masks, Rule) {
	full := sp.full
	for {
		k := e.known(m)
		var rm masks
		var fromPairs, fromEdges uint64
		possibleEqual := uint64(0)
		for s := 0; s < e.nsym; s++ {
			ks := k[s]
			if ks&(ks>>1)&(ks>>2) != 0 {
				return m, RuleTriple
			}
			placed := bits.OnesCount64(ks)
			room := bits.OnesCount64(m[s])
			if placed > sp.most || room < sp.least {
				return m, RuleBalance
			}
			pairs := ks & (ks >> 1)
			r := pairs>>1 | pairs<<2 | (ks&(ks>>2))<<1
			fromPairs |= r
			if placed == sp.most {
				r |= full &^ ks
			}
			if sp.equal|sp.differ != 0 {
				possibleEqual |= m[s] & (m[s] >> 1)
				if ks&(ks>>1)&sp.differ != 0 {
					return m, RuleEdge
				}
				not := full &^ m[s]
				edge := (not&sp.equal)<<1 | (not>>1)&sp.equal | (ks&sp.differ)<<1 | (ks>>1)&sp.differ
				fromEdges |= edge
				r |= edge
			}
			rm[s] |= r
			if e.nsym == 3 && room == sp.least {
				// Every cell that can still hold s must hold it.
				for t := 0; t < 3; t++ {
					if t != s {
						rm[t] |= m[s]
					}
				}
			}
		}
		if sp.equal&^possibleEqual != 0 {
			return m, RuleEdge
		}
		var next masks
		var any uint64
		for s := 0; s < e.nsym; s++ {
			next[s] = m[s] &^ rm[s]
			any |= next[s]
		}
		if emptied := full &^ any; emptied != 0 {
			switch {
			case emptied&fromPairs != 0:
				return m, RuleTriple
			case emptied&fromEdges != 0:
				return m, RuleEdge
			}
			return m, RuleBalance
		}
		if next == m {
			return m, ""
		}
		m = next
	}
}

// localBinary is localLine for a binary line, the lines of nearly every
// published puzzle, with the loops over symbols taken out: the cheap rules
// are most of a solve's time, and this form keeps the whole line in
// registers. It adds one-left, which localLine leaves to the exact solver.
func localBinary(sp *lineSpec, m0, m1 uint64) (uint64, uint64, Rule) {
	full, least, most := sp.full, sp.least, sp.most
	for {
		k0, k1 := m0&^m1, m1&^m0
		if k0&(k0>>1)&(k0>>2)|k1&(k1>>1)&(k1>>2) != 0 {
			return m0, m1, RuleTriple
		}
		placed0, placed1 := bits.OnesCount64(k0), bits.OnesCount64(k1)
		free := bits.OnesCount64(m0 & m1)
		if placed0 > most || placed1 > most || placed0+free < least || placed1+free < least {
			return m0, m1, RuleBalance
		}
		// A pair or a sandwich of a symbol rules it out beside them.
		pairs0, pairs1 := k0&(k0>>1), k1&(k1>>1)
		r0 := pairs0>>1 | pairs0<<2 | (k0&(k0>>2))<<1
		r1 := pairs1>>1 | pairs1<<2 | (k1&(k1>>2))<<1
		fromPairs := r0 | r1
		if placed0 == most {
			r0 |= full &^ k0
		}
		if placed1 == most {
			r1 |= full &^ k1
		}
		open := m0 & m1
		if placed0 == most-1 {
			r0 |= oneLeft(open, k1)
		}
		if placed1 == most-1 {
			r1 |= oneLeft(open, k0)
		}
		var fromEdges uint64
		if eq, df := sp.equal, sp.differ; eq|df != 0 {
			// An '=' clue needs a symbol both cells can hold; an 'x' clue
			// forbids a symbol on both. A cell that cannot hold a symbol
			// rules it out across '=' and a known symbol across 'x'.
			if eq&^(m0&(m0>>1)|m1&(m1>>1)) != 0 || (k0&(k0>>1)|k1&(k1>>1))&df != 0 {
				return m0, m1, RuleEdge
			}
			not0, not1 := full&^m0, full&^m1
			e0 := (not0&eq)<<1 | (not0>>1)&eq | (k0&df)<<1 | (k0>>1)&df
			e1 := (not1&eq)<<1 | (not1>>1)&eq | (k1&df)<<1 | (k1>>1)&df
			fromEdges = e0 | e1
			r0 |= e0
			r1 |= e1
		}
		n0, n1 := m0&^r0, m1&^r1
		if emptied := full &^ (n0 | n1); emptied != 0 {
			switch {
			case emptied&fromPairs != 0:
				return m0, m1, RuleTriple
			case emptied&fromEdges != 0:
				return m0, m1, RuleEdge
			}
			return m0, m1, RuleBalance
		}
		if n0 == m0 && n1 == m1 {
			return m0, m1, ""
		}
		m0, m1 = n0, n1
	}
}

// exactLine keeps exactly the possibilities that some valid filling of the
// line uses. Binary lines, and Troix lines up to troixExactMax cells, are
// decided exactly; a longer Troix line is decided once per symbol, as "this
// symbol or another", which is sound but may leave possibilities the
// search then removes.
func (e *engine) exactLine(sp *lineSpec, m masks) (masks, bool) {
	totals := lowBits(sp.most+1) &^ lowBits(sp.least)
	if e.nsym == 2 {
		on, off, ok := plainLineDP(&e.home.dp, sp, m[1], m[0], totals)
		return masks{off, on}, ok
	}
	if sp.n <= troixExactMax && sp.least == sp.n/3 && sp.most == sp.n/3 {
		return troixLineDP(&e.home.tdp, sp, m)
	}
	for s := 0; s < 3; s++ {
		others := m[(s+1)%3] | m[(s+2)%3]
		on, off, ok := lineDP(&e.home.dp, sp, m[s], others, totals, true)
		if !ok {
			return m, false
		}
		m[s] = on
		for t := 0; t < 3; t++ {
			if t != s {
				m[t] &= off
			}
		}
	}
	return m, true
}

// DP states: the last cell's value and the length of the run it ends.
const (
	offRun1 = iota
	offRun2
	onRun1
	onRun2
	dpStates
)

// dpTable is lineDP's backward table: after[i][u] holds the on-counts of
// cells 0..i-1, ending in state u, from which cells i..n-1 can be filled to
// reach the totals.
type dpTable [MaxSize + 1][dpStates]uint64

// lineDP finds which cells of a two-valued line can be on and which off in
// some filling where on-runs (and off-runs, unless offFree) are at most two
// long, the on-count is in totals (a bitmask of counts), and edge clues hold.
// With offFree the line is "symbol s or not": an 'x' clue then only forbids
// two neighbouring ons. Each position keeps, per state, the bitmask of
// reachable on-counts, so a line costs O(n) word operations.
func lineDP(after *dpTable, sp *lineSpec, canOn, canOff, totals uint64, offFree bool) (on, off uint64, ok bool) {
	n := sp.n
	for u := range after[n] {
		after[n][u] = totals
	}
	for i := n - 1; i >= 1; i-- {
		eq, df := sp.equal>>uint(i-1)&1 != 0, sp.differ>>uint(i-1)&1 != 0
		next := &after[i+1]
		var offTo2, offTo1, onTo1, onTo2 uint64
		if canOff>>uint(i)&1 != 0 {
			offTo1, offTo2 = next[offRun1], next[offRun2]
		}
		if canOn>>uint(i)&1 != 0 {
			onTo1, onTo2 = next[onRun1]>>1, next[onRun2]>>1
		}
		cur := &after[i]
		var offOff1, offOff2, onOn1, switchToOn, switchToOff uint64
		if !df || offFree {
			offOff1 = offTo2
			if offFree {
				offOff2 = offTo2
			}
		}
		if !df {
			onOn1 = onTo2
		}
		if !eq {
			switchToOn, switchToOff = onTo1, offTo1
		}
		cur[offRun1] = offOff1 | switchToOn
		cur[offRun2] = offOff2 | switchToOn
		cur[onRun1] = onOn1 | switchToOff
		cur[onRun2] = switchToOff
	}
	// Forward: reach[u] holds the on-counts of cells 0..i-1 ending in state u.
	reach, on, off := firstCell(after, canOn, canOff)
	for i := 1; i < n; i++ {
		eq, df := sp.equal>>uint(i-1)&1 != 0, sp.differ>>uint(i-1)&1 != 0
		next := &after[i+1]
		var to [dpStates]uint64
		if canOff>>uint(i)&1 != 0 {
			if !df || offFree {
				to[offRun2] = reach[offRun1]
				if offFree {
					to[offRun2] |= reach[offRun2]
				}
			}
			if !eq {
				to[offRun1] = reach[onRun1] | reach[onRun2]
			}
			to[offRun1] &= next[offRun1]
			to[offRun2] &= next[offRun2]
			if to[offRun1]|to[offRun2] != 0 {
				off |= 1 << uint(i)
			}
		}
		if canOn>>uint(i)&1 != 0 {
			if !df {
				to[onRun2] = reach[onRun1] << 1
			}
			if !eq {
				to[onRun1] = (reach[offRun1] | reach[offRun2]) << 1
			}
			to[onRun1] &= next[onRun1]
			to[onRun2] &= next[onRun2]
			if to[onRun1]|to[onRun2] != 0 {
				on |= 1 << uint(i)
			}
		}
		reach = to
	}
	return on, off, on|off == sp.full
}

// firstCell starts lineDP's forward pass: the first cell's states that can
// reach the totals, and whether it can be on or off.
func firstCell(after *dpTable, canOn, canOff uint64) (reach [dpStates]uint64, on, off uint64) {
	if canOff&1 != 0 && after[1][offRun1]&1 != 0 {
		reach[offRun1] = 1
		off = 1
	}
	if canOn&1 != 0 && after[1][onRun1]&2 != 0 {
		reach[onRun1] = 2
		on = 1
	}
	return reach, on, off
}

// oneLeft is the rule for a symbol with room for one more in its line:
// a filling that puts it in an open cell puts the other symbol in every
// other open cell. It returns the open cells where that other symbol,
// given as its known cells, would then make three in a row. Every run of
// three it could make lies in a window of three cells, and the one cell
// must lie in all of them, between the last window's start and the first
// window's end. Most deductions that the exact line solver would find in
// published puzzles are this rule's, at a fraction of its cost.
func oneLeft(open, other uint64) uint64 {
	all := other | open
	w := all & (all >> 1) & (all >> 2)
	if w == 0 || open&(open-1) == 0 {
		return 0
	}
	first, last := bits.TrailingZeros64(w), 63-bits.LeadingZeros64(w)
	return open &^ (lowBits(first+3) &^ lowBits(last))
}

// plainLineDP is lineDP for a binary line, the lines of nearly every
// published puzzle, with the per-cell choices and edge clues made by masks
// rather than branches.
func plainLineDP(after *dpTable, sp *lineSpec, canOn, canOff, totals uint64) (on, off uint64, ok bool) {
	n := sp.n
	after[n] = [dpStates]uint64{totals, totals, totals, totals}
	for i := n - 1; i >= 1; i-- {
		offOK, onOK := -(canOff >> uint(i) & 1), -(canOn >> uint(i) & 1)
		// An 'x' clue before cell i forbids repeating, '=' switching.
		same, change := ^-(sp.differ >> uint(i-1) & 1), ^-(sp.equal >> uint(i-1) & 1)
		next := &after[i+1]
		offTo1, offTo2 := next[offRun1]&offOK, next[offRun2]&offOK
		onTo1, onTo2 := next[onRun1]>>1&onOK, next[onRun2]>>1&onOK
		after[i] = [dpStates]uint64{offTo2&same | onTo1&change, onTo1 & change, onTo2&same | offTo1&change, offTo1 & change}
	}
	reach, on, off := firstCell(after, canOn, canOff)
	for i := 1; i < n; i++ {
		offOK, onOK := -(canOff >> uint(i) & 1), -(canOn >> uint(i) & 1)
		same, change := ^-(sp.differ >> uint(i-1) & 1), ^-(sp.equal >> uint(i-1) & 1)
		next := &after[i+1]
		toOn := (reach[offRun1] | reach[offRun2]) & change
		toOff := (reach[onRun1] | reach[onRun2]) & change
		var to [dpStates]uint64
		to[offRun1] = toOff & next[offRun1] & offOK
		to[offRun2] = reach[offRun1] & same & next[offRun2] & offOK
		to[onRun1] = toOn << 1 & next[onRun1] & onOK
		to[onRun2] = reach[onRun1] & same << 1 & next[onRun2] & onOK
		off |= (to[offRun1] | to[offRun2] | -(to[offRun1] | to[offRun2])) >> 63 << uint(i)
		on |= (to[onRun1] | to[onRun2] | -(to[onRun1] | to[onRun2])) >> 63 << uint(i)
		reach = to
	}
	return on, off, on|off == sp.full
}

// troixExactMax is the longest Troix line troixLineDP decides: it keeps
// the counts of 0s and 1s so far as one bit of a uint64 each pair, eight
// bits a count of 0s, and a third of the line must stay below 7 so that
// bit 7 of each byte is a guard that shifts never carry a count across.
const troixExactMax = 18

// troixTable is troixLineDP's backward table, per cell and state (the last
// symbol and whether it ends a run of one or two).
type troixTable [troixExactMax + 1][6]uint64

// troixLineDP decides a Troix line exactly: which symbols each cell holds
// in some filling with no run of three, a third of each symbol and the
// edge clues kept. A state is the last symbol s and its run r (1 or 2),
// numbered 2s+r-1; each keeps the set of reachable (0s, 1s) counts, bit
// 8·c0+c1. Published Troix puzzles needed hundreds of search branches
// under the per-symbol approximation; this settles most of them first.
func troixLineDP(after *troixTable, sp *lineSpec, m masks) (masks, bool) {
	n, q := sp.n, sp.n/3
	var valid uint64
	for c0 := 0; c0 <= q; c0++ {
		valid |= lowBits(q+1) << uint(8*c0)
	}
	shift := [3]uint{8, 1, 0}
	target := uint64(1) << uint(9*q)
	after[n] = [6]uint64{target, target, target, target, target, target}
	for i := n - 1; i >= 1; i-- {
		eq, df := sp.equal>>uint(i-1)&1 != 0, sp.differ>>uint(i-1)&1 != 0
		next := &after[i+1]
		// to[t][r]: the counts before cell i from which putting t there,
		// as a run of r+1, still reaches the target.
		var to [3][2]uint64
		for t := 0; t < 3; t++ {
			if m[t]>>uint(i)&1 != 0 {
				to[t][0] = next[2*t] >> shift[t] & valid
				to[t][1] = next[2*t+1] >> shift[t] & valid
			}
		}
		for s := 0; s < 3; s++ {
			var change uint64
			if !eq {
				change = to[(s+1)%3][0] | to[(s+2)%3][0]
			}
			same := uint64(0)
			if !df {
				same = to[s][1]
			}
			after[i][2*s] = change | same
			after[i][2*s+1] = change
		}
	}
	var out masks
	var reach [6]uint64
	for t := 0; t < 3; t++ {
		if m[t]&1 != 0 {
			if c := uint64(1) << shift[t] & after[1][2*t]; c != 0 {
				reach[2*t] = c
				out[t] |= 1
			}
		}
	}
	for i := 1; i < n; i++ {
		eq, df := sp.equal>>uint(i-1)&1 != 0, sp.differ>>uint(i-1)&1 != 0
		next := &after[i+1]
		var to [6]uint64
		for t := 0; t < 3; t++ {
			if m[t]>>uint(i)&1 == 0 {
				continue
			}
			if !df {
				to[2*t+1] = reach[2*t] << shift[t] & next[2*t+1]
			}
			if !eq {
				u, v := (t+1)%3, (t+2)%3
				to[2*t] = (reach[2*u] | reach[2*u+1] | reach[2*v] | reach[2*v+1]) << shift[t] & next[2*t]
			}
			if to[2*t]|to[2*t+1] != 0 {
				out[t] |= 1 << uint(i)
			}
		}
		reach = to
	}
	return out, out[0]|out[1]|out[2] == sp.full
}

// explainLine names the rule a line cannot satisfy, by relaxing the rules
// one at a time; it runs only when a contradiction is reported.
func (e *engine) explainLine(sp *lineSpec, m masks) Rule {
	relaxed := *sp
	relaxed.least, relaxed.most = 0, sp.n
	if _, ok := e.exactLine(&relaxed, m); !ok {
		relaxed.equal, relaxed.differ = 0, 0
		if _, ok := e.exactLine(&relaxed, m); ok {
			return RuleEdge
		}
		return RuleTriple
	}
	return RuleBalance
}

// distinctOpenMax is how many open cells a line may have for distinctPass
// to try every way of filling them.
const distinctOpenMax = 3

// distinctPass is Takuzu's rule: no two complete rows (or columns) are
// equal. It rejects a grid with two equal complete lines, and for lines
// with a few open cells it tries every filling and keeps what the valid,
// not yet used ones have in common.
func (e *engine) distinctPass(st *state) (progressed, ok bool) {
	for axis := range st.m {
		complete := &e.home.complete
		nComplete := 0
		// Takuzu is binary: a line's open cells are those both masks allow.
		for i := 0; i < e.count(axis); i++ {
			m := &st.m[axis][i]
			if m[0]&m[1] != 0 {
				continue
			}
			for _, ones := range complete[:nComplete] {
				if ones == m[1] {
					return false, e.failAt(axis, i, RuleDistinct, *m)
				}
			}
			complete[nComplete] = m[1]
			nComplete++
		}
		if nComplete == 0 {
			continue
		}
		for i := 0; i < e.count(axis); i++ {
			m := st.m[axis][i]
			open := m[0] & m[1]
			if open == 0 || bits.OnesCount64(open) > distinctOpenMax {
				continue
			}
			sp := &e.spec[axis][i]
			base := m[1] &^ open
			always, ever := sp.full, uint64(0)
			valid := false
			for sub := uint64(0); ; sub = (sub - open) & open {
				if line := base | sub; validBinaryLine(sp, line) && !containsLine(complete[:nComplete], line) {
					always &= line
					ever |= line
					valid = true
				}
				if sub == open {
					break
				}
			}
			if !valid {
				return false, e.failAt(axis, i, RuleDistinct, m)
			}
			next := masks{m[0] & (sp.full &^ always), m[1] & ever}
			if next != m {
				e.store(st, axis, i, next)
				progressed = true
			}
		}
	}
	return progressed, true
}

func containsLine(lines []uint64, line uint64) bool {
	for _, l := range lines {
		if l == line {
			return true
		}
	}
	return false
}

// validBinaryLine checks a complete binary line, given as its 1s.
func validBinaryLine(sp *lineSpec, ones uint64) bool {
	zeros := sp.full &^ ones
	if ones&(ones>>1)&(ones>>2) != 0 || zeros&(zeros>>1)&(zeros>>2) != 0 {
		return false
	}
	if c := bits.OnesCount64(ones); c < sp.least || c > sp.most || sp.n-c < sp.least || sp.n-c > sp.most {
		return false
	}
	change := ones ^ ones>>1
	return change&sp.equal == 0 && sp.differ&^change == 0
}

// givensBreakRule is a fast screen for what checkRules reports: a run of
// three, too many of a symbol, a broken edge clue or two equal complete
// lines among the givens. Only when it fires does the slower checkRules
// build the detailed error.
func (e *engine) givensBreakRule(st *state) bool {
	for axis := range st.m {
		complete := &e.home.complete
		nComplete := 0
		for i := 0; i < e.count(axis); i++ {
			sp := &e.spec[axis][i]
			m := st.m[axis][i]
			if e.plain && sp.equal|sp.differ == 0 {
				// Only runs and counts can be broken; the masks stay in
				// registers, which the general form's array does not.
				k0, k1 := m[0]&^m[1], m[1]&^m[0]
				if k0&(k0>>1)&(k0>>2)|k1&(k1>>1)&(k1>>2) != 0 || bits.OnesCount64(k0) > sp.most || bits.OnesCount64(k1) > sp.most {
					return true
				}
			} else if e.lineBreaksRule(sp, m) {
				return true
			}
			if e.distinct && e.open(m) == 0 {
				if containsLine(complete[:nComplete], m[1]) {
					return true
				}
				complete[nComplete] = m[1]
				nComplete++
			}
		}
	}
	return false
}

// lineBreaksRule is givensBreakRule's test of one line, for any rules.
func (e *engine) lineBreaksRule(sp *lineSpec, m masks) bool {
	k := e.known(m)
	decided := sp.full &^ e.open(m)
	bothDecided := decided & (decided >> 1)
	for s := 0; s < e.nsym; s++ {
		ks := k[s]
		if ks&(ks>>1)&(ks>>2) != 0 || bits.OnesCount64(ks) > sp.most {
			return true
		}
		// Exactly one of two decided neighbours holds s: they differ.
		if ks&(ks>>1)&sp.differ != 0 || (ks^ks>>1)&bothDecided&sp.equal != 0 {
			return true
		}
	}
	return false
}
