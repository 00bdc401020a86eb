package solver

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"time"
)

// Solve solves the puzzle under its own rules and proves whether the
// solution is unique: it counts solutions up to two and never guesses
// without finishing the count. A puzzle whose givens already break a rule
// comes back as None with Validate's error as the contradiction.
func Solve(p *Puzzle) Result {
	res, _ := SolveContext(context.Background(), p)
	return res
}

// SolveContext is Solve that gives up when ctx is done: it then returns an
// error wrapping ctx.Err() (context.Canceled or context.DeadlineExceeded)
// and a Result whose Status means nothing; only Nodes and Elapsed are set.
func SolveContext(ctx context.Context, p *Puzzle) (Result, error) {
	start := time.Now()
	res, err := solveUpTo(ctx, p, 2)
	res.Elapsed = time.Since(start)
	return res, err
}

// SolveAuto is Solve for a puzzle whose rule set is unknown, such as one
// read from a photo. A puzzle with a 2 in it, or labelled Troix, is solved
// as Troix. Otherwise it is solved under threeinarow; if that leaves several
// solutions, takuzu's distinct-lines rule is tried, and Result.Rules says
// which rule set the answer holds under.
func SolveAuto(p *Puzzle) Result {
	res, _ := SolveAutoContext(context.Background(), p)
	return res
}

// SolveAutoContext is SolveAuto that gives up, as SolveContext does, when
// ctx is done.
func SolveAutoContext(ctx context.Context, p *Puzzle) (Result, error) {
	start := time.Now()
	q := p.Clone()
	if q.Rules == Troix || containsTwo(q.Cells) {
		q.Rules = Troix
		res, err := solveUpTo(ctx, q, 2)
		res.Elapsed = time.Since(start)
		return res, err
	}
	q.Rules = ThreeInARow
	res, err := solveUpTo(ctx, q, 2)
	if err == nil && res.Status == Multiple {
		q.Rules = Takuzu
		distinct, derr := solveUpTo(ctx, q, 2)
		switch {
		case derr != nil:
			res, err = Result{}, derr
		case distinct.Status != None:
			distinct.Nodes += res.Nodes
			res = distinct
		}
	}
	res.Elapsed = time.Since(start)
	return res, err
}

// stoppedError wraps the context's error so that callers can tell a
// cancelled or timed-out solve with errors.Is.
func stoppedError(err error) error {
	return fmt.Errorf("solve stopped before it finished: %w", err)
}

// Count returns how many solutions the puzzle has, counting no further
// than limit. It fails only when the puzzle is malformed or its givens
// break a rule.
func Count(p *Puzzle, limit int) (int, error) {
	if err := p.Validate(); err != nil {
		return 0, err
	}
	e, st := newEngine(p)
	defer e.release()
	if limit <= 0 {
		return 0, nil
	}
	return e.search(st, limit).found, nil
}

// Propagate applies every deduction that needs no search and returns the
// grid it reaches, with Empty where it could not decide. The error is a
// *RuleError when the givens lead to a contradiction.
func Propagate(p *Puzzle) ([]Cell, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	e, st := newEngine(p)
	defer e.release()
	if !e.propagate(st) {
		return nil, e.contradiction(false, 0)
	}
	return e.cells(st), nil
}

type searcher struct {
	e         *engine
	limit     int
	found     int
	nodes     int
	solutions [2][]Cell
	// budget, when positive, ends the search as exhausted once it has
	// taken that many branches.
	budget int
	// probe makes every node try each open cell's values one level deep
	// before branching. It costs more per node than it saves on easy
	// puzzles, so it is switched on only when plain search runs past
	// plainBudget nodes: on large hard puzzles it turns a search of many
	// minutes into milliseconds.
	probe bool
	// guided tries each cell's template value first (sparse.go), which
	// finds a first solution of a nearly empty grid without backtracking.
	guided    bool
	exhausted bool
}

// plainBudget is how many branches plain search may take before the
// solve turns to the sparse-grid search and then to probing. Every puzzle
// of the shared datasets needs far fewer.
const plainBudget = 2000

