package gui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"golang.org/x/image/font/sfnt"

	"binocle/printout"
	"binocle/solver"
	"binocle/store"
	"binocle/vision"
)

// The tests below each cover one thing a new user hit in the real window.

func TestTapGivesTheGridTheKeyboard(t *testing.T) {
	u := newTestUI(t)
	u.win.Canvas().Unfocus()
	test.TapAt(u.grid, u.grid.geometry().cellPos(solver.Point{Row: 1, Col: 1}).AddXY(5, 5))
	if u.win.Canvas().Focused() != u.grid {
		t.Fatalf("a tap on the grid left the keyboard with %v", u.win.Canvas().Focused())
	}
	test.Type(u.grid, "0")
	if u.ed.puzzle.At(1, 1) != solver.Zero || u.ed.sel != (solver.Point{Row: 1, Col: 2}) {
		t.Fatalf("typing 0 after the tap: cell %c, selection %v; want 0 and the next cell", u.ed.puzzle.At(1, 1).Char(), u.ed.sel)
	}
}

func TestToolbarActionsGiveTheKeyboardBack(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	for _, b := range []*widget.Button{u.solveButton, u.hintButton, u.playButton} {
		u.win.Canvas().Focus(b) // as the desktop driver does on a click
		test.Tap(b)
		u.pending.Wait()
		if u.win.Canvas().Focused() != u.grid {
			t.Fatalf("after %q the keyboard is with %v, not the grid", b.Text, u.win.Canvas().Focused())
		}
	}
}

func TestKeysWithNothingFocusedReachTheGrid(t *testing.T) {
	u := newTestUI(t)
	c := u.win.Canvas()
	c.Unfocus()
	test.TypeOnCanvas(c, "1")
	if u.ed.puzzle.At(0, 0) != solver.One {
		t.Fatalf("a digit typed with nothing focused did not reach the grid")
	}
	c.Unfocus()
	// The test canvas has no shortcut table; this is the handler the
	// window registers for Ctrl+Z.
	u.unfocusedShortcut(&fyne.ShortcutUndo{})
	if u.ed.puzzle.At(0, 0) != solver.Empty {
		t.Fatalf("Ctrl+Z with nothing focused did not undo")
	}
	// A dialog on top keeps its keys.
	u.showKeys()
	c.Unfocus()
	test.TypeOnCanvas(c, "1")
	if u.ed.puzzle.At(0, 0) != solver.Empty {
		t.Fatalf("a digit typed over a dialog changed the grid")
	}
}

func TestArrowAimsBeforeItMovesInEdgeMode(t *testing.T) {
	g, ed := newTestGrid(t, solver.ThreeInARow, 6, 6)
	ed.edgeMode = true
	test.TapAt(g, centre(1, 1)) // selects (1,1), and sets it
	g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	test.Type(g, "=")
	want := []solver.Edge{{R1: 1, C1: 1, R2: 2, C2: 1, Rel: solver.Equal}}
	if fmt.Sprint(ed.puzzle.Edges) != fmt.Sprint(want) || ed.sel != (solver.Point{Row: 1, Col: 1}) {
		t.Fatalf("Down then '=': edges %v, selection %v; want %v with the selection kept", ed.puzzle.Edges, ed.sel, want)
	}
	g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	if ed.sel != (solver.Point{Row: 2, Col: 1}) {
		t.Fatalf("Down again did not move on: selection %v", ed.sel)
	}
	// Outside edge mode an arrow moves at once.
	ed.edgeMode = false
	g.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	if ed.sel != (solver.Point{Row: 2, Col: 2}) {
		t.Fatalf("Right outside edge mode: selection %v", ed.sel)
	}
}

func TestResizeRoundTripShowsBothViews(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	u.win.Resize(fyne.NewSize(800, 600))
	if !u.views.tabs {
		t.Fatalf("an 800×600 window shows the photo and grid side by side")
	}
	u.views.tabView.SelectIndex(1) // the user looks at the grid
	u.win.Resize(fyne.NewSize(1400, 900))
	if u.views.tabs || u.views.split == nil {
		t.Fatalf("a 1400×900 window kept the tabs")
	}
	for name, o := range map[string]fyne.CanvasObject{"photo": u.views.left, "grid": u.views.right} {
		if !o.Visible() || o.Size().Width < 200 {
			t.Errorf("after the round trip the %s is hidden or squeezed (visible %v, %v)", name, o.Visible(), o.Size())
		}
	}
}

