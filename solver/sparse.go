package solver

import "math/bits"

// A nearly empty grid has a huge number of solutions, and the plain search
// that counts to two thrashes on it: it branches on the most constrained
// line, fills deep into the grid and backtracks over dead ends far below
// the choice that caused them. Probing at every node is worse there, since
// every open cell is tried at every node. So once plain search has spent
// its budget, the solve first looks for two solutions directly: a guided
// search whose value order follows a pattern that is valid for a free line
// finds one, and a second comes from swapping a rectangle of its cells or,
// failing that, from a search that forces a difference at one cell.

// sparseAttempts, and guidedBudget for each, bound the guided searches:
// each attempt follows another variant of the pattern, and gives up after
// a budget that grows with the grid. On a sparse grid the pattern leaves a
// few dead ends at most, so an attempt that runs past it is lost in a
// subtree that givens far away made hopeless, where a fresh start does
// better. A grid that defeats every attempt is likely a hard, nearly
// unique puzzle, which probing handles better; one that plain search
// found hard already gets fewer attempts (hardAttempts) before probing.
// The same counts bound the searches that force one cell away from the
// first solution: on a grid with many solutions the first succeeds.
const (
	sparseAttempts = 8
	hardAttempts   = 2
)

func guidedBudget(cells int) int { return 100 + cells }

// swapBudget bounds how many rectangles are tried for a second solution:
// a grid with many solutions has a valid one among the first few, and a
// grid with one solution has none at all, in up to 64⁴ places.
const swapBudget = 1 << 16

// sparseOpenShare and sparseOpenMin say when a grid counts as sparse (see
// search): at least this share of its cells, and this many, still open
// after propagation. Below sparseOpenMin open cells, plain search and
// probing are quick whatever the grid; published puzzles stay below it
// (at most 114 open cells, a 14×14 with 58 % open).
const (
	sparseOpenShare = 0.6
	sparseOpenMin   = 200
)

// openCells counts the cells st leaves undecided.
func (e *engine) openCells(st *state) int {
	open := 0
	for r := 0; r < e.rows; r++ {
		open += bits.OnesCount64(e.open(st.m[rowsAxis][r]))
	}
	return open
}

// template is the value the guided search tries first at (r, c): lines of
// 0011… (binary) or 012… (Troix) shifted by one per line, so that every
// row and every column of an empty grid follows a valid pattern.
// Each attempt of the guided search takes another variant: the pattern
// mirrored left to right, shifted along the lines, or both.
func (e *engine) template(r, c int) int {
	if e.variant&1 != 0 {
		c = e.cols - 1 - c
	}
	d := r + c + e.variant>>1
	if e.nsym == 3 {
		return d % 3
	}
	return d >> 1 & 1
}

// sparseSearch looks for two solutions from root, which it leaves as it
// is. ok is false when it found neither two solutions nor a proof that
// there is none; s.nodes counts its branches either way.
func (e *engine) sparseSearch(root *state, attempts int) (s searcher, ok bool) {
	cells := e.rows * e.cols
	nodes := 0
	for e.variant = 0; e.variant < attempts; e.variant++ {
		st := e.frame(0)
		e.copyState(st, root)
		s = searcher{e: e, limit: 1, budget: guidedBudget(cells), guided: true}
		s.run(st, 1)
		nodes += s.nodes
		switch {
		case e.err != nil:
			return s, false
		case s.found == 0 && !s.exhausted:
			// A guided search that ran to the end is a complete one.
			s.nodes = nodes
			return s, true
		}
		if s.found > 0 {
			break
		}
	}
	if s.found == 0 {
		return searcher{e: e, nodes: nodes}, false
	}
	first := s.solutions[0]
	if second := e.swapSecond(first); second != nil {
		return searcher{e: e, found: 2, solutions: [2][]Cell{first, second}, nodes: nodes}, true
	}
	tried := 0
	for i := 0; i < cells && tried < attempts; i++ {
		r, c := i/e.cols, i%e.cols
		v := int(first[i])
		m := root.m[rowsAxis][r]
		if e.open(m)>>uint(c)&1 == 0 {
			continue
		}
		tried++
		st := e.frame(0)
		e.copyState(st, root)
		next := m
		next[v] &^= 1 << uint(c)
		e.store(st, rowsAxis, r, next)
		st.local[rowsAxis] |= 1 << uint(r)
		t := searcher{e: e, limit: 1, budget: guidedBudget(cells), guided: true}
		t.run(st, 1)
		nodes += t.nodes
		if e.err != nil {
			return searcher{e: e, nodes: nodes}, false
		}
		if t.found > 0 {
			return searcher{e: e, found: 2, solutions: [2][]Cell{first, t.solutions[0]}, nodes: nodes}, true
		}
	}
	return searcher{e: e, nodes: nodes}, false
}

