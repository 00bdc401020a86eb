package store

import (
	"fmt"
	"math"
	"time"

	"binocle/solver"
)

// Record is one puzzle in the history. Its JSON form is also the export
// format, so field names and meanings only ever grow.
type Record struct {
	ID      int64     `json:"id"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
	// Source is how the puzzle came in: one of Sources.
	Source string `json:"source"`
	Title  string `json:"title"`
	// Rules is the rule set's canonical name (solver.Rules.String).
	Rules string `json:"rules"`
	Rows  int    `json:"rows"`
	Cols  int    `json:"cols"`
	// Givens are the clues, one string per row in '.', '0', '1', '2'.
	Givens []string      `json:"givens"`
	Edges  []solver.Edge `json:"edges,omitempty"`
	// Reading is what the image reader saw; nil for typed puzzles.
	Reading *Reading `json:"reading,omitempty"`
	// Corrected are the cells the user changed after the reading.
	Corrected []solver.Point `json:"corrected,omitempty"`
	// Solution has one string per row; empty when there is none.
	Solution []string `json:"solution,omitempty"`
	// Status is one of Statuses.
	Status      string  `json:"status"`
	SolveMillis float64 `json:"solve_millis"`
	Notes       string  `json:"notes"`
	// PhotoHash is the hex SHA-256 of the original photo, "" if none.
	PhotoHash string `json:"photo_hash"`
}

// Reading is how a grid was found in a photo.
type Reading struct {
	// Corners are the grid's corners in photo pixels (x, y), clockwise
	// from top-left.
	Corners [4][2]float64 `json:"corners"`
	// Confidence is the reader's certainty for each cell, row-major, 0..1.
	Confidence []float64 `json:"confidence,omitempty"`
	// Style names the look the reader recognized, such as "linkedin-tango".
	Style string `json:"style,omitempty"`
	// Marks are the player's entries a half-played photo showed beside
	// the printed givens, one string per row in '.', '0', '1', '2'; empty
	// when it showed none. The record's givens are the printed ones.
	Marks []string `json:"marks,omitempty"`
}

// Sources lists the accepted Record.Source values.
var Sources = []string{"photo", "screenshot", "camera", "manual", "text", "import"}

// Statuses lists the accepted Record.Status values: the solver's three,
// and "unsolved" for a puzzle kept before it was solved.
var Statuses = []string{"unique", "multiple", "none", "unsolved"}

// RecordFromSolve builds the record of a finished solve, titled like
// "Takuzu 10×10", so that the window and the command line save alike.
// The caller adds the reading, corrections and photo when there are any.
func RecordFromSolve(p *solver.Puzzle, res solver.Result, source string) *Record {
	rec := RecordFromPuzzle(p, source)
	rec.Rules = res.Rules.String()
	rec.Title = DefaultTitle(res.Rules, p.Rows, p.Cols)
	rec.Status = res.Status.String()
	if len(res.Solution) == p.Rows*p.Cols {
		rec.Solution = solver.GridRows(res.Solution, p.Rows, p.Cols)
	}
	rec.SolveMillis = float64(res.Elapsed) / float64(time.Millisecond)
	return rec
}

// RecordFromPuzzle builds the record of a puzzle that has not been solved.
func RecordFromPuzzle(p *solver.Puzzle, source string) *Record {
	return &Record{
		Source: source,
		Title:  DefaultTitle(p.Rules, p.Rows, p.Cols),
		Rules:  p.Rules.String(),
		Rows:   p.Rows,
		Cols:   p.Cols,
		Givens: p.RowStrings(),
		Edges:  append([]solver.Edge(nil), p.Edges...),
		Status: "unsolved",
	}
}

// DefaultTitle names a puzzle the way people call it, with its size.
func DefaultTitle(r solver.Rules, rows, cols int) string {
	name := map[solver.Rules]string{
		solver.ThreeInARow: "3-in-a-Row",
		solver.Takuzu:      "Takuzu",
		solver.Troix:       "Troix",
	}[r]
	if name == "" {
		name = r.String()
	}
	return fmt.Sprintf("%s %d×%d", name, rows, cols)
}

// Puzzle rebuilds the solver's puzzle from the record, to solve or show it again.
func (r *Record) Puzzle() (*solver.Puzzle, error) {
	if err := r.validate(); err != nil {
		return nil, err
	}
	rules, _ := solver.ParseRules(r.Rules)
	p, err := solver.NewPuzzle(rules, r.Rows, r.Cols)
	if err != nil {
		return nil, err
	}
	for row, line := range r.Givens {
		for col := 0; col < len(line); col++ {
			c, _ := solver.CellFromChar(line[col])
			p.Set(row, col, c)
		}
	}
	p.Edges = append([]solver.Edge(nil), r.Edges...)
	return p, nil
}

func oneOf(s string, allowed []string) bool {
	for _, a := range allowed {
		if s == a {
			return true
		}
	}
	return false
}

// The times a record may carry: what int64 nanoseconds can hold, with margin.
var (
	earliest = time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)
	latest   = time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC)
)

func checkTime(name string, t time.Time) error {
	if t.Before(earliest) || !t.Before(latest) {
		return fmt.Errorf("%s time %s is outside 1900..2200", name, t.Format(time.RFC3339))
	}
	return nil
}

// validate checks everything a record claims, so that nothing in the
// store can make a reader index out of range. It canonicalizes Rules.
func (r *Record) validate() error {
	if !oneOf(r.Source, Sources) {
		return fmt.Errorf("source %q is not one of %v", r.Source, Sources)
	}
	rules, err := solver.ParseRules(r.Rules)
	if err != nil {
		return err
	}
	r.Rules = rules.String()
	if r.Rows < solver.MinSize || r.Rows > solver.MaxSize || r.Cols < solver.MinSize || r.Cols > solver.MaxSize {
		return fmt.Errorf("grid size %dx%d is out of range %d..%d", r.Rows, r.Cols, solver.MinSize, solver.MaxSize)
	}
	maxSymbol := byte('0' + rules.Symbols() - 1)
	if err := checkGrid("givens", r.Givens, r.Rows, r.Cols, maxSymbol, true); err != nil {
		return err
	}
	if len(r.Solution) > 0 {
		if err := checkGrid("solution", r.Solution, r.Rows, r.Cols, maxSymbol, false); err != nil {
			return err
		}
	}
	if !oneOf(r.Status, Statuses) {
		return fmt.Errorf("status %q is not one of %v", r.Status, Statuses)
	}
	for i, e := range r.Edges {
		if !r.inGrid(e.R1, e.C1) || !r.inGrid(e.R2, e.C2) || abs(e.R1-e.R2)+abs(e.C1-e.C2) != 1 || e.Rel > solver.Differ {
			return fmt.Errorf("edge %d (%d,%d)-(%d,%d) is not between two neighbouring cells of the grid", i+1, e.R1, e.C1, e.R2, e.C2)
		}
	}
	for i, p := range r.Corrected {
		if !r.inGrid(p.Row, p.Col) {
			return fmt.Errorf("corrected cell %d (row %d, column %d) is outside the grid", i+1, p.Row, p.Col)
		}
	}
	if rd := r.Reading; rd != nil {
		if n := len(rd.Confidence); n != 0 && n != r.Rows*r.Cols {
			return fmt.Errorf("reading has %d confidences for %d cells", n, r.Rows*r.Cols)
		}
		for _, c := range rd.Confidence {
			if math.IsNaN(c) || math.IsInf(c, 0) {
				return fmt.Errorf("reading confidence %v is not a number", c)
			}
		}
		for _, c := range rd.Corners {
			if math.IsNaN(c[0]) || math.IsInf(c[0], 0) || math.IsNaN(c[1]) || math.IsInf(c[1], 0) {
				return fmt.Errorf("reading corner %v is not a point", c)
			}
		}
		if len(rd.Marks) > 0 {
			if err := checkGrid("reading marks", rd.Marks, r.Rows, r.Cols, maxSymbol, true); err != nil {
				return err
			}
		}
	}
	if math.IsNaN(r.SolveMillis) || math.IsInf(r.SolveMillis, 0) || r.SolveMillis < 0 {
		return fmt.Errorf("solve time %v ms is not a duration", r.SolveMillis)
	}
	if r.PhotoHash != "" && !isHash(r.PhotoHash) {
		return fmt.Errorf("photo hash %q is not a lowercase hex SHA-256", r.PhotoHash)
	}
	return nil
}

func (r *Record) inGrid(row, col int) bool {
	return row >= 0 && row < r.Rows && col >= 0 && col < r.Cols
}

func checkGrid(name string, lines []string, rows, cols int, maxSymbol byte, allowEmpty bool) error {
	if len(lines) != rows {
		return fmt.Errorf("%s have %d rows, want %d", name, len(lines), rows)
	}
	for i, line := range lines {
		if len(line) != cols {
			return fmt.Errorf("%s row %d has %d cells, want %d", name, i+1, len(line), cols)
		}
		for j := 0; j < len(line); j++ {
			ch := line[j]
			if (ch == '.' && allowEmpty) || (ch >= '0' && ch <= maxSymbol) {
				continue
			}
			return fmt.Errorf("%s row %d column %d: %q is not a cell of these rules", name, i+1, j+1, ch)
		}
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func isHash(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !(s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'f') {
			return false
		}
	}
	return true
}
