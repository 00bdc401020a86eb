package gui

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"

	"binocle/internal/halfplayed"
	"binocle/solver"
	"binocle/store"
	"binocle/vision"
)

// fixturePhoto is the committed synthetic newspaper photo (8×8,
// square-circle, tilted and rotated) that the smoke test also opens.
const fixturePhoto = "../testdata/photo-newspaper.jpg"

// fixtureGivens is what is printed in the fixture, from the generator's
// truth file: the puzzle halfplayed.Newspaper draws half played.
var fixtureGivens = halfplayed.Newspaper().Givens

// newTestUI is the whole window on the headless test driver, with its
// history in a temporary directory.
func newTestUI(t *testing.T) *ui {
	t.Helper()
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	u := newUI(a, w, nil, t.TempDir())
	serialiseUI(u)
	w.Resize(fyne.NewSize(1280, 800))
	t.Cleanup(u.close)
	if u.storeErr != nil {
		t.Fatalf("history did not open: %v", u.storeErr)
	}
	return u
}

// serialiseUI stands in for the UI goroutine that Fyne's test driver does
// not have: background results run one at a time, even when one result
// starts another job, and the play clock's ticker stays off (tests move
// the clock by hand).
func serialiseUI(u *ui) {
	var mu sync.Mutex
	u.do = func(f func()) {
		mu.Lock()
		defer mu.Unlock()
		f()
	}
	u.timer.live = false
}

func requireFixture(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat(fixturePhoto); err != nil {
		t.Fatalf("fixture photo missing: %v", err)
	}
	return fixturePhoto
}

func wantStatus(t *testing.T, u *ui, l level, contains string) {
	t.Helper()
	if u.status.level != l || !strings.Contains(u.status.message(), contains) {
		t.Fatalf("status is %q (level %d), want level %d containing %q", u.status.message(), u.status.level, l, contains)
	}
}

