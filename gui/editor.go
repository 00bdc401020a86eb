package gui

import (
	"slices"

	"binocle/solver"
	"binocle/vision"
)

// glyphStyles lists every style in the order the style menu shows them.
var glyphStyles = []vision.Style{
	vision.StyleSquareCircle, vision.StyleDiscCircle, vision.StyleDigits,
	vision.StyleXO, vision.StyleXOI, vision.StyleTango, vision.StyleTiles,
}

// mark is a highlight on a cell; several can apply at once.
type mark uint16

const (
	markLowConfidence mark = 1 << iota // the reader was unsure of this cell
	markRuleError                      // the givens already break a rule here
	markContradiction                  // the solver proved no solution; this is where
	markDiffer                         // two solutions disagree here
	markMistake                        // play mode: the player's entry is wrong
	markRevealed                       // play mode: filled in by "reveal one cell"
	markHintSet                        // a hint or a shown step fills this cell
	markHintBecause                    // ... because of this one
	markSuggested                      // the rules suggest this cell was misread
)

// markHint is both hint highlights, cleared together.
const markHint = markHintSet | markHintBecause

// lowConfidence is the reader confidence under which a cell is highlighted
// for the user to check.
const lowConfidence = 0.6

// direction is the last arrow pressed. Edge clues typed in edge mode go
// between the selected cell and its neighbour in this direction, so the
// user aims with the arrows and then types '=' or 'x'.
type direction uint8

const (
	dirRight direction = iota
	dirDown
	dirLeft
	dirUp
)

func (d direction) delta() (dr, dc int) {
	switch d {
	case dirDown:
		return 1, 0
	case dirLeft:
		return 0, -1
	case dirUp:
		return -1, 0
	}
	return 0, 1
}

func (d direction) opposite() direction { return (d + 2) % 4 }

// cellKind says where the value shown in a cell comes from, which decides
// how it is drawn: givens bold, solver answers lighter, player entries plain.
type cellKind uint8

const (
	kindEmpty cellKind = iota
	kindGiven
	kindSolved
	kindPlay
)

// snapshot is one undo step: everything the user can edit. save copies the
// live slices into the stack, so edits may then change them in place.
type snapshot struct {
	cells []solver.Cell
	edges []solver.Edge
	play  []solver.Cell
}

// editor is the grid being worked on: the givens and edge clues the user
// corrects, the solver's answer once there is one, and play mode's own
// entries. It is pure state; every rule check is the solver's.
type editor struct {
	puzzle *solver.Puzzle
	style  vision.Style
	read   []solver.Cell // the givens as the reader saw them, to list corrections
	// earlier are corrections made in an earlier session, for a history
	// entry whose original reading is no longer kept.
	earlier    []solver.Point
	confidence []float64     // per cell, from the reader; nil for manual entry
	solution   []solver.Cell // shown in the non-given cells once solved
	play       []solver.Cell // the player's entries, shown instead of the solution
	playing    bool
	marks      []mark
	sel        solver.Point
	heading    direction
	// aimed says the last arrow only turned the aim (see move).
	aimed    bool
	edgeMode bool
	// suggestedClues are the clue changes the rules' fix search suggests,
	// drawn at their sites in the suggestion colour until applied or
	// dropped.
	suggestedClues []solver.Change
	undo, redo     []snapshot
}

func newEditor(p *solver.Puzzle, style vision.Style) *editor {
	e := &editor{puzzle: p, style: style}
	e.marks = make([]mark, len(p.Cells))
	return e
}

func (e *editor) index(pt solver.Point) int { return pt.Row*e.puzzle.Cols + pt.Col }

func (e *editor) inside(pt solver.Point) bool {
	return pt.Row >= 0 && pt.Col >= 0 && pt.Row < e.puzzle.Rows && pt.Col < e.puzzle.Cols
}

// setReading records what the reader saw, so that confidence highlights and
// the list of corrections refer to it.
func (e *editor) setReading(cells []solver.Cell, confidence []float64) {
	e.read = append([]solver.Cell(nil), cells...)
	if len(confidence) == len(e.puzzle.Cells) {
		e.confidence = append([]float64(nil), confidence...)
	}
	e.refreshConfidenceMarks()
}

func (e *editor) refreshConfidenceMarks() {
	for i := range e.marks {
		e.marks[i] &^= markLowConfidence
		if e.confidence != nil && e.confidence[i] < lowConfidence && e.read != nil && e.puzzle.Cells[i] == e.read[i] {
			e.marks[i] |= markLowConfidence
		}
	}
}

// corrected lists the cells whose givens the user changed from the reading,
// now or in an earlier session.
func (e *editor) corrected() []solver.Point {
	pts := append([]solver.Point(nil), e.earlier...)
	if e.read == nil {
		return pts
	}
	for i, v := range e.puzzle.Cells {
		pt := solver.Point{Row: i / e.puzzle.Cols, Col: i % e.puzzle.Cols}
		if v != e.read[i] && !slices.Contains(e.earlier, pt) {
			pts = append(pts, pt)
		}
	}
	return pts
}

