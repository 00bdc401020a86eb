package solver

import (
	"context"
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
)

// TestSuggestPlantedErrors plants one misread in published puzzles and
// checks that the first suggestion undoes it, wherever the rules can
// tell (the misread leaves no solution or several). Each cell's and clue
// site's odds come from an odds model:
//
//   - modelled: overlapping ranges set by hand (symbols read right
//     0.85-0.999, blanks 0.97-0.9995, the misread 0.5-0.95, a missed clue
//     0.05-0.45), so the rules, not the odds alone, must pick;
//   - reader: drawn from the odds the reader gave cells and clue sites it
//     read right and wrong on renders nothing was fitted to
//     (testdata/solver/reader-odds.json, written by `visionlab odds`), which is
//     what the fix search meets in use. The 95 % target is on it.
func TestSuggestPlantedErrors(t *testing.T) {
	reader := loadReaderOdds(t)
	cases := []struct {
		name  string
		odds  plantOddsModel
		clues bool    // plant only missed clues, in the puzzles that have clues
		floor float64 // share of detectable plants whose first suggestion undoes them
		want  int     // detectable plants to try
	}{
		{"modelled", modelledOdds{}, false, 0.92, plantedWant},
		{"reader", reader, false, 0.95, plantedWant},
		// Few published puzzles need every clue, so a missed clue is
		// rarely seen by the rules and the mixed plants hold few. The
		// reader keeps no odds for most clues it misses (34 of the 54
		// in the file), so the fix search cannot offer them back: 28 %
		// come first (2026-11-25), and the floor holds that.
		{"reader, missed clues", reader, true, 0.25, plantedCluesWant},
	}
	pool := plantPool(t)
	var cluePool []datasetPuzzle
	for _, d := range pool {
		if len(d.puzzle.Edges) > 0 {
			cluePool = append(cluePool, d)
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			from := pool
			if c.clues {
				from = cluePool
			}
			rate, detectable, planted, missed := plantAndSuggest(from, c.odds, c.clues, c.want)
			if detectable < c.want {
				t.Fatalf("only %d detectable plants in the shared data", detectable)
			}
			t.Logf("planted error first: %.1f %% of %d; planted by kind %v, missed %v", 100*rate, detectable, planted, missed)
			if rate < c.floor {
				t.Fatalf("the planted error came first in %.1f %% of %d cases, want ≥ %.0f %%", 100*rate, detectable, 100*c.floor)
			}
		})
	}
}

// plantedWant is how many detectable plants each odds model is tried on,
// and plantedCluesWant how many missed clues.
const (
	plantedWant      = 500
	plantedCluesWant = 60
)

