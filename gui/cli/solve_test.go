package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"binocle/solver"
)

// runSolve runs `binocle solve ARGS` in-process with stdin; --no-save keeps
// the tests out of the user's history.
func runSolve(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := &Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut}
	code = Main(append([]string{"solve", "--no-save"}, args...), env)
	return code, out.String(), errOut.String()
}

func solverTestdata(name string) string { return filepath.Join("..", "..", "testdata", "solver", name) }

func TestSolveTextFile(t *testing.T) {
	code, out, errOut := runSolve(t, "", solverTestdata("takuzu6.txt"))
	if code != ExitOK || !strings.HasPrefix(out, "unique solution under takuzu (") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 7 || len(lines[1]) != 6 || strings.Contains(out, ".") {
		t.Fatalf("want the header and six full rows:\n%s", out)
	}
}

func TestSolveJSON(t *testing.T) {
	code, out, errOut := runSolve(t, "", "--json", solverTestdata("odd5x7.txt"))
	var got struct {
		Status   string   `json:"status"`
		Rules    string   `json:"rules"`
		Rows     int      `json:"rows"`
		Cols     int      `json:"cols"`
		Solution []string `json:"solution"`
		Micros   *float64 `json:"micros"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != ExitOK {
		t.Fatalf("exit %d, %v\n%s%s", code, err, out, errOut)
	}
	if got.Status != "unique" || got.Rules != "threeinarow" || got.Rows != 5 || got.Cols != 7 || len(got.Solution) != 5 || got.Micros == nil {
		t.Fatalf("unexpected JSON: %s", out)
	}
	p, _ := solver.ParseText(strings.NewReader(strings.Join(got.Solution, "\n")))
	puzzle, _ := os.ReadFile(solverTestdata("odd5x7.txt"))
	q, _ := solver.Parse(puzzle)
	if p == nil || solver.CheckSolution(q, p.Cells) != nil {
		t.Fatalf("the printed solution does not solve the puzzle: %v", got.Solution)
	}
}

func TestSolveAutoFromStdin(t *testing.T) {
	// No rules header: threeinarow leaves several solutions, takuzu one.
	grid := "....00\n.1...0\n...1..\n.0....\n....0.\n.0....\n"
	code, out, _ := runSolve(t, grid, "--json", "-")
	if code != ExitOK || !strings.Contains(out, `"rules":"takuzu"`) {
		t.Fatalf("exit %d: %s", code, out)
	}
	// An explicit rule set overrides: threeinarow alone is not unique.
	code, out, _ = runSolve(t, grid, "--json", "--rules", "threeinarow", "-")
	if code != ExitUnsolved || !strings.Contains(out, `"status":"multiple"`) || !strings.Contains(out, `"second":[`) || !strings.Contains(out, `"differ":[{"row":`) {
		t.Fatalf("exit %d: %s", code, out)
	}
	code, out, _ = runSolve(t, grid, "--rules", "threeinarow", "-")
	if code != ExitUnsolved || !strings.Contains(out, "more than one solution") || !strings.Contains(out, "they differ at r") {
		t.Fatalf("exit %d: %s", code, out)
	}
}

func TestSolveUnrulyID(t *testing.T) {
	// 4x4 Unruly ID: an empty grid, which has many solutions.
	code, out, _ := runSolve(t, "4x4:q\n", "-")
	if code != ExitUnsolved || !strings.Contains(out, "more than one solution under threeinarow") {
		t.Fatalf("exit %d: %s", code, out)
	}
}

func TestSolveNoSolution(t *testing.T) {
	code, out, _ := runSolve(t, "rules: threeinarow\n0.0...\n...11.\n..0...\n1....0\n", "-")
	if code != ExitUnsolved || !strings.Contains(out, "no solution under threeinarow") || !strings.Contains(out, "[rule ") {
		t.Fatalf("exit %d: %s", code, out)
	}
	// Givens that already break a rule: the contradiction names it.
	code, out, _ = runSolve(t, "rules: takuzu\n111.\n....\n....\n....\n", "--json", "-")
	if code != ExitUnsolved || !strings.Contains(out, `"contradiction":"row 1: three 1s in a row at columns 1-3"`) {
		t.Fatalf("exit %d: %s", code, out)
	}
}

func TestSolveBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("10\n0?\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"parse error names file and line", []string{bad}, bad + ": line 2, column 2"},
		{"missing file", []string{filepath.Join(dir, "nope.txt")}, "no such file"},
		{"no argument", nil, "want one FILE"},
		{"bad rules", []string{"--rules", "chess", bad}, "--rules: unknown rules"},
		{"troix size", []string{"--rules", "troix", solverTestdata("odd5x7.txt"), "--json"}, "divisible by 3"},
		{"jsonl with a file", []string{"--jsonl", bad}, "--jsonl reads standard input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := runSolve(t, "", tt.args...)
			if code != ExitBadInput || !strings.Contains(errOut, tt.want) {
				t.Fatalf("exit %d, stderr %q, want 2 and %q", code, errOut, tt.want)
			}
		})
	}
}

// A file is routed by its extension, whatever its case: a valid text puzzle
// named like an image goes to the image reader, which refuses it, rather
// than being solved as text.
func TestSolveRoutesImagesByExtension(t *testing.T) {
	text, err := os.ReadFile(solverTestdata("takuzu6.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"puzzle.PNG", "puzzle.jpg", "puzzle.tiff"} {
		path := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(path, text, 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errOut := runSolve(t, "", path)
		if code != ExitBadInput || !strings.Contains(errOut, name) {
			t.Errorf("%s: exit %d, stderr %q; want the image reader to refuse it, naming the file", name, code, errOut)
		}
	}
}

func TestSolveCallsSaveHook(t *testing.T) {
	saved := saveSolve
	defer func() { saveSolve = saved }()
	var calls []string
	saveSolve = func(env *Env, opts SolveOptions, s solved) error {
		calls = append(calls, s.Source+" "+s.Puzzle.Rules.String()+" "+s.Result.Status.String())
		if s.Photo != nil || s.Reading != nil {
			t.Errorf("a typed puzzle was saved with a photo or a reading")
		}
		return nil
	}
	var out bytes.Buffer
	env := &Env{Stdin: strings.NewReader("....00\n.1...0\n...1..\n.0....\n....0.\n.0....\n"), Stdout: &out, Stderr: &out}
	if code := Main([]string{"solve", "-"}, env); code != ExitOK {
		t.Fatalf("exit %d: %s", code, out.String())
	}
	if code := Main([]string{"solve", "--no-save", solverTestdata("takuzu6.txt")}, env); code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	if len(calls) != 1 || calls[0] != "text takuzu unique" {
		t.Fatalf("save hook calls: %v", calls)
	}
}

func TestSolveJSONL(t *testing.T) {
	input := strings.Join([]string{
		`{"id": "ok", "source": "t", "rules": "takuzu", "rows": 6, "cols": 6, "givens": ["....00", ".1...0", "...1..", ".0....", "....0.", ".0...."], "solution": [], "edges": [], "difficulty": null}`,
		`{"id": "broken"`,
		`{"id": "loose", "source": "t", "rules": "threeinarow", "rows": 6, "cols": 6, "givens": ["....00", ".1...0", "...1..", ".0....", "....0.", ".0...."], "solution": [], "edges": [], "difficulty": null}`,
		`{"id": "ragged", "source": "t", "rules": "takuzu", "rows": 2, "cols": 2, "givens": ["1", ".."], "solution": [], "edges": [], "difficulty": null}`,
		`{"id": "clash", "source": "t", "rules": "threeinarow", "rows": 2, "cols": 2, "givens": ["11", ".."], "solution": [], "edges": [], "difficulty": null}`,
	}, "\n")
	code, out, errOut := runSolve(t, input, "--jsonl")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []struct{ id, status, has string }{
		{`"ok"`, "unique", `"solution":["`},
		{`null`, "invalid", `"error":"line 2: `},
		{`"loose"`, "multiple", `"micros":`},
		{`"ragged"`, "invalid", `"error":"line 4: givens row 1 has 1 characters`},
		{`"clash"`, "none", `"contradiction":"row 1: two 1s`},
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], `{"id":`+w.id+`,"status":"`+w.status+`"`) || !strings.Contains(lines[i], w.has) {
			t.Errorf("line %d: %s\nwant id %s, status %s, containing %s", i+1, lines[i], w.id, w.status, w.has)
		}
	}
	// --rules overrides each record's own rules.
	_, out, _ = runSolve(t, input, "--jsonl", "--rules", "auto")
	if !strings.Contains(strings.Split(out, "\n")[2], `"status":"unique","rules":"takuzu"`) {
		t.Fatalf("auto did not pick takuzu for the loose record:\n%s", out)
	}
}

const jsonlTakuzu6 = `{"id": "ok", "source": "t", "rules": "takuzu", "rows": 6, "cols": 6, "givens": ["....00", ".1...0", "...1..", ".0....", "....0.", ".0...."], "solution": [], "edges": [], "difficulty": null}`

// An overlong line, a record with no rules and Windows or Mac line endings
// each cost one "invalid" line at most; the batch goes on.
func TestSolveJSONLGoesOn(t *testing.T) {
	huge := `{"id": "huge", "source": "` + strings.Repeat("x", 5<<20) + `"}`
	noRules := `{"id": "norules", "source": "t", "rows": 2, "cols": 2, "givens": ["1.", ".."]}`
	tests := []struct {
		name  string
		lines []string
		sep   string
		want  []string // each output line's prefix, in order
		has   map[int]string
	}{
		{"overlong line", []string{jsonlTakuzu6, huge, jsonlTakuzu6}, "\n",
			[]string{`{"id":"ok","status":"unique"`, `{"id":null,"status":"invalid"`, `{"id":"ok","status":"unique"`},
			map[int]string{1: `"error":"line 2: the line is longer than 4 MB`}},
		{"no rules", []string{noRules, jsonlTakuzu6}, "\n",
			[]string{`{"id":"norules","status":"invalid"`, `{"id":"ok","status":"unique"`},
			map[int]string{0: `line 1: the record has no \"rules\" field`}},
		{"CRLF", []string{jsonlTakuzu6, jsonlTakuzu6}, "\r\n",
			[]string{`{"id":"ok","status":"unique"`, `{"id":"ok","status":"unique"`}, nil},
		{"CR and a BOM", []string{"\uFEFF" + jsonlTakuzu6, jsonlTakuzu6}, "\r",
			[]string{`{"id":"ok","status":"unique"`, `{"id":"ok","status":"unique"`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runSolve(t, strings.Join(tt.lines, tt.sep)+tt.sep, "--jsonl")
			if code != ExitOK || strings.Contains(out+errOut, "bufio") {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if len(lines) != len(tt.want) {
				t.Fatalf("got %d lines, want %d:\n%.500s", len(lines), len(tt.want), out)
			}
			for i, w := range tt.want {
				if !strings.HasPrefix(lines[i], w) || !strings.Contains(lines[i], tt.has[i]) {
					t.Errorf("line %d: %.300s\nwant prefix %s containing %s", i+1, lines[i], w, tt.has[i])
				}
			}
		})
	}
}

// lineByLine hands over one input line a read, and before each read after
// the first checks that every line so far already has its result written.
type lineByLine struct {
	t     *testing.T
	lines []string
	out   *bytes.Buffer
	given int
}

func (r *lineByLine) Read(p []byte) (int, error) {
	if got := strings.Count(r.out.String(), "\n"); got != r.given {
		r.t.Errorf("after %d input lines the output holds %d lines; results are held back", r.given, got)
	}
	if r.given == len(r.lines) {
		return 0, io.EOF
	}
	r.given++
	return copy(p, r.lines[r.given-1]+"\n"), nil
}

func TestSolveJSONLWritesEachLineAtOnce(t *testing.T) {
	var out, errOut bytes.Buffer
	in := &lineByLine{t: t, lines: []string{jsonlTakuzu6, `{"id": "broken"`, jsonlTakuzu6}, out: &out}
	env := &Env{Stdin: in, Stdout: &out, Stderr: &errOut}
	if code := Main([]string{"solve", "--no-save", "--jsonl"}, env); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
}
