package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"binocle/solver"
	"binocle/vision"
)

// solveReading solves what was read, under rules ("auto" or "" takes the
// rules the reading's glyphs name, as the app does, and lets the solver
// widen them where the reading allows), giving up after timeout. A
// half-played photo is solved from its printed givens alone; the
// player's marks are checked against that answer (checkReadingMarks).
func solveReading(r *vision.Reading, rules string, timeout time.Duration) (*solver.Puzzle, solver.Result, error) {
	set, auto, err := readingRules(r, rules)
	if err != nil {
		return nil, solver.Result{}, err
	}
	p, err := r.GivensPuzzle(set)
	if err != nil {
		return nil, solver.Result{}, err
	}
	res, err := solveWith(p, auto, timeout)
	return p, res, err
}

// readingRules is the rule set a reading is solved under, and whether
// the solver may widen it (see solveReading).
func readingRules(r *vision.Reading, rules string) (solver.Rules, bool, error) {
	set, auto := r.Rules()
	if rules != "" && !strings.EqualFold(rules, "auto") {
		var err error
		if set, err = solver.ParseRules(rules); err != nil {
			return set, false, err
		}
		auto = false
	}
	return set, auto, nil
}

// photoSolution is a photo's reading solved, and a half-played photo's
// entries checked.
type photoSolution struct {
	// p and res are what was solved and how: the printed givens, or
	// with the player's entries as well (byEntries).
	p   *solver.Puzzle
	res solver.Result
	// marks are the entries checked against the givens alone; checked
	// says the photo shows entries and they were.
	marks     solver.MarkReport
	checked   bool
	byEntries bool
}

// solvePhotoReading solves a reading from its printed givens and checks
// the player's entries. When the givens alone leave the answer open (a
// finished screenshot whose clues the reader missed), the entries read
// as givens may settle it, as they did before entries were told apart:
// the answer shown is then the one the entries fit, and the check still
// judges each entry by the givens alone.
func solvePhotoReading(r *vision.Reading, rules string, timeout time.Duration) (photoSolution, error) {
	p, res, err := solveReading(r, rules, timeout)
	if err != nil {
		return photoSolution{}, err
	}
	out := photoSolution{p: p, res: res}
	out.marks, out.checked = checkReadingMarks(r, p, res, timeout)
	if !out.checked || res.Status == solver.Unique {
		return out, nil
	}
	set, auto, err := readingRules(r, rules)
	if err != nil {
		return out, nil
	}
	full, err := r.Puzzle(set)
	if err != nil {
		return out, nil
	}
	if fres, err := solveWith(full, auto, timeout); err == nil && fres.Status == solver.Unique {
		out.p, out.res, out.byEntries = full, fres, true
	}
	return out, nil
}

// photoSolveJSON is `binocle solve IMAGE --json`: the reading and the solve.
// Its solve fields are those of a typed puzzle's, at the top level.
type photoSolveJSON struct {
	Reading *vision.Reading `json:"reading"`
	solveJSON
	Nodes int `json:"nodes"`
	// Suggestions are the rule-aware reading's fixes, present when the
	// reading as read gave no solution or several ([] when none was found).
	Suggestions *[]suggestionJSON `json:"suggestions,omitempty"`
	// SuggestedSolution is the answer the suggestions give, when they
	// were not applied; FixesAccepted says they were.
	SuggestedSolution []string `json:"suggested_solution,omitempty"`
	FixesAccepted     bool     `json:"fixes_accepted,omitempty"`
	// Marks is the check of the player's entries on a half-played photo.
	Marks *marksJSON `json:"marks,omitempty"`
	// Rival, on a unique answer, is a reading nearly as probable as the
	// one solved that gives another unique answer: the answer rests on
	// a toss-up the reader could not settle.
	Rival *rivalJSON `json:"rival,omitempty"`
}

