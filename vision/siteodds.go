package vision

import (
	"binocle/solver"
	"binocle/vision/internal/clueread"
)

// SiteOdds is the reading's doubted clue sites as the solver's fix
// search takes them.
func (r *Reading) SiteOdds() []solver.SiteOdds {
	return r.SiteOddsKept(r.Edges)
}

// SiteOddsKept is SiteOdds less the sites where edges, the clues as the
// user left them, differ from the reading: a clue the user set or
// cleared by hand is theirs, not the reader's to doubt.
func (r *Reading) SiteOddsKept(edges []solver.Edge) []solver.SiteOdds {
	clueAt := func(list []solver.Edge, s clueread.ClueSite) string {
		for _, e := range list {
			if (e.R1 == s.R1 && e.C1 == s.C1 && e.R2 == s.R2 && e.C2 == s.C2) || (e.R1 == s.R2 && e.C1 == s.C2 && e.R2 == s.R1 && e.C2 == s.C1) {
				return e.Rel.String()
			}
		}
		return ""
	}
	var out []solver.SiteOdds
	for _, s := range r.ClueSites {
		if clueAt(edges, s) != clueAt(r.Edges, s) {
			continue
		}
		out = append(out, solver.SiteOdds{R1: s.R1, C1: s.C1, R2: s.R2, C2: s.C2, PNone: s.PNone, PEqual: s.PEqual, PCross: s.PCross})
	}
	return out
}

// ClueSite is a line segment between two neighbouring cells where the
// site classifier saw more than the bare line (clueread.ClueSite).
type ClueSite = clueread.ClueSite