func TestHistoryStaysNarrowInASmallWindow(t *testing.T) {
	u := newTestUI(t)
	u.win.Resize(fyne.NewSize(600, 400))
	if w := u.history.content.Size().Width; w > 0.35*600 {
		t.Fatalf("the history takes %.0f of a 600-pixel window", w)
	}
	u.win.Resize(fyne.NewSize(1280, 800))
	if w := u.history.content.Size().Width; w < 0.2*1280 {
		t.Fatalf("the history did not widen again: %.0f of 1280", w)
	}
}

func TestRenameFocusedAndEnterSubmits(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	u.rename()
	e := u.renameEntry
	if e == nil || u.win.Canvas().Focused() != e {
		t.Fatalf("the Rename field does not have the keyboard")
	}
	test.Type(e, "Sunday paper") // types over the selected title
	pressEnter(u, e)
	if topOverlay(u) != nil {
		t.Fatalf("Enter did not close the Rename dialog")
	}
	if u.doc.record.Title != "Sunday paper" || u.history.records[0].Title != "Sunday paper" {
		t.Fatalf("title %q after rename with Enter", u.doc.record.Title)
	}
}

func TestHistorySearchBySizeAndTango(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	tango, err := solver.NewPuzzle(solver.ThreeInARow, 6, 6)
	if err != nil {
		t.Fatal(err)
	}
	tango.Edges = []solver.Edge{{R1: 0, C1: 0, R2: 0, C2: 1, Rel: solver.Equal}}
	if _, err := u.store.Save(store.RecordFromPuzzle(tango, "manual"), nil); err != nil {
		t.Fatal(err)
	}
	h := u.history
	cases := []struct {
		search, rules string
		want          int
		empty         string // what the empty list says, when want is 0
	}{
		{"8x8", anyRules, 1, ""},
		{"8 × 8", anyRules, 1, ""},
		{"6X6", anyRules, 1, ""},
		{"9x9", anyRules, 0, "Nothing matches “9x9”"},
		{"", tangoFilter, 1, ""},
		{"8x8", tangoFilter, 0, "Nothing matches"},
		{"", anyRules, 2, ""},
	}
	for _, c := range cases {
		h.rulesFilter.SetSelected(c.rules)
		h.search.SetText(c.search)
		if len(h.records) != c.want {
			t.Errorf("search %q, rules %q: %d entries, want %d", c.search, c.rules, len(h.records), c.want)
		}
		if c.want == 0 && (h.empty.Hidden || !strings.Contains(h.empty.Text, c.empty)) {
			t.Errorf("search %q: empty list says %q (shown %v), want %q", c.search, h.empty.Text, !h.empty.Hidden, c.empty)
		}
		if c.want > 0 && !h.empty.Hidden {
			t.Errorf("search %q: the empty message shows over %d entries", c.search, c.want)
		}
	}
}

// TestHelpTextsUseGlyphsTheFontHas: the Keyboard help, and later the
// status bar's suggested fixes, showed "→�" where the theme's font has no
// arrow.
func TestHelpTextsUseGlyphsTheFontHas(t *testing.T) {
	test.NewTempApp(t)
	f, err := sfnt.Parse(theme.TextFont().Content())
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	// The glyph legends' ■ ○ ● come from the system's fonts; the help is
	// prose and must not depend on them.
	changes := []string{
		changeWords(solver.Change{Kind: "cell", From: ".", To: "1", P: 0.4}),
		changeWords(solver.Change{Kind: "clue", From: "", To: "x", P: 0.3}),
	}
	for name, text := range map[string]string{
		"keyboard help":    keysHelp,
		"a suggested fix":  fixMessage("Solved.", changes, 2),
		"a rival reading":  rivalMessage("Solved.", changes, 2),
		"a suggestion's ×": clueWord("x"),
	} {
		for _, r := range text {
			if r == '\n' {
				continue
			}
			if g, err := f.GlyphIndex(&buf, r); err != nil || g == 0 {
				t.Errorf("%s: the theme font has no %q (U+%04X)", name, r, r)
			}
		}
	}
}

