package vision

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/locate"
)

// sizeRuleTime bounds each solve that checks a grid's size by the rules:
// a published puzzle read at its size is proved unique in milliseconds,
// and a big grid read a row off (blanks where its cells are not) may take
// the solver long to give up on.
const sizeRuleTime = 60 * time.Millisecond

// sizeRuleCells is the biggest grid whose size the rules check: each
// step reads the grid again, close to a second on a 33×33 grid in a
// 12 MP photo, so that a big grid read at an odd size without one
// solution takes 5–10 s where it took 2–3. A cap of 16×16 saved that
// but lost a board a never-looked-into suite had gained.
const sizeRuleCells = 40 * 40

// solvesOnce says whether the reading, every filled cell taken as a
// given, has exactly one solution under its rules, within sizeRuleTime.
func (r *Reading) solvesOnce() bool {
	return r.unique(r.Puzzle, sizeRuleTime)
}

// solvesAsPrinted says whether the reading has exactly one solution with
// every filled cell taken as a given, or, where the player's marks were
// told from the print, with the printed givens alone. A half-played
// board's wrong entry, which is what its user asks about, leaves it
// without a solution though it is read right; a finished board whose
// few shaded givens pin no answer alone is still its one solution.
func (r *Reading) solvesAsPrinted() bool {
	return r.solvesOnce() || r.HasMarks() && r.unique(r.GivensPuzzle, sizeRuleTime)
}

// publishedAndUnique says whether the reading has a published size and
// exactly one solution (solvesAsPrinted): what the rules ask of a reading
// they take over another, or of a finding too weak to stand alone.
func (r *Reading) publishedAndUnique() bool {
	return r.publishedSize() && r.solvesAsPrinted()
}

// rungFixTime and rungFixOptions bound the fix search that weighs a
// rung's reading against another (fixableByRules): a reading at the
// grid's true size misses a clue or misreads a cell or two, which the
// search mends in a handful of tries, and it may run on every rung's
// reading, so it cannot take the user's whole budget
// (solver.SuggestBudget) each time. Two changes at most: the more
// changes allowed, the likelier a grid read at a wrong size is made
// unique by chance.
const rungFixTime = 100 * time.Millisecond

// rungFixCost is the most a fix that lets a reading stand over another
// may give up: the changes together at least one chance in ten. The
// user's suggestions may cost up to solver.DefaultSuggestOptions'
// MaxCost, but a grid chosen on an unlikely fix is a guess. Of the five
// readings the suites' rungs offered that a fix mended, the two whose
// fixes cost under it were fixed right (two '=' read for 'x' at odds
// near a half, study-photos wild-photo-062, hunt-photos wild-photo-051);
// those over it, at 4.9 to 9.5, were a sudoku's 10×10 (wicht-sudoku
// image1005), a 6×6 of an 8×8 and a clue wrongly turned.
var rungFixCost = math.Log(10)

var rungFixOptions = solver.SuggestOptions{MaxChanges: 2, MaxTries: 300, MaxCost: rungFixCost}

// fixableByRules says whether the rules' fix search, within rungFixTime
// and rungFixOptions, finds a plausible change to the reading, every
// filled cell taken as a given, that leaves it exactly one solution.
func (r *Reading) fixableByRules() bool {
	rules, _ := r.Rules()
	p, err := r.Puzzle(rules)
	if err != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), rungFixTime)
	defer cancel()
	_, err = solver.SuggestFixesWithin(ctx, p, rules, r.CellOdds(p), r.SiteOdds(), rungFixOptions)
	return err == nil
}

// mendsOver says whether r, though not unique as read, stands over prev,
// which is not unique either: r has a published size and a plausible fix
// or two leaves it one solution (fixableByRules), where prev has a size
// no published puzzle has or no such fix (yieldsToMend). A missed clue
// or a misread cell is a likelier mistake than a grid read at an
// impossible size, or than a reading so far off that no plausible fix
// makes it a puzzle.
func (r *Reading) mendsOver(prev *Reading) bool {
	return r.publishedSize() && prev.yieldsToMend() && r.fixableByRules()
}

// yieldsToMend says whether a reading that mends (mendsOver) may stand
// over r: r has a size no published puzzle has, or no plausible fix.
func (r *Reading) yieldsToMend() bool {
	return !r.publishedSize() || !r.fixableByRules()
}

// The ways a grid's lattice is found a row or a column off, as
// (top, bottom, left, right) rows and columns taken off; negative adds.
// A line missed (an open border, a faint last line) is likelier than a
// line of the page taken for one, and adding a row of the photo's cells
// seldom gives one solution by chance, where taking a row off a small
// grid can: additions are tried first.
var (
	missedLines = [][4]int{{-1, 0, 0, 0}, {0, -1, 0, 0}, {0, 0, -1, 0}, {0, 0, 0, -1}}
	// missedPairs are two lines missed on the same sides: an open border
	// on both ends, or two faint lines at one end.
	missedPairs = [][4]int{
		{-2, 0, 0, 0}, {0, -2, 0, 0}, {-1, -1, 0, 0},
		{0, 0, -2, 0}, {0, 0, 0, -2}, {0, 0, -1, -1},
	}
	extraLines = [][4]int{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}
)

