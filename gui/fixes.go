package gui

import (
	"fmt"
	"strings"

	"binocle/solver"
)

// suggestFixes asks the rules which misreads would explain a photo's
// reading giving no solution or several, or, where it gave one, whether a
// nearly as probable reading gives another (a rival), off the UI
// goroutine. The cells the user corrected count as sure: a fix never
// undoes the user.
func (u *ui) suggestFixes(res solver.Result) {
	doc, ed := u.doc, u.ed
	if doc.reading == nil || ed.playing {
		return
	}
	p := ed.puzzle.Clone()
	p.Rules = res.Rules
	odds := solver.OddsFromConfidence(p, ed.confidence)
	// The classifier's odds hold for the cells the editor still shows as
	// the reader read them.
	if r := doc.reading; len(r.Values) == len(p.Cells) && len(ed.read) == len(p.Cells) {
		for i := range odds {
			if p.Cells[i] == r.Cells[i] && ed.read[i] == r.Cells[i] {
				odds[i] = solver.CellOdds(r.Values[i])
			}
		}
	}
	for _, pt := range ed.corrected() {
		if i := ed.index(pt); i < len(odds) {
			odds[i] = solver.SureOdds(p.Cells[i])
		}
	}
	sites := doc.reading.SiteOddsKept(p.Edges)
	if res.Status == solver.Unique {
		u.trace.mark("looking for a rival reading")
		u.spawnQuiet(func() func() {
			s, err := solver.RivalOf(u.ctx, p, p.Rules, res.Solution, odds, sites)
			return func() {
				if err != nil || doc != u.doc || ed != u.ed || u.doc.result == nil {
					return // no rival, or the grid moved on meanwhile
				}
				u.showSuggestion(&s, rivalMessage)
			}
		})
		return
	}
	u.trace.mark("looking for fixes")
	u.spawnQuiet(func() func() {
		s, err := solver.SuggestFixes(u.ctx, p, p.Rules, odds, sites)
		return func() {
			if doc != u.doc || ed != u.ed || u.doc.result == nil {
				return // the grid moved on meanwhile
			}
			if err != nil {
				u.status.add(" No plausible change to the reading gives one solution; check the tinted cells.")
				u.trace.mark("no fixes")
				return
			}
			u.showSuggestion(&s, fixMessage)
		}
	})
}

// fixMessage is the status bar's word on a suggestion for a reading with
// no solution or several, after what it said of the solve: what would
// change, n changes in all.
func fixMessage(solved string, what []string, n int) string {
	return solved + " The rules suggest a misread: " + strings.Join(what, ", ") +
		" gives exactly one solution. Accept fixes applies " + plural(n, "it", "them all") + "; a click on an orange cell or clue applies that one."
}

// rivalMessage is the status bar's word on a rival: the answer shown
// rests on a toss-up the reader could not settle. It comes before what
// was said of the solve, which a narrow window cuts off first.
func rivalMessage(solved string, what []string, n int) string {
	return "Doubtful reading: " + strings.Join(what, ", ") +
		" is plausible too and gives another answer. Check " + plural(n, "it", "them") +
		" on the photo; Accept fixes switches to that reading, a click on an orange cell or clue to that one change. " + solved
}

// showSuggestion marks the suggested cells and clue sites on the grid and
// the photo, in their own colour, and offers to apply them all; a click on
// one applies that one alone.
func (u *ui) showSuggestion(s *solver.Suggestion, message func(solved string, what []string, n int) string) {
	u.suggestion = s
	u.ed.clearMarks(markSuggested)
	var pts []solver.Point
	var sites [][2]solver.Point
	var clues []solver.Change
	var what []string
	for _, ch := range s.Changes {
		switch ch.Kind {
		case "cell":
			pts = append(pts, solver.Point{Row: ch.Row, Col: ch.Col})
		case "clue":
			sites = append(sites, [2]solver.Point{{Row: ch.Row, Col: ch.Col}, {Row: ch.Row2, Col: ch.Col2}})
			clues = append(clues, ch)
		default:
			continue
		}
		what = append(what, changeWords(ch))
	}
	u.ed.markCells(pts, markSuggested)
	u.ed.suggestedClues = clues
	u.photo.mark(pts, sites)
	u.grid.Refresh()
	n := len(pts) + len(sites)
	u.status.set(levelWarning, message(u.status.message(), what, n))
	u.status.offer("Accept fixes", func() { u.acceptFixes(s.Changes) })
	u.scheduleLayoutTrace()
	u.trace.mark("fixes suggested %d", n)
}

