package cli

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"binocle/solver"
	"binocle/vision"
)

// misreadTango is the tango6 fixture's reading with one given read as
// the other symbol, doubtfully, as a reader's misread would be.
func misreadTango(t *testing.T) (path string, fake func(string) (*vision.Reading, error), at solver.Point, was solver.Cell) {
	t.Helper()
	path = readerTestdata(t, "tango6.png")
	r, err := vision.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := r.Puzzle(solver.ThreeInARow)
	if err != nil {
		t.Fatal(err)
	}
	if i := flippedGiven(p, func(q *solver.Puzzle) bool {
		return q.Validate() == nil && solver.Solve(q).Status != solver.Unique
	}); i >= 0 {
		v := r.Cells[i]
		at, was = solver.Point{Row: i / r.Cols, Col: i % r.Cols}, v
		fake = func(string) (*vision.Reading, error) {
			c := *r
			c.Cells = append([]solver.Cell(nil), r.Cells...)
			c.Confidence = append([]float64(nil), r.Confidence...)
			c.Cells[i] = 1 - v
			c.Confidence[i] = 0.55
			return &c, nil
		}
		return path, fake, at, was
	}
	t.Fatalf("no given of the fixture shows its misreading")
	return
}

// flippedGiven is the first given of p whose 0 and 1 swapped leave a
// puzzle want accepts, or -1.
func flippedGiven(p *solver.Puzzle, want func(q *solver.Puzzle) bool) int {
	for i, v := range p.Cells {
		if v == solver.Empty {
			continue
		}
		q := p.Clone()
		q.Cells[i] = 1 - v
		if want(q) {
			return i
		}
	}
	return -1
}

func TestSolvePhotoSuggestsAndAcceptsFixes(t *testing.T) {
	path, fake, at, was := misreadTango(t)
	saved := readImageFile
	defer func() { readImageFile = saved }()
	readImageFile = fake
	want := []string{"001101", "010011", "110100", "101001", "011010", "100110"}

	type photoJSON struct {
		Status            string           `json:"status"`
		Solution          []string         `json:"solution"`
		Suggestions       []map[string]any `json:"suggestions"`
		SuggestedSolution []string         `json:"suggested_solution"`
		FixesAccepted     bool             `json:"fixes_accepted"`
	}
	run := func(accept bool) (int, photoJSON, string) {
		var out, errOut strings.Builder
		env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut}
		code := solvePhoto(env, path, SolveOptions{Rules: "auto", JSON: true, NoSave: true, AcceptFixes: accept})
		var got photoJSON
		if err := json.Unmarshal([]byte(out.String()), &got); err != nil {
			t.Fatalf("not JSON: %v\n%s%s", err, out.String(), errOut.String())
		}
		return code, got, out.String()
	}

	code, got, raw := run(false)
	if code != ExitUnsolved || got.Status == "unique" {
		t.Fatalf("without --accept-fixes: exit %d, status %s; want the reading's own outcome", code, got.Status)
	}
	if len(got.Suggestions) != 1 {
		t.Fatalf("suggestions %v, want the one misread:\n%s", got.Suggestions, raw)
	}
	s := got.Suggestions[0]
	if s["kind"] != "cell" || s["r"] != float64(at.Row) || s["c"] != float64(at.Col) ||
		s["from"] != string((1-was).Char()) || s["to"] != string(was.Char()) {
		t.Errorf("suggestion %v, want cell r%d c%d %c -> %c", s, at.Row, at.Col, (1 - was).Char(), was.Char())
	}
	if _, has := s["r2"]; has {
		t.Errorf("a cell suggestion carries r2: %v", s)
	}
	if p, ok := s["p"].(float64); !ok || p <= 0 || p >= 1 {
		t.Errorf("suggestion probability %v", s["p"])
	}
	if strings.Join(got.SuggestedSolution, "/") != strings.Join(want, "/") {
		t.Errorf("the suggestions' answer is %v, want %v", got.SuggestedSolution, want)
	}

	code, got, _ = run(true)
	if code != ExitOK || got.Status != "unique" || !got.FixesAccepted || strings.Join(got.Solution, "/") != strings.Join(want, "/") {
		t.Fatalf("with --accept-fixes: exit %d, status %s, accepted %v, solution %v", code, got.Status, got.FixesAccepted, got.Solution)
	}

	// The plain output says what it would change and why.
	var out strings.Builder
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out}
	solvePhoto(env, path, SolveOptions{Rules: "auto", NoSave: true})
	if !strings.Contains(out.String(), "suggested fixes (--accept-fixes applies them)") || !strings.Contains(out.String(), "they give this unique answer") {
		t.Errorf("plain output does not list the suggestion:\n%s", out.String())
	}
}

