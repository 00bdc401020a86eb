package solver

import (
	"context"
	"errors"
	"math/rand"
	"slices"
	"testing"
	"time"
)

func TestSuggestFindsTheMisreadCell(t *testing.T) {
	p, _, err := Generate(GenOptions{Rules: Takuzu, Rows: 8, Cols: 8, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		to   func(given Cell) Cell
	}{
		{"a given read as the other symbol", func(g Cell) Cell { return 1 - g }},
		{"a given missed", func(Cell) Cell { return Empty }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The first given whose misreading the rules can see.
			for i, was := range p.Cells {
				if was == Empty {
					continue
				}
				q := p.Clone()
				q.Cells[i] = c.to(was)
				if Solve(q).Status == Unique {
					continue
				}
				conf := make([]float64, len(q.Cells))
				for k := range conf {
					conf[k] = 0.97
				}
				conf[i] = 0.6
				s, err := Suggest(context.Background(), q, CellChanges(q, conf), DefaultSuggestOptions)
				if err != nil {
					t.Fatal(err)
				}
				pt := Point{Row: i / q.Cols, Col: i % q.Cols}
				if len(s.Changes) != 1 || s.Changes[0].Row != pt.Row || s.Changes[0].Col != pt.Col || s.Changes[0].To != string(was.Char()) {
					t.Fatalf("suggested %+v, want r%dc%d back to %c", s.Changes, pt.Row+1, pt.Col+1, was.Char())
				}
				if s.Result.Status != Unique || s.Changes[0].From != string(q.Cells[i].Char()) {
					t.Fatalf("the suggestion's result is %v, from %q", s.Result.Status, s.Changes[0].From)
				}
				if s.Puzzle == nil || s.Puzzle.Cells[i] != was || q.Cells[i] == was {
					t.Fatalf("the suggestion's puzzle does not hold the fix, or the search changed its input")
				}
				return
			}
			t.Fatalf("no given of this puzzle shows its misreading")
		})
	}
}

