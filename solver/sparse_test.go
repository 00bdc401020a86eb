package solver

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Empty and sparse grids have many solutions; the solver must say so with
// two different valid ones, at every size up to the largest.
func TestSparseGridsAnswerMultiple(t *testing.T) {
	for _, tc := range []struct {
		rules Rules
		side  int
		pct   int
	}{
		{ThreeInARow, 16, 0}, {ThreeInARow, 32, 1}, {ThreeInARow, 48, 5}, {ThreeInARow, 64, 0}, {ThreeInARow, 64, 20},
		{Takuzu, 16, 5}, {Takuzu, 32, 0}, {Takuzu, 48, 1}, {Takuzu, 64, 5}, {Takuzu, 64, 0},
		{Troix, 15, 0}, {Troix, 33, 5}, {Troix, 48, 20}, {Troix, 63, 1},
		{ThreeInARow, 63, 0}, {Takuzu, 50, 0}, {ThreeInARow, 40, 0},
	} {
		t.Run(fmt.Sprintf("%s-%d-%d%%", tc.rules, tc.side, tc.pct), func(t *testing.T) {
			p := sparsePuzzle(t, tc.rules, tc.side, tc.pct)
			res, err := SolveContext(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != Multiple {
				t.Fatalf("status %v, want multiple", res.Status)
			}
			checkMultiple(t, p, res)
			if slices.Equal(res.Solution, res.Second) || len(res.Differ) == 0 {
				t.Fatalf("the two solutions are the same")
			}
		})
	}
}

// SolveAuto on an empty grid tries both binary rule sets; it must still
// answer at once, with two solutions valid under the rules it reports.
func TestSolveAutoOnEmptyGrid(t *testing.T) {
	p, _ := NewPuzzle(ThreeInARow, 40, 40)
	res, err := SolveAutoContext(context.Background(), p)
	if err != nil || res.Status != Multiple {
		t.Fatalf("status %v, error %v; want multiple", res.Status, err)
	}
	q := p.Clone()
	q.Rules = res.Rules
	checkMultiple(t, q, res)
}

// Edge clues constrain the second solution too: the rectangle swap must
// not break an '=' or 'x' clue.
func TestSparseGridWithEdgeClues(t *testing.T) {
	p, _ := NewPuzzle(ThreeInARow, 32, 32)
	for i := 0; i < 31; i += 3 {
		p.Edges = append(p.Edges, Edge{R1: i, C1: i, R2: i, C2: i + 1, Rel: Equal}, Edge{R1: i, C1: 31 - i, R2: i + 1, C2: 31 - i, Rel: Differ})
	}
	res, err := SolveContext(context.Background(), p)
	if err != nil || res.Status != Multiple {
		t.Fatalf("status %v, error %v; want multiple", res.Status, err)
	}
	checkMultiple(t, p, res)
}

// A sparse grid whose givens cannot be completed must come out None, with
// the root's contradiction, before any sparse-grid search.
func TestSparseGridWithoutSolution(t *testing.T) {
	p, _ := NewPuzzle(ThreeInARow, 32, 32)
	// Row 1 needs a 1 between its 0s, which column 2's 1s below forbid.
	p.Set(0, 0, Zero)
	p.Set(0, 2, Zero)
	p.Set(1, 1, One)
	p.Set(2, 1, One)
	res, err := SolveContext(context.Background(), p)
	if err != nil || res.Status != None {
		t.Fatalf("status %v, error %v; want none", res.Status, err)
	}
}

// stopAfter is a context that is done from the start but reports it only
// after its error has been asked for a number of times, so that a test can
// stop a solve in the middle of its search without timing anything.
type stopAfter struct {
	context.Context
	asks atomic.Int32
	left int32
}

func (c *stopAfter) Done() <-chan struct{} {
	ch := make(chan struct{})
	close(ch)
	return ch
}

func (c *stopAfter) Err() error {
	if c.asks.Add(1) > c.left {
		return context.Canceled
	}
	return nil
}

func TestContextStopsEverySearch(t *testing.T) {
	empty32, _ := NewPuzzle(Takuzu, 32, 32)
	expert := goldenPuzzle(t, "takuzu30-expert.txt")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel2 := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel2()
	calls := map[string]func(ctx context.Context, p *Puzzle) error{
		"SolveContext": func(ctx context.Context, p *Puzzle) error { _, err := SolveContext(ctx, p); return err },
		"SolveAutoContext": func(ctx context.Context, p *Puzzle) error {
			_, err := SolveAutoContext(ctx, p)
			return err
		},
		"NextStepContext": func(ctx context.Context, p *Puzzle) error { _, err := NextStepContext(ctx, p); return err },
		"StepsContext":    func(ctx context.Context, p *Puzzle) error { _, err := StepsContext(ctx, p); return err },
		"GradeContext":    func(ctx context.Context, p *Puzzle) error { _, _, err := GradeContext(ctx, p); return err },
	}
	for name, call := range calls {
		for _, tc := range []struct {
			what string
			ctx  context.Context
			p    *Puzzle
			want error
		}{
			{"cancelled before", cancelled, empty32, context.Canceled},
			{"past its deadline", expired, empty32, context.DeadlineExceeded},
			// The expert puzzle needs probing, well past the first look.
			{"cancelled during the search", &stopAfter{Context: context.Background(), left: 1}, expert, context.Canceled},
		} {
			t.Run(name+"/"+tc.what, func(t *testing.T) {
				if err := call(tc.ctx, tc.p); !errors.Is(err, tc.want) {
					t.Fatalf("error %v, want %v", err, tc.want)
				}
			})
		}
	}
}

// A hint on a large empty grid used to try every cell by trial first; it
// must say at once that the grid has more than one solution.
func TestHintOnEmptyLargeGrid(t *testing.T) {
	for _, tc := range []struct {
		rules Rules
		side  int
	}{{ThreeInARow, 32}, {Takuzu, 32}, {Troix, 33}, {Takuzu, 64}, {Troix, 63}} {
		t.Run(fmt.Sprintf("%s-%d", tc.rules, tc.side), func(t *testing.T) {
			p, _ := NewPuzzle(tc.rules, tc.side, tc.side)
			_, err := NextStepContext(context.Background(), p)
			if !errors.Is(err, ErrNotUnique) || !strings.Contains(err.Error(), "more than one solution") {
				t.Fatalf("error %v, want ErrNotUnique saying there are several solutions", err)
			}
		})
	}
}
