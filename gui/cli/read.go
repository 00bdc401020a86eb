package cli

import (
	"encoding/json"
	"flag"
	"fmt"

	"binocle/vision"
)

// doubtfulBelow is the confidence under which `read` points a cell out.
const doubtfulBelow = 0.75

func init() {
	register(&command{
		name:    "read",
		summary: "read a puzzle from a photo or screenshot, without solving it",
		usage:   "[--json] [--debug out.png] IMAGE",
		flags: func(fs *flag.FlagSet) func(env *Env, fs *flag.FlagSet) int {
			asJSON := fs.Bool("json", false, "print the reading as JSON")
			debug := fs.String("debug", "", "also write an image of what was found to this PNG file")
			return func(env *Env, fs *flag.FlagSet) int {
				path, ok := oneImageArg(env, fs, "read")
				if !ok {
					return ExitBadInput
				}
				r, err := vision.ReadFile(path)
				if err != nil {
					fmt.Fprintf(env.Stderr, "binocle read: %v\n", err)
					return ExitBadInput
				}
				if *debug != "" {
					if err := writeDebug(path, r, *debug); err != nil {
						fmt.Fprintf(env.Stderr, "binocle read: %v\n", err)
						return ExitBadInput
					}
				}
				if *asJSON {
					out, err := json.Marshal(r)
					if err != nil {
						fmt.Fprintf(env.Stderr, "binocle read: %v\n", err)
						return ExitBadInput
					}
					fmt.Fprintln(env.Stdout, string(out))
					return ExitOK
				}
				printReading(env, r)
				return ExitOK
			}
		},
	})
}

// oneImageArg returns the single IMAGE argument, or says what is wrong.
func oneImageArg(env *Env, fs *flag.FlagSet, name string) (string, bool) {
	if fs.NArg() != 1 {
		fmt.Fprintf(env.Stderr, "binocle %s: want exactly one IMAGE argument, got %d; see binocle %s --help\n", name, fs.NArg(), name)
		return "", false
	}
	return fs.Arg(0), true
}

func printReading(env *Env, r *vision.Reading) {
	fmt.Fprint(env.Stdout, r.String())
	printMarks(env.Stdout, r)
	if doubtful := r.Doubtful(doubtfulBelow); len(doubtful) > 0 {
		fmt.Fprintf(env.Stdout, "doubtful cells (row,col from 1):")
		for _, p := range doubtful {
			fmt.Fprintf(env.Stdout, " %d,%d", p.Row+1, p.Col+1)
		}
		fmt.Fprintln(env.Stdout)
	}
}

func writeDebug(imagePath string, r *vision.Reading, out string) error {
	img, err := vision.LoadFile(imagePath)
	if err != nil {
		return err
	}
	defer img.Close()
	dbg := vision.DrawDebug(img, r)
	defer dbg.Close()
	return vision.WritePNG(out, dbg)
}
