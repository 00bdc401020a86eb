package solver

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/solver")

const goldenDir = "../testdata/solver"

// samePuzzle compares puzzles with edge clues in reading order, since the
// text format does not keep their order.
func samePuzzle(a, b *Puzzle) bool {
	x, y := *a, *b
	x.Edges, y.Edges = canonicalEdges(a.Edges), canonicalEdges(b.Edges)
	return reflect.DeepEqual(x, y)
}

func TestTextGoldens(t *testing.T) {
	inputs, _ := filepath.Glob(filepath.Join(goldenDir, "*.txt"))
	if len(inputs) == 0 {
		t.Fatalf("no inputs in %s", goldenDir)
	}
	for _, in := range inputs {
		t.Run(filepath.Base(in), func(t *testing.T) {
			data, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			p, err := Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			got := FormatText(p)
			golden := strings.TrimSuffix(in, ".txt") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -run TestTextGoldens -update)", err)
			}
			if got != string(want) {
				t.Fatalf("FormatText:\n%s\nwant:\n%s", got, want)
			}
			again, err := ParseText(strings.NewReader(got))
			if err != nil || !samePuzzle(p, again) {
				t.Fatalf("round trip failed: %v\n%+v\n%+v", err, p, again)
			}
		})
	}
}

func TestParseTextDetails(t *testing.T) {
	tango, err := os.ReadFile(filepath.Join(goldenDir, "tango6.txt"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(tango)
	if err != nil {
		t.Fatal(err)
	}
	wantEdges := []Edge{
		{0, 0, 1, 0, Equal}, {0, 3, 1, 3, Differ},
		{1, 3, 1, 4, Equal},
		{2, 2, 3, 2, Equal}, {2, 5, 3, 5, Differ},
		{3, 3, 3, 4, Differ},
		{5, 0, 5, 1, Equal}, {5, 4, 5, 5, Differ},
	}
	if p.Rules != ThreeInARow || p.Rows != 6 || p.Cols != 6 || !reflect.DeepEqual(p.Edges, wantEdges) {
		t.Fatalf("tango parsed as %v %dx%d edges %v", p.Rules, p.Rows, p.Cols, p.Edges)
	}
	if p.At(1, 4) != One || p.At(2, 2) != Zero || p.At(0, 0) != Empty {
		t.Fatalf("tango cells wrong: %v", p.RowStrings())
	}

	troix, err := os.ReadFile(filepath.Join(goldenDir, "troix6.txt"))
	if err != nil {
		t.Fatal(err)
	}
	in, err := ParseInput(troix)
	if err != nil {
		t.Fatal(err)
	}
	if in.RulesGiven || in.Puzzle.Rules != Troix || in.Puzzle.RowStrings()[1] != "....22" {
		t.Fatalf("troix glyphs: rules %v given %v rows %v", in.Puzzle.Rules, in.RulesGiven, in.Puzzle.RowStrings())
	}

	plain, err := ParseInput([]byte("10\n01\n"))
	if err != nil || plain.RulesGiven || plain.Puzzle.Rules != ThreeInARow || plain.Format != "text" {
		t.Fatalf("plain grid: %+v %v", plain, err)
	}
}

func TestParseTextErrors(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"empty", "# nothing\n\n", "line 2: no grid rows found"},
		{"bad cell", "rules: takuzu\n10.1\n1?01\n", "line 3, column 2: '?' is not a cell"},
		{"ragged", "1010\n010\n", "line 2: row has 3 cells, the first row has 4"},
		{"unknown rules", "rules: sudoku\n10\n01\n", "line 1: unknown rules \"sudoku\""},
		{"unknown header", "colour: red\n10\n01\n", "line 1: unknown header \"colour\""},
		{"header after grid", "10\nrules: takuzu\n01\n", "line 2: header line after the grid started"},
		{"size mismatch", "size: 4x4\n10\n01\n", "line 1: size says 4x4 but the grid is 2x2"},
		{"one row", "1010\n", "grid is 1x4"},
		{"too wide", strings.Repeat(".", 65) + "\n" + strings.Repeat(".", 65) + "\n", "line 1: row has 65 cells, at most 64 fit"},
		{"troix size", "rules: troix\n1020\n0102\n", "divisible by 3"},
		{"2 in takuzu", "rules: takuzu\n12\n01\n", "line 2: row 1: cell at column 2 holds 2"},
		{"bad separator", "1 0\n0?1\n", "line 2, column 2: '?' between two cells"},
		{"clue line first", "  =\n1 0\n0 1\n", "line 1: a clue line must stand between two rows"},
		{"clue line last", "1 0\n0 1\nx\n", "line 3: a clue line must stand between two rows"},
		{"clue between columns", "1 0\n x\n0 1\n", "line 2, column 2: a clue line's clues go under the cells"},
		{"clue past the grid", "1 0\n    =\n0 1\n", "line 2, column 5"},
		{"row ends with separator", "1 0=\n0 1\n", "line 1, column 4: row ends with a separator"},
		{"lowercase x cell in spaced grid", "1 0\n0 1\n1 x\n", "line 3, column 3: 'x' is not a cell"},
		{"tab", "1\t0\n01\n", "line 1, column 2: tab"},
		{"bad layout", "layout: wide\n10\n01\n", "unknown layout"},
		{"bad size", "size: big\n10\n01\n", "size \"big\" is not ROWSxCOLS"},
		{"two rules headers", "rules: takuzu\n# note\nrules: troix\n10\n01\n", "line 3: a second rules header; line 1 already gave one"},
		{"two size headers", "size: 2x2\nSize: 2x2\n10\n01\n", "line 2: a second size header; line 1"},
		{"lone CR ending", "rules: takuzu\r10\r0?\r", "line 3, column 2: '?' is not a cell"},
		{"line over 1 MB", strings.Repeat(".", 2<<20) + "\n", "longer than 1 MB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseText(strings.NewReader(tt.in))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// Files from Windows (BOM, CRLF) and old Macs (CR) read as the same puzzle.
func TestParseLineEndings(t *testing.T) {
	const lf = "rules: takuzu\n# a comment\n1..0\n....\n\n....\n0..1\n"
	want, err := Parse([]byte(lf))
	if err != nil {
		t.Fatal(err)
	}
	crlf := strings.ReplaceAll(lf, "\n", "\r\n")
	cr := strings.ReplaceAll(lf, "\n", "\r")
	tests := []struct{ name, in string }{
		{"LF", lf},
		{"CRLF", crlf},
		{"CR", cr},
		{"CR, no final ending", strings.TrimSuffix(cr, "\r")},
		{"mixed", "rules: takuzu\r\n1..0\r....\n....\r\n0..1"},
		{"BOM and LF", utf8BOM + lf},
		{"BOM and CRLF", utf8BOM + crlf},
		{"BOM and CR", utf8BOM + cr},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if !samePuzzle(got, want) {
				t.Fatalf("read %v as %v, want %v", []byte(tt.in), got.RowStrings(), want.RowStrings())
			}
			// ParseText on a reader takes the same path as Parse on bytes.
			if got, err = ParseText(strings.NewReader(tt.in)); err != nil || !samePuzzle(got, want) {
				t.Fatalf("ParseText: %v", err)
			}
		})
	}
}

// ScanLines must not split a CRLF that the reader hands over in two reads.
func TestScanLinesSplitCRLF(t *testing.T) {
	sc := bufio.NewScanner(iotest.OneByteReader(strings.NewReader("a\r\nb\rc\n\r\nd")))
	sc.Split(ScanLines)
	var got []string
	for sc.Scan() {
		got = append(got, sc.Text())
	}
	if want := []string{"a", "b", "c", "", "d"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("lines %q, want %q", got, want)
	}
}

// An all-'x' spaced grid has no space or '=' to show its layout, so
// FormatText must say it.
func TestFormatTextNamesAmbiguousLayout(t *testing.T) {
	p := grid(t, ThreeInARow, "10", "01")
	p.Edges = []Edge{{0, 0, 0, 1, Differ}, {1, 0, 1, 1, Differ}, {0, 0, 1, 0, Differ}}
	out := FormatText(p)
	if !strings.Contains(out, "layout: spaced") {
		t.Fatalf("layout not named:\n%s", out)
	}
	q, err := ParseText(strings.NewReader(out))
	if err != nil || !samePuzzle(p, q) {
		t.Fatalf("round trip: %v\n%s", err, out)
	}
}

// Every puzzle of the shared data sets survives FormatText and ParseText.
func TestTextRoundTripDatasets(t *testing.T) {
	for _, path := range sharedDatasets(t) {
		for _, d := range loadDataset(t, path) {
			q, err := ParseText(strings.NewReader(FormatText(d.puzzle)))
			if err != nil || !samePuzzle(d.puzzle, q) {
				t.Fatalf("%s: round trip failed: %v\n%s", d.rec.ID, err, FormatText(d.puzzle))
			}
		}
	}
}

func FuzzParseText(f *testing.F) {
	inputs, _ := filepath.Glob(filepath.Join(goldenDir, "*.txt"))
	for _, in := range inputs {
		if data, err := os.ReadFile(in); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{"10\n01\n", "1 0\nx\n0 1\n", "layout: spaced\n1x0\n0x1\n", "rules: troix\nXOI\nOIX\nIXO\n", "1=0 .\n  \"\n. . ‖\n",
		"\uFEFFrules: takuzu\r\n10\r\n01\r\n", "rules: takuzu\r10\r01\r", "\uFEFF10\r01", "rules: takuzu\nrules: troix\n10\n01\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParseText(strings.NewReader(string(data)))
		if err != nil {
			return
		}
		text := FormatText(p)
		q, err := ParseText(strings.NewReader(text))
		if err != nil {
			t.Fatalf("formatted text does not parse: %v\n%s", err, text)
		}
		if !samePuzzle(p, q) {
			t.Fatalf("round trip changed the puzzle:\n%s", text)
		}
		// Whatever parses can be checked and solved without a panic.
		if p.Rows*p.Cols <= 64 {
			_ = Solve(p)
		}
	})
}
