package lab

import (
	"strings"
	"testing"

	"binocle/solver"
	"binocle/vision"
)

// Each clue of the truth lands in one bin: right, the other kind, or
// missed for the reason its site's odds give; a clue read where the truth
// has none counts apart.
func TestClueMissesSortsEachClue(t *testing.T) {
	edge := func(c int, rel solver.Relation) solver.Edge {
		return solver.Edge{R1: 0, C1: c, R2: 0, C2: c + 1, Rel: rel}
	}
	truth := []solver.Edge{
		edge(0, solver.Equal),  // read right
		edge(1, solver.Differ), // read as '='
		edge(2, solver.Equal),  // no site inked
		edge(3, solver.Equal),  // the net sees none
		edge(4, solver.Differ), // the net doubts
		edge(5, solver.Equal),  // the net saw it, the grid's rules dropped it
	}
	// The read edges name their cells the other way round, as a reader
	// may: the site is the same.
	flipped := func(e solver.Edge) solver.Edge {
		e.R1, e.C1, e.R2, e.C2 = e.R2, e.C2, e.R1, e.C1
		return e
	}
	read := []solver.Edge{flipped(edge(0, solver.Equal)), edge(1, solver.Equal), edge(6, solver.Differ)}
	var sites []vision.TrainingSite
	var probs [][3]float64
	for c, p := range map[int][3]float64{0: {0, 1, 0}, 1: {0.1, 0.6, 0.3}, 3: {0.99, 0.01, 0}, 4: {0.7, 0.1, 0.2}, 5: {0.3, 0.6, 0.1}, 6: {0, 0, 1}} {
		sites = append(sites, vision.TrainingSite{Edge: edge(c, solver.Equal)})
		probs = append(probs, p)
	}
	var m ClueMisses
	line := m.addGrid(truth, read, sites, probs)
	want := ClueMisses{Grids: 1, Truth: 6, Right: 1, Kind: 1, Missed: [missCauses]int{1, 1, 1, 1}, Extra: 1, GridsWithWrongClues: 1}
	if m != want {
		t.Errorf("got %+v, want %+v", m, want)
	}
	for _, says := range []string{"0,1-0,2x read =", "0,2-0,3= missed, no site", "0,3-0,4= missed (clue 0.01)", "0,6-0,7x read where none"} {
		if !strings.Contains(line, says) {
			t.Errorf("the grid's line %q does not say %q", line, says)
		}
	}
	var clean ClueMisses
	if line := clean.addGrid(truth[:1], read[:1], sites, probs); line != "" || clean.GridsWithWrongClues != 0 {
		t.Errorf("a grid read right is described as %q", line)
	}
}
