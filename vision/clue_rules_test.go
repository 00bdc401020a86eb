package vision

import (
	"slices"
	"testing"

	"gocv.io/x/gocv"

	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/locate"
)

// clueFixture is a generated 6×6 Tango board drawn with its clues, and
// its puzzle.
func clueFixture(t *testing.T, seed uint64) (gocv.Mat, locate.Candidate, *solver.Puzzle) {
	t.Helper()
	p, _, err := solver.Generate(solver.GenOptions{Rules: solver.ThreeInARow, Rows: 6, Cols: 6, Difficulty: solver.Easy, Seed: seed, Edges: true})
	if err != nil {
		t.Fatal(err)
	}
	f := fixture{style: cellread.StyleTango, cell: 56, lineColour: grey, border: 2, givens: solver.GridRows(p.Cells, 6, 6), edges: p.Edges}
	img, corners := f.render()
	return img, locate.Candidate{Quad: corners, Rows: locate.PeriodFit{N: 6}, Cols: locate.PeriodFit{N: 6}}, p
}

// misread turns every clue of kind from that onLine picks to kind to.
func misread(from, to solver.Relation, onLine func(solver.Edge) bool) func(*Reading) {
	return func(r *Reading) {
		for i, e := range r.Edges {
			if e.Rel == from && onLine(e) {
				r.Edges[i].Rel = to
			}
		}
	}
}

func anyLine(solver.Edge) bool        { return true }
func verticalLine(e solver.Edge) bool { return e.R1 == e.R2 }

// TestCluesByRules reads Tango boards whose clues the net read right,
// then misreads one look of clue at every site, as the net misreads a
// glyph it was not trained on, and checks that the rules name each
// look's kind again; and that they leave alone a reading that already
// has one solution, or too few clues to judge. Seed 3's '=' all sit on
// horizontal lines; seed 16 has '=' on lines of both ways, two looks
// of one kind.
func TestCluesByRules(t *testing.T) {
	tests := []struct {
		name    string
		seed    uint64
		misread func(*Reading)
		fixed   bool
	}{
		{"every × read as =", 3, misread(solver.Differ, solver.Equal, anyLine), true},
		{"every = read as ×", 3, misread(solver.Equal, solver.Differ, anyLine), true},
		{"every = across a vertical line read as ×", 16, misread(solver.Equal, solver.Differ, verticalLine), true},
		{"read right", 3, func(*Reading) {}, false},
		{"too few clues", 3, func(r *Reading) {
			r.Edges, r.clueLooks = r.Edges[:minLookClues-1], r.clueLooks[:minLookClues-1]
			// The sites left out go too, or the rules would weigh them
			// as clues the noise set aside (setAside).
			r.ClueSites = nil
			misread(solver.Differ, solver.Equal, anyLine)(r)
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, c, p := clueFixture(t, tt.seed)
			defer img.Close()
			r, err := readCandidate(newSource(img, 1, img.Cols(), img.Rows()), c, 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !sameEdges(r.Edges, p.Edges) {
				t.Fatalf("the fixture's clues read %v, want %v", r.Edges, p.Edges)
			}
			tt.misread(r)
			was := slices.Clone(r.Edges)
			if got := r.lookByRules(); got != tt.fixed {
				t.Fatalf("lookByRules = %v, want %v", got, tt.fixed)
			}
			if r.Evidence.CluesByLook != tt.fixed {
				t.Errorf("evidence says clues by look %v, want %v", r.Evidence.CluesByLook, tt.fixed)
			}
			want := was
			if tt.fixed {
				want = p.Edges
			}
			if !sameEdges(r.Edges, want) {
				t.Errorf("clues %v, want %v", r.Edges, want)
			}
		})
	}
}
