package gui

import (
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"binocle/gui/internal/storerec"
	"binocle/solver"
	"binocle/store"
	"binocle/vision"
)

// historyLimit caps how many entries the sidebar lists at once; the
// search box and the filters reach the rest.
const historyLimit = 500

// openStore opens the history, where the command line keeps it too unless
// dir says otherwise. Without it the app still works, unsaved.
func (u *ui) openStore(dir string) {
	if dir == "" {
		d, err := store.DefaultDir()
		if err != nil {
			u.storeErr = err
			return
		}
		dir = d
	}
	u.storeDir = dir
	st, err := store.Open(dir)
	if err != nil {
		u.storeErr = err
		// A damaged database is the user's to decide about: the window
		// asks once it is built (offerMoveAside).
		u.storeDamaged = errors.Is(err, store.ErrCorrupt)
		return
	}
	u.store = st
}

// offerMoveAside explains that the history database is damaged and lets
// the user either move it aside and start afresh, or carry on without a
// history. Nothing is ever deleted: the old file stays for recovery.
func (u *ui) offerMoveAside() {
	u.status.set(levelError, "The history database is damaged: "+u.storeErr.Error())
	text := widget.NewLabel("Binocle cannot read its history database in\n" + u.storeDir +
		"\n\nIt can move the damaged file aside (it is kept, renamed, for recovery)\n" +
		"and start a new, empty history, or carry on without saving any history\n" +
		"this time.")
	var d *dialog.CustomDialog
	moveAside := widget.NewButton("Move aside and start a new history", func() {
		d.Hide()
		u.moveAside()
	})
	moveAside.Importance = widget.HighImportance
	carryOn := widget.NewButton("Continue without history", func() {
		d.Hide()
		u.storeDamaged = false
		u.status.set(levelWarning, "History disabled: its database is damaged, so nothing is saved this session.")
	})
	d = dialog.NewCustomWithoutButtons("The history is damaged", text, u.win)
	d.SetButtons([]fyne.CanvasObject{carryOn, moveAside})
	d.Show()
	u.damagedDialog = d
}

func (u *ui) moveAside() {
	u.storeDamaged = false
	aside, err := store.MoveAside(u.storeDir)
	if err != nil {
		u.status.set(levelError, "History disabled: moving the damaged database aside failed: "+err.Error())
		return
	}
	st, err := store.Open(u.storeDir)
	if err != nil {
		u.storeErr = err
		u.status.set(levelError, "History disabled: the new history could not be opened: "+err.Error())
		return
	}
	u.store, u.storeErr = st, nil
	u.history.reload()
	u.status.set(levelSuccess, "Started a new history; the damaged one was kept as "+aside+".")
}

// historyPanel is the sidebar: past solves, newest first, with a search
// box and filters.
type historyPanel struct {
	u            *ui
	search       *widget.Entry
	rulesFilter  *widget.Select
	statusFilter *widget.Select
	list         *widget.List
	exportButton *widget.Button
	importButton *widget.Button
	count        *widget.Label
	// empty says why the list is empty, instead of a blank panel.
	empty *widget.Label
	// entries are the rows listed, damaged ones included; records are
	// the readable ones among them.
	entries  []store.Entry
	records  []store.Record
	selected int64
	content  fyne.CanvasObject
	// selecting is set while the list is moved to the open document, so
	// that doing so does not reopen it.
	selecting bool
}

var (
	anyRules    = "All rules"
	anyStatus   = "Any result"
	statusNames = map[string]string{"unique": "Unique", "multiple": "Several solutions", "none": "No solution", "unsolved": "Unsolved"}
)