// TestSolvePhotoWarnsOfARival reads a generated puzzle with one given read
// as the other symbol where that reading still has one answer, another:
// with the cell doubtful, `solve --json` states the answer as read but
// carries the rival reading and its answer; with every cell sure, none.
func TestSolvePhotoWarnsOfARival(t *testing.T) {
	var p *solver.Puzzle
	var answer []solver.Cell
	at := -1
	for seed := uint64(1); seed < 40 && at < 0; seed++ {
		var err error
		if p, answer, err = solver.Generate(solver.GenOptions{Rules: solver.ThreeInARow, Rows: 6, Cols: 6, Seed: seed}); err != nil {
			t.Fatal(err)
		}
		at = flippedGiven(p, func(q *solver.Puzzle) bool { return solver.Solve(q).Status == solver.Unique })
	}
	if at < 0 {
		t.Fatal("no generated puzzle keeps one answer with a given flipped")
	}
	saved := readImageFile
	defer func() { readImageFile = saved }()
	type photoJSON struct {
		Status   string   `json:"status"`
		Solution []string `json:"solution"`
		Rival    *struct {
			Changes  []map[string]any `json:"changes"`
			Solution []string         `json:"solution"`
		} `json:"rival"`
	}
	for _, tc := range []struct {
		name       string
		confidence float64
		rival      bool
	}{{"doubtful", 0.55, true}, {"sure", 1, false}} {
		t.Run(tc.name, func(t *testing.T) {
			readImageFile = func(string) (*vision.Reading, error) {
				r := &vision.Reading{Rows: 6, Cols: 6, Style: vision.StyleSquareCircle, Cells: slices.Clone(p.Cells), Confidence: make([]float64, 36)}
				for i := range r.Confidence {
					r.Confidence[i] = 1
				}
				r.Cells[at] = 1 - p.Cells[at]
				r.Confidence[at] = tc.confidence
				return r, nil
			}
			var out, errOut strings.Builder
			env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut}
			code := solvePhoto(env, "photo.jpg", SolveOptions{Rules: "threeinarow", JSON: true, NoSave: true})
			var got photoJSON
			if err := json.Unmarshal([]byte(out.String()), &got); err != nil {
				t.Fatalf("not JSON: %v\n%s%s", err, out.String(), errOut.String())
			}
			if code != ExitOK || got.Status != "unique" {
				t.Fatalf("exit %d, status %s: the reading as read has one answer", code, got.Status)
			}
			if (got.Rival != nil) != tc.rival {
				t.Fatalf("rival %+v, want one: %v", got.Rival, tc.rival)
			}
			if !tc.rival {
				return
			}
			want := solver.GridRows(answer, 6, 6)
			if strings.Join(got.Rival.Solution, "/") != strings.Join(want, "/") || strings.Join(got.Solution, "/") == strings.Join(want, "/") {
				t.Errorf("rival answer %v, as read %v; want the rival to be the puzzle's answer %v", got.Rival.Solution, got.Solution, want)
			}
			if len(got.Rival.Changes) != 1 || got.Rival.Changes[0]["r"] != float64(at/6) || got.Rival.Changes[0]["c"] != float64(at%6) ||
				got.Rival.Changes[0]["to"] != string(p.Cells[at].Char()) {
				t.Errorf("rival changes %v, want r%d c%d back to %c", got.Rival.Changes, at/6, at%6, p.Cells[at].Char())
			}
			var plain strings.Builder
			solvePhoto(&Env{Stdin: strings.NewReader(""), Stdout: &plain, Stderr: &plain}, "photo.jpg", SolveOptions{Rules: "threeinarow", NoSave: true})
			if !strings.Contains(plain.String(), "doubtful reading") || !strings.Contains(plain.String(), "the other answer:") {
				t.Errorf("plain output does not warn of the rival:\n%s", plain.String())
			}
		})
	}
}