func TestNewDialogStartsOnTheToolbarsRules(t *testing.T) {
	u := newTestUI(t) // starts on an empty Takuzu grid
	u.ed.style = vision.StyleDigits
	u.showNewDialog()
	var rules *widget.Select
	walk(topOverlay(u), func(o fyne.CanvasObject) {
		if s, ok := o.(*widget.Select); ok && rules == nil {
			rules = s
		}
	})
	if rules == nil || !strings.HasPrefix(rules.Selected, rulesNames[solver.Takuzu]) {
		t.Fatalf("the New dialog offers %q while the grid is Takuzu", rules.Selected)
	}
	cases := []struct {
		choice  int
		current vision.Style
		want    vision.Style
	}{
		{0, vision.StyleDigits, vision.StyleDigits},             // 3-in-a-Row keeps the user's digits
		{1, vision.StyleSquareCircle, vision.StyleSquareCircle}, // Takuzu keeps squares
		{2, vision.StyleDigits, vision.StyleXOI},                // Troix needs X O I
		{3, vision.StyleDigits, vision.StyleTango},              // Tango draws suns and moons
		{0, vision.StyleXOI, vision.StyleSquareCircle},          // back from Troix: the rules' own
	}
	for _, c := range cases {
		if got := keptStyle(newPuzzleChoices[c.choice], c.current); got != c.want {
			t.Errorf("%s from %s: style %s, want %s", newPuzzleChoices[c.choice].label, c.current, got, c.want)
		}
	}
}

func walk(o fyne.CanvasObject, visit func(fyne.CanvasObject)) {
	if o == nil {
		return
	}
	visit(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walk(c, visit)
		}
	case fyne.Widget:
		r := test.WidgetRenderer(x)
		for _, c := range r.Objects() {
			walk(c, visit)
		}
	}
}

// editCell sets a given the way a click does and waits for what follows.
func editCell(t *testing.T, u *ui, pt solver.Point, v solver.Cell) {
	t.Helper()
	changed := false
	u.do(func() {
		u.ed.sel = pt
		if changed = u.ed.set(pt, v); changed {
			u.edited()
		}
	})
	if !changed {
		t.Fatalf("setting %v to %c changed nothing", pt, v.Char())
	}
	u.pending.Wait()
}

func TestEditClearsTheBadgeAndRedrawsThePhoto(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	if u.status.result.Text == "" {
		t.Fatalf("no result badge after the solve")
	}
	before := u.doc.readImage
	editCell(t, u, solver.Point{Row: 0, Col: 2}, solver.One)
	if u.status.result.Text != "" {
		t.Errorf("the badge still says %q after an edit", u.status.result.Text)
	}
	if u.doc.readImage == nil || u.doc.readImage == before || u.photo.img != u.doc.readImage {
		t.Errorf("the photo still shows the reading from before the correction")
	}
}

func TestBrokenCorrectionDoesNotOverwriteTheSavedAnswer(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	id := u.doc.record.ID
	// A given that breaks no rule by itself but leaves no solution.
	pt, v := breakingCell(t, u.ed.puzzle)
	editCell(t, u, pt, v)
	u.do(u.solve)
	u.pending.Wait()
	if u.doc.result == nil || u.doc.result.Status != solver.None {
		t.Fatalf("setup: the broken grid solved as %+v", u.doc.result)
	}
	rec, err := u.store.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Status != "unique" {
		t.Fatalf("the entry was saved over as %q without asking", rec.Status)
	}
	if u.status.action.Hidden || u.status.action.Text != "Save anyway" {
		t.Fatalf("no Save anyway offered; status %q", u.status.message())
	}
	u.do(func() { test.Tap(u.status.action) })
	u.pending.Wait()
	if rec, _ = u.store.Get(id); rec.Status != "none" {
		t.Fatalf("Save anyway left the entry %q", rec.Status)
	}
}

// breakingCell finds a blank cell and a value that pass the rules as
// givens but leave the puzzle with no solution.
func breakingCell(t *testing.T, p *solver.Puzzle) (solver.Point, solver.Cell) {
	t.Helper()
	for i, c := range p.Cells {
		if c != solver.Empty {
			continue
		}
		for _, v := range []solver.Cell{solver.Zero, solver.One} {
			q := p.Clone()
			q.Cells[i] = v
			if q.Validate() == nil && solver.Solve(q).Status == solver.None {
				return solver.Point{Row: i / p.Cols, Col: i % p.Cols}, v
			}
		}
	}
	t.Fatalf("no single given breaks this puzzle")
	return solver.Point{}, 0
}

