package solver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Record is one puzzle of a JSON Lines data set (see
// ../shared/datasets/README.md). Field order follows the format.
type Record struct {
	ID         string   `json:"id"`
	Source     string   `json:"source"`
	Rules      string   `json:"rules"`
	Rows       int      `json:"rows"`
	Cols       int      `json:"cols"`
	Givens     []string `json:"givens"`
	Solution   []string `json:"solution"`
	Edges      []Edge   `json:"edges"`
	Difficulty *string  `json:"difficulty"`
}

// Puzzle builds the record's puzzle; it does not run the rule checks.
func (rec Record) Puzzle() (*Puzzle, error) {
	rules, err := ParseRules(rec.Rules)
	if err != nil {
		return nil, err
	}
	p, err := NewPuzzle(rules, rec.Rows, rec.Cols)
	if err != nil {
		return nil, err
	}
	if err := fillRows(p.Cells, rec.Rows, rec.Cols, rec.Givens, "givens", true); err != nil {
		return nil, err
	}
	p.Edges = append([]Edge(nil), rec.Edges...)
	if err := p.checkShape(); err != nil {
		return nil, err
	}
	return p, nil
}

// SolutionCells reads the record's solution grid.
func (rec Record) SolutionCells() ([]Cell, error) {
	if rec.Rows < MinSize || rec.Rows > MaxSize || rec.Cols < MinSize || rec.Cols > MaxSize {
		return nil, fmt.Errorf("%w: %dx%d", ErrSize, rec.Rows, rec.Cols)
	}
	cells := make([]Cell, rec.Rows*rec.Cols)
	return cells, fillRows(cells, rec.Rows, rec.Cols, rec.Solution, "solution", false)
}

func fillRows(cells []Cell, rows, cols int, text []string, field string, emptyOK bool) error {
	if len(text) != rows {
		return fmt.Errorf("%s has %d rows, want %d", field, len(text), rows)
	}
	for r, s := range text {
		if len(s) != cols {
			return fmt.Errorf("%s row %d has %d characters, want %d", field, r+1, len(s), cols)
		}
		for c := 0; c < cols; c++ {
			v, ok := CellFromChar(s[c])
			if !ok || s[c] == ' ' || (v == Empty && !emptyOK) {
				return fmt.Errorf("%s row %d, column %d: %q is not a cell", field, r+1, c+1, s[c])
			}
			cells[r*cols+c] = v
		}
	}
	return nil
}

// NewRecord describes a puzzle and its solution (which may be nil) as a
// data set record.
func NewRecord(id, source string, p *Puzzle, solution []Cell, difficulty *string) Record {
	rec := Record{
		ID: id, Source: source, Rules: p.Rules.String(), Rows: p.Rows, Cols: p.Cols,
		Givens: p.RowStrings(), Solution: []string{}, Edges: append([]Edge{}, p.Edges...), Difficulty: difficulty,
	}
	if solution != nil {
		rec.Solution = GridRows(solution, p.Rows, p.Cols)
	}
	return rec
}

// ErrReadStopped is wrapped by the RecordReader's error when the input
// cannot be read any further (an I/O error, or a line over 4 MB).
var ErrReadStopped = errors.New("cannot read further")

// LineError is an error in one line of a JSON Lines file.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// RecordReader reads a JSON Lines data set one record at a time. A bad line
// is reported as a *LineError and the next call goes on with the next line.
type RecordReader struct {
	sc   *bufio.Scanner
	line int
	done bool // the scanner failed and cannot go on
}

// maxRecordLine bounds one JSON line: a 64x64 puzzle with every edge clue is
// well under it.
const maxRecordLine = 4 << 20

// NewRecordReader reads records from r, one JSON object per line.
func NewRecordReader(r io.Reader) *RecordReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxRecordLine)
	return &RecordReader{sc: sc}
}

// Line is the 1-based number of the line the last record came from.
func (rr *RecordReader) Line() int { return rr.line }

// Next returns the next record, skipping blank lines, or io.EOF at the end.
func (rr *RecordReader) Next() (Record, error) {
	for !rr.done && rr.sc.Scan() {
		rr.line++
		data := bytes.TrimSpace(rr.sc.Bytes())
		if len(data) == 0 {
			continue
		}
		var rec Record
		dec := json.NewDecoder(bytes.NewReader(data))
		if err := dec.Decode(&rec); err != nil {
			return rec, &LineError{Line: rr.line, Err: err}
		}
		if dec.More() {
			return rec, &LineError{Line: rr.line, Err: errors.New("more than one JSON value on the line")}
		}
		return rec, nil
	}
	if err := rr.sc.Err(); err != nil && !rr.done {
		// The scanner cannot go past an overlong line, so this ends the file.
		rr.done = true
		return Record{}, &LineError{Line: rr.line + 1, Err: fmt.Errorf("%w: %v", ErrReadStopped, err)}
	}
	return Record{}, io.EOF
}

// WriteRecord writes one record as a JSON line, in the data set's key order.
func WriteRecord(w io.Writer, rec Record) error {
	if rec.Edges == nil {
		rec.Edges = []Edge{}
	}
	if rec.Givens == nil {
		rec.Givens = []string{}
	}
	if rec.Solution == nil {
		rec.Solution = []string{}
	}
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