func solvePhoto(env *Env, path string, opts SolveOptions) int {
	r, err := readImageFile(path)
	if err != nil {
		fmt.Fprintf(env.Stderr, "binocle solve: %v\n", err)
		return ExitBadInput
	}
	sol, err := solvePhotoReading(r, opts.Rules, opts.Timeout)
	p, res, marks, checked := sol.p, sol.res, sol.marks, sol.checked
	if errors.Is(err, context.DeadlineExceeded) {
		return gaveUp(env, "solve", path, opts.Timeout)
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "binocle solve: %s: %v\n", path, err)
		return ExitBadInput
	}
	fx := suggestFixes(r, p, res)
	accepted := fx.found && opts.AcceptFixes
	if accepted {
		p, res = fx.suggestion.Puzzle, fx.suggestion.Result
		// What is saved and drawn is the fixed reading.
		if err := r.SetGivens(p.Cells); err != nil {
			fmt.Fprintf(env.Stderr, "binocle solve: %s: %v\n", path, err)
			return ExitBadInput
		}
		marks, checked = checkReadingMarks(r, p, res, opts.Timeout)
	}
	if saveSolve != nil && !opts.NoSave {
		saved := r
		if sol.byEntries {
			// What was solved holds the entries as givens: the entry is
			// kept as such, a plain photo's.
			plain := *r
			plain.Given = nil
			saved = &plain
		}
		if err := savePhotoSolve(env, opts, path, p, res, saved); err != nil {
			fmt.Fprintf(env.Stderr, "binocle solve: the history was not updated: %v\n", err)
		}
	}
	if opts.JSON {
		out := photoSolveJSON{Reading: r, solveJSON: newSolveJSON(p, res), Nodes: res.Nodes, FixesAccepted: accepted}
		if fx.found || len(fx.doubtful) > 0 || (res.Status != solver.Unique && !accepted) {
			list := fx.json()
			out.Suggestions = &list
		}
		if fx.found && !accepted {
			out.SuggestedSolution = solver.GridRows(fx.suggestion.Result.Solution, p.Rows, p.Cols)
		}
		if checked {
			out.Marks = newMarksJSON(marks)
			out.Marks.SolvedWithEntries = sol.byEntries
		}
		out.Rival = fx.rivalJSON()
		b, err := json.Marshal(out)
		if err != nil {
			fmt.Fprintf(env.Stderr, "binocle solve: %v\n", err)
			return ExitBadInput
		}
		fmt.Fprintln(env.Stdout, string(b))
	} else {
		printReading(env, r)
		printPhotoSolve(env, p, res)
		if checked {
			if sol.byEntries {
				fmt.Fprintln(env.Stdout, "(solved with your entries as givens: the printed givens alone leave the answer open)")
			}
			fmt.Fprintf(env.Stdout, "\n%s.\n", marks.Message())
		}
		if fx.found || res.Status != solver.Unique {
			fmt.Fprintln(env.Stdout)
			fx.describe(env.Stdout, accepted)
		}
		if fx.rival != nil {
			fmt.Fprintln(env.Stdout)
			fx.describeRival(env.Stdout)
		}
	}
	if res.Status != solver.Unique {
		return ExitUnsolved
	}
	return ExitOK
}

// savePhotoSolve keeps the photo itself with the solve, so that reopening it
// shows what was read. A PNG is almost always a screenshot; anything else
// came from a camera.
func savePhotoSolve(env *Env, opts SolveOptions, path string, p *solver.Puzzle, res solver.Result, r *vision.Reading) error {
	photo, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	source := "photo"
	if strings.EqualFold(filepath.Ext(path), ".png") {
		source = "screenshot"
	}
	return saveSolve(env, opts, solved{Puzzle: p, Result: res, Source: source, Photo: photo, Reading: r})
}

func printPhotoSolve(env *Env, p *solver.Puzzle, res solver.Result) {
	switch res.Status {
	case solver.Unique:
		fmt.Fprintf(env.Stdout, "\nsolved under %s (unique):\n", res.Rules)
	case solver.Multiple:
		fmt.Fprintf(env.Stdout, "\nmore than one solution under %s; one of them:\n", res.Rules)
	default:
		msg := "no solution"
		if res.Contradiction != nil {
			msg += ": " + res.Contradiction.Error()
		}
		fmt.Fprintf(env.Stdout, "\n%s (rules %s); check the doubtful cells above\n", msg, res.Rules)
		return
	}
	for _, row := range solver.GridRows(res.Solution, p.Rows, p.Cols) {
		fmt.Fprintln(env.Stdout, row)
	}
}
