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
