package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// Exit codes, shared by every command.
const (
	ExitOK       = 0 // success
	ExitUnsolved = 1 // the puzzle has no solution, or more than one
	ExitBadInput = 2 // the input could not be read or is not a valid puzzle
	ExitGaveUp   = 3 // the search ran past --timeout without an answer
)

// Env is what a command may touch, so that tests can run commands in-process.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// StartGUI opens the window, on a file when path is not empty. It is
	// injected by main so that this package never links the window itself.
	StartGUI func(path string) int
	// Getenv reads the environment; nil means the process's own. Tests
	// inject it to run as if there were no display.
	Getenv func(key string) string
}

// StdEnv is the process's own standard streams.
func StdEnv(startGUI func(path string) int) *Env {
	return &Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, StartGUI: startGUI, Getenv: os.Getenv}
}

type command struct {
	name    string
	summary string // one line for `binocle --help`
	usage   string // the argument synopsis, after "binocle NAME "
	// run gets the command's own FlagSet, already defined by flags, and the
	// arguments after the command name.
	flags func(fs *flag.FlagSet) func(env *Env, fs *flag.FlagSet) int
}

var commands = map[string]*command{}

func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("cli: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// Main runs the command line and returns the process's exit code.
func Main(args []string, env *Env) int {
	if len(args) == 0 {
		return startGUI(env, "")
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				return runCommand(env, c, []string{"--help"})
			}
		}
		printHelp(env.Stdout)
		return ExitOK
	}
	if c, ok := commands[args[0]]; ok {
		return runCommand(env, c, args[1:])
	}
	if len(args) == 1 && !strings.HasPrefix(args[0], "-") {
		if _, err := os.Stat(args[0]); err == nil {
			return startGUI(env, args[0])
		}
		fmt.Fprintf(env.Stderr, "binocle: %q is neither a command nor a file; see binocle --help\n", args[0])
		return ExitBadInput
	}
	fmt.Fprintf(env.Stderr, "binocle: unknown command %q; see binocle --help\n", args[0])
	return ExitBadInput
}

func startGUI(env *Env, path string) int {
	if env.StartGUI == nil {
		printHelp(env.Stdout)
		return ExitOK
	}
	// GLFW panics with a stack trace when it finds no display, so the
	// missing session is told here, in words, before the window is tried.
	if !hasDisplay(env) {
		fmt.Fprintln(env.Stderr, "binocle: the app needs a graphical session (no DISPLAY or WAYLAND_DISPLAY is set); solve, read, hint and the other commands work without one, see binocle --help")
		return ExitBadInput
	}
	return env.StartGUI(path)
}

// hasDisplay reports whether an X11 or Wayland session is reachable, as far
// as the environment tells; GLFW looks at the same two variables.
func hasDisplay(env *Env) bool {
	getenv := env.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	return getenv("DISPLAY") != "" || getenv("WAYLAND_DISPLAY") != ""
}

func runCommand(env *Env, c *command, args []string) int {
	fs := flag.NewFlagSet("binocle "+c.name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	run := c.flags(fs)
	fs.Usage = func() {
		out := fs.Output()
		fmt.Fprintf(out, "usage: binocle %s %s\n\n%s\n", c.name, c.usage, c.summary)
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintln(out, "\noptions:")
			fs.PrintDefaults()
		}
	}
	// Asked-for help goes to stdout once, and exits 0; the flag package
	// would print it to stderr as if it were a mistake.
	if wantsHelp(args) {
		fs.SetOutput(env.Stdout)
		fs.Usage()
		return ExitOK
	}
	if err := fs.Parse(interleaveFlags(fs, args)); err != nil {
		return ExitBadInput
	}
	return run(env, fs)
}

func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// interleaveFlags moves flags that follow positional arguments in front of
// them, because users type `binocle overlay IMAGE -o out.png` and the flag
// package stops at the first positional argument.
func interleaveFlags(fs *flag.FlagSet, args []string) []string {
	var flags, positional []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			positional = append(positional, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			positional = append(positional, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() {
			continue
		}
		if i+1 < len(args) {
			flags = append(flags, args[i+1])
			i++
		}
	}
	return append(flags, positional...)
}

func printHelp(w io.Writer) {
	fmt.Fprintln(w, "Binocle reads a photo of a binary logic puzzle (3-in-a-Row, Takuzu, Troix, Tango),")
	fmt.Fprintln(w, "solves it and draws the answer back onto the photo.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "usage:")
	fmt.Fprintln(w, "  binocle                 open the app")
	fmt.Fprintln(w, "  binocle FILE            open the app on an image or puzzle file")
	fmt.Fprintln(w, "  binocle COMMAND [options] [arguments]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "binocle COMMAND --help describes one command. Exit codes: 0 success,")
	fmt.Fprintln(w, "1 no solution or more than one, 2 bad input.")
}
