package vision

import (
	"math"
	"sync"

	"binocle/solver"
)

// findClues looks at the middle of every line segment shared by two cells
// for a small mark centred on the line: '=' (or its turned form) or 'x'.
//
// Each segment is judged against its own surroundings, not against the
// other segments: in a photo the rectified lines wander by a few pixels
// and the lighting changes across the grid, so what a bare line looks like
// is read from the segment's two ends, which no clue reaches. What is
// darker than that bare line in the segment's middle is the candidate
// mark, and its shape is matched against '=' and 'x' drawn at a few sizes
// and blurs, at offsets that absorb the rectification's error.
func findClues(ci cellImage) []solver.Edge {
	edges, pale := clueMarks(ci)
	// A puzzle's clues are many and drawn in one ink. A single pale mark
	// on a grid with no other clue is a blot, a shadow's corner or a
	// glyph's smudge on a line, not the puzzle's one clue.
	if len(edges) == 1 && pale == 1 {
		return nil
	}
	return edges
}

// clueMarks is every site of ci that holds a clue's mark, judged site by
// site, and how many of them were taken only as pale ink.
func clueMarks(ci cellImage) (edges []solver.Edge, pale int) {
	if ci.px < 8 {
		return nil, 0
	}
	cd := newClueDetector(ci)
	// A lattice the glyphs show to sit further off than the detector
	// follows a line puts every site beside its line, and on the glyphs:
	// the sites move with the glyphs' windows.
	ox, oy := farOff(ci.glyphX, ci.px), farOff(ci.glyphY, ci.px)
	// Vertical segments join (r, c) and (r, c+1); horizontal ones (r, c) and (r+1, c).
	for r := 0; r < ci.rows; r++ {
		for c := 0; c+1 < ci.cols; c++ {
			if rel, ok := cd.at((c+1)*ci.px+ox, r*ci.px+ci.px/2+oy, true); ok {
				edges = append(edges, solver.Edge{R1: r, C1: c, R2: r, C2: c + 1, Rel: rel})
			}
		}
	}
	for r := 0; r+1 < ci.rows; r++ {
		for c := 0; c < ci.cols; c++ {
			if rel, ok := cd.at(c*ci.px+ci.px/2+ox, (r+1)*ci.px+oy, false); ok {
				edges = append(edges, solver.Edge{R1: r, C1: c, R2: r + 1, C2: c, Rel: rel})
			}
		}
	}
	return edges, cd.paleMarks
}

// farOff is the glyphs' offset off the lattice when a clue's site should
// follow it: beyond where the detector looks for the line itself.
func farOff(off, px int) int {
	if float64(abs(off)) > clueLineSearch*float64(px) {
		return off
	}
	return 0
}

// Sizes as shares of a cell. A clue is drawn about a third of a cell wide,
// centred on the line; the glyphs keep clear of its middle. The bare line
// is read beyond clueEnd along it, short of the crossing lines at half a
// cell.
const (
	clueAcross = 0.27 // half-size of the window across the line
	clueAlong  = 0.44 // half-size along the line
	clueEnd    = 0.28 // where the ends that show the bare line begin
	clueCore   = 0.25 // half-size of the square the mark is matched in
	clueShift  = 0.12 // how far off the site's middle a mark may sit
	// A clue inks the line's close neighbourhood, where glyphs do not
	// come: within clueInner across the line and clueInnerAlong along it.
	clueInner      = 0.12
	clueGlyphGap   = 0.19 // glyphs keep about this far from the line
	clueInnerAlong = 0.2
)

