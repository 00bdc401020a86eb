// Command binocle solves binary logic puzzles from photos. With no
// arguments, or with one file, it opens the app; otherwise it runs a
// command line tool.
package main

import (
	"os"

	"binocle/gui"
	"binocle/gui/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], cli.StdEnv(gui.Run)))
}
