package solver

import (
	"errors"
	"fmt"
)

// symbolBounds is how many of each symbol a complete line of length n
// holds: exactly a third under Troix; half under the binary rules, where an
// odd line lets either symbol take the extra cell.
func symbolBounds(rules Rules, n int) (least, most int) {
	if rules == Troix {
		return n / 3, n / 3
	}
	return n / 2, (n + 1) / 2
}

func symbolPlural(v Cell) string { return string(v.Char()) + "s" }

var countWords = [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}

func countWord(n int) string {
	if n >= 0 && n < len(countWords) {
		return countWords[n]
	}
	return fmt.Sprint(n)
}

// lineLen is the number of cells in a row (the column count) or a column.
func (p *Puzzle) lineLen(l Line) int {
	if l.IsCol {
		return p.Rows
	}
	return p.Cols
}

// lineCount is how many rows, or columns, the grid has.
func (p *Puzzle) lineCount(isCol bool) int {
	if isCol {
		return p.Cols
	}
	return p.Rows
}

// point is the grid position of the i-th cell of a line.
func (l Line) point(i int) Point {
	if l.IsCol {
		return Point{Row: i, Col: l.Index}
	}
	return Point{Row: l.Index, Col: i}
}

// positionWord names the coordinate that runs along a line: a row's cells
// are told apart by their columns.
func (l Line) positionWord() string {
	if l.IsCol {
		return "rows"
	}
	return "columns"
}

func cellAt(cells []Cell, cols int, pt Point) Cell { return cells[pt.Row*cols+pt.Col] }

// Validate checks that the puzzle is well formed (size, symbols, edge clues)
// and that its givens do not already break a rule. Rule violations are
// returned as *RuleError with the offending cells; size errors wrap ErrSize.
func (p *Puzzle) Validate() error {
	if err := p.checkShape(); err != nil {
		return err
	}
	return checkRules(p, p.Cells)
}

// CheckSolution reports whether cells is a complete grid that keeps the
// puzzle's givens and satisfies every rule and edge clue.
func CheckSolution(p *Puzzle, cells []Cell) error {
	if err := p.checkShape(); err != nil {
		return err
	}
	if len(cells) != len(p.Cells) {
		return fmt.Errorf("solution has %d cells, the %dx%d grid has %d", len(cells), p.Rows, p.Cols, len(p.Cells))
	}
	for i, v := range cells {
		r, c := i/p.Cols, i%p.Cols
		pt := Point{Row: r, Col: c}
		row := Line{Index: r}
		if v == Empty {
			return &RuleError{Line: row, Rule: RuleBalance, Cells: []Point{pt}, Msg: fmt.Sprintf("cell at column %d is empty", c+1)}
		}
		if err := checkSymbol(p.Rules, row, pt, v); err != nil {
			return err
		}
		if g := p.Cells[i]; g != Empty && g != v {
			return &RuleError{Line: row, Rule: RuleSymbol, Cells: []Point{pt},
				Msg: fmt.Sprintf("cell at column %d is %c but the puzzle gives %c", c+1, v.Char(), g.Char())}
		}
	}
	return checkRules(p, cells)
}

func checkSymbol(rules Rules, row Line, pt Point, v Cell) error {
	if v < Empty || int(v) >= rules.Symbols() {
		return &RuleError{Line: row, Rule: RuleSymbol, Cells: []Point{pt},
			Msg: fmt.Sprintf("cell at column %d holds %s, which %s does not use", pt.Col+1, describeCell(v), rules)}
	}
	return nil
}

func describeCell(v Cell) string {
	if v >= Empty && v <= Two {
		return string(v.Char())
	}
	return fmt.Sprintf("the value %d", int(v))
}