// Decision thresholds. A mark must darken the bare line by a share of
// the image's contrast in enough pixels to be looked at, and then match a
// clue's shape (normalised correlation) with a stroke dark enough.
const (
	clueInkShare   = 0.2   // of the contrast: a pixel darker than the bare line
	clueMinArea    = 0.012 // of a cell's area: dark pixels a mark needs
	clueMatch      = 0.55  // correlation with the best clue shape
	clueStrokeDark = 0.22  // of the contrast: the fitted darkness of the stroke
	// clueStrokeMin is the stroke's darkness in grey levels at least: in
	// a picture of little contrast (blurred tiles of like greys) a share
	// of it is no more than the blur's and the JPEG's ripples.
	clueStrokeMin  = 16
	clueMatchSure  = 0.65 // a match this close takes a stroke clueStrokePale dark
	clueStrokePale = 0.16
	// Within clueBlurMargin of the best match an 'x' is taken when the
	// mark's middle is clueCrossCentre times as dark as its mean.
	clueBlurMargin  = 0.1
	clueCrossCentre = 1.5
	clueShadeMin    = 0.5
)

// clueShapeKind is a template family.
type clueShapeKind int

const (
	clueCross      clueShapeKind = iota // 'x'
	clueBarsAcross                      // '=' with its bars across the line
	clueBarsAlong                       // '=' with its bars along the line
)

type clueTemplate struct {
	kind clueShapeKind
	r    int       // half-size of the rendered square
	half float64   // half-size of the drawn mark
	val  []float64 // (2r+1)^2, row-major, v rows and u columns
}

func (t clueTemplate) at(u, v int) float64 {
	if u < -t.r || u > t.r || v < -t.r || v > t.r {
		return 0
	}
	return t.val[(v+t.r)*(2*t.r+1)+u+t.r]
}

type clueDetector struct {
	ci                       cellImage
	across, along, end, core int
	shift                    int
	match                    int     // half-size across the line of the part matched against the templates
	inner, innerAlong        int     // half-sizes of the part next to the line that a clue inks
	inkLevel                 float64 // darkness over the bare line that counts as ink
	minArea                  int
	contrast                 float64
	light                    float64 // the lit paper's grey level
	set                      *clueTemplateSet
	// scratch, reused across sites
	win, e      []float64
	column      []float64
	centreRatio float64    // the last mark's, see centre
	kindBest    [3]float64 // the last site's best correlation with each shape
	diagonal    float64    // the last mark's, see diagonal
	paleMarks   int        // clues taken only as pale ones (clueMatchSure) so far
}

func newClueDetector(ci cellImage) *clueDetector {
	px := float64(ci.px)
	cd := &clueDetector{
		ci:         ci,
		across:     int(math.Round(clueAcross * px)),
		along:      int(math.Round(clueAlong * px)),
		end:        int(math.Round(clueEnd * px)),
		core:       int(math.Round(clueCore * px)),
		shift:      max(1, int(math.Round(clueShift*px))),
		inner:      int(math.Round(clueInner * px)),
		innerAlong: int(math.Round(clueInnerAlong * px)),
		match:      int(clueGlyphGap * px),
	}
	q := bytePercentiles(ci.gray.pix, 0.02, 0.5, 0.9)
	cd.contrast = math.Max(40, q[1]-q[0])
	cd.light = q[2]
	cd.inkLevel = clueInkShare * cd.contrast
	cd.minArea = max(4, int(math.Round(clueMinArea*px*px)))
	w, h := 2*cd.across+1, 2*cd.along+1
	cd.win = make([]float64, w*h)
	cd.e = make([]float64, w*h)
	cd.column = make([]float64, 2*(cd.along-cd.end+1))
	cd.set = clueTemplatesFor(ci.px, cd.core, cd.match, cd.shift+1)
	return cd
}

// clueTemplateSet holds the templates for one cell size, and the sums of
// each over the core at every offset searched, which do not depend on the
// site. Sets are built once per cell size and shared.
type clueTemplateSet struct {
	templates []clueTemplate
	reach     int          // offsets run over [-reach, reach] both ways
	sums      [][2]float64 // [template][dv][du] -> sum, sum of squares
}

var clueTemplateCache sync.Map // px -> *clueTemplateSet

