package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"

	"binocle/printout"
	"binocle/solver"
)

func init() {
	register(&command{
		name:    "print",
		summary: "draw a puzzle file as a printable PNG that the camera reads back",
		usage:   "[--style S] [--solution] [--cell PX] [--margin PX] [--title TEXT] -o OUT.png FILE|-",
		flags: func(fs *flag.FlagSet) func(env *Env, fs *flag.FlagSet) int {
			out := fs.String("o", "", "the PNG file to write, or - for standard output")
			style := fs.String("style", "", "glyph style: square-circle, disc-circle, digits, xo, xoi, tango or tiles\n(default: xoi for troix, tango for a 6x6 with edge clues, else square-circle)")
			answers := fs.Bool("solution", false, "print the answer sheet: givens in black, the solved cells in grey")
			cell := fs.Int("cell", printout.DefaultPrintCellPx, "cell size in pixels")
			margin := fs.Int("margin", 0, "white margin around the grid in pixels (default: one cell)")
			title := fs.String("title", "", "a line of text above the grid, such as \"Takuzu 10x10 - Hard\"")
			return func(env *Env, fs *flag.FlagSet) int {
				fail := func(format string, args ...any) int {
					fmt.Fprintf(env.Stderr, "binocle print: "+format+"\n", args...)
					return ExitBadInput
				}
				if *out == "" {
					return fail("want -o OUT.png; see binocle print --help")
				}
				// The puzzle is read before anything is written, so that
				// bad input leaves no file behind.
				p, code := loadStepPuzzle(env, fs, "print")
				if code != ExitOK {
					return code
				}
				st := printout.DefaultPrintStyle(p)
				if *style != "" {
					var err error
					if st, err = printout.ParseStyle(*style); err != nil {
						return fail("--style: %v", err)
					}
				}
				png, err := printout.RenderPuzzle(p, st, printout.PrintOptions{CellPx: *cell, MarginPx: *margin, Title: *title, Solution: *answers})
				if errors.Is(err, solver.ErrNotUnique) {
					fmt.Fprintf(env.Stderr, "binocle print: %s: %v\n", fs.Arg(0), err)
					return ExitUnsolved
				}
				if err != nil {
					return fail("%s: %v", fs.Arg(0), err)
				}
				if *out == "-" {
					if _, err := env.Stdout.Write(png); err != nil {
						return fail("%v", err)
					}
					return ExitOK
				}
				if err := os.WriteFile(*out, png, 0o644); err != nil {
					return fail("%v", err)
				}
				what := "puzzle"
				if *answers {
					what = "answer sheet"
				}
				fmt.Fprintf(env.Stdout, "wrote %s: %s %dx%d %s in the %s style\n", *out, p.Rules, p.Rows, p.Cols, what, st)
				return ExitOK
			}
		},
	})
}
