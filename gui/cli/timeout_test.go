package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestTimeoutGivesUpPlainly: a search past --timeout says so and exits 3;
// a batch marks the record and goes on. A timeout of a nanosecond has
// run out before the first search node.
func TestTimeoutGivesUpPlainly(t *testing.T) {
	const file = "../../testdata/solver/takuzu30-expert.txt"
	for _, args := range [][]string{
		{"solve", "--timeout", "1ns", "--no-save", file},
		{"hint", "--timeout", "1ns", file},
		{"steps", "--timeout", "1ns", file},
	} {
		cmd := args[0]
		code, _, stderr := runCLI(t, args...)
		if code != ExitGaveUp || !strings.Contains(stderr, "gave up after 1ns") || !strings.Contains(stderr, "--timeout") {
			t.Errorf("%s --timeout 1ns: exit %d, stderr %q; want exit %d and a plain message", cmd, code, stderr, ExitGaveUp)
		}
	}
	if code, _, stderr := runCLI(t, "solve", "--no-save", file); code != ExitOK {
		t.Fatalf("the default timeout gave up on a published puzzle: %d %s", code, stderr)
	}

	in := `{"id":"a","rules":"takuzu","rows":4,"cols":4,"givens":["1..0","....","0...","...1"]}
{"id":"b","rules":"takuzu","rows":4,"cols":4,"givens":["1..0","....","0...","...1"]}
`
	var out, errb bytes.Buffer
	code := Main([]string{"solve", "--jsonl", "--timeout", "1ns"}, &Env{Stdin: strings.NewReader(in), Stdout: &out, Stderr: &errb})
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if code != ExitOK || len(lines) != 2 {
		t.Fatalf("batch: exit %d, %d lines:\n%s%s", code, len(lines), out.String(), errb.String())
	}
	for _, l := range lines {
		var got struct {
			ID, Status, Error string
		}
		if err := json.Unmarshal([]byte(l), &got); err != nil || got.Status != "timeout" || !strings.Contains(got.Error, "gave up") {
			t.Errorf("batch line %s: want status timeout", l)
		}
	}
}