func clueTemplatesFor(px, core, match, reach int) *clueTemplateSet {
	if s, ok := clueTemplateCache.Load(px); ok {
		return s.(*clueTemplateSet)
	}
	set := &clueTemplateSet{reach: reach}
	r := core + reach
	for _, size := range []float64{0.1, 0.13, 0.16, 0.2} {
		half := size * float64(px)
		hw := math.Max(0.6, 0.14*half)
		gap := 0.4 * half // half the distance between the bars of '='
		for _, sigma := range []float64{0.7, 2, 3.5} {
			segs := map[clueShapeKind][][4]float64{
				clueCross:      {{-half, -half, half, half}, {-half, half, half, -half}},
				clueBarsAcross: {{-half, -gap, half, -gap}, {-half, gap, half, gap}},
				clueBarsAlong:  {{-gap, -half, -gap, half}, {gap, -half, gap, half}},
			}
			for _, kind := range []clueShapeKind{clueCross, clueBarsAcross, clueBarsAlong} {
				t := renderClueTemplate(kind, r, segs[kind], hw, sigma)
				t.half = half
				set.templates = append(set.templates, t)
			}
		}
	}
	n := 2*reach + 1
	set.sums = make([][2]float64, len(set.templates)*n*n)
	for k, t := range set.templates {
		for dv := -reach; dv <= reach; dv++ {
			for du := -reach; du <= reach; du++ {
				var st, stt float64
				for v := -core; v <= core; v++ {
					for u := -match; u <= match; u++ {
						tv := t.at(u-du, v-dv)
						st += tv
						stt += tv * tv
					}
				}
				set.sums[(k*n+dv+reach)*n+du+reach] = [2]float64{st, stt}
			}
		}
	}
	actual, _ := clueTemplateCache.LoadOrStore(px, set)
	return actual.(*clueTemplateSet)
}

// renderClueTemplate draws strokes of half-width hw whose edges fall off
// like a blur of the given sigma.
func renderClueTemplate(kind clueShapeKind, r int, segs [][4]float64, hw, sigma float64) clueTemplate {
	n := 2*r + 1
	t := clueTemplate{kind: kind, r: r, val: make([]float64, n*n)}
	for v := -r; v <= r; v++ {
		for u := -r; u <= r; u++ {
			d := math.Inf(1)
			for _, s := range segs {
				d = math.Min(d, segmentDistance(float64(u), float64(v), s))
			}
			d = math.Max(0, d-hw)
			t.val[(v+r)*n+u+r] = math.Exp(-d * d / (2 * sigma * sigma))
		}
	}
	return t
}

func segmentDistance(x, y float64, s [4]float64) float64 {
	dx, dy := s[2]-s[0], s[3]-s[1]
	l := dx*dx + dy*dy
	k := 0.0
	if l > 0 {
		k = clamp(((x-s[0])*dx+(y-s[1])*dy)/l, 0, 1)
	}
	return math.Hypot(x-s[0]-k*dx, y-s[1]-k*dy)
}

