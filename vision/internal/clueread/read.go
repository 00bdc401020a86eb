package clueread

import (
	"binocle/solver"
	"binocle/vision/internal/cellread"
)

// ClueSite is a line segment between two neighbouring cells where the
// site classifier saw more than the bare line, with its probability of
// holding nothing, '=' or '×'. The rules use them to add a clue the
// reader doubted or drop one it took (solver.Suggest).
type ClueSite struct {
	R1, C1, R2, C2        int
	PNone, PEqual, PCross float64
}

// readClues reads the clues of ci with the site classifier, and keeps
// every site it doubted. Should the model fail to load, the template
// detector (FindClues) reads them, so that a broken build still reads.
// Its thresholds are Tuned.Net.
func Read(ci cellread.Image, si SiteImage) ([]solver.Edge, []ClueSite) {
	sites := ClueSites(si)
	probs, err := ClassifySites(sites)
	if err != nil {
		return FindClues(ci), nil
	}
	t := &Tuned.Net
	var templates map[[4]int]bool
	for i := range sites {
		if p := 1 - probs[i][siteNone]; p >= t.secondOpinionP && p < t.clueP {
			templates = map[[4]int]bool{}
			for _, e := range FindClues(ci) {
				templates[[4]int{e.R1, e.C1, e.R2, e.C2}] = true
			}
			break
		}
	}
	var edges []solver.Edge
	var kept []ClueSite
	for i, s := range sites {
		p := probs[i]
		clue := 1 - p[siteNone]
		if clue >= t.keptP {
			kept = append(kept, ClueSite{R1: s.Edge.R1, C1: s.Edge.C1, R2: s.Edge.R2, C2: s.Edge.C2,
				PNone: p[siteNone], PEqual: p[siteEqual], PCross: p[siteCross]})
		}
		e := s.Edge
		if clue < t.clueP && !(clue >= t.secondOpinionP && templates[[4]int{e.R1, e.C1, e.R2, e.C2}]) {
			continue
		}
		e.Rel = solver.Equal
		if p[siteCross] > p[siteEqual] {
			e.Rel = solver.Differ
		}
		edges = append(edges, e)
	}
	return edges, kept
}
