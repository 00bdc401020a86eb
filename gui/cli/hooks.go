package cli

import "binocle/solver"

// SolveOptions are the `solve` command's settings that other inputs and
// the history share.
type SolveOptions struct {
	Rules  string // "auto", or a rule set's name; "" means the input's own
	JSON   bool
	NoSave bool
	Store  string // history directory; "" means the default
}

// The solve command reaches the image reader and the history through these
// hooks, set by the files that own those parts. A nil hook means that part
// is not built in, and the command says so instead of failing obscurely.
var (
	// solveImage reads, solves and reports an image file.
	solveImage func(env *Env, path string, opts SolveOptions) int
	// saveSolve records a finished solve in the history.
	saveSolve func(env *Env, opts SolveOptions, p *solver.Puzzle, res solver.Result, source string) error
)
