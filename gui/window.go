package gui

import (
	"context"
	"image"
	"strings"
	"sync"
	"sync/atomic"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"binocle/solver"
	"binocle/store"
	"binocle/vision"
)

// rulesChoice is an entry of the rules menu; auto lets the solver pick the
// rule set that makes the answer unique.
type rulesChoice struct {
	label string
	auto  bool
	rules solver.Rules
}

var rulesChoices = []rulesChoice{
	{label: "Auto rules", auto: true},
	{label: "3-in-a-Row", rules: solver.ThreeInARow},
	{label: "Takuzu", rules: solver.Takuzu},
	{label: "Troix", rules: solver.Troix},
}

var styleLabels = map[vision.Style]string{
	vision.StyleSquareCircle: "■ ○ squares",
	vision.StyleDiscCircle:   "● ○ discs",
	vision.StyleDigits:       "1 0 digits",
	vision.StyleXO:           "X O letters",
	vision.StyleXOI:          "X O I letters",
	vision.StyleTango:        "Moon / sun",
	vision.StyleTiles:        "Tiles",
}

// document is what the window is working on: where it came from, the
// photo and its reading when there is one, and the history entry it is
// saved as.
type document struct {
	source  string // one of store.Sources
	name    string // what the title bar calls it
	photo   []byte // the original file, kept for the overlay and the history
	reading *vision.Reading
	// readImage is the photo with the detected grid drawn in; overlay is
	// the photo with the solution drawn in. Both are reduced for display,
	// by scale (display pixels per photo pixel; the reading stays in the
	// photo's own pixels).
	readImage image.Image
	overlay   image.Image
	scale     float64
	auto      bool
	result    *solver.Result
	record    *store.Record
	grade     *solver.Difficulty // asked of the generator; nil for other puzzles
	// marks are the player's entries a half-played photo shows (row-major,
	// solver.Empty elsewhere); nil when it shows none. The givens alone
	// are the puzzle, and play mode starts from these entries.
	marks []solver.Cell
}

// ui is the window and everything in it. All of its fields belong to the
// UI goroutine; background work hands results back through fyne.Do.
type ui struct {
	app   fyne.App
	win   fyne.Window
	trace *tracer

	store    *store.Store
	storeErr error
	// storeDir is where the history lives; storeDamaged says the database
	// there could not be read, and the user has not yet chosen what to do.
	storeDir     string
	storeDamaged bool

	doc  *document
	ed   *editor
	gen  int // bumped per document, so late results for an old one are dropped
	busy int
	// pending counts background jobs, so tests can wait for them.
	pending sync.WaitGroup
	// do runs a background job's result on the UI goroutine: fyne.Do.
	// Fyne's test driver runs fyne.Do on the calling goroutine, so tests
	// swap in a version that runs one result at a time, as the app does.
	do func(func())
	// ctx is done once the window closes: every search is cancelled with
	// it, so closing never waits on a long solve.
	ctx      context.Context
	stopWork context.CancelFunc
	// stopped is set once the window is going away. Fyne then runs late
	// fyne.Do calls straight away on the calling goroutine, after GLFW is
	// gone, so a background result must not touch widgets any more.
	stopped atomic.Bool

	grid    *gridView
	photo   *photoView
	views   *sideBySide
	split   *container.Split
	status  *statusBar
	history *historyPanel
	timer   *playTimer

	// hintStep is the hint on show in the grid, until the grid changes.
	hintStep *solver.Step
	// suggestion is the rule-aware reading's fix on show, if any.
	suggestion *solver.Suggestion
	// hintNotice goes before the next hint's message, to say that Hint
	// switched to play mode.
	hintNotice string
	// steps is the step-through dialog last opened.
	steps *stepThrough
	// redrawing is set while the photo's reading is drawn again after an
	// edit, and redrawAgain when more edits came meanwhile.
	redrawing, redrawAgain bool
	// traced are the controls whose place the layout trace reports.
	traced             []tracedObject
	layoutTracePending bool
	// renameEntry is the Rename dialog's field last shown, for tests.
	renameEntry *widget.Entry
	// openPathDialog is the file dialog last shown, for tests.
	openPathDialog *pathDialogOpen
	// damagedDialog asks what to do about a damaged history.
	damagedDialog *dialog.CustomDialog
	// generating numbers generator runs; a run whose number is no longer
	// current was cancelled or overtaken, and its puzzle is dropped.
	generating int
	// solver solves a typed grid; tests swap in one that blocks until
	// cancelled.
	solver func(ctx context.Context, p *solver.Puzzle, auto bool) (solver.Result, error)
	// generator is solver.Generate; tests hold it back to cancel a run.
	generator func(solver.GenOptions) (*solver.Puzzle, []solver.Cell, error)

	title        *widget.Label
	subtitle     *widget.Label
	renameButton *widget.Button
	notesButton  *widget.Button

	rulesSelect  *widget.Select
	styleSelect  *widget.Select
	edgeCheck    *widget.Check
	solveButton  *widget.Button
	playButton   *widget.Button
	checkButton  *widget.Button
	revealButton *widget.Button
	hintButton   *widget.Button
	exportButton *widget.Button
	recentMenu   *fyne.Menu
}

