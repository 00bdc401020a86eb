package clueread

import (
	"math"
	"strings"
	"testing"

	"binocle/solver"
)

// The net's odds become clues site by site, except in a grid whose
// doubtful sites outnumber its sure ones and mostly lean to nothing
// (dashed lines, scribbles across the lines): there only the sure are
// read, and the doubtful are kept for the rules.
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
		{"doubt outnumbers certainty and leans to nothing", [][siteClasses]float64{sureEqual, doubtCross, faint, faint, faint}, "=....", 5},
		{"doubt outnumbers certainty and leans to clues", [][siteClasses]float64{sureEqual, doubtCross, doubtCross, faint}, "=xx.", 4},
		{"faint doubt alone", [][siteClasses]float64{faint, faint, bare, bare}, "....", 2},
		{"a doubtful clue alone", [][siteClasses]float64{doubtCross, bare, bare, bare}, "x...", 1},
		{"as many sure as doubtful", [][siteClasses]float64{sureEqual, doubtCross, bare, bare}, "=x..", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var at []solver.Edge
			for i := range tt.probs {
				at = append(at, site(i))
			}
			edges, kept := readOdds(at, tt.probs, noTemplates, Tuned.Net)
			got := []byte(strings.Repeat(".", len(tt.probs)))
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

// A grid's clues are read by the two groups their odds fall in where the
// net's own boundary cuts through a group, and site by site otherwise.
func TestSplitKinds(t *testing.T) {
	// odds turns log-odds of '=' against '×' into a clue site's
	// probabilities.
	odds := func(l float64) [siteClasses]float64 {
		pe := 1 / (1 + math.Exp(-l))
		return [siteClasses]float64{0, pe, 1 - pe}
	}
	tests := []struct {
		name string
		odds []float64
		want string
	}{
		// A dark theme's bold '×' the net leans to '=' on, beside its '='.
		{"both kinds read as '='", []float64{0.4, 0.7, 1.0, 1.0, 1.4, 3.0, 3.5, 4.7}, "xxxxx==="},
		{"both kinds read as '×'", []float64{-6.9, -6.5, -6.9, -2.2, -0.8, -1.9}, "xxx==="},
		{"the net's boundary already between the groups", []float64{-5, -4.5, -5.2, 3, 3.4}, "xxx=="},
		{"one kind the net is sure of, in two groups", []float64{6.2, 5.8, 6.2, 6.9, 6.2, 7.6, 7.6, 7.6}, "========"},
		{"one lone clue apart is one site's doubt", []float64{-13.8, -13.8, -13.8, -13.8, -6.9}, "xxxxx"},
		{"odds spread evenly, with no gap", []float64{1, 1.5, 2, 2.5, 3, 3.5}, "======"},
		{"too few clues to tell kinds", []float64{0.4, 0.5, 3.5}, "==="},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var at []solver.Edge
			var probs [][siteClasses]float64
			for i, l := range tt.odds {
				at = append(at, solver.Edge{R1: 0, C1: i, R2: 0, C2: i + 1})
				probs = append(probs, odds(l))
			}
			edges, _ := readOdds(at, probs, func() map[[4]int]bool { return nil }, Tuned.Net)
			got := []byte(strings.Repeat(".", len(tt.odds)))
			for _, e := range edges {
				got[e.C1] = '='
				if e.Rel == solver.Differ {
					got[e.C1] = 'x'
				}
			}
			if string(got) != tt.want {
				t.Errorf("read %s, want %s", got, tt.want)
			}
		})
	}
}
