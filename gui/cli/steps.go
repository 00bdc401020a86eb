package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"binocle/solver"
)

func init() {
	register(&command{
		name:    "steps",
		summary: "show the whole solution path of a puzzle, step by step, and its grade",
		usage:   "[--json] [--timeout 30s] FILE",
		flags: func(fs *flag.FlagSet) func(env *Env, fs *flag.FlagSet) int {
			timeout := fs.Duration("timeout", defaultTimeout, "give up after this long")
			asJSON := fs.Bool("json", false, "print the steps and the grade as JSON")
			return func(env *Env, fs *flag.FlagSet) int {
				p, code := loadStepPuzzle(env, fs, "steps")
				if p == nil {
					return code
				}
				ctx, cancel := withTimeout(*timeout)
				defer cancel()
				steps, err := solver.StepsContext(ctx, p)
				if errors.Is(err, context.DeadlineExceeded) {
					return gaveUp(env, "steps", fs.Arg(0), *timeout)
				}
				if err != nil && steps == nil {
					return stepFailure(env, "steps", err)
				}
				grade, stats, gradeErr := solver.GradeContext(ctx, p)
				if errors.Is(gradeErr, context.DeadlineExceeded) {
					return gaveUp(env, "steps", fs.Arg(0), *timeout)
				}
				if *asJSON {
					out := struct {
						Steps []solver.Step      `json:"steps"`
						Grade *solver.Difficulty `json:"grade"`
						Stats *solver.GradeStats `json:"stats,omitempty"`
						Error string             `json:"error,omitempty"`
					}{Steps: steps}
					if steps == nil {
						out.Steps = []solver.Step{}
					}
					if gradeErr == nil {
						out.Grade, out.Stats = &grade, &stats
					}
					if err != nil {
						out.Error = err.Error()
					}
					if code := writeJSON(env, out); code != ExitOK || err == nil {
						return code
					}
					return stepFailure(env, "steps", err)
				}
				printSymbolLegend(env.Stdout, p)
				for i, st := range steps {
					printStep(env.Stdout, fmt.Sprintf("%d. ", i+1), st)
				}
				if err != nil {
					return stepFailure(env, "steps", err)
				}
				if gradeErr == nil {
					fmt.Fprintf(env.Stdout, "grade: %s (hardest technique: %s, %d of %d steps at that grade)\n",
						grade, stats.Hardest, stats.HardestUses, stats.Steps)
				}
				return ExitOK
			}
		},
	})
}