// newUI builds the window's content. storeDir overrides where the history
// lives; "" means store.DefaultDir, which the command line shares.
func newUI(a fyne.App, w fyne.Window, tr *tracer, storeDir string) *ui {
	u := &ui{app: a, win: w, trace: tr, generator: solver.Generate, solver: runSolver, do: fyne.Do}
	u.ctx, u.stopWork = context.WithCancel(context.Background())
	u.openStore(storeDir)
	tr.mark("history opened")

	p, _ := solver.NewPuzzle(solver.Takuzu, 8, 8)
	u.doc = &document{source: "manual", name: "New puzzle"}
	u.ed = newEditor(p, vision.StyleSquareCircle)

	u.grid = newGridView(u.ed)
	u.grid.changed = u.edited
	u.grid.selected = func(pt solver.Point) { u.photo.selectCell(pt) }
	u.grid.rejected = func(msg string) { u.status.set(levelWarning, msg) }
	u.grid.wantFocus = u.focusGrid
	u.grid.fixTapped = u.fixTapped
	u.grid.clueFixTapped = u.clueFixTapped
	u.photo = newPhotoView()
	if tr != nil && tr.on {
		u.photo.painted = func() { tr.mark("photo painted") }
	}
	u.photo.tapped = func(pt solver.Point) {
		u.ed.sel = pt
		u.grid.Refresh()
		u.win.Canvas().Focus(u.grid)
	}
	u.status = newStatusBar()
	if tr != nil && tr.on {
		u.status.said = func(l level, msg string) { tr.mark("status %d %s", l, msg) }
	}
	u.timer = newPlayTimer(u.status.clock)
	u.history = newHistoryPanel(u)

	u.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	u.title.Truncation = fyne.TextTruncateEllipsis
	u.subtitle = widget.NewLabel("")
	u.subtitle.SizeName = theme.SizeNameCaptionText
	u.subtitle.Truncation = fyne.TextTruncateEllipsis
	u.renameButton = widget.NewButtonWithIcon("Rename", theme.DocumentCreateIcon(), u.rename)
	u.notesButton = widget.NewButtonWithIcon("Notes", theme.FileTextIcon(), u.editNotes)
	u.renameButton.Importance = widget.LowImportance
	u.notesButton.Importance = widget.LowImportance
	u.traced = append(u.traced, tracedObject{"rename-button", u.renameButton}, tracedObject{"photo", u.photo},
		tracedObject{"history-search", u.history.search}, tracedObject{"history-export", u.history.exportButton},
		tracedObject{"history-import", u.history.importButton}, tracedObject{"status-action", u.status.action})
	header := container.NewBorder(nil, nil, nil,
		container.NewHBox(u.renameButton, u.notesButton),
		container.NewVBox(u.title, u.subtitle))

	gridPane := container.NewPadded(u.grid)
	u.views = newSideBySide("Photo", u.photo, "Grid", gridPane)
	main := container.NewBorder(header, nil, nil, nil, u.views)

	u.split = container.NewHSplit(u.history.content, main)
	u.split.SetOffset(historyShare)
	// The toolbar scrolls sideways in a narrow window instead of cutting
	// off its last buttons.
	top := container.NewVBox(container.NewHScroll(u.toolbar()), widget.NewSeparator())
	bottom := container.NewVBox(widget.NewSeparator(), container.NewStack(tr.firstFrame(), u.status.content))
	watch := newNarrowWatch(u.split)
	watch.laidOut = u.scheduleLayoutTrace
	w.SetContent(container.NewBorder(top, bottom, nil, nil, watch))
	w.SetMainMenu(u.mainMenu())
	u.routeKeys()
	w.SetOnDropped(u.dropped)
	w.SetIcon(appIcon)

	u.showDocument()
	u.status.set(levelInfo, "Open a photo (Ctrl+O), drop one here, or start a New puzzle to type one in or generate one.")
	switch {
	case u.storeDamaged:
		u.offerMoveAside()
	case u.storeErr != nil:
		u.status.set(levelError, "History unavailable: "+u.storeErr.Error())
	}
	u.history.reload()
	return u
}

