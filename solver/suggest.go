package solver

import (
	"container/heap"
	"context"
	"errors"
	"math"
	"slices"
	"sort"
	"time"
)

// A Change is one way a reading may be wrong: a cell read as From that
// may be To, or a clue site read as From ('=', 'x' or none) that may hold
// To. P is how likely To is, by the reader's own account.
type Change struct {
	Kind       string // "cell" or "clue"
	Row, Col   int
	Row2, Col2 int     // a clue's second cell
	From, To   string  // a cell's '.', '0', '1', '2'; a clue's "=", "x" or "" for none
	P          float64 // the probability of To
	cost       float64 // -log of To's odds: what believing To gives up
	cell       int     // the cell's index, for a cell change
	site       [4]int  // the clue's cells, for a clue change
	value      Cell    // To as a cell
	rel        Relation
	drop       bool // the clue change removes the clue
	conflict   int  // changes with one key touch one cell or site
}

// SuggestOptions bound the search for a reading that has one solution.
type SuggestOptions struct {
	// MaxChanges is how many changes one suggestion may make.
	MaxChanges int
	// MaxTries bounds how many candidate readings are solved.
	MaxTries int
	// MaxCost bounds the total log-probability a suggestion may give up:
	// past it, a change is less likely than the reading being a puzzle
	// with no unique answer, and guessing would invent an answer.
	MaxCost float64
}

// DefaultSuggestOptions try a few thousand readings, as the solver's speed
// allows in well under a second, with at most three changes.
var DefaultSuggestOptions = SuggestOptions{MaxChanges: 3, MaxTries: 4000, MaxCost: 12}

// Suggestion is the most probable reading found that has exactly one
// solution: the changes that make it, the puzzle with them made, and its
// solution.
type Suggestion struct {
	Changes []Change
	Puzzle  *Puzzle
	Result  Result
	// Cost is the summed -log of the odds given up, lowest first.
	Cost  float64
	Tries int
}

// ErrNoSuggestion says that no plausible change gives one solution.
var ErrNoSuggestion = errors.New("no plausible change to the reading gives exactly one solution")

// Suggest looks for the changes to p, among the candidates, that give it
// exactly one solution, trying the most probable readings first: the
// cheapest sets of changes by the log-probability they give up. The rules
// stay fixed. It never changes p.
func Suggest(ctx context.Context, p *Puzzle, candidates []Change, opt SuggestOptions) (Suggestion, error) {
	return cheapestReading(ctx, p, candidates, opt, func(Result) bool { return true })
}

// cheapestReading tries the readings the candidates make of p, cheapest
// first, and gives the first that has exactly one solution and that
// accept takes.
func cheapestReading(ctx context.Context, p *Puzzle, candidates []Change, opt SuggestOptions, accept func(Result) bool) (Suggestion, error) {
	if opt.MaxChanges <= 0 {
		opt = DefaultSuggestOptions
	}
	cands := prepareChanges(p, candidates, opt.MaxCost)
	h := &comboHeap{}
	if len(cands) > 0 {
		heap.Push(h, combo{idx: []int{0}, cost: cands[0].cost})
	}
	tries := 0
	// Sets that break a rule outright or touch one cell twice cost a pop
	// but no solve; maxPops keeps a list of such sets from running on.
	maxPops := 20 * opt.MaxTries
	for pops := 0; h.Len() > 0 && tries < opt.MaxTries && pops < maxPops; pops++ {
		if err := ctx.Err(); err != nil {
			return Suggestion{Tries: tries}, err
		}
		c := heap.Pop(h).(combo)
		if c.cost > opt.MaxCost {
			break // every set left costs as much or more
		}
		// Successors in nondecreasing cost: move the last change on to the
		// next candidate, or add the next candidate after it.
		last := c.idx[len(c.idx)-1]
		if last+1 < len(cands) {
			moved := append(append([]int(nil), c.idx[:len(c.idx)-1]...), last+1)
			heap.Push(h, combo{idx: moved, cost: c.cost - cands[last].cost + cands[last+1].cost})
			if len(c.idx) < opt.MaxChanges {
				grown := append(append([]int(nil), c.idx...), last+1)
				heap.Push(h, combo{idx: grown, cost: c.cost + cands[last+1].cost})
			}
		}
		if !compatible(cands, c.idx) {
			continue
		}
		q := applyChanges(p, cands, c.idx)
		if q == nil {
			continue
		}
		tries++
		res, err := SolveContext(ctx, q)
		if err != nil {
			return Suggestion{Tries: tries}, err
		}
		if res.Status == Unique && accept(res) {
			s := Suggestion{Puzzle: q, Result: res, Cost: c.cost, Tries: tries}
			for _, i := range c.idx {
				s.Changes = append(s.Changes, cands[i])
			}
			return s, nil
		}
	}
	return Suggestion{Tries: tries}, ErrNoSuggestion
}