// at judges the segment whose middle is (cx, cy) in the rectified grid.
// Windows are stored with u across the line and v along it, so that both
// orientations are measured alike.
func (cd *clueDetector) at(cx, cy int, vertical bool) (solver.Relation, bool) {
	ci := cd.ci
	w := 2*cd.across + 1
	sample := func(u, v int) float64 {
		x, y := cx+u, cy+v
		if !vertical {
			x, y = cx+v, cy+u
		}
		x = min(max(x, 0), ci.gray.w-1)
		y = min(max(y, 0), ci.gray.h-1)
		return float64(ci.gray.at(x, y))
	}
	top := make([]float64, w)
	bottom := make([]float64, w)
	fill := func(t0, t1 float64) {
		mid := float64(cd.end+cd.along) / 2
		for v := -cd.along; v <= cd.along; v++ {
			off := int(math.Round(t0 + (t1-t0)*(float64(v)+mid)/(2*mid)))
			row := cd.win[(v+cd.along)*w : (v+cd.along+1)*w]
			cd.sampleRow(row, cx, cy, off-cd.across, v, vertical)
		}
		cd.ends(top, bottom)
	}
	fill(0, 0)
	// Most segments are bare: nothing near the line, wherever the line
	// really runs, is darker than the lighter of the two ends.
	if !cd.anyMark(top, bottom) {
		return 0, false
	}
	// Follow the line itself: near the grid's edges of a photo it can be a
	// fifth of a cell off where the rectification puts it, and a little
	// aslant, while the clue stays centred on it.
	t0, t1, followed := cd.findLine(sample)
	if t0 != 0 || t1 != 0 {
		fill(t0, t1)
	}
	both := make([]float64, w)
	for u := range both {
		both[u] = (top[u] + bottom[u]) / 2
	}
	paper := percentile(both, 0.8)
	u0 := 0
	var dip, dipU float64
	for u := -cd.shift; u <= cd.shift; u++ {
		d := math.Max(0, paper-both[u+cd.across]-0.25*cd.inkLevel)
		dip += d
		dipU += d * float64(u)
	}
	// Only a line too faint to follow is placed by its dip here: beside a
	// shaded cell the dip's centre leans into the shade.
	if dip > cd.inkLevel && !followed {
		u0 = int(math.Round(dipU / dip))
	}
	if clueProfileTrace != nil {
		clueProfileTrace(top, bottom, paper, float64(u0))
	}
	// Extra darkness over the bare line in the core. Both ends stand for
	// the line in a shadow's gradient, only the lighter one where something
	// else darkens the other (a thick border, the rounded corners of
	// tiles); the middle tells which.
	blend := func(v int) float64 { return float64(v+cd.along) / float64(2*cd.along) }
	bestFit, bestModel := math.Inf(1), 0
	for model := 0; model < 3; model++ {
		fit := 0.0
		for v := -cd.core; v <= cd.core; v++ {
			f := [3]float64{blend(v), 0, 1}[model]
			for u := -cd.core; u <= cd.core; u++ {
				i := (v+cd.along)*w + u + cd.across
				d := top[u+cd.across]*(1-f) + bottom[u+cd.across]*f - cd.win[i]
				fit += d * d
			}
		}
		if fit < bestFit {
			bestFit, bestModel = fit, model
		}
	}
	for v := -cd.core; v <= cd.core; v++ {
		f := [3]float64{blend(v), 0, 1}[bestModel]
		for u := -cd.core; u <= cd.core; u++ {
			i := (v+cd.along)*w + u + cd.across
			cd.e[i] = top[u+cd.across]*(1-f) + bottom[u+cd.across]*f - cd.win[i]
		}
	}
	// Without dark pixels near the line there is no clue, and flattening
	// below only lightens, so such segments stop here.
	inner := 0
	for v := -cd.innerAlong; v <= cd.innerAlong; v++ {
		for u := u0 - cd.inner; u <= u0+cd.inner; u++ {
			if u >= -cd.core && u <= cd.core && cd.e[(v+cd.along)*w+u+cd.across] > cd.inkLevel {
				inner++
			}
		}
	}
	if 2*inner < cd.minArea {
		return 0, false
	}
	// A shadow's edge darkens whole rows or columns of the core, a clue's
	// strokes leave most of every row and column light: what the lightest
	// part of a row or column has is taken off all of it.
	cd.flatten(w, true)
	cd.flatten(w, false)
	// Where the clue is drawn on a patch of paper that interrupts the
	// line, the patch is lighter than the bare line, which says nothing
	// about the mark.
	dark, left, right, sumV := 0, 0, 0, 0
	nearLeft, nearRight := 0, 0
	inner = 0
	for v := -cd.core; v <= cd.core; v++ {
		for u := -cd.core; u <= cd.core; u++ {
			i := (v+cd.along)*w + u + cd.across
			cd.e[i] = math.Max(0, cd.e[i])
			if cd.e[i] > cd.inkLevel {
				dark++
				sumV += v
				if u < u0 {
					left++
				} else if u > u0 {
					right++
				}
				if d := u - u0; d < 0 && d >= -cd.match {
					nearLeft++
				} else if d > 0 && d <= cd.match {
					nearRight++
				}
				if u-u0 >= -cd.inner && u-u0 <= cd.inner && v >= -cd.innerAlong && v <= cd.innerAlong {
					inner++
				}
			}
		}
	}
	// A clue is symmetric about its line, and has ink close to it, where
	// glyphs never reach; a glyph's edge coming close to the line from one
	// cell, or glyphs reaching into the corners of the window, are not
	// clues. It is symmetric within its own reach as well: a shadow
	// darkening one side of the line out to the window's edge can be
	// balanced over the whole window by a glyph's edge in the other
	// side's far corners, never next to the line.
	if dark < cd.minArea || 2*inner < cd.minArea || 4*min(left, right) < max(left, right) ||
		4*min(nearLeft, nearRight) < max(nearLeft, nearRight) {
		if clueTrace != nil && dark > 0 {
			clueTrace(cd, cx, cy, vertical, -float64(left), -float64(right), 0)
		}
		return 0, false
	}
	mv := clampInt(int(math.Round(float64(sumV)/float64(dark))), -cd.shift, cd.shift)
	mu := u0
	// It is symmetric along the line too, about its own middle; the
	// rounded corners of tiles or a crossing line reach into one end.
	before, after := 0, 0
	for v := -cd.core; v <= cd.core; v++ {
		for u := -cd.core; u <= cd.core; u++ {
			if cd.e[(v+cd.along)*w+u+cd.across] > cd.inkLevel {
				if v < mv {
					before++
				} else if v > mv {
					after++
				}
			}
		}
	}
	if 5*min(before, after) < 2*max(before, after) {
		return 0, false
	}

	// The shape is matched in the core short of where glyphs can reach;
	// sums over it that do not depend on the template.
	var n, se, see float64
	for v := -cd.core; v <= cd.core; v++ {
		for u := -cd.match; u <= cd.match; u++ {
			e := cd.e[(v+cd.along)*w+u+cd.across]
			n++
			se += e
			see += e * e
		}
	}
	varE := see - se*se/n
	if n < 4 || varE <= 0 {
		return 0, false
	}
	cd.kindBest = [3]float64{-1, -1, -1}
	best, bestAmp := -1.0, 0.0
	var bestKind clueShapeKind
	var bestHalf float64
	bestU, bestV := mu, mv
	set := cd.set
	nn := 2*set.reach + 1
	for k, t := range set.templates {
		for dv := mv - 1; dv <= mv+1; dv++ {
			for du := mu - 1; du <= mu+1; du++ {
				sum := set.sums[(k*nn+dv+set.reach)*nn+du+set.reach]
				st, stt := sum[0], sum[1]
				var set float64
				for v := -cd.core; v <= cd.core; v++ {
					row := (v + cd.along) * w
					for u := -cd.match; u <= cd.match; u++ {
						set += t.at(u-du, v-dv) * cd.e[row+u+cd.across]
					}
				}
				varT := stt - st*st/n
				if varT <= 0 {
					continue
				}
				cov := set - se*st/n
				r := cov / math.Sqrt(varE*varT)
				if r > best {
					best, bestAmp, bestKind = r, cov/varT, t.kind
					bestHalf, bestU, bestV = t.half, du, dv
				}
				cd.kindBest[t.kind] = math.Max(cd.kindBest[t.kind], r)
			}
		}
	}
	cd.centreRatio = cd.centre(w, mu, mv)
	cd.diagonal = cd.diagonalShare(w, bestU, bestV, bestHalf)
	if clueTrace != nil {
		clueTrace(cd, cx, cy, vertical, best, bestAmp, bestKind)
	}
	// A clue drawn in a paler ink than the lines is taken on a closer
	// match with its shape.
	stroke := clueStrokeDark
	if best >= clueMatchSure {
		stroke = clueStrokePale
	}
	// A shadow scales the ink's darkness over its paper with the light
	// falling on both, so a stroke in the shade is weighed against the
	// contrast there; never below half of it, where little is left. The
	// lighter end tells the shade: a shadow's edge crossing the site
	// leaves one end lit, and is held to the full contrast.
	shade := 1.0
	if cd.light > 0 {
		lit := math.Max(percentile(top, 0.8), percentile(bottom, 0.8))
		shade = clamp(lit/cd.light, clueShadeMin, 1)
	}
	if best < clueMatch || bestAmp < math.Max(stroke*cd.contrast*shade, clueStrokeMin) {
		return 0, false
	}
	// Every way on from here takes the mark for a clue.
	if bestAmp < clueStrokeDark*cd.contrast*shade {
		cd.paleMarks++
	}
	// Blur rounds both shapes into blobs that match each other's
	// templates almost as well; then the crossing, darkest where two
	// strokes overlap, or ink at the corners of the mark's box rather
	// than at its sides' middles tells an 'x', and bars blurred into one
	// block, inked along their long sides and no darker in the middle, an
	// '='.
	crossClose := cd.kindBest[clueCross] > best-clueBlurMargin
	barsClose := math.Max(cd.kindBest[clueBarsAcross], cd.kindBest[clueBarsAlong]) > best-clueBlurMargin
	alongClose := cd.kindBest[clueBarsAlong] > best-clueBlurMargin
	switch {
	case bestKind == clueCross && barsClose && cd.diagonal < clueDiagonalBars && cd.centreRatio < clueBlockCentre:
		return solver.Equal, true
	case bestKind == clueCross && alongClose && cd.splay(w, bestU, bestV, bestHalf) < clueSplayBars:
		return solver.Equal, true
	case bestKind == clueCross:
		return solver.Differ, true
	case crossClose && (cd.centreRatio >= clueCrossCentre || cd.diagonal >= clueDiagonalCross):
		return solver.Differ, true
	}
	return solver.Equal, true
}

