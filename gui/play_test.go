package gui

import (
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"binocle/solver"
	"binocle/vision"
)

// openFixtureToPlay opens the fixture photo and starts play mode on it.
func openFixtureToPlay(t *testing.T) *ui {
	t.Helper()
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	u.togglePlay()
	if !u.ed.playing {
		t.Fatalf("play mode did not start: %s", u.status.message())
	}
	return u
}

func marked(ed *editor, m mark) []solver.Point {
	var pts []solver.Point
	for i, v := range ed.marks {
		if v&m != 0 {
			pts = append(pts, solver.Point{Row: i / ed.puzzle.Cols, Col: i % ed.puzzle.Cols})
		}
	}
	return pts
}

func sortedPoints(pts []solver.Point) []solver.Point {
	out := slices.Clone(pts)
	slices.SortFunc(out, func(a, b solver.Point) int { return (a.Row-b.Row)*1000 + a.Col - b.Col })
	return slices.Compact(out)
}

func TestHintHighlightsExplainsAndApplies(t *testing.T) {
	u := openFixtureToPlay(t)
	solution := u.doc.result.Solution
	test.Tap(u.hintButton)
	u.pending.Wait()

	step := u.hintStep
	if step == nil || len(step.Sets) == 0 {
		t.Fatalf("no hint shown; status %q", u.status.message())
	}
	wantStatus(t, u, levelInfo, step.Explanation)
	if !strings.Contains(u.status.message(), step.Name) {
		t.Errorf("status %q does not name the technique %q", u.status.message(), step.Name)
	}
	sets := setPoints(step.Sets)
	if got := sortedPoints(marked(u.ed, markHintSet)); !slices.Equal(got, sortedPoints(sets)) {
		t.Errorf("cells highlighted as set: %v, want the step's %v", got, sets)
	}
	if got := sortedPoints(marked(u.ed, markHintBecause)); !slices.Equal(got, sortedPoints(step.Because)) {
		t.Errorf("cells highlighted as the reason: %v, want %v", got, step.Because)
	}
	for _, pl := range step.Sets {
		if solution[pl.Row*u.ed.puzzle.Cols+pl.Col] != pl.Value {
			t.Errorf("the hint sets (%d,%d) to %c, against the solution", pl.Row, pl.Col, pl.Value.Char())
		}
	}
	if u.status.action.Hidden || u.status.action.Text != "Apply" {
		t.Fatalf("no Apply offered with the hint")
	}

	test.Tap(u.status.action)
	for _, pl := range step.Sets {
		if v, kind := u.ed.value(solver.Point{Row: pl.Row, Col: pl.Col}); v != pl.Value || kind != kindPlay {
			t.Errorf("after Apply (%d,%d) shows %c (kind %d), want the player's %c", pl.Row, pl.Col, v.Char(), kind, pl.Value.Char())
		}
	}
	if u.hintStep != nil || u.ed.count(markHint) != 0 {
		t.Errorf("the hint stays highlighted after it was applied")
	}
	u.grid.TypedShortcut(&fyne.ShortcutUndo{})
	if pl := step.Sets[0]; u.ed.play[pl.Row*u.ed.puzzle.Cols+pl.Col] != solver.Empty {
		t.Errorf("one undo did not take the whole hint back")
	}

	// From a wrong grid there is no honest next step: the hint says so.
	i := slices.Index(u.ed.puzzle.Cells, solver.Empty)
	u.ed.sel = solver.Point{Row: i / u.ed.puzzle.Cols, Col: i % u.ed.puzzle.Cols}
	test.Type(u.grid, string(map[solver.Cell]rune{solver.Zero: '1', solver.One: '0'}[solution[i]]))
	test.Tap(u.hintButton)
	u.pending.Wait()
	wantStatus(t, u, levelError, "1 mistake crossed out")
	if u.hintStep != nil || u.ed.marks[i]&markMistake == 0 {
		t.Errorf("a hint was given from a grid with a mistake")
	}
}