func newHistoryPanel(u *ui) *historyPanel {
	h := &historyPanel{u: u}
	h.search = widget.NewEntry()
	h.search.SetPlaceHolder("Search titles and notes")
	h.search.ActionItem = widget.NewIcon(theme.SearchIcon())
	h.search.OnChanged = func(string) { h.reload() }

	rules := []string{anyRules}
	for _, r := range []solver.Rules{solver.ThreeInARow, solver.Takuzu, solver.Troix} {
		rules = append(rules, rulesNames[r])
	}
	rules = append(rules, tangoFilter)
	h.rulesFilter = widget.NewSelect(rules, func(string) { h.reload() })
	h.rulesFilter.SetSelectedIndex(0)
	statuses := []string{anyStatus}
	for _, s := range store.Statuses {
		statuses = append(statuses, statusNames[s])
	}
	h.statusFilter = widget.NewSelect(statuses, func(string) { h.reload() })
	h.statusFilter.SetSelectedIndex(0)

	h.list = widget.NewList(func() int { return len(h.entries) }, newHistoryRow, h.updateRow)
	h.list.OnSelected = func(id widget.ListItemID) {
		if h.selecting || id >= len(h.entries) {
			return
		}
		e := h.entries[id]
		if e.Damaged() {
			u.status.set(levelError, fmt.Sprintf("History entry #%d is damaged and cannot be opened (%v); its delete button removes it.", e.ID, e.Err))
			return
		}
		h.selected = e.ID
		u.openRecord(e.ID)
	}
	h.empty = widget.NewLabel("")
	h.empty.Alignment = fyne.TextAlignCenter
	h.empty.Wrapping = fyne.TextWrapWord
	h.empty.Importance = widget.LowImportance
	h.empty.Hide()
	h.count = widget.NewLabel("")
	h.count.Importance = widget.LowImportance
	h.exportButton = widget.NewButtonWithIcon("Export", theme.UploadIcon(), h.showExportDialog)
	h.importButton = widget.NewButtonWithIcon("Import", theme.DownloadIcon(), h.showImportDialog)
	h.exportButton.Importance = widget.LowImportance
	h.importButton.Importance = widget.LowImportance
	heading := widget.NewLabelWithStyle("History", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	top := container.NewVBox(
		container.NewBorder(nil, nil, heading, h.count),
		h.search,
		// One filter above the other: side by side, their longest
		// options made the panel take half of a small window.
		h.rulesFilter, h.statusFilter,
	)
	bottom := container.NewGridWithColumns(2, h.importButton, h.exportButton)
	h.content = container.NewBorder(top, bottom, nil, nil, container.NewStack(h.list, container.NewVBox(h.empty)))
	return h
}

// historyRow is one entry: thumbnail, title, size · rules · result, date,
// and a delete button.
type historyRow struct {
	widget.BaseWidget
	thumb   *canvas.Image
	noPhoto *widget.Icon
	title   *widget.Label
	detail  *widget.Label
	date    *widget.Label
	remove  *widget.Button
}

const thumbSide = 56

func newHistoryRow() fyne.CanvasObject {
	r := &historyRow{
		thumb:   canvas.NewImageFromResource(nil),
		noPhoto: widget.NewIcon(theme.GridIcon()),
		title:   widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		detail:  widget.NewLabel(""),
		date:    widget.NewLabel(""),
		remove:  widget.NewButtonWithIcon("", theme.DeleteIcon(), nil),
	}
	r.thumb.FillMode = canvas.ImageFillContain
	r.thumb.SetMinSize(fyne.NewSquareSize(thumbSide))
	r.title.Truncation = fyne.TextTruncateEllipsis
	r.detail.Truncation = fyne.TextTruncateEllipsis
	r.detail.SizeName = theme.SizeNameCaptionText
	r.date.SizeName = theme.SizeNameCaptionText
	r.remove.Importance = widget.LowImportance
	r.ExtendBaseWidget(r)
	return r
}

func (r *historyRow) CreateRenderer() fyne.WidgetRenderer {
	thumb := container.NewGridWrap(fyne.NewSquareSize(thumbSide), container.NewStack(r.noPhoto, r.thumb))
	text := container.New(&tightVBox{}, r.title, r.detail, r.date)
	return widget.NewSimpleRenderer(container.NewBorder(nil, nil, thumb, container.NewCenter(r.remove), text))
}

func (h *historyPanel) updateRow(id widget.ListItemID, o fyne.CanvasObject) {
	if id >= len(h.entries) {
		return
	}
	e := h.entries[id]
	r := o.(*historyRow)
	id64 := e.ID
	r.remove.OnTapped = func() { h.delete(id64) }
	if e.Damaged() {
		// A damaged row shows as such, with its ID, and can be deleted;
		// it no longer hides the rest of the history.
		r.title.SetText(fmt.Sprintf("Damaged entry #%d", e.ID))
		r.detail.SetText(e.Err.Error())
		r.date.SetText("cannot be opened; delete removes it")
		r.thumb.File = ""
		r.thumb.Hide()
		r.noPhoto.Show()
		r.thumb.Refresh()
		return
	}
	rec := e.Record
	r.title.SetText(rec.Title)
	r.detail.SetText(fmt.Sprintf("%d×%d · %s · %s", rec.Rows, rec.Cols, rulesLabel(rec.Rules), statusNames[rec.Status]))
	r.date.SetText(rec.Created.Local().Format("Mon 2 Jan 2006, 15:04"))
	path := ""
	if h.u.store != nil && rec.PhotoHash != "" {
		path = h.u.store.ThumbnailPath(rec.PhotoHash)
	}
	if path != "" {
		r.thumb.File = path
		r.thumb.Show()
		r.noPhoto.Hide()
	} else {
		r.thumb.File = ""
		r.thumb.Hide()
		r.noPhoto.Show()
	}
	r.thumb.Refresh()
}

func rulesLabel(name string) string {
	if r, err := solver.ParseRules(name); err == nil {
		return rulesNames[r]
	}
	return name
}

// reload lists the entries that match the search and the filters.
func (h *historyPanel) reload() {
	st := h.u.store
	if st == nil || h.list == nil {
		return
	}
	query := strings.TrimSpace(h.search.Text)
	f := historySearch(query)
	f.Limit = historyLimit
	for r, name := range rulesNames {
		if name == h.rulesFilter.Selected {
			f.Rules = r.String()
		}
	}
	tango := h.rulesFilter.Selected == tangoFilter
	if tango {
		f.Rules, f.Limit = solver.ThreeInARow.String(), 0
		if f.Rows == 0 {
			f.Rows, f.Cols = 6, 6
		}
	}
	for s, name := range statusNames {
		if name == h.statusFilter.Selected {
			f.Status = s
		}
	}
	entries, total, err := st.Entries(f)
	if err != nil {
		h.u.status.set(levelError, "History: "+err.Error())
		return
	}
	if tango {
		entries = slices.DeleteFunc(entries, func(e store.Entry) bool {
			return !e.Damaged() && (!isTango(e.Record) || e.Record.Rows != 6 || e.Record.Cols != 6)
		})
		total = len(entries)
	}
	h.entries = entries
	h.records = h.records[:0]
	for _, e := range entries {
		if !e.Damaged() {
			h.records = append(h.records, *e.Record)
		}
	}
	h.u.trace.mark("history lists %d for %q", len(entries), query)
	h.count.SetText(fmt.Sprintf("%d", total))
	h.showEmpty(query)
	h.list.Refresh()
	h.selectRecord(h.selected)
}

// tangoFilter lists LinkedIn Tango boards: 6×6 3-in-a-Row with edge
// clues, or read as suns and moons.
const tangoFilter = "Tango"

func isTango(r *store.Record) bool {
	return len(r.Edges) > 0 || (r.Reading != nil && r.Reading.Style == string(vision.StyleTango))
}

// sizeQuery is a grid size as people type it: 8x8, 8 x 8, 8×8, 8*8.
var sizeQuery = regexp.MustCompile(`(?i)^\s*(\d{1,2})\s*[x×*]\s*(\d{1,2})\s*$`)

// historySearch turns the search box into a filter: a size finds the
// grids of that size (titles write "8×8", and "8x8" found nothing);
// anything else is looked for in titles and notes.
func historySearch(query string) store.Filter {
	if m := sizeQuery.FindStringSubmatch(query); m != nil {
		rows, _ := strconv.Atoi(m[1])
		cols, _ := strconv.Atoi(m[2])
		return store.Filter{Rows: rows, Cols: cols}
	}
	return store.Filter{Text: query}
}

// showEmpty explains an empty list.
func (h *historyPanel) showEmpty(query string) {
	filtered := query != "" || h.rulesFilter.SelectedIndex() > 0 || h.statusFilter.SelectedIndex() > 0
	switch {
	case len(h.entries) > 0:
		h.empty.Hide()
		return
	case query != "":
		h.empty.SetText("Nothing matches “" + query + "”.")
	case filtered:
		h.empty.SetText("No entries pass these filters.")
	default:
		h.empty.SetText("No solves yet: open a photo and it is saved here.")
	}
	h.empty.Show()
}

// selectRecord highlights the entry of the open document, or none for 0.
func (h *historyPanel) selectRecord(id int64) {
	h.selected = id
	h.selecting = true
	defer func() { h.selecting = false }()
	for i, e := range h.entries {
		if e.ID == id {
			h.list.Select(i)
			return
		}
	}
	h.list.UnselectAll()
}

// delete removes an entry, offering to put it back.
func (h *historyPanel) delete(id int64) {
	u := h.u
	st := u.store
	rec, err := st.Get(id)
	if errors.Is(err, store.ErrCorrupt) {
		// A damaged row cannot be kept for Undo; it goes for good.
		if err := st.Delete(id); err != nil {
			u.status.set(levelError, "Delete: "+err.Error())
			return
		}
		h.reload()
		u.status.set(levelInfo, fmt.Sprintf("Deleted the damaged entry #%d.", id))
		return
	}
	if err != nil {
		u.status.set(levelError, "Delete: "+err.Error())
		return
	}
	var photo []byte
	if rec.PhotoHash != "" {
		if photo, err = st.Photo(rec.PhotoHash); err != nil {
			u.status.set(levelError, "Delete: keeping the photo for undo failed, so nothing was deleted: "+err.Error())
			return
		}
	}
	if err := st.Delete(id); err != nil {
		u.status.set(levelError, "Delete: "+err.Error())
		return
	}
	if u.doc.record != nil && u.doc.record.ID == id {
		u.doc.record = nil
		u.showTitle()
	}
	h.reload()
	u.status.set(levelInfo, "Deleted “"+rec.Title+"”.")
	u.status.offer("Undo", func() {
		if err := st.Restore(rec, photo); err != nil {
			u.status.set(levelError, "Undo delete: "+err.Error())
			return
		}
		h.reload()
		u.status.set(levelSuccess, "Restored “"+rec.Title+"”.")
	})
}

func (h *historyPanel) showExportDialog() {
	u := h.u
	if u.store == nil {
		u.status.set(levelError, "History unavailable: "+errString(u.storeErr))
		return
	}
	u.saveTo("Export the history", "binocle-history.zip", []string{".zip"}, h.exportTo)
}

// exportTo writes the whole history as a zip archive.
func (h *historyPanel) exportTo(w io.WriteCloser, name string) {
	u := h.u
	st := u.store
	u.backgroundAlways(func() func() {
		err := st.Export(w)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		return func() {
			if err != nil {
				u.status.set(levelError, "Export history to "+name+": "+err.Error())
				return
			}
			u.status.set(levelSuccess, "History exported to "+name+".")
		}
	})
}

func (h *historyPanel) showImportDialog() {
	u := h.u
	if u.store == nil {
		u.status.set(levelError, "History unavailable: "+errString(u.storeErr))
		return
	}
	u.showPathDialog(pathDialog{
		title: "Import a history archive", action: "Import",
		initial: withSep(u.startDir()), exts: []string{".zip"},
		done: h.importFile,
	})
}

func (h *historyPanel) importFile(path string) {
	u := h.u
	st := u.store
	u.backgroundAlways(func() func() {
		n, err := st.ImportFile(path)
		return func() {
			if err != nil {
				u.status.set(levelError, "Import history: "+err.Error())
				return
			}
			h.reload()
			u.status.set(levelSuccess, fmt.Sprintf("Imported %d %s.", n, plural(n, "entry", "entries")))
		}
	})
}

func errString(err error) string {
	if err == nil {
		return "unknown error"
	}
	return err.Error()
}

// saveSolve records a finished solve: a new entry, or the open entry
// updated when the document came from the history or was saved before.
func (u *ui) saveSolve(res solver.Result) { u.saveSolveAs(res, false) }

// saveSolveForced saves over the entry even though the answer is worse.
func (u *ui) saveSolveForced(res solver.Result) { u.saveSolveAs(res, true) }

// worseOutcome says a solve broke a puzzle that had an answer. Several
// solutions is not counted: removing a given the reader invented is a
// fair correction that can leave that.
func worseOutcome(saved, now string) bool {
	return now == "none" && (saved == "unique" || saved == "multiple")
}

func (u *ui) saveSolveAs(res solver.Result, force bool) {
	if u.store == nil {
		return
	}
	doc := u.doc
	rec := storerec.FromSolve(u.ed.puzzle, res, doc.source, doc.reading)
	rec.Corrected = u.ed.corrected()
	if doc.grade != nil {
		// A generated puzzle's name carries its grade, which the
		// default title would drop.
		rec.Title = doc.name
	}
	old := doc.record
	photo := doc.photo
	if old != nil && worseOutcome(old.Status, rec.Status) && !force {
		// A correction that breaks the puzzle is more likely a slip than
		// the user's intent: the entry keeps its answer unless they say.
		u.status.set(levelWarning, u.status.message()+" Not saved over “"+old.Title+"”, which was "+strings.ToLower(statusNames[old.Status])+".")
		u.status.offer("Save anyway", func() { u.saveSolveForced(res) })
		return
	}
	if old != nil {
		rec.ID, rec.Title, rec.Notes, rec.PhotoHash, rec.Source = old.ID, old.Title, old.Notes, old.PhotoHash, old.Source
		if rec.Reading == nil {
			rec.Reading = old.Reading
		}
		photo = nil
	}
	st := u.store
	u.backgroundAlways(func() func() {
		var err error
		if old != nil {
			err = st.Update(rec)
		} else {
			_, err = st.Save(rec, photo)
		}
		return func() {
			if err != nil {
				u.status.set(levelWarning, u.status.message()+" Not saved to the history: "+err.Error())
				return
			}
			doc.record = rec
			if doc == u.doc {
				u.showTitle()
				u.history.selected = rec.ID
			}
			u.history.reload()
		}
	})
}

// openRecord reopens a past solve: the grid with its corrections and
// solution at once, then the photo with the reading and the overlay.
func (u *ui) openRecord(id int64) {
	if u.store == nil {
		return
	}
	rec, err := u.store.Get(id)
	if err != nil {
		u.status.set(levelError, "History: "+err.Error())
		return
	}
	p, err := rec.Puzzle()
	if err != nil {
		u.status.set(levelError, fmt.Sprintf("History entry %d: %v", id, err))
		return
	}
	style := vision.StyleSquareCircle
	if p.Rules == solver.Troix {
		style = vision.StyleXOI
	}
	if rec.Reading != nil {
		for _, s := range glyphStyles {
			if string(s) == rec.Reading.Style {
				style = s
			}
		}
	}
	ed := newEditor(p, style)
	ed.edgeMode = len(p.Edges) > 0
	doc := &document{source: rec.Source, name: rec.Title, record: rec}
	if rec.Reading != nil {
		ed.setReading(p.Cells, rec.Reading.Confidence)
		ed.earlier = rec.Corrected
		if marks, ok := cellsFromRows(rec.Reading.Marks, p.Rows, p.Cols); ok {
			doc.marks = marks
		}
	}
	if sol, ok := cellsFromRows(rec.Solution, p.Rows, p.Cols); ok {
		res := solver.Result{Status: statusFromName(rec.Status), Rules: p.Rules, Solution: sol}
		doc.result = &res
		ed.solution = sol
	}
	u.newDocument(doc, ed)
	u.status.set(levelInfo, "Opened “"+rec.Title+"” from the history.")
	if doc.marks != nil && doc.result != nil {
		u.playMarks(u.status.message() + " ")
	}
	if doc.result != nil {
		u.status.setResult(statusNames[rec.Status] + " · " + rulesLabel(rec.Rules))
	} else {
		u.status.setResult("")
	}
	if rec.PhotoHash == "" {
		return
	}
	st := u.store
	hash := rec.PhotoHash
	u.background(func() func() {
		photo, err := st.Photo(hash)
		if err != nil {
			return func() { u.status.set(levelWarning, "The photo of this entry is missing: "+err.Error()) }
		}
		pr, err := redrawRecord(photo, rec, p, doc.result)
		return func() {
			doc.photo = photo
			if err != nil {
				u.status.set(levelWarning, "The photo of this entry could not be shown: "+err.Error())
				return
			}
			doc.reading, doc.readImage, doc.overlay, doc.scale = pr.reading, pr.readImage, pr.solve.overlay, pr.scale
			u.showPhoto()
		}
	})
}

// redrawRecord rebuilds a history entry's pictures from its photo and the
// grid's corners, without reading the photo again: the user's corrections
// are what counts now.
func redrawRecord(photo []byte, rec *store.Record, p *solver.Puzzle, res *solver.Result) (photoRead, error) {
	mat, scale, err := vision.LoadBytesFit(photo, displaySide)
	defer mat.Close()
	if err != nil {
		return photoRead{}, err
	}
	pr := photoRead{scale: scale}
	if rec.Reading == nil {
		pr.readImage = plainImage(mat)
		return pr, nil
	}
	fullWidth := int(math.Round(float64(mat.Cols()) / scale))
	fullHeight := int(math.Round(float64(mat.Rows()) / scale))
	r, err := readingFromRecord(rec, p, fullWidth, fullHeight)
	if err != nil {
		return pr, err
	}
	pr.reading = r
	shown := r.Scaled(scale)
	if pr.readImage = readingImage(mat, shown); pr.readImage == nil {
		return pr, fmt.Errorf("drawing the reading on the photo failed")
	}
	if res != nil && res.Status != solver.None {
		drawn, err := vision.DrawOverlay(mat, shown, res.Solution)
		defer drawn.Close()
		if err == nil {
			var img *image.RGBA
			if img, err = vision.ToRGBA(drawn); err == nil {
				pr.solve.overlay = img
			}
		}
		pr.solve.overlayErr = err
	}
	return pr, nil
}

// readingFromRecord rebuilds the reading that vision's drawing needs from
// what the history keeps: the corners give the homography.
func readingFromRecord(rec *store.Record, p *solver.Puzzle, width, height int) (*vision.Reading, error) {
	g, err := gridToImage(rec.Reading.Corners, p.Rows, p.Cols)
	if err != nil {
		return nil, err
	}
	// vision's homography takes CellPx units per cell; ours takes one.
	for _, i := range []int{0, 1, 3, 4, 6, 7} {
		g[i] /= vision.CellPx
	}
	conf := rec.Reading.Confidence
	if len(conf) != len(p.Cells) {
		conf = make([]float64, len(p.Cells))
		for i := range conf {
			conf[i] = 1
		}
	}
	return &vision.Reading{
		Rows: p.Rows, Cols: p.Cols,
		Cells:      append([]solver.Cell(nil), p.Cells...),
		Confidence: conf,
		Edges:      append([]solver.Edge(nil), p.Edges...),
		Corners:    rec.Reading.Corners,
		Homography: g,
		Style:      vision.Style(rec.Reading.Style),
		ImageWidth: width, ImageHeight: height,
	}, nil
}

func cellsFromRows(rows []string, nr, nc int) ([]solver.Cell, bool) {
	if len(rows) != nr {
		return nil, false
	}
	cells := make([]solver.Cell, 0, nr*nc)
	for _, line := range rows {
		if len(line) != nc {
			return nil, false
		}
		for i := 0; i < len(line); i++ {
			c, ok := solver.CellFromChar(line[i])
			if !ok {
				return nil, false
			}
			cells = append(cells, c)
		}
	}
	return cells, true
}

func statusFromName(name string) solver.Status {
	switch name {
	case "multiple":
		return solver.Multiple
	case "none":
		return solver.None
	}
	return solver.Unique
}

// rename and editNotes change the open document's history entry.
func (u *ui) rename() {
	rec := u.doc.record
	if rec == nil || u.store == nil {
		return
	}
	entry := widget.NewEntry()
	entry.SetText(rec.Title)
	d := dialog.NewForm("Rename", "Rename", "Cancel", []*widget.FormItem{widget.NewFormItem("Title", entry)}, func(ok bool) {
		if ok {
			u.updateRecord(func(r *store.Record) { r.Title = strings.TrimSpace(entry.Text) })
		}
	}, u.win)
	// Enter renames, as in any rename box; the field has the keyboard at
	// once, its text selected for typing over.
	entry.OnSubmitted = func(string) { d.Submit() }
	d.Show()
	d.Resize(fyne.NewSize(420, d.MinSize().Height))
	u.win.Canvas().Focus(entry)
	entry.TypedShortcut(&fyne.ShortcutSelectAll{})
	u.renameEntry = entry
	u.trace.mark("dialog shown: Rename")
}

func (u *ui) editNotes() {
	rec := u.doc.record
	if rec == nil || u.store == nil {
		return
	}
	entry := widget.NewMultiLineEntry()
	entry.SetText(rec.Notes)
	entry.SetMinRowsVisible(6)
	d := dialog.NewForm("Notes on “"+rec.Title+"”", "Save", "Cancel", []*widget.FormItem{widget.NewFormItem("", entry)}, func(ok bool) {
		if ok {
			u.updateRecord(func(r *store.Record) { r.Notes = entry.Text })
		}
	}, u.win)
	d.Resize(fyne.NewSize(520, 320))
	d.Show()
}

func (u *ui) updateRecord(change func(*store.Record)) {
	rec := *u.doc.record
	change(&rec)
	if rec.Title == "" {
		u.status.set(levelWarning, "A title cannot be empty.")
		return
	}
	if err := u.store.Update(&rec); err != nil {
		u.status.set(levelError, "History: "+err.Error())
		return
	}
	u.doc.record = &rec
	u.showTitle()
	u.history.reload()
	u.status.set(levelSuccess, "Saved.")
	u.trace.mark("entry saved as %q", rec.Title)
}