// An 'x' puts clearly more of its ink at its box's corners than at its
// sides' middles, the bars of '=' about as much or less: below
// clueDiagonalBars a blurred mark is taken for '=', at clueDiagonalCross
// for an 'x'.
// A block no darker in its middle (clueBlockCentre) than on average is
// no crossing.
const (
	clueDiagonalBars  = 0.2
	clueDiagonalCross = 0.45
	clueBlockCentre   = 1
)

// clueSplayBars: below this splay a mark that matches an 'x' and bars
// along the line alike is taken for the bars.
const clueSplayBars = 1.3

// splay is how much farther from the line the mark's ink lies towards its
// ends along the line than about its middle. The bare line taken off a
// mark on it eats the crossing of an 'x' and the gap between bars along
// the line alike, and what is left of either is two strokes, one each
// side; the strokes of an 'x' splay out towards their ends, bars keep
// their distance.
func (cd *clueDetector) splay(w, mu, mv int, half float64) float64 {
	h := math.Max(1, half/2)
	var in, inN, out, outN float64
	for v := -cd.core; v <= cd.core; v++ {
		dv := math.Abs(float64(v - mv))
		if dv > 2*h {
			continue
		}
		for u := -cd.match; u <= cd.match; u++ {
			e := cd.e[(v+cd.along)*w+u+cd.across]
			if e <= cd.inkLevel {
				continue
			}
			du := math.Abs(float64(u - mu))
			if dv <= h {
				in += e * du
				inN += e
			} else {
				out += e * du
				outN += e
			}
		}
	}
	if inN == 0 || outN == 0 || in == 0 {
		return math.Inf(1)
	}
	return (out / outN) / (in / inN)
}

