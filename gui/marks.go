package gui

import (
	"context"
	"fmt"
	"slices"

	"binocle/solver"
)

// A half-played photo: the reader told the printed givens from the
// player's entries (vision.Reading.Given), the givens alone are the
// puzzle, and the entries open in play mode for Check to judge, as a
// typed grid's are.

// photoEntries are the entries play mode starts from: a half-played
// photo's marks, on the cells its givens (as corrected) leave blank; none
// for any other document.
func (u *ui) photoEntries() []solver.Cell {
	play := emptyCells(len(u.ed.puzzle.Cells))
	if m := u.doc.marks; len(m) == len(play) {
		for i, v := range m {
			if u.ed.puzzle.Cells[i] == solver.Empty {
				play[i] = v
			}
		}
	}
	return play
}

// playMarks opens a half-played photo in play mode with the player's
// entries, once its givens are solved; opened, when not empty, starts the
// status line (a history entry says where it came from).
func (u *ui) playMarks(opened string) {
	entries, givens := 0, 0
	for i, v := range u.doc.marks {
		if v != solver.Empty {
			entries++
		}
		if u.ed.puzzle.Cells[i] != solver.Empty {
			givens++
		}
	}
	u.trace.mark("entries %d givens %d", entries, givens)
	if r := u.doc.result; r == nil || r.Status != solver.Unique {
		what := "more than one solution"
		if r != nil && r.Status == solver.None {
			what = "no solution"
		}
		u.status.set(levelWarning, fmt.Sprintf("%s The %d printed givens alone have %s, so your %d %s cannot be checked: correct the givens and Solve again.",
			u.status.message(), givens, what, entries, plural(entries, "entry", "entries")))
		return
	}
	u.enterPlay()
	u.status.set(levelInfo, opened+fmt.Sprintf("Read %d %s of yours beside the %d printed givens, and solved the puzzle from the givens alone. Check says whether any entry is wrong.",
		entries, plural(entries, "entry", "entries"), givens))
}

// checkEntries says what Check found on a half-played photo, in the
// words the command line uses: "2 of your 17 entries are wrong: r3c4,
// r5c1". Cells Reveal filled are not the player's and are not counted.
func (u *ui) checkEntries(left int) {
	ed := u.ed
	entries := emptyCells(len(ed.puzzle.Cells))
	for i, v := range ed.play {
		if ed.marks[i]&markRevealed == 0 {
			entries[i] = v
		}
	}
	rep, err := solver.CompareMarks(context.Background(), ed.puzzle, *u.doc.result, entries)
	if err != nil {
		u.status.set(levelError, "Check: "+err.Error())
		return
	}
	msg := rep.Message()
	switch {
	case len(rep.Wrong) > 0:
		u.status.set(levelError, msg+" (crossed out).")
	case left == 0:
		u.finishPlay()
		u.status.set(levelSuccess, msg+": the puzzle is solved.")
	default:
		u.status.set(levelSuccess, fmt.Sprintf("%s; %d %s to go.", msg, left, plural(left, "cell", "cells")))
	}
}

// syncCrosses crosses out on the photo the entries the grid marks as
// mistakes, in play mode on a photo; elsewhere it clears them.
func (u *ui) syncCrosses() {
	var pts []solver.Point
	if u.ed.playing && u.doc.photo != nil {
		for i, m := range u.ed.marks {
			if m&markMistake != 0 {
				pts = append(pts, solver.Point{Row: i / u.ed.puzzle.Cols, Col: i % u.ed.puzzle.Cols})
			}
		}
	}
	if !slices.Equal(pts, u.photo.crossed) {
		u.photo.cross(pts)
	}
}
