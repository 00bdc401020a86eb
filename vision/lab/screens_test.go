package lab

import (
	"io"
	"testing"
)

// screensFloor is what the reader achieves on ../shared/screens, the real
// app and web screenshots, measured 2026-11-25: every one of them read
// perfectly, size, cells and clues. The floor keeps it there.
var screensFloor = CaseScore{Size: 100, Cells: 100, Perfect: 100}

func TestRealScreenshotsHoldTheirFloor(t *testing.T) {
	env, cases := screenCases(t)
	got, err := env.ScoreCases(cases, ScoreOptions{}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if got.Images != 86 {
		t.Fatalf("scored %d screenshots, want the 86 with truth", got.Images)
	}
	for _, c := range []struct {
		name       string
		got, floor float64
	}{
		{"size right", got.Size, screensFloor.Size},
		{"cells right", got.Cells, screensFloor.Cells},
		{"read perfectly", got.Perfect, screensFloor.Perfect},
	} {
		if c.got < c.floor {
			t.Errorf("real screenshots, %s: %.1f %%, below the floor of %.1f %%", c.name, c.got, c.floor)
		}
	}
}

// TestRealScreenshotsEndToEnd holds what a user gets from `binocle solve`
// on the real screenshots (2026-11-25): every one gives the right answer
// at once, with no rival reading to warn of.
func TestRealScreenshotsEndToEnd(t *testing.T) {
	env, cases := screenCases(t)
	got, err := env.MeasureEndToEnd(cases, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if got.Images != 86 {
		t.Fatalf("%d screenshots with a unique puzzle, want 86", got.Images)
	}
	if direct := Pct(got.Direct+got.AfterFixes, got.Images); direct < 100 {
		t.Errorf("right answers on real screenshots: %.1f %%, below the floor of 100 %%", direct)
	}
	if wrong := Pct(got.WrongUnique, got.Images); wrong > 0 {
		t.Errorf("wrong answers stated as unique on real screenshots: %.1f %%, above the ceiling of 0 %%", wrong)
	}
	// Every screenshot is read surely enough that no rival reading is
	// worth a warning (2026-11-29).
	if got.DirectWarned+got.WrongWarned > 0 {
		t.Errorf("%d real screenshots shown with a rival reading, want none", got.DirectWarned+got.WrongWarned)
	}
}

// screenCases is the real-screenshot suite, or a skip without ../shared.
func screenCases(t *testing.T) (*Env, []Case) {
	t.Helper()
	env, err := NewEnv("")
	if err != nil {
		t.Skipf("skipping: shared test data absent: %v", err)
	}
	s, err := FindSuite("screens")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := env.Cases(s)
	if err != nil {
		t.Skipf("skipping: %v", err)
	}
	return env, cases
}
