package lab

import (
	"io"
	"testing"
)

// screensFloor is what the reader achieves on ../shared/screens, the real
// app and web screenshots, measured 2026-11-25 with the learned site
// classifier and with the picture's edge closing off the cells of boards
// cropped at their border: every binarypuzzle.com render and Zuzu board
// is perfect, and every found LinkedIn Tango board too; three rn-tango
// thumbnails and the themed oscar-tango-85 are read at the wrong size.
// The floors keep a change from quietly losing ground there; the goal is
// 100 % (the issue on reading real screenshots).
var screensFloor = CaseScore{Size: 95.3, Cells: 97.6, Perfect: 95.3}

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
// on the real screenshots (2026-11-25): 95.3 % right at once, and 1.2 %
// (one image) a wrong answer stated as unique: rntango-551, a thumbnail
// cropped at its border read one column short, whose solved 6×5 board
// is "unique".
func TestRealScreenshotsEndToEnd(t *testing.T) {
	env, cases := screenCases(t)
	got, err := env.MeasureEndToEnd(cases, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if got.Images != 86 {
		t.Fatalf("%d screenshots with a unique puzzle, want 86", got.Images)
	}
	if direct := Pct(got.Direct+got.AfterFixes, got.Images); direct < 95.3 {
		t.Errorf("right answers on real screenshots: %.1f %%, below the floor of 95.3 %%", direct)
	}
	if wrong := Pct(got.WrongUnique, got.Images); wrong > 1.2 {
		t.Errorf("wrong answers stated as unique on real screenshots: %.1f %%, above the ceiling of 1.2 %%", wrong)
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
