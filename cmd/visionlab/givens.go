package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"binocle/vision/lab"
)

func init() {
	commands["givens"] = suiteTable("givens", "SUITE ...",
		"score how the reader tells printed givens from the player's marks on rendered suites (the renderer's truth says which cells are printed)",
		lab.GivensHeader, func(env *lab.Env, cases []lab.Case, _ io.Writer) (func(io.Writer, string), error) {
			got, err := env.MeasureGivens(cases)
			return got.Write, err
		})
}

// suiteTable is a command that measures each named suite or folder and
// prints one row of a table for each under header; measure may write
// what it finds image by image to detail (standard error).
func suiteTable(name, usage, summary, header string, measure func(env *lab.Env, cases []lab.Case, detail io.Writer) (func(io.Writer, string), error)) command {
	return command{
		usage:   usage,
		summary: summary,
		run: func(fs *flag.FlagSet, args []string, newEnv func() (*lab.Env, error)) int {
			if err := fs.Parse(args); err != nil {
				return 2
			}
			if fs.NArg() == 0 {
				fmt.Fprintf(os.Stderr, "visionlab %s: name one or more suites or folders\n", name)
				return 2
			}
			env, err := newEnv()
			if err != nil {
				return fail(err)
			}
			fmt.Fprint(stdout, header)
			for _, n := range fs.Args() {
				s, cases, err := suiteCases(env, n)
				if err != nil {
					return fail(err)
				}
				detail := withhold(os.Stderr, s, cases)
				write, err := measure(env, cases, detail)
				endWithheld(detail, s.Name)
				if err != nil {
					return fail(err)
				}
				out := withhold(stdout, s, cases)
				write(out, s.Name)
				endWithheld(out, s.Name)
			}
			return 0
		},
	}
}