func TestHintFromEditModeStartsPlay(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	u.leavePlay()
	u.doc.result = nil // as after a correction: Hint must solve first
	u.hint()
	u.pending.Wait()
	if !u.ed.playing || u.hintStep == nil || !u.timer.running {
		t.Fatalf("Hint from edit mode: playing %v, hint %v, clock %v; status %q", u.ed.playing, u.hintStep != nil, u.timer.running, u.status.message())
	}
}

func TestStepThroughWalksTheSolution(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	u.showSteps()
	u.pending.Wait()
	st := u.steps
	if st == nil {
		t.Fatalf("no step-through opened; status %q", u.status.message())
	}
	n := len(st.steps)
	if n < 2 || st.at != 0 || !st.prev.Disabled() || st.next.Disabled() {
		t.Fatalf("step-through opened with %d steps at %d (previous disabled %v, next disabled %v)", n, st.at, st.prev.Disabled(), st.next.Disabled())
	}
	grade, _, err := solver.Grade(u.ed.puzzle)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(st.grade.Text, "Grade: "+difficultyLabel(grade)) {
		t.Errorf("grade line %q, want the puzzle's grade %s", st.grade.Text, difficultyLabel(grade))
	}

	test.Tap(st.next)
	if st.at != 1 || !strings.HasPrefix(st.position.Text, "Step 2 of ") || !strings.HasPrefix(st.explain.Text, st.steps[1].Explanation) {
		t.Fatalf("after Next: at %d, %q, %q", st.at, st.position.Text, st.explain.Text)
	}
	// The grid shows what steps 1 and 2 filled, no more, and step 2's
	// cells highlighted.
	filled := 0
	for _, v := range st.ed.solution {
		if v != solver.Empty {
			filled++
		}
	}
	if want := len(st.steps[0].Sets) + len(st.steps[1].Sets); filled != want {
		t.Errorf("grid at step 2 shows %d filled cells, want %d", filled, want)
	}
	if got := sortedPoints(marked(st.ed, markHintSet)); !slices.Equal(got, sortedPoints(setPoints(st.steps[1].Sets))) {
		t.Errorf("step 2 highlights %v, want %v", got, setPoints(st.steps[1].Sets))
	}
	test.Tap(st.prev)
	if st.at != 0 || !st.prev.Disabled() {
		t.Fatalf("Previous went to %d", st.at)
	}
	st.list.Select(widget.ListItemID(n - 1))
	if st.at != n-1 || !st.next.Disabled() {
		t.Fatalf("choosing the last step in the list went to %d", st.at)
	}
	// The last step completes the grid with the solution.
	for i, v := range u.ed.puzzle.Cells {
		if v == solver.Empty && st.ed.solution[i] != u.doc.result.Solution[i] {
			t.Fatalf("the last step's grid differs from the solution at cell %d", i)
		}
	}
	test.Tap(st.grid) // read only: a tap must not change the givens
	if !slices.Equal(st.ed.puzzle.Cells, u.ed.puzzle.Cells) {
		t.Errorf("a tap changed the step-through's grid")
	}
}

