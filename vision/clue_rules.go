package vision

import (
	"slices"

	"binocle/solver"
	"binocle/vision/internal/clueread"
)

// minLookClues is the fewest clues whose looks the rules name: with one
// clue there is no second look, and two or three clues flipped on a
// sparse board give one solution by chance more often than a glyph the
// net misreads at every site.
const minLookClues = 4

// lookByRules checks, where r as read has not exactly one solution, the
// clues' kinds by their looks (cluesByRules) and then the cells by
// theirs (cellsByRules), solving r as read once for both, and not at
// all where neither has anything to weigh: fewer than minLookClues clues
// (or clues the template detector alone read), no cell the resemblance
// reads otherwise, and too few clues set aside. Where r has one
// solution, it adds the clues read in colour and those set aside that
// agree with it (colourAgreeing, setAsideAgreeing). It says whether r
// changed.
func (r *Reading) lookByRules() bool {
	clues := len(r.Edges) >= minLookClues && len(r.clueLooks) == len(r.Edges)
	cells := r.resembled != nil && len(r.resembled) == len(r.Cells)
	colour := r.colourClues != nil
	// The closure holds the grid's site image: once weighed, let it go.
	defer func() { r.colourClues = nil }()
	if !clues && !cells && !colour && len(r.setAside()) < minSetAside {
		return false
	}
	if solution, ok := r.uniqueSolution(r.Puzzle, sizeRuleTime); ok {
		byColour := colour && r.colourAgreeing(solution)
		return r.setAsideAgreeing(solution) || byColour
	}
	return colour && r.colourByRules() || clues && r.cluesByRules() || cells && r.cellsByRules()
}

// colourAgreeing adds to r, whose reading has exactly one solution, the
// clues read surely in the colour of the clues the net was sure of
// (clueread.ColourClues) at sites grey read as bare, where each agrees
// with that solution. A published puzzle often has one solution without
// some of its clues, and grey may lose those as it loses others (study-
// clean wild-clean-055: four of ten red clues on orange tiles); the
// rules cannot ask for them, but can turn down one that contradicts the
// answer, solution (r's, every filled cell a given). It says whether r's
// clues changed.
func (r *Reading) colourAgreeing(solution []solver.Cell) bool {
	edges, kept, looks, ok := r.colourClues()
	if !ok {
		return false
	}
	have := edgeSites(r.Edges)
	sure := make(map[[4]int]bool, len(kept))
	for _, s := range kept {
		if clueread.Sure(s) {
			sure[s.Site()] = true
		}
	}
	withLooks := len(r.clueLooks) == len(r.Edges)
	added := 0
	for i, e := range edges {
		at := clueread.SiteOf(e)
		if have[at] || !sure[at] {
			continue
		}
		if relIn(solution, r.Cols, e) != e.Rel {
			continue
		}
		r.Edges = append(r.Edges, e)
		if withLooks {
			r.clueLooks = append(r.clueLooks, looks[i])
		}
		added++
	}
	if added == 0 {
		return false
	}
	r.ClueSites = append(r.ClueSites, newSites(kept, r.ClueSites)...)
	r.Evidence.CluesByColour = added
	return true
}

// colourByRules adds the clues read in the colour of the clues the net
// was sure of (clueread.ColourClues) to r's, where r, whose clues leave
// no single solution, has exactly one with them. Grey loses a clue drawn
// as bright as the tile under it; the colour plane may also show a
// glyph's rim or a tile's edge of the clues' colour as a clue, which the
// rules then turn down. It says whether r's clues changed.
func (r *Reading) colourByRules() bool {
	edges, kept, looks, ok := r.colourClues()
	if !ok {
		return false
	}
	was, wasLooks, wasSites := r.Edges, r.clueLooks, r.ClueSites
	withLooks := len(wasLooks) == len(was)
	// Where both read a site, either may be right: the colour's kind
	// first (the plane shows the clue alone), then grey's.
	for _, colourFirst := range []bool{true, false} {
		first, firstLooks, second, secondLooks := edges, looks, was, wasLooks
		if !colourFirst {
			first, firstLooks, second, secondLooks = was, wasLooks, edges, looks
		}
		union, unionLooks := unionEdges(first, firstLooks, second, secondLooks, withLooks)
		if slices.Equal(union, was) {
			continue
		}
		r.Edges = union
		if withLooks {
			r.clueLooks = unionLooks
		}
		if r.solvesOnce() {
			r.ClueSites = append(slices.Clone(wasSites), newSites(kept, wasSites)...)
			r.Evidence.CluesByColour = len(union) - countShared(union, was)
			return true
		}
	}
	r.Edges, r.clueLooks = was, wasLooks
	return false
}