// centre is the mark's darkness at its middle over its mean darkness:
// two crossing strokes are darkest where they cross, the bars of '='
// leave their middle lighter.
func (cd *clueDetector) centre(w, mu, mv int) float64 {
	r := max(1, int(math.Round(0.04*float64(cd.ci.px))))
	var c, cn, d, dn float64
	for v := -cd.core; v <= cd.core; v++ {
		for u := -cd.match; u <= cd.match; u++ {
			e := cd.e[(v+cd.along)*w+u+cd.across]
			if (u-mu)*(u-mu)+(v-mv)*(v-mv) <= r*r {
				c += e
				cn++
			}
			if e > cd.inkLevel {
				d += e
				dn++
			}
		}
	}
	if cn == 0 || dn == 0 || d == 0 {
		return 0
	}
	return (c / cn) / (d / dn)
}

// diagonalShare is how much more of the mark's darkness lies at the
// corners of its box than at the middles of its sides, as a share of
// both: an 'x' inks its corners and leaves its sides' middles bare, the
// bars of '=', however blurred into one block, ink the middles of their
// own long sides at least as much as their ends.
func (cd *clueDetector) diagonalShare(w, mu, mv int, half float64) float64 {
	h := int(math.Round(half * 0.8))
	if h < 2 {
		return 0
	}
	at := func(u, v int) float64 {
		var s float64
		for dv := -1; dv <= 1; dv++ {
			for du := -1; du <= 1; du++ {
				uu := clampInt(u+du, -cd.core, cd.core)
				vv := clampInt(v+dv, -cd.core, cd.core)
				s += cd.e[(vv+cd.along)*w+uu+cd.across]
			}
		}
		return s / 9
	}
	diag := at(mu-h, mv-h) + at(mu+h, mv-h) + at(mu-h, mv+h) + at(mu+h, mv+h)
	sides := at(mu, mv-h) + at(mu, mv+h) + at(mu-h, mv) + at(mu+h, mv)
	if diag+sides <= 0 {
		return 0
	}
	return (diag - sides) / (diag + sides)
}

