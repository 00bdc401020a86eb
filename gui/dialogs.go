package gui

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"binocle/solver"
	"binocle/vision"
)

func showInfo(w fyne.Window, title, text string) {
	label := widget.NewLabel(text)
	dialog.ShowCustom(title, "Close", label, w)
}

// showOpenDialog asks for an image or a puzzle file; the choice goes
// through openPath like every other way in.
func (u *ui) showOpenDialog() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			u.status.set(levelError, err.Error())
			return
		}
		if r == nil {
			return
		}
		r.Close()
		u.openPath(r.URI().Path())
	}, u.win)
	d.SetFilter(storage.NewExtensionFileFilter(append(append([]string(nil), imageExts...), ".txt")))
	if recent := u.recentFiles(); len(recent) > 0 {
		if dir, err := storage.ListerForURI(storage.NewFileURI(parentDir(recent[0]))); err == nil {
			d.SetLocation(dir)
		}
	}
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

func parentDir(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i > 0 {
		return path[:i]
	}
	return "."
}

// newPuzzleChoice is a rule set as the New dialog offers it: Tango is
// 3-in-a-Row on a 6×6 board with edge clues, drawn as suns and moons.
type newPuzzleChoice struct {
	label string
	rules solver.Rules
	style vision.Style
	sizes []int
}

var newPuzzleChoices = []newPuzzleChoice{
	{"3-in-a-Row", solver.ThreeInARow, vision.StyleSquareCircle, []int{6, 8, 10, 12, 14, 16, 20}},
	{"Takuzu / Binairo", solver.Takuzu, vision.StyleDiscCircle, []int{6, 8, 10, 12, 14, 16, 20}},
	{"Troix", solver.Troix, vision.StyleXOI, []int{6, 9, 12, 15, 18}},
	{"Tango (LinkedIn)", solver.ThreeInARow, vision.StyleTango, []int{6}},
}

const customSize = "Custom…"

// emptyGrid is the New dialog's first content choice; the others are the
// generator's grades.
const emptyGrid = "Empty grid, to type in"

func contentChoices() []string {
	choices := []string{emptyGrid}
	for d := solver.Easy; d <= solver.Inhuman; d++ {
		choices = append(choices, "Generate · "+difficultyLabel(d))
	}
	return choices
}

// showNewDialog asks for the rules and the size of a new grid, and
// whether it starts empty or comes from the generator at some grade.
func (u *ui) showNewDialog() { u.newDialog(false) }

// showGenerateDialog is the New dialog set to generate an Easy puzzle.
func (u *ui) showGenerateDialog() { u.newDialog(true) }

func (u *ui) newDialog(generate bool) {
	labels := make([]string, len(newPuzzleChoices))
	for i, c := range newPuzzleChoices {
		labels[i] = c.label
	}
	sizeSelect := widget.NewSelect(nil, nil)
	rowsEntry, colsEntry := widget.NewEntry(), widget.NewEntry()
	rowsEntry.SetPlaceHolder("rows")
	colsEntry.SetPlaceHolder("columns")
	custom := container.NewGridWithColumns(3, rowsEntry, widget.NewLabelWithStyle("×", fyne.TextAlignCenter, fyne.TextStyle{}), colsEntry)
	custom.Hide()
	var fit func()
	sizeSelect.OnChanged = func(s string) {
		custom.Hidden = s != customSize
		custom.Refresh()
		if fit != nil {
			fit()
		}
	}
	choice := newPuzzleChoices[0]
	rulesSelect := widget.NewSelect(labels, func(label string) {
		for _, c := range newPuzzleChoices {
			if c.label == label {
				choice = c
			}
		}
		var sizes []string
		for _, n := range choice.sizes {
			sizes = append(sizes, fmt.Sprintf("%d×%d", n, n))
		}
		sizeSelect.SetOptions(append(sizes, customSize))
		sizeSelect.SetSelectedIndex(min(1, len(sizes)-1))
	})
	rulesSelect.SetSelectedIndex(0)
	contentSelect := widget.NewSelect(contentChoices(), nil)
	contentSelect.SetSelectedIndex(0)
	if generate {
		contentSelect.SetSelectedIndex(1)
	}
	items := []*widget.FormItem{
		widget.NewFormItem("Rules", rulesSelect),
		// The custom rows × columns sit under the size, so that no empty
		// row is left while they are hidden.
		widget.NewFormItem("Size", container.NewVBox(sizeSelect, custom)),
		widget.NewFormItem("Puzzle", contentSelect),
	}
	d := dialog.NewForm("New puzzle", "Create", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		rows, cols, err := parseSize(sizeSelect.Selected, rowsEntry.Text, colsEntry.Text)
		if err == nil && contentSelect.SelectedIndex() > 0 {
			u.generate(generateRequest{
				choice: choice, rows: rows, cols: cols,
				difficulty: solver.Difficulty(contentSelect.SelectedIndex() - 1),
				seed:       uint64(time.Now().UnixNano()),
			})
			return
		}
		if err == nil {
			err = u.newPuzzle(choice.rules, rows, cols, choice.style)
		}
		if err != nil {
			u.status.set(levelError, "New puzzle: "+err.Error())
		}
	}, u.win)
	d.Show()
	// The dialog grows and shrinks with the custom size's row.
	fit = func() { d.Resize(fyne.NewSize(420, d.MinSize().Height)) }
	fit()
}

// parseSize reads a preset like "8×8", or the custom rows and columns.
func parseSize(preset, rows, cols string) (int, int, error) {
	if preset != customSize {
		var r, c int
		if _, err := fmt.Sscanf(preset, "%d×%d", &r, &c); err != nil {
			return 0, 0, fmt.Errorf("unknown size %q", preset)
		}
		return r, c, nil
	}
	r, err := strconv.Atoi(strings.TrimSpace(rows))
	if err != nil {
		return 0, 0, fmt.Errorf("rows: %q is not a number", rows)
	}
	c, err := strconv.Atoi(strings.TrimSpace(cols))
	if err != nil {
		return 0, 0, fmt.Errorf("columns: %q is not a number", cols)
	}
	return r, c, nil
}

func (u *ui) showExportDialog() {
	u.savePNGDialog(fileStem(u.doc.name)+"-solved.png", func(w io.WriteCloser, name string) { u.exportPNG(w, name) })
}

// showPrintDialog asks where to write the puzzle as a printable PNG, or
// its answer sheet.
func (u *ui) showPrintDialog(answers bool) {
	suffix := "-puzzle.png"
	if answers {
		suffix = "-answers.png"
	}
	u.savePNGDialog(fileStem(u.doc.name)+suffix, func(w io.WriteCloser, name string) { u.printPuzzle(w, name, answers) })
}

// savePNGDialog asks where to save a PNG and hands the open file to write.
func (u *ui) savePNGDialog(fileName string, write func(w io.WriteCloser, name string)) {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			u.status.set(levelError, err.Error())
			return
		}
		if w == nil {
			return
		}
		write(w, w.URI().Name())
	}, u.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".png"}))
	d.SetFileName(fileName)
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// fileStem makes a document's name into the start of a file name.
func fileStem(name string) string {
	if i := strings.LastIndex(name, "."); i > 0 {
		name = name[:i]
	}
	return strings.NewReplacer(" · ", "-", " ", "-", "/", "-", "×", "x").Replace(name)
}