// publishedSide says whether a published puzzle of the style has lines
// of n cells. Every one of the 4,188 in shared/datasets is at least 6×6
// and has an even number of cells a line, but Troix, whose lines hold a
// third of each symbol, a multiple of three. The rules allow an odd
// line; but a grid read at a size no published puzzle has was most
// likely read a line off, and a size the rules pick must be one: an 8×8
// with a misread column had one solution as 8×7, a 4×4 with none had
// one as 4×6. The smaller the grid, the likelier a few givens pin one
// answer by chance.
func publishedSide(n int, style cellread.Style) bool {
	if n < minPublishedSide {
		return false
	}
	if style == cellread.StyleXOI {
		return n%3 == 0
	}
	return n%2 == 0
}

// minPublishedSide is the fewest rows or columns of a published puzzle.
const minPublishedSide = 6

// publishedSize says whether a published puzzle of r's style has r's
// size (publishedSide).
func (r *Reading) publishedSize() bool {
	return publishedSide(r.Rows, r.Style) && publishedSide(r.Cols, r.Style)
}

// sizeByRules is the reading of c a line or two off, where r, read at
// c, has a size no published puzzle has and not exactly one solution,
// and the grid a line or two off has a published size and, alone in the
// first group of steps where any does, exactly one solution. A grid
// read a row short or long seldom has one (its counts and triples are
// off, or a row of blanks is free). A published size is not checked:
// misread cells, not its size, are what most often leave it without one
// solution, and reading it again at every size near costs up to six
// reads. ok is false when no step gives one solution, or two steps of a
// group do.
func sizeByRules(src *source, r *Reading, c locate.Candidate, locScale float64) (*Reading, locate.Candidate, bool) {
	if r.publishedSize() || c.Rows.N*c.Cols.N > sizeRuleCells || r.solvesOnce() {
		return nil, c, false
	}
	for _, steps := range [][][4]int{missedLines, extraLines, missedPairs} {
		sr, at, ambiguous := uniqueStep(src, r.Style, c, locScale, steps)
		if sr != nil {
			// On the candidate too, for a caller who reads it again.
			at.Evidence.LocatedSize = fmt.Sprintf("%dx%d", r.Rows, r.Cols)
			sr.Evidence = at.Evidence
			return sr, at, true
		}
		if ambiguous {
			break
		}
	}
	return nil, c, false
}

// uniqueStep reads c stepped by each of steps and gives the reading with
// exactly one solution, or none, and ambiguous, when two or more have
// one. Of two, the one with more givens read is kept (mostGivens).
func uniqueStep(src *source, style cellread.Style, c locate.Candidate, locScale float64, steps [][4]int) (found *Reading, at locate.Candidate, ambiguous bool) {
	var alts []locate.Candidate
	for _, s := range steps {
		alt, ok := c.Inner(s[0], s[1], s[2], s[3])
		if ok && publishedSide(alt.Rows.N, style) && publishedSide(alt.Cols.N, style) {
			alts = append(alts, alt)
		}
	}
	// The steps are read side by side: a big grid's reads take most of a
	// second each, and the cell and site nets they share are locked.
	unique := make([]*Reading, len(alts))
	var wg sync.WaitGroup
	slots := make(chan struct{}, sizeRuleReaders)
	for i, alt := range alts {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			if ar, err := readCandidate(src, alt, locScale, nil); err == nil && ar.solvesOnce() {
				unique[i] = ar
			}
		}()
	}
	wg.Wait()
	i, tie := mostGivens(unique)
	switch {
	case tie:
		return nil, c, true
	case i < 0:
		return nil, c, false
	}
	return unique[i], alts[i], false
}

// mostGivens is the index of the reading, of those not nil, with the
// most givens read, cells filled and clues together; -1 when all are
// nil, and tie when two share the most. A grid read a line off to one
// side has one solution as often as the grid itself where an easy
// puzzle's givens spare a line, but it reads the page's blank strip
// beyond the grid in place of the line's givens, and loses the clues
// on the line's sides (hunt-photos wild-photo-103, a Tango board found
// 6×4: the two 6×6 a column apart have one solution each, with the
// same cells and four and five clues).
func mostGivens(readings []*Reading) (best int, tie bool) {
	best = -1
	for i, r := range readings {
		switch {
		case r == nil:
		case best < 0 || r.givensRead() > readings[best].givensRead():
			best, tie = i, false
		case r.givensRead() == readings[best].givensRead():
			tie = true
		}
	}
	return best, tie
}

// sizeRuleReaders is how many steps are read at once: the machines this
// runs on have two cores or more.
const sizeRuleReaders = 2

// givensRead counts the cells read filled and the clues read.
func (r *Reading) givensRead() int {
	n := len(r.Edges)
	for _, v := range r.Cells {
		if v != solver.Empty {
			n++
		}
	}
	return n
}
