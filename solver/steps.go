package solver

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Placement is one cell a step fills in, 0-based.
type Placement struct {
	Row   int  `json:"row"`
	Col   int  `json:"col"`
	Value Cell `json:"value"`
}

// Step is one human-sized deduction: which technique found it, the cells
// it fills, the cells that justify it, and a sentence a person can follow.
type Step struct {
	Technique   string      `json:"technique"` // stable identifier, e.g. "pair"
	Name        string      `json:"name"`      // display name, e.g. "Pair"
	Difficulty  Difficulty  `json:"difficulty"`
	Sets        []Placement `json:"sets"`
	Because     []Point     `json:"because"`
	Explanation string      `json:"explanation"`
}

// ErrAlreadySolved is returned by NextStep when no cell is left to fill.
var ErrAlreadySolved = errors.New("the puzzle is already solved")

// ErrNotUnique is wrapped by step errors when the puzzle has no solution or
// more than one, so that no further step can be justified.
var ErrNotUnique = errors.New("the puzzle does not have exactly one solution")

// NextStep finds the cheapest deduction that fills at least one cell.
func NextStep(p *Puzzle) (Step, error) {
	return NextStepContext(context.Background(), p)
}

// NextStepContext is NextStep that gives up when ctx is done, with an
// error wrapping ctx.Err().
func NextStepContext(ctx context.Context, p *Puzzle) (Step, error) {
	if err := ctx.Err(); err != nil {
		return Step{}, stoppedError(err)
	}
	b, err := newStepBoard(p)
	if err != nil {
		return Step{}, err
	}
	if b.complete() {
		return Step{}, ErrAlreadySolved
	}
	b.ctx = ctx
	return b.next(true)
}

// Steps solves the puzzle the way a person would and returns the whole
// path, cheapest technique first at every point. When the puzzle has no
// unique solution, it returns the steps found so far and an error wrapping
// ErrNotUnique.
func Steps(p *Puzzle) ([]Step, error) {
	return StepsContext(context.Background(), p)
}

// StepsContext is Steps that gives up when ctx is done: it returns the
// steps found so far and an error wrapping ctx.Err().
func StepsContext(ctx context.Context, p *Puzzle) ([]Step, error) {
	if err := ctx.Err(); err != nil {
		return nil, stoppedError(err)
	}
	b, err := newStepBoard(p)
	if err != nil {
		return nil, err
	}
	b.ctx = ctx
	return b.run(true)
}

// ApplyStep writes a step's placements into the puzzle's cells.
func ApplyStep(p *Puzzle, s Step) {
	for _, pl := range s.Sets {
		p.Set(pl.Row, pl.Col, pl.Value)
	}
}

// stepShape is everything about a puzzle that stays fixed while it is
// being solved, shared by a board and its trial copies.
type stepShape struct {
	puzzle     *Puzzle
	rules      Rules
	rows, cols int
	symbols    int
	lines      []stepLine // rows first, then columns
	edges      []stepEdge
	cellEdges  [][]int      // per cell, indices into edges
	ladder     []*Technique // the techniques that apply to these rules
}

type stepLine struct {
	id    Line
	idx   []int     // the line's cells, as indices into the grid
	rel   []stepRel // rel[i] relates cell i-1 to cell i through an edge clue
	least int       // fewest of each symbol a complete line holds
	most  int       // most of each symbol a complete line holds
}

type stepRel int8

const (
	stepRelNone stepRel = iota
	stepRelEqual
	stepRelDiffer
)

type stepEdge struct {
	a, b int // grid indices
	rel  Relation
	line int // index into lines of the line that holds both cells
	posA int // a's position in that line; b is at posA+1
}

type stepSet struct {
	at int
	v  Cell
}