func TestSamePhotoTwiceKeepsOneEntry(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	editCell(t, u, solver.Point{Row: 0, Col: 2}, solver.Zero)
	u.do(u.solve)
	u.pending.Wait()
	u.openPath(requireFixture(t))
	u.pending.Wait()
	if n := len(u.history.records); n != 1 {
		t.Fatalf("opening the photo again made %d entries", n)
	}
	if u.ed.puzzle.At(0, 2) != solver.Zero {
		t.Errorf("the reopened entry lost the correction")
	}
	if u.status.action.Hidden || u.status.action.Text != "Read again" {
		t.Fatalf("no Read again offered; status %q", u.status.message())
	}
	u.do(func() { test.Tap(u.status.action) })
	u.pending.Wait()
	if n := len(u.history.records); n != 1 || u.ed.puzzle.At(0, 2) != solver.Empty {
		t.Fatalf("Read again: %d entries, cell %c; want one entry read afresh", n, u.ed.puzzle.At(0, 2).Char())
	}
}

func TestHintSaysItStartsPlay(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	u.do(u.hint)
	u.pending.Wait()
	if !u.ed.playing || !strings.Contains(u.status.message(), "Switched to Play mode") {
		t.Fatalf("Hint from edit mode: playing %v, status %q", u.ed.playing, u.status.message())
	}
	u.do(u.hint)
	u.pending.Wait()
	if strings.Contains(u.status.message(), "Switched") {
		t.Errorf("the second hint repeats the notice: %q", u.status.message())
	}
}

func TestClosingStepsKeepsTheHintsApply(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	u.do(u.hint)
	u.pending.Wait()
	step := u.hintStep
	if step == nil || u.status.action.Hidden {
		t.Fatalf("setup: no hint with Apply")
	}
	u.do(u.showSteps)
	u.pending.Wait()
	u.steps.dlg.Hide()
	if u.hintStep == nil || u.hintStep.Name != step.Name || u.status.action.Hidden || u.status.action.Text != "Apply" {
		t.Fatalf("after closing Steps: Apply shown %v, status %q", !u.status.action.Hidden, u.status.message())
	}
	test.Tap(u.status.action)
	for _, s := range step.Sets {
		if u.ed.play[s.Row*u.ed.puzzle.Cols+s.Col] != s.Value {
			t.Fatalf("Apply after Steps did not fill r%dc%d", s.Row+1, s.Col+1)
		}
	}
}