// search counts solutions up to limit from st, which it leaves propagated.
// It stops early, with e.err set, when the solve's context is done.
func (e *engine) search(st *state, limit int) searcher {
	if !e.propagate(st) {
		return searcher{e: e}
	}
	if !e.anyOpen(st) {
		// Most published puzzles end here, with nothing to copy or search.
		return searcher{e: e, found: 1, solutions: [2][]Cell{e.cells(st)}}
	}
	root := &e.home.saved
	e.copyState(root, st)
	spent := 0
	// A large grid left mostly open after propagation has many solutions
	// or none, and plain search would only thrash on it: the sparse search
	// goes first there, and after plain search on other large grids. It
	// reports two solutions at most, so it serves only a count to two.
	open := e.openCells(root)
	sparse := limit == 2 && open >= sparseOpenMin
	sparseFirst := sparse && float64(open) >= sparseOpenShare*float64(e.rows*e.cols)
	if !sparseFirst {
		s := searcher{e: e, limit: limit, budget: plainBudget}
		s.run(st, 0)
		if !s.exhausted || e.err != nil {
			return s
		}
		spent = s.nodes
	}
	if sparse {
		attempts := hardAttempts
		if sparseFirst {
			attempts = sparseAttempts
		}
		t, ok := e.sparseSearch(root, attempts)
		t.nodes += spent
		if ok || e.err != nil {
			return t
		}
		spent = t.nodes
	}
	e.copyState(st, root)
	s := searcher{e: e, limit: limit, probe: true}
	s.run(st, 0)
	s.nodes += spent
	return s
}

// anyOpen reports whether some cell is still undecided.
func (e *engine) anyOpen(st *state) bool {
	for r := 0; r < e.rows; r++ {
		if e.open(st.m[rowsAxis][r]) != 0 {
			return true
		}
	}
	return false
}

// run searches from st, at depth in the tree; the children's states are
// the workspace's frames at the next depths.
func (s *searcher) run(st *state, depth int) {
	if s.e.stopped() || !s.e.propagate(st) {
		return
	}
	if s.probe && !s.e.probe(st) {
		return
	}
	if s.budget > 0 && s.nodes > s.budget {
		s.exhausted = true
		return
	}
	axis, line, pos, open := s.e.branchCell(st)
	if !open {
		if s.found < len(s.solutions) {
			s.solutions[s.found] = s.e.cells(st)
		}
		s.found++
		return
	}
	r, c := line, pos
	if axis == colsAxis {
		r, c = pos, line
	}
	m := st.m[axis][line]
	first := 0
	if s.guided {
		first = s.e.template(r, c)
	}
	child := s.e.frame(depth)
	for k := 0; k < s.e.nsym; k++ {
		v := (first + k) % s.e.nsym
		if m[v]>>uint(pos)&1 == 0 {
			continue
		}
		s.e.copyState(child, st)
		s.e.assign(child, r, c, v)
		s.nodes++
		s.run(child, depth+1)
		if s.found >= s.limit || s.exhausted || s.e.err != nil {
			return
		}
	}
}

// branchCell picks the first open cell of the line with the fewest open
// cells: its branches are the fewest and propagate the most.
func (e *engine) branchCell(st *state) (axis, line, pos int, open bool) {
	best := MaxSize + 1
	for a := range st.m {
		for i := 0; i < e.count(a); i++ {
			o := e.open(st.m[a][i])
			if n := bits.OnesCount64(o); n > 0 && n < best {
				best, axis, line, pos = n, a, i, bits.TrailingZeros64(o)
			}
		}
	}
	return axis, line, pos, best <= MaxSize
}

// cells reads the grid out of a state, Empty where a cell is still open.
func (e *engine) cells(st *state) []Cell {
	out := make([]Cell, e.rows*e.cols)
	for r := 0; r < e.rows; r++ {
		k := e.known(st.m[rowsAxis][r])
		row := out[r*e.cols : (r+1)*e.cols]
		if e.nsym == 2 {
			// Known at all, plus known as 1, less one: 0, 1 or Empty.
			decided := k[0] | k[1]
			for c := range row {
				row[c] = Cell(decided>>uint(c)&1 + k[1]>>uint(c)&1 - 1)
			}
			continue
		}
		for c := range row {
			// At most one of the three bits is set: the cell's symbol,
			// or Empty (-1) when none is.
			row[c] = Cell(k[0]>>uint(c)&1 + k[1]>>uint(c)&1*2 + k[2]>>uint(c)&1*3 - 1)
		}
	}
	return out
}

