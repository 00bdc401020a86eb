package gui

import (
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"gocv.io/x/gocv"

	"binocle/solver"
	"binocle/store"
	"binocle/vision"
)

// imageExts are the photo formats package vision decodes, for the file
// dialog's filter and for telling photos from puzzle files.
var imageExts = []string{".png", ".jpg", ".jpeg", ".bmp", ".webp", ".tif", ".tiff"}

func isImage(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	for _, e := range imageExts {
		if ext == e {
			return true
		}
	}
	return false
}

// displaySide bounds the photo's longer side on screen. The texture upload
// dominates the wait once the reading is done: under Xvfb a 12-megapixel
// photo went from open to painted in 0.98-1.22 s at 1600 px and 0.44-0.67 s
// at 1000 px. 1000 px still oversamples the photo pane of a full-HD window;
// Export draws at full resolution.
const displaySide = 1000

// background runs work off the UI goroutine and then runs the function it
// returns on the UI goroutine, unless the user has moved on to another
// document meanwhile. The status bar shows progress while it runs.
func (u *ui) background(work func() func()) { u.spawn(work, true) }

// backgroundAlways is background for results that stay valid whatever the
// window shows by then, such as a history save.
func (u *ui) backgroundAlways(work func() func()) { u.spawn(work, false) }

func (u *ui) spawn(work func() func(), dropStale bool) {
	gen := u.gen
	u.busy++
	u.status.working(true)
	u.syncControls()
	u.spawnQuiet(func() func() {
		finish := work()
		return func() {
			u.busy--
			if u.busy == 0 {
				u.status.working(false)
			}
			u.syncControls()
			if finish != nil && (!dropStale || gen == u.gen) {
				finish()
			}
		}
	})
}

// redrawReading draws the photo's reading again with the user's
// corrections: after a fix the photo went on showing what the reader saw.
// Edits that come while it draws are folded into one more drawing.
func (u *ui) redrawReading() {
	doc := u.doc
	if doc.photo == nil || doc.reading == nil {
		return
	}
	if u.redrawing {
		u.redrawAgain = true
		return
	}
	u.redrawing = true
	photo, reading, p := doc.photo, doc.reading, u.ed.puzzle.Clone()
	u.spawnQuiet(func() func() {
		mat, scale, err := vision.LoadBytesFit(photo, displaySide)
		var img image.Image
		if err == nil {
			img = readingImage(mat, readingWithGivens(reading.Scaled(scale), p))
		}
		mat.Close()
		return func() {
			u.redrawing = false
			if img != nil && doc == u.doc {
				doc.readImage = img
				u.showPhoto()
				u.trace.mark("reading redrawn with corrections")
			}
			if u.redrawAgain {
				u.redrawAgain = false
				u.redrawReading()
			}
		}
	})
}

// spawnQuiet runs work off the UI goroutine like background, but without
// the progress bar and without holding the Solve button: for redrawing
// that follows every keystroke.
func (u *ui) spawnQuiet(work func() func()) {
	u.pending.Add(1)
	go func() {
		finish := work()
		if u.stopped.Load() {
			u.pending.Done()
			return
		}
		u.do(func() {
			defer u.pending.Done()
			if !u.stopped.Load() && finish != nil {
				finish()
			}
		})
	}()
}

// openPath opens a file: an image is read and solved, anything else is
// parsed as a text or Unruly puzzle. The file dialog, drops, the recent
// list and `binocle FILE` all come through here.
func (u *ui) openPath(path string) { u.openPathAs(path, nil) }

// openPathAs opens a file. An image already in the history reopens its
// entry, with the user's corrections, instead of adding a second one;
// reread is that entry when the user asked to read the photo afresh
// into it.
func (u *ui) openPathAs(path string, reread *store.Record) {
	u.trace.mark("open %s", path)
	u.addRecent(path)
	name := filepath.Base(path)
	u.gen++
	gen := u.gen
	u.status.set(levelInfo, "Reading "+name+"…")
	st := u.store
	// Opening replaces the document, which moves u.gen on, so this job
	// checks the generation itself instead of letting background drop its
	// later steps.
	u.backgroundAlways(func() func() {
		data, err := os.ReadFile(path)
		if err != nil {
			return u.ifCurrent(gen, func() { u.status.set(levelError, "Cannot open "+path+": "+unwrapPath(err)) })
		}
		if isImage(path) {
			if reread == nil && st != nil {
				if prior := knownPhoto(st, data); prior != nil {
					return u.ifCurrent(gen, func() { u.reopenKnownPhoto(path, prior) })
				}
			}
			source := "photo"
			if strings.EqualFold(filepath.Ext(path), ".png") {
				source = "screenshot"
			}
			return u.readPhoto(gen, name, source, path, data, reread)
		}
		in, err := solver.ParseInput(data)
		if err != nil {
			return u.ifCurrent(gen, func() { u.status.set(levelError, name+": "+err.Error()) })
		}
		return u.ifCurrent(gen, func() { u.openPuzzle(name, "text", in.Puzzle, !in.RulesGiven) })
	})
}

