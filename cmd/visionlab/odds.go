package main

import (
	"flag"
	"fmt"

	"binocle/vision/lab"
)

func init() {
	commands["odds"] = command{
		usage:   "-o FILE.json",
		summary: "measure the reader's probabilities on cells and clue sites it reads right and wrong (renders no suite or model uses), for the fix search's planted-error test",
		run: func(fs *flag.FlagSet, args []string, newEnv func() (*lab.Env, error)) int {
			out, ok := parseOut(fs, args, false)
			if !ok {
				return 2
			}
			lib, err := library(newEnv)
			if err != nil {
				return fail(err)
			}
			odds, err := lab.MeasureOdds(lib, lab.OddsSets, stderr)
			if err != nil {
				return fail(err)
			}
			if err := lab.WriteOdds(out, odds); err != nil {
				return fail(err)
			}
			fmt.Fprintf(stdout, "%d images read at the right size; cells %v; clues %v, %d clue-free sites\n",
				odds.Images, odds.Cells.Counts, odds.Clues.Counts, odds.Clues.EmptySites)
			return 0
		},
	}
}
