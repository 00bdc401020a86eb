package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"binocle/solver"
	"binocle/vision"
)

// solveReading solves what was read, under rules ("auto" or "" takes the
// rules the reading's glyphs name, as the app does, and lets the solver
// widen them where the reading allows).
func solveReading(r *vision.Reading, rules string) (*solver.Puzzle, solver.Result, error) {
	set, auto := r.Rules()
	if rules != "" && !strings.EqualFold(rules, "auto") {
		var err error
		if set, err = solver.ParseRules(rules); err != nil {
			return nil, solver.Result{}, err
		}
		auto = false
	}
	p, err := r.Puzzle(set)
	if err != nil {
		return nil, solver.Result{}, err
	}
	if auto {
		return p, solver.SolveAuto(p), nil
	}
	return p, solver.Solve(p), nil
}

// photoSolveJSON is `binocle solve IMAGE --json`: the reading and the solve.
// Its solve fields are those of a typed puzzle's, at the top level.
type photoSolveJSON struct {
	Reading *vision.Reading `json:"reading"`
	solveJSON
	Nodes int `json:"nodes"`
}

func solvePhoto(env *Env, path string, opts SolveOptions) int {
	r, err := vision.ReadFile(path)
	if err != nil {
		fmt.Fprintf(env.Stderr, "binocle solve: %v\n", err)
		return ExitBadInput
	}
	p, res, err := solveReading(r, opts.Rules)
	if err != nil {
		fmt.Fprintf(env.Stderr, "binocle solve: %s: %v\n", path, err)
		return ExitBadInput
	}
	if saveSolve != nil && !opts.NoSave {
		if err := savePhotoSolve(env, opts, path, p, res, r); err != nil {
			fmt.Fprintf(env.Stderr, "binocle solve: the history was not updated: %v\n", err)
		}
	}
	if opts.JSON {
		out := photoSolveJSON{Reading: r, solveJSON: newSolveJSON(p, res), Nodes: res.Nodes}
		b, err := json.Marshal(out)
		if err != nil {
			fmt.Fprintf(env.Stderr, "binocle solve: %v\n", err)
			return ExitBadInput
		}
		fmt.Fprintln(env.Stdout, string(b))
	} else {
		printReading(env, r)
		printPhotoSolve(env, p, res)
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