func (u *ui) close() {
	u.timer.clear()
	u.stopWork()
	u.pending.Wait()
	if u.store != nil {
		u.store.Close()
	}
}

// toolbar is a row of labelled buttons: icon-only toolbars hide what the
// buttons do, and Fyne has no tooltips.
func (u *ui) toolbar() fyne.CanvasObject {
	open := widget.NewButtonWithIcon("Open", theme.FolderOpenIcon(), u.showOpenDialog)
	newPuzzle := widget.NewButtonWithIcon("New", theme.ContentAddIcon(), u.showNewDialog)
	camera := widget.NewButtonWithIcon("Camera", theme.MediaPhotoIcon(), u.showCamera)

	labels := make([]string, len(rulesChoices))
	for i, c := range rulesChoices {
		labels[i] = c.label
	}
	u.rulesSelect = widget.NewSelect(labels, func(label string) { u.rulesChanged(label) })
	styles := make([]string, len(glyphStyles))
	for i, s := range glyphStyles {
		styles[i] = styleLabels[s]
	}
	u.styleSelect = widget.NewSelect(styles, func(label string) {
		for s, l := range styleLabels {
			if l == label && u.ed.style != s {
				u.ed.style = s
				u.grid.Refresh()
			}
		}
	})

	u.solveButton = widget.NewButtonWithIcon("Solve", theme.ConfirmIcon(), u.thenFocusGrid(u.solve))
	u.solveButton.Importance = widget.HighImportance
	u.playButton = widget.NewButtonWithIcon("Play", theme.MediaPlayIcon(), u.thenFocusGrid(u.togglePlay))
	u.checkButton = widget.NewButtonWithIcon("Check", theme.ConfirmIcon(), u.thenFocusGrid(u.check))
	u.revealButton = widget.NewButtonWithIcon("Reveal", theme.VisibilityIcon(), u.thenFocusGrid(u.revealOne))
	u.hintButton = widget.NewButtonWithIcon("Hint", theme.HelpIcon(), u.thenFocusGrid(u.hint))
	steps := widget.NewButtonWithIcon("Steps", theme.ListIcon(), u.showSteps)
	undo := widget.NewButtonWithIcon("", theme.ContentUndoIcon(), u.thenFocusGrid(u.grid.undo))
	redo := widget.NewButtonWithIcon("", theme.ContentRedoIcon(), u.thenFocusGrid(u.grid.redo))
	u.edgeCheck = widget.NewCheck("Edges", func(on bool) {
		u.ed.edgeMode = on
		u.ed.aimed = false
		u.grid.Refresh()
		u.focusGrid()
		if on {
			u.status.set(levelInfo, "Edge mode: click a border, or aim with the arrows and type = or x.")
		}
	})
	// One Export button with a menu keeps the toolbar within a 1280-pixel
	// window.
	u.exportButton = widget.NewButtonWithIcon("Export", theme.DocumentSaveIcon(), nil)
	exportMenu := fyne.NewMenu("",
		fyne.NewMenuItem("Solution as PNG…", u.showExportDialog),
		fyne.NewMenuItem("Puzzle to print (PNG)…", func() { u.showPrintDialog(false) }),
		fyne.NewMenuItem("Answer sheet to print (PNG)…", func() { u.showPrintDialog(true) }),
	)
	u.exportButton.OnTapped = func() {
		below := fyne.NewPos(0, u.exportButton.Size().Height)
		widget.ShowPopUpMenuAtRelativePosition(exportMenu, u.win.Canvas(), below, u.exportButton)
	}
	u.traced = append(u.traced, tracedObject{"open-button", open}, tracedObject{"solve-button", u.solveButton},
		tracedObject{"export-button", u.exportButton}, tracedObject{"new-button", newPuzzle},
		tracedObject{"check-button", u.checkButton})
	for _, b := range []*widget.Button{open, camera, newPuzzle, u.playButton, u.checkButton, u.revealButton, u.hintButton, steps, undo, redo, u.exportButton} {
		b.Importance = widget.LowImportance
	}
	sep := func() fyne.CanvasObject { return widget.NewSeparator() }
	return container.NewHBox(
		open, camera, newPuzzle, sep(),
		u.rulesSelect, u.styleSelect, sep(),
		u.solveButton, u.playButton, u.checkButton, u.revealButton, u.hintButton, steps, sep(),
		undo, redo, u.edgeCheck, sep(),
		u.exportButton,
	)
}