// TestTangoWithSeveralSolutionsSaysCluesAreMissing reads a printed Tango
// whose clues were left out, as a reader that misses them would see it.
func TestTangoWithSeveralSolutionsSaysCluesAreMissing(t *testing.T) {
	p, _, err := solver.Generate(solver.GenOptions{Rules: solver.ThreeInARow, Rows: 6, Cols: 6, Edges: true, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	p.Edges = nil
	if n, _ := solver.Count(p, 2); n < 2 {
		t.Skip("this seed's puzzle stays unique without its clues")
	}
	data, err := printout.RenderPuzzle(p, vision.StyleTango, printout.PrintOptions{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "tango.png")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	u := newTestUI(t)
	u.openPath(path)
	u.pending.Wait()
	if u.ed.style != vision.StyleTango || u.doc.result == nil || u.doc.result.Status != solver.Multiple {
		t.Fatalf("setup: style %s, result %+v", u.ed.style, u.doc.result)
	}
	if !strings.Contains(u.status.message(), "clues were probably missed") {
		t.Errorf("several solutions on a Tango board: status %q says nothing of missed clues", u.status.message())
	}
	if u.doc.auto || u.doc.result.Rules != solver.ThreeInARow || strings.Contains(u.history.records[0].Title, "Takuzu") {
		t.Errorf("a Tango board solved as %s (auto %v), titled %q", u.doc.result.Rules, u.doc.auto, u.history.records[0].Title)
	}
}

// TestLongSolveOffersCancel: a solve that runs on gets a Cancel button,
// and Cancel stops it.
func TestLongSolveOffersCancel(t *testing.T) {
	u := newTestUI(t)
	started := make(chan struct{})
	u.solver = func(ctx context.Context, p *solver.Puzzle, auto bool) (solver.Result, error) {
		close(started)
		<-ctx.Done()
		return solver.Result{}, ctx.Err()
	}
	u.do(u.solve)
	<-started
	offered := func() (shown bool) {
		u.do(func() { shown = !u.status.action.Hidden && u.status.action.Text == "Cancel" })
		return shown
	}
	for i := 0; !offered(); i++ {
		if i > 200 {
			t.Fatalf("no Cancel offered while the solve ran on")
		}
		time.Sleep(20 * time.Millisecond)
	}
	u.do(func() { test.Tap(u.status.action) })
	u.pending.Wait()
	wantStatus(t, u, levelInfo, "Solve cancelled")
	if u.doc.result != nil {
		t.Errorf("a cancelled solve left a result")
	}
}

// plantMisread makes the open photo's reading hold one given read as the
// other symbol, doubtfully, as a reader's slip would: the rules can see
// it (no unique solution), and the grid is not the user's correction.
func plantMisread(t *testing.T, u *ui) (solver.Point, solver.Cell) {
	t.Helper()
	return plantFlip(t, u, func(q *solver.Puzzle) bool { return solver.Solve(q).Status != solver.Unique })
}

// plantFlip reads the first given of the open photo for which flipped
// says yes as the other symbol, at even odds, and solves.
func plantFlip(t *testing.T, u *ui, flipped func(q *solver.Puzzle) bool) (solver.Point, solver.Cell) {
	t.Helper()
	var found bool
	var pt solver.Point
	var was solver.Cell
	u.do(func() {
		ed := u.ed
		for i, v := range ed.puzzle.Cells {
			if v == solver.Empty {
				continue
			}
			q := ed.puzzle.Clone()
			q.Cells[i] = 1 - v
			if q.Validate() != nil || !flipped(q) {
				continue
			}
			conf := append([]float64(nil), ed.confidence...)
			conf[i] = 0.55
			ed.puzzle.Cells[i] = 1 - v
			ed.setReading(ed.puzzle.Cells, conf)
			pt, was, found = solver.Point{Row: i / ed.puzzle.Cols, Col: i % ed.puzzle.Cols}, v, true
			u.solve()
			return
		}
	})
	if !found {
		t.Fatalf("no given of the fixture reads as wanted when flipped")
	}
	u.pending.Wait()
	return pt, was
}

func TestSuggestedFixesShowAndApply(t *testing.T) {
	for _, one := range []bool{false, true} {
		u := newTestUI(t)
		u.openPath(requireFixture(t))
		u.pending.Wait()
		pt, was := plantMisread(t, u)
		if u.suggestion == nil || u.ed.marks[u.ed.index(pt)]&markSuggested == 0 {
			t.Fatalf("no fix suggested at %v; status %q", pt, u.status.message())
		}
		if len(u.photo.marked) != 1 || u.photo.marked[0] != pt {
			t.Errorf("the photo marks %v, want the suggested cell", u.photo.marked)
		}
		if u.status.action.Hidden || u.status.action.Text != "Accept fixes" || !strings.Contains(u.status.message(), "suggest") {
			t.Fatalf("status %q offers %q", u.status.message(), u.status.action.Text)
		}
		if one {
			// A click on the orange cell applies that fix alone.
			u.do(func() {
				test.TapAt(u.grid, u.grid.geometry().cellPos(pt).AddXY(u.grid.geometry().cell/2, u.grid.geometry().cell/2))
			})
		} else {
			u.do(func() { test.Tap(u.status.action) })
		}
		u.pending.Wait()
		if got := u.ed.puzzle.At(pt.Row, pt.Col); got != was {
			t.Fatalf("one=%v: the fix left %v as %c, want %c", one, pt, got.Char(), was.Char())
		}
		if u.doc.result == nil || u.doc.result.Status != solver.Unique || u.suggestion != nil || len(u.photo.marked) != 0 {
			t.Fatalf("one=%v: after the fix: result %+v, suggestion %v, photo marks %v", one, u.doc.result, u.suggestion, u.photo.marked)
		}
	}
}

// TestRivalReadingWarns plants on the open photo's reading one given read
// as the other symbol, doubtfully, where that reading still has one
// answer, another: the app shows that answer, but warns that the doubted
// cell decides it, marks the cell on the grid and the photo, and Accept
// fixes switches to the rival reading and its answer.
func TestRivalReadingWarns(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	var answer []solver.Cell
	u.do(func() { answer = slices.Clone(u.doc.result.Solution) })
	pt, was := plantFlip(t, u, func(q *solver.Puzzle) bool { return solver.SolveAuto(q).Status == solver.Unique })
	u.do(func() {
		if u.doc.result == nil || u.doc.result.Status != solver.Unique || slices.Equal(u.doc.result.Solution, answer) {
			t.Fatalf("the planted reading's solve: %+v", u.doc.result)
		}
		if u.suggestion == nil || u.ed.marks[u.ed.index(pt)]&markSuggested == 0 || len(u.photo.marked) != 1 || u.photo.marked[0] != pt {
			t.Fatalf("no rival marked at %v; status %q", pt, u.status.message())
		}
		if u.status.action.Hidden || u.status.action.Text != "Accept fixes" || !strings.Contains(u.status.message(), "Doubtful reading") ||
			!strings.Contains(u.status.message(), fmt.Sprintf("r%dc%d", pt.Row+1, pt.Col+1)) {
			t.Fatalf("status %q offers %q", u.status.message(), u.status.action.Text)
		}
		test.Tap(u.status.action)
	})
	u.pending.Wait()
	u.do(func() {
		if got := u.ed.puzzle.At(pt.Row, pt.Col); got != was {
			t.Fatalf("the rival left %v as %c, want %c", pt, got.Char(), was.Char())
		}
		if u.doc.result == nil || u.doc.result.Status != solver.Unique || !slices.Equal(u.doc.result.Solution, answer) {
			t.Fatalf("after switching to the rival: %+v", u.doc.result)
		}
		if u.suggestion != nil {
			t.Fatalf("a rival is still shown after the user settled the cell: %q", u.status.message())
		}
	})
}

// TestSuggestedClueFixShowsAndApplies shows a suggestion that adds a clue
// the reader missed: the site is drawn in the suggestion colour on the
// grid and ringed on the photo, and a tap on it applies it.
func TestSuggestedClueFixShowsAndApplies(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	var a, b solver.Point
	u.do(func() {
		sol := u.doc.result.Solution
		cols := u.ed.puzzle.Cols
		// The first pair of row neighbours the answer makes equal: an
		// '=' there agrees with the one answer.
		for i := 0; i+1 < len(sol); i++ {
			if (i+1)%cols != 0 && sol[i] == sol[i+1] {
				a, b = solver.Point{Row: i / cols, Col: i % cols}, solver.Point{Row: i / cols, Col: i%cols + 1}
				break
			}
		}
		u.showSuggestion(&solver.Suggestion{Changes: []solver.Change{
			{Kind: "clue", Row: a.Row, Col: a.Col, Row2: b.Row, Col2: b.Col, From: "", To: "=", P: 0.3},
		}}, fixMessage)
	})
	u.do(func() {
		if len(u.ed.suggestedClues) != 1 || len(u.photo.markedSites) != 1 || u.photo.markedSites[0] != [2]solver.Point{a, b} {
			t.Fatalf("suggested clues %v on the grid, %v on the photo", u.ed.suggestedClues, u.photo.markedSites)
		}
		if !strings.Contains(u.status.message(), fmt.Sprintf("the clue between r%dc%d and r%dc%d from none to =", a.Row+1, a.Col+1, b.Row+1, b.Col+1)) {
			t.Fatalf("status %q does not name the clue", u.status.message())
		}
		gm := u.grid.geometry()
		// Just inside a, a tenth of a cell from the line it shares with b.
		test.TapAt(u.grid, gm.cellPos(a).AddXY(gm.cell*0.9, gm.cell/2))
	})
	u.pending.Wait()
	u.do(func() {
		rel, ok := u.ed.edgeAt(a, b)
		if !ok || rel != solver.Equal {
			t.Fatalf("after the tap the site holds %v (present %v), want '='", rel, ok)
		}
		if u.suggestion != nil || len(u.ed.suggestedClues) != 0 || len(u.photo.markedSites) != 0 {
			t.Fatalf("the applied suggestion is still shown")
		}
		if u.doc.result == nil || u.doc.result.Status != solver.Unique {
			t.Fatalf("after the fix the solve is %+v", u.doc.result)
		}
	})
}
