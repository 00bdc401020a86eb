package clueread

import (
	"math"
	"sort"

	"binocle/solver"
	"binocle/vision/internal/raster"
)

// The site net sees grey patches. An app that draws red clues on its
// orange tiles, or purple ones on dark grey, draws them in a colour as
// bright as the tile under them: in grey the clue is gone (study-clean
// wild-clean-055, four of a clean screenshot's ten clues missed at under
// 0.1). A board draws all its clues in one colour, and the clues the net
// is sure of show it: ColourClues cuts every site again from a plane where
// that colour is dark and every other light, and reads them with the same
// net. What it finds, the rules judge (vision/clue_rules.go).

// colourParams bound when and how the clues' colour is looked for.
type colourParams struct {
	// minSites is the fewest sure clues the colour is taken from.
	minSites int
	// minChroma is the least distance of the colour from the grey of
	// its own brightness, in RGB levels: a black or grey clue shows in
	// grey as well as in any plane.
	minChroma float64
	// minReach is the least distance, in RGB levels, halfway from the
	// clues' colour to the nearest paper they were drawn on: nearer, and
	// the two are one colour to JPEG and blur.
	minReach float64
	// greyShowsOver: where the clues' grey departs from every paper
	// under them and every cell's colour by this many times the ink
	// test's level, grey shows them as well as any plane, and the plane
	// is not cut (a LinkedIn Tango screenshot's clues: 8 ms a board).
	greyShowsOver float64
	// maxShare is the most of the grid the colour may cover: more, and
	// the clues share it with the tiles or the glyphs, where the plane
	// shows them all.
	maxShare float64
}

var clueColour = colourParams{minSites: 2, minChroma: 20, minReach: 15, greyShowsOver: 2, maxShare: 0.08}

// ColourClues reads the clues of si again in the colour of the clues the
// net was sure of (sites and probs, as Read cut and classified them):
// the clues and the kept sites as Read gives them, and the patches of the
// edges; ok is false where too few clues were sure, their colour is grey,
// or it covers too much of the grid.
func ColourClues(si SiteImage, sites []SitePatch, probs [][siteClasses]float64) (edges []solver.Edge, kept []ClueSite, looks [][]uint8, ok bool) {
	if len(si.bgr.Pix) != 3*len(si.gray.Pix) {
		return nil, nil, nil, false
	}
	sc := newSiteCutter(si)
	var samples [][3]float64
	var papers [][3]float64
	sure := 0
	for i, s := range sites {
		if 1-probs[i][siteNone] < Tuned.Net.sureP {
			continue
		}
		ink, paper, ok := sc.inkColours(s.Edge)
		if !ok {
			continue
		}
		sure++
		samples = append(samples, ink...)
		papers = append(papers, paper)
	}
	p := clueColour
	if sure < p.minSites {
		return nil, nil, nil, false
	}
	colour := medianColour(samples)
	grey := (colour[0] + colour[1] + colour[2]) / 3
	if math.Hypot(math.Hypot(colour[0]-grey, colour[1]-grey), colour[2]-grey) < p.minChroma {
		return nil, nil, nil, false
	}
	// A pixel is the clues' where it lies nearer their colour than
	// halfway to the nearest paper they were drawn on or colour a cell
	// holds (a tile's, a glyph's: an app's red clues on its orange
	// tiles). greyGap is how far the clues' grey lies from the nearest of
	// those greys.
	reach, greyGap := math.Inf(1), math.Inf(1)
	for _, c := range append(papers, cellColours(si)...) {
		reach = math.Min(reach, colourDistance(colour, c)/2)
		greyGap = math.Min(greyGap, math.Abs(greyLevel(colour)-greyLevel(c)))
	}
	if reach < p.minReach || greyGap >= p.greyShowsOver*sc.inkLevel {
		return nil, nil, nil, false
	}
	plane := raster.Plane{W: si.gray.W, H: si.gray.H, Pix: make([]uint8, len(si.gray.Pix))}
	near := 0
	for i := range plane.Pix {
		b, g, r := si.bgr.Pix[3*i], si.bgr.Pix[3*i+1], si.bgr.Pix[3*i+2]
		d := colourDistance([3]float64{float64(b), float64(g), float64(r)}, colour)
		plane.Pix[i] = uint8(255 * math.Min(1, d/reach))
		if d < reach {
			near++
		}
	}
	if float64(near) > p.maxShare*float64(len(plane.Pix)) {
		return nil, nil, nil, false
	}
	ink := si
	ink.gray = plane
	inkSites := ClueSites(ink)
	inkProbs, err := ClassifySites(inkSites)
	if err != nil {
		return nil, nil, nil, false
	}
	edges, kept, looks = readPatches(inkSites, inkProbs, func() map[[4]int]bool { return nil })
	return edges, kept, looks, true
}