// value is what the cell shows and why.
func (e *editor) value(pt solver.Point) (solver.Cell, cellKind) {
	i := e.index(pt)
	if v := e.puzzle.Cells[i]; v != solver.Empty {
		return v, kindGiven
	}
	if e.playing {
		if e.play != nil && e.play[i] != solver.Empty {
			if e.marks[i]&markRevealed != 0 {
				return e.play[i], kindSolved
			}
			return e.play[i], kindPlay
		}
		return solver.Empty, kindEmpty
	}
	if e.solution != nil && e.solution[i] != solver.Empty {
		return e.solution[i], kindSolved
	}
	return solver.Empty, kindEmpty
}

func (e *editor) save() {
	s := snapshot{
		cells: append([]solver.Cell(nil), e.puzzle.Cells...),
		edges: append([]solver.Edge(nil), e.puzzle.Edges...),
	}
	if e.play != nil {
		s.play = append([]solver.Cell(nil), e.play...)
	}
	e.undo = append(e.undo, s)
	e.redo = nil
}

func (e *editor) current() snapshot {
	s := snapshot{cells: e.puzzle.Cells, edges: e.puzzle.Edges, play: e.play}
	return s
}

func (e *editor) restore(s snapshot) {
	e.puzzle.Cells = s.cells
	e.puzzle.Edges = s.edges
	e.play = s.play
	e.givensChanged()
}

// undoStep and redoStep report whether there was a step to take.
func (e *editor) undoStep() bool { return e.travel(&e.undo, &e.redo) }
func (e *editor) redoStep() bool { return e.travel(&e.redo, &e.undo) }

// travel restores the newest snapshot of from, keeping the present state on
// to so that the step can be taken back.
func (e *editor) travel(from, to *[]snapshot) bool {
	if len(*from) == 0 {
		return false
	}
	target := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	*to = append(*to, e.current())
	e.restore(target)
	return true
}

// givensChanged drops everything derived from the old givens: an answer to
// a different puzzle would be wrong, not merely stale.
func (e *editor) givensChanged() {
	e.solution = nil
	for i := range e.marks {
		e.marks[i] &= markLowConfidence | markRevealed
	}
	e.refreshConfidenceMarks()
}

// cycleOrder is the order a click walks through: blank, 1, 0 (, 2), blank.
func (e *editor) cycleOrder() []solver.Cell {
	if e.puzzle.Rules.Symbols() == 3 {
		return []solver.Cell{solver.Empty, solver.One, solver.Zero, solver.Two}
	}
	return []solver.Cell{solver.Empty, solver.One, solver.Zero}
}

// cycle steps the cell forward (click) or backward (right click).
func (e *editor) cycle(pt solver.Point, forward bool) bool {
	if !e.inside(pt) {
		return false
	}
	e.sel = pt
	cur, kind := e.value(pt)
	if e.playing && kind == kindGiven {
		return false
	}
	if !e.playing && kind != kindGiven {
		cur = solver.Empty
	}
	order := e.cycleOrder()
	pos := 0
	for i, v := range order {
		if v == cur {
			pos = i
		}
	}
	step := 1
	if !forward {
		step = len(order) - 1
	}
	return e.set(pt, order[(pos+step)%len(order)])
}

// fill puts a step's placements in as the player's entries, as one undo
// step; cells already holding the value are left alone.
func (e *editor) fill(sets []solver.Placement) bool {
	if !e.playing {
		return false
	}
	if e.play == nil {
		e.play = emptyCells(len(e.puzzle.Cells))
	}
	saved := false
	for _, pl := range sets {
		pt := solver.Point{Row: pl.Row, Col: pl.Col}
		if !e.inside(pt) {
			continue
		}
		i := e.index(pt)
		if e.puzzle.Cells[i] != solver.Empty || e.play[i] == pl.Value {
			continue
		}
		if !saved {
			e.save()
			saved = true
		}
		e.play[i] = pl.Value
		e.marks[i] &^= markMistake | markRevealed
	}
	return saved
}

// set puts a symbol (or Empty) in the cell: a given in edit mode, the
// player's entry in play mode.
func (e *editor) set(pt solver.Point, v solver.Cell) bool {
	if !e.inside(pt) || (v == solver.Two && e.puzzle.Rules.Symbols() < 3) {
		return false
	}
	e.sel = pt
	i := e.index(pt)
	if e.playing {
		if e.puzzle.Cells[i] != solver.Empty {
			return false
		}
		if e.play == nil {
			e.play = emptyCells(len(e.puzzle.Cells))
		}
		if e.play[i] == v {
			return false
		}
		e.save()
		e.play[i] = v
		e.marks[i] &^= markMistake | markRevealed
		return true
	}
	if e.puzzle.Cells[i] == v {
		return false
	}
	e.save()
	e.puzzle.Cells[i] = v
	e.givensChanged()
	return true
}

