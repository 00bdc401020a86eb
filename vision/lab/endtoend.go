package lab

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"binocle/solver"
	"binocle/vision"
	"binocle/vision/internal/cellread"
)

// EndToEnd is what a user gets from `binocle solve IMAGE` on the images
// whose true puzzle has exactly one solution.
type EndToEnd struct {
	Images int // images whose true puzzle is unique
	// Direct: the reading solves, uniquely, to the true answer.
	Direct int
	// AfterFixes: the reading does not solve uniquely, and the suggested
	// fixes give the true answer.
	AfterFixes int
	// DirectWarned: of Direct, those shown with a rival reading (a nearly
	// as probable reading with another unique answer) to check.
	DirectWarned int
	// Renamed: the reading solves, uniquely, to the true answer's exact
	// complement on a board whose two symbols are colours with no names
	// (Tango's pieces, an app's tiles), read as such. Which colour is "1"
	// is a convention: LinkedIn's orange disc is 0 and Zuzu's orange tile
	// is 1, and one picture can be either. The answer drawn back in the
	// board's own pieces is the right one, so it is right, but counted
	// apart from Direct, whose names agree with the truth's.
	Renamed int
	// WrongUnique: the reading solves uniquely to another answer, stated as
	// the answer: the worst outcome, since nothing warns the user.
	WrongUnique int
	// WrongWarned: the reading solves uniquely to another answer, shown
	// with a rival reading to check (its answer right or not).
	WrongWarned int
	// WrongFixes: the suggested fixes give another answer (the user is
	// asked first, so this is less grave).
	WrongFixes int
	// NoAnswer: neither the reading nor any plausible fix gives one
	// solution, or nothing was read.
	NoAnswer int
}

// MeasureEndToEnd reads and solves every case of a suite with a truth,
// as `binocle solve IMAGE` does, and lists the wrong answers on w.
func (e *Env) MeasureEndToEnd(cases []Case, w io.Writer) (EndToEnd, error) {
	var out EndToEnd
	err := forEachTruth(cases, func(c Case, img string, tr Truth) error {
		answer, ok := TrueAnswer(tr)
		if !ok {
			return nil
		}
		out.Images++
		outcome := solveAsUserWould(img, tr)
		switch {
		case outcome.err != nil:
			out.NoAnswer++
			fmt.Fprintf(w, "NOANSWER %s: %v\n", c.Name, outcome.err)
		case outcome.status == solver.Unique && !outcome.fixed:
			switch {
			case slices.Equal(outcome.solution, answer):
				out.Direct++
				if outcome.rival != nil {
					out.DirectWarned++
					fmt.Fprintf(w, "RIVAL %s: a right answer shown with a rival reading to check\n", c.Name)
				}
			case outcome.rival == nil && swapsEvery(outcome.solution, answer) && namelessSymbols(tr.Style) && namelessSymbols(string(outcome.style)):
				out.Renamed++
				fmt.Fprintf(w, "RENAMED %s: the right answer on a colour board, its two colours named the other way round (read as %s)\n", c.Name, outcome.style)
			case outcome.rival != nil:
				out.WrongWarned++
				fmt.Fprintf(w, "WARNED %s: a wrong answer shown with a rival reading to check (the rival's answer right: %v)\n", c.Name, slices.Equal(outcome.rival.Result.Solution, answer))
			default:
				out.WrongUnique++
				why := ""
				if swapsEvery(outcome.solution, answer) {
					why = " (its exact complement: the board's two symbols named the other way round)"
				}
				fmt.Fprintf(w, "WRONG %s: a unique answer that is not the puzzle's%s\n", c.Name, why)
			}
		case outcome.status == solver.Unique:
			if slices.Equal(outcome.solution, answer) {
				out.AfterFixes++
				fmt.Fprintf(w, "FIXED %s: the right answer after the suggested fixes\n", c.Name)
			} else {
				out.WrongFixes++
				fmt.Fprintf(w, "WRONGFIX %s: the suggested fixes give another answer\n", c.Name)
			}
		default:
			out.NoAnswer++
			fmt.Fprintf(w, "NOANSWER %s: %v as read, and no plausible fix gives one answer\n", c.Name, outcome.status)
		}
		return nil
	})
	return out, err
}

type userOutcome struct {
	status   solver.Status
	solution []solver.Cell
	fixed    bool               // the answer needed the suggested fixes
	rival    *solver.Suggestion // on a unique answer as read, as `solve` warns of it
	style    cellread.Style     // the style the reader named the board's symbols by
	err      error
}

