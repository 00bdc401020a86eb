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
	if rec.Rules == "" {
		return nil, errors.New(`the record has no "rules" field (want threeinarow, takuzu or troix)`)
	}
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
// cannot be read any further (an I/O error).
var ErrReadStopped = errors.New("cannot read further")

// LineError is an error in one line of a JSON Lines file.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// RecordReader reads a JSON Lines data set one record at a time. A bad line,
// an overlong one included, is reported as a *LineError and the next call
// goes on with the next line. Lines may end in LF, CRLF or a lone CR, and a
// UTF-8 byte-order mark before the first line is skipped.
type RecordReader struct {
	r    *bufio.Reader
	buf  []byte
	line int
	done bool // the input failed and cannot go on
}

// maxRecordLine bounds the memory one JSON line may take: a 64x64 puzzle
// with every edge clue is well under it. A longer line is skipped, not read.
const maxRecordLine = 4 << 20

// NewRecordReader reads records from r, one JSON object per line.
func NewRecordReader(r io.Reader) *RecordReader {
	return &RecordReader{r: bufio.NewReaderSize(&lineEndings{r: r}, 64*1024)}
}

// Line is the 1-based number of the line the last record came from.
func (rr *RecordReader) Line() int { return rr.line }

// Next returns the next record, skipping blank lines, or io.EOF at the end.
func (rr *RecordReader) Next() (Record, error) {
	for !rr.done {
		data, tooLong, err := rr.readLine()
		if err != nil && !errors.Is(err, io.EOF) {
			rr.done = true
			return Record{}, &LineError{Line: rr.line + 1, Err: fmt.Errorf("%w: %v", ErrReadStopped, err)}
		}
		if len(data) == 0 && !tooLong && errors.Is(err, io.EOF) {
			break
		}
		rr.line++
		if rr.line == 1 {
			data = bytes.TrimPrefix(data, []byte(utf8BOM))
		}
		if tooLong {
			return Record{}, &LineError{Line: rr.line, Err: fmt.Errorf("the line is longer than %d MB and was skipped; no puzzle record is that long", maxRecordLine>>20)}
		}
		data = bytes.TrimSpace(data)
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
	return Record{}, io.EOF
}

// readLine reads up to the next LF (lineEndings has turned CR and CRLF into
// LF), without it. Past maxRecordLine it keeps reading to the line's end
// but not keeping, so one huge line costs no memory and the next is found.
func (rr *RecordReader) readLine() (line []byte, tooLong bool, err error) {
	rr.buf = rr.buf[:0]
	for {
		chunk, err := rr.r.ReadSlice('\n')
		if !tooLong {
			if len(rr.buf)+len(chunk) > maxRecordLine+1 {
				tooLong, rr.buf = true, rr.buf[:0]
			} else {
				rr.buf = append(rr.buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimSuffix(rr.buf, []byte("\n")), tooLong, err
	}
}

// lineEndings turns CRLF and a lone CR into LF, so that files from Windows
// and old Macs read line by line like any other.
type lineEndings struct {
	r      io.Reader
	lastCR bool // the previous byte read was a CR, so an LF now is its pair
}

func (l *lineEndings) Read(p []byte) (int, error) {
	for {
		n, err := l.r.Read(p)
		out := 0
		for _, b := range p[:n] {
			switch {
			case b == '\r':
				p[out], l.lastCR = '\n', true
				out++
			case b == '\n' && l.lastCR:
				l.lastCR = false
			default:
				p[out], l.lastCR = b, false
				out++
			}
		}
		// A read of only the LF of a CRLF gives nothing; read on rather than
		// return 0 bytes without an error.
		if out > 0 || err != nil || n == 0 {
			return out, err
		}
	}
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