// RivalOptions bound the search for a rival reading: changes the reader
// itself found nearly as likely as what it read (at most MaxCost, the
// log-odds given up, e^1.5 ≈ 4.5 to 1), one or two at a time, since a
// rival worth warning of is a near toss-up, not a long shot.
var RivalOptions = SuggestOptions{MaxChanges: 2, MaxTries: 400, MaxCost: 1.5}

// Rival looks, for a reading p whose solve gave one solution, for a
// nearly as probable reading that also has exactly one solution, and
// another: the reading's answer then rests on a toss-up the reader could
// not settle (a ring read as a disc), and stating it as the answer would
// hide that. It gives the rival's changes and answer, or ErrNoSuggestion
// when none is within opt's bounds. It never changes p.
func Rival(ctx context.Context, p *Puzzle, solution []Cell, candidates []Change, opt SuggestOptions) (Suggestion, error) {
	return cheapestReading(ctx, p, candidates, opt, func(res Result) bool {
		return !slices.Equal(res.Solution, solution)
	})
}

// prepareChanges checks the candidates against p, prices them and sorts
// them cheapest first. A candidate that names no real cell or site, or
// changes nothing, is dropped.
func prepareChanges(p *Puzzle, candidates []Change, maxCost float64) []Change {
	var out []Change
	keys := map[[4]int]int{}
	key := func(k [4]int) int {
		if v, ok := keys[k]; ok {
			return v
		}
		keys[k] = len(keys)
		return keys[k]
	}
	inside := func(r, c int) bool { return r >= 0 && c >= 0 && r < p.Rows && c < p.Cols }
	for _, ch := range candidates {
		if ch.P <= 0 || ch.P >= 1 || math.IsNaN(ch.P) {
			continue
		}
		// The odds against the reading: P(To) against the rest, which
		// the reading's own value holds.
		ch.cost = -math.Log(ch.P / (1 - ch.P))
		if ch.cost < 0 {
			ch.cost = 0
		}
		if ch.cost > maxCost {
			continue
		}
		switch ch.Kind {
		case "cell":
			if !inside(ch.Row, ch.Col) || len(ch.To) != 1 {
				continue
			}
			v, ok := CellFromChar(ch.To[0])
			if !ok || (v == Two && p.Rules != Troix) {
				continue
			}
			ch.cell = ch.Row*p.Cols + ch.Col
			if p.Cells[ch.cell] == v {
				continue
			}
			ch.From = string(p.Cells[ch.cell].Char())
			ch.value = v
			ch.conflict = key([4]int{ch.Row, ch.Col, -1, -1})
		case "clue":
			e := Edge{R1: ch.Row, C1: ch.Col, R2: ch.Row2, C2: ch.Col2}.normalized()
			if !inside(e.R1, e.C1) || !inside(e.R2, e.C2) || abs(e.R1-e.R2)+abs(e.C1-e.C2) != 1 {
				continue
			}
			ch.Row, ch.Col, ch.Row2, ch.Col2 = e.R1, e.C1, e.R2, e.C2
			ch.site = [4]int{e.R1, e.C1, e.R2, e.C2}
			ch.From = ""
			for _, pe := range p.Edges {
				if n := pe.normalized(); [4]int{n.R1, n.C1, n.R2, n.C2} == ch.site {
					ch.From = clueText(n.Rel)
				}
			}
			switch ch.To {
			case "":
				ch.drop = true
			case "=":
				ch.rel = Equal
			case "x", "×":
				ch.rel, ch.To = Differ, "x"
			default:
				continue
			}
			if ch.To == ch.From {
				continue
			}
			ch.conflict = key(ch.site)
		default:
			continue
		}
		out = append(out, ch)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].cost < out[j].cost })
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// compatible is false when two changes touch the same cell or site.
func compatible(cands []Change, idx []int) bool {
	for i := range idx {
		for j := i + 1; j < len(idx); j++ {
			if cands[idx[i]].conflict == cands[idx[j]].conflict {
				return false
			}
		}
	}
	return true
}