// checkShape checks everything but the rules: size, cell values and edges.
func (p *Puzzle) checkShape() error {
	if p == nil {
		return errors.New("no puzzle")
	}
	if p.Rows < MinSize || p.Rows > MaxSize || p.Cols < MinSize || p.Cols > MaxSize {
		return fmt.Errorf("%w: %dx%d is out of range: rows and columns must each be %d..%d", ErrSize, p.Rows, p.Cols, MinSize, MaxSize)
	}
	if int(p.Rules) >= len(rulesNames) {
		return fmt.Errorf("unknown rules %v", p.Rules)
	}
	if p.Rules == Troix && (p.Rows%3 != 0 || p.Cols%3 != 0) {
		return fmt.Errorf("%w: troix needs rows and columns divisible by 3, got %dx%d", ErrSize, p.Rows, p.Cols)
	}
	if len(p.Cells) != p.Rows*p.Cols {
		return fmt.Errorf("%w: %dx%d grid has %d cells, want %d", ErrSize, p.Rows, p.Cols, len(p.Cells), p.Rows*p.Cols)
	}
	nsym := Cell(p.Rules.Symbols())
	for i, v := range p.Cells {
		// The error is built only for a bad cell: a solve starts here, and
		// building it for every cell cost more than the solve's own rules.
		if v < Empty || v >= nsym {
			return checkSymbol(p.Rules, Line{Index: i / p.Cols}, Point{Row: i / p.Cols, Col: i % p.Cols}, v)
		}
	}
	return p.checkEdges()
}

// String writes an edge clue 1-based, as in "r1c2=r1c3".
func (e Edge) String() string {
	return fmt.Sprintf("r%dc%d%sr%dc%d", e.R1+1, e.C1+1, e.Rel, e.R2+1, e.C2+1)
}

// line is the row or column that holds both cells of an adjacent edge.
func (e Edge) line() Line {
	if e.R1 == e.R2 {
		return Line{Index: e.R1}
	}
	return Line{IsCol: true, Index: e.C1}
}

// normalized orders the two cells so that the first is above or left.
func (e Edge) normalized() Edge {
	if e.R2 < e.R1 || (e.R2 == e.R1 && e.C2 < e.C1) {
		e.R1, e.C1, e.R2, e.C2 = e.R2, e.C2, e.R1, e.C1
	}
	return e
}

func (p *Puzzle) checkEdges() error {
	// seen holds one bit per clue already read: bit c of row r for the
	// clue right of (r, c), bit r of column c for the clue below it. A
	// map and a formatted name per clue cost a Tango solve a third of its
	// time, so both wait for an error.
	var seen [2][MaxSize]uint64
	for i, e := range p.Edges {
		if err := p.checkEdge(i, e, &seen); err != nil {
			return err
		}
	}
	return nil
}

func (p *Puzzle) checkEdge(i int, e Edge, seen *[2][MaxSize]uint64) error {
	name := func() string { return fmt.Sprintf("edge clue %d (%s)", i+1, e) }
	if e.Rel > Differ {
		return fmt.Errorf("%s: unknown relation %d", name(), e.Rel)
	}
	for _, pt := range [2]Point{{e.R1, e.C1}, {e.R2, e.C2}} {
		if pt.Row < 0 || pt.Row >= p.Rows || pt.Col < 0 || pt.Col >= p.Cols {
			return fmt.Errorf("%s: cell r%dc%d is outside the %dx%d grid", name(), pt.Row+1, pt.Col+1, p.Rows, p.Cols)
		}
	}
	cells := func() []Point { return []Point{{e.R1, e.C1}, {e.R2, e.C2}} }
	dr, dc := e.R2-e.R1, e.C2-e.C1
	if dr*dr+dc*dc != 1 {
		return &RuleError{Line: Line{Index: e.R1}, Rule: RuleEdge, Cells: cells(),
			Msg: fmt.Sprintf("%s joins cells that are not side by side", name())}
	}
	n := e.normalized()
	word, bit := &seen[0][n.R1], uint64(1)<<uint(n.C1)
	if n.C1 == n.C2 {
		word, bit = &seen[1][n.C1], uint64(1)<<uint(n.R1)
	}
	if *word&bit == 0 {
		*word |= bit
		return nil
	}
	what := "repeats"
	for _, prev := range p.Edges[:i] {
		if prev = prev.normalized(); prev.R1 == n.R1 && prev.C1 == n.C1 && prev.R2 == n.R2 && prev.C2 == n.C2 && prev.Rel != n.Rel {
			what = "contradicts"
		}
	}
	return &RuleError{Line: e.line(), Rule: RuleEdge, Cells: cells(),
		Msg: fmt.Sprintf("%s %s an earlier clue on the same cells", name(), what)}
}