func emptyCells(n int) []solver.Cell {
	cells := make([]solver.Cell, n)
	for i := range cells {
		cells[i] = solver.Empty
	}
	return cells
}

// move steps the selection and remembers the direction for edge clues.
func (e *editor) move(d direction) {
	// In edge mode an arrow first aims at that side's border and only the
	// same arrow again moves on: otherwise "Down, =" moved first and put
	// the clue a row further down than the user pointed.
	if e.edgeMode && !e.playing && (!e.aimed || e.heading != d) {
		e.heading, e.aimed = d, true
		return
	}
	e.heading = d
	dr, dc := d.delta()
	next := solver.Point{Row: e.sel.Row + dr, Col: e.sel.Col + dc}
	if e.inside(next) {
		e.sel = next
	}
}

// advance moves the selection to the next cell in reading order, and
// stays on the last cell.
func (e *editor) advance() {
	next := e.index(e.sel) + 1
	if next < len(e.puzzle.Cells) {
		e.sel = solver.Point{Row: next / e.puzzle.Cols, Col: next % e.puzzle.Cols}
	}
}

// edgeTarget is the neighbour an edge clue typed now would attach to: the
// one in the last arrow's direction, or the opposite one at the grid's rim.
func (e *editor) edgeTarget() (solver.Point, bool) {
	for _, d := range []direction{e.heading, e.heading.opposite()} {
		dr, dc := d.delta()
		n := solver.Point{Row: e.sel.Row + dr, Col: e.sel.Col + dc}
		if e.inside(n) {
			return n, true
		}
	}
	return solver.Point{}, false
}

// edgeBetween normalises a pair so that the first cell is above or left of
// the second, the way the solver and the reader write edges.
func edgeBetween(a, b solver.Point, rel solver.Relation) solver.Edge {
	if b.Row < a.Row || (b.Row == a.Row && b.Col < a.Col) {
		a, b = b, a
	}
	return solver.Edge{R1: a.Row, C1: a.Col, R2: b.Row, C2: b.Col, Rel: rel}
}

func sameCells(x, y solver.Edge) bool {
	return x.R1 == y.R1 && x.C1 == y.C1 && x.R2 == y.R2 && x.C2 == y.C2
}

// edgeAt finds the clue between two adjacent cells.
func (e *editor) edgeAt(a, b solver.Point) (solver.Relation, bool) {
	want := edgeBetween(a, b, solver.Equal)
	for _, ed := range e.puzzle.Edges {
		if sameCells(ed, want) {
			return ed.Rel, true
		}
	}
	return 0, false
}

// setEdge puts rel between a and b, or removes the clue when remove is set.
func (e *editor) setEdge(a, b solver.Point, rel solver.Relation, remove bool) bool {
	if e.playing || !e.inside(a) || !e.inside(b) {
		return false
	}
	cur, has := e.edgeAt(a, b)
	if (remove && !has) || (!remove && has && cur == rel) {
		return false
	}
	e.save()
	want := edgeBetween(a, b, rel)
	edges := make([]solver.Edge, 0, len(e.puzzle.Edges)+1)
	for _, ed := range e.puzzle.Edges {
		if !sameCells(ed, want) {
			edges = append(edges, ed)
		}
	}
	if !remove {
		edges = append(edges, want)
	}
	e.puzzle.Edges = edges
	e.givensChanged()
	return true
}

// typeEdge is the keyboard's edge toggle: typing the clue that is already
// there removes it.
func (e *editor) typeEdge(rel solver.Relation) bool {
	n, ok := e.edgeTarget()
	if !ok {
		return false
	}
	cur, has := e.edgeAt(e.sel, n)
	return e.setEdge(e.sel, n, rel, has && cur == rel)
}

// cycleEdge is the mouse's edge toggle: none, '=', 'x', none.
func (e *editor) cycleEdge(a, b solver.Point) bool {
	cur, has := e.edgeAt(a, b)
	switch {
	case !has:
		return e.setEdge(a, b, solver.Equal, false)
	case cur == solver.Equal:
		return e.setEdge(a, b, solver.Differ, false)
	}
	return e.setEdge(a, b, 0, true)
}

// markCells sets m on the listed cells, ignoring any outside the grid.
func (e *editor) markCells(pts []solver.Point, m mark) {
	for _, pt := range pts {
		if e.inside(pt) {
			e.marks[e.index(pt)] |= m
		}
	}
}

func (e *editor) clearMarks(m mark) {
	for i := range e.marks {
		e.marks[i] &^= m
	}
}

func (e *editor) count(m mark) int {
	n := 0
	for _, v := range e.marks {
		if v&m != 0 {
			n++
		}
	}
	return n
}
