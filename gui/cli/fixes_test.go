package cli

import (
	"encoding/json"
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
	for i, v := range r.Cells {
		if v == solver.Empty {
			continue
		}
		q := p.Clone()
		q.Cells[i] = 1 - v
		if q.Validate() != nil || solver.Solve(q).Status == solver.Unique {
			continue
		}
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
