package gui

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/software"
	"gocv.io/x/gocv"

	"binocle/solver"
	"binocle/vision"
)

// rulesNames are the rule sets as the window writes them.
var rulesNames = map[solver.Rules]string{
	solver.ThreeInARow: "3-in-a-Row",
	solver.Takuzu:      "Takuzu",
	solver.Troix:       "Troix",
}

// solveOutcome is a finished solve, with the solution drawn onto the photo
// when there is one.
type solveOutcome struct {
	res solver.Result
	// err is set when the solve gave up: cancelled, or the window closed.
	err        error
	overlay    image.Image
	overlayErr error
}

func runSolver(ctx context.Context, p *solver.Puzzle, auto bool) (solver.Result, error) {
	if auto {
		return solver.SolveAutoContext(ctx, p)
	}
	return solver.SolveContext(ctx, p)
}

// cancelAfter is how long a solve, hint or step search runs before the
// status bar offers Cancel: long enough that no ordinary puzzle flashes
// the button, short enough that a hard one never looks frozen.
const cancelAfter = 500 * time.Millisecond

// cancellable gives one background search its context, and offers Cancel
// in the status bar once it has run past cancelAfter. The search's result
// calls done on the UI goroutine. Closing the window cancels every
// search, so that closing never waits on one.
func (u *ui) cancellable(what string) (ctx context.Context, done func()) {
	ctx, cancel := context.WithCancel(u.ctx)
	offer := time.AfterFunc(cancelAfter, func() {
		if u.stopped.Load() {
			return
		}
		u.do(func() {
			if ctx.Err() != nil || u.stopped.Load() {
				return
			}
			u.status.set(levelInfo, what+" is taking a while…")
			u.status.offer("Cancel", cancel)
			u.trace.mark("cancel offered")
		})
	})
	return ctx, func() {
		offer.Stop()
		cancel()
	}
}

// cancelled says a search ended because the user cancelled it.
func cancelled(err error) bool { return errors.Is(err, context.Canceled) }

// solveWithImage runs off the UI goroutine: solve p and, when the solve
// gives an answer, draw it onto img in perspective. img is the photo at
// display size and shown the reading scaled to it. The reading's givens
// are replaced by p's, so that the user's corrections are not drawn over.
func solveWithImage(ctx context.Context, p *solver.Puzzle, auto bool, img gocv.Mat, shown *vision.Reading) solveOutcome {
	res, err := runSolver(ctx, p, auto)
	out := solveOutcome{res: res, err: err}
	if err != nil || shown == nil || out.res.Status == solver.None || len(out.res.Solution) != len(p.Cells) {
		return out
	}
	drawn, err := vision.DrawOverlay(img, readingWithGivens(shown, p), out.res.Solution)
	defer drawn.Close()
	if err != nil {
		out.overlayErr = err
		return out
	}
	rgba, err := vision.ToRGBA(drawn)
	if err != nil {
		out.overlayErr = err
		return out
	}
	out.overlay = rgba
	return out
}

func readingWithGivens(r *vision.Reading, p *solver.Puzzle) *vision.Reading {
	c := *r
	c.Cells = append([]solver.Cell(nil), p.Cells...)
	c.Edges = append([]solver.Edge(nil), p.Edges...)
	return &c
}

// solve checks the givens, then solves off the UI goroutine and shows the
// outcome; then, when not nil, runs after a solve that found an answer.
func (u *ui) solve() { u.solveThen(nil) }

func (u *ui) solveThen(then func()) {
	if u.ed.playing {
		u.leavePlay()
	}
	if !u.validate() {
		return
	}
	p := u.ed.puzzle.Clone()
	auto, photo, reading := u.doc.auto, u.doc.photo, u.doc.reading
	u.status.set(levelInfo, "Solving…")
	u.trace.mark("solve")
	ctx, done := u.cancellable("Solving")
	u.background(func() func() {
		var out solveOutcome
		if photo != nil && reading != nil {
			mat, scale, err := vision.LoadBytesFit(photo, displaySide)
			if err == nil {
				out = solveWithImage(ctx, p, auto, mat, reading.Scaled(scale))
			} else {
				out.res, out.err = u.solver(ctx, p, auto)
				out.overlayErr = err
			}
			mat.Close()
		} else {
			out.res, out.err = u.solver(ctx, p, auto)
		}
		return func() {
			done()
			if out.err != nil {
				u.searchGaveUp("Solve", out.err)
				return
			}
			u.showSolve(out)
			if then != nil && out.res.Status != solver.None {
				then()
			}
		}
	})
}

// searchGaveUp says that a solve, hint or step search stopped early.
func (u *ui) searchGaveUp(what string, err error) {
	if cancelled(err) {
		u.status.set(levelInfo, what+" cancelled.")
		u.trace.mark("cancelled")
		return
	}
	u.status.set(levelError, what+" stopped: "+err.Error())
}