// flatten subtracts from each row (or column) of the core its lightest
// part's level, the clueLight quantile.
func (cd *clueDetector) flatten(w int, rows bool) {
	n := 2*cd.core + 1
	vals := make([]float64, n)
	for a := -cd.core; a <= cd.core; a++ {
		idx := func(b int) int {
			if rows {
				return (a+cd.along)*w + b + cd.across
			}
			return (b+cd.along)*w + a + cd.across
		}
		for b := -cd.core; b <= cd.core; b++ {
			vals[b+cd.core] = cd.e[idx(b)]
		}
		insertionSort(vals)
		low := math.Max(0, vals[int(clueLight*float64(n-1))])
		for b := -cd.core; b <= cd.core; b++ {
			cd.e[idx(b)] -= low
		}
	}
}

// clueLight is the share of a core row or column that a clue leaves
// light at least: small, since the bars of '=' with glyphs close on both
// sides leave little of their rows light.
const clueLight = 0.1

// sampleRow copies the window row at v along the line, from u0 across it
// on, out of the grid, clamping at the grid's edges.
func (cd *clueDetector) sampleRow(row []float64, cx, cy, u0, v int, vertical bool) {
	g := cd.ci.gray
	if vertical {
		y := min(max(cy+v, 0), g.h-1) * g.w
		x0 := cx + u0
		if x0 >= 0 && x0+len(row) <= g.w {
			for k := range row {
				row[k] = float64(g.pix[y+x0+k])
			}
			return
		}
		for k := range row {
			row[k] = float64(g.pix[y+min(max(x0+k, 0), g.w-1)])
		}
		return
	}
	x := min(max(cx+v, 0), g.w-1)
	for k := range row {
		row[k] = float64(g.pix[min(max(cy+u0+k, 0), g.h-1)*g.w+x])
	}
}

// ends fills the bare line's look at the window's two ends: per column,
// the median of each end.
func (cd *clueDetector) ends(top, bottom []float64) {
	w := 2*cd.across + 1
	n := cd.along - cd.end + 1
	col := cd.column[:n]
	for u := 0; u < w; u++ {
		for k := 0; k < n; k++ {
			col[k] = cd.win[k*w+u]
		}
		insertionSort(col)
		top[u] = col[n/2]
		for k := 0; k < n; k++ {
			col[k] = cd.win[(2*cd.along-k)*w+u]
		}
		insertionSort(col)
		bottom[u] = col[n/2]
	}
}

