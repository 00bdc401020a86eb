package lab

import (
	"io"
	"testing"
)

// TestLookedIntoSizes reads, at their size, renders of the suites looked
// into that a locator or the cells stage once read at the wrong one, each
// for a cause fixed since; the render is the suite's own, from its seed.
func TestLookedIntoSizes(t *testing.T) {
	env, err := NewEnv("")
	if err != nil {
		t.Skipf("skipping: shared test data absent: %v", err)
	}
	for _, tc := range []struct {
		suite, image, cause string
	}{
		{"dev-clean:15", "wild-clean-014-square-circle-print-10x10", "dashed lines closed off a sure 2x2 lattice at half size, which ended the search (no grid found)"},
		{"study-photos:55", "wild-photo-054-tango-app-6x6", "a Tango board's counters read as a seventh column (6x7)"},
		{"dev-photos:26", "wild-photo-025-xoi-light-6x6", "glyphs off the straight box's cells on a bent page (no grid found)"},
		{"dev-photos:139", "wild-photo-138-tango-app-6x6", "a partial border whose outline is not the grid's (no grid found)"},
		{"study-photos:11", "wild-photo-010-xo-light-34x34", "a glyph grid without lines on a bent page fitted no flat lattice, and a letter beyond it widened it (no grid found)"},
		{"study-photos:107", "wild-photo-106-disc-circle-partial-37x40", "a glyph grid without lines on a bent page, letters of the page on its lattice a few cells out (no grid found)"},
		{"dev-photos:68", "wild-photo-067-xoi-print-6x6", "a heavy frame ringed every glyph in the boxed rung's mask (no grid found)"},
		{"dev-photos:76", "wild-photo-075-tango-app-6x6", "orange and blue pieces as light in grey as the paper in a boxed Tango board (no grid found)"},
		{"dev-photos:2", "wild-photo-001-disc-circle-light-8x8", "a light grid's clear lines faded at its outer columns, whose glyphs were not asked (8x6)"},
		{"dev-photos:116", "wild-photo-115-xo-print-25x25", "a big grid's top rows showed no line to follow, and their glyphs were not asked (22x25)"},
		{"hunt-photos:95", "wild-photo-094-xo-light-20x20", "a column beyond clear lines, its glyphs not asked (20x19)"},
	} {
		t.Run(tc.image, func(t *testing.T) {
			if got := scoreLookedInto(t, env, tc.suite, tc.image); got.Size != 100 {
				t.Errorf("read at the wrong size (was: %s)", tc.cause)
			}
		})
	}
}

// TestLookedIntoStyles reads every cell right on renders of the suites
// looked into whose glyph style was once taken for another, every value
// swapped or lost.
func TestLookedIntoStyles(t *testing.T) {
	env, err := NewEnv("")
	if err != nil {
		t.Skipf("skipping: shared test data absent: %v", err)
	}
	for _, tc := range []struct {
		suite, image, cause string
	}{
		{"clue-clean:79", "wild-clean-078-disc-circle-print-10x10", "orange discs and teal rings taken for Tango's sun and moon"},
		{"wild-clean:128", "wild-clean-127-disc-circle-partial-8x8", "red and blue discs and blue rings on a dark board taken for Tango"},
	} {
		t.Run(tc.image, func(t *testing.T) {
			if got := scoreLookedInto(t, env, tc.suite, tc.image); got.Size != 100 || got.Cells != 100 {
				t.Errorf("size %.0f %%, cells %.1f %% right (was: %s)", got.Size, got.Cells, tc.cause)
			}
		})
	}
}

// scoreLookedInto scores the one image of a suite named image.
func scoreLookedInto(t *testing.T, env *Env, suite, image string) CaseScore {
	t.Helper()
	picked := suiteCases(t, env, suite, func(name string) bool { return name == image })
	if len(picked) != 1 {
		t.Fatalf("%s holds %d images named %s, want 1", suite, len(picked), image)
	}
	got, err := env.ScoreCases(picked, ScoreOptions{}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// suiteCases are the cases of suite whose names keep accepts.
func suiteCases(t *testing.T, env *Env, suite string, keep func(name string) bool) []Case {
	t.Helper()
	s, err := FindSuite(suite)
	if err != nil {
		t.Fatal(err)
	}
	cases, err := env.Cases(s)
	if err != nil {
		t.Fatal(err)
	}
	var picked []Case
	for _, c := range cases {
		if keep(c.Name) {
			picked = append(picked, c)
		}
	}
	return picked
}
