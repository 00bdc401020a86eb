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
	xdraw "golang.org/x/image/draw"

	"binocle/solver"
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

// displaySide bounds the photo's longer side on screen: a 12-megapixel
// texture costs a noticeable upload on every change, and no window shows
// more pixels than this anyway.
const displaySide = 1600

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
	u.pending.Add(1)
	go func() {
		finish := work()
		fyne.Do(func() {
			defer u.pending.Done()
			u.busy--
			if u.busy == 0 {
				u.status.working(false)
			}
			u.syncControls()
			if finish != nil && (!dropStale || gen == u.gen) {
				finish()
			}
		})
	}()
}

// openPath opens a file: an image is read and solved, anything else is
// parsed as a text or Unruly puzzle. The file dialog, drops, the recent
// list and `binocle FILE` all come through here.
func (u *ui) openPath(path string) {
	u.trace.mark("open %s", path)
	u.addRecent(path)
	name := filepath.Base(path)
	u.gen++
	u.status.set(levelInfo, "Reading "+name+"…")
	u.background(func() func() {
		data, err := os.ReadFile(path)
		if err != nil {
			return func() { u.status.set(levelError, "Cannot open "+path+": "+unwrapPath(err)) }
		}
		if isImage(path) {
			source := "photo"
			if strings.EqualFold(filepath.Ext(path), ".png") {
				source = "screenshot"
			}
			return u.readPhoto(name, source, data)
		}
		in, err := solver.ParseInput(data)
		if err != nil {
			return func() { u.status.set(levelError, name+": "+err.Error()) }
		}
		return func() { u.openPuzzle(name, "text", in.Puzzle, !in.RulesGiven) }
	})
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
	puzzle    *solver.Puzzle
	solve     solveOutcome
}

// readPhoto runs off the UI goroutine: decode, read, draw what was found,
// solve with auto rules and draw the overlay, all from one decode.
func (u *ui) readPhoto(name, source string, data []byte) func() {
	start := time.Now()
	mat, err := vision.LoadBytes(data)
	if err != nil {
		mat.Close()
		return func() { u.status.set(levelError, name+": "+err.Error()) }
	}
	defer mat.Close()
	u.trace.since(start, "decoded")
	reading, err := vision.Read(mat)
	if err != nil {
		plain, _ := vision.ToImage(mat)
		plain = fitForDisplay(plain)
		return func() {
			u.openPhotoWithoutGrid(name, source, data, plain)
			u.status.set(levelError, name+": "+err.Error()+". Start a New puzzle to type it in instead.")
		}
	}
	u.trace.since(start, "read")
	debug := vision.DrawDebug(mat, reading)
	readImage, _ := vision.ToImage(debug)
	debug.Close()
	out := photoRead{reading: reading, readImage: fitForDisplay(readImage)}
	rules := solver.ThreeInARow
	if reading.Style == vision.StyleXOI {
		rules = solver.Troix
	}
	out.puzzle, err = reading.Puzzle(rules)
	if err == nil {
		out.solve = solveWithImage(out.puzzle.Clone(), true, mat, reading)
		u.trace.since(start, "solved and drawn")
	}
	return func() {
		u.openReading(name, source, data, out)
		if err != nil {
			u.status.set(levelError, name+": "+err.Error())
		}
	}
}

// fitForDisplay scales a picture down to displaySide, off the UI goroutine.
func fitForDisplay(img image.Image) image.Image {
	if img == nil {
		return nil
	}
	b := img.Bounds()
	long := max(b.Dx(), b.Dy())
	if long <= displaySide {
		return img
	}
	w, h := b.Dx()*displaySide/long, b.Dy()*displaySide/long
	dst := image.NewRGBA(image.Rect(0, 0, max(1, w), max(1, h)))
	xdraw.ApproxBiLinear.Scale(dst, dst.Bounds(), img, b, xdraw.Src, nil)
	return dst
}

// newDocument replaces the document, dropping every result that belonged
// to the old one.
func (u *ui) newDocument(doc *document, ed *editor) {
	u.gen++
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

// openReading shows a freshly read photo and its solve.
func (u *ui) openReading(name, source string, data []byte, pr photoRead) {
	u.trace.mark("back on the UI goroutine")
	if pr.puzzle == nil {
		u.openPhotoWithoutGrid(name, source, data, pr.readImage)
		return
	}
	ed := newEditor(pr.puzzle, pr.reading.Style)
	ed.setReading(pr.reading.Cells, pr.reading.Confidence)
	ed.edgeMode = len(pr.reading.Edges) > 0
	doc := &document{source: source, name: name, photo: data, reading: pr.reading, readImage: pr.readImage, auto: true}
	u.newDocument(doc, ed)
	u.trace.mark("reading on screen")
	doubtful := ed.count(markLowConfidence)
	u.showSolve(pr.solve)
	if doubtful > 0 && pr.solve.res.Status != solver.Unique {
		u.status.set(levelWarning, fmt.Sprintf("%s — %d cells were hard to read (highlighted); check them and solve again.", u.status.message(), doubtful))
	}
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
