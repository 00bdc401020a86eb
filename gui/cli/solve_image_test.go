package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"binocle/solver"
	"binocle/store"
	"binocle/vision"
)

func TestSolvePhotoJSONAndHistoryHook(t *testing.T) {
	saved := saveSolve
	defer func() { saveSolve = saved }()
	var kept solved
	saveSolve = func(env *Env, opts SolveOptions, s solved) error {
		kept = s
		return nil
	}
	var out, errOut strings.Builder
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut}
	code := solvePhoto(env, readerTestdata(t, "tango6.png"), SolveOptions{Rules: "auto", JSON: true})
	if code != ExitOK {
		t.Fatalf("exit %d, stderr %s", code, errOut.String())
	}
	var got struct {
		Reading  map[string]json.RawMessage `json:"reading"`
		Status   string                     `json:"status"`
		Rules    string                     `json:"rules"`
		Solution []string                   `json:"solution"`
	}
	if err := json.Unmarshal([]byte(out.String()), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	want := []string{"001101", "010011", "110100", "101001", "011010", "100110"}
	if got.Status != "unique" || strings.Join(got.Solution, "/") != strings.Join(want, "/") {
		t.Errorf("status %s solution %v, want unique %v", got.Status, got.Solution, want)
	}
	if _, ok := got.Reading["cells"]; !ok {
		t.Error("the reading is missing from the JSON")
	}
	if kept.Source != "screenshot" || len(kept.Photo) == 0 || kept.Reading == nil || kept.Reading.Rows != 6 {
		t.Errorf("history hook got source %q, %d photo bytes, reading %v; want a screenshot with its bytes and a 6x6 reading",
			kept.Source, len(kept.Photo), kept.Reading)
	}

	kept = solved{}
	out.Reset()
	if code := solvePhoto(env, readerTestdata(t, "tango6.png"), SolveOptions{NoSave: true}); code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	if kept.Source != "" {
		t.Error("history hook called despite NoSave")
	}
	if !strings.Contains(out.String(), "solved under threeinarow (unique)") {
		t.Errorf("plain output:\n%s", out.String())
	}
}

// The real hook keeps the photo and the reading, so that reopening the solve
// in the window shows what was read.
func TestSolvePhotoKeepsPhotoInHistory(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := runCLI(t, "solve", "--store", dir, readerTestdata(t, "tango6.png"))
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	st, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	recs, _, err := st.List(store.Filter{})
	if err != nil || len(recs) != 1 {
		t.Fatalf("history holds %d records (%v), want 1", len(recs), err)
	}
	rec := recs[0]
	if rec.Source != "screenshot" || rec.PhotoHash == "" || st.PhotoPath(rec.PhotoHash) == "" {
		t.Errorf("record source %q, photo %q: want a screenshot with its photo kept", rec.Source, rec.PhotoHash)
	}
	if rec.Reading == nil || rec.Reading.Style != "tango" || len(rec.Reading.Confidence) != 36 {
		t.Errorf("record reading %+v, want the tango reading with 36 confidences", rec.Reading)
	}
}

// TestSolveReadingTakesRulesFromStyle solves an empty reading of each kind
// under auto rules: Troix's letters are solved as Troix even with no I
// read, as the app does; an explicit rule set overrides the style.
func TestSolveReadingTakesRulesFromStyle(t *testing.T) {
	for _, tc := range []struct {
		style vision.Style
		rules string
		want  solver.Rules
	}{
		{vision.StyleXOI, "auto", solver.Troix},
		{vision.StyleXOI, "threeinarow", solver.ThreeInARow},
		{vision.StyleTango, "", solver.ThreeInARow},
		{vision.StyleXO, "auto", solver.Takuzu},
	} {
		r := &vision.Reading{Rows: 6, Cols: 6, Style: tc.style, Cells: make([]solver.Cell, 36)}
		for i := range r.Cells {
			r.Cells[i] = solver.Empty
		}
		_, res, err := solveReading(r, tc.rules)
		if err != nil || res.Rules != tc.want {
			t.Errorf("%s under %q: solved under %v (%v), want %v", tc.style, tc.rules, res.Rules, err, tc.want)
		}
	}
}
