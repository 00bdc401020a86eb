package gui

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"binocle/solver"
	"binocle/vision"
)

// hintPuzzle is the grid a hint reasons from: the givens plus, in play
// mode, the player's entries.
func (u *ui) hintPuzzle() *solver.Puzzle {
	p := u.ed.puzzle.Clone()
	if u.ed.playing && u.ed.play != nil {
		for i, v := range u.ed.play {
			if p.Cells[i] == solver.Empty && v != solver.Empty {
				p.Cells[i] = v
			}
		}
	}
	return p
}

// hint shows the next step a person could take from the player's grid.
// Hints belong to play mode: from edit mode it starts playing first,
// solving the puzzle when that has not happened yet.
func (u *ui) hint() {
	if !u.ed.playing {
		// Say so: Hint used to switch to play and start the clock
		// unannounced, and the user lost the solution on show.
		announce := func() {
			u.enterPlay()
			if u.ed.playing {
				u.hintNotice = "Switched to Play mode for hints: the solution is hidden and the clock runs (Edit leaves). "
				u.hint()
			}
		}
		if u.doc.result == nil {
			u.solveThen(announce)
			return
		}
		announce()
		return
	}
	if n := u.markMistakes(); n > 0 {
		u.grid.Refresh()
		u.status.set(levelError, fmt.Sprintf("%d %s crossed out: fix %s first, since no step follows from a wrong grid.",
			n, plural(n, "mistake", "mistakes"), plural(n, "it", "them")))
		return
	}
	p := u.hintPuzzle()
	ed := u.ed
	u.status.set(levelInfo, "Looking for the next step…")
	ctx, done := u.cancellable("Looking for a hint")
	u.background(func() func() {
		step, err := solver.NextStepContext(ctx, p)
		return func() {
			done()
			if ctx.Err() != nil && err != nil {
				u.searchGaveUp("Hint", err)
				return
			}
			// The player may have typed on, or left play, meanwhile: a
			// hint for another grid would point at the wrong cells.
			if ed != u.ed || !ed.playing || !slices.Equal(p.Cells, u.hintPuzzle().Cells) {
				return
			}
			switch {
			case errors.Is(err, solver.ErrAlreadySolved):
				u.status.set(levelSuccess, "Nothing left to hint: every cell is filled.")
			case err != nil:
				u.status.set(levelError, "No hint: "+err.Error())
			default:
				u.showHint(step)
			}
		}
	})
}

// showHint highlights a step's cells, those it fills and those behind it,
// says why, and offers to fill them in.
func (u *ui) showHint(step solver.Step) {
	ed := u.ed
	ed.clearMarks(markHint)
	ed.markCells(step.Because, markHintBecause)
	ed.markCells(setPoints(step.Sets), markHintSet)
	u.hintStep = &step
	if len(step.Sets) > 0 {
		ed.sel = solver.Point{Row: step.Sets[0].Row, Col: step.Sets[0].Col}
		u.photo.selectCell(ed.sel)
	}
	u.grid.Refresh()
	notice := u.hintNotice
	u.hintNotice = ""
	u.status.set(levelInfo, notice+withLegend("Hint · "+step.Name+": "+step.Explanation, ed.style))
	u.status.offer("Apply", u.applyHint)
}

// applyHint fills in the cells of the hint on show.
func (u *ui) applyHint() {
	step := u.hintStep
	if step == nil || !u.ed.playing {
		return
	}
	if u.ed.fill(step.Sets) {
		u.edited()
	}
	if u.ed.playing && u.timer.running {
		n := len(step.Sets)
		u.status.set(levelInfo, fmt.Sprintf("Filled %d %s by %s. %d to go.", n, plural(n, "cell", "cells"), strings.ToLower(step.Name), u.blanksLeft()))
	}
}

// clearHint drops the hint on show, once the grid it was for changed.
func (u *ui) clearHint() {
	u.hintStep = nil
	u.ed.clearMarks(markHint)
}

func setPoints(sets []solver.Placement) []solver.Point {
	pts := make([]solver.Point, len(sets))
	for i, s := range sets {
		pts[i] = solver.Point{Row: s.Row, Col: s.Col}
	}
	return pts
}

// markMistakes crosses out the player's entries that differ from the
// solution and counts them.
func (u *ui) markMistakes() int {
	ed := u.ed
	ed.clearMarks(markMistake)
	if !ed.playing || u.doc.result == nil || ed.play == nil {
		return 0
	}
	solution := u.doc.result.Solution
	mistakes := 0
	for i, v := range ed.play {
		if v != solver.Empty && v != solution[i] {
			ed.marks[i] |= markMistake
			mistakes++
		}
	}
	u.syncCrosses()
	return mistakes
}

// symbolLegends say which glyph each of the solver's digits is, since
// explanations speak of 0s and 1s whatever the style draws.
var symbolLegends = map[vision.Style]string{
	vision.StyleSquareCircle: "1 is ■, 0 is ○",
	vision.StyleDiscCircle:   "1 is ●, 0 is ○",
	vision.StyleXO:           "1 is X, 0 is O",
	vision.StyleXOI:          "1 is X, 0 is O, 2 is I",
	vision.StyleTango:        "1 is a moon, 0 is a sun",
	vision.StyleTiles:        "1 is red, 0 is blue",
}

// withLegend appends the style's legend to an explanation.
func withLegend(text string, style vision.Style) string {
	if l := symbolLegends[style]; l != "" {
		return text + " (" + l + ")"
	}
	return text
}

// difficultyLabel is a grade as the window writes it: "Hard".
func difficultyLabel(d solver.Difficulty) string {
	s := d.String()
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