// stepBoard is a grid being solved by the techniques. In step mode
// (first) a technique stops at its first deduction and the board keeps it
// in hit; in batch mode every deduction is written at once, which is what
// the generator and trial-and-contradiction need.
type stepBoard struct {
	*stepShape
	cells []Cell

	first    bool
	text     bool
	hit      *stepHit
	progress bool
	contra   bool   // a technique found the grid cannot be completed
	contraAt string // why, for explanations

	counts [][3]int // per line, how many of each symbol; refreshed by countLines
	dirty  []bool   // batch mode: lines changed since line enumeration last read them
	// watch, when not negative, stops propagate as soon as that cell is
	// filled; trusted skips the rule checks, for grids known to be
	// consistent (the generator's, carved from a valid solution).
	watch     int
	trusted   bool
	setBuf    []stepSet
	becBuf    []int
	lineBuf   []Cell
	maskBuf   []uint8
	dp        stepDP
	trial     *stepBoard
	solution  []Cell // the fast solver's answer, once search needed it
	searchErr error
	// ctx ends a step search that runs too long; nil for the boards the
	// generator and trials use, which never need stopping.
	ctx context.Context
}

// mostlyEmpty reports whether the board is as sparse as the fast solver's
// sparse grids (sparseOpenShare and sparseOpenMin), counting its empty
// cells rather than those propagation leaves open.
func (b *stepBoard) mostlyEmpty() bool {
	empty := 0
	for _, v := range b.cells {
		if v == Empty {
			empty++
		}
	}
	return empty >= sparseOpenMin && float64(empty) >= sparseOpenShare*float64(len(b.cells))
}

// stopped is the context's error, wrapped, once ctx is done.
func (b *stepBoard) stopped() error {
	if b.ctx == nil {
		return nil
	}
	if err := b.ctx.Err(); err != nil {
		return stoppedError(err)
	}
	return nil
}

type stepHit struct {
	tech    *Technique
	sets    []stepSet
	because []int
	text    string
}

func newStepShape(p *Puzzle) (*stepShape, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	s := &stepShape{puzzle: p, rules: p.Rules, rows: p.Rows, cols: p.Cols, symbols: p.Rules.Symbols()}
	addLine := func(id Line, n int, at func(i int) int) {
		l := stepLine{id: id, idx: make([]int, n), rel: make([]stepRel, n)}
		for i := range n {
			l.idx[i] = at(i)
		}
		if p.Rules == Troix {
			l.least, l.most = n/3, n/3
		} else {
			l.least, l.most = n/2, (n+1)/2
		}
		s.lines = append(s.lines, l)
	}
	for r := range p.Rows {
		addLine(Line{Index: r}, p.Cols, func(i int) int { return r*p.Cols + i })
	}
	for c := range p.Cols {
		addLine(Line{IsCol: true, Index: c}, p.Rows, func(i int) int { return i*p.Cols + c })
	}
	s.cellEdges = make([][]int, p.Rows*p.Cols)
	for _, e := range p.Edges {
		n := e
		if n.R2 < n.R1 || n.C2 < n.C1 {
			n.R1, n.C1, n.R2, n.C2 = n.R2, n.C2, n.R1, n.C1
		}
		a, b := n.R1*p.Cols+n.C1, n.R2*p.Cols+n.C2
		se := stepEdge{a: a, b: b, rel: n.Rel}
		if n.R1 == n.R2 {
			se.line, se.posA = n.R1, n.C1
		} else {
			se.line, se.posA = p.Rows+n.C1, n.R1
		}
		rel := stepRelEqual
		if n.Rel == Differ {
			rel = stepRelDiffer
		}
		s.lines[se.line].rel[se.posA+1] = rel
		s.cellEdges[a] = append(s.cellEdges[a], len(s.edges))
		s.cellEdges[b] = append(s.cellEdges[b], len(s.edges))
		s.edges = append(s.edges, se)
	}
	for _, t := range techniqueLadder {
		if t.applies(p.Rules, len(p.Edges) > 0) {
			s.ladder = append(s.ladder, t)
		}
	}
	return s, nil
}

func newStepBoard(p *Puzzle) (*stepBoard, error) {
	s, err := newStepShape(p)
	if err != nil {
		return nil, err
	}
	return s.board(p.Cells), nil
}

func (s *stepShape) board(cells []Cell) *stepBoard {
	return &stepBoard{stepShape: s, cells: append([]Cell(nil), cells...),
		counts: make([][3]int, len(s.lines)), dirty: make([]bool, len(s.lines)), watch: -1}
}

func (b *stepBoard) complete() bool {
	for _, v := range b.cells {
		if v == Empty {
			return false
		}
	}
	return true
}

