package solver

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode"
)

// ParseError points at the place in a text input that could not be read.
// Line and Col are 1-based; Col is 0 when the whole line is at fault.
type ParseError struct {
	Line int
	Col  int
	Msg  string
}

func (e *ParseError) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// Input is a parsed puzzle together with what the input said about itself.
type Input struct {
	Puzzle *Puzzle
	// RulesGiven is false when the input named no rule set, so the caller
	// may pick one (the CLI then solves with SolveAuto).
	RulesGiven bool
	// Format is "text" or "unruly".
	Format string
}

// Parse reads a puzzle in any text form Binocle knows: an Unruly game ID,
// or the plain-text grid format.
func Parse(data []byte) (*Puzzle, error) {
	in, err := ParseInput(data)
	return in.Puzzle, err
}

// ParseInput is Parse that also says whether the input named its rules.
func ParseInput(data []byte) (Input, error) {
	data = bytes.TrimPrefix(data, []byte(utf8BOM))
	if s := strings.TrimSpace(string(data)); looksLikeUnrulyID(s) {
		p, err := ParseUnruly(s)
		return Input{Puzzle: p, RulesGiven: true, Format: "unruly"}, err
	}
	return parseText(bytes.NewReader(data))
}

// ParseText reads the plain-text grid format (see FormatText).
func ParseText(r io.Reader) (*Puzzle, error) {
	in, err := parseText(r)
	return in.Puzzle, err
}

// Characters of edge clues. In a spaced grid, lowercase x is always a clue,
// never the symbol, which keeps rows and clue lines apart.
const (
	edgeLineEqual   = "=\"‖"
	edgeLineDiffer  = "x×"
	separatorEqual  = "="
	separatorDiffer = "xX×"
	spacedMarkers   = " =×\"‖"
)

// utf8BOM is the byte-order mark some editors put before UTF-8 text.
const utf8BOM = "\uFEFF"

// ScanLines is a bufio.SplitFunc that ends a line at LF, CRLF or a lone CR
// (old Mac files), and drops the line ending. bufio.ScanLines leaves a lone
// CR inside the line.
func ScanLines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	i := bytes.IndexAny(data, "\r\n")
	switch {
	case i < 0:
		if atEOF && len(data) > 0 {
			return len(data), data, nil
		}
		return 0, nil, nil
	case data[i] == '\n':
		return i + 1, data[:i], nil
	case i+1 < len(data):
		if data[i+1] == '\n' {
			return i + 2, data[:i], nil
		}
		return i + 1, data[:i], nil
	case atEOF:
		return i + 1, data[:i], nil
	}
	// A CR at the end of what is buffered: wait to see whether LF follows.
	return 0, nil, nil
}

type gridLine struct {
	number int
	text   []rune
}