func TestOpenPhotoReadsSolvesAndSaves(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()

	if got := u.ed.puzzle.RowStrings(); strings.Join(got, "/") != strings.Join(fixtureGivens, "/") {
		t.Fatalf("read givens\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(fixtureGivens, "\n"))
	}
	wantStatus(t, u, levelSuccess, "exactly one solution")
	if u.doc.result == nil || u.doc.result.Status != solver.Unique {
		t.Fatalf("result %+v, want unique", u.doc.result)
	}
	if err := solver.CheckSolution(u.ed.puzzle, u.ed.solution); err != nil {
		t.Fatalf("the grid shows a wrong solution: %v", err)
	}
	if u.doc.overlay == nil || u.photo.img != u.doc.overlay {
		t.Fatalf("the photo view does not show the solved overlay")
	}
	if u.ed.style != vision.StyleSquareCircle {
		t.Errorf("glyph style %q, want the photo's square-circle", u.ed.style)
	}
	if len(u.history.records) != 1 || u.history.records[0].PhotoHash == "" {
		t.Fatalf("history has %d records (%+v), want the solve saved with its photo", len(u.history.records), u.history.records)
	}
	if u.store.ThumbnailPath(u.history.records[0].PhotoHash) == "" {
		t.Errorf("no thumbnail for the saved photo")
	}
	if recent := u.recentFiles(); len(recent) == 0 || filepath.Base(recent[0]) != "photo-newspaper.jpg" {
		t.Errorf("recent files %v, want the photo first", recent)
	}

	// A tap on the photo, at the centre of a cell as drawn in perspective,
	// selects that cell in the grid.
	for _, want := range []solver.Point{{Row: 3, Col: 4}, {Row: 7, Col: 0}, {Row: 0, Col: 7}} {
		test.TapAt(u.photo, u.photo.toWidget(float64(want.Col)+0.5, float64(want.Row)+0.5))
		if u.ed.sel != want {
			t.Fatalf("tap on the photo's cell %v selected %v", want, u.ed.sel)
		}
	}

	// Correcting a given drops the stale answer and overlay; solving again
	// updates the same history entry and records the correction.
	u.ed.sel = solver.Point{Row: 0, Col: 1}
	u.grid.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	if u.ed.solution != nil || u.photo.img == u.doc.overlay {
		t.Fatalf("after a correction the old solution is still shown")
	}
	wantStatus(t, u, levelInfo, "Ready to solve")
	u.solve()
	u.pending.Wait()
	if len(u.history.records) != 1 {
		t.Fatalf("re-solve made %d history records, want the entry updated", len(u.history.records))
	}
	rec := u.history.records[0]
	if len(rec.Corrected) != 1 || rec.Corrected[0] != (solver.Point{Row: 0, Col: 1}) {
		t.Errorf("corrections saved as %v, want [{0 1}]", rec.Corrected)
	}
	u.openRecord(rec.ID)
	u.pending.Wait()
	if got := u.ed.corrected(); len(got) != 1 || got[0] != (solver.Point{Row: 0, Col: 1}) {
		t.Errorf("reopened entry shows corrections %v, want [{0 1}]", got)
	}
}

// A photo larger than the screen is shown reduced; taps on it still find
// their cells, and Export still draws at the photo's own size.
func TestLargePhotoShownReduced(t *testing.T) {
	path, _ := scaledFixture(t, 2048, 1536)
	u := newTestUI(t)
	u.openPath(path)
	u.pending.Wait()
	wantStatus(t, u, levelSuccess, "exactly one solution")
	if b := u.photo.img.Bounds(); max(b.Dx(), b.Dy()) != displaySide || u.photo.img != u.doc.overlay {
		t.Fatalf("the photo pane shows %v (overlay %v), want the overlay at %d px", b, u.photo.img == u.doc.overlay, displaySide)
	}
	if want := float64(displaySide) / 2048; math.Abs(u.doc.scale-want) > 1e-9 {
		t.Errorf("display scale %v, want %v", u.doc.scale, want)
	}
	if c := u.doc.reading.Corners[2]; c[0] < 1024 {
		t.Errorf("the reading's corners %v are not in the photo's own pixels", u.doc.reading.Corners)
	}
	for _, want := range []solver.Point{{Row: 3, Col: 4}, {Row: 7, Col: 0}, {Row: 0, Col: 7}} {
		test.TapAt(u.photo, u.photo.toWidget(float64(want.Col)+0.5, float64(want.Row)+0.5))
		if u.ed.sel != want {
			t.Fatalf("tap on the photo's cell %v selected %v", want, u.ed.sel)
		}
	}
	var out bytes.Buffer
	if err := encodeExport(nopWriteCloser{&out}, nil, u.doc.photo, u.doc.reading, u.ed.puzzle, u.doc.result.Solution); err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(&out)
	if err != nil || cfg.Width != 2048 || cfg.Height != 1536 {
		t.Errorf("export: %v, %dx%d; want the photo's 2048x1536", err, cfg.Width, cfg.Height)
	}
	// Reopened from the history, the photo is redrawn at display size too.
	u.openRecord(u.history.records[0].ID)
	u.pending.Wait()
	if b := u.photo.img.Bounds(); max(b.Dx(), b.Dy()) != displaySide || math.Abs(u.doc.scale-float64(displaySide)/2048) > 1e-9 {
		t.Errorf("reopened: shows %v at scale %v", b, u.doc.scale)
	}
	test.TapAt(u.photo, u.photo.toWidget(4.5, 3.5))
	if u.ed.sel != (solver.Point{Row: 3, Col: 4}) {
		t.Errorf("reopened: tap on cell (3,4) selected %v", u.ed.sel)
	}
}

func TestExportPNG(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	for _, typed := range []bool{false, true} {
		if typed {
			u.openPuzzle("typed", "manual", u.ed.puzzle.Clone(), true)
			u.pending.Wait()
		}
		path := filepath.Join(t.TempDir(), "out.png")
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		u.exportPNG(f, "out.png")
		u.pending.Wait()
		wantStatus(t, u, levelSuccess, "Exported out.png")
		f, err = os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("export is not a PNG: %v", err)
		}
		// The photo exports at its own size; a typed grid at 48 px a cell.
		want := image.Pt(1024, 768)
		if typed {
			want = image.Pt(8*48, 8*48)
		}
		if got := img.Bounds().Size(); got != want {
			t.Errorf("typed=%v: exported %v, want %v", typed, got, want)
		}
	}
}

