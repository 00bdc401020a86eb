package solver

import (
	"errors"
	"fmt"
	"strings"
)

// Cell is one square of the grid. The zero value is the symbol 0, so
// grids are always built through NewPuzzle, which fills them with Empty.
type Cell int8

const (
	Empty Cell = -1
	Zero  Cell = 0 // open circle, O, digit 0, sun
	One   Cell = 1 // filled square or disc, X, digit 1, moon
	Two   Cell = 2 // I, the third Troix symbol
)

// Char is the cell's character in every text format and in JSON: '.', '0', '1' or '2'.
func (c Cell) Char() byte {
	switch c {
	case Zero:
		return '0'
	case One:
		return '1'
	case Two:
		return '2'
	}
	return '.'
}

// CellFromChar accepts the characters people type for each symbol.
func CellFromChar(ch byte) (Cell, bool) {
	switch ch {
	case '.', '-', '_', ' ':
		return Empty, true
	case '0', 'O', 'o':
		return Zero, true
	case '1', 'X', 'x':
		return One, true
	case '2', 'I', 'i':
		return Two, true
	}
	return Empty, false
}

// Rules names a rule set. Edge clues are not a rule set: they combine with any of them.
type Rules uint8

const (
	ThreeInARow Rules = iota // balanced lines, no three equal in a row
	Takuzu                   // ThreeInARow plus distinct rows and distinct columns
	Troix                    // three symbols, each a third of every line, no three equal in a row
)

var rulesNames = [...]string{ThreeInARow: "threeinarow", Takuzu: "takuzu", Troix: "troix"}

func (r Rules) String() string {
	if int(r) < len(rulesNames) {
		return rulesNames[r]
	}
	return fmt.Sprintf("Rules(%d)", r)
}

// Symbols is how many distinct symbols a solved line holds.
func (r Rules) Symbols() int {
	if r == Troix {
		return 3
	}
	return 2
}

// ParseRules reads a rule set's name. Common aliases are accepted so that
// users can write what their puzzle book calls it.
func ParseRules(s string) (Rules, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "threeinarow", "3inarow", "3-in-a-row", "three-in-a-row", "tango":
		return ThreeInARow, nil
	case "takuzu", "binairo", "binox", "tictaclogic", "tic-tac-logic", "unruly-distinct":
		return Takuzu, nil
	case "troix":
		return Troix, nil
	}
	return 0, fmt.Errorf("unknown rules %q (want threeinarow, takuzu or troix)", s)
}

// MarshalText and UnmarshalText let Rules travel in JSON as its name.
func (r Rules) MarshalText() ([]byte, error) { return []byte(r.String()), nil }
func (r *Rules) UnmarshalText(b []byte) error {
	v, err := ParseRules(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// Relation is what an edge clue says about its two cells.
type Relation uint8

const (
	Equal  Relation = iota // '=' : the two cells hold the same symbol
	Differ                 // 'x' : the two cells hold different symbols
)

func (rel Relation) String() string {
	if rel == Differ {
		return "x"
	}
	return "="
}

func (rel Relation) MarshalText() ([]byte, error) { return []byte(rel.String()), nil }
func (rel *Relation) UnmarshalText(b []byte) error {
	switch string(b) {
	case "=":
		*rel = Equal
	case "x", "X", "×":
		*rel = Differ
	default:
		return fmt.Errorf("unknown edge relation %q (want \"=\" or \"x\")", b)
	}
	return nil
}

// Edge is a clue between two orthogonally adjacent cells, 0-based.
type Edge struct {
	R1  int      `json:"r1"`
	C1  int      `json:"c1"`
	R2  int      `json:"r2"`
	C2  int      `json:"c2"`
	Rel Relation `json:"rel"`
}

// Point is a cell's position, 0-based.
type Point struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// Size limits apply to rows and columns independently.
const (
	MinSize = 2
	MaxSize = 64
)

// Puzzle is a grid of givens under a rule set, with optional edge clues.
type Puzzle struct {
	Rules Rules
	Rows  int
	Cols  int
	Cells []Cell // row-major, len Rows*Cols
	Edges []Edge
}

// NewPuzzle returns an empty grid. It checks only the size: Troix's
// divisibility by three is a rule, checked by Validate.
func NewPuzzle(rules Rules, rows, cols int) (*Puzzle, error) {
	if rows < MinSize || rows > MaxSize || cols < MinSize || cols > MaxSize {
		return nil, fmt.Errorf("grid size %dx%d is out of range: rows and columns must each be %d..%d", rows, cols, MinSize, MaxSize)
	}
	cells := make([]Cell, rows*cols)
	for i := range cells {
		cells[i] = Empty
	}
	return &Puzzle{Rules: rules, Rows: rows, Cols: cols, Cells: cells}, nil
}

func (p *Puzzle) At(r, c int) Cell     { return p.Cells[r*p.Cols+c] }
func (p *Puzzle) Set(r, c int, v Cell) { p.Cells[r*p.Cols+c] = v }

// Clone copies the puzzle so that the copy can be edited freely.
func (p *Puzzle) Clone() *Puzzle {
	q := *p
	q.Cells = append([]Cell(nil), p.Cells...)
	q.Edges = append([]Edge(nil), p.Edges...)
	return &q
}

// RowStrings renders the grid as one string per row in the '.', '0', '1', '2' alphabet.
func (p *Puzzle) RowStrings() []string { return GridRows(p.Cells, p.Rows, p.Cols) }

// GridRows renders any row-major grid of cells, such as a solution, as row strings.
func GridRows(cells []Cell, rows, cols int) []string {
	out := make([]string, rows)
	buf := make([]byte, cols)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			buf[c] = cells[r*cols+c].Char()
		}
		out[r] = string(buf)
	}
	return out
}

// Line identifies a row or a column, for error messages that point at it.
type Line struct {
	IsCol bool
	Index int // 0-based
}

func (l Line) String() string {
	if l.IsCol {
		return fmt.Sprintf("column %d", l.Index+1)
	}
	return fmt.Sprintf("row %d", l.Index+1)
}

// Rule names the rule a grid breaks, for error messages and contradictions.
type Rule string

const (
	RuleBalance  Rule = "balance"        // too many of one symbol in a line
	RuleTriple   Rule = "no-three"       // three equal cells in a row
	RuleDistinct Rule = "distinct-lines" // two equal complete lines (takuzu)
	RuleEdge     Rule = "edge-clue"      // an '=' or 'x' clue is broken
)

// RuleError says where a grid breaks a rule. Line and Rule are set for
// rule violations; Cells lists the offending cells so the app can mark them.
type RuleError struct {
	Line  Line
	Rule  Rule
	Cells []Point
	Msg   string
}

func (e *RuleError) Error() string { return e.Line.String() + ": " + e.Msg }

// ErrSize is wrapped by errors about the grid's dimensions.
var ErrSize = errors.New("bad grid size")

// RuleSymbol marks a cell holding a symbol its rule set does not use, such
// as a 2 outside Troix.
const RuleSymbol Rule = "symbol"
