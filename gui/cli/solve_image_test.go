package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"binocle/solver"
)

func TestSolvePhotoJSONAndHistoryHook(t *testing.T) {
	saved := saveSolve
	defer func() { saveSolve = saved }()
	var source string
	saveSolve = func(env *Env, opts SolveOptions, p *solver.Puzzle, res solver.Result, src string) error {
		source = src
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
	if source != "photo" {
		t.Errorf("history hook got source %q, want photo", source)
	}

	source = ""
	out.Reset()
	if code := solvePhoto(env, readerTestdata(t, "tango6.png"), SolveOptions{NoSave: true}); code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	if source != "" {
		t.Error("history hook called despite NoSave")
	}
	if !strings.Contains(out.String(), "solved under threeinarow (unique)") {
		t.Errorf("plain output:\n%s", out.String())
	}
}