func (u *ui) mainMenu() *fyne.MainMenu {
	u.recentMenu = fyne.NewMenu("Open Recent")
	recent := fyne.NewMenuItem("Open Recent", nil)
	recent.ChildMenu = u.recentMenu
	u.refreshRecentMenu()
	openItem := fyne.NewMenuItem("Open…", u.showOpenDialog)
	// A main menu's shortcut is the window's: it works wherever the
	// keyboard is, which the toolbar's Ctrl+O promised and never did.
	openItem.Shortcut = openShortcut
	file := fyne.NewMenu("File",
		openItem,
		recent,
		fyne.NewMenuItem("Capture from Camera…", u.showCamera),
		fyne.NewMenuItem("New Puzzle…", u.showNewDialog),
		fyne.NewMenuItem("Generate Puzzle…", u.showGenerateDialog),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Export Solution as PNG…", u.showExportDialog),
		fyne.NewMenuItem("Print Puzzle as PNG…", func() { u.showPrintDialog(false) }),
		fyne.NewMenuItem("Print Answer Sheet as PNG…", func() { u.showPrintDialog(true) }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Export History…", u.history.showExportDialog),
		fyne.NewMenuItem("Import History…", u.history.showImportDialog),
	)
	edit := fyne.NewMenu("Edit",
		fyne.NewMenuItem("Undo", u.grid.undo),
		fyne.NewMenuItem("Redo", u.grid.redo),
		fyne.NewMenuItem("Edge Clue Mode", func() { u.edgeCheck.SetChecked(!u.edgeCheck.Checked) }),
	)
	puzzle := fyne.NewMenu("Puzzle",
		fyne.NewMenuItem("Solve", u.solve),
		fyne.NewMenuItem("Play / Edit", u.togglePlay),
		fyne.NewMenuItem("Check", u.check),
		fyne.NewMenuItem("Reveal One Cell", u.revealOne),
		fyne.NewMenuItem("Hint", u.hint),
		fyne.NewMenuItem("Solution Step by Step…", u.showSteps),
	)
	help := fyne.NewMenu("Help", fyne.NewMenuItem("Keyboard…", u.showKeys))
	return fyne.NewMainMenu(file, edit, puzzle, help)
}

var openShortcut = &desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault}

// routeKeys sends keys that reach no widget to the grid: after a click on
// the photo or on empty space nothing has the focus, and typing should
// still edit the grid. Undo and redo take the same way, so Ctrl+Z works
// after a toolbar button took the focus. A dialog on top keeps its keys.
func (u *ui) routeKeys() {
	c := u.win.Canvas()
	free := func() bool { return c.Overlays().Top() == nil }
	c.SetOnTypedRune(func(r rune) {
		if free() {
			u.grid.TypedRune(r)
			u.focusGrid()
		}
	})
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if free() {
			u.grid.TypedKey(ev)
			u.focusGrid()
		}
	})
	for _, sc := range []fyne.Shortcut{&fyne.ShortcutUndo{}, &fyne.ShortcutRedo{},
		&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift},
		&desktop.CustomShortcut{KeyName: fyne.KeyY, Modifier: fyne.KeyModifierShortcutDefault}} {
		c.AddShortcut(sc, u.unfocusedShortcut)
	}
}

