package clueread

import (
	"testing"

	"binocle/solver"
)

// The net's odds become clues site by site, except in a grid whose
// doubtful sites outnumber its sure ones (dashed lines, scribbles across
// the lines): there only the sure are read, and the doubtful are kept
// for the rules. One or two doubtful sites beside a sure clue are no
// noise: a board's few clues in a look the net half knows.
func TestReadOdds(t *testing.T) {
	site := func(c int) solver.Edge { return solver.Edge{R1: 0, C1: c, R2: 0, C2: c + 1} }
	sureEqual := [siteClasses]float64{0.01, 0.98, 0.01}
	doubtCross := [siteClasses]float64{0.3, 0.1, 0.6}
	faint := [siteClasses]float64{0.9, 0.05, 0.05}
	bare := [siteClasses]float64{1, 0, 0}
	noTemplates := func() map[[4]int]bool { return nil }
	tests := []struct {
		name  string
		probs [][siteClasses]float64
		want  string // the clues read, site by site: '=', 'x' or '.'
		kept  int
	}{
		{"sure clues carry a doubtful one", [][siteClasses]float64{sureEqual, sureEqual, doubtCross, bare}, "==x.", 3},
		{"doubt outnumbers certainty", [][siteClasses]float64{sureEqual, doubtCross, doubtCross, faint}, "=...", 4},
		{"doubt alone", [][siteClasses]float64{doubtCross, bare, bare, bare}, "....", 1},
		{"two doubtful beside one sure", [][siteClasses]float64{sureEqual, doubtCross, doubtCross, bare}, "=xx.", 3},
		{"as many sure as doubtful", [][siteClasses]float64{sureEqual, doubtCross, bare, bare}, "=x..", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var at []solver.Edge
			for i := range tt.probs {
				at = append(at, site(i))
			}
			edges, kept := readOdds(at, tt.probs, noTemplates, Tuned.Net)
			got := []byte("....")
			for _, e := range edges {
				got[e.C1] = '='
				if e.Rel == solver.Differ {
					got[e.C1] = 'x'
				}
			}
			if string(got) != tt.want || len(kept) != tt.kept {
				t.Errorf("read %s with %d kept, want %s with %d", got, len(kept), tt.want, tt.kept)
			}
		})
	}
}
