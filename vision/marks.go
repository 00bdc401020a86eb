package vision

import (
	"context"
	"fmt"
	"slices"
	"time"

	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/raster"
)

// traceGivens tells `visionlab trace` which split of givens and marks
// the rules took or turned down.
func traceGivens(format string, args ...any) {
	if raster.Trace != nil {
		raster.Trace(format, args...)
	}
}

// IsGiven says whether cell i holds a printed given: filled, and not
// told apart as a player's mark.
func (r *Reading) IsGiven(i int) bool {
	if i < 0 || i >= len(r.Cells) || r.Cells[i] == solver.Empty {
		return false
	}
	return len(r.Given) != len(r.Cells) || r.Given[i]
}

// HasMarks says whether the picture shows any player's marks beside the
// printed givens.
func (r *Reading) HasMarks() bool {
	for i, v := range r.Cells {
		if v != solver.Empty && !r.IsGiven(i) {
			return true
		}
	}
	return false
}

// Givens are the reading's cells with the player's marks left out: the
// puzzle as printed.
func (r *Reading) Givens() []solver.Cell {
	out := make([]solver.Cell, len(r.Cells))
	for i, v := range r.Cells {
		out[i] = solver.Empty
		if r.IsGiven(i) {
			out[i] = v
		}
	}
	return out
}

// Marks are the player's entries, row-major, solver.Empty elsewhere
// (givens included).
func (r *Reading) Marks() []solver.Cell {
	out := make([]solver.Cell, len(r.Cells))
	for i, v := range r.Cells {
		out[i] = solver.Empty
		if v != solver.Empty && !r.IsGiven(i) {
			out[i] = v
		}
	}
	return out
}

// GivensPuzzle is Puzzle with the player's marks left out: the puzzle
// their entries are checked against.
func (r *Reading) GivensPuzzle(rules solver.Rules) (*solver.Puzzle, error) {
	p, err := r.Puzzle(rules)
	if err != nil {
		return nil, err
	}
	if len(r.Given) != 0 && len(r.Given) != len(r.Cells) {
		return nil, fmt.Errorf("reading has %d given flags for %d cells", len(r.Given), len(r.Cells))
	}
	copy(p.Cells, r.Givens())
	return p, nil
}

// SetGivens replaces the givens with cells (row-major, such as a puzzle
// the user or the rules corrected), keeping the player's marks where the
// new givens leave a cell blank. It allocates new Cells and Given, so
// copies of the reading that share them are not changed.
func (r *Reading) SetGivens(cells []solver.Cell) error {
	if len(cells) != len(r.Cells) {
		return fmt.Errorf("reading has %d cells, the new givens %d", len(r.Cells), len(cells))
	}
	marks := r.Marks()
	out := make([]solver.Cell, len(cells))
	given := make([]bool, len(cells))
	for i, v := range cells {
		switch {
		case v != solver.Empty:
			out[i], given[i] = v, true
		default:
			out[i] = marks[i]
		}
	}
	r.Cells, r.Given = out, given
	return nil
}

// givensRuleTime bounds the solve that checks a learned split of givens
// and marks: a published puzzle's givens are proved unique in
// milliseconds, and a split that leaves a big grid's givens too sparse to
// prove in time is not trusted.
const givensRuleTime = 100 * time.Millisecond

// givensByRules takes given (row-major, as Reading.Given) for the
// reading's givens when the rules agree: a published puzzle has exactly
// one solution from its givens alone, which calling printed givens the
// player's marks takes away (the givens left admit several), and calling
// them marks when they are print does not give back. Where the rules
// cannot judge, because the filled cells as read have no single
// solution either (a random fill, a misread cell, a player's wrong
// entry), a split the marks model is sure of stands (sure,
// cellread.Tuned.Givens' netSure). It keeps the reading as it was
// otherwise, and says whether it took given; what names the split's
// source in the trace.
func (r *Reading) givensByRules(what string, given []bool, sure bool) bool {
	was := r.Given
	r.Given = given
	if r.unique(r.GivensPuzzle, givensRuleTime) {
		traceGivens("the %s split's givens have one solution: taken", what)
		return true
	}
	if sure && !r.unique(r.Puzzle, givensRuleTime) {
		traceGivens("the %s split is sure and the rules cannot judge: taken", what)
		return true
	}
	traceGivens("the %s split's givens have no single solution (sure %v): not taken", what, sure)
	r.Given = was
	return false
}

// givensRefuted says whether the rules turn down the split of givens and
// marks the hand tests found (shade, ink colour, pencil): the filled cells
// as read have exactly one solution, as a published puzzle read right
// has, and the givens the split leaves have none or several, each proved
// within givensRuleTime. A player's right entries leave the printed
// givens their one solution, and wrong ones leave the filled cells
// none; calling print the player's takes a published puzzle's one
// solution away. A split on the glyphs' own look (a thin stroke that
// anti-aliasing left fainter: wild-clean@9831 wild-clean-060; a clue
// badge's colour bleeding into the cells beside it: -116) is print taken
// for the player's. A solve that runs out of time proves nothing, and
// the split stands, as it does where the filled cells have no single
// solution either (a misread cell, a random fill). A given misread as
// blank fools it (hunt-photos wild-photo-137), and so does a missed
// clue, which the caller weighs (cluesRead).
func (r *Reading) givensRefuted() bool {
	if !slices.Contains(r.Cells, solver.Empty) {
		// A finished board's filled cells have one solution whatever
		// they are, and say nothing of a published puzzle read right;
		// its shaded givens, one misread, would all be lost.
		return false
	}
	if !r.unique(r.Puzzle, givensRuleTime) {
		return false
	}
	rules, auto := r.Rules()
	p, err := r.GivensPuzzle(rules)
	if err != nil {
		return false
	}
	res, err := solveWithin(p, auto, givensRuleTime)
	if err != nil || res.Status == solver.Unique {
		return false
	}
	traceGivens("the hand tests' split leaves givens without one solution (%v) where the filled cells have one: turned down", res.Status)
	return true
}

