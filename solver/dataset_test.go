package solver

import (
	"bytes"
	"errors"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

func TestRecordReaderReportsBadLinesAndGoesOn(t *testing.T) {
	input := `{"id": "a", "source": "s", "rules": "takuzu", "rows": 2, "cols": 2, "givens": ["1.", ".."], "solution": ["10", "01"], "edges": [], "difficulty": null}

{"id": "b", broken
{"id": "c", "source": "s", "rules": "threeinarow", "rows": 2, "cols": 2, "givens": ["..", ".."], "solution": ["10", "01"], "edges": [{"r1": 0, "c1": 0, "r2": 0, "c2": 1, "rel": "x"}], "difficulty": "3"}
`
	rr := NewRecordReader(strings.NewReader(input))
	var ids []string
	var lineErrs []int
	for {
		rec, err := rr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		var le *LineError
		if errors.As(err, &le) {
			lineErrs = append(lineErrs, le.Line)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, rec.ID)
		if _, err := rec.Puzzle(); err != nil {
			t.Fatalf("record %s: %v", rec.ID, err)
		}
	}
	if !reflect.DeepEqual(ids, []string{"a", "c"}) || !reflect.DeepEqual(lineErrs, []int{3}) {
		t.Fatalf("ids %v, bad lines %v", ids, lineErrs)
	}
}

func TestRecordPuzzleErrors(t *testing.T) {
	base := Record{ID: "x", Rules: "takuzu", Rows: 2, Cols: 2, Givens: []string{"1.", ".."}}
	tests := []struct {
		name string
		edit func(*Record)
		want string
	}{
		{"rules", func(r *Record) { r.Rules = "chess" }, "unknown rules"},
		{"no rules", func(r *Record) { r.Rules = "" }, `no "rules" field`},
		{"rows", func(r *Record) { r.Givens = r.Givens[:1] }, "givens has 1 rows, want 2"},
		{"width", func(r *Record) { r.Givens[1] = "..." }, "givens row 2 has 3 characters"},
		{"char", func(r *Record) { r.Givens[1] = ".?" }, "givens row 2, column 2: '?' is not a cell"},
		{"size", func(r *Record) { r.Rows = 0 }, "out of range"},
		{"edge", func(r *Record) { r.Edges = []Edge{{0, 0, 1, 1, Equal}} }, "not side by side"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := base
			rec.Givens = append([]string(nil), base.Givens...)
			tt.edit(&rec)
			_, err := rec.Puzzle()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want %q", err, tt.want)
			}
		})
	}
}

// Writing a shared data set back out reproduces it byte for byte.
func TestWriteRecordReproducesDatasets(t *testing.T) {
	for _, path := range sharedDatasets(t) {
		original, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		for _, d := range loadDataset(t, path) {
			rec := NewRecord(d.rec.ID, d.rec.Source, d.puzzle, d.solution, d.rec.Difficulty)
			if err := WriteRecord(&out, rec); err != nil {
				t.Fatal(err)
			}
		}
		if normalizeJSONSpacing(out.String()) != normalizeJSONSpacing(string(original)) {
			t.Fatalf("%s: rewritten data set differs", path)
		}
	}
}

// The shared files put a space after ':' and ','; encoding/json does not.
func normalizeJSONSpacing(s string) string {
	return strings.NewReplacer(": ", ":", ", ", ",").Replace(s)
}

func recordIDs(t *testing.T, input io.Reader) (ids []string, bad map[int]string) {
	t.Helper()
	bad = map[int]string{}
	rr := NewRecordReader(input)
	for {
		rec, err := rr.Next()
		if errors.Is(err, io.EOF) {
			return ids, bad
		}
		var le *LineError
		if errors.As(err, &le) {
			bad[le.Line] = le.Err.Error()
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, rec.ID)
	}
}

// JSON Lines from Windows or old Macs, with or without a byte-order mark,
// read as the same records on the same line numbers.
func TestRecordReaderLineEndings(t *testing.T) {
	lines := []string{`{"id": "a"}`, ``, `{"id": "b", broken`, `{"id": "c"}`}
	tests := []struct{ name, bom, sep, end string }{
		{"LF", "", "\n", "\n"},
		{"CRLF", "", "\r\n", "\r\n"},
		{"CR", "", "\r", "\r"},
		{"no final ending", "", "\n", ""},
		{"BOM and CRLF", utf8BOM, "\r\n", "\r\n"},
		{"BOM and CR", utf8BOM, "\r", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			input := tt.bom + strings.Join(lines, tt.sep) + tt.end
			// One byte a read splits every CRLF across two reads.
			for _, r := range []io.Reader{strings.NewReader(input), iotest.OneByteReader(strings.NewReader(input))} {
				ids, bad := recordIDs(t, r)
				if !reflect.DeepEqual(ids, []string{"a", "c"}) || len(bad) != 1 || bad[3] == "" {
					t.Fatalf("ids %v, bad lines %v; want a and c, and line 3 bad", ids, bad)
				}
			}
		})
	}
}

// A line of any length is skipped with a message of its own, and the
// records after it are read.
func TestRecordReaderOverlongLine(t *testing.T) {
	huge := `{"id": "big", "source": "` + strings.Repeat("x", maxRecordLine+10) + `"}`
	for _, input := range []string{
		`{"id": "a"}` + "\n" + huge + "\n" + `{"id": "c"}` + "\n",
		`{"id": "a"}` + "\r" + huge + "\r\n" + `{"id": "c"}`,
	} {
		ids, bad := recordIDs(t, strings.NewReader(input))
		if !reflect.DeepEqual(ids, []string{"a", "c"}) || len(bad) != 1 {
			t.Fatalf("ids %v, bad lines %v", ids, bad)
		}
		if msg := bad[2]; !strings.Contains(msg, "longer than 4 MB") || strings.Contains(msg, "bufio") {
			t.Fatalf("line 2: %q, want a plain overlong-line message", msg)
		}
	}
	// Just under the limit is still read.
	long := `{"id": "long", "source": "` + strings.Repeat("x", maxRecordLine-40) + `"}`
	if ids, bad := recordIDs(t, strings.NewReader(long+"\n")); !reflect.DeepEqual(ids, []string{"long"}) {
		t.Fatalf("ids %v, bad %v", ids, bad)
	}
}

// FuzzRecordReader: any input is read to its end, line numbers only grow,
// and no line is reported past the input's own count of line endings.
func FuzzRecordReader(f *testing.F) {
	for _, s := range []string{"{\"id\": \"a\"}\n", "{\"id\": \"a\"}\r\n{\"id\": \"b\"}", "\uFEFF{\"id\": \"a\"}\r{", "\r\r\n\n", "{\"id\": \"a\", broken\n{}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := strings.Count(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n") + strings.Count(strings.ReplaceAll(string(data), "\r\n", "\n"), "\r") + 1
		rr := NewRecordReader(bytes.NewReader(data))
		last := 0
		for i := 0; ; i++ {
			_, err := rr.Next()
			if errors.Is(err, io.EOF) {
				return
			}
			var le *LineError
			line := rr.Line()
			if errors.As(err, &le) {
				line = le.Line
			}
			if line < last || line > lines || i > lines {
				t.Fatalf("record %d reported at line %d after line %d, in an input of %d lines", i, line, last, lines)
			}
			last = line
		}
	})
}