// knownPhoto is the newest history entry of this very photo, if any.
func knownPhoto(st *store.Store, data []byte) *store.Record {
	recs, _, err := st.List(store.Filter{PhotoHash: store.HashPhoto(data), Limit: 1})
	if err != nil || len(recs) == 0 {
		return nil
	}
	return &recs[0]
}

// reopenKnownPhoto opens the history entry of a photo opened again, and
// offers to read the photo afresh into that same entry.
func (u *ui) reopenKnownPhoto(path string, rec *store.Record) {
	u.openRecord(rec.ID)
	u.status.set(levelInfo, "This photo is already in the history as “"+rec.Title+"”: opened that entry, with its corrections.")
	u.status.offer("Read again", func() { u.openPathAs(path, rec) })
}

// openPhotoBytes reads and solves a picture that is not a file, such as
// a camera capture.
func (u *ui) openPhotoBytes(name, source string, data []byte) {
	u.trace.mark("open %s", name)
	u.gen++
	gen := u.gen
	u.status.set(levelInfo, "Reading "+name+"…")
	u.backgroundAlways(func() func() { return u.readPhoto(gen, name, source, "", data, nil) })
}

// ifCurrent wraps a UI step so that it runs only if no other document was
// opened since gen was taken.
func (u *ui) ifCurrent(gen int, f func()) func() {
	return func() {
		if u.gen == gen && !u.stopped.Load() {
			f()
		}
	}
}

