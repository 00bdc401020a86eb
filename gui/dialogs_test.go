package gui

import (
	"archive/zip"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"binocle/solver"
)

// topOverlay is what the window shows on top, or nil.
func topOverlay(u *ui) fyne.CanvasObject { return u.win.Canvas().Overlays().Top() }

// closeOverlays hides every dialog on show, the way Cancel or Close would.
func closeOverlays(t *testing.T, u *ui) {
	t.Helper()
	for i := 0; topOverlay(u) != nil; i++ {
		if i > 5 {
			t.Fatalf("a dialog would not close")
		}
		u.win.Canvas().Overlays().Remove(topOverlay(u))
	}
}

// TestEveryDialogOpensAndCloses shows each dialog the app has on the
// headless driver. Fyne 2.8's file dialog panicked when sized before it
// was shown, and no test opened one, so the crash reached users first.
func TestEveryDialogOpensAndCloses(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	u.hint()
	u.pending.Wait()
	dir := t.TempDir()
	cases := []struct {
		name string
		show func()
	}{
		{"open", u.showOpenDialog},
		{"open, browse", func() { u.browseFor(pathDialog{title: "Open", exts: imageExts, done: func(string) {}}, dir) }},
		{"save, browse", func() {
			u.browseFor(pathDialog{title: "Save", save: true, done: func(string) {}}, filepath.Join(dir, "x.png"))
		}},
		{"export solution", u.showExportDialog},
		{"print puzzle", func() { u.showPrintDialog(false) }},
		{"print answers", func() { u.showPrintDialog(true) }},
		{"history export", u.history.showExportDialog},
		{"history import", u.history.showImportDialog},
		{"new", u.showNewDialog},
		{"generate", u.showGenerateDialog},
		{"rename", u.rename},
		{"notes", u.editNotes},
		{"keyboard", u.showKeys},
		{"steps", func() { u.showSteps(); u.pending.Wait() }},
		{"camera", func() {
			newCameraDialog(u.win, nil, nil, func([]byte) {}).show()
		}},
		{"damaged history", func() { u.storeErr = os.ErrInvalid; u.offerMoveAside() }},
		{"confirm", func() { dialog.ShowConfirm("Replace?", "Replace it?", func(bool) {}, u.win) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			closeOverlays(t, u)
			c.show()
			if topOverlay(u) == nil {
				t.Fatalf("%s showed no dialog", c.name)
			}
			closeOverlays(t, u)
		})
	}
}

func TestOpenDialogTypedPath(t *testing.T) {
	u := newTestUI(t)
	u.showOpenDialog()
	d := u.openPathDialog
	if d == nil || u.win.Canvas().Focused() != d.entry {
		t.Fatalf("the Open dialog's path field does not have the keyboard")
	}
	// A path that is not there keeps the dialog open and says why.
	missing := filepath.Join(t.TempDir(), "nope.jpg")
	d.entry.SetText(missing)
	d.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if topOverlay(u) == nil || d.errMsg.Hidden || !strings.Contains(d.errMsg.Text, missing) {
		t.Fatalf("a missing file: dialog shown %v, message %q", topOverlay(u) != nil, d.errMsg.Text)
	}
	abs, err := filepath.Abs(requireFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	d.entry.SetText(abs)
	pressEnter(u, d.entry)
	u.pending.Wait()
	if topOverlay(u) != nil {
		t.Fatalf("Enter on a good path left the dialog up")
	}
	if u.doc.result == nil || u.doc.result.Status != solver.Unique {
		t.Fatalf("the typed photo did not open solved: %+v", u.doc.result)
	}
	// The next Open starts in that photo's folder.
	u.showOpenDialog()
	if got := u.openPathDialog.entry.Text; got != withSep(filepath.Dir(abs)) {
		t.Errorf("second Open starts at %q, want the photo's folder", got)
	}
}

func TestCheckPath(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.png")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		typed   string
		save    bool
		want    string
		errPart string
	}{
		{typed: "  ", errPart: "type a file's path"},
		{typed: file, want: file},
		{typed: " " + file + " ", want: file},
		{typed: dir, errPart: "is a folder"},
		{typed: filepath.Join(dir, "b.png"), errPart: "no file at"},
		{typed: filepath.Join(dir, "b.png"), save: true, want: filepath.Join(dir, "b.png")},
		{typed: filepath.Join(dir, "no", "b.png"), save: true, errPart: "no folder"},
	}
	for _, c := range cases {
		got, err := checkPath(c.typed, c.save)
		if c.errPart != "" {
			if err == nil || !strings.Contains(err.Error(), c.errPart) {
				t.Errorf("checkPath(%q, %v) = %q, %v; want an error with %q", c.typed, c.save, got, err, c.errPart)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("checkPath(%q, %v) = %q, %v; want %q", c.typed, c.save, got, err, c.want)
		}
	}
}

// savedThrough saves through the path dialog the last Export opened.
func savedThrough(t *testing.T, u *ui, path string) {
	t.Helper()
	d := u.openPathDialog
	if d == nil || topOverlay(u) == nil {
		t.Fatalf("no save dialog on show")
	}
	d.entry.SetText(path)
	pressEnter(u, d.entry)
	u.pending.Wait()
}

// pressEnter presses Enter in an entry the way the UI goroutine would:
// under the lock the background results take, since what Enter starts
// runs beside the rest of the key press.
func pressEnter(u *ui, e *widget.Entry) {
	u.do(func() { e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) })
}

func TestExportsWriteThroughTheDialog(t *testing.T) {
	u := newTestUI(t)
	u.openPath(requireFixture(t))
	u.pending.Wait()
	dir := t.TempDir()
	pngs := map[string]func(){
		"solved.png":  u.showExportDialog,
		"puzzle.png":  func() { u.showPrintDialog(false) },
		"answers.png": func() { u.showPrintDialog(true) },
	}
	for name, show := range pngs {
		show()
		path := filepath.Join(dir, name)
		savedThrough(t, u, path)
		f, err := os.Open(path)
		if err != nil {
			t.Fatalf("%s was not written: %v", name, err)
		}
		_, err = png.Decode(f)
		f.Close()
		if err != nil {
			t.Errorf("%s is not a PNG: %v", name, err)
		}
	}
	// Saving over a file asks first.
	u.showExportDialog()
	savedThrough(t, u, filepath.Join(dir, "solved.png"))
	if topOverlay(u) == nil {
		t.Fatalf("saving over an existing file did not ask")
	}
	closeOverlays(t, u)

	archive := filepath.Join(dir, "history.zip")
	u.history.showExportDialog()
	savedThrough(t, u, archive)
	if zr, err := zip.OpenReader(archive); err != nil {
		t.Fatalf("history export is not a zip: %v", err)
	} else {
		zr.Close()
	}
	other := newTestUI(t)
	other.history.showImportDialog()
	savedThrough(t, other, archive)
	wantStatus(t, other, levelSuccess, "Imported 1 entry")
}

// TestCtrlOIsTheOpenShortcut: the desktop driver runs a main menu's
// shortcuts wherever the keyboard is; the real-window suite presses it.
func TestCtrlOIsTheOpenShortcut(t *testing.T) {
	u := newTestUI(t)
	var sc fyne.Shortcut
	for _, m := range u.win.MainMenu().Items {
		for _, it := range m.Items {
			if it.Label == "Open…" {
				sc = it.Shortcut
			}
		}
	}
	if sc == nil || sc.ShortcutName() != openShortcut.ShortcutName() {
		t.Fatalf("File → Open… has shortcut %v, want Ctrl+O", sc)
	}
}
