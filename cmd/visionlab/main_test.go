package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiffExitStatus: the lab's diff is what shows a reader change to be
// safe, so its exit status must say "differs" (1), "same" (0) and "could
// not compare" (2) apart.
func TestDiffExitStatus(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	line := `{"name":"x","reading":{"rows":6}}` + "\n"
	for _, d := range []string{a, b} {
		if err := os.WriteFile(filepath.Join(d, "s.jsonl"), []byte(line), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errOut strings.Builder
	if code := run([]string{"diff", a, b}, &out, &errOut); code != 0 {
		t.Errorf("same snapshots: exit %d, %s%s", code, out.String(), errOut.String())
	}
	if err := os.WriteFile(filepath.Join(b, "s.jsonl"), []byte(`{"name":"x","reading":{"rows":7}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := run([]string{"diff", a, b}, &out, &errOut); code != 1 || !strings.Contains(out.String(), "s/x") {
		t.Errorf("different snapshots: exit %d, output %q", code, out.String())
	}
	if code := run([]string{"diff", a, filepath.Join(b, "missing")}, &out, &errOut); code != 2 {
		t.Errorf("missing snapshot: exit %d, want 2", code)
	}
}

func TestUnknownCommandAndMissingFlag(t *testing.T) {
	var out, errOut strings.Builder
	if code := run([]string{"frobnicate"}, &out, &errOut); code != 2 {
		t.Errorf("unknown command: exit %d, want 2", code)
	}
	if code := run([]string{"snapshot"}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "-o") {
		t.Errorf("snapshot without -o: exit %d, stderr %q", code, errOut.String())
	}
}
