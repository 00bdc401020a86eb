package cli

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"binocle/solver"
)

var updateHints = flag.Bool("hints.update", false, "rewrite the hint and steps goldens in testdata/hints")

func hintsDir() string { return filepath.Join("..", "..", "testdata", "hints") }

// The plain outputs of hint and steps are pinned by goldens, one per
// fixture puzzle: every rule set, edge clues, and the trial and search rungs.
func TestHintAndStepsGoldens(t *testing.T) {
	puzzles, _ := filepath.Glob(filepath.Join(hintsDir(), "*.txt"))
	if len(puzzles) < 5 {
		t.Fatalf("want the fixture puzzles in %s, found %d", hintsDir(), len(puzzles))
	}
	for _, path := range puzzles {
		for _, cmd := range []string{"hint", "steps"} {
			code, out, errOut := runCLI(t, cmd, path)
			if code != ExitOK {
				t.Fatalf("%s %s: exit %d: %s", cmd, path, code, errOut)
			}
			golden := strings.TrimSuffix(path, ".txt") + "." + cmd + ".golden"
			if *updateHints {
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -hints.update to create it)", err)
			}
			if out != string(want) {
				t.Errorf("%s %s differs from %s:\n%s", cmd, filepath.Base(path), golden, out)
			}
		}
	}
}

func TestHintAndStepsJSON(t *testing.T) {
	path := filepath.Join(hintsDir(), "takuzu-8x8-hard.txt")
	code, out, errOut := runCLI(t, "hint", "--json", path)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var st solver.Step
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if st.Technique != "pair" || len(st.Sets) == 0 || len(st.Because) == 0 || st.Explanation == "" {
		t.Fatalf("step %+v", st)
	}

	code, out, errOut = runCLI(t, "steps", path, "--json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var all struct {
		Steps []solver.Step     `json:"steps"`
		Grade solver.Difficulty `json:"grade"`
		Stats solver.GradeStats `json:"stats"`
	}
	if err := json.Unmarshal([]byte(out), &all); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if all.Grade != solver.Hard || all.Stats.Steps != len(all.Steps) || len(all.Steps) == 0 {
		t.Fatalf("grade %v, %d steps, stats %+v", all.Grade, len(all.Steps), all.Stats)
	}
}

func TestHintExitCodes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	solved := write("solved.txt", "rules: threeinarow\n0110\n1001\n0110\n1001\n")
	several := write("several.txt", "rules: threeinarow\n....\n....\n....\n....\n")
	broken := write("broken.txt", "rules: threeinarow\n111.\n....\n....\n....\n")
	garbage := write("garbage.txt", "rules: takuzu\n0?10\n")
	for _, c := range []struct {
		args []string
		code int
		out  string // expected in stdout, or in stderr when the code is not 0
	}{
		{[]string{"hint"}, ExitBadInput, "exactly one FILE"},
		{[]string{"hint", filepath.Join(dir, "missing.txt")}, ExitBadInput, "missing.txt"},
		{[]string{"hint", garbage}, ExitBadInput, "line 2"},
		{[]string{"hint", solved}, ExitOK, "already solved"},
		{[]string{"hint", several}, ExitUnsolved, "more than one solution"},
		{[]string{"steps", several}, ExitUnsolved, "more than one solution"},
		{[]string{"hint", broken}, ExitUnsolved, "three 1s in a row"},
		{[]string{"steps", "--json", broken}, ExitUnsolved, "three 1s in a row"},
	} {
		code, out, errOut := runCLI(t, c.args...)
		where := out
		if c.code != ExitOK {
			where = errOut
		}
		if code != c.code || !strings.Contains(where, c.out) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d mentioning %q", c.args, code, out, errOut, c.code, c.out)
		}
	}
}

func TestHintReadsStdin(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(hintsDir(), "troix-6x6-medium.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	code := Main([]string{"hint", "-"}, &Env{Stdin: strings.NewReader(string(data)), Stdout: &out, Stderr: &errOut})
	if code != ExitOK || !strings.Contains(out.String(), "Troix") {
		t.Fatalf("exit %d, %q %q", code, out.String(), errOut.String())
	}
}