// showSolve fills the grid with a solve's outcome, saves it to the
// history, and says what happened.
// solveTime says how long a solve took for the status bar. Small puzzles
// solve in a few microseconds, which rounding to 10 µs showed as "in 0s".
func solveTime(d time.Duration) string {
	if d < 10*time.Microsecond {
		return " in under 10µs"
	}
	return fmt.Sprintf(" in %s", d.Round(10*time.Microsecond))
}

func (u *ui) showSolve(out solveOutcome) {
	res := out.res
	u.clearSuggestion()
	u.doc.result = &res
	u.doc.overlay = out.overlay
	ed := u.ed
	ed.clearMarks(markDiffer | markContradiction | markRuleError)
	ed.solution = nil
	under := rulesNames[res.Rules]
	if u.doc.auto {
		under += " (picked by auto)"
	}
	took := solveTime(res.Elapsed)
	switch res.Status {
	case solver.Unique:
		ed.solution = res.Solution
		u.status.set(levelSuccess, "Solved: exactly one solution, under "+under+took+".")
		u.status.setResult("Unique · " + rulesNames[res.Rules])
	case solver.Multiple:
		ed.solution = res.Solution
		ed.markCells(res.Differ, markDiffer)
		msg := fmt.Sprintf("More than one solution under %s: showing one; the %d highlighted cells differ in another.", under, len(res.Differ))
		if ed.style == vision.StyleTango && u.doc.reading != nil {
			// A published Tango has one answer: several mean the reader
			// missed clues, which the user can add.
			msg += " A Tango board has exactly one: some = or × clues were probably missed. Turn on Edges, click the borders that carry them, and Solve again."
		}
		u.status.set(levelWarning, msg)
		u.status.setResult("Several solutions")
	default:
		msg := "No solution under " + under
		if c := res.Contradiction; c != nil {
			ed.markCells(contradictionCells(c, ed.puzzle), markContradiction)
			msg += ": " + c.Error()
		}
		u.status.set(levelError, msg+" (highlighted).")
		u.status.setResult("No solution")
	}
	if out.overlayErr != nil {
		u.status.set(levelWarning, u.status.message()+" The overlay could not be drawn: "+out.overlayErr.Error())
	}
	u.grid.Refresh()
	u.showPhoto()
	u.showTitle()
	u.trace.mark("solved %s", res.Status)
	u.saveSolve(res)
	u.suggestFixes(res)
}

// contradictionCells are the cells to highlight: the ones the solver
// named, or else the whole line it blamed.
func contradictionCells(c *solver.RuleError, p *solver.Puzzle) []solver.Point {
	if len(c.Cells) > 0 {
		return c.Cells
	}
	var pts []solver.Point
	if c.Line.IsCol {
		for r := 0; r < p.Rows; r++ {
			pts = append(pts, solver.Point{Row: r, Col: c.Line.Index})
		}
	} else {
		for col := 0; col < p.Cols; col++ {
			pts = append(pts, solver.Point{Row: c.Line.Index, Col: col})
		}
	}
	return pts
}

// togglePlay switches between correcting the givens and playing: in play
// mode the solution is hidden and the user fills the blanks.
func (u *ui) togglePlay() {
	if u.ed.playing {
		u.leavePlay()
		u.status.set(levelInfo, "Editing the givens.")
		return
	}
	if u.doc.result == nil {
		u.solveThen(u.enterPlay)
		return
	}
	u.enterPlay()
}

func (u *ui) enterPlay() {
	ed := u.ed
	if r := u.doc.result; r == nil || r.Status != solver.Unique {
		u.status.set(levelWarning, "Play needs a puzzle with exactly one solution; this one has "+map[bool]string{true: "none", false: "several"}[r != nil && r.Status == solver.None]+".")
		return
	}
	ed.playing = true
	ed.play = u.photoEntries()
	ed.clearMarks(markDiffer | markContradiction | markMistake | markRevealed | markHint)
	u.hintStep = nil
	u.grid.Refresh()
	u.showPhoto()
	u.syncControls()
	u.win.Canvas().Focus(u.grid)
	u.timer.begin()
	u.status.set(levelInfo, fmt.Sprintf("Playing: fill in the %d blank cells. Check shows mistakes, Hint explains the next step, Reveal fills a cell.", u.blanksLeft()))
}

// finishPlay stops the clock once every cell is right.
func (u *ui) finishPlay() {
	u.timer.halt()
	u.grid.Refresh()
	u.status.set(levelSuccess, "Solved in "+clock(u.timer.elapsed())+"! Every cell is right.")
}

