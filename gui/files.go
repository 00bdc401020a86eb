package gui

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"
)

// browserSize is the size Fyne's file browser opens at: its own minimum
// lists four files at a time.
var browserSize = fyne.NewSize(900, 600)

// showBrowser shows one of Fyne's file dialogs at browserSize. It must be
// sized after Show: Fyne 2.8's FileDialog.Resize and MinSize read the
// dialog's window, which exists only once the dialog is shown, and
// panicked when called first.
func showBrowser(d *dialog.FileDialog) {
	d.Show()
	d.Resize(browserSize)
}

// pathDialog asks for a file by its path, typed or chosen with Browse…:
// Fyne's own file dialog has no place to type a path, which is how many
// people open a file they know.
type pathDialog struct {
	title   string
	action  string // the button that accepts: "Open", "Save", "Import"
	initial string // the path the entry starts with
	save    bool   // saving: the file may be new, and an existing one is confirmed
	exts    []string
	// done receives the path the user settled on.
	done func(path string)
}

// pathDialogOpen is the dialog on show, for tests and keyboard focus.
type pathDialogOpen struct {
	dlg    *dialog.CustomDialog
	entry  *widget.Entry
	errMsg *widget.Label
	browse *widget.Button
	accept func()
}

func (u *ui) showPathDialog(pd pathDialog) *pathDialogOpen {
	entry := widget.NewEntry()
	entry.SetText(pd.initial)
	entry.SetPlaceHolder("/path/to/file")
	errMsg := widget.NewLabel("")
	errMsg.Importance = widget.DangerImportance
	errMsg.Wrapping = fyne.TextWrapWord
	errMsg.Hide()
	open := &pathDialogOpen{entry: entry, errMsg: errMsg}
	var d *dialog.CustomDialog
	fail := func(msg string) {
		errMsg.SetText(msg)
		errMsg.Show()
	}
	finish := func(path string) {
		d.Hide()
		u.trace.mark("dialog closed: %s %s", pd.title, path)
		pd.done(path)
	}
	open.accept = func() {
		path, err := checkPath(entry.Text, pd.save)
		if err != nil {
			fail(err.Error())
			return
		}
		if pd.save {
			if _, err := os.Stat(path); err == nil {
				dialog.ShowConfirm("Replace "+filepath.Base(path)+"?",
					"A file of that name already exists. Replace it?", func(ok bool) {
						if ok {
							finish(path)
						}
					}, u.win)
				return
			}
		}
		finish(path)
	}
	entry.OnSubmitted = func(string) { open.accept() }
	browse := widget.NewButton("Browse…", func() {
		d.Hide()
		u.browseFor(pd, entry.Text)
	})
	open.browse = browse
	hint := widget.NewLabel("Type the file's path, or Browse… to pick it.")
	hint.Importance = widget.LowImportance
	content := container.NewVBox(hint, entry, errMsg)
	cancel := widget.NewButton("Cancel", func() {
		d.Hide()
		u.trace.mark("dialog cancelled: %s", pd.title)
	})
	ok := widget.NewButton(pd.action, open.accept)
	ok.Importance = widget.HighImportance
	d = dialog.NewCustomWithoutButtons(pd.title, content, u.win)
	d.SetButtons([]fyne.CanvasObject{cancel, browse, ok})
	d.Show()
	d.Resize(fyne.NewSize(640, d.MinSize().Height))
	open.dlg = d
	u.win.Canvas().Focus(entry)
	// The cursor goes to the end, ready for a file name after the folder.
	entry.CursorColumn = len([]rune(entry.Text))
	entry.Refresh()
	u.openPathDialog = open
	u.trace.mark("dialog shown: %s", pd.title)
	return open
}

// checkPath turns what was typed into a clean absolute path, or says
// plainly what is wrong with it.
func checkPath(typed string, save bool) (string, error) {
	path := strings.TrimSpace(typed)
	if path == "" {
		return "", errors.New("type a file's path first")
	}
	if path == "~" || strings.HasPrefix(path, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			path = filepath.Join(home, path[1:])
		}
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	info, err := os.Stat(abs)
	switch {
	case err == nil && info.IsDir():
		return "", errors.New(abs + " is a folder; add the file's name")
	case err == nil:
		return abs, nil
	case !save:
		return "", errors.New("no file at " + abs)
	}
	if dir, err := os.Stat(filepath.Dir(abs)); err != nil || !dir.IsDir() {
		return "", errors.New("no folder " + filepath.Dir(abs) + " to save into")
	}
	return abs, nil
}

// browseFor opens Fyne's file browser in the folder of what was typed.
func (u *ui) browseFor(pd pathDialog, typed string) {
	var d *dialog.FileDialog
	if pd.save {
		d = dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
			if err != nil {
				u.status.set(levelError, pd.title+": "+err.Error())
				return
			}
			if w == nil {
				return
			}
			// The path goes through the same hands as a typed one; the
			// browser already asked before replacing a file.
			w.Close()
			pd.done(w.URI().Path())
		}, u.win)
		d.SetFileName(filepath.Base(typed))
	} else {
		d = dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
			if err != nil {
				u.status.set(levelError, pd.title+": "+err.Error())
				return
			}
			if r == nil {
				return
			}
			r.Close()
			pd.done(r.URI().Path())
		}, u.win)
	}
	if len(pd.exts) > 0 {
		d.SetFilter(storage.NewExtensionFileFilter(pd.exts))
	}
	dir := typed
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		dir = filepath.Dir(dir)
	}
	if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
		d.SetLocation(l)
	}
	showBrowser(d)
	u.trace.mark("dialog shown: %s (browser)", pd.title)
}

// startDir is where a file dialog starts: the folder of the file opened
// last, else the home folder.
func (u *ui) startDir() string {
	if recent := u.recentFiles(); len(recent) > 0 {
		return filepath.Dir(recent[0])
	}
	if home, err := os.UserHomeDir(); err == nil {
		return home
	}
	return "."
}

// withSep ends a folder with a separator, so that typing goes on with a
// file name.
func withSep(dir string) string {
	if strings.HasSuffix(dir, string(filepath.Separator)) {
		return dir
	}
	return dir + string(filepath.Separator)
}

// saveTo asks where to save, then creates the file and hands it to write.
func (u *ui) saveTo(title, fileName string, exts []string, write func(w io.WriteCloser, name string)) {
	u.showPathDialog(pathDialog{
		title: title, action: "Save", save: true, exts: exts,
		initial: filepath.Join(u.startDir(), fileName),
		done: func(path string) {
			f, err := os.Create(path)
			if err != nil {
				u.status.set(levelError, title+": "+unwrapPath(err)+" ("+path+")")
				return
			}
			write(f, path)
		},
	})
}
