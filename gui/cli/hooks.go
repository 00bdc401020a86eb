package cli

import (
	"time"

	"binocle/solver"
	"binocle/vision"
)

// SolveOptions are the `solve` command's settings that other inputs and
// the history share.
type SolveOptions struct {
	Rules  string // "auto", or a rule set's name; "" means the input's own
	JSON   bool
	NoSave bool
	Store  string // history directory; "" means the default
	// AcceptFixes applies the rule-aware reading's suggested fixes to a
	// photo whose reading gives no solution or several.
	AcceptFixes bool
	// Timeout bounds each solve; past it the command says it gave up.
	Timeout time.Duration
}

// saveSolve records a finished solve in the history (save.go sets it). It
// is a variable so that tests can see what a solve would save without a
// history on disk.
var saveSolve func(env *Env, opts SolveOptions, s solved) error

// solved is what the history keeps of one solve from the command line.
type solved struct {
	Puzzle  *solver.Puzzle
	Result  solver.Result
	Source  string          // the history's source: "text", "photo" or "screenshot"
	Photo   []byte          // the image file's bytes; nil for typed puzzles
	Reading *vision.Reading // what was read from Photo; nil for typed puzzles
}

// readImageFile is the reader as solve and overlay call it; tests swap in
// a reading with a planted misread to drive the rule-aware fixes.
var readImageFile = vision.ReadFile
