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
// Its thresholds are Tuned.Net. looks are the patches of the sites read
// as clues, edge by edge, for Looks; nil when the net did not read them.
// colour reads them again in the colour of the clues the net was sure
// of, for the rules to weigh (nil when the net did not read them).
func Read(ci cellread.Image, si SiteImage) (edges []solver.Edge, kept []ClueSite, looks [][]uint8, colour ColourReader) {
	sites := ClueSites(si)
	probs, err := ClassifySites(sites)
	if err != nil {
		return FindClues(ci), nil, nil, nil
	}
	if colourAskable(probs) {
		si.colourPixels()
	}
	colour = func() ([]solver.Edge, []ClueSite, [][]uint8, bool) { return ColourClues(si, sites, probs) }
	edges, kept, looks = readPatches(sites, probs, func() map[[4]int]bool {
		templates := map[[4]int]bool{}
		for _, e := range FindClues(ci) {
			templates[SiteOf(e)] = true
		}
		return templates
	})
	return edges, kept, looks, colour
}

// readPatches reads sites, with the classifier's probabilities, as
// clues (readOdds, Tuned.Net): the clues, the sites kept, and the patches
// of the clues, edge by edge. A clue the templates alone found has a site
// too: they tip only sites the net doubts.
func readPatches(sites []SitePatch, probs [][siteClasses]float64, templates func() map[[4]int]bool) (edges []solver.Edge, kept []ClueSite, looks [][]uint8) {
	at := make([]solver.Edge, len(sites))
	patchAt := make(map[[4]int][]uint8, len(sites))
	for i, s := range sites {
		at[i] = s.Edge
		patchAt[SiteOf(s.Edge)] = s.Pix
	}
	edges, kept = readOdds(at, probs, templates, Tuned.Net)
	for _, e := range edges {
		looks = append(looks, patchAt[SiteOf(e)])
	}
	return edges, kept, looks
}

// SiteOf is the site of e, its two cells as given, for keying sites.
func SiteOf(e solver.Edge) [4]int { return [4]int{e.R1, e.C1, e.R2, e.C2} }

// Site is the site s lies at, keyed as SiteOf keys an edge's.
func (s ClueSite) Site() [4]int { return [4]int{s.R1, s.C1, s.R2, s.C2} }

// ColourReader reads a grid's clues again in their own colour
// (ColourClues), when asked.
type ColourReader func() (edges []solver.Edge, kept []ClueSite, looks [][]uint8, ok bool)

// readOdds reads the sites at, with the classifier's probabilities,
// as clues, asking templates (the template detector's finds) only where
// the net doubts a site.
func readOdds(at []solver.Edge, probs [][siteClasses]float64, templates func() map[[4]int]bool, t netParams) ([]solver.Edge, []ClueSite) {
	// A grid whose doubtful sites outnumber its sure ones has its doubt
	// from something other than clues: dashed lines, a player's scribbles
	// across the lines, glyphs crowding cells a few pixels wide. Real
	// clues are drawn alike across one grid, and where the net is sure of
	// some it is sure of most. There only the sure sites are read as
	// clues; the doubtful ones are kept for the rules to add.
	sure, doubtful, secondOpinion := 0, 0, false
	for i := range at {
		clue := 1 - probs[i][siteNone]
		switch {
		case clue >= t.sureP:
			sure++
		case clue >= t.secondOpinionP:
			doubtful++
		}
		secondOpinion = secondOpinion || clue >= t.secondOpinionP && clue < t.clueP
	}
	noisy := doubtful > sure && (sure == 0 || doubtful >= t.noisyDoubtful)
	var found map[[4]int]bool
	if secondOpinion && !noisy {
		found = templates()
	}
	var edges []solver.Edge
	var kept []ClueSite
	for i, e := range at {
		p := probs[i]
		clue := 1 - p[siteNone]
		if clue >= t.keptP {
			kept = append(kept, ClueSite{R1: e.R1, C1: e.C1, R2: e.R2, C2: e.C2,
				PNone: p[siteNone], PEqual: p[siteEqual], PCross: p[siteCross]})
		}
		if clue < t.clueP && !(clue >= t.secondOpinionP && found[SiteOf(e)]) {
			continue
		}
		if noisy && clue < t.sureP {
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

// Sure says whether the net was sure of a clue at s (sureP).
func Sure(s ClueSite) bool { return 1-s.PNone >= Tuned.Net.sureP }

// ReadAsClue says whether the net, alone, read a clue at s (clueP): a
// site it read but the grid's noise set aside is one the rules may
// still take.
func ReadAsClue(s ClueSite) bool { return 1-s.PNone >= Tuned.Net.clueP }

// PKind is the net's probability of a clue of kind rel at s.
func (s ClueSite) PKind(rel solver.Relation) float64 {
	if rel == solver.Differ {
		return s.PCross
	}
	return s.PEqual
}