// changeWords is one suggested change as the status bar writes it, in
// words and glyphs the theme's font has (it has no arrow).
func changeWords(ch solver.Change) string {
	if ch.Kind == "clue" {
		return fmt.Sprintf("the clue between r%dc%d and r%dc%d from %s to %s (%.0f %%)",
			ch.Row+1, ch.Col+1, ch.Row2+1, ch.Col2+1, clueWord(ch.From), clueWord(ch.To), 100*ch.P)
	}
	return fmt.Sprintf("r%dc%d from %s to %s (%.0f %%)", ch.Row+1, ch.Col+1, cellWord(ch.From), cellWord(ch.To), 100*ch.P)
}

// clueWord is a clue as the status bar writes it.
func clueWord(c string) string {
	switch c {
	case "":
		return "none"
	case "x":
		return "×"
	}
	return c
}

// cellWord is a cell value as the status bar writes it.
func cellWord(c string) string {
	if c == "." {
		return "blank"
	}
	return c
}

// acceptFixes applies suggested changes as the user's own corrections
// (undoable, marked as corrected) and solves again.
func (u *ui) acceptFixes(changes []solver.Change) {
	var done []string
	for _, ch := range changes {
		switch ch.Kind {
		case "cell":
			if len(ch.To) != 1 {
				continue
			}
			v, ok := solver.CellFromChar(ch.To[0])
			if !ok {
				continue
			}
			u.ed.set(solver.Point{Row: ch.Row, Col: ch.Col}, v)
			done = append(done, fmt.Sprintf("r%dc%d", ch.Row+1, ch.Col+1))
		case "clue":
			a, b := solver.Point{Row: ch.Row, Col: ch.Col}, solver.Point{Row: ch.Row2, Col: ch.Col2}
			rel := solver.Equal
			if ch.To == "x" {
				rel = solver.Differ
			}
			if u.ed.setEdge(a, b, rel, ch.To == "") {
				done = append(done, fmt.Sprintf("the clue between r%dc%d and r%dc%d", a.Row+1, a.Col+1, b.Row+1, b.Col+1))
			}
		}
	}
	u.edited() // drops the suggestion with the grid it was for
	u.status.set(levelInfo, "Applied the suggested "+plural(len(done), "fix", "fixes")+" at "+strings.Join(done, ", ")+"; solving again…")
	u.solve()
}

// fixTapped applies the suggestion for one tapped cell.
func (u *ui) fixTapped(pt solver.Point) bool {
	if u.suggestion == nil {
		return false
	}
	for _, ch := range u.suggestion.Changes {
		if ch.Kind == "cell" && ch.Row == pt.Row && ch.Col == pt.Col {
			u.acceptFixes([]solver.Change{ch})
			return true
		}
	}
	return false
}

// clueFixTapped applies the suggestion for the clue site between two
// cells, where one was tapped near their shared line.
func (u *ui) clueFixTapped(a, b solver.Point) bool {
	if u.suggestion == nil {
		return false
	}
	want := edgeBetween(a, b, solver.Equal)
	for _, ch := range u.suggestion.Changes {
		if ch.Kind == "clue" && ch.Row == want.R1 && ch.Col == want.C1 && ch.Row2 == want.R2 && ch.Col2 == want.C2 {
			u.acceptFixes([]solver.Change{ch})
			return true
		}
	}
	return false
}

// clearSuggestion drops the suggestion on show.
func (u *ui) clearSuggestion() {
	u.suggestion = nil
	u.ed.clearMarks(markSuggested)
	u.ed.suggestedClues = nil
	u.photo.mark(nil, nil)
}