// anyMark says whether enough pixels near the middle of the window, short
// of where glyphs can reach, are darker than the lighter end by the ink
// level; no bare line is lighter than that, so a window without them holds
// no clue.
func (cd *clueDetector) anyMark(top, bottom []float64) bool {
	w := 2*cd.across + 1
	n := 0
	reach := int(math.Round(clueGlyphGap * float64(cd.ci.px)))
	for v := -cd.innerAlong; v <= cd.innerAlong; v++ {
		row := (v + cd.along) * w
		for u := cd.across - reach; u <= cd.across+reach; u++ {
			if math.Max(top[u], bottom[u])-cd.win[row+u] > cd.inkLevel {
				n++
			}
		}
	}
	return 2*n >= cd.minArea
}

// findLine returns where the line runs across the two ends of a site's
// window, as offsets from where the rectification puts it, and whether it
// showed clearly in both ends at about the same place (zeros if not).
func (cd *clueDetector) findLine(sample func(u, v int) float64) (float64, float64, bool) {
	search := int(math.Round(clueLineSearch * float64(cd.ci.px)))
	// The line is where the profile dips below both its sides, not where
	// it is darkest: across a shadow's edge the darkest place is the
	// window's darker end.
	side := max(2, int(math.Round(clueLineSide*float64(cd.ci.px))))
	// One place beyond the search is looked at too: a dip deepest there
	// is the side of a shadow or of a shaded cell, still falling.
	reach := search + side + 2
	var at [2]int
	for k, sign := range []int{-1, 1} {
		profile := make([]float64, 2*reach+1)
		col := cd.column[:cd.along-cd.end+1]
		for u := -reach; u <= reach; u++ {
			for j := range col {
				col[j] = sample(u, sign*(cd.end+j))
			}
			insertionSort(col)
			profile[u+reach] = col[len(col)/2]
		}
		smooth := func(i int) float64 { return (profile[i-1] + 2*profile[i] + profile[i+1]) / 4 }
		best, bestU := math.Inf(-1), 0
		for u := -search - 1; u <= search+1; u++ {
			i := u + reach
			if d := math.Min(smooth(i-side), smooth(i+side)) - smooth(i); d > best {
				best, bestU = d, u
			}
		}
		if best < clueLineDip*cd.contrast || bestU < -search || bestU > search {
			return 0, 0, false
		}
		at[k] = bestU
	}
	if max(at[0]-at[1], at[1]-at[0]) > max(1, int(math.Round(clueLineSlant*float64(cd.ci.px)))) {
		return 0, 0, false
	}
	return float64(at[0]), float64(at[1]), true
}

// How far the line is looked for either side of where the rectification
// puts it, how much it must darken the paper to be followed, and how
// aslant it may run across one segment, as shares of a cell or of the
// contrast.
const (
	clueLineSearch = 0.22
	clueLineDip    = 0.04
	clueLineSlant  = 0.12
	// clueLineSide is how far to either side of a place the paper it
	// must be darker than is read: beyond a blurred line's half-width.
	clueLineSide = 0.1
)

// insertionSort sorts the short slices of one window's rows and columns
// without sort's overhead.
func insertionSort(a []float64) {
	for i := 1; i < len(a); i++ {
		v, j := a[i], i
		for j > 0 && a[j-1] > v {
			a[j] = a[j-1]
			j--
		}
		a[j] = v
	}
}

func clampInt(v, lo, hi int) int { return min(max(v, lo), hi) }

// clueTrace, when set (by tests), sees every site that was matched
// against the templates and how well it matched.
var clueTrace func(cd *clueDetector, cx, cy int, vertical bool, match, amp float64, kind clueShapeKind)

var clueProfileTrace func(top, bottom []float64, paper, hide float64)