func TestGeneratePuzzleOpensInPlayMode(t *testing.T) {
	for _, tc := range []struct {
		choice     int
		difficulty solver.Difficulty
	}{
		{choice: 1, difficulty: solver.Easy},   // Takuzu
		{choice: 3, difficulty: solver.Medium}, // Tango, with edge clues
	} {
		c := newPuzzleChoices[tc.choice]
		t.Run(c.label, func(t *testing.T) {
			u := newTestUI(t)
			req := generateRequest{choice: c, rows: 6, cols: 6, difficulty: tc.difficulty, seed: 42}
			u.generate(req)
			u.pending.Wait()
			if !u.ed.playing || !u.timer.running {
				t.Fatalf("generated puzzle not in play mode (clock %v); status %q", u.timer.running, u.status.message())
			}
			p := u.ed.puzzle
			if p.Rows != 6 || p.Cols != 6 || p.Rules != c.rules || u.ed.style != c.style {
				t.Fatalf("generated %d×%d %v in style %s", p.Rows, p.Cols, p.Rules, u.ed.style)
			}
			if (c.style == vision.StyleTango) != (len(p.Edges) > 0) {
				t.Errorf("%s has %d edge clues", c.label, len(p.Edges))
			}
			if res := solver.Solve(p); res.Status != solver.Unique || !slices.Equal(res.Solution, u.doc.result.Solution) {
				t.Fatalf("the generated puzzle solves as %v", res.Status)
			}
			if got, _, err := solver.Grade(p); err != nil || got != tc.difficulty {
				t.Errorf("the generated puzzle grades %v (%v), want %v", got, err, tc.difficulty)
			}
			if len(u.history.records) != 1 || u.history.records[0].Source != "manual" || u.history.records[0].Title != req.what() {
				t.Fatalf("generated puzzle saved as %+v", u.history.records)
			}
			if !strings.Contains(u.subtitle.Text, difficultyLabel(tc.difficulty)) {
				t.Errorf("subtitle %q does not give the grade", u.subtitle.Text)
			}
		})
	}
}

func TestGenerateCancelDropsThePuzzle(t *testing.T) {
	u := newTestUI(t)
	release := make(chan struct{})
	u.generator = func(o solver.GenOptions) (*solver.Puzzle, []solver.Cell, error) {
		<-release
		return solver.Generate(o)
	}
	before := u.doc
	u.generate(generateRequest{choice: newPuzzleChoices[0], rows: 6, cols: 6, difficulty: solver.Easy, seed: 1})
	if u.status.action.Text != "Cancel" || u.status.action.Hidden {
		t.Fatalf("no Cancel offered while generating")
	}
	test.Tap(u.status.action)
	close(release)
	u.pending.Wait()
	if u.doc != before || u.ed.playing {
		t.Fatalf("a cancelled generation replaced the document")
	}
	wantStatus(t, u, levelInfo, "Stopped generating")

	u.generator = func(solver.GenOptions) (*solver.Puzzle, []solver.Cell, error) {
		return nil, nil, solver.ErrGenerate
	}
	u.generate(generateRequest{choice: newPuzzleChoices[0], rows: 6, cols: 6, difficulty: solver.Expert, seed: 1})
	u.pending.Wait()
	wantStatus(t, u, levelError, "Could not generate 3-in-a-Row 6×6 · Expert")
}

func TestPlayTimer(t *testing.T) {
	u := newTestUI(t)
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	u.timer.now = func() time.Time { return now }
	if u.timer.label.Visible() {
		t.Fatalf("the clock shows outside play mode")
	}
	u.openPath(requireFixture(t))
	u.pending.Wait()
	u.togglePlay()
	if !u.timer.running || !u.timer.label.Visible() || u.timer.label.Text != "Time 00:00" {
		t.Fatalf("entering play: running %v, visible %v, %q", u.timer.running, u.timer.label.Visible(), u.timer.label.Text)
	}
	now = now.Add(65 * time.Second)
	u.timer.refresh()
	if u.timer.label.Text != "Time 01:05" {
		t.Errorf("after 65 s the clock reads %q", u.timer.label.Text)
	}

	// Filling every blank correctly stops the clock and shows the time.
	var rest []solver.Placement
	for i, v := range u.ed.puzzle.Cells {
		if v == solver.Empty {
			rest = append(rest, solver.Placement{Row: i / 8, Col: i % 8, Value: u.doc.result.Solution[i]})
		}
	}
	u.ed.fill(rest[1:])
	u.edited()
	if !u.timer.running {
		t.Fatalf("the clock stopped with a cell still blank")
	}
	u.ed.sel = solver.Point{Row: rest[0].Row, Col: rest[0].Col}
	now = now.Add(10 * time.Second)
	test.Type(u.grid, string(rest[0].Value.Char()))
	if u.timer.running {
		t.Fatalf("the clock runs on after the grid was completed")
	}
	wantStatus(t, u, levelSuccess, "Solved in 01:15")
	now = now.Add(time.Hour)
	u.timer.refresh()
	if u.timer.label.Text != "Time 01:15" {
		t.Errorf("the stopped clock moved on to %q", u.timer.label.Text)
	}
	u.togglePlay()
	if u.timer.running || u.timer.label.Visible() {
		t.Errorf("the clock stays after leaving play mode")
	}
}