// applyChanges is p with the changes made, or nil when they break a rule
// outright (that reading is not worth a solve).
func applyChanges(p *Puzzle, cands []Change, idx []int) *Puzzle {
	q := p.Clone()
	for _, i := range idx {
		ch := cands[i]
		switch ch.Kind {
		case "cell":
			q.Cells[ch.cell] = ch.value
		case "clue":
			kept := q.Edges[:0:0]
			for _, e := range q.Edges {
				n := e.normalized()
				if [4]int{n.R1, n.C1, n.R2, n.C2} != ch.site {
					kept = append(kept, e)
				}
			}
			if !ch.drop {
				kept = append(kept, Edge{R1: ch.site[0], C1: ch.site[1], R2: ch.site[2], C2: ch.site[3], Rel: ch.rel})
			}
			q.Edges = kept
		}
	}
	if q.Validate() != nil {
		return nil
	}
	return q
}

type combo struct {
	idx  []int
	cost float64
}

type comboHeap []combo

func (h comboHeap) Len() int           { return len(h) }
func (h comboHeap) Less(i, j int) bool { return h[i].cost < h[j].cost }
func (h comboHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *comboHeap) Push(x any)        { *h = append(*h, x.(combo)) }
func (h *comboHeap) Pop() any {
	old := *h
	c := old[len(old)-1]
	*h = old[:len(old)-1]
	return c
}

// SuggestBudget bounds SuggestFixes' time: the answer must come within a
// moment of the solve it follows, or the user hears that no plausible
// change was found.
const SuggestBudget = 2 * time.Second

// SuggestFixes is Suggest for a reading whose solve under rules gave no
// solution or several, with the cells' candidates from the reader's odds
// for each cell and the clues' from its doubted sites, the default
// bounds and at most SuggestBudget of time.
func SuggestFixes(ctx context.Context, p *Puzzle, rules Rules, cells []CellOdds, sites []SiteOdds) (Suggestion, error) {
	ctx, cancel := context.WithTimeout(ctx, SuggestBudget)
	defer cancel()
	return SuggestFixesWithin(ctx, p, rules, cells, sites, DefaultSuggestOptions)
}

// SuggestFixesWithin is SuggestFixes under opt's bounds and ctx's alone:
// for a caller that weighs many readings and can spare each only a
// moment, such as the reader choosing between grids it found.
func SuggestFixesWithin(ctx context.Context, p *Puzzle, rules Rules, cells []CellOdds, sites []SiteOdds, opt SuggestOptions) (Suggestion, error) {
	q, cands := readerChanges(p, rules, cells, sites)
	return Suggest(ctx, q, cands, opt)
}

// RivalOf is Rival for a reading whose solve under rules gave solution,
// with the candidates from the reader's odds as SuggestFixes takes them,
// RivalOptions and at most SuggestBudget of time.
func RivalOf(ctx context.Context, p *Puzzle, rules Rules, solution []Cell, cells []CellOdds, sites []SiteOdds) (Suggestion, error) {
	ctx, cancel := context.WithTimeout(ctx, SuggestBudget)
	defer cancel()
	q, cands := readerChanges(p, rules, cells, sites)
	return Rival(ctx, q, solution, cands, RivalOptions)
}

// readerChanges is p under rules, and the candidate changes the reader's
// odds for its cells and clue sites offer.
func readerChanges(p *Puzzle, rules Rules, cells []CellOdds, sites []SiteOdds) (*Puzzle, []Change) {
	q := p.Clone()
	q.Rules = rules
	return q, append(OddsChanges(q, cells), ClueChanges(sites)...)
}

// SiteOdds is what the reader makes of one clue site, the line segment
// between two neighbouring cells: how likely it holds nothing, '=' or 'x'.
type SiteOdds struct {
	R1, C1, R2, C2        int
	PNone, PEqual, PCross float64
}

// ClueChanges turns the reader's doubted clue sites into candidate
// changes: each site may hold any of the three, with the reader's
// probability; the one the reading took changes nothing and is dropped
// when the candidates are prepared.
func ClueChanges(sites []SiteOdds) []Change {
	var out []Change
	for _, s := range sites {
		for _, alt := range []struct {
			to string
			p  float64
		}{{"", s.PNone}, {"=", s.PEqual}, {"x", s.PCross}} {
			out = append(out, Change{Kind: "clue", Row: s.R1, Col: s.C1, Row2: s.R2, Col2: s.C2, To: alt.to, P: alt.p})
		}
	}
	return out
}

// CellChanges turns a reader's confidence in each cell into candidate
// changes: a cell read with confidence c may be any other value the
// rules allow, sharing what the reading leaves, 1-c. A cell the reader is
// sure of gives none.
func CellChanges(p *Puzzle, confidence []float64) []Change {
	return OddsChanges(p, OddsFromConfidence(p, confidence))
}

// clueText is a clue as Change writes it.
func clueText(r Relation) string {
	if r == Equal {
		return "="
	}
	return "x"
}
