package solver

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// GenOptions says what puzzle to generate. The same options, seed
// included, always give the same puzzle.
type GenOptions struct {
	Rules      Rules
	Rows, Cols int
	Difficulty Difficulty
	Seed       uint64
	// Edges makes a Tango-style puzzle: '=' and '×' clues between
	// neighbours take part in the clues alongside the givens. Binary
	// rules only.
	Edges bool
	// MaxAttempts bounds how many full grids are tried before giving up;
	// 0 means a default that suits every size the targets name.
	MaxAttempts int
}

// ErrGenerate is wrapped when no puzzle of the requested grade turned up
// within the attempts allowed.
var ErrGenerate = errors.New("could not generate a puzzle of that grade")

// Generate draws a random valid full grid, then takes clues away in random
// order while the step solver can still finish the puzzle with techniques
// no harder than the requested grade (for Inhuman: while the fast solver
// still finds exactly one solution). A grid whose minimal puzzle turns out
// easier than requested is dropped for another. It returns the puzzle and
// its solution; the puzzle is unique and grades exactly as asked.
func Generate(opts GenOptions) (*Puzzle, []Cell, error) {
	if err := opts.check(); err != nil {
		return nil, nil, err
	}
	empty, err := NewPuzzle(opts.Rules, opts.Rows, opts.Cols)
	if err != nil {
		return nil, nil, err
	}
	shape, err := newStepShape(empty)
	if err != nil {
		return nil, nil, err
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 0x62696e6f636c65))
	attempts := opts.MaxAttempts
	if attempts <= 0 {
		attempts = 400
	}
	g := &genState{opts: opts, shape: shape, rng: rng}
	for range attempts {
		sol := g.fullGrid()
		if sol == nil {
			continue
		}
		p := g.carve(sol)
		if p == nil {
			continue
		}
		if got, _, err := Grade(p); err != nil || got != opts.Difficulty {
			continue
		}
		if res := Solve(p); res.Status != Unique {
			// The step solver's deductions are sound, so this would be a
			// bug; refuse the puzzle rather than publish it.
			return nil, nil, fmt.Errorf("generator: internal error: a %s puzzle is %s", opts.Difficulty, res.Status)
		}
		return p, sol, nil
	}
	return nil, nil, fmt.Errorf("%w: no %s %dx%d %s puzzle after %d grids; try another seed or difficulty",
		ErrGenerate, opts.Difficulty, opts.Rows, opts.Cols, opts.Rules, attempts)
}

func (o GenOptions) check() error {
	if int(o.Rules) >= len(rulesNames) {
		return fmt.Errorf("unknown rules %v", o.Rules)
	}
	if o.Difficulty > Inhuman {
		return fmt.Errorf("unknown difficulty %v", o.Difficulty)
	}
	if o.Rows < 4 || o.Cols < 4 || o.Rows > MaxSize || o.Cols > MaxSize {
		return fmt.Errorf("%w: cannot generate %dx%d: rows and columns must each be 4..%d", ErrSize, o.Rows, o.Cols, MaxSize)
	}
	if o.Rules == Troix && (o.Rows%3 != 0 || o.Cols%3 != 0) {
		return fmt.Errorf("%w: troix needs rows and columns divisible by 3, got %dx%d", ErrSize, o.Rows, o.Cols)
	}
	if o.Edges && o.Rules == Troix {
		return errors.New("edge clues are generated for the binary rules only")
	}
	return nil
}

type genState struct {
	opts  GenOptions
	shape *stepShape
	rng   *rand.Rand
}

// fullGrid fills an empty grid by depth-first search in a random cell
// order with random symbols, propagating with every technique up to line
// enumeration after each choice so that dead ends show early. It gives up
// (nil) after too many backtracks, and the caller draws again.
func (g *genState) fullGrid() []Cell {
	s := g.shape
	b := s.board(s.puzzle.Cells)
	if !b.propagate(Hard) {
		return nil
	}
	order := g.rng.Perm(len(b.cells))
	type frame struct {
		cells []Cell
		at    int
		tried uint8
	}
	var stack []frame
	backtracks, limit := 0, 20+len(b.cells)/16
	next := 0
	for {
		for next < len(order) && b.cells[order[next]] != Empty {
			next++
		}
		if next == len(order) {
			return b.cells
		}
		at := order[next]
		v := Cell(g.rng.IntN(s.symbols))
		stack = append(stack, frame{cells: append([]Cell(nil), b.cells...), at: at, tried: 1 << uint(v)})
		b.cells[at] = v
		for !b.propagate(Hard) {
			backtracks++
			if backtracks > limit {
				return nil
			}
			for len(stack) > 0 && stack[len(stack)-1].tried == 1<<uint(s.symbols)-1 {
				stack = stack[:len(stack)-1]
			}
			if len(stack) == 0 {
				return nil
			}
			f := &stack[len(stack)-1]
			copy(b.cells, f.cells)
			u := Cell(g.rng.IntN(s.symbols))
			for f.tried&(1<<uint(u)) != 0 {
				u = (u + 1) % Cell(s.symbols)
			}
			f.tried |= 1 << uint(u)
			b.cells[f.at] = u
			next = 0
		}
	}
}