func TestClock(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{0, "00:00"}, {59*time.Second + 999*time.Millisecond, "00:59"}, {61 * time.Second, "01:01"},
		{59*time.Minute + 59*time.Second, "59:59"}, {time.Hour + 2*time.Minute + 3*time.Second, "1:02:03"},
	} {
		if got := clock(tc.d); got != tc.want {
			t.Errorf("clock(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

func TestPrintPuzzleReadsBack(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	givens := u.ed.puzzle.RowStrings()
	for _, answers := range []bool{false, true} {
		path := filepath.Join(t.TempDir(), "print.png")
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		u.printPuzzle(f, "print.png", answers)
		u.pending.Wait()
		wantStatus(t, u, levelSuccess, "Printed the puzzle to print.png")
		f, err = os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		_, err = png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("print is not a PNG: %v", err)
		}
		if answers {
			continue
		}
		// What the printer drew, the camera's reader reads back.
		r, err := vision.ReadFile(path)
		if err != nil {
			t.Fatalf("reading the print back: %v", err)
		}
		if got := solver.GridRows(r.Cells, r.Rows, r.Cols); !slices.Equal(got, givens) {
			t.Errorf("print reads back as\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(givens, "\n"))
		}
	}
}

func TestDamagedHistoryOffersToMoveAside(t *testing.T) {
	for _, choice := range []string{"Move aside and start a new history", "Continue without history"} {
		t.Run(choice, func(t *testing.T) {
			dir := t.TempDir()
			garbage := []byte(strings.Repeat("this is not an SQLite database\n", 200))
			db := filepath.Join(dir, "binocle.db")
			if err := os.WriteFile(db, garbage, 0o644); err != nil {
				t.Fatal(err)
			}
			a := test.NewTempApp(t)
			w := test.NewTempWindow(t, nil)
			u := newUI(a, w, nil, dir)
			serialiseUI(u)
			w.Resize(fyne.NewSize(1280, 800))
			t.Cleanup(u.close)
			if u.store != nil || u.damagedDialog == nil {
				t.Fatalf("a damaged history opened (store %v) or was not asked about", u.store != nil)
			}
			wantStatus(t, u, levelError, "damaged")
			test.Tap(overlayButton(t, w, choice))

			u.openPath(requireFixture(t))
			u.pending.Wait()
			wantStatus(t, u, levelSuccess, "exactly one solution")
			aside, _ := filepath.Glob(filepath.Join(dir, "binocle.db.corrupt-*"))
			if strings.HasPrefix(choice, "Continue") {
				if u.store != nil || len(aside) != 0 {
					t.Fatalf("Continue opened a history (%v) or moved the file (%v)", u.store != nil, aside)
				}
				if kept, err := os.ReadFile(db); err != nil || string(kept) != string(garbage) {
					t.Errorf("Continue changed the damaged database: %v", err)
				}
				return
			}
			if u.store == nil || len(aside) != 1 {
				t.Fatalf("after moving aside: store %v, moved files %v", u.store != nil, aside)
			}
			if kept, err := os.ReadFile(aside[0]); err != nil || string(kept) != string(garbage) {
				t.Errorf("the damaged database was not kept as it was: %v", err)
			}
			if len(u.history.records) != 1 {
				t.Errorf("the new history holds %d records after a solve, want 1", len(u.history.records))
			}
		})
	}
}

func overlayButton(t *testing.T, w fyne.Window, label string) *widget.Button {
	t.Helper()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog open")
	}
	for _, o := range test.LaidOutObjects(top) {
		if b, ok := o.(*widget.Button); ok && b.Text == label {
			return b
		}
	}
	t.Fatalf("no %q button in the dialog", label)
	return nil
}