func TestOpenTextPuzzleAndDrop(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	want := append([]solver.Cell(nil), u.ed.solution...)

	path := filepath.Join(t.TempDir(), "puzzle.txt")
	if err := os.WriteFile(path, []byte(solver.FormatText(u.ed.puzzle)), 0o644); err != nil {
		t.Fatal(err)
	}
	u.dropped(fyne.NewPos(10, 10), []fyne.URI{storage.NewFileURI(path)})
	u.pending.Wait()
	if u.doc.source != "text" || u.doc.photo != nil {
		t.Fatalf("dropped text file opened as source %q with a photo: %v", u.doc.source, u.doc.photo != nil)
	}
	wantStatus(t, u, levelSuccess, "exactly one solution")
	if !u.views.leftHidden {
		t.Errorf("a typed puzzle keeps an empty photo pane")
	}
	if solver.GridRows(u.ed.solution, 8, 8)[3] != solver.GridRows(want, 8, 8)[3] {
		t.Errorf("the text puzzle solved differently from the photo")
	}
	if got := u.recentFiles(); len(got) != 2 || got[0] != path {
		t.Errorf("recent files %v, want the text file first then the photo", got)
	}
	u.openPath(requireFixture(t))
	u.pending.Wait()
	if got := u.recentFiles(); len(got) != 2 || filepath.Base(got[0]) != "photo-newspaper.jpg" {
		t.Errorf("reopening moved the recent list to %v, want the photo first and no duplicate", got)
	}
}

func TestOpenErrorsSayWhichFile(t *testing.T) {
	u := newTestUI(t)
	dir := t.TempDir()
	garbage := filepath.Join(dir, "notes.jpg")
	os.WriteFile(garbage, []byte("not an image at all"), 0o644)
	u.openPath(garbage)
	u.pending.Wait()
	wantStatus(t, u, levelError, "notes.jpg")

	u.openPath(filepath.Join(dir, "missing.png"))
	u.pending.Wait()
	wantStatus(t, u, levelError, "missing.png")

	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("rules: takuzu\n1.\n0.z\n"), 0o644)
	u.openPath(bad)
	u.pending.Wait()
	wantStatus(t, u, levelError, "bad.txt")
}

func TestManualEntryValidatesAndSolves(t *testing.T) {
	u := newTestUI(t)
	if err := u.newPuzzle(solver.ThreeInARow, 6, 6, vision.StyleSquareCircle); err != nil {
		t.Fatal(err)
	}
	test.Type(u.grid, "111")
	// Typing does not move the selection: three 1s need three cells.
	u.ed.sel = solver.Point{Row: 0, Col: 1}
	test.Type(u.grid, "1")
	u.ed.sel = solver.Point{Row: 0, Col: 2}
	test.Type(u.grid, "1")
	wantStatus(t, u, levelError, "break a rule")
	if n := u.ed.count(markRuleError); n < 3 {
		t.Fatalf("%d cells marked for the broken rule, want the three in a row", n)
	}
	u.solve()
	u.pending.Wait()
	if u.doc.result != nil {
		t.Fatalf("solved a grid whose givens break a rule")
	}
	u.grid.TypedShortcut(&fyne.ShortcutUndo{})
	wantStatus(t, u, levelInfo, "Ready to solve")
	if u.ed.count(markRuleError) != 0 {
		t.Errorf("rule marks stay after the undo fixed the grid")
	}

	// An almost empty grid has several solutions: the window shows one and
	// marks where another differs.
	u.solve()
	u.pending.Wait()
	wantStatus(t, u, levelWarning, "More than one solution")
	if n := u.ed.count(markDiffer); n == 0 || n != len(u.doc.result.Differ) {
		t.Fatalf("%d cells marked as differing, want the result's %d", n, len(u.doc.result.Differ))
	}
	if len(u.history.records) != 1 || u.history.records[0].Status != "multiple" {
		t.Errorf("the multiple-solution solve was not saved")
	}
}