// next finds the cheapest deduction available now.
func (b *stepBoard) next(text bool) (Step, error) {
	b.first, b.text, b.hit, b.contra = true, text, nil, false
	if b.mostlyEmpty() {
		// On a large grid that is mostly empty, each rung scans every cell
		// (an empty Troix 63×63 took 0.8 s to reach trial), and such a grid
		// nearly always has many solutions: the fast solver says so first.
		if err := b.solveFast(); err != nil {
			return Step{}, err
		}
	}
	for _, t := range b.ladder {
		if err := b.stopped(); err != nil {
			return Step{}, err
		}
		if t.Level >= Expert {
			// Trial costs a propagation per open cell and symbol, which on
			// a large, nearly empty grid runs for minutes. The fast solver
			// tells in milliseconds whether there is a unique solution for
			// any step to lead to.
			if err := b.solveFast(); err != nil {
				return Step{}, err
			}
		}
		t.run(b)
		if err := b.stopped(); err != nil {
			return Step{}, err
		}
		if b.contra {
			return Step{}, b.noSolution()
		}
		if b.hit != nil {
			b.hit.tech = t
			return b.hit.step(b.cols), nil
		}
	}
	if b.searchErr != nil {
		return Step{}, b.searchErr
	}
	return Step{}, fmt.Errorf("%w: no technique, search included, could fill another cell", ErrNotUnique)
}

func (b *stepBoard) noSolution() error {
	why := b.contraAt
	if why == "" {
		why = "the grid cannot be completed"
	}
	return fmt.Errorf("%w: no solution: %s", ErrNotUnique, why)
}

// run takes steps until the grid is full.
func (b *stepBoard) run(text bool) ([]Step, error) {
	var steps []Step
	for !b.complete() {
		st, err := b.next(text)
		if err != nil {
			return steps, err
		}
		for _, pl := range st.Sets {
			b.cells[pl.Row*b.cols+pl.Col] = pl.Value
		}
		steps = append(steps, st)
		if !b.consistent() {
			q := b.puzzle.Clone()
			q.Cells = b.cells
			return steps, fmt.Errorf("%w: no solution: after step %d, %v", ErrNotUnique, len(steps), q.Validate())
		}
	}
	return steps, nil
}

func (h *stepHit) step(cols int) Step {
	st := Step{Technique: h.tech.ID, Name: h.tech.Name, Difficulty: h.tech.Level, Explanation: h.text}
	for _, s := range h.sets {
		st.Sets = append(st.Sets, Placement{Row: s.at / cols, Col: s.at % cols, Value: s.v})
	}
	for _, i := range h.because {
		st.Because = append(st.Because, Point{Row: i / cols, Col: i % cols})
	}
	return st
}

// emit reports a deduction. It returns true when the technique should stop
// scanning, which is at the first deduction in step mode.
func (b *stepBoard) emit(sets []stepSet, because []int, text string) bool {
	if b.first {
		b.hit = &stepHit{sets: append([]stepSet(nil), sets...), because: append([]int(nil), because...), text: text}
		return true
	}
	for _, s := range sets {
		if b.cells[s.at] == Empty {
			b.cells[s.at] = s.v
			b.progress = true
			b.dirty[s.at/b.cols] = true
			b.dirty[b.rows+s.at%b.cols] = true
		}
	}
	return false
}

// fail records that the grid cannot be completed.
func (b *stepBoard) fail(why string) {
	b.contra = true
	if b.contraAt == "" {
		b.contraAt = why
	}
}

// propagate applies every technique up to maxLevel, cheapest first, until
// none applies. It returns false when the grid turns out to be impossible.
func (b *stepBoard) propagate(maxLevel Difficulty) bool {
	b.first, b.text, b.hit, b.contra, b.contraAt = false, false, nil, false, ""
	for i := range b.dirty {
		b.dirty[i] = true
	}
	for {
		if !b.trusted && !b.consistent() {
			return false
		}
		if b.watch >= 0 && b.cells[b.watch] != Empty {
			return true
		}
		progressed := false
		for _, t := range b.ladder {
			if t.Level > maxLevel {
				break
			}
			b.progress = false
			t.run(b)
			if b.contra {
				return false
			}
			if b.progress {
				progressed = true
				break
			}
		}
		if !progressed {
			return true
		}
	}
}

