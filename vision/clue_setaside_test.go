package vision

import (
	"slices"
	"testing"

	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/clueread"
)

// setAsideFixture is a generated 10×10 board with its clues, read with
// the cells given (every cell solved when solved is set) and every clue
// but the first keep set aside as a doubtful site with the odds site
// gives it; the puzzle's clues, and its solution.
func setAsideFixture(t *testing.T, solved bool, keep int, site func(e solver.Edge) clueread.ClueSite) (*Reading, []solver.Edge, []solver.Cell) {
	t.Helper()
	p, solution, err := solver.Generate(solver.GenOptions{Rules: solver.ThreeInARow, Rows: 10, Cols: 10, Difficulty: solver.Easy, Seed: 7, Edges: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Edges) < keep+minSetAside+1 {
		t.Fatalf("the fixture has %d clues, too few", len(p.Edges))
	}
	r := &Reading{Rows: 10, Cols: 10, Style: cellread.StyleTango, Cells: slices.Clone(p.Cells)}
	if solved {
		r.Cells = slices.Clone(solution)
	}
	r.Edges = slices.Clone(p.Edges[:keep])
	for _, e := range p.Edges[keep:] {
		r.ClueSites = append(r.ClueSites, site(e))
	}
	return r, p.Edges, solution
}

// doubted is a site the net read as a clue (0.7) without knowing which
// (kind gets pKind of it), and the other kind the rest.
func doubted(pKind float64, kind func(solver.Edge) solver.Relation) func(solver.Edge) clueread.ClueSite {
	return func(e solver.Edge) clueread.ClueSite {
		s := clueread.ClueSite{R1: e.R1, C1: e.C1, R2: e.R2, C2: e.C2, PNone: 0.3}
		s.PEqual, s.PCross = 0.7*(1-pKind), 0.7*pKind
		if kind(e) == solver.Equal {
			s.PEqual, s.PCross = s.PCross, s.PEqual
		}
		return s
	}
}

func ownKind(e solver.Edge) solver.Relation { return e.Rel }

// TestSetAsideClues checks that the rules take the clues a noisy grid
// set aside where they agree with the reading's one solution, and only
// then: not a handful too few to be the rules' word, not where the net
// is sure of a kind the solution contradicts, not where the reading has
// no single solution to agree with (those are the suggestions' to add:
// taking them where they gave one solution moved no board on any suite,
// three times tried).
func TestSetAsideClues(t *testing.T) {
	tests := []struct {
		name   string
		solved bool // every cell given: the reading has one solution without the clues
		keep   int  // clues read; the rest are set aside
		site   func(solver.Edge) clueread.ClueSite
		taken  bool
	}{
		{"one solution, the kinds doubted", true, 0, doubted(0.5, ownKind), true},
		{"one solution, the kinds a little the other way", true, 0, doubted(0.4, ownKind), true},
		{"one solution, every kind surely the other", true, 0, doubted(0.1, ownKind), false},
		{"one solution, too few set aside", true, 0, nil, false},
		{"no single solution", false, 0, doubted(0.9, ownKind), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			site := tt.site
			keep := tt.keep
			if site == nil {
				site = doubted(0.5, ownKind)
			}
			r, edges, _ := setAsideFixture(t, tt.solved, keep, site)
			if tt.site == nil {
				// Only minSetAside-1 set aside.
				r.ClueSites = r.ClueSites[:minSetAside-1]
				edges = slices.Concat(edges[:keep], edges[keep:keep+minSetAside-1])
			}
			if !tt.solved && r.solvesOnce() {
				t.Fatal("the fixture has one solution without the clues set aside")
			}
			was := slices.Clone(r.Edges)
			if got := r.lookByRules(); got != tt.taken {
				t.Fatalf("lookByRules = %v, want %v", got, tt.taken)
			}
			want := was
			if tt.taken {
				want = edges
			}
			if !sameEdges(r.Edges, want) {
				t.Errorf("clues %v, want %v", r.Edges, want)
			}
			if taken := r.Evidence.CluesSetAside > 0; taken != tt.taken {
				t.Errorf("evidence says %d clues set aside were taken", r.Evidence.CluesSetAside)
			}
		})
	}
}