func TestNoSolutionShowsContradiction(t *testing.T) {
	u := newTestUI(t)
	if err := u.newPuzzle(solver.ThreeInARow, 4, 4, vision.StyleTango); err != nil {
		t.Fatal(err)
	}
	if !u.ed.edgeMode {
		t.Fatalf("a new Tango grid should start in edge mode")
	}
	// (0,0) = (0,1) = (0,2) forces three equal cells in a row.
	test.Type(u.grid, "=")
	u.ed.sel = solver.Point{Row: 0, Col: 1}
	test.Type(u.grid, "=")
	wantStatus(t, u, levelInfo, "Ready to solve")
	u.solve()
	u.pending.Wait()
	wantStatus(t, u, levelError, "No solution")
	if u.doc.result.Contradiction == nil || u.ed.count(markContradiction) == 0 {
		t.Errorf("the contradiction's cells are not highlighted")
	}
}

func TestPlayCheckAndReveal(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	solution := append([]solver.Cell(nil), u.ed.solution...)
	u.togglePlay()
	if !u.ed.playing {
		t.Fatalf("play mode did not start")
	}
	if v, kind := u.ed.value(solver.Point{Row: 0, Col: 2}); kind != kindEmpty {
		t.Fatalf("play mode shows the solution (%c) in a blank cell", v.Char())
	}
	if u.photo.img == u.doc.overlay {
		t.Fatalf("play mode shows the solved overlay on the photo")
	}
	// (0,2) is blank in the fixture: enter the wrong symbol there.
	i := 2
	wrong := "1"
	if solution[i] == solver.One {
		wrong = "0"
	}
	u.ed.sel = solver.Point{Row: 0, Col: 2}
	test.Type(u.grid, wrong)
	u.check()
	wantStatus(t, u, levelError, "1 mistake")
	if u.ed.marks[i]&markMistake == 0 {
		t.Fatalf("the wrong entry is not marked")
	}
	u.ed.sel = solver.Point{Row: 0, Col: 2} // typing moved on; the user comes back
	u.revealOne()
	if u.ed.play[i] != solution[i] || u.ed.marks[i]&markMistake != 0 {
		t.Fatalf("reveal did not fix the selected wrong cell")
	}
	u.check()
	wantStatus(t, u, levelSuccess, "No mistakes so far")
	u.togglePlay()
	if u.ed.playing || u.ed.solution == nil {
		t.Errorf("leaving play mode did not bring the solution back")
	}
}