// consistent reports whether the grid breaks no rule yet: no run of three,
// no symbol over its share, no broken edge clue, no two equal full lines.
func (b *stepBoard) consistent() bool {
	for li := range b.lines {
		l := &b.lines[li]
		var cnt [3]int
		run, last := 0, Empty
		for i, at := range l.idx {
			v := b.cells[at]
			if v == Empty {
				run, last = 0, Empty
				continue
			}
			cnt[v]++
			if v == last {
				run++
				if run >= 3 {
					return false
				}
			} else {
				run, last = 1, v
			}
			if i > 0 && l.rel[i] != stepRelNone {
				if u := b.cells[l.idx[i-1]]; u != Empty && (u == v) != (l.rel[i] == stepRelEqual) {
					return false
				}
			}
		}
		for s := range b.symbols {
			if cnt[s] > l.most {
				return false
			}
		}
	}
	if b.rules == Takuzu {
		return b.distinctLines()
	}
	return true
}

func (b *stepBoard) distinctLines() bool {
	full := b.maskBuf[:0] // reused as one flag per line
	for li := range b.lines {
		f := uint8(0)
		if b.lineFull(&b.lines[li]) {
			f = 1
		}
		full = append(full, f)
	}
	b.maskBuf = full
	for a := range b.lines {
		if full[a] == 0 {
			continue
		}
		la := &b.lines[a]
		for c := a + 1; c < len(b.lines) && b.lines[c].id.IsCol == la.id.IsCol; c++ {
			if full[c] == 1 && b.sameLine(la, &b.lines[c]) {
				return false
			}
		}
	}
	return true
}

func (b *stepBoard) lineFull(l *stepLine) bool {
	for _, at := range l.idx {
		if b.cells[at] == Empty {
			return false
		}
	}
	return true
}

func (b *stepBoard) sameLine(x, y *stepLine) bool {
	for i := range x.idx {
		if b.cells[x.idx[i]] != b.cells[y.idx[i]] {
			return false
		}
	}
	return true
}

// countLines refreshes each line's symbol counts.
func (b *stepBoard) countLines() {
	for li := range b.lines {
		var cnt [3]int
		for _, at := range b.lines[li].idx {
			if v := b.cells[at]; v != Empty {
				cnt[v]++
			}
		}
		b.counts[li] = cnt
	}
}

// trialBoard is a scratch copy for trial and contradiction, reused.
func (b *stepBoard) trialBoard() *stepBoard {
	if b.trial == nil {
		b.trial = b.stepShape.board(b.cells)
	}
	copy(b.trial.cells, b.cells)
	return b.trial
}

// Explanations name symbols the way people read them: 0 and 1 for the
// binary puzzles, O, X and I for Troix.
func (b *stepBoard) sym(v Cell) string {
	if b.rules == Troix {
		return string("OXI"[v])
	}
	return string(v.Char())
}

func (b *stepBoard) syms(v Cell) string { return b.sym(v) + "s" }

func (b *stepBoard) cellName(at int) string {
	return fmt.Sprintf("r%dc%d", at/b.cols+1, at%b.cols+1)
}

func stepLineTitle(l Line) string {
	s := l.String()
	return strings.ToUpper(s[:1]) + s[1:]
}

// pos names the i-th cell of a line by the coordinate that varies along it.
func stepPos(l *stepLine, i int) string {
	if l.id.IsCol {
		return fmt.Sprintf("r%d", i+1)
	}
	return fmt.Sprintf("c%d", i+1)
}

func stepSpan(l *stepLine, i, j int) string { return stepPos(l, i) + "–" + stepPos(l, j) }

// stepList joins names as "a", "a and b" or "a, b and c".
func stepList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// linePositions names the cells at the given grid indices by their
// positions in line l.
func (b *stepBoard) linePositions(l *stepLine, at []int) string {
	names := make([]string, 0, len(at))
	for _, a := range at {
		for i, x := range l.idx {
			if x == a {
				names = append(names, stepPos(l, i))
				break
			}
		}
	}
	return stepList(names)
}

func stepSetCells(sets []stepSet) []int {
	out := make([]int, len(sets))
	for i, s := range sets {
		out[i] = s.at
	}
	return out
}

func stepCountWord(n int) string {
	words := [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return fmt.Sprint(n)
}