// swapSecond looks for a second solution that differs from sol in the four
// corners of a rectangle: rows r1, r2 and columns c1, c2 holding a, b and
// b, a. Swapping them keeps every line's counts, so only runs, edge clues
// and (Takuzu) distinct lines need checking. None of the four may be a given.
func (e *engine) swapSecond(sol []Cell) []Cell {
	var rk, ck [MaxSize]masks
	var free [MaxSize]uint64
	for i, v := range sol {
		r, c := i/e.cols, i%e.cols
		rk[r][v] |= 1 << uint(c)
		ck[c][v] |= 1 << uint(r)
		if e.givens[i] == Empty {
			free[r] |= 1 << uint(c)
		}
	}
	tries := 0
	for r1 := 0; r1 < e.rows; r1++ {
		for r2 := r1 + 1; r2 < e.rows; r2++ {
			both := free[r1] & free[r2]
			for a := 0; a < e.nsym; a++ {
				for b := 0; b < e.nsym; b++ {
					if a == b {
						continue
					}
					for x := both & rk[r1][a] & rk[r2][b]; x != 0; x &= x - 1 {
						c1 := bits.TrailingZeros64(x)
						for y := both & rk[r1][b] & rk[r2][a] &^ lowBits(c1+1); y != 0; y &= y - 1 {
							if tries++; tries > swapBudget {
								return nil
							}
							c2 := bits.TrailingZeros64(y)
							if e.swapValid(&rk, &ck, r1, r2, c1, c2, a, b) {
								out := append([]Cell(nil), sol...)
								out[r1*e.cols+c1], out[r1*e.cols+c2] = Cell(b), Cell(a)
								out[r2*e.cols+c1], out[r2*e.cols+c2] = Cell(a), Cell(b)
								return out
							}
						}
					}
				}
			}
		}
	}
	return nil
}

// swapped moves symbol a's bit at i to j and symbol b's from j to i.
func swapped(m masks, a, b, i, j int) masks {
	bi, bj := uint64(1)<<uint(i), uint64(1)<<uint(j)
	m[a] = m[a]&^bi | bj
	m[b] = m[b]&^bj | bi
	return m
}

// swapValid checks the four lines a rectangle swap changes.
func (e *engine) swapValid(rk, ck *[MaxSize]masks, r1, r2, c1, c2, a, b int) bool {
	row1 := swapped(rk[r1], a, b, c1, c2)
	row2 := swapped(rk[r2], b, a, c1, c2)
	col1 := swapped(ck[c1], a, b, r1, r2)
	col2 := swapped(ck[c2], b, a, r1, r2)
	if !e.runsAndEdgesHold(&e.spec[rowsAxis][r1], row1) || !e.runsAndEdgesHold(&e.spec[rowsAxis][r2], row2) ||
		!e.runsAndEdgesHold(&e.spec[colsAxis][c1], col1) || !e.runsAndEdgesHold(&e.spec[colsAxis][c2], col2) {
		return false
	}
	if !e.distinct {
		return true
	}
	return distinctFrom(rk[:e.rows], r1, r2, row1[1], row2[1]) && distinctFrom(ck[:e.cols], c1, c2, col1[1], col2[1])
}

// runsAndEdgesHold checks a complete line, given per symbol, for runs of
// three and broken edge clues.
func (e *engine) runsAndEdgesHold(sp *lineSpec, k masks) bool {
	for s := 0; s < e.nsym; s++ {
		ks := k[s]
		if ks&(ks>>1)&(ks>>2) != 0 || (ks^ks>>1)&sp.equal != 0 || ks&(ks>>1)&sp.differ != 0 {
			return false
		}
	}
	return true
}

// distinctFrom reports whether lines i and j, changed to ones1 and ones2
// (their 1s), differ from each other and from every other line.
func distinctFrom(lines []masks, i, j int, ones1, ones2 uint64) bool {
	if ones1 == ones2 {
		return false
	}
	for k := range lines {
		if k != i && k != j && (lines[k][1] == ones1 || lines[k][1] == ones2) {
			return false
		}
	}
	return true
}
