package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"time"

	"binocle/vision/lab"
)

// command is one subcommand; run returns the exit status.
type command struct {
	usage, summary string
	run            func(fs *flag.FlagSet, args []string, env func() (*lab.Env, error)) int
}

var commands = map[string]command{}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

var stdout, stderr io.Writer = os.Stdout, os.Stderr

func run(args []string, out, errOut io.Writer) int {
	stdout, stderr = out, errOut
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		help()
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "visionlab: no command %q\n", args[0])
		help()
		return 2
	}
	fs := flag.NewFlagSet("visionlab "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	shared := fs.String("shared", "", "the shared test data (default: ../shared beside the repository)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: visionlab %s %s\n%s\n", args[0], c.usage, c.summary)
		fs.PrintDefaults()
	}
	env := func() (*lab.Env, error) { return lab.NewEnv(*shared) }
	return c.run(fs, args[1:], env)
}

func help() {
	fmt.Fprintln(stderr, "usage: visionlab COMMAND [flags] [args]; visionlab COMMAND -h for its flags")
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(stderr, "  %-9s %s\n", n, commands[n].summary)
	}
}

// fail reports an error and gives the exit status for it.
func fail(err error) int {
	fmt.Fprintln(stderr, "visionlab:", err)
	return 2
}

// parseOut parses a command's flags, of which -o DIR is required, and
// with needArgs at least one argument; ok is false after printing usage.
func parseOut(fs *flag.FlagSet, args []string, needArgs bool) (out string, ok bool) {
	o := fs.String("o", "", "the folder to write to (required)")
	if err := fs.Parse(args); err != nil {
		return "", false
	}
	if *o == "" || (needArgs && fs.NArg() == 0) {
		fs.Usage()
		return "", false
	}
	return *o, true
}

// envAndSuites finds the data and resolves suite names or folders; none
// means every suite.
func envAndSuites(newEnv func() (*lab.Env, error), names []string) (*lab.Env, []lab.Suite, error) {
	suites := lab.Suites
	if len(names) > 0 {
		suites = nil
		for _, n := range names {
			s, err := lab.FindSuite(n)
			if err != nil {
				return nil, nil, err
			}
			suites = append(suites, s)
		}
	}
	env, err := newEnv()
	return env, suites, err
}

