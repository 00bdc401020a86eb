package gui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"binocle/solver"
	"binocle/vision"
)

// stepThrough is the dialog that walks the whole solution path: the
// numbered steps on the left, and on the right the grid as it stands
// after the chosen step, that step's cells highlighted as a hint's are.
type stepThrough struct {
	steps  []solver.Step
	states [][]solver.Cell // states[i] is the grid after steps[i]
	at     int

	ed       *editor
	grid     *gridView
	list     *widget.List
	position *widget.Label
	explain  *widget.Label
	grade    *widget.Label
	prev     *widget.Button
	next     *widget.Button
	dlg      *dialog.CustomDialog
}

// showSteps works out the solution path off the UI goroutine, then opens
// the step-through on its first step.
func (u *ui) showSteps() {
	p := u.ed.puzzle.Clone()
	if err := p.Validate(); err != nil {
		u.status.set(levelError, "No solution path: the givens break a rule: "+err.Error())
		return
	}
	style := u.ed.style
	u.status.set(levelInfo, "Working out the solution step by step…")
	ctx, done := u.cancellable("Working out the steps")
	u.background(func() func() {
		steps, err := solver.StepsContext(ctx, p)
		var grade solver.Difficulty
		var stats solver.GradeStats
		if err == nil {
			grade, stats, err = solver.GradeContext(ctx, p)
		}
		return func() {
			done()
			if ctx.Err() != nil && err != nil {
				u.searchGaveUp("Steps", err)
				return
			}
			if err != nil {
				u.status.set(levelError, "No solution path: "+err.Error())
				return
			}
			if len(steps) == 0 {
				u.status.set(levelInfo, "Nothing to step through: the grid is already full.")
				return
			}
			st := newStepThrough(p, steps, style)
			st.grade.SetText(fmt.Sprintf("Grade: %s · %d steps · hardest technique: %s",
				difficultyLabel(grade), len(steps), techniqueName(stats.Hardest)))
			u.steps = st
			st.show(u.win)
			u.status.set(levelInfo, fmt.Sprintf("The solution in %d steps; the puzzle grades %s.", len(steps), difficultyLabel(grade)))
			// The hint on show before Steps opened is still pending: its
			// Apply comes back when Steps closes, instead of being lost
			// with the message Steps replaced.
			hint := u.hintStep
			st.dlg.SetOnClosed(func() {
				if hint != nil && u.hintStep == hint && u.ed.playing {
					u.showHint(*hint)
				}
			})
		}
	})
}

func newStepThrough(p *solver.Puzzle, steps []solver.Step, style vision.Style) *stepThrough {
	st := &stepThrough{steps: steps}
	cur := p.Clone()
	for _, s := range steps {
		solver.ApplyStep(cur, s)
		shown := append([]solver.Cell(nil), cur.Cells...)
		// The givens stay the editor's; only what the steps filled is
		// drawn as solved.
		for i, v := range p.Cells {
			if v != solver.Empty {
				shown[i] = solver.Empty
			}
		}
		st.states = append(st.states, shown)
	}
	st.ed = newEditor(p, style)
	st.grid = newGridView(st.ed)
	st.grid.readOnly = true
	st.position = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	st.explain = widget.NewLabel("")
	st.explain.Wrapping = fyne.TextWrapWord
	st.grade = widget.NewLabel("")
	st.prev = widget.NewButtonWithIcon("Previous", theme.NavigateBackIcon(), func() { st.goTo(st.at - 1) })
	st.next = widget.NewButtonWithIcon("Next", theme.NavigateNextIcon(), func() { st.goTo(st.at + 1) })
	st.next.IconPlacement = widget.ButtonIconTrailingText
	st.list = widget.NewList(
		func() int { return len(st.steps) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(fmt.Sprintf("%d. %s", id+1, st.steps[id].Name))
		})
	st.list.OnSelected = func(id widget.ListItemID) {
		if id != st.at {
			st.goTo(id)
		}
	}
	st.goTo(0)
	return st
}

func (st *stepThrough) show(win fyne.Window) {
	buttons := container.NewHBox(st.prev, st.next)
	right := container.NewBorder(
		container.NewVBox(st.grade, st.position),
		container.NewVBox(st.explain, container.NewCenter(buttons)),
		nil, nil, container.NewPadded(st.grid))
	split := container.NewHSplit(st.list, right)
	split.SetOffset(0.3)
	st.dlg = dialog.NewCustom("Solution, step by step", "Close", split, win)
	st.dlg.Resize(fyne.NewSize(980, 660))
	st.dlg.Show()
}

// goTo shows step i, clamped to the path.
func (st *stepThrough) goTo(i int) {
	i = max(0, min(i, len(st.steps)-1))
	st.at = i
	s := st.steps[i]
	st.ed.solution = st.states[i]
	st.ed.clearMarks(markHint)
	st.ed.markCells(s.Because, markHintBecause)
	st.ed.markCells(setPoints(s.Sets), markHintSet)
	if len(s.Sets) > 0 {
		st.ed.sel = solver.Point{Row: s.Sets[0].Row, Col: s.Sets[0].Col}
	}
	st.grid.Refresh()
	st.position.SetText(fmt.Sprintf("Step %d of %d · %s (%s)", i+1, len(st.steps), s.Name, difficultyLabel(s.Difficulty)))
	st.explain.SetText(withLegend(s.Explanation, st.ed.style))
	if i == 0 {
		st.prev.Disable()
	} else {
		st.prev.Enable()
	}
	if i == len(st.steps)-1 {
		st.next.Disable()
	} else {
		st.next.Enable()
	}
	st.list.Select(i)
}

// techniqueName is a technique's display name from its ID.
func techniqueName(id string) string {
	for _, t := range solver.Techniques() {
		if t.ID == id {
			return t.Name
		}
	}
	return id
}