// unwrapPath drops the path that os errors repeat, since the message
// already names the file.
func unwrapPath(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// photoRead is a photo decoded, read and, when the reading gives a
// puzzle, solved: everything the window shows after an import.
type photoRead struct {
	reading   *vision.Reading
	readImage image.Image
	scale     float64 // display pixels per photo pixel
	puzzle    *solver.Puzzle
	auto      bool // solved under auto rules
	solve     solveOutcome
	// record is the history entry the reading goes into, when the user
	// read a known photo again; nil makes a new entry.
	record *store.Record
	// byEntries says the printed givens alone left the answer open and
	// the player's entries, taken as givens, settled it: puzzle then
	// holds the entries too, as the command line solves such a photo.
	byEntries bool
}

// readPhoto runs off the UI goroutine. The reader decodes the file at a
// reduced scale of its own while the display copy is decoded at no more
// than displaySide pixels a side, side by side; the overlay and the
// picture of what was read are drawn on the display copy, with the
// reading scaled to it, since the screen never shows more pixels than
// that. Only Export draws at full resolution. The solve and the overlay go
// to the window at once, and the picture of what was read follows, since
// it is only needed once the user edits.
func (u *ui) readPhoto(gen int, name, source, path string, data []byte, into *store.Record) func() {
	start := time.Now()
	var reading *vision.Reading
	var readErr error
	read := make(chan struct{})
	go func() {
		defer close(read)
		if path != "" {
			reading, readErr = vision.ReadFile(path)
		} else {
			reading, readErr = readBytes(data)
		}
	}()
	mat, scale, err := vision.LoadBytesFit(data, displaySide)
	<-read
	defer mat.Close()
	if err != nil {
		return u.ifCurrent(gen, func() { u.status.set(levelError, name+": "+err.Error()) })
	}
	u.trace.since(start, "decoded and read")
	if readErr != nil {
		plain := plainImage(mat)
		return u.ifCurrent(gen, func() {
			u.openPhotoWithoutGrid(name, source, data, plain)
			u.status.set(levelError, readErr.Error()+". Start a New puzzle to type it in instead.")
		})
	}
	out := photoRead{reading: reading, scale: scale, record: into}
	shown := reading.Scaled(scale)
	rules, auto := reading.Rules()
	out.auto = auto
	// A half-played photo's puzzle is its printed givens; the player's
	// marks become play mode's entries (openReading).
	out.puzzle, err = reading.GivensPuzzle(rules)
	if err == nil {
		out.solve = solveWithImage(u.ctx, out.puzzle.Clone(), out.auto, mat, shown)
		u.solveByEntries(&out, rules, mat, shown)
		u.trace.since(start, "solved and drawn")
	}
	if out.solve.overlay == nil {
		out.readImage = readingImage(mat, shown)
	}
	var doc *document
	u.do(u.ifCurrent(gen, func() {
		u.openReading(name, source, data, out)
		doc = u.doc
		if err != nil {
			u.status.set(levelError, name+": "+err.Error())
		}
	}))
	if out.readImage != nil {
		return nil
	}
	readImage := readingImage(mat, shown)
	return func() {
		if doc != nil {
			doc.readImage = readImage
			if doc == u.doc {
				u.showPhoto()
			}
		}
	}
}

// readBytes reads a picture that has no file, such as a camera frame,
// at its full size: the reading's corners are in the photo's own pixels.
func readBytes(data []byte) (*vision.Reading, error) {
	mat, err := vision.LoadBytes(data)
	defer mat.Close()
	if err != nil {
		return nil, err
	}
	return vision.Read(mat)
}

// plainImage is the photo as it is, or nil when it cannot be converted:
// the photo pane then shows its hint instead.
func plainImage(mat gocv.Mat) image.Image {
	img, err := vision.ToRGBA(mat)
	if err != nil {
		return nil
	}
	return img
}

// readingImage is the photo with what the reader found drawn in; mat and
// r are at display size.
func readingImage(mat gocv.Mat, r *vision.Reading) image.Image {
	debug := vision.DrawDebug(mat, r)
	defer debug.Close()
	return plainImage(debug)
}

// newDocument replaces the document, dropping every result that belonged
// to the old one.
func (u *ui) newDocument(doc *document, ed *editor) {
	u.gen++
	u.timer.clear()
	u.hintStep = nil
	u.suggestion = nil
	u.photo.marked = nil
	u.photo.crossed = nil
	u.doc = doc
	u.ed = ed
	u.history.selectRecord(0)
	if doc.record != nil {
		u.history.selectRecord(doc.record.ID)
	}
	u.showDocument()
}

func (u *ui) openPhotoWithoutGrid(name, source string, data []byte, img image.Image) {
	p, _ := solver.NewPuzzle(solver.ThreeInARow, 6, 6)
	u.newDocument(&document{source: source, name: name, photo: data, readImage: img, auto: true}, newEditor(p, vision.StyleSquareCircle))
}

// solveByEntries solves a half-played photo again with the player's
// entries as givens when its printed givens alone leave the answer open
// (a finished screenshot whose clues the reader missed): if that answer
// is unique, it is the one shown, as the command line does.
func (u *ui) solveByEntries(out *photoRead, rules solver.Rules, mat gocv.Mat, shown *vision.Reading) {
	if out.solve.err != nil || out.solve.res.Status == solver.Unique || !out.reading.HasMarks() {
		return
	}
	full, err := out.reading.Puzzle(rules)
	if err != nil {
		return
	}
	if fs := solveWithImage(u.ctx, full.Clone(), out.auto, mat, shown); fs.err == nil && fs.res.Status == solver.Unique {
		out.puzzle, out.solve, out.byEntries = full, fs, true
	}
}

// openReading shows a freshly read photo and its solve.
func (u *ui) openReading(name, source string, data []byte, pr photoRead) {
	u.trace.mark("back on the UI goroutine")
	if pr.puzzle == nil {
		u.openPhotoWithoutGrid(name, source, data, pr.readImage)
		return
	}
	if pr.byEntries {
		// What was solved holds the entries as givens: the document, and
		// the history entry made from it, keep them as a plain photo's.
		plain := *pr.reading
		plain.Given = nil
		pr.reading = &plain
	}
	ed := newEditor(pr.puzzle, pr.reading.Style)
	ed.setReading(pr.reading.Givens(), pr.reading.Confidence)
	ed.edgeMode = len(pr.reading.Edges) > 0
	doc := &document{source: source, name: name, photo: data, reading: pr.reading, readImage: pr.readImage, scale: pr.scale, auto: pr.auto, record: pr.record}
	if pr.reading.HasMarks() {
		doc.marks = pr.reading.Marks()
	}
	u.newDocument(doc, ed)
	u.trace.mark("reading on screen")
	doubtful := ed.count(markLowConfidence)
	if pr.solve.err != nil {
		u.searchGaveUp("Solve", pr.solve.err)
		return
	}
	u.showSolve(pr.solve)
	for _, note := range []string{locatedSizeNote(pr.reading), byLookNote(pr.reading)} {
		if note != "" {
			u.status.add(note)
		}
	}
	if pr.byEntries {
		u.status.add(" Solved with your entries as givens: the printed givens alone leave the answer open.")
		return
	}
	if doc.marks != nil {
		u.playMarks("")
		return
	}
	if doubtful > 0 && pr.solve.res.Status != solver.Unique {
		u.status.set(levelWarning, fmt.Sprintf("%s — %d cells were hard to read (highlighted); check them and solve again.", u.status.message(), doubtful))
	}
}

// locatedSizeNote tells the user, where the reader found the grid at one
// size and read it at another by the rules, both sizes: a size set by
// the rules is worth a look on the photo. Empty otherwise.
func locatedSizeNote(r *vision.Reading) string {
	located := r.Evidence.LocatedSize
	if located == "" {
		return ""
	}
	return fmt.Sprintf(" Grid found %s, read %d×%d: the size with one solution.",
		strings.Replace(located, "x", "×", 1), r.Rows, r.Cols)
}

// byLookNote tells the user, where the reader took the clues' kinds or
// some cells from how they look beside the rest of the board because as
// first read they left no single answer, so: they are worth a look on
// the photo. Empty otherwise.
func byLookNote(r *vision.Reading) string {
	switch {
	case r.Evidence.CluesByLook:
		return " Clue kinds set by the rules: as read, no single answer."
	case r.Evidence.CellsByLook:
		return " Cells read by their look: as read, no single answer."
	}
	return ""
}

// openPuzzle shows a typed or parsed puzzle and solves it.
func (u *ui) openPuzzle(name, source string, p *solver.Puzzle, auto bool) {
	style := vision.StyleSquareCircle
	if p.Rules == solver.Troix {
		style = vision.StyleXOI
	}
	ed := newEditor(p, style)
	ed.edgeMode = len(p.Edges) > 0
	u.newDocument(&document{source: source, name: name, auto: auto}, ed)
	u.solve()
}

// newPuzzle starts an empty grid for typing a puzzle in.
func (u *ui) newPuzzle(rules solver.Rules, rows, cols int, style vision.Style) error {
	p, err := solver.NewPuzzle(rules, rows, cols)
	if err != nil {
		return err
	}
	ed := newEditor(p, style)
	ed.edgeMode = style == vision.StyleTango
	u.newDocument(&document{source: "manual", name: fmt.Sprintf("New puzzle, %d×%d", rows, cols)}, ed)
	u.win.Canvas().Focus(u.grid)
	u.status.set(levelInfo, "Type the givens: click cells, or use the arrows and 0/1"+
		map[bool]string{true: "/2", false: ""}[rules == solver.Troix]+". Then Solve.")
	return nil
}

// dropped opens the first image or puzzle file dropped on the window.
func (u *ui) dropped(_ fyne.Position, uris []fyne.URI) {
	for _, uri := range uris {
		if uri.Scheme() == "file" {
			u.openPath(uri.Path())
			return
		}
	}
	u.status.set(levelWarning, "Only files can be dropped here.")
}

const recentKey = "recent-files"
const recentMax = 8

func (u *ui) recentFiles() []string {
	return u.app.Preferences().StringList(recentKey)
}

// addRecent puts path first in the recent list, without duplicates.
func (u *ui) addRecent(path string) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	list := []string{path}
	for _, p := range u.recentFiles() {
		if p != path && len(list) < recentMax {
			list = append(list, p)
		}
	}
	u.app.Preferences().SetStringList(recentKey, list)
	u.refreshRecentMenu()
}

func (u *ui) refreshRecentMenu() {
	if u.recentMenu == nil {
		return
	}
	u.recentMenu.Items = nil
	for _, p := range u.recentFiles() {
		path := p
		u.recentMenu.Items = append(u.recentMenu.Items, fyne.NewMenuItem(path, func() { u.openPath(path) }))
	}
	if len(u.recentMenu.Items) == 0 {
		none := fyne.NewMenuItem("No recent files", nil)
		none.Disabled = true
		u.recentMenu.Items = append(u.recentMenu.Items, none)
	}
	u.recentMenu.Refresh()
}
