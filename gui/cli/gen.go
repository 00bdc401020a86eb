package cli

import (
	"errors"
	"flag"
	"fmt"
	"time"

	"binocle/solver"
)

func init() {
	register(&command{
		name:    "gen",
		summary: "generate new puzzles of a given size, rules and difficulty",
		usage:   "--rules R --size RxC --difficulty D [--count N] [--jsonl] [--seed S] [--edges]",
		flags: func(fs *flag.FlagSet) func(env *Env, fs *flag.FlagSet) int {
			rules := fs.String("rules", "takuzu", "rule set: threeinarow, takuzu or troix")
			size := fs.String("size", "10x10", "grid size as ROWSxCOLS")
			difficulty := fs.String("difficulty", "medium", "easy, medium, hard, expert or inhuman")
			count := fs.Int("count", 1, "how many puzzles to generate")
			jsonl := fs.Bool("jsonl", false, "write JSON Lines records in the shared data set format, which `binocle solve --jsonl` reads")
			seed := fs.Uint64("seed", 0, "random seed; the same seed gives the same puzzles (default: from the clock, and printed)")
			edges := fs.Bool("edges", false, "Tango style: use '=' and '×' clues between neighbours as well as givens")
			return func(env *Env, fs *flag.FlagSet) int {
				fail := func(format string, args ...any) int {
					fmt.Fprintf(env.Stderr, "binocle gen: "+format+"\n", args...)
					return ExitBadInput
				}
				if fs.NArg() != 0 {
					return fail("unexpected argument %q; see binocle gen --help", fs.Arg(0))
				}
				r, err := solver.ParseRules(*rules)
				if err != nil {
					return fail("--rules: %v", err)
				}
				rows, cols, ok := parseSize(*size)
				if !ok {
					return fail("--size %q: want ROWSxCOLS, such as 10x10", *size)
				}
				d, err := solver.ParseDifficulty(*difficulty)
				if err != nil {
					return fail("--difficulty: %v", err)
				}
				if *count < 1 {
					return fail("--count must be at least 1, got %d", *count)
				}
				first := *seed
				seedSet := false
				fs.Visit(func(f *flag.Flag) { seedSet = seedSet || f.Name == "seed" })
				if !seedSet {
					first = uint64(time.Now().UnixNano())
				}
				for i := range *count {
					s := first + uint64(i)
					p, sol, err := solver.Generate(solver.GenOptions{Rules: r, Rows: rows, Cols: cols, Difficulty: d, Seed: s, Edges: *edges})
					if errors.Is(err, solver.ErrGenerate) {
						fmt.Fprintf(env.Stderr, "binocle gen: %v\n", err)
						return ExitUnsolved
					}
					if err != nil {
						fmt.Fprintf(env.Stderr, "binocle gen: %v\n", err)
						return ExitBadInput
					}
					if *jsonl {
						label := d.String()
						id := fmt.Sprintf("binocle-%s-%dx%d-%s-%d", r, rows, cols, d, s)
						if err := solver.WriteRecord(env.Stdout, solver.NewRecord(id, "binocle-gen", p, sol, &label)); err != nil {
							fmt.Fprintf(env.Stderr, "binocle gen: %v\n", err)
							return ExitBadInput
						}
						continue
					}
					if i > 0 {
						fmt.Fprintln(env.Stdout)
					}
					fmt.Fprintf(env.Stdout, "# binocle gen: %s %dx%d %s, seed %d\n", r, rows, cols, d, s)
					fmt.Fprint(env.Stdout, solver.FormatText(p))
				}
				return ExitOK
			}
		},
	})
}
