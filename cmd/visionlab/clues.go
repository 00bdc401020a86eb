package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"binocle/vision/lab"
)

func init() {
	commands["clues"] = command{
		usage: "[-v] SUITE|FOLDER ...",
		summary: "sort the truth's edge clues on grids read at their size by what became of them: read right, read as the other kind, " +
			"or missed (no site inked, the net sees none, the net doubts, or the grid's rules dropped it); -v lists each grid with a clue wrong",
		run: func(fs *flag.FlagSet, args []string, newEnv func() (*lab.Env, error)) int {
			verbose := fs.Bool("v", false, "list each grid with a clue wrong, with the net's odds at each site")
			if err := fs.Parse(args); err != nil {
				return 2
			}
			if fs.NArg() == 0 {
				fmt.Fprintln(os.Stderr, "visionlab clues: name one or more suites or folders")
				return 2
			}
			env, err := newEnv()
			if err != nil {
				return fail(err)
			}
			type row struct {
				name string
				m    lab.ClueMisses
			}
			var rows []row
			for _, n := range fs.Args() {
				s, cases, err := suiteCases(env, n)
				if err != nil {
					return fail(err)
				}
				var detail io.Writer
				if *verbose {
					fmt.Fprintf(stdout, "## %s\n", s.Name)
					detail = withhold(stdout, s, cases)
				}
				m, err := env.MeasureClueMisses(cases, detail)
				endWithheld(detail, s.Name)
				if err != nil {
					return fail(err)
				}
				rows = append(rows, row{s.Name, m})
			}
			fmt.Fprint(stdout, lab.ClueMissHeader)
			for _, r := range rows {
				r.m.Write(stdout, r.name)
			}
			return 0
		},
	}
}