func init() {
	commands["list"] = command{
		usage:   "",
		summary: "list the suites snapshot and score know",
		run: func(fs *flag.FlagSet, args []string, _ func() (*lab.Env, error)) int {
			if err := fs.Parse(args); err != nil {
				return 2
			}
			for _, s := range lab.Suites {
				src := s.Dir
				if s.N > 0 {
					src = fmt.Sprintf("%d %s, seed %d", s.N, s.Kind, s.Seed)
				}
				what := s.What
				if s.Blind {
					what = "[blind: totals only] " + what
				}
				fmt.Fprintf(stdout, "%-13s %-36s %s\n", s.Name, src, what)
			}
			return 0
		},
	}
	commands["snapshot"] = command{
		usage:   "-o DIR [SUITE|FOLDER ...]",
		summary: "read every image of the suites (default: all) and write DIR/SUITE.jsonl",
		run: func(fs *flag.FlagSet, args []string, newEnv func() (*lab.Env, error)) int {
			workers := fs.Int("j", runtime.NumCPU(), "images read at once")
			out, ok := parseOut(fs, args, false)
			if !ok {
				return 2
			}
			env, suites, err := envAndSuites(newEnv, fs.Args())
			if err != nil {
				return fail(err)
			}
			start := time.Now()
			if err := env.Snapshot(out, suites, *workers, stderr); err != nil {
				return fail(err)
			}
			fmt.Fprintf(stderr, "snapshot of %d suites in %s\n", len(suites), time.Since(start).Round(time.Second))
			return 0
		},
	}
	commands["diff"] = command{
		usage:   "A B",
		summary: "compare two snapshots, ignoring the method, evidence and millis fields; exit 1 on any difference",
		run: func(fs *flag.FlagSet, args []string, _ func() (*lab.Env, error)) int {
			if err := fs.Parse(args); err != nil {
				return 2
			}
			if fs.NArg() != 2 {
				fs.Usage()
				return 2
			}
			n, err := lab.Diff(fs.Arg(0), fs.Arg(1), stdout)
			if err != nil {
				return fail(err)
			}
			if n > 0 {
				fmt.Fprintf(stdout, "%d images differ\n", n)
				return 1
			}
			fmt.Fprintln(stdout, "no differences")
			return 0
		},
	}
	commands["endtoend"] = suiteTable("endtoend", "SUITE|FOLDER ...",
		"solve each image as `binocle solve IMAGE` does and count right answers, right after the suggested fixes, and wrong answers stated as unique",
		lab.EndToEndHeader, func(env *lab.Env, cases []lab.Case, detail io.Writer) (func(io.Writer, string), error) {
			got, err := env.MeasureEndToEnd(cases, detail)
			return got.Write, err
		})
	commands["score"] = command{
		usage:   "[-fail-dir DIR] [-debug DIR] [-match S] [-quick] [report|SUITE|FOLDER ...]",
		summary: "score against truth: `report` (the default) prints README's tables, a suite or folder one line per miss and a table by group",
		run: func(fs *flag.FlagSet, args []string, newEnv func() (*lab.Env, error)) int {
			failDir := fs.String("fail-dir", "", "report: write every case read wrong (image, truth, reading, debug image) here")
			debugDir := fs.String("debug", "", "suites and folders: write a debug image of every case read wrong here")
			match := fs.String("match", "", "suites and folders: only the images whose name contains this")
			quick := fs.Bool("quick", false, "report: the slice make test measures instead of the full suite")
			if err := fs.Parse(args); err != nil {
				return 2
			}
			env, err := newEnv()
			if err != nil {
				return fail(err)
			}
			names := fs.Args()
			if len(names) == 0 {
				names = []string{"report"}
			}
			for _, n := range names {
				if n == "report" {
					size := lab.FullSuite
					if *quick {
						size = lab.QuickSuite
					}
					if err := scoreReport(env, size, *failDir); err != nil {
						return fail(err)
					}
					continue
				}
				s, cases, err := suiteCases(env, n)
				if err != nil {
					return fail(err)
				}
				fmt.Fprintf(stdout, "## %s\n", s.Name)
				if *debugDir != "" && s.Blind {
					return fail(fmt.Errorf("%s is kept never looked into: no debug images of it", s.Name))
				}
				if *debugDir != "" {
					if err := os.MkdirAll(*debugDir, 0o755); err != nil {
						return fail(err)
					}
				}
				w := withhold(stdout, s, cases)
				if _, err := env.ScoreCases(cases, lab.ScoreOptions{Match: *match, DebugDir: *debugDir}, w); err != nil {
					return fail(err)
				}
				endWithheld(w, s.Name)
			}
			return 0
		},
	}
}

func scoreReport(env *lab.Env, size lab.SuiteSize, failDir string) error {
	lib, err := env.Library()
	if err != nil {
		return err
	}
	w, _ := lab.FindSuite("wicht")
	rep, err := lab.MeasureReport(lib, env.Dir(w), size, failDir)
	if err != nil {
		return err
	}
	rep.Write(stdout)
	for _, p := range append(rep.Synthetic.Problems, rep.Wicht.Unreadable...) {
		fmt.Fprintln(stderr, "problem:", p)
	}
	return nil
}

// suiteCases finds a suite or folder by name and lists its images.
func suiteCases(env *lab.Env, name string) (lab.Suite, []lab.Case, error) {
	s, err := lab.FindSuite(name)
	if err != nil {
		return s, nil, err
	}
	cases, err := env.Cases(s)
	return s, cases, err
}