// carve takes clues away from the full grid in random order, keeping each
// removal only while the puzzle stays solvable at the requested grade. It
// returns nil when the result is easier than requested.
func (g *genState) carve(sol []Cell) *Puzzle {
	o := g.opts
	p, _ := NewPuzzle(o.Rules, o.Rows, o.Cols)
	copy(p.Cells, sol)
	if o.Edges {
		p.Edges = genAllEdges(sol, o.Rows, o.Cols)
	}
	// A clue is a given (index < cells) or an edge clue (index - cells).
	n := len(p.Cells)
	order := g.rng.Perm(n + len(p.Edges))
	removedEdge := make([]bool, len(p.Edges))
	edgesOf := func() []Edge {
		var out []Edge
		for i, e := range p.Edges {
			if !removedEdge[i] {
				out = append(out, e)
			}
		}
		return out
	}
	checker := newGenChecker(p, o.Difficulty)
	for _, k := range order {
		if k < n {
			v := p.Cells[k]
			p.Cells[k] = Empty
			if !checker.rederives(p.Cells, k) {
				p.Cells[k] = v
			}
			continue
		}
		removedEdge[k-n] = true
		if !checker.solvable(p.Cells, edgesOf(), true) {
			removedEdge[k-n] = false
			checker.reshape(edgesOf())
		}
	}
	p.Edges = edgesOf()
	if o.Difficulty > Easy {
		// The puzzle must not fall to the grade below.
		easier := newGenChecker(p, o.Difficulty-1)
		if easier.solvable(p.Cells, p.Edges, true) {
			return nil
		}
	}
	return p
}

// genChecker answers "can this clue set be finished at this grade?"
// quickly, reusing one board while the edge clues stay the same.
type genChecker struct {
	level Difficulty
	base  *Puzzle
	board *stepBoard
}

func newGenChecker(p *Puzzle, level Difficulty) *genChecker {
	c := &genChecker{level: level, base: p.Clone()}
	c.reshape(p.Edges)
	return c
}

// reshape switches to another set of edge clues. The clues come from a
// valid grid, so the shape cannot fail; if it did, the checker would
// answer "not solvable" and the clue would stay.
func (c *genChecker) reshape(edges []Edge) {
	c.base.Edges = append([]Edge(nil), edges...)
	empty := &Puzzle{Rules: c.base.Rules, Rows: c.base.Rows, Cols: c.base.Cols,
		Cells: make([]Cell, len(c.base.Cells)), Edges: c.base.Edges}
	for i := range empty.Cells {
		empty.Cells[i] = Empty
	}
	shape, err := newStepShape(empty)
	if err != nil {
		c.board = nil
		return
	}
	c.board = shape.board(c.base.Cells)
}

// solvable reports whether the clues leave exactly one solution that the
// techniques up to the checker's grade reach. Edge clues are replaced when
// edgesChanged.
func (c *genChecker) solvable(cells []Cell, edges []Edge, edgesChanged bool) bool {
	if edgesChanged {
		c.reshape(edges)
	}
	if c.level == Inhuman {
		q := c.base.Clone()
		copy(q.Cells, cells)
		n, err := Count(q, 2)
		return err == nil && n == 1
	}
	if c.board == nil {
		return false
	}
	copy(c.board.cells, cells)
	return c.board.propagate(c.level) && c.board.complete()
}

// rederives reports whether the clues, one of which was just taken from
// cell k of a puzzle that was solvable at the checker's grade, are still
// solvable. Deductions only grow with the clues, so it is enough that the
// techniques fill cell k again: from there they reach everything the
// fuller puzzle reached. That lets the check stop early, usually after a
// pass or two.
func (c *genChecker) rederives(cells []Cell, k int) bool {
	if c.level == Inhuman || c.board == nil {
		return c.solvable(cells, c.base.Edges, false)
	}
	copy(c.board.cells, cells)
	c.board.watch, c.board.trusted = k, true
	defer func() { c.board.watch, c.board.trusted = -1, false }()
	return c.board.propagate(c.level) && c.board.cells[k] != Empty
}

// genAllEdges relates every pair of neighbours as the solution does.
func genAllEdges(sol []Cell, rows, cols int) []Edge {
	var out []Edge
	rel := func(a, b Cell) Relation {
		if a == b {
			return Equal
		}
		return Differ
	}
	for r := range rows {
		for c := range cols {
			if c+1 < cols {
				out = append(out, Edge{R1: r, C1: c, R2: r, C2: c + 1, Rel: rel(sol[r*cols+c], sol[r*cols+c+1])})
			}
			if r+1 < rows {
				out = append(out, Edge{R1: r, C1: c, R2: r + 1, C2: c, Rel: rel(sol[r*cols+c], sol[(r+1)*cols+c])})
			}
		}
	}
	return out
}