// minSetAside is the fewest clues set aside that the rules weigh
// against a solution: each agrees with it by chance half the time when
// it is the grid's noise, so a handful agreeing together is the rules'
// word, one or two are not.
const minSetAside = 4

// kindDoubtRatio: a set-aside clue whose net gives its other kind more
// than this many times the odds of the kind the solution names
// contradicts that solution. Within it the net does not know the kind
// (tiny '=' and '×' blur alike), and the solution names it.
const kindDoubtRatio = 2.0

// setAside are the sites the net read as clues (clueread.ReadAsClue)
// that r's clues leave out: in a grid whose doubtful sites outnumber its
// sure ones, only the sure are read (clueread readOdds), for dashed
// lines and scribbles make sites doubtful by the score. Tiny clues
// blurred in a photo are doubtful too, every one, and are set aside
// with the noise (dev-photos wild-photo-113: nineteen orange clues, a
// cell and a half of paper each, none read).
func (r *Reading) setAside() []clueread.ClueSite {
	have := edgeSites(r.Edges)
	var out []clueread.ClueSite
	for _, s := range r.ClueSites {
		if clueread.ReadAsClue(s) && !have[s.Site()] {
			out = append(out, s)
		}
	}
	return out
}

// setAsideAgreeing adds to r, whose reading has exactly one solution,
// the clues set aside (setAside), minSetAside or more, where none of
// them contradicts that solution (kindDoubtRatio), each of the kind the
// solution names. The grid's noise agrees with a solution half the time
// a site; real clues agree every time, though the net may doubt their
// kind. It says whether r's clues changed.
func (r *Reading) setAsideAgreeing(solution []solver.Cell) bool {
	sites := r.setAside()
	if len(sites) < minSetAside {
		return false
	}
	added := make([]solver.Edge, 0, len(sites))
	for _, s := range sites {
		e := solver.Edge{R1: s.R1, C1: s.C1, R2: s.R2, C2: s.C2}
		e.Rel = relIn(solution, r.Cols, e)
		other := solver.Equal
		if e.Rel == solver.Equal {
			other = solver.Differ
		}
		if s.PKind(other) > kindDoubtRatio*s.PKind(e.Rel) {
			return false
		}
		added = append(added, e)
	}
	r.Edges = append(r.Edges, added...)
	r.Evidence.CluesSetAside = len(added)
	return true
}

// relIn is the clue solution (a grid cols wide, row by row) puts between
// e's two cells: '=' where they hold the same symbol, '×' otherwise.
func relIn(solution []solver.Cell, cols int, e solver.Edge) solver.Relation {
	if solution[e.R1*cols+e.C1] == solution[e.R2*cols+e.C2] {
		return solver.Equal
	}
	return solver.Differ
}

// edgeSites is the set of the sites edges are at (clueread.SiteOf).
func edgeSites(edges []solver.Edge) map[[4]int]bool {
	at := make(map[[4]int]bool, len(edges))
	for _, e := range edges {
		at[clueread.SiteOf(e)] = true
	}
	return at
}

// unionEdges is first with the edges of second at sites first has not,
// and their looks where withLooks.
func unionEdges(first []solver.Edge, firstLooks [][]uint8, second []solver.Edge, secondLooks [][]uint8, withLooks bool) ([]solver.Edge, [][]uint8) {
	have := edgeSites(first)
	union := slices.Clone(first)
	var looks [][]uint8
	if withLooks {
		looks = slices.Clone(firstLooks)
	}
	for i, e := range second {
		if have[clueread.SiteOf(e)] {
			continue
		}
		union = append(union, e)
		if withLooks {
			looks = append(looks, secondLooks[i])
		}
	}
	return union, looks
}