func parseText(r io.Reader) (Input, error) {
	in := Input{Format: "text"}
	var (
		rules      Rules
		layout     string
		sizeLine   int
		wantR      int
		wantC      int
		grid       []gridLine
		lastNumber int
	)
	headerLine := map[string]int{} // a header's key to the line that set it
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	sc.Split(ScanLines)
	for sc.Scan() {
		lastNumber++
		line := sc.Text()
		if lastNumber == 1 {
			// Windows Notepad starts its UTF-8 files with a byte-order mark.
			line = strings.TrimPrefix(line, utf8BOM)
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimRightFunc(line, unicode.IsSpace)
		if line == "" {
			continue
		}
		key, value, isHeader := strings.Cut(line, ":")
		if !isHeader {
			if strings.ContainsRune(line, '\t') {
				return in, &ParseError{Line: lastNumber, Col: strings.IndexRune(line, '\t') + 1, Msg: "tab in a grid line; use spaces"}
			}
			grid = append(grid, gridLine{number: lastNumber, text: []rune(line)})
			continue
		}
		if len(grid) > 0 {
			return in, &ParseError{Line: lastNumber, Msg: "header line after the grid started"}
		}
		value = strings.TrimSpace(value)
		name := strings.ToLower(strings.TrimSpace(key))
		// A second header of a kind would silently win over the first, so
		// conflicting headers are refused, naming both lines.
		if first, dup := headerLine[name]; dup {
			return in, &ParseError{Line: lastNumber, Msg: fmt.Sprintf("a second %s header; line %d already gave one", name, first)}
		}
		headerLine[name] = lastNumber
		switch name {
		case "rules":
			v, err := ParseRules(value)
			if err != nil {
				return in, &ParseError{Line: lastNumber, Msg: err.Error()}
			}
			rules, in.RulesGiven = v, true
		case "layout":
			layout = strings.ToLower(value)
			if layout != "spaced" && layout != "compact" {
				return in, &ParseError{Line: lastNumber, Msg: fmt.Sprintf("unknown layout %q (want spaced or compact)", value)}
			}
		case "size":
			if _, err := fmt.Sscanf(strings.ToLower(value), "%dx%d", &wantR, &wantC); err != nil {
				return in, &ParseError{Line: lastNumber, Msg: fmt.Sprintf("size %q is not ROWSxCOLS", value)}
			}
			sizeLine = lastNumber
		default:
			return in, &ParseError{Line: lastNumber, Msg: fmt.Sprintf("unknown header %q (want rules, size or layout)", strings.TrimSpace(key))}
		}
	}
	if err := sc.Err(); err != nil {
		msg := err.Error()
		if errors.Is(err, bufio.ErrTooLong) {
			msg = "line is longer than 1 MB; no puzzle line is that long"
		}
		return in, &ParseError{Line: lastNumber + 1, Msg: msg}
	}
	if len(grid) == 0 {
		return in, &ParseError{Line: lastNumber, Msg: "no grid rows found"}
	}
	if layout == "" {
		layout = "compact"
		for _, g := range grid {
			if strings.ContainsAny(string(g.text), spacedMarkers) {
				layout = "spaced"
				break
			}
		}
	}
	var (
		p   *Puzzle
		err error
	)
	if layout == "spaced" {
		p, err = buildSpaced(grid)
	} else {
		p, err = buildCompact(grid)
	}
	if err != nil {
		return in, err
	}
	if sizeLine > 0 && (wantR != p.Rows || wantC != p.Cols) {
		return in, &ParseError{Line: sizeLine, Msg: fmt.Sprintf("size says %dx%d but the grid is %dx%d", wantR, wantC, p.Rows, p.Cols)}
	}
	if in.RulesGiven {
		p.Rules = rules
	} else if containsTwo(p.Cells) {
		p.Rules = Troix
	}
	if err := p.checkShape(); err != nil {
		return in, &ParseError{Line: grid[0].number, Msg: err.Error()}
	}
	in.Puzzle = p
	return in, nil
}

func containsTwo(cells []Cell) bool {
	for _, v := range cells {
		if v == Two {
			return true
		}
	}
	return false
}

func newGrid(rows [][]Cell, first gridLine) (*Puzzle, error) {
	if len(rows) < MinSize || len(rows) > MaxSize || len(rows[0]) < MinSize || len(rows[0]) > MaxSize {
		return nil, &ParseError{Line: first.number, Msg: fmt.Sprintf("grid is %dx%d; rows and columns must each be %d..%d", len(rows), len(rows[0]), MinSize, MaxSize)}
	}
	p, err := NewPuzzle(ThreeInARow, len(rows), len(rows[0]))
	if err != nil {
		return nil, &ParseError{Line: first.number, Msg: err.Error()}
	}
	for r, row := range rows {
		copy(p.Cells[r*p.Cols:], row)
	}
	return p, nil
}

func badCell(g gridLine, col int, ch rune) error {
	return &ParseError{Line: g.number, Col: col + 1, Msg: fmt.Sprintf("%q is not a cell (want . 0 1 2, or - O X I)", ch)}
}

func buildCompact(grid []gridLine) (*Puzzle, error) {
	rows := make([][]Cell, 0, len(grid))
	for _, g := range grid {
		if len(rows) > 0 && len(g.text) != len(rows[0]) {
			return nil, &ParseError{Line: g.number, Msg: fmt.Sprintf("row has %d cells, the first row has %d", len(g.text), len(rows[0]))}
		}
		if len(g.text) > MaxSize {
			return nil, &ParseError{Line: g.number, Msg: fmt.Sprintf("row has %d cells, at most %d fit", len(g.text), MaxSize)}
		}
		row := make([]Cell, len(g.text))
		for i, ch := range g.text {
			v, ok := runeCell(ch)
			if !ok {
				return nil, badCell(g, i, ch)
			}
			row[i] = v
		}
		rows = append(rows, row)
		if len(rows) > MaxSize {
			return nil, &ParseError{Line: g.number, Msg: fmt.Sprintf("more than %d rows", MaxSize)}
		}
	}
	return newGrid(rows, grid[0])
}

// runeCell reads a cell character; a space is never a cell in text.
func runeCell(ch rune) (Cell, bool) {
	if ch == ' ' || ch > unicode.MaxASCII {
		return Empty, false
	}
	return CellFromChar(byte(ch))
}

// isEdgeLine tells a clue line from a row in a spaced grid: a row starts
// with a cell, a clue line with a clue or a space.
func isEdgeLine(text []rune) bool {
	return text[0] == ' ' || strings.ContainsRune(edgeLineEqual+edgeLineDiffer, text[0])
}

func buildSpaced(grid []gridLine) (*Puzzle, error) {
	type pending struct {
		line gridLine
		row  int // the row above the clue line
	}
	var (
		rows      [][]Cell
		edges     []Edge
		clueLines []pending
	)
	for gi, g := range grid {
		if isEdgeLine(g.text) {
			if len(rows) == 0 || gi == len(grid)-1 || isEdgeLine(grid[gi+1].text) {
				return nil, &ParseError{Line: g.number, Msg: "a clue line must stand between two rows"}
			}
			clueLines = append(clueLines, pending{line: g, row: len(rows) - 1})
			continue
		}
		if len(g.text)%2 == 0 {
			return nil, &ParseError{Line: g.number, Col: len(g.text), Msg: "row ends with a separator instead of a cell"}
		}
		n := (len(g.text) + 1) / 2
		if len(rows) > 0 && n != len(rows[0]) {
			return nil, &ParseError{Line: g.number, Msg: fmt.Sprintf("row has %d cells, the first row has %d", n, len(rows[0]))}
		}
		if n > MaxSize {
			return nil, &ParseError{Line: g.number, Msg: fmt.Sprintf("row has %d cells, at most %d fit", n, MaxSize)}
		}
		r := len(rows)
		row := make([]Cell, n)
		for i, ch := range g.text {
			if i%2 == 0 {
				v, ok := runeCell(ch)
				if !ok || ch == 'x' {
					return nil, badCell(g, i, ch)
				}
				row[i/2] = v
				continue
			}
			c := i / 2
			switch {
			case ch == ' ':
			case strings.ContainsRune(separatorEqual, ch):
				edges = append(edges, Edge{R1: r, C1: c, R2: r, C2: c + 1, Rel: Equal})
			case strings.ContainsRune(separatorDiffer, ch):
				edges = append(edges, Edge{R1: r, C1: c, R2: r, C2: c + 1, Rel: Differ})
			default:
				return nil, &ParseError{Line: g.number, Col: i + 1, Msg: fmt.Sprintf("%q between two cells; want a space, '=' or 'x'", ch)}
			}
		}
		rows = append(rows, row)
		if len(rows) > MaxSize {
			return nil, &ParseError{Line: g.number, Msg: fmt.Sprintf("more than %d rows", MaxSize)}
		}
	}
	if len(rows) == 0 {
		return nil, &ParseError{Line: grid[0].number, Msg: "no grid rows found"}
	}
	for _, cl := range clueLines {
		for i, ch := range cl.line.text {
			if ch == ' ' {
				continue
			}
			if i%2 == 1 || i/2 >= len(rows[0]) {
				return nil, &ParseError{Line: cl.line.number, Col: i + 1, Msg: "a clue line's clues go under the cells, at columns 1, 3, 5..."}
			}
			rel := Equal
			switch {
			case strings.ContainsRune(edgeLineEqual, ch):
			case strings.ContainsRune(edgeLineDiffer, ch):
				rel = Differ
			default:
				return nil, &ParseError{Line: cl.line.number, Col: i + 1, Msg: fmt.Sprintf("%q in a clue line; want a space, '=' or 'x'", ch)}
			}
			edges = append(edges, Edge{R1: cl.row, C1: i / 2, R2: cl.row + 1, C2: i / 2, Rel: rel})
		}
	}
	p, err := newGrid(rows, grid[0])
	if err != nil {
		return nil, err
	}
	p.Edges = canonicalEdges(edges)
	return p, nil
}

// canonicalEdges orders edges the way the text format reads them, each
// written top-left cell first, so that equal clue sets compare equal.
func canonicalEdges(edges []Edge) []Edge {
	if len(edges) == 0 {
		return nil
	}
	out := make([]Edge, len(edges))
	for i, e := range edges {
		out[i] = e.normalized()
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.R1 != b.R1 {
			return a.R1 < b.R1
		}
		if a.C1 != b.C1 {
			return a.C1 < b.C1
		}
		return a.R2 < b.R2
	})
	return out
}

