package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"binocle/vision/lab"
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

// TestWithheldLines: what a command prints about a suite kept never looked
// into reaches the user without a line naming one of its images, however
// the writes split the lines, and says how many lines it withheld; a
// suite that is not blind prints everything.
func TestWithheldLines(t *testing.T) {
	cases := []lab.Case{{Name: "wild-photo-007-xo-light-6x6.jpg"}, {Name: "wild-photo-012-tango-app-6x6.jpg"}}
	writes := []string{
		"## fresh-photos\nMISS wild-photo-0",
		"07-xo-light-6x6: no puzzle grid found\nALL  140  92.1\n",
		"slow: wild-photo-012-tango-app-6x6 301.0 ms\n",
		"clues: precision 0.9754",
	}
	tests := []struct {
		name  string
		blind bool
		want  string
	}{
		{"blind", true, "## fresh-photos\nALL  140  92.1\nclues: precision 0.9754\n(2 lines naming fresh-photos's images withheld: it is kept never looked into)\n"},
		{"looked into", false, strings.Join(writes, "")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			w := withhold(&out, lab.Suite{Name: "fresh-photos", Blind: tc.blind}, cases)
			for _, s := range writes {
				if n, err := io.WriteString(w, s); n != len(s) || err != nil {
					t.Fatalf("write %q: %d, %v", s, n, err)
				}
			}
			endWithheld(w, "fresh-photos")
			if out.String() != tc.want {
				t.Errorf("printed\n%q\nwant\n%q", out.String(), tc.want)
			}
		})
	}
}

// TestBlindSuites: the suites README calls never looked into are blind,
// a sample of one stays blind, and one rendered from another seed is a
// study suite, not blind.
func TestBlindSuites(t *testing.T) {
	for _, tc := range []struct {
		name  string
		blind bool
	}{
		{"fresh-clean", true}, {"fresh-photos", true}, {"fresh2-clean", true}, {"fresh2-photos", true},
		{"fresh3-clean", true}, {"fresh3-photos", true},
		{"fresh-photos:10", true}, {"fresh-photos@9702", false},
		{"dev-photos", false}, {"hunt-clean", false}, {"screens", false},
	} {
		s, err := lab.FindSuite(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		if s.Blind != tc.blind {
			t.Errorf("%s: blind %v, want %v", tc.name, s.Blind, tc.blind)
		}
	}
}
