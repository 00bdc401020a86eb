package main

import (
	"flag"
	"fmt"
	"os"

	"binocle/vision/lab"
)

func init() {
	commands["givens"] = command{
		usage:   "SUITE ...",
		summary: "score how the reader tells printed givens from the player's marks on rendered suites (the renderer's truth says which cells are printed)",
		run: func(fs *flag.FlagSet, args []string, newEnv func() (*lab.Env, error)) int {
			if err := fs.Parse(args); err != nil {
				return 2
			}
			if fs.NArg() == 0 {
				fmt.Fprintln(os.Stderr, "visionlab givens: name one or more suites")
				return 2
			}
			env, err := newEnv()
			if err != nil {
				return fail(err)
			}
			fmt.Fprint(stdout, lab.GivensHeader)
			for _, n := range fs.Args() {
				s, cases, err := suiteCases(env, n)
				if err != nil {
					return fail(err)
				}
				got, err := env.MeasureGivens(cases)
				if err != nil {
					return fail(err)
				}
				got.Write(stdout, s.Name)
			}
			return 0
		},
	}
}
