package gui

import (
	"fmt"
	"io"

	"binocle/printout"
	"binocle/solver"
	"binocle/store"
	"binocle/vision"
)

// generateRequest is a puzzle the New dialog asks the generator for.
type generateRequest struct {
	choice     newPuzzleChoice
	rows, cols int
	difficulty solver.Difficulty
	seed       uint64
}

func (r generateRequest) what() string {
	return fmt.Sprintf("%s %d×%d · %s", r.choice.label, r.rows, r.cols, difficultyLabel(r.difficulty))
}

// generate runs the generator off the UI goroutine, which takes seconds
// for large or hard grids, and opens the puzzle in play mode. The status
// bar offers Cancel: the generator cannot be interrupted, so cancelling
// drops its result when it comes.
func (u *ui) generate(req generateRequest) {
	u.generating++
	job := u.generating
	opts := solver.GenOptions{
		Rules: req.choice.rules, Rows: req.rows, Cols: req.cols,
		Difficulty: req.difficulty, Seed: req.seed,
		Edges: req.choice.style == vision.StyleTango,
	}
	what := req.what()
	generator := u.generator
	u.status.set(levelInfo, "Generating a puzzle: "+what+"…")
	u.status.offer("Cancel", func() {
		u.generating++
		u.status.set(levelInfo, "Stopped generating "+what+".")
	})
	u.backgroundAlways(func() func() {
		p, solution, err := generator(opts)
		return func() {
			if job != u.generating {
				return
			}
			if err != nil {
				u.status.set(levelError, "Could not generate "+what+": "+err.Error())
				return
			}
			u.openGenerated(p, solution, req)
		}
	})
}

// openGenerated shows a generated puzzle, saves it to the history as a
// typed one (the store's sources have no "generated"), and starts play.
func (u *ui) openGenerated(p *solver.Puzzle, solution []solver.Cell, req generateRequest) {
	ed := newEditor(p, req.choice.style)
	ed.edgeMode = len(p.Edges) > 0
	grade := req.difficulty
	u.newDocument(&document{source: "manual", name: req.what(), grade: &grade}, ed)
	u.showSolve(solveOutcome{res: solver.Result{Status: solver.Unique, Rules: p.Rules, Solution: solution}})
	u.enterPlay()
	u.win.Canvas().Focus(u.grid)
}

// printPuzzle writes the puzzle as a printable PNG in the current glyph
// style: the givens only, or the answer sheet. The camera reads the print
// back.
func (u *ui) printPuzzle(w io.WriteCloser, name string, answers bool) {
	p := u.ed.puzzle.Clone()
	title := store.DefaultTitle(p.Rules, p.Rows, p.Cols)
	if g := u.doc.grade; g != nil {
		title += " · " + difficultyLabel(*g)
	}
	opts := printout.PrintOptions{Title: title, Solution: answers}
	style := u.ed.style
	u.status.set(levelInfo, "Printing "+name+"…")
	u.background(func() func() {
		data, err := printout.RenderPuzzle(p, style, opts)
		if err == nil {
			_, err = w.Write(data)
		}
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		return func() {
			if err != nil {
				u.status.set(levelError, "Print to "+name+" failed: "+err.Error())
				return
			}
			u.status.set(levelSuccess, "Printed the puzzle to "+name+".")
		}
	})
}