var ruleTrouble = map[Rule]string{
	RuleTriple:   "cannot avoid three equal cells in a row",
	RuleBalance:  "cannot hold its share of each symbol",
	RuleEdge:     "cannot satisfy its edge clues",
	RuleDistinct: "cannot differ from every complete line",
}

// contradiction describes e.fail for the user.
func (e *engine) contradiction(searched bool, nodes int) *RuleError {
	f := e.fail
	l := Line{IsCol: f.axis == colsAxis, Index: f.index}
	var at []Point
	k := e.known(f.line)
	for s := 0; s < e.nsym; s++ {
		for b := k[s]; b != 0; b &= b - 1 {
			at = append(at, l.point(bits.TrailingZeros64(b)))
		}
	}
	msg := "no solution: once the givens' consequences are filled in, this line " + ruleTrouble[f.rule]
	if searched {
		msg = fmt.Sprintf("no solution: all %d search branches fail; in the last, this line %s", nodes, ruleTrouble[f.rule])
	}
	return &RuleError{Line: l, Rule: f.rule, Cells: at, Msg: msg}
}

func solveUpTo(ctx context.Context, p *Puzzle, limit int) (Result, error) {
	res := Result{Rules: p.Rules}
	if err := ctx.Err(); err != nil {
		return res, stoppedError(err)
	}
	err := p.checkShape()
	var e *engine
	var st *state
	if err == nil {
		e, st = newEngine(p)
		defer e.release()
		if e.givensBreakRule(st) {
			err = checkRules(p, p.Cells)
		}
	}
	if err != nil {
		res.Status = None
		var re *RuleError
		if !errors.As(err, &re) {
			re = &RuleError{Rule: RuleSymbol, Msg: err.Error()}
		}
		res.Contradiction = re
		return res, nil
	}
	e.watch(ctx)
	s := e.search(st, limit)
	res.Nodes = s.nodes
	if e.err != nil {
		return res, stoppedError(e.err)
	}
	switch {
	case s.found == 0:
		res.Status = None
		// Without a branch, the failure is propagation's own, at the root.
		res.Contradiction = e.contradiction(s.nodes > 0, s.nodes)
	case s.found == 1:
		res.Status = Unique
		res.Solution = s.solutions[0]
	default:
		res.Status = Multiple
		res.Solution, res.Second = s.solutions[0], s.solutions[1]
		for i := range res.Solution {
			if res.Solution[i] != res.Second[i] {
				res.Differ = append(res.Differ, Point{Row: i / p.Cols, Col: i % p.Cols})
			}
		}
	}
	return res, nil
}

// probe tries every value of every open cell one level deep, the way a
// person tests "suppose this were a 1": a value whose consequences break a
// rule is struck out. It repeats until nothing more is struck, and returns
// false when a cell is left with no value.
func (e *engine) probe(st *state) bool {
	for {
		struck := false
		for r := 0; r < e.rows; r++ {
			open := e.open(st.m[rowsAxis][r])
			for open != 0 {
				c := bits.TrailingZeros64(open)
				open &= open - 1
				for v := 0; v < e.nsym; v++ {
					if e.stopped() {
						return false
					}
					if st.m[rowsAxis][r][v]>>uint(c)&1 == 0 || e.open(st.m[rowsAxis][r])>>uint(c)&1 == 0 {
						continue
					}
					trial := &e.home.trial
					e.copyState(trial, st)
					e.assign(trial, r, c, v)
					if e.propagate(trial) {
						continue
					}
					next := st.m[rowsAxis][r]
					next[v] &^= 1 << uint(c)
					e.store(st, rowsAxis, r, next)
					st.local[rowsAxis] |= 1 << uint(r)
					if !e.propagate(st) {
						return false
					}
					struck = true
				}
			}
		}
		if !struck {
			return true
		}
	}
}