// countShared is how many edges of a are in b, kind and all.
func countShared(a, b []solver.Edge) int {
	in := make(map[solver.Edge]bool, len(b))
	for _, e := range b {
		in[e] = true
	}
	n := 0
	for _, e := range a {
		if in[e] {
			n++
		}
	}
	return n
}

// newSites are the sites of kept not among sites.
func newSites(kept, sites []clueread.ClueSite) []clueread.ClueSite {
	at := make(map[[4]int]bool, len(sites))
	for _, s := range sites {
		at[s.Site()] = true
	}
	var out []clueread.ClueSite
	for _, s := range kept {
		if !at[s.Site()] {
			out = append(out, s)
		}
	}
	return out
}

// cluesByRules takes the clues' kinds from the rules for r, whose clues
// as the net read them (minLookClues or more, each with its patch)
// leave no single solution. A glyph the net misreads it
// misreads at many sites, all alike, and no one site's odds say so (the
// suggestions change one site at a time): a board's clues are split into
// the looks they are drawn in (clueread.Looks), and of the ways to name
// each look's kind, the one way that gives exactly one solution is
// kept. Two ways that do leave the clues as read: with two looks of one
// kind, or a clue the puzzle can spare, either way may be the board's.
//
// The looks are sought over all the clues first, then, where no way
// gives one solution, over the sites of vertical and of horizontal
// lines apart. The site net sees each site turned so that its line runs
// down the middle; a '×' looks the same turned, but an '=' set across a
// vertical line looks nothing like one set along a horizontal line,
// where its bars merge with the line: three looks, which two groups do
// not split (seen on hunt-clean wild-clean-108; hunt-photos
// wild-photo-121, its '×' read as '=', is read right only by lines).
// Split by line first, a '×' would be two looks whose kinds the rules
// may name apart: a clean 6×6 Tango board with every '×' read as '='
// has one solution with its vertical '×' left '=' too, as well as its
// own, and the clues would stay as read (TestCluesByRules). It says
// whether r's clues changed.
func (r *Reading) cluesByRules() bool {
	for _, byLine := range []bool{false, true} {
		found, ambiguous := r.namedLooks(clueGroups(r.Edges, r.clueLooks, byLine))
		if ambiguous {
			return false
		}
		if found != nil {
			r.Edges = found
			r.Evidence.CluesByLook = true
			return true
		}
	}
	return false
}

// namedLooks tries every way to name the kind of each look (group, as
// clueGroups numbers them) but the net's own, and gives the clues of the
// one way that leaves r exactly one solution; ambiguous when two do.
func (r *Reading) namedLooks(group []int) (found []solver.Edge, ambiguous bool) {
	was := r.Edges
	defer func() { r.Edges = was }()
	for named := 0; named < 1<<(slices.Max(group)+1); named++ {
		alt := slices.Clone(was)
		for i := range alt {
			alt[i].Rel = solver.Equal
			if named>>group[i]&1 == 1 {
				alt[i].Rel = solver.Differ
			}
		}
		if slices.Equal(alt, was) {
			continue
		}
		r.Edges = alt
		if !r.solvesOnce() {
			continue
		}
		if found != nil {
			return nil, true
		}
		found = alt
	}
	return found, false
}

// clueGroups numbers each edge's look (clueread.Looks): over all the
// edges, or byLine the sites of vertical lines apart from those of
// horizontal ones, numbered after them. The net's kinds are the first
// split each is sought from.
func clueGroups(edges []solver.Edge, patches [][]uint8, byLine bool) []int {
	group := make([]int, len(edges))
	next := 0
	for _, vertical := range []bool{true, false} {
		var at []int
		var pix [][]uint8
		var guess []int
		for i, e := range edges {
			if byLine && (e.R1 == e.R2) != vertical {
				continue
			}
			at = append(at, i)
			pix = append(pix, patches[i])
			g := 0
			if e.Rel == solver.Differ {
				g = 1
			}
			guess = append(guess, g)
		}
		if len(at) == 0 {
			continue
		}
		looks := clueread.Looks(pix, guess)
		if looks == nil {
			looks = make([]int, len(at))
		}
		for j, i := range at {
			group[i] = next + looks[j]
		}
		next += slices.Max(looks) + 1
		if !byLine {
			break
		}
	}
	return group
}