func TestSuggestGivesUpWithoutPlausibleChanges(t *testing.T) {
	p, err := NewPuzzle(ThreeInARow, 8, 8)
	if err != nil {
		t.Fatal(err)
	}
	// An empty grid has many solutions, and no single doubtful cell could
	// make it one: Suggest must say so rather than invent an answer.
	conf := make([]float64, len(p.Cells))
	for i := range conf {
		conf[i] = 0.99
	}
	_, err = Suggest(context.Background(), p, CellChanges(p, conf), DefaultSuggestOptions)
	if !errors.Is(err, ErrNoSuggestion) {
		t.Fatalf("got %v, want ErrNoSuggestion", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	conf[0] = 0.5
	if _, err := Suggest(ctx, p, CellChanges(p, conf), DefaultSuggestOptions); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled search returned %v", err)
	}
}

// TestSuggestPlantedErrors plants one misread in published puzzles and
// checks that the first suggestion undoes it, wherever the rules can
// tell (the misread leaves no solution or several). The reader's
// confidence is modelled as overlapping: symbols read right 0.85-0.999,
// blanks 0.97-0.9995 (ink is easier to tell from paper than one symbol
// from the other), the misread 0.5-0.95, so the rules, not the confidence
// alone, must pick.
//
// With this model 93.2 % come first (2026-11-25); the floor holds that
// against regressions. The 95 % target of the rule-aware reading issue
// assumes the learned classifiers' probabilities, which separate misreads
// from sure cells better than this model does.
func TestSuggestPlantedErrors(t *testing.T) {
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
	const want = 500
	detectable, first := 0, 0
	var missed []string
	byKind := map[string]int{}
	for _, d := range pool {
		if detectable == want {
			break
		}
		q := d.puzzle.Clone()
		conf := make([]float64, len(q.Cells))
		for i, v := range q.Cells {
			conf[i] = 0.85 + 0.149*rng.Float64()
			if v == Empty {
				// Paper is easier to tell from ink than one symbol from
				// the other: blanks read surer.
				conf[i] = 0.97 + 0.0295*rng.Float64()
			}
		}
		var clues []Change
		plant := plantError(rng, q, d.solution, conf, &clues)
		if Solve(q).Status == Unique {
			continue // the rules cannot see this one
		}
		detectable++
		s, err := Suggest(context.Background(), q, append(CellChanges(q, conf), clues...), DefaultSuggestOptions)
		// Found: the one change is at the planted cell or site and gives
		// the published answer. A blank read as ink may come back as the
		// right symbol rather than as a blank; the answer is the same.
		if err == nil && len(s.Changes) == 1 && s.Changes[0].Kind == plant.Kind &&
			s.Changes[0].Row == plant.Row && s.Changes[0].Col == plant.Col && sameCells(s.Result.Solution, d.solution) {
			first++
			continue
		}
		byKind[plant.Kind+":"+plant.To]++
		if len(missed) < 5 {
			missed = append(missed, d.rec.ID)
		}
	}
	if detectable < want {
		t.Fatalf("only %d detectable plants in the shared data", detectable)
	}
	rate := float64(first) / float64(detectable)
	t.Logf("planted error first: %d of %d (%.1f %%); misses by undoing change %v, include %v", first, detectable, 100*rate, byKind, missed)
	if rate < plantedFirstFloor {
		t.Fatalf("the planted error came first in %.1f %% of %d cases, want ≥ %.0f %%", 100*rate, detectable, 100*plantedFirstFloor)
	}
}

// plantError changes one given, removes one, adds a wrong one or drops
// a clue, lowers the reader's confidence where it did, and returns the
// change that undoes it. clues gets the candidate clue changes a reader
// would offer: the dropped clue at a modest probability, and every empty
// site at a small one.
func plantError(rng *rand.Rand, q *Puzzle, solution []Cell, conf []float64, clues *[]Change) Change {
	var givens, blanks []int
	for i, v := range q.Cells {
		if v == Empty {
			blanks = append(blanks, i)
		} else {
			givens = append(givens, i)
		}
	}
	doubt := func(i int) { conf[i] = 0.5 + 0.45*rng.Float64() }
	at := func(i int, to Cell) Change {
		return Change{Kind: "cell", Row: i / q.Cols, Col: i % q.Cols, To: string(to.Char())}
	}
	kind := rng.Intn(4)
	if kind == 3 && len(q.Edges) == 0 {
		kind = rng.Intn(3)
	}
	switch {
	case kind == 0 && len(givens) > 0: // a given read as the other symbol
		i := givens[rng.Intn(len(givens))]
		was := q.Cells[i]
		q.Cells[i] = 1 - was
		doubt(i)
		return at(i, was)
	case kind == 1 && len(givens) > 0: // a given missed
		i := givens[rng.Intn(len(givens))]
		was := q.Cells[i]
		q.Cells[i] = Empty
		doubt(i)
		return at(i, was)
	case kind == 3: // a clue missed
		k := rng.Intn(len(q.Edges))
		e := q.Edges[k].normalized()
		q.Edges = append(q.Edges[:k:k], q.Edges[k+1:]...)
		*clues = append(*clues, Change{Kind: "clue", Row: e.R1, Col: e.C1, Row2: e.R2, Col2: e.C2,
			To: clueText(e.Rel), P: 0.05 + 0.4*rng.Float64()})
		return Change{Kind: "clue", Row: e.R1, Col: e.C1, To: clueText(e.Rel)}
	}
	// A blank read as ink: the wrong symbol for that cell.
	i := blanks[rng.Intn(len(blanks))]
	q.Cells[i] = 1 - solution[i]
	doubt(i)
	return at(i, Empty)
}

// plantedFirstFloor is the share of detectable planted errors that must
// come back as the first suggestion.
const plantedFirstFloor = 0.92

func sameCells(a, b []Cell) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// BenchmarkSuggest times the fix search on published puzzles with one
// planted misread the rules can see; median-ms is per search.
func BenchmarkSuggest(b *testing.B) {
	rng := rand.New(rand.NewSource(23))
	type planted struct {
		p     *Puzzle
		cands []Change
	}
	var cases []planted
	for _, path := range sharedDatasets(b) {
		for _, d := range loadDataset(b, path) {
			if d.puzzle.Rules == Troix || len(cases) >= 300 || rng.Intn(4) != 0 {
				continue
			}
			q := d.puzzle.Clone()
			conf := make([]float64, len(q.Cells))
			for i := range conf {
				conf[i] = 0.85 + 0.149*rng.Float64()
			}
			var clues []Change
			plantError(rng, q, d.solution, conf, &clues)
			if Solve(q).Status != Unique {
				cases = append(cases, planted{q, append(CellChanges(q, conf), clues...)})
			}
		}
	}
	if len(cases) == 0 {
		b.Skip("no planted cases")
	}
	samples := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := cases[i%len(cases)]
		start := time.Now()
		Suggest(context.Background(), c.p, c.cands, DefaultSuggestOptions)
		samples = append(samples, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(samples)
	b.ReportMetric(float64(samples[len(samples)/2])/float64(time.Millisecond), "median-ms")
	b.ReportMetric(float64(samples[len(samples)*99/100])/float64(time.Millisecond), "p99-ms")
}