// solveAsUserWould reads, solves under the rules the reading names (as
// the command line and the app do: a half-played picture from its printed
// givens alone, and with the entries as givens when those leave the answer
// open), and when that is not unique asks the rules for fixes.
func solveAsUserWould(img string, tr Truth) userOutcome {
	r, err := vision.ReadFile(img)
	if err != nil {
		return userOutcome{err: err}
	}
	rules, auto := r.Rules()
	solve := func(p *solver.Puzzle) solver.Result {
		if auto {
			return solver.SolveAuto(p)
		}
		return solver.Solve(p)
	}
	p, err := r.GivensPuzzle(rules)
	if err != nil {
		return userOutcome{err: err}
	}
	res := solve(p)
	solved := p
	if res.Status != solver.Unique && r.HasMarks() {
		if full, err := r.Puzzle(rules); err == nil {
			if fres := solve(full); fres.Status == solver.Unique {
				res, solved = fres, full
			}
		}
	}
	if res.Status == solver.Unique {
		// The rival is looked for on what was solved, as `solve` does.
		var rival *solver.Suggestion
		if rv, err := solver.RivalOf(context.Background(), solved, res.Rules, res.Solution, r.CellOdds(solved), r.SiteOdds()); err == nil {
			rival = &rv
		}
		return userOutcome{status: res.Status, solution: res.Solution, rival: rival, style: r.Style}
	}
	s, err := r.SuggestFixes(context.Background(), p, res.Rules)
	if err != nil {
		return userOutcome{status: res.Status}
	}
	return userOutcome{status: solver.Unique, solution: s.Result.Solution, fixed: true}
}

// swapsEvery tells whether got is want with every 0 and 1 swapped. The
// rules of a two-symbol puzzle do not tell its symbols apart, so a board
// whose two colours or pieces the reader names the other way round
// solves, uniquely, to the complement; drawn back in the board's own
// colours it is the right answer, but it is not the truth's.
func swapsEvery(got, want []solver.Cell) bool {
	if len(got) != len(want) || len(got) == 0 {
		return false
	}
	for i := range got {
		if want[i] != solver.Zero && want[i] != solver.One || got[i] != 1-want[i] {
			return false
		}
	}
	return true
}

// namelessSymbols tells whether a style's two symbols are colours or
// pieces that carry no name of their own: the renderer's Tango and tiles,
// and the real screenshots' LinkedIn and Zuzu boards (their truth's style
// names), as well as the reader's two colour styles.
func namelessSymbols(style string) bool {
	switch style {
	case string(cellread.StyleTango), string(cellread.StyleTiles), "linkedin-light", "zuzu-tiles":
		return true
	}
	return false
}

// TrueAnswer is the unique solution of the truth's own puzzle, if it has
// one. Wicht-sudoku's ink truth has no puzzle.
func TrueAnswer(tr Truth) ([]solver.Cell, bool) {
	if tr.Rows == 0 || strings.Contains(strings.Join(tr.Cells, ""), "#") {
		return nil, false
	}
	rules := solver.ThreeInARow
	if strings.Contains(strings.Join(tr.Cells, ""), "2") {
		rules = solver.Troix
	}
	p, err := solver.NewPuzzle(rules, tr.Rows, tr.Cols)
	if err != nil {
		return nil, false
	}
	for i := range p.Cells {
		v, ok := solver.CellFromChar(tr.Cells[i/tr.Cols][i%tr.Cols])
		if !ok {
			return nil, false
		}
		p.Cells[i] = v
	}
	p.Edges = tr.Edges
	res := solver.SolveAuto(p)
	return res.Solution, res.Status == solver.Unique
}

// Write prints the end-to-end row of a suite.
func (s EndToEnd) Write(w io.Writer, suite string) {
	fmt.Fprintf(w, "| %s | %d | %.1f %% (%d) | %.1f %% | %.1f %% | %.1f %% | %.1f %% | %.1f %% | %.1f %% |\n", suite, s.Images,
		Pct(s.Direct, s.Images), s.DirectWarned, Pct(s.Renamed, s.Images), Pct(s.AfterFixes, s.Images), Pct(s.WrongUnique, s.Images),
		Pct(s.WrongWarned, s.Images), Pct(s.WrongFixes, s.Images), Pct(s.NoAnswer, s.Images))
}

// EndToEndHeader is the table's head.
const EndToEndHeader = "| suite | images with a unique puzzle | right directly (of them shown with a rival) | right, a colour board's colours named the other way round | right after the suggested fixes | wrong, stated unique | wrong, shown with a rival | wrong after fixes | no answer |\n|---|---|---|---|---|---|---|---|---|\n"