// colourAskable says whether ColourClues may find the clues' colour
// from the sites' probabilities probs: it needs clueColour.minSites
// clues the net was sure of. Elsewhere it reads no colour, which is
// then not copied (SiteImage.colourPixels).
func colourAskable(probs [][siteClasses]float64) bool {
	sure := 0
	for _, p := range probs {
		if 1-p[siteNone] >= Tuned.Net.sureP {
			sure++
		}
	}
	return sure >= clueColour.minSites
}

// inkColours are the colours of the pixels of the site at e that depart
// most from the bare line (the quarter that departs most, of those the
// ink test finds: the rest are the clue's rim, blended with the paper),
// and the colour of the paper about the clue, from the site's ends.
func (sc *siteCutter) inkColours(e solver.Edge) (ink [][3]float64, paper [3]float64, ok bool) {
	ci := sc.ci
	cx, cy, vertical := ci.siteMiddle(e)
	px := float64(ci.px)
	p := &Tuned.Sites
	mid := int(p.middle * px)
	end0, end1 := int(p.endFrom*px), int(p.endTo*px)
	at := func(u, v int) ([3]float64, bool) {
		x, y := int(cx)+u, int(cy)+v
		if !vertical {
			x, y = int(cx)+v, int(cy)+u
		}
		if x < 0 || y < 0 || x >= ci.bgr.W || y >= ci.bgr.H {
			return [3]float64{}, false
		}
		b, g, r := ci.bgr.At(x, y)
		return [3]float64{float64(b), float64(g), float64(r)}, true
	}
	type departing struct {
		by  float64
		bgr [3]float64
	}
	var found []departing
	var papers [][3]float64
	var ends []float64
	for u := -mid; u <= mid; u++ {
		// The paper beside the line, off its middle columns, where
		// lineLevel reads the line.
		if u < -lineHalf || u > lineHalf {
			for v := end0; v <= end1; v++ {
				for _, w := range []int{v, -v} {
					if c, ok := at(u, w); ok {
						papers = append(papers, c)
					}
				}
			}
		}
		var profile float64
		profile, ends = sc.lineLevel(cx, cy, u, vertical, ends)
		for v := -mid; v <= mid; v++ {
			by := math.Abs(sc.grey(cx, cy, float64(u), float64(v), vertical) - profile)
			if by <= sc.inkLevel {
				continue
			}
			if c, ok := at(u, v); ok {
				found = append(found, departing{by, c})
			}
		}
	}
	if len(found) == 0 || len(papers) == 0 {
		return nil, paper, false
	}
	sort.Slice(found, func(i, j int) bool { return found[i].by > found[j].by })
	for _, f := range found[:max(1, len(found)/4)] {
		ink = append(ink, f.bgr)
	}
	return ink, medianColour(papers), true
}

// cellColours are the colours at the cells' middles, each the median of
// a few pixels about it.
func cellColours(si SiteImage) [][3]float64 {
	var out [][3]float64
	var window [][3]float64
	for r := 0; r < si.rows; r++ {
		for c := 0; c < si.cols; c++ {
			x, y := c*si.px+si.px/2+si.ox, r*si.px+si.px/2+si.oy
			window = window[:0]
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if x+dx >= 0 && y+dy >= 0 && x+dx < si.bgr.W && y+dy < si.bgr.H {
						b, g, r := si.bgr.At(x+dx, y+dy)
						window = append(window, [3]float64{float64(b), float64(g), float64(r)})
					}
				}
			}
			if len(window) > 0 {
				out = append(out, medianColour(window))
			}
		}
	}
	return out
}

func medianColour(samples [][3]float64) [3]float64 {
	var out [3]float64
	ch := make([]float64, len(samples))
	for c := range out {
		for i, s := range samples {
			ch[i] = s[c]
		}
		sort.Float64s(ch)
		out[c] = ch[len(ch)/2]
	}
	return out
}

// greyLevel is a BGR colour's grey, as raster.ToGray weighs it.
func greyLevel(c [3]float64) float64 { return 0.114*c[0] + 0.587*c[1] + 0.299*c[2] }

// colourDistance is the Euclidean distance of two BGR colours, in levels.
func colourDistance(a, b [3]float64) float64 {
	return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
}
