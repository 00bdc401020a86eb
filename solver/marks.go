package solver

import (
	"context"
	"fmt"
	"strings"
)

// WrongMark is a player's entry that the givens rule out, 0-based.
type WrongMark struct {
	Row, Col int
	Mark     Cell // what the player wrote
	Want     Cell // what the solution holds there
}

// Name is the cell as the command line and the window name cells: r3c4,
// 1-based.
func (w WrongMark) Name() string { return fmt.Sprintf("r%dc%d", w.Row+1, w.Col+1) }

// MarkReport is a half-played (or finished) grid checked against the
// puzzle its givens make: how many entries the player made, which of them
// are wrong, and whether the givens alone settle the answer.
type MarkReport struct {
	// Status is the givens' own: Unique when they have one solution.
	Status Status
	// Rules is the rule set the givens were solved under.
	Rules Rules
	// Entries counts the player's filled cells.
	Entries int
	// Wrong lists the entries the givens rule out, row-major. Under
	// Unique that is every entry that differs from the solution; under
	// Multiple only those that no solution of the givens has (each is
	// told apart by a solve of its own); under None the entries are not
	// checked and Wrong is empty.
	Wrong []WrongMark
	// Fits says the entries together fit a solution of the givens: under
	// Unique exactly when none is wrong; under Multiple two entries each
	// possible alone can still rule each other out.
	Fits bool
}

// maxNamedMarks is how many wrong entries Message names before it counts
// the rest: a line of the status bar, not a table.
const maxNamedMarks = 10

// Message says what the check found, in one sentence for a status line:
// "2 of your 17 entries are wrong: r3c4, r5c1".
func (m MarkReport) Message() string {
	n := m.Entries
	entries := fmt.Sprintf("%d of your %d %s", len(m.Wrong), n, pluralWord(n, "entry", "entries"))
	switch {
	case n == 0:
		return "There are no entries of yours to check"
	case m.Status == None:
		return fmt.Sprintf("The givens have no solution, so your %d %s cannot be checked", n, pluralWord(n, "entry", "entries"))
	case len(m.Wrong) > 0 && m.Status == Multiple:
		return "The givens have more than one solution; " + entries + " " + pluralWord(len(m.Wrong), "fits", "fit") + " none of them: " + m.names()
	case len(m.Wrong) > 0:
		return entries + " " + pluralWord(len(m.Wrong), "is", "are") + " wrong: " + m.names()
	case m.Status == Multiple && !m.Fits:
		return fmt.Sprintf("The givens have more than one solution; each of your %d entries fits one, but not all together", n)
	case m.Status == Multiple:
		return fmt.Sprintf("The givens have more than one solution; your %d %s %s one of them", n, pluralWord(n, "entry", "entries"), pluralWord(n, "fits", "fit"))
	case n == 1:
		return "Your 1 entry is right"
	}
	return fmt.Sprintf("All %d of your entries are right", n)
}

func (m MarkReport) names() string {
	names := make([]string, 0, min(len(m.Wrong), maxNamedMarks))
	for i, w := range m.Wrong {
		if i == maxNamedMarks {
			break
		}
		names = append(names, w.Name())
	}
	s := strings.Join(names, ", ")
	if more := len(m.Wrong) - maxNamedMarks; more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return s
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// CheckMarks solves p, which holds the givens alone, under its rules and
// checks the player's marks (row-major, Empty where the player wrote
// nothing) against the answer.
func CheckMarks(p *Puzzle, marks []Cell) (MarkReport, error) {
	return CheckMarksContext(context.Background(), p, marks)
}

// CheckMarksContext is CheckMarks that gives up when ctx is done.
func CheckMarksContext(ctx context.Context, p *Puzzle, marks []Cell) (MarkReport, error) {
	if err := checkMarkGrid(p, marks); err != nil {
		return MarkReport{}, err
	}
	res, err := SolveContext(ctx, p)
	if err != nil {
		return MarkReport{}, err
	}
	return CompareMarks(ctx, p, res, marks)
}

// CompareMarks checks the player's marks against res, a finished solve of
// the givens p (under res.Rules, which SolveAuto may have picked). Under
// Multiple it solves once more for each entry, so ctx bounds it.
func CompareMarks(ctx context.Context, p *Puzzle, res Result, marks []Cell) (MarkReport, error) {
	if err := checkMarkGrid(p, marks); err != nil {
		return MarkReport{}, err
	}
	rep := MarkReport{Status: res.Status, Rules: res.Rules}
	for _, v := range marks {
		if v != Empty {
			rep.Entries++
		}
	}
	if res.Status == None {
		return rep, nil
	}
	if len(res.Solution) != len(p.Cells) {
		return MarkReport{}, fmt.Errorf("check marks: the solution has %d cells for a %dx%d grid", len(res.Solution), p.Rows, p.Cols)
	}
	if res.Status == Unique {
		for i, v := range marks {
			if v != Empty && v != res.Solution[i] {
				rep.Wrong = append(rep.Wrong, WrongMark{Row: i / p.Cols, Col: i % p.Cols, Mark: v, Want: res.Solution[i]})
			}
		}
		rep.Fits = len(rep.Wrong) == 0
		return rep, nil
	}
	// Several solutions: an entry is wrong only when no solution has it.
	q := p.Clone()
	q.Rules = res.Rules
	for i, v := range marks {
		if v == Empty {
			continue
		}
		if v == res.Solution[i] || (res.Second != nil && v == res.Second[i]) {
			continue
		}
		q.Cells[i] = v
		r, err := SolveContext(ctx, q)
		q.Cells[i] = Empty
		if err != nil {
			return MarkReport{}, err
		}
		if r.Status == None {
			rep.Wrong = append(rep.Wrong, WrongMark{Row: i / p.Cols, Col: i % p.Cols, Mark: v, Want: res.Solution[i]})
		}
	}
	if len(rep.Wrong) == 0 {
		for i, v := range marks {
			if v != Empty {
				q.Cells[i] = v
			}
		}
		r, err := SolveContext(ctx, q)
		if err != nil {
			return MarkReport{}, err
		}
		rep.Fits = r.Status != None
	}
	return rep, nil
}

// checkMarkGrid refuses marks that do not fit the puzzle: the wrong size,
// a symbol the rules do not have, or a mark on a given.
func checkMarkGrid(p *Puzzle, marks []Cell) error {
	if p == nil {
		return fmt.Errorf("check marks: no puzzle")
	}
	if len(p.Cells) != p.Rows*p.Cols {
		return fmt.Errorf("check marks: the puzzle has %d cells for a %dx%d grid", len(p.Cells), p.Rows, p.Cols)
	}
	if len(marks) != len(p.Cells) {
		return fmt.Errorf("check marks: %d marks for a %dx%d grid", len(marks), p.Rows, p.Cols)
	}
	for i, v := range marks {
		if v == Empty {
			continue
		}
		if v < Zero || int(v) >= p.Rules.Symbols() {
			return fmt.Errorf("check marks: r%dc%d holds symbol %d, which %s does not have", i/p.Cols+1, i%p.Cols+1, v, p.Rules)
		}
		if p.Cells[i] != Empty {
			return fmt.Errorf("check marks: r%dc%d holds both a given and a mark", i/p.Cols+1, i%p.Cols+1)
		}
	}
	return nil
}
