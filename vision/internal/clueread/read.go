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

// siteClueP is the probability of a clue over which a site is read as
// one: the most probable reading of each site on its own.
const siteClueP = 0.5

// siteKeptP: a site whose probability of a clue is below this is not
// kept in the Reading's ClueSites; the rest are doubtful enough to be
// worth the rules' second look.
const siteKeptP = 0.02

// siteSecondOpinionP: a site the classifier gives at least this chance of
// a clue, short of siteClueP, is read as one when the template detector
// (findClues) finds one there too. The net misses some bold '=' beside
// a glyph's edge, which the templates match; the templates alone see
// clues in glyph strokes and miss small ones, so they only tip a site
// the net already doubts.
const siteSecondOpinionP = 0.05

// readClues reads the clues of ci with the site classifier, and keeps
// every site it doubted. Should the model fail to load, the template
// detector (findClues) reads them, so that a broken build still reads.
func Read(ci cellread.Image, si SiteImage) ([]solver.Edge, []ClueSite) {
	sites := ClueSites(si)
	probs, err := ClassifySites(sites)
	if err != nil {
		return FindClues(ci), nil
	}
	var templates map[[4]int]bool
	for i := range sites {
		if p := 1 - probs[i][siteNone]; p >= siteSecondOpinionP && p < siteClueP {
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
		if clue >= siteKeptP {
			kept = append(kept, ClueSite{R1: s.Edge.R1, C1: s.Edge.C1, R2: s.Edge.R2, C2: s.Edge.C2,
				PNone: p[siteNone], PEqual: p[siteEqual], PCross: p[siteCross]})
		}
		e := s.Edge
		if clue < siteClueP && !(clue >= siteSecondOpinionP && templates[[4]int{e.R1, e.C1, e.R2, e.C2}]) {
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