// cluesRead says whether the reading's puzzle has clues, read (any edge
// clue) or expected (a Tango board's): a clue the reader missed leaves
// the givens several solutions as surely as a wrong split does (clue
// recall on photos is 0.86 to 0.95), so the rules' word against a hand
// test's split is weak there (study-photos wild-photo-131: a Tango
// board's shaded givens, right, turned down).
func (r *Reading) cluesRead() bool {
	return r.Style == cellread.StyleTango || len(r.Edges) > 0
}

// maxGivenBack is the largest share of a hand test's marks that
// givensGivenBack gives back to the print: a cut of inks errs at its
// edge, by a few glyphs drawn thinner or bolder than the rest of their
// symbol's (3 of 61 on wild-clean@9832 wild-clean-035), and a split that
// needs more is no split of print and pen; the few cells of a
// glyph-look split of untouched print (6 on wild-clean@9831
// wild-clean-060) allow none.
const maxGivenBack = 0.1

// givensGivenBack takes for the player's marks the reading's marks but
// the fewest of them, least marklike first (order, as
// cellread.MarksLeastFirst), that leave the givens one solution, giving
// back at most maxGivenBack of them within givensShadeTime. It keeps the
// reading as it was where none does.
func (r *Reading) givensGivenBack(order []int) bool {
	k := r.firstUniqueCut(r.Given, order, int(maxGivenBack*float64(len(order))), nil)
	if k > 0 {
		traceGivens("%d of the hand tests' %d marks given back to the print leave one solution: taken", k, len(order))
	}
	return k > 0
}

// givensShadeTime bounds givensByShade's solves together: a board whose
// model says it holds marks but whose split the rules turn down is
// rare, and its cuts are tried one after the other.
const givensShadeTime = 200 * time.Millisecond

// givensByShade takes for the givens the fewest of the most shaded filled
// cells (order, most shaded first, with each one's shade; as
// cellread.ShadeOrder) that make a puzzle with one solution, where they
// stand apart from the rest as a shaded group (cellread.ShadeCut).
// Published puzzles print few givens more than their one solution
// needs, and an app shades the cells it printed: on a photo, light
// moves the shades too far for any level to split them, but their order
// mostly holds, and the rules tell where it ends (hunt-photos' Tango
// boards, whose player's pieces look like the printed ones). It keeps
// the reading as it was where no cut does.
func (r *Reading) givensByShade(order []int, shade []float64) bool {
	k := r.firstUniqueCut(make([]bool, len(r.Cells)), order, len(order)-1, func(k int) bool { return cellread.ShadeCut(shade, k) })
	if k > 0 {
		traceGivens("the %d most shaded of %d filled cells have one solution: taken for the givens", k, len(order))
	}
	return k > 0
}

// firstUniqueCut tries for the givens, for k from 1 to most where cut
// allows it (nil: every k), base with order[:k] set given, and keeps the
// first whose givens have one solution, all within givensShadeTime. It
// returns that k, or 0, the reading as it was, where none does.
func (r *Reading) firstUniqueCut(base []bool, order []int, most int, cut func(k int) bool) int {
	was := r.Given
	deadline := time.Now().Add(givensShadeTime)
	for k := 1; k <= most && k <= len(order); k++ {
		left := time.Until(deadline)
		if left <= 0 {
			break
		}
		if cut != nil && !cut(k) {
			continue
		}
		given := slices.Clone(base)
		for _, i := range order[:k] {
			given[i] = true
		}
		r.Given = given
		if r.unique(r.GivensPuzzle, left) {
			return k
		}
	}
	r.Given = was
	return 0
}

// unique says whether the puzzle that puzzle makes of r under r's rules
// (Puzzle, or GivensPuzzle for the printed givens alone) has exactly one
// solution, proved within limit.
func (r *Reading) unique(puzzle func(solver.Rules) (*solver.Puzzle, error), limit time.Duration) bool {
	_, ok := r.uniqueSolution(puzzle, limit)
	return ok
}

// uniqueSolution is unique with the solution it proved: ok is false where
// there is none, or more than one, or the proof took longer than limit.
func (r *Reading) uniqueSolution(puzzle func(solver.Rules) (*solver.Puzzle, error), limit time.Duration) ([]solver.Cell, bool) {
	rules, auto := r.Rules()
	p, err := puzzle(rules)
	if err != nil {
		return nil, false
	}
	res, err := solveWithin(p, auto, limit)
	if err != nil || res.Status != solver.Unique {
		return nil, false
	}
	return res.Solution, true
}

// solveWithin solves p, giving up after limit; auto lets the solver
// widen the rules (solver.SolveAuto).
func solveWithin(p *solver.Puzzle, auto bool, limit time.Duration) (solver.Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	if auto {
		return solver.SolveAutoContext(ctx, p)
	}
	return solver.SolveContext(ctx, p)
}