// unfocusedShortcut takes undo and redo when no widget has the keyboard.
func (u *ui) unfocusedShortcut(s fyne.Shortcut) {
	if u.win.Canvas().Overlays().Top() == nil {
		u.grid.TypedShortcut(s)
	}
}

// focusGrid gives the grid the keyboard unless a dialog is up.
func (u *ui) focusGrid() {
	c := u.win.Canvas()
	if c.Overlays().Top() == nil && c.Focused() != u.grid {
		c.Focus(u.grid)
	}
}

// thenFocusGrid wraps a toolbar action so that the keyboard goes back to
// the grid: a tapped button keeps the focus otherwise, and
// arrows, digits and Ctrl+Z stopped working after Solve.
func (u *ui) thenFocusGrid(action func()) func() {
	return func() {
		// First: the action may hand work to the background, whose
		// result must find the UI done with this tap.
		u.focusGrid()
		action()
	}
}

// showDocument puts the current document on screen: grid, photo, title
// and the toolbar's state.
func (u *ui) showDocument() {
	u.grid.setEditor(u.ed)
	u.photo.hint = "Open a photo or a screenshot of a puzzle,\nor drop one here."
	if u.doc.photo == nil {
		u.photo.hint = "No photo: this puzzle was typed in.\nOpen a photo, or drop one here."
	}
	u.showPhoto()
	u.syncControls()
	u.showTitle()
	u.trace.mark("grid %s", strings.Join(u.ed.puzzle.RowStrings(), "/"))
}

// showPhoto shows the overlay when the shown solution is current, else
// the reading.
func (u *ui) showPhoto() {
	u.views.showLeft(u.doc.photo != nil)
	img := u.doc.readImage
	// In play mode the overlay would give the answers away.
	if u.doc.overlay != nil && u.ed.solution != nil && !u.ed.playing {
		img = u.doc.overlay
	}
	var corners *[4][2]float64
	if r := u.doc.reading; r != nil {
		if shown := r.Scaled(u.doc.scale); shown != nil {
			corners = &shown.Corners
		}
	}
	u.photo.show(img, corners, u.ed.puzzle.Rows, u.ed.puzzle.Cols)
	u.syncCrosses()
	u.photo.selectCell(u.ed.sel)
	u.scheduleLayoutTrace()
}

func (u *ui) showTitle() {
	title, sub := u.doc.name, ""
	p := u.ed.puzzle
	sub = store.DefaultTitle(p.Rules, p.Rows, p.Cols)
	if u.doc.auto {
		sub = store.DefaultTitle(p.Rules, p.Rows, p.Cols) + " · rules: auto"
	}
	if g := u.doc.grade; g != nil {
		sub += " · " + difficultyLabel(*g)
	}
	if rec := u.doc.record; rec != nil {
		title = rec.Title
		sub += " · saved " + rec.Created.Format("2 Jan 2006 15:04")
		if rec.Notes != "" {
			sub += " · " + firstLine(rec.Notes)
		}
	}
	u.title.SetText(title)
	u.subtitle.SetText(sub)
	u.win.SetTitle("Binocle — " + title)
	if u.doc.record == nil {
		u.renameButton.Disable()
		u.notesButton.Disable()
	} else {
		u.renameButton.Enable()
		u.notesButton.Enable()
	}
}

