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
	u.showPathDialog(pathDialog{
		title: "Open a photo or a puzzle file", action: "Open",
		initial: withSep(u.startDir()),
		exts:    append(append([]string(nil), imageExts...), ".txt"),
		done:    u.openPath,
	})
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

// currentChoice is the New dialog's entry for the grid being edited.
func (u *ui) currentChoice() int {
	for i, c := range newPuzzleChoices {
		tango := c.style == vision.StyleTango
		if c.rules == u.ed.puzzle.Rules && tango == (u.ed.style == vision.StyleTango) {
			return i
		}
	}
	return 0
}

// keptStyle is the glyph style a new grid gets: the one the user has,
// unless the rules need their own (Troix's X O I, Tango's suns and moons)
// or the current style cannot draw them. Switching the user's style
// unasked was a surprise.
func keptStyle(c newPuzzleChoice, current vision.Style) vision.Style {
	needsOwn := c.style == vision.StyleXOI || c.style == vision.StyleTango
	wasOwn := current == vision.StyleXOI || current == vision.StyleTango
	if needsOwn || wasOwn {
		return c.style
	}
	return current
}

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
	// The dialog starts on the rules the toolbar shows: it used to offer
	// 3-in-a-Row while the toolbar said Takuzu.
	current := u.currentChoice()
	choice := newPuzzleChoices[current]
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
	rulesSelect.SetSelectedIndex(current)
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
		choice.style = keptStyle(choice, u.ed.style)
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
	u.saveTo("Save as PNG", fileName, []string{".png"}, write)
}

// fileStem makes a document's name into the start of a file name.
func fileStem(name string) string {
	if i := strings.LastIndex(name, "."); i > 0 {
		name = name[:i]
	}
	return strings.NewReplacer(" · ", "-", " ", "-", "/", "-", "×", "x").Replace(name)
}
