package clueread

import (
	"math"

	"binocle/solver"
	"binocle/vision/internal/raster"
)

// at judges the segment whose middle is (cx, cy) in the rectified grid.
// Windows are stored with u across the line and v along it, so that both
// orientations are measured alike.
func (cd *clueDetector) at(cx, cy int, vertical bool) (solver.Relation, bool) {
	top, bottom, u0, ok := cd.window(cx, cy, vertical)
	if !ok || !cd.excess(top, bottom, u0) {
		return 0, false
	}
	mu, mv, ok := cd.markCentre(cx, cy, vertical, u0)
	if !ok {
		return 0, false
	}
	m, ok := cd.matchShape(mu, mv)
	if !ok {
		return 0, false
	}
	return cd.judge(cx, cy, vertical, top, bottom, mu, mv, m)
}

// window samples the site into cd.win, following the line where it
// strays from the rectification, and returns the line's profile across it
// at both ends (top, bottom) and where across the window the line runs
// (u0); false when nothing near the line is darker than its ends.
func (cd *clueDetector) window(cx, cy int, vertical bool) (top, bottom []float64, u0 int, ok bool) {
	ci := cd.ci
	w := 2*cd.across + 1
	sample := func(u, v int) float64 {
		x, y := cx+u, cy+v
		if !vertical {
			x, y = cx+v, cy+u
		}
		x = min(max(x, 0), ci.Gray.W-1)
		y = min(max(y, 0), ci.Gray.H-1)
		return float64(ci.Gray.At(x, y))
	}
	top = make([]float64, w)
	bottom = make([]float64, w)
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
		return nil, nil, 0, false
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
	p := &Tuned.Templates
	paper := raster.Percentile(both, p.paperQuantile)
	u0 = 0
	var dip, dipU float64
	for u := -cd.shift; u <= cd.shift; u++ {
		d := math.Max(0, paper-both[u+cd.across]-p.dipInk*cd.inkLevel)
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
	return top, bottom, u0, true
}

// excess fills cd.e with the window's darkness over the bare line and
// tells whether any of it is ink near the line.
func (cd *clueDetector) excess(top, bottom []float64, u0 int) bool {
	w := 2*cd.across + 1
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
	return Tuned.Templates.innerShare.Of(inner, cd.minArea)
}

// markCentre flattens shadows out of cd.e and finds the mark's middle
// (mu across the line, mv along it); false when the ink is not laid out
// as a clue's is: on the line, symmetric about it and along it.
func (cd *clueDetector) markCentre(cx, cy int, vertical bool, u0 int) (mu, mv int, ok bool) {
	w := 2*cd.across + 1
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
	inner := 0
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
	p := &Tuned.Templates
	if dark < cd.minArea || !p.innerShare.Of(inner, cd.minArea) || !p.balance.Of(min(left, right), max(left, right)) ||
		!p.balance.Of(min(nearLeft, nearRight), max(nearLeft, nearRight)) {
		if clueTrace != nil && dark > 0 {
			clueTrace(cd, cx, cy, vertical, -float64(left), -float64(right), 0)
		}
		return 0, 0, false
	}
	mv = raster.ClampInt(int(math.Round(float64(sumV)/float64(dark))), -cd.shift, cd.shift)
	mu = u0
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
	if !p.alongBalance.Of(min(before, after), max(before, after)) {
		return 0, 0, false
	}

	return mu, mv, true
}

// clueShapeMatch is the best match of a mark with the clue templates: its
// correlation, its amplitude (the stroke's darkness), the template's
// shape and half-size, and the offset it was found at.
type clueShapeMatch struct {
	best, amp float64
	kind      clueShapeKind
	half      float64
	u, v      int
}

// matchShape correlates the mark at (mu, mv) with every template at every
// offset within a pixel; it records each shape's best in cd.kindBest.
func (cd *clueDetector) matchShape(mu, mv int) (clueShapeMatch, bool) {
	w := 2*cd.across + 1
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
		return clueShapeMatch{}, false
	}
	cd.kindBest = [3]float64{-1, -1, -1}
	best, bestAmp := -1.0, 0.0
	var bestKind clueShapeKind
	var bestHalf float64
	bestU, bestV := mu, mv
	set := cd.set
	nn := 2*set.Reach + 1
	for k, t := range set.Templates {
		for dv := mv - 1; dv <= mv+1; dv++ {
			for du := mu - 1; du <= mu+1; du++ {
				sum := set.Sums[(k*nn+dv+set.Reach)*nn+du+set.Reach]
				st, stt := sum[0], sum[1]
				var set float64
				for v := -cd.core; v <= cd.core; v++ {
					row := (v + cd.along) * w
					for u := -cd.match; u <= cd.match; u++ {
						set += t.At(u-du, v-dv) * cd.e[row+u+cd.across]
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
	return clueShapeMatch{best: best, amp: bestAmp, kind: bestKind, half: bestHalf, u: bestU, v: bestV}, true
}

// judge takes the matched mark for a clue when its stroke is dark enough
// for how closely it matched, and tells '=' from 'x'.
func (cd *clueDetector) judge(cx, cy int, vertical bool, top, bottom []float64, mu, mv int, m clueShapeMatch) (solver.Relation, bool) {
	w := 2*cd.across + 1
	p := &Tuned.Templates
	best, bestAmp, bestKind, bestHalf, bestU, bestV := m.best, m.amp, m.kind, m.half, m.u, m.v
	cd.centreRatio = cd.centre(w, mu, mv)
	cd.diagonal = cd.diagonalShare(w, bestU, bestV, bestHalf)
	if clueTrace != nil {
		clueTrace(cd, cx, cy, vertical, best, bestAmp, bestKind)
	}
	// A clue drawn in a paler ink than the lines is taken on a closer
	// match with its shape.
	stroke := p.strokeDark
	if best >= p.matchSure {
		stroke = p.strokePale
	}
	// A shadow scales the ink's darkness over its paper with the light
	// falling on both, so a stroke in the shade is weighed against the
	// contrast there; never below half of it, where little is left. The
	// lighter end tells the shade: a shadow's edge crossing the site
	// leaves one end lit, and is held to the full contrast.
	shade := 1.0
	if cd.light > 0 {
		lit := math.Max(raster.Percentile(top, p.paperQuantile), raster.Percentile(bottom, p.paperQuantile))
		shade = raster.Clamp(lit/cd.light, p.shadeMin, 1)
	}
	if best < p.match || bestAmp < math.Max(stroke*cd.contrast*shade, p.strokeMin) {
		return 0, false
	}
	// Every way on from here takes the mark for a clue.
	if bestAmp < p.strokeDark*cd.contrast*shade {
		cd.paleMarks++
	}
	// Blur rounds both shapes into blobs that match each other's
	// templates almost as well; then the crossing, darkest where two
	// strokes overlap, or ink at the corners of the mark's box rather
	// than at its sides' middles tells an 'x', and bars blurred into one
	// block, inked along their long sides and no darker in the middle, an
	// '='.
	crossClose := cd.kindBest[clueCross] > best-p.blurMargin
	barsClose := math.Max(cd.kindBest[clueBarsAcross], cd.kindBest[clueBarsAlong]) > best-p.blurMargin
	alongClose := cd.kindBest[clueBarsAlong] > best-p.blurMargin
	switch {
	case bestKind == clueCross && barsClose && cd.diagonal < p.diagonalBars && cd.centreRatio < p.blockCentre:
		return solver.Equal, true
	case bestKind == clueCross && alongClose && cd.splay(w, bestU, bestV, bestHalf) < p.splayBars:
		return solver.Equal, true
	case bestKind == clueCross:
		return solver.Differ, true
	case crossClose && (cd.centreRatio >= p.crossCentre || cd.diagonal >= p.diagonalCross):
		return solver.Differ, true
	}
	return solver.Equal, true
}

// splay is how much farther from the line the mark's ink lies towards its
// ends along the line than about its middle. The bare line taken off a
// mark on it eats the crossing of an 'x' and the gap between bars along
// the line alike, and what is left of either is two strokes, one each
// side; the strokes of an 'x' splay out towards their ends, bars keep
// their distance.
func (cd *clueDetector) splay(w, mu, mv int, half float64) float64 {
	h := math.Max(1, Tuned.Templates.splayMiddle*half)
	var in, inN, out, outN float64
	for v := -cd.core; v <= cd.core; v++ {
		dv := math.Abs(float64(v - mv))
		if dv > Tuned.Templates.splayEnds*h {
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
	r := max(1, int(math.Round(Tuned.Templates.centreRadius*float64(cd.ci.Px))))
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
	h := int(math.Round(half * Tuned.Templates.diagonalReach))
	if h < 2 {
		return 0
	}
	at := func(u, v int) float64 {
		var s float64
		for dv := -1; dv <= 1; dv++ {
			for du := -1; du <= 1; du++ {
				uu := raster.ClampInt(u+du, -cd.core, cd.core)
				vv := raster.ClampInt(v+dv, -cd.core, cd.core)
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
// part's level, the light quantile.
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
		raster.InsertionSort(vals)
		low := math.Max(0, vals[int(Tuned.Templates.light*float64(n-1))])
		for b := -cd.core; b <= cd.core; b++ {
			cd.e[idx(b)] -= low
		}
	}
}

// sampleRow copies the window row at v along the line, from u0 across it
// on, out of the grid, clamping at the grid's edges.
func (cd *clueDetector) sampleRow(row []float64, cx, cy, u0, v int, vertical bool) {
	g := cd.ci.Gray
	if vertical {
		y := min(max(cy+v, 0), g.H-1) * g.W
		x0 := cx + u0
		if x0 >= 0 && x0+len(row) <= g.W {
			for k := range row {
				row[k] = float64(g.Pix[y+x0+k])
			}
			return
		}
		for k := range row {
			row[k] = float64(g.Pix[y+min(max(x0+k, 0), g.W-1)])
		}
		return
	}
	x := min(max(cx+v, 0), g.W-1)
	for k := range row {
		row[k] = float64(g.Pix[min(max(cy+u0+k, 0), g.H-1)*g.W+x])
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
		raster.InsertionSort(col)
		top[u] = col[n/2]
		for k := 0; k < n; k++ {
			col[k] = cd.win[(2*cd.along-k)*w+u]
		}
		raster.InsertionSort(col)
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
	reach := int(math.Round(Tuned.Templates.glyphGap * float64(cd.ci.Px)))
	for v := -cd.innerAlong; v <= cd.innerAlong; v++ {
		row := (v + cd.along) * w
		for u := cd.across - reach; u <= cd.across+reach; u++ {
			if math.Max(top[u], bottom[u])-cd.win[row+u] > cd.inkLevel {
				n++
			}
		}
	}
	return Tuned.Templates.innerShare.Of(n, cd.minArea)
}

// findLine returns where the line runs across the two ends of a site's
// window, as offsets from where the rectification puts it, and whether it
// showed clearly in both ends at about the same place (zeros if not).
func (cd *clueDetector) findLine(sample func(u, v int) float64) (float64, float64, bool) {
	p := &Tuned.Templates
	search := int(math.Round(p.lineSearch * float64(cd.ci.Px)))
	// The line is where the profile dips below both its sides, not where
	// it is darkest: across a shadow's edge the darkest place is the
	// window's darker end.
	side := max(2, int(math.Round(p.lineSide*float64(cd.ci.Px))))
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
			raster.InsertionSort(col)
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
		if best < p.lineDip*cd.contrast || bestU < -search || bestU > search {
			return 0, 0, false
		}
		at[k] = bestU
	}
	if max(at[0]-at[1], at[1]-at[0]) > max(1, int(math.Round(p.lineSlant*float64(cd.ci.Px)))) {
		return 0, 0, false
	}
	return float64(at[0]), float64(at[1]), true
}

// clueTrace, when set (by tests), sees every site that was matched
// against the templates and how well it matched.
var clueTrace func(cd *clueDetector, cx, cy int, vertical bool, match, amp float64, kind clueShapeKind)

var clueProfileTrace func(top, bottom []float64, paper, hide float64)