func TestHistoryReopenRenameDeleteUndoExportImport(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	id := u.history.records[0].ID
	if err := u.newPuzzle(solver.Takuzu, 6, 6, vision.StyleDigits); err != nil {
		t.Fatal(err)
	}

	u.history.list.Select(0)
	u.pending.Wait()
	if u.doc.record == nil || u.doc.record.ID != id {
		t.Fatalf("selecting the entry did not reopen it")
	}
	if strings.Join(u.ed.puzzle.RowStrings(), "/") != strings.Join(fixtureGivens, "/") || u.ed.solution == nil {
		t.Fatalf("reopened grid is %v with solution %v", u.ed.puzzle.RowStrings(), u.ed.solution != nil)
	}
	if u.doc.photo == nil || u.doc.reading == nil || u.photo.img != u.doc.overlay || u.doc.overlay == nil {
		t.Fatalf("reopened entry does not show its photo with the overlay")
	}

	u.updateRecord(func(r *store.Record) { r.Title = "Sunday paper" })
	u.updateRecord(func(r *store.Record) { r.Notes = "took 20 minutes" })
	if u.title.Text != "Sunday paper" || u.history.records[0].Notes != "took 20 minutes" {
		t.Fatalf("rename/notes: title %q, notes %q", u.title.Text, u.history.records[0].Notes)
	}
	u.history.search.SetText("sunday")
	if len(u.history.records) != 1 {
		t.Errorf("search for the new title found %d entries", len(u.history.records))
	}
	u.history.search.SetText("minutes")
	if len(u.history.records) != 1 {
		t.Errorf("search in notes found %d entries", len(u.history.records))
	}
	u.history.search.SetText("monday")
	if len(u.history.records) != 0 {
		t.Errorf("search for a missing word found %d entries", len(u.history.records))
	}
	u.history.search.SetText("")
	u.history.statusFilter.SetSelected(statusNames["none"])
	if len(u.history.records) != 0 {
		t.Errorf("the no-solution filter lists the unique solve")
	}
	u.history.statusFilter.SetSelected(anyStatus)

	archive := filepath.Join(t.TempDir(), "history.zip")
	f, err := os.Create(archive)
	if err != nil {
		t.Fatal(err)
	}
	u.history.exportTo(f, "history.zip")
	u.pending.Wait()
	wantStatus(t, u, levelSuccess, "exported")

	u.history.delete(id)
	if len(u.history.records) != 0 || u.doc.record != nil {
		t.Fatalf("delete left %d entries", len(u.history.records))
	}
	wantStatus(t, u, levelInfo, "Deleted")
	if u.status.action.Hidden {
		t.Fatalf("no Undo offered after the delete")
	}
	test.Tap(u.status.action)
	if len(u.history.records) != 1 || u.history.records[0].ID != id || u.history.records[0].Title != "Sunday paper" {
		t.Fatalf("undo did not restore the entry: %+v", u.history.records)
	}

	other := newTestUI(t)
	other.history.importFile(archive)
	other.pending.Wait()
	wantStatus(t, other, levelSuccess, "Imported 1 entry")
	if len(other.history.records) != 1 || other.history.records[0].Title != "Sunday paper" {
		t.Fatalf("import gave %+v", other.history.records)
	}
}

func TestNarrowWindowUsesTabs(t *testing.T) {
	u := newTestUI(t)
	u.win.Resize(fyne.NewSize(1280, 800))
	if u.views.tabs {
		t.Fatalf("a wide window shows tabs")
	}
	u.views.Resize(fyne.NewSize(500, 600))
	if !u.views.tabs {
		t.Fatalf("a narrow main area shows the photo and grid side by side")
	}
	u.views.Resize(fyne.NewSize(900, 600))
	if u.views.tabs {
		t.Fatalf("widening again kept the tabs")
	}
}

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		preset, rows, cols string
		r, c               int
		bad                bool
	}{
		{preset: "8×8", r: 8, c: 8},
		{preset: "6×6", r: 6, c: 6},
		{preset: customSize, rows: " 7 ", cols: "12", r: 7, c: 12},
		{preset: customSize, rows: "seven", cols: "12", bad: true},
		{preset: customSize, rows: "7", cols: "", bad: true},
		{preset: "huge", bad: true},
	} {
		r, c, err := parseSize(tc.preset, tc.rows, tc.cols)
		if (err != nil) != tc.bad || (!tc.bad && (r != tc.r || c != tc.c)) {
			t.Errorf("parseSize(%q, %q, %q) = %d, %d, %v", tc.preset, tc.rows, tc.cols, r, c, err)
		}
	}
	u := newTestUI(t)
	if err := u.newPuzzle(solver.Takuzu, 1, 8, vision.StyleDigits); err == nil {
		t.Errorf("a 1×8 grid was accepted")
	}
}

func TestCameraCaptureGoesThroughThePhotoPath(t *testing.T) {
	u := newTestUI(t)
	data, err := os.ReadFile(requireFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	u.openPhotoBytes("Camera capture", "camera", data)
	u.pending.Wait()
	wantStatus(t, u, levelSuccess, "exactly one solution")
	if u.doc.source != "camera" || len(u.history.records) != 1 || u.history.records[0].Source != "camera" {
		t.Fatalf("camera capture saved as source %q (%d records)", u.doc.source, len(u.history.records))
	}
}
