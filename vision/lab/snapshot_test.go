package lab

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiff checks what Diff counts: a changed reading, an image or a suite
// on one side only; and what it ignores: the method, evidence and millis
// fields, and
// the folder in an error's path.
func TestDiff(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	write := func(dir, suite string, lines ...string) {
		if err := os.WriteFile(filepath.Join(dir, suite+".jsonl"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(a, "s", `{"name":"x","reading":{"rows":6,"millis":0}}`, `{"name":"y","error":"/tmp/visionlab-1/y.jpg: no puzzle grid found"}`)
	write(b, "s", `{"name":"x","reading":{"method":"lattice","evidence":{"cells_closed":30},"rows":6,"millis":12.5}}`, `{"name":"y","error":"y.jpg: no puzzle grid found"}`)
	var out strings.Builder
	if n, err := Diff(a, b, &out); err != nil || n != 0 {
		t.Fatalf("method, evidence and millis only: %d differences (%v):\n%s", n, err, out.String())
	}
	write(b, "s", `{"name":"x","reading":{"rows":7}}`, `{"name":"z","error":"no puzzle grid found"}`)
	write(b, "t", `{"name":"w","error":"no puzzle grid found"}`)
	out.Reset()
	n, err := Diff(a, b, &out)
	if err != nil {
		t.Fatal(err)
	}
	// x changed, y only in a, z only in b, suite t only in b.
	if n != 4 {
		t.Errorf("%d differences, want 4:\n%s", n, out.String())
	}
}

// A snapshot taken before readings listed their filled cells equals one
// whose filled cells are all printed givens, and not one with a mark.
func TestDiffFilled(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	write := func(dir, line string) {
		if err := os.WriteFile(filepath.Join(dir, "s.jsonl"), []byte(line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(a, `{"name":"x","reading":{"cells":["1."]}}`)
	write(b, `{"name":"x","reading":{"cells":["1."],"filled":[{"r":0,"c":0,"value":"1","given":true}]}}`)
	var out strings.Builder
	if n, err := Diff(a, b, &out); err != nil || n != 0 {
		t.Fatalf("printed givens only: %d differences (%v):\n%s", n, err, out.String())
	}
	write(b, `{"name":"x","reading":{"cells":["1."],"filled":[{"r":0,"c":0,"value":"1","given":false}]}}`)
	if n, err := Diff(a, b, &out); err != nil || n != 1 {
		t.Errorf("a player's mark: %d differences (%v), want 1", n, err)
	}
}

func TestNaturalLess(t *testing.T) {
	for _, c := range []struct {
		a, b string
		less bool
	}{{"image2.jpg", "image10.jpg", true}, {"image10.jpg", "image2.jpg", false}, {"a.png", "b.png", true}, {"x9.png", "y1.png", true}} {
		if got := naturalLess(c.a, c.b); got != c.less {
			t.Errorf("naturalLess(%q, %q) = %v", c.a, c.b, got)
		}
	}
}

// TestSnapshotReadsFixtures snapshots the reader's two fixture screenshots
// twice: each gives a reading, and two runs agree.
func TestSnapshotReadsFixtures(t *testing.T) {
	env, err := NewEnv("")
	if err != nil {
		t.Skipf("shared test data absent: %v", err)
	}
	s, err := FindSuite("fixtures")
	if err != nil {
		t.Fatal(err)
	}
	a, b := t.TempDir(), t.TempDir()
	for _, dir := range []string{a, b} {
		if err := env.Snapshot(dir, []Suite{s}, 2, nil); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(filepath.Join(a, "fixtures.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want one per fixture:\n%s", len(lines), data)
	}
	for _, l := range lines {
		if !strings.Contains(l, `"rows":6`) || !strings.Contains(l, `"millis":0`) {
			t.Errorf("not a 6x6 reading with its time zeroed: %s", l)
		}
	}
	var out strings.Builder
	if n, err := Diff(a, b, &out); err != nil || n != 0 {
		t.Errorf("two snapshots of the same code differ (%d, %v):\n%s", n, err, out.String())
	}
}

// TestDiffBlindSuite: a blind suite's changed readings are counted and
// not named; a suite looked into names them.
func TestDiffBlindSuite(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	for _, suite := range []string{"fresh-photos", "dev-photos"} {
		for dir, rows := range map[string]int{a: 6, b: 7} {
			line := `{"name":"wild-photo-007-xo-light-6x6","reading":{"rows":` + string(rune('0'+rows)) + `}}` + "\n"
			if err := os.WriteFile(filepath.Join(dir, suite+".jsonl"), []byte(line), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	var out strings.Builder
	n, err := Diff(a, b, &out)
	if err != nil || n != 2 {
		t.Fatalf("%d differences (%v), want 2:\n%s", n, err, out.String())
	}
	got := out.String()
	if !strings.Contains(got, "dev-photos/wild-photo-007") || strings.Contains(got, "fresh-photos/wild-photo-007") ||
		!strings.Contains(got, "fresh-photos: 1 images differ (names withheld") {
		t.Errorf("diff printed:\n%s", got)
	}
}
