package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"binocle/solver"
	"binocle/vision"
)

func init() {
	register(&command{
		name:    "overlay",
		summary: "read and solve a photo, and draw the answer onto it, crossing out a player's wrong entries",
		usage:   "IMAGE -o out.png [--rules auto|threeinarow|takuzu|troix] [--accept-fixes]",
		flags: func(fs *flag.FlagSet) func(env *Env, fs *flag.FlagSet) int {
			out := fs.String("o", "", "the PNG file to write (required)")
			rules := fs.String("rules", "auto", "rule set, or auto to pick the one that makes the answer unique")
			accept := fs.Bool("accept-fixes", false, "apply the suggested fixes when the reading gives no solution or several")
			return func(env *Env, fs *flag.FlagSet) int {
				path, ok := oneImageArg(env, fs, "overlay")
				if !ok {
					return ExitBadInput
				}
				if *out == "" {
					fmt.Fprintln(env.Stderr, "binocle overlay: -o out.png is required")
					return ExitBadInput
				}
				if sameFile(path, *out) {
					fmt.Fprintf(env.Stderr, "binocle overlay: -o %s is the input photo itself; write the overlay to another file\n", *out)
					return ExitBadInput
				}
				return overlayPhoto(env, path, *out, *rules, *accept)
			}
		},
	})
}

// sameFile reports whether a and b name one file, through whatever
// spelling, link or relative path; a file not yet there is no other file.
func sameFile(a, b string) bool {
	ai, errA := os.Stat(a)
	bi, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(ai, bi)
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}

func overlayPhoto(env *Env, path, out, rules string, acceptFixes bool) int {
	r, err := readImageFile(path)
	if err != nil {
		fmt.Fprintf(env.Stderr, "binocle overlay: %v\n", err)
		return ExitBadInput
	}
	sol, err := solvePhotoReading(r, rules, defaultTimeout)
	p, res, marks, checked := sol.p, sol.res, sol.marks, sol.checked
	if errors.Is(err, context.DeadlineExceeded) {
		return gaveUp(env, "overlay", path, defaultTimeout)
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "binocle overlay: %s: %v\n", path, err)
		return ExitBadInput
	}
	fx := suggestFixes(r, p, res)
	if fx.found && acceptFixes {
		p, res = fx.suggestion.Puzzle, fx.suggestion.Result
		if err := r.SetGivens(p.Cells); err != nil {
			fmt.Fprintf(env.Stderr, "binocle overlay: %s: %v\n", path, err)
			return ExitBadInput
		}
		marks, checked = checkReadingMarks(r, p, res, defaultTimeout)
		fx.describe(env.Stdout, true)
	} else if res.Status != solver.Unique {
		fx.describe(env.Stderr, false)
	}
	fx.describeRival(env.Stderr)
	if res.Status == solver.None {
		printReading(env, r)
		printPhotoSolve(env, p, res)
		fmt.Fprintln(env.Stderr, "binocle overlay: nothing drawn, the puzzle as read has no solution")
		return ExitUnsolved
	}
	img, err := vision.LoadFile(path)
	if err != nil {
		fmt.Fprintf(env.Stderr, "binocle overlay: %v\n", err)
		return ExitBadInput
	}
	defer img.Close()
	drawn, err := vision.DrawOverlay(img, r, res.Solution)
	if err != nil {
		fmt.Fprintf(env.Stderr, "binocle overlay: %s: %v\n", path, err)
		return ExitBadInput
	}
	defer drawn.Close()
	// A half-played photo keeps the player's entries as written (the
	// answer fills only the cells left blank) and gets the wrong ones
	// crossed out.
	if checked {
		if err := vision.DrawCrosses(&drawn, r, wrongPoints(marks)); err != nil {
			fmt.Fprintf(env.Stderr, "binocle overlay: %s: %v\n", path, err)
			return ExitBadInput
		}
		fmt.Fprintf(env.Stdout, "%s.\n", marks.Message())
	}
	if err := vision.WritePNG(out, drawn); err != nil {
		fmt.Fprintf(env.Stderr, "binocle overlay: %v\n", err)
		return ExitBadInput
	}
	if res.Status == solver.Multiple {
		fmt.Fprintf(env.Stdout, "wrote %s: one of several solutions under %s\n", out, res.Rules)
		return ExitUnsolved
	}
	fmt.Fprintf(env.Stdout, "wrote %s: solved under %s\n", out, res.Rules)
	return ExitOK
}