// plantPool is the shared binary puzzles in a fixed shuffled order.
func plantPool(t *testing.T) []datasetPuzzle {
	rng := rand.New(rand.NewSource(17))
	var pool []datasetPuzzle
	for _, path := range sharedDatasets(t) {
		for _, d := range loadDataset(t, path) {
			if d.puzzle.Rules != Troix {
				pool = append(pool, d)
			}
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	return pool
}

// plantAndSuggest plants one misread in each puzzle of the pool until
// plantedWant of them are detectable, and counts how often the first
// suggestion undoes it: the one change is at the planted cell or site
// and gives the published answer (a blank read as ink may come back as
// the right symbol rather than as a blank; the answer is the same).
func plantAndSuggest(pool []datasetPuzzle, odds plantOddsModel, clues bool, want int) (rate float64, detectable int, planted, missed map[string]int) {
	rng := rand.New(rand.NewSource(29))
	first := 0
	planted, missed = map[string]int{}, map[string]int{}
	for _, d := range pool {
		if detectable == want {
			break
		}
		q := d.puzzle.Clone()
		cands := plantWithOdds(rng, q, d.solution, odds, clues)
		if Solve(q).Status == Unique {
			continue // the rules cannot see this one
		}
		detectable++
		plant := cands[0]
		planted[plant.From]++
		s, err := Suggest(context.Background(), q, cands[1:], DefaultSuggestOptions)
		if err == nil && len(s.Changes) == 1 && s.Changes[0].Kind == plant.Kind &&
			s.Changes[0].Row == plant.Row && s.Changes[0].Col == plant.Col && sameCells(s.Result.Solution, d.solution) {
			first++
			continue
		}
		missed[plant.From]++
	}
	return float64(first) / float64(max(detectable, 1)), detectable, planted, missed
}

// plantOddsModel gives the odds a reader would give each cell and clue
// site, by role: how the cell was read against what it holds.
type plantOddsModel interface {
	// cell is a cell's odds; role is one of the cellRole names.
	cell(rng *rand.Rand, role string, truth, read Cell) CellOdds
	// missedClue is a true clue read as none: P(none), P(the clue),
	// P(the other clue).
	missedClue(rng *rand.Rand) [3]float64
	// rightClue is a clue read right, in the same order; ok is false when
	// the model offers no doubt about clues read right.
	rightClue(rng *rand.Rand) (p [3]float64, ok bool)
	// emptySite is a clue-free site whose odds the reader kept (none,
	// '=', '×'), drawn as often as the reader keeps one.
	emptySite(rng *rand.Rand) (p [3]float64, ok bool)
}

// plantWithOdds changes one given, removes one, adds a wrong one or
// drops a clue (only that, when clueOnly), and returns the change that undoes it (From names what
// was planted) followed by the candidate changes the odds give.
func plantWithOdds(rng *rand.Rand, q *Puzzle, solution []Cell, odds plantOddsModel, clueOnly bool) []Change {
	orig := q.Clone()
	var givens, blanks []int
	for i, v := range q.Cells {
		if v == Empty {
			blanks = append(blanks, i)
		} else {
			givens = append(givens, i)
		}
	}
	kind := rng.Intn(4)
	if kind == 3 && len(q.Edges) == 0 {
		kind = rng.Intn(3)
	}
	if len(givens) == 0 && kind < 2 {
		kind = 2
	}
	if clueOnly && len(q.Edges) > 0 {
		kind = 3
	}
	plantedAt, role := -1, ""
	var undo Change
	var droppedSite [4]int
	switch kind {
	case 0: // a given read as the other symbol
		i := givens[rng.Intn(len(givens))]
		plantedAt, role = i, "flip"
		q.Cells[i] = 1 - orig.Cells[i]
	case 1: // a given missed
		i := givens[rng.Intn(len(givens))]
		plantedAt, role = i, "missed"
		q.Cells[i] = Empty
	case 2: // a blank read as ink: the wrong symbol for that cell
		i := blanks[rng.Intn(len(blanks))]
		plantedAt, role = i, "spurious"
		q.Cells[i] = 1 - solution[i]
	default: // a clue missed
		k := rng.Intn(len(q.Edges))
		e := q.Edges[k].normalized()
		q.Edges = append(q.Edges[:k:k], q.Edges[k+1:]...)
		droppedSite = [4]int{e.R1, e.C1, e.R2, e.C2}
		undo = Change{Kind: "clue", Row: e.R1, Col: e.C1, To: clueText(e.Rel), From: "clue"}
	}
	if plantedAt >= 0 {
		undo = Change{Kind: "cell", Row: plantedAt / q.Cols, Col: plantedAt % q.Cols, To: string(orig.Cells[plantedAt].Char()), From: role}
	}
	cellOdds := make([]CellOdds, len(q.Cells))
	for i, read := range q.Cells {
		switch {
		case i == plantedAt:
			cellOdds[i] = odds.cell(rng, role, orig.Cells[i], read)
		case read == Empty:
			cellOdds[i] = odds.cell(rng, "blank_right", read, read)
		default:
			cellOdds[i] = odds.cell(rng, "symbol_right", read, read)
		}
	}
	cands := append([]Change{undo}, OddsChanges(q, cellOdds)...)
	return append(cands, plantedClueChanges(rng, orig, droppedSite, odds)...)
}

// plantedClueChanges are the clue candidates a reader would offer: the
// dropped clue's site with a missed clue's odds, every clue kept with a
// right clue's, and clue-free sites as often as the reader keeps them.
func plantedClueChanges(rng *rand.Rand, orig *Puzzle, dropped [4]int, odds plantOddsModel) []Change {
	var sites []SiteOdds
	clues := map[[4]int]Relation{}
	for _, e := range orig.Edges {
		n := e.normalized()
		clues[[4]int{n.R1, n.C1, n.R2, n.C2}] = n.Rel
	}
	byRelation := func(site [4]int, p [3]float64, rel Relation) SiteOdds {
		s := SiteOdds{R1: site[0], C1: site[1], R2: site[2], C2: site[3], PNone: p[0], PEqual: p[1], PCross: p[2]}
		if rel == Differ {
			s.PEqual, s.PCross = p[2], p[1]
		}
		return s
	}
	for r := 0; r < orig.Rows; r++ {
		for c := 0; c < orig.Cols; c++ {
			for _, site := range [][4]int{{r, c, r, c + 1}, {r, c, r + 1, c}} {
				if site[2] >= orig.Rows || site[3] >= orig.Cols {
					continue
				}
				rel, isClue := clues[site]
				switch {
				case isClue && site == dropped:
					sites = append(sites, byRelation(site, odds.missedClue(rng), rel))
				case isClue:
					if p, ok := odds.rightClue(rng); ok {
						sites = append(sites, byRelation(site, p, rel))
					}
				default:
					if p, ok := odds.emptySite(rng); ok {
						sites = append(sites, byRelation(site, p, Equal))
					}
				}
			}
		}
	}
	return ClueChanges(sites)
}

// modelledOdds are the hand-set overlapping ranges.
type modelledOdds struct{}

func (modelledOdds) cell(rng *rand.Rand, role string, truth, read Cell) CellOdds {
	var c float64
	switch role {
	case "symbol_right":
		c = 0.85 + 0.149*rng.Float64()
	case "blank_right":
		// Paper is easier to tell from ink than one symbol from the
		// other: blanks read surer.
		c = 0.97 + 0.0295*rng.Float64()
	default:
		c = 0.5 + 0.45*rng.Float64()
	}
	var o CellOdds
	for _, v := range []Cell{Empty, Zero, One} {
		o[OddsIndex(v)] = (1 - c) / 2
	}
	o[OddsIndex(read)] = c
	return o
}

func (modelledOdds) missedClue(rng *rand.Rand) [3]float64 {
	p := 0.05 + 0.4*rng.Float64()
	return [3]float64{1 - p, p, 0}
}

func (modelledOdds) rightClue(*rand.Rand) ([3]float64, bool) { return [3]float64{}, false }
func (modelledOdds) emptySite(*rand.Rand) ([3]float64, bool) { return [3]float64{}, false }

// readerOdds are the reader's measured odds (lab.ReaderOdds' shape: each
// sample by role, in the order its field comments give).
type readerOdds struct {
	Cells struct {
		BlankRight  [][3]float64 `json:"blank_right"`
		SymbolRight [][3]float64 `json:"symbol_right"`
		Flip        [][3]float64 `json:"flip"`
		Missed      [][3]float64 `json:"missed"`
		Spurious    [][3]float64 `json:"spurious"`
	} `json:"cells"`
	Clues struct {
		Right      [][3]float64   `json:"right"`
		Missed     [][3]float64   `json:"missed"`
		EmptyKept  [][3]float64   `json:"empty_kept"`
		EmptySites int            `json:"empty_sites"`
		Counts     map[string]int `json:"counts"`
	} `json:"clues"`
	emptyKeptShare float64
	misread        [][3]float64
}

// readerOddsMin is the fewest samples of a role the test accepts: fewer
// would make the rate a property of a handful of cells.
const readerOddsMin = 20

func loadReaderOdds(t *testing.T) *readerOdds {
	data, err := os.ReadFile(filepath.Join(goldenDir, "reader-odds.json"))
	if err != nil {
		t.Fatal(err)
	}
	var o readerOdds
	if err := json.Unmarshal(data, &o); err != nil {
		t.Fatalf("%s/reader-odds.json: %v", goldenDir, err)
	}
	// A misread of any kind lists its odds as read value, true value,
	// the third: few givens are missed outright on renders, so the kinds
	// are drawn from together.
	o.misread = append(append(append([][3]float64(nil), o.Cells.Flip...), o.Cells.Missed...), o.Cells.Spurious...)
	for name, s := range map[string][][3]float64{"blank_right": o.Cells.BlankRight, "symbol_right": o.Cells.SymbolRight,
		"misread": o.misread, "clues.right": o.Clues.Right,
		"clues.missed": o.Clues.Missed, "clues.empty_kept": o.Clues.EmptyKept} {
		if len(s) < readerOddsMin {
			t.Fatalf("%s/reader-odds.json has %d %s samples, want ≥ %d", goldenDir, len(s), name, readerOddsMin)
		}
	}
	if o.Clues.EmptySites > 0 {
		o.emptyKeptShare = float64(o.Clues.Counts["empty_kept"]) / float64(o.Clues.EmptySites)
	}
	return &o
}

func (o *readerOdds) cell(rng *rand.Rand, role string, truth, read Cell) CellOdds {
	pick := func(s [][3]float64) [3]float64 { return s[rng.Intn(len(s))] }
	other := func(c Cell) Cell { return 1 - c }
	var s [3]float64
	var roles [3]Cell
	switch role {
	case "blank_right":
		s, roles = pick(o.Cells.BlankRight), [3]Cell{Empty, Zero, One}
		if rng.Intn(2) == 1 {
			roles = [3]Cell{Empty, One, Zero}
		}
	case "symbol_right":
		s, roles = pick(o.Cells.SymbolRight), [3]Cell{read, other(read), Empty}
	case "flip":
		s, roles = pick(o.misread), [3]Cell{read, truth, Empty}
	case "missed":
		s, roles = pick(o.misread), [3]Cell{Empty, truth, other(truth)}
	case "spurious":
		s, roles = pick(o.misread), [3]Cell{read, Empty, other(read)}
	}
	var out CellOdds
	for j, v := range roles {
		out[OddsIndex(v)] = s[j]
	}
	return out
}

func (o *readerOdds) missedClue(rng *rand.Rand) [3]float64 {
	return o.Clues.Missed[rng.Intn(len(o.Clues.Missed))]
}

func (o *readerOdds) rightClue(rng *rand.Rand) ([3]float64, bool) {
	return o.Clues.Right[rng.Intn(len(o.Clues.Right))], true
}

func (o *readerOdds) emptySite(rng *rand.Rand) ([3]float64, bool) {
	if rng.Float64() >= o.emptyKeptShare {
		return [3]float64{}, false
	}
	return o.Clues.EmptyKept[rng.Intn(len(o.Clues.EmptyKept))], true
}