// FormatText writes the puzzle in Binocle's text format:
//
//	rules: takuzu
//	1..0
//	..1.
//
// Puzzles with edge clues use the spaced layout, where cells stand one
// character apart: between two cells of a row a space means no clue, '='
// equal and 'x' different; a clue line between two rows holds '=' or 'x'
// under a cell for a clue between it and the cell below. Edge order is not
// kept: clues come out in reading order. Clues that do not join
// neighbouring cells cannot be drawn and are written as comments.
func FormatText(p *Puzzle) string {
	var b strings.Builder
	fmt.Fprintf(&b, "rules: %s\n", p.Rules)
	if len(p.Edges) == 0 {
		for _, row := range p.RowStrings() {
			b.WriteString(row)
			b.WriteByte('\n')
		}
		return b.String()
	}
	right := make(map[Point]Relation)
	down := make(map[Point]Relation)
	for _, e := range p.Edges {
		n := e.normalized()
		inside := n.R1 >= 0 && n.C1 >= 0 && n.R2 < p.Rows && n.C2 < p.Cols
		switch {
		case inside && n.R1 == n.R2 && n.C2 == n.C1+1:
			right[Point{n.R1, n.C1}] = n.Rel
		case inside && n.C1 == n.C2 && n.R2 == n.R1+1:
			down[Point{n.R1, n.C1}] = n.Rel
		default:
			fmt.Fprintf(&b, "# edge clue %s joins cells that are not neighbours\n", e)
		}
	}
	var lines []string
	for r := 0; r < p.Rows; r++ {
		row := make([]byte, 0, 2*p.Cols)
		for c := 0; c < p.Cols; c++ {
			if c > 0 {
				row = append(row, clueChar(right, Point{r, c - 1}, ' ', '='))
			}
			row = append(row, p.At(r, c).Char())
		}
		lines = append(lines, string(row))
		if r == p.Rows-1 {
			break
		}
		clue := make([]byte, 0, 2*p.Cols)
		for c := 0; c < p.Cols; c++ {
			if c > 0 {
				clue = append(clue, ' ')
			}
			clue = append(clue, clueChar(down, Point{r, c}, ' ', '='))
		}
		if s := strings.TrimRight(string(clue), " "); s != "" {
			lines = append(lines, s)
		}
	}
	spacedVisible := false
	for _, l := range lines {
		spacedVisible = spacedVisible || strings.ContainsAny(l, spacedMarkers)
	}
	if !spacedVisible {
		b.WriteString("layout: spaced\n")
	}
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

func clueChar(clues map[Point]Relation, at Point, none, equal byte) byte {
	rel, ok := clues[at]
	switch {
	case !ok:
		return none
	case rel == Equal:
		return equal
	}
	return 'x'
}
