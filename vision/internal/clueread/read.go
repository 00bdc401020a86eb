package clueread

import (
	"math"
	"sort"

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
	at := make([]solver.Edge, len(sites))
	for i, s := range sites {
		at[i] = s.Edge
	}
	return readOdds(at, probs, func() map[[4]int]bool {
		templates := map[[4]int]bool{}
		for _, e := range FindClues(ci) {
			templates[[4]int{e.R1, e.C1, e.R2, e.C2}] = true
		}
		return templates
	}, Tuned.Net)
}

// readOdds reads the sites at, with the classifier's probabilities,
// as clues, asking templates (the template detector's finds) only where
// the net doubts a site.
func readOdds(at []solver.Edge, probs [][siteClasses]float64, templates func() map[[4]int]bool, t netParams) ([]solver.Edge, []ClueSite) {
	// A grid whose doubtful sites outnumber its sure ones may have its
	// doubt from something other than clues: dashed lines, a player's
	// scribbles across the lines, glyphs crowding cells a few pixels
	// wide. Such marks are many, and the net leans to "nothing" on most
	// of them. Where most doubtful sites lean to a clue instead, the
	// doubt is the clues' own (small, blurred, on a badge the net knows
	// less) and they are read as any other grid's. In a noisy grid only
	// the sure sites are read as clues; the doubtful ones are kept for
	// the rules to add.
	sure, doubtful, leanClue, leanNone, secondOpinion := 0, 0, 0, 0, false
	for i := range at {
		clue := 1 - probs[i][siteNone]
		switch {
		case clue >= t.sureP:
			sure++
		case clue >= t.secondOpinionP:
			doubtful++
		}
		switch {
		case clue >= t.clueP:
			leanClue++
		case clue >= t.secondOpinionP:
			leanNone++
		}
		secondOpinion = secondOpinion || clue >= t.secondOpinionP && clue < t.clueP
	}
	noisy := doubtful > sure && leanNone > leanClue
	var found map[[4]int]bool
	if secondOpinion && !noisy {
		found = templates()
	}
	var edges []solver.Edge
	var odds []float64 // each edge's log-odds of '=' against '×'
	var kept []ClueSite
	for i, e := range at {
		p := probs[i]
		clue := 1 - p[siteNone]
		if clue >= t.keptP {
			kept = append(kept, ClueSite{R1: e.R1, C1: e.C1, R2: e.R2, C2: e.C2,
				PNone: p[siteNone], PEqual: p[siteEqual], PCross: p[siteCross]})
		}
		if clue < t.clueP && !(clue >= t.secondOpinionP && found[[4]int{e.R1, e.C1, e.R2, e.C2}]) {
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
		odds = append(odds, equalOdds(p))
	}
	splitKinds(edges, odds, t)
	return edges, kept
}

// equalOdds is a site's log-odds of '=' against '×', bounded so that a
// probability the net rounds to zero does not weigh without limit.
func equalOdds(p [siteClasses]float64) float64 {
	const least = 1e-6
	return math.Log(math.Max(p[siteEqual], least) / math.Max(p[siteCross], least))
}

// splitKinds reads a grid's clues by the two groups their odds fall in,
// where the net's own boundary cuts through a group. One grid draws all
// its '=' alike and all its '×' alike, so where it holds both the net's
// odds of '=' against '×' fall in two groups, well apart. On a look the
// net knows less (a dark theme's small bold '×', a badge) the groups
// stay apart but both lean the same way, and every clue of one kind is
// read as the other. There the gap between the groups is the boundary.
// A grid with clues of one kind only gives one group, or two too close to
// call (t.kindsApart), and is read site by site as before. The groups only
// decide the sites whose kind the net doubts (t.kindsSure): an app that
// draws one kind in two sizes gives two groups the net is sure of.
func splitKinds(edges []solver.Edge, odds []float64, t netParams) {
	if len(odds) < t.kindsMin {
		return
	}
	sorted := append([]float64(nil), odds...)
	sort.Float64s(sorted)
	// The split into two groups with the least spread within them (one
	// dimension: the best cut is between two neighbours in order).
	n := len(sorted)
	var prefix, prefixSq float64
	total, totalSq := 0.0, 0.0
	for _, v := range sorted {
		total += v
		totalSq += v * v
	}
	bestCut, bestSpread := -1, math.Inf(1)
	var lowMean, highMean float64
	for i := 1; i < n; i++ {
		prefix += sorted[i-1]
		prefixSq += sorted[i-1] * sorted[i-1]
		lo, hi := float64(i), float64(n-i)
		spread := prefixSq - prefix*prefix/lo + (totalSq - prefixSq) - (total-prefix)*(total-prefix)/hi
		if spread < bestSpread {
			bestCut, bestSpread = i, spread
			lowMean, highMean = prefix/lo, (total-prefix)/hi
		}
	}
	if bestCut < t.kindsGroup || n-bestCut < t.kindsGroup {
		return
	}
	sd := math.Max(math.Sqrt(math.Max(bestSpread, 0)/float64(n)), t.kindsSpread)
	if (highMean-lowMean)/sd < t.kindsApart {
		return
	}
	below, above := sorted[bestCut-1], sorted[bestCut]
	if below < 0 && above >= 0 {
		return // the net's own boundary already lies between the groups
	}
	cut := (below + above) / 2
	sure := math.Log(t.kindsSure / (1 - t.kindsSure))
	for i := range edges {
		if math.Abs(odds[i]) >= sure {
			continue
		}
		edges[i].Rel = solver.Differ
		if odds[i] > cut {
			edges[i].Rel = solver.Equal
		}
	}
}
