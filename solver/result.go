package solver

import "time"

// Status is the outcome of a solve. A published puzzle is Unique; the
// other two are reported with evidence, never silently.
type Status uint8

const (
	Unique   Status = iota // exactly one solution, proven
	Multiple               // at least two solutions: Solution and Second differ at Differ
	None                   // no solution: Contradiction says where the search ended
)

var statusNames = [...]string{Unique: "unique", Multiple: "multiple", None: "none"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "unknown"
}

func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Result is everything a solve found out.
type Result struct {
	Status Status
	// Rules is the rule set the result holds under. With SolveAuto it is
	// the one that made the answer unique.
	Rules Rules
	// Solution is the unique solution, or the first of two (row-major).
	Solution []Cell
	// Second is another solution when Status is Multiple.
	Second []Cell
	// Differ lists the cells where Solution and Second disagree.
	Differ []Point
	// Contradiction says why there is no solution when Status is None.
	Contradiction *RuleError
	// Nodes counts search branches taken; 0 means propagation alone solved it.
	Nodes   int
	Elapsed time.Duration
}
