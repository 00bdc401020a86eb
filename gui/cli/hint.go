package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"binocle/solver"
)

func init() {
	register(&command{
		name:    "hint",
		summary: "explain the next step of a puzzle: the technique, the cells it fills and why",
		usage:   "[--json] [--timeout 30s] FILE",
		flags: func(fs *flag.FlagSet) func(env *Env, fs *flag.FlagSet) int {
			timeout := fs.Duration("timeout", defaultTimeout, "give up after this long")
			asJSON := fs.Bool("json", false, "print the step as JSON")
			return func(env *Env, fs *flag.FlagSet) int {
				p, code := loadStepPuzzle(env, fs, "hint")
				if p == nil {
					return code
				}
				ctx, cancel := withTimeout(*timeout)
				defer cancel()
				st, err := solver.NextStepContext(ctx, p)
				if errors.Is(err, context.DeadlineExceeded) {
					return gaveUp(env, "hint", fs.Arg(0), *timeout)
				}
				if errors.Is(err, solver.ErrAlreadySolved) {
					fmt.Fprintln(env.Stdout, "the puzzle is already solved")
					return ExitOK
				}
				if err != nil {
					return stepFailure(env, "hint", err)
				}
				if *asJSON {
					return writeJSON(env, st)
				}
				printSymbolLegend(env.Stdout, p)
				printStep(env.Stdout, "", st)
				return ExitOK
			}
		},
	})
}

// loadStepPuzzle reads the FILE argument ("-" is standard input) in any
// text form the solver parses. When the file names no rules, the rules
// that make the puzzle unique are used, as `solve` does.
func loadStepPuzzle(env *Env, fs *flag.FlagSet, name string) (*solver.Puzzle, int) {
	if fs.NArg() != 1 {
		fmt.Fprintf(env.Stderr, "binocle %s: want exactly one FILE argument, got %d; see binocle %s --help\n", name, fs.NArg(), name)
		return nil, ExitBadInput
	}
	path := fs.Arg(0)
	data, err := readPuzzleText(env, path)
	if err != nil {
		fmt.Fprintf(env.Stderr, "binocle %s: %v\n", name, err)
		return nil, ExitBadInput
	}
	in, err := solver.ParseInput(data)
	if err != nil {
		fmt.Fprintf(env.Stderr, "binocle %s: %s: %v\n", name, path, err)
		return nil, ExitBadInput
	}
	p := in.Puzzle
	if !in.RulesGiven {
		if res := solver.SolveAuto(p); res.Status == solver.Unique {
			p.Rules = res.Rules
		}
	}
	return p, ExitOK
}

// stepFailure reports why no step could be given. A puzzle without
// exactly one solution is "unsolved"; anything else is bad input.
func stepFailure(env *Env, name string, err error) int {
	fmt.Fprintf(env.Stderr, "binocle %s: %v\n", name, err)
	var re *solver.RuleError
	if errors.Is(err, solver.ErrNotUnique) || errors.As(err, &re) {
		return ExitUnsolved
	}
	return ExitBadInput
}

// printSymbolLegend ties the letters that Troix explanations use to the
// digits of the grid files and of the "sets" lines.
func printSymbolLegend(w io.Writer, p *solver.Puzzle) {
	if p.Rules == solver.Troix {
		fmt.Fprintln(w, "(Troix symbols: O is 0, X is 1, I is 2)")
	}
}

func printStep(w io.Writer, prefix string, st solver.Step) {
	fmt.Fprintf(w, "%s%s (%s): %s\n", prefix, st.Name, st.Difficulty, st.Explanation)
	indent := strings.Repeat(" ", len(prefix))
	sets := make([]string, len(st.Sets))
	for i, pl := range st.Sets {
		sets[i] = fmt.Sprintf("r%dc%d=%c", pl.Row+1, pl.Col+1, pl.Value.Char())
	}
	fmt.Fprintf(w, "%s  sets: %s\n", indent, strings.Join(sets, " "))
	if len(st.Because) > 0 {
		because := make([]string, len(st.Because))
		for i, pt := range st.Because {
			because[i] = fmt.Sprintf("r%dc%d", pt.Row+1, pt.Col+1)
		}
		fmt.Fprintf(w, "%s  because: %s\n", indent, strings.Join(because, " "))
	}
}