func (u *ui) leavePlay() {
	u.timer.clear()
	u.clearHint()
	u.ed.playing = false
	u.ed.play = nil
	u.ed.clearMarks(markMistake | markRevealed)
	u.photo.cross(nil)
	if r := u.doc.result; r != nil && r.Status != solver.None {
		u.ed.solution = r.Solution
	}
	u.grid.Refresh()
	u.showPhoto()
	u.syncControls()
}

func (u *ui) blanksLeft() int {
	n := 0
	for i, v := range u.ed.puzzle.Cells {
		if v == solver.Empty && (u.ed.play == nil || u.ed.play[i] == solver.Empty) {
			n++
		}
	}
	return n
}

// check crosses out the player's entries that differ from the solution.
func (u *ui) check() {
	ed := u.ed
	if !ed.playing || u.doc.result == nil {
		return
	}
	mistakes := u.markMistakes()
	u.grid.Refresh()
	left := u.blanksLeft()
	if u.doc.marks != nil {
		u.checkEntries(left)
		return
	}
	switch {
	case mistakes > 0:
		u.status.set(levelError, fmt.Sprintf("%d %s crossed out.", mistakes, plural(mistakes, "mistake", "mistakes")))
	case left == 0:
		u.finishPlay()
	default:
		u.status.set(levelSuccess, fmt.Sprintf("No mistakes so far; %d %s to go.", left, plural(left, "cell", "cells")))
	}
}

// revealOne fills one cell from the solution: the selected one when it is
// blank or wrong, else the first wrong one, else the first blank.
func (u *ui) revealOne() {
	ed := u.ed
	if !ed.playing || u.doc.result == nil {
		return
	}
	solution := u.doc.result.Solution
	needs := func(i int) bool { return ed.puzzle.Cells[i] == solver.Empty && ed.play[i] != solution[i] }
	target := -1
	if i := ed.index(ed.sel); needs(i) {
		target = i
	}
	for pass := 0; pass < 2 && target < 0; pass++ {
		for i := range ed.play {
			wrong := ed.play[i] != solver.Empty
			if needs(i) && (pass == 1 || wrong) {
				target = i
				break
			}
		}
	}
	if target < 0 {
		u.status.set(levelSuccess, "Nothing to reveal: every cell is right.")
		return
	}
	pt := solver.Point{Row: target / ed.puzzle.Cols, Col: target % ed.puzzle.Cols}
	ed.set(pt, solution[target])
	ed.marks[target] |= markRevealed
	u.clearHint()
	u.grid.Refresh()
	u.photo.selectCell(pt)
	if u.blanksLeft() == 0 && u.markMistakes() == 0 {
		u.finishPlay()
		return
	}
	u.status.set(levelInfo, fmt.Sprintf("Revealed row %d, column %d.", pt.Row+1, pt.Col+1))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// exportPNG writes the solution drawn onto the photo, at the photo's full
// resolution, or the grid itself for typed puzzles.
func (u *ui) exportPNG(w io.WriteCloser, name string) {
	res := u.doc.result
	if res == nil || res.Status == solver.None {
		w.Close()
		u.status.set(levelWarning, "Nothing to export yet: solve the puzzle first.")
		return
	}
	photo, reading, p := u.doc.photo, u.doc.reading, u.ed.puzzle.Clone()
	var gridImage image.Image
	if photo == nil || reading == nil {
		gridImage = u.renderGrid()
	}
	solution := res.Solution
	u.status.set(levelInfo, "Exporting "+name+"…")
	u.background(func() func() {
		err := encodeExport(w, gridImage, photo, reading, p, solution)
		return func() {
			if err != nil {
				u.status.set(levelError, "Export to "+name+" failed: "+err.Error())
				return
			}
			u.status.set(levelSuccess, "Exported "+name+".")
		}
	})
}

func encodeExport(w io.WriteCloser, gridImage image.Image, photo []byte, reading *vision.Reading, p *solver.Puzzle, solution []solver.Cell) error {
	img := gridImage
	if img == nil {
		mat, err := vision.LoadBytes(photo)
		defer mat.Close()
		if err != nil {
			w.Close()
			return err
		}
		drawn, err := vision.DrawOverlay(mat, readingWithGivens(reading, p), solution)
		defer drawn.Close()
		if err != nil {
			w.Close()
			return err
		}
		if img, err = vision.ToRGBA(drawn); err != nil {
			w.Close()
			return err
		}
	}
	// Best speed: a 12-megapixel photo takes seconds at the default level.
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(w, img); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// renderGrid draws the solved grid off screen at a printable size.
func (u *ui) renderGrid() image.Image {
	g := newGridView(u.ed)
	g.print = true
	const side = 48
	c := software.NewCanvas()
	c.SetPadded(false)
	c.SetContent(g)
	c.Resize(fyne.NewSize(side*float32(u.ed.puzzle.Cols), side*float32(u.ed.puzzle.Rows)))
	return c.Capture()
}
