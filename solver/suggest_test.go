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
			cands := plantWithOdds(rng, q, d.solution, modelledOdds{}, false)
			if Solve(q).Status != Unique {
				cases = append(cases, planted{q, cands})
			}
		}
	}
	if len(cases) == 0 {
		b.Skip("no planted cases")
	}
	benchLatency(b, func(i int) {
		c := cases[i%len(cases)]
		Suggest(context.Background(), c.p, c.cands, DefaultSuggestOptions)
	})
}

// benchLatency runs run b.N times, timing each run, and reports the
// median and the 99th percentile: a search's time varies by puzzle far
// more than its mean shows.
func benchLatency(b *testing.B, run func(i int)) {
	samples := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		run(i)
		samples = append(samples, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(samples)
	b.ReportMetric(float64(samples[len(samples)/2])/float64(time.Millisecond), "median-ms")
	b.ReportMetric(float64(samples[len(samples)*99/100])/float64(time.Millisecond), "p99-ms")
}

// TestRivalFindsATossUp reads a generated puzzle with one given flipped to
// the other symbol, where the flip still has one (another) solution: the
// reading solves, uniquely, to the wrong answer. When the reader doubted
// that cell, Rival must name it and the true answer; when it was sure,
// or a change gives back the same answer, there is no rival.
func TestRivalFindsATossUp(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		p, sol, err := Generate(GenOptions{Rules: ThreeInARow, Rows: 6, Cols: 6, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for i, was := range p.Cells {
			if was == Empty {
				continue
			}
			q := p.Clone()
			q.Cells[i] = 1 - was
			misread := Solve(q)
			if misread.Status != Unique {
				continue
			}
			sure := make([]float64, len(q.Cells))
			for k := range sure {
				sure[k] = 0.99
			}
			if _, err := Rival(context.Background(), q, misread.Solution, CellChanges(q, sure), RivalOptions); !errors.Is(err, ErrNoSuggestion) {
				t.Fatalf("seed %d: a rival among sure cells: %v", seed, err)
			}
			doubted := slices.Clone(sure)
			doubted[i] = 0.55
			s, err := Rival(context.Background(), q, misread.Solution, CellChanges(q, doubted), RivalOptions)
			if err != nil {
				t.Fatalf("seed %d: no rival for r%dc%d read at even odds: %v", seed, i/6+1, i%6+1, err)
			}
			if len(s.Changes) != 1 || s.Changes[0].Row*6+s.Changes[0].Col != i || !slices.Equal(s.Result.Solution, sol) {
				t.Fatalf("seed %d: rival %+v, want r%dc%d back to %c and the puzzle's answer", seed, s.Changes, i/6+1, i%6+1, was.Char())
			}
			// A blank cell doubted as its own answer changes the reading
			// but not the answer: no rival.
			for k, v := range q.Cells {
				if v == Empty {
					odds := OddsFromConfidence(q, sure)
					odds[k] = CellOdds{}
					odds[k][OddsIndex(Empty)] = 0.5
					odds[k][OddsIndex(misread.Solution[k])] = 0.5
					if s, err := Rival(context.Background(), q, misread.Solution, OddsChanges(q, odds), RivalOptions); !errors.Is(err, ErrNoSuggestion) {
						t.Fatalf("seed %d: a rival with the same answer: %+v, %v", seed, s.Changes, err)
					}
					break
				}
			}
			return
		}
	}
	t.Fatal("no generated puzzle has a given whose flip still solves uniquely")
}

// BenchmarkRival times the rival search on what it mostly meets: a
// published puzzle read right, with the reader's modelled doubts over its
// cells, where no rival is found and the whole budget may be searched.
func BenchmarkRival(b *testing.B) {
	rng := rand.New(rand.NewSource(29))
	type reading struct {
		p        *Puzzle
		solution []Cell
		cands    []Change
	}
	var cases []reading
	for _, path := range sharedDatasets(b) {
		for _, d := range loadDataset(b, path) {
			if d.puzzle.Rules == Troix || len(cases) >= 300 || rng.Intn(4) != 0 {
				continue
			}
			// The odds a reader gives a board with one slip, offered on the
			// board read right.
			cands := plantWithOdds(rng, d.puzzle.Clone(), d.solution, modelledOdds{}, false)
			cases = append(cases, reading{d.puzzle, d.solution, cands})
		}
	}
	if len(cases) == 0 {
		b.Skip("no dataset puzzles")
	}
	benchLatency(b, func(i int) {
		c := cases[i%len(cases)]
		Rival(context.Background(), c.p, c.solution, c.cands, RivalOptions)
	})
}