// checkRules reports the first rule a partly or fully filled grid breaks:
// runs of three, too many of a symbol, a broken edge clue, or (Takuzu) two
// equal complete lines. Empty cells break nothing.
func checkRules(p *Puzzle, cells []Cell) error {
	for _, isCol := range [2]bool{false, true} {
		for i := 0; i < p.lineCount(isCol); i++ {
			if err := checkLine(p, cells, Line{IsCol: isCol, Index: i}); err != nil {
				return err
			}
		}
	}
	for _, e := range p.Edges {
		a, b := cellAt(cells, p.Cols, Point{e.R1, e.C1}), cellAt(cells, p.Cols, Point{e.R2, e.C2})
		if a == Empty || b == Empty || (a == b) == (e.Rel == Equal) {
			continue
		}
		return &RuleError{Line: e.line(), Rule: RuleEdge, Cells: []Point{{e.R1, e.C1}, {e.R2, e.C2}},
			Msg: fmt.Sprintf("the '%s' clue between r%dc%d and r%dc%d joins %c and %c", e.Rel, e.R1+1, e.C1+1, e.R2+1, e.C2+1, a.Char(), b.Char())}
	}
	if p.Rules == Takuzu {
		for _, isCol := range [2]bool{false, true} {
			if err := checkDistinct(p, cells, isCol); err != nil {
				return err
			}
		}
	}
	return nil
}

func checkLine(p *Puzzle, cells []Cell, l Line) error {
	n := p.lineLen(l)
	at := func(i int) Cell { return cellAt(cells, p.Cols, l.point(i)) }
	for start := 0; start < n; {
		v := at(start)
		end := start + 1
		for end < n && at(end) == v {
			end++
		}
		if v != Empty && end-start >= 3 {
			run := make([]Point, 0, end-start)
			for i := start; i < end; i++ {
				run = append(run, l.point(i))
			}
			return &RuleError{Line: l, Rule: RuleTriple, Cells: run,
				Msg: fmt.Sprintf("%s %s in a row at %s %d-%d", countWord(end-start), symbolPlural(v), l.positionWord(), start+1, end)}
		}
		start = end
	}
	_, most := symbolBounds(p.Rules, n)
	for v := Zero; int(v) < p.Rules.Symbols(); v++ {
		var at []Point
		for i := 0; i < n; i++ {
			if cellAt(cells, p.Cols, l.point(i)) == v {
				at = append(at, l.point(i))
			}
		}
		if len(at) > most {
			return &RuleError{Line: l, Rule: RuleBalance, Cells: at,
				Msg: fmt.Sprintf("%s %s, but a line of %d holds at most %d", countWord(len(at)), symbolPlural(v), n, most)}
		}
	}
	return nil
}

func checkDistinct(p *Puzzle, cells []Cell, isCol bool) error {
	first := make(map[string]int)
	buf := make([]byte, 0, MaxSize)
	for i := 0; i < p.lineCount(isCol); i++ {
		l := Line{IsCol: isCol, Index: i}
		buf = buf[:0]
		complete := true
		for j := 0; j < p.lineLen(l); j++ {
			v := cellAt(cells, p.Cols, l.point(j))
			complete = complete && v != Empty
			buf = append(buf, v.Char())
		}
		if !complete {
			continue
		}
		if prev, dup := first[string(buf)]; dup {
			other := Line{IsCol: isCol, Index: prev}
			var at []Point
			for j := 0; j < p.lineLen(l); j++ {
				at = append(at, other.point(j), l.point(j))
			}
			return &RuleError{Line: l, Rule: RuleDistinct, Cells: at,
				Msg: fmt.Sprintf("same as %s, but takuzu needs distinct lines", other)}
		}
		first[string(buf)] = i
	}
	return nil
}