// syncControls makes the toolbar match the editor.
func (u *ui) syncControls() {
	label := rulesChoices[0].label
	if !u.doc.auto {
		for _, c := range rulesChoices[1:] {
			if c.rules == u.ed.puzzle.Rules {
				label = c.label
			}
		}
	}
	if u.rulesSelect.Selected != label {
		u.rulesSelect.SetSelected(label)
	}
	if l := styleLabels[u.ed.style]; u.styleSelect.Selected != l {
		u.styleSelect.SetSelected(l)
	}
	if u.edgeCheck.Checked != u.ed.edgeMode {
		u.edgeCheck.SetChecked(u.ed.edgeMode)
	}
	if u.ed.playing {
		u.playButton.SetText("Edit")
		u.playButton.SetIcon(theme.DocumentCreateIcon())
		u.checkButton.Enable()
		u.revealButton.Enable()
	} else {
		u.playButton.SetText("Play")
		u.playButton.SetIcon(theme.MediaPlayIcon())
		u.checkButton.Disable()
		u.revealButton.Disable()
	}
	if u.busy > 0 {
		u.solveButton.Disable()
	} else {
		u.solveButton.Enable()
	}
}

// rulesChanged applies the rules menu to the grid being edited.
func (u *ui) rulesChanged(label string) {
	for _, c := range rulesChoices {
		if c.label != label {
			continue
		}
		if c.auto == u.doc.auto && (c.auto || c.rules == u.ed.puzzle.Rules) {
			return
		}
		u.doc.auto = c.auto
		if !c.auto {
			u.ed.puzzle.Rules = c.rules
		}
		u.ed.givensChanged()
		u.doc.result = nil
		u.grid.Refresh()
		u.showPhoto()
		u.showTitle()
		u.validate()
	}
}

// edited runs after every change the user makes in the grid.
func (u *ui) edited() {
	u.clearHint()
	u.clearSuggestion()
	if u.ed.playing {
		if u.blanksLeft() == 0 && u.markMistakes() == 0 {
			u.finishPlay()
			return
		}
		u.ed.clearMarks(markMistake)
		u.syncCrosses()
		u.grid.Refresh()
		u.status.set(levelInfo, "Playing: fill the blank cells; Check shows mistakes, Hint the next step.")
		return
	}
	u.doc.result = nil
	// The badge spoke of the grid before this edit.
	u.status.setResult("")
	u.trace.mark("grid %s", strings.Join(u.ed.puzzle.RowStrings(), "/"))
	u.showPhoto()
	u.redrawReading()
	u.validate()
}

// validate marks where the givens already break a rule; the rules are the
// solver's.
func (u *ui) validate() bool {
	u.ed.clearMarks(markRuleError)
	err := u.ed.puzzle.Validate()
	u.grid.Refresh()
	if err == nil {
		u.status.set(levelInfo, "Ready to solve.")
		return true
	}
	if re, ok := err.(*solver.RuleError); ok {
		u.ed.markCells(re.Cells, markRuleError)
	}
	u.grid.Refresh()
	u.status.set(levelError, "The givens break a rule: "+err.Error())
	return false
}

// showCamera opens the webcam dialog; a capture goes through the same
// read-and-solve path as a photo file.
func (u *ui) showCamera() {
	ShowCameraDialog(u.win, func(frame []byte) {
		u.openPhotoBytes("Camera capture", "camera", frame)
	})
}

func (u *ui) showKeys() {
	showInfo(u.win, "Keyboard", keysHelp)
}

const keysHelp = `Click a cell to cycle it: blank, 1, 0, blank again (Troix: blank, 1, 0, 2).
Right click: the other way round.
Arrows: move.   0 1 2 or O X I: set, and move on to the next cell.   Space, Backspace: clear.
Edge clues: turn on "Edges", then click a border between two cells,
or aim with an arrow and type = or x. In edge mode an arrow first aims
at that side's border (a dot marks it) and moves on when pressed again;
the clue goes between the selected cell and the neighbour aimed at
(typing it again removes it).
Ctrl+Z: undo.   Ctrl+Shift+Z or Ctrl+Y: redo.   Ctrl+O: open a photo or a puzzle file.
Click a cell on the photo to select it in the grid.
Hint: the next step, from your own grid in play mode (Apply fills it in).
Steps: the whole solution, step by step, with the puzzle's grade.`

func firstLine(s string) string {
	for i, r := range s {
		if r == '\n' {
			return s[:i]
		}
	}
	return s
}
