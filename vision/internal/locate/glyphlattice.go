package locate

import (
	"fmt"
	"math"
	"sort"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// A light grid whose thin lines are as weak as the paper's grain, or
// broken by discs that fill its cells, closes too few cells for any
// boundary map to show a lattice. Its glyphs still sit on the lattice:
// their centres give the pitch, the angle and the projective map, and
// once the map says where each line must run, a line a grey level or two
// deep shows plainly when the image is averaged along it. The grid's
// extent is where those lines stop, not where the glyphs happen to be.

// latticeInk is the flattened grey (paper at about 200) under which a
// pixel is a glyph's ink; a light grid's lines stay well above it.
const latticeInk = 140

// inkSpotFamilies finds the isolated spots of ink (under latticeInk) in a
// flattened gray plane and groups them by size, as the glyph rungs look
// for a grid's glyphs among them: the spots, one of each size family
// (single) and the families as ranges of single.
func inkSpotFamilies(p raster.Plane) (spots, single []spot, fams [][2]int) {
	spots = isolatedSpots(colourSpots(inkUnder(p, latticeInk), p.W, p.H))
	single, fams = spotFamilies(spots, maxGlyphFamilies)
	return spots, single, fams
}

// inkUnder marks the pixels of p darker than level.
func inkUnder(p raster.Plane, level uint8) []byte {
	mask := make([]byte, len(p.Pix))
	for i, v := range p.Pix {
		if v < level {
			mask[i] = 255
		}
	}
	return mask
}

// glyphGrid finds the grid in a flattened gray plane from its glyphs and
// confirms it by its lines.
func glyphGrid(p raster.Plane) (Candidate, bool) {
	// A page of text around a sparse grid can have more letters, by
	// area, than the grid has glyphs; the letters fit no lattice the
	// lines confirm, and the glyphs' own size comes next.
	spots, single, fams := inkSpotFamilies(p)
	for _, f := range fams {
		if raster.Trace != nil {
			raster.Trace("glyph family sizes %.1f..%.1f: %d spots", single[f[0]].size(), single[f[1]-1].size(), f[1]-f[0])
		}
		if c, ok := glyphGridOf(p, spots, single, f[0], f[1]); ok {
			return c, true
		}
	}
	return Candidate{}, false
}

// maxGlyphFamilies is how many spot sizes glyphGrid tries as the glyphs'.
const maxGlyphFamilies = 3

// glyphGridOf is glyphGrid for the spots single[lo:hi] as the glyphs.
func glyphGridOf(p raster.Plane, spots, single []spot, lo, hi int) (Candidate, bool) {
	if hi-lo < 6 {
		return Candidate{}, false
	}
	l, ok := fitSpotLatticeOf(single, lo, hi, true)
	if !ok || l.residual > locating.glyphs.maxResidual || len(l.at) < 6 {
		if raster.Trace != nil {
			raster.Trace("glyph lattice: %d spots, family %d, fit %v", len(spots), hi-lo, ok)
		}
		return Candidate{}, false
	}
	minC, minR, maxC, maxR := l.bounds()
	g := glyphLines{p: p, h: l.toImage}
	g = g.refined(minC, minR, maxC+1, maxR+1)
	typical := g.innerDepth(minC, minR, maxC, maxR)
	if typical < locating.glyphs.minLine {
		if raster.Trace != nil {
			raster.Trace("glyph lattice %d spots: inner lines %.2f", len(l.at), typical)
		}
		return Candidate{}, false
	}
	// The grid ends where its lines stop, on each side: a strip of cells
	// is the grid's while the lines across it run on, as deep as the
	// grid's, along most of the strip, pooled over all of them. That
	// holds where a border was never drawn, and text beyond the border,
	// which lines up with a row line now and then, does not pass it.
	// The glyphs' box is the start; a stray glyph outside the grid
	// widened it, and its strip is dropped first.
	grow := math.Max(locating.glyphs.minLine, typical/2)
	box := glyphBox{c0: minC, r0: minR, c1: maxC + 1, r1: maxR + 1}
	if raster.Trace != nil {
		box.traceStrips(g, grow)
	}
	settled, g, weakest, ok := box.extent(g, l, grow, glyphCells(spots, single[lo:hi], l))
	if !ok {
		return Candidate{}, false
	}
	c0, r0, c1, r1 := settled.c0, settled.r0, settled.c1, settled.r1
	inside := 0
	for p := range l.at {
		if p.col >= c0 && p.col < c1 && p.row >= r0 && p.row < r1 {
			inside++
		}
	}
	rows, cols := r1-r0, c1-c0
	if raster.Trace != nil {
		raster.Trace("glyph lattice %d spots: grid %dx%d (glyphs %dx%d) lines %.2f weakest %.2f of need resid %.3f", len(l.at), rows, cols, maxR-minR+1, maxC-minC+1, typical, weakest, l.residual)
	}
	if weakest < 1 || rows < 4 || cols < 4 || inside < 6 {
		return Candidate{}, false
	}
	// The glyphs must be the grid's: a few cells of it holding a handful
	// could be a chance lattice of something else.
	if 16*inside < rows*cols && inside < 12 {
		return Candidate{}, false
	}
	var q [4][2]float64
	for i, c := range [4][2]int{{c0, r0}, {c1, r0}, {c1, r1}, {c0, r1}} {
		q[i][0], q[i][1] = g.h.Apply(float64(c[0]), float64(c[1]))
	}
	if !IsConvexOrdered(q) {
		return Candidate{}, false
	}
	ev := noEvidence
	ev.Spots, ev.Residual = len(l.at), raster.RoundTo(l.residual, 3)
	return Candidate{Quad: q, Area: geom.QuadArea(q), Rows: PeriodFit{N: rows, Score: 1}, Cols: PeriodFit{N: cols, Score: 1}, Method: MethodGlyphLattice, Evidence: ev}, true
}

// innerDepth is how deep the inner lines of the glyphs' own box
// [minC, maxC] x [minR, maxR] are, typically: a line further out must
// match it to be one of this grid's.
func (g glyphLines) innerDepth(minC, minR, maxC, maxR int) float64 {
	var inner []float64
	for k := minC + 1; k <= maxC; k++ {
		inner = append(inner, g.depth(0, float64(k), minR, maxR+1))
	}
	for k := minR + 1; k <= maxR; k++ {
		inner = append(inner, g.depth(1, float64(k), minC, maxC+1))
	}
	return raster.Percentile(inner, 0.5)
}

// traceStrips tells the locate trace how plainly the lines cross each
// strip of the box and two beyond each side.
func (b glyphBox) traceStrips(g glyphLines, grow float64) {
	var cs, rs []string
	for c := b.c0 - 2; c < b.c1+2; c++ {
		cs = append(cs, fmt.Sprintf("%.1f", b.colStrip(g, c)))
	}
	for r := b.r0 - 2; r < b.r1+2; r++ {
		rs = append(rs, fmt.Sprintf("%.1f", b.rowStrip(g, r)))
	}
	raster.Trace("glyph strips (grow %.2f): cols %v rows %v", grow, cs, rs)
}

// extent settles the glyphs' box onto the grid's extent (see glyphGridOf):
// the box settled, the lines refined to it, the weakest strip's share of
// what it needed, and whether it settled.
func (b glyphBox) extent(base glyphLines, l spotLattice, grow float64, occupied map[latticePos]bool) (glyphBox, glyphLines, float64, bool) {
	settled, g, weakest, ok := b.settle(base, grow, occupied)
	if !ok || weakest < 1 {
		// Text around a grid without a border lines up with one of its
		// strips now and then, far out where a stray glyph stretched
		// the box: trimming from outside stops there. The grid's strips
		// run on unbroken from where its glyphs are thickest.
		midC, midR := l.median()
		around := b
		around.c0, around.c1 = runAround(func(c int) float64 { return b.colStrip(base, c) }, b.c0, b.c1, midC, grow)
		around.r0, around.r1 = runAround(func(r int) float64 { return b.rowStrip(base, r) }, b.r0, b.r1, midR, grow)
		if around != b {
			settled, g, weakest, ok = around.settle(base, grow, occupied)
			// A grid so found must end where its glyphs do: a strip
			// beside it as full of them as its own is the grid going
			// on with its lines washed out, and the box a part of it.
			if ok && l.crowdedBeside(settled) {
				ok = false
			}
		}
	}
	if ok {
		if cut := settled.cutAtEmpty(g, grow, occupied); cut != settled {
			settled, g, weakest, ok = cut.settle(base, grow, occupied)
		}
	}
	return settled, g, weakest, ok
}

// glyphBox is a span of lattice columns [c0, c1) and rows [r0, r1).
type glyphBox struct{ c0, r0, c1, r1 int }

// colStrip is how plainly the row lines run across lattice column c,
// within the box's rows; rowStrip likewise.
func (b glyphBox) colStrip(g glyphLines, c int) float64 {
	return g.across(1, b.r0, b.r1, float64(c), float64(c+1))
}

func (b glyphBox) rowStrip(g glyphLines, r int) float64 {
	return g.across(0, b.c0, b.c1, float64(r), float64(r+1))
}

// settle trims the box's outer strips whose lines do not run on, then
// grows it while they do. It returns the box, the lines refined to it,
// and its weakest inner line in units of locating.glyphs.minLine; ok is
// false when
// the lines run on past any puzzle's size.
func (b glyphBox) settle(g glyphLines, grow float64, occupied map[latticePos]bool) (glyphBox, glyphLines, float64, bool) {
	if b.c1 <= b.c0 || b.r1 <= b.r0 {
		return b, g, 0, false
	}
	for changed := true; changed; {
		changed = false
		// A strip as full of glyphs as the box's own is the grid's
		// even where its lines are not seen: on bent paper the lines
		// at the far side run off the projective map, while a stray
		// glyph of text beside the grid stands alone in its strip.
		rowCounts, colCounts, in := b.glyphCounts(occupied)
		perCol, perRow := float64(in)/float64(b.c1-b.c0), float64(in)/float64(b.r1-b.r0)
		left, right := colCounts[0], colCounts[len(colCounts)-1]
		top, bottom := rowCounts[0], rowCounts[len(rowCounts)-1]
		if b.c1-b.c0 > 1 && b.colStrip(g, b.c0) < grow && !filled(left, perCol) {
			b.c0, changed = b.c0+1, true
		}
		if b.c1-b.c0 > 1 && b.colStrip(g, b.c1-1) < grow && !filled(right, perCol) {
			b.c1, changed = b.c1-1, true
		}
		if b.r1-b.r0 > 1 && b.rowStrip(g, b.r0) < grow && !filled(top, perRow) {
			b.r0, changed = b.r0+1, true
		}
		if b.r1-b.r0 > 1 && b.rowStrip(g, b.r1-1) < grow && !filled(bottom, perRow) {
			b.r1, changed = b.r1-1, true
		}
	}
	for changed := true; changed; {
		changed = false
		if b.c1-b.c0 > maxGlyphCells || b.r1-b.r0 > maxGlyphCells {
			return b, g, 0, false
		}
		if b.colStrip(g, b.c0-1) >= grow {
			b.c0, changed = b.c0-1, true
		}
		if b.colStrip(g, b.c1) >= grow {
			b.c1, changed = b.c1+1, true
		}
		if b.rowStrip(g, b.r0-1) >= grow {
			b.r0, changed = b.r0-1, true
		}
		if b.rowStrip(g, b.r1) >= grow {
			b.r1, changed = b.r1+1, true
		}
	}
	g = g.refined(b.c0, b.r0, b.c1, b.r1)
	// Every inner line of the grid must be there along most of its run.
	weakest := math.Inf(1)
	for k := b.c0 + 1; k < b.c1; k++ {
		weakest = math.Min(weakest, g.depth(0, float64(k), b.r0, b.r1)/locating.glyphs.minLine)
	}
	for k := b.r0 + 1; k < b.r1; k++ {
		weakest = math.Min(weakest, g.depth(1, float64(k), b.c0, b.c1)/locating.glyphs.minLine)
	}
	return b, g, weakest, true
}

// minFullStrip is the fewest glyphs a box's strips must hold on average
// for a strip with none, and no lines across it, to be taken as a gap
// between the grid and print beside it: a puzzle's rows are seldom
// empty when they average this many givens.
const minFullStrip = 4

// cutAtEmpty splits box b at a strip that holds no glyph and that no
// lines run across, in a box whose strips are full of glyphs, and keeps
// the part with more of them: text lined up with a washed-out grid's
// lattice, a blank line's height below it, is not the grid going on.
func (b glyphBox) cutAtEmpty(g glyphLines, grow float64, occupied map[latticePos]bool) glyphBox {
	for changed := true; changed; {
		changed = false
		rows, cols := b.r1-b.r0, b.c1-b.c0
		if rows < 3 || cols < 3 {
			return b
		}
		perRow, perCol, in := b.glyphCounts(occupied)
		if lo, hi, ok := emptyStripCut(perRow, in, func(k int) bool { return b.rowStrip(g, b.r0+k) < grow }); ok {
			b.r0, b.r1 = b.r0+lo, b.r0+hi
			changed = true
			continue
		}
		if lo, hi, ok := emptyStripCut(perCol, in, func(k int) bool { return b.colStrip(g, b.c0+k) < grow }); ok {
			b.c0, b.c1 = b.c0+lo, b.c0+hi
			changed = true
		}
	}
	return b
}

// emptyStripCut finds, among strips holding counts glyphs (in in all),
// the first inner one with none and no lines across it (bare), when the
// strips are full enough for an empty one to mean a gap, and returns the
// span [lo, hi) of strips on the side of it with more of the glyphs.
func emptyStripCut(counts []int, in int, bare func(k int) bool) (int, int, bool) {
	if float64(in) < minFullStrip*float64(len(counts)) {
		return 0, 0, false
	}
	before := 0
	for k := 1; k+1 < len(counts); k++ {
		before += counts[k-1]
		if counts[k] != 0 || !bare(k) {
			continue
		}
		if 2*before >= in {
			return 0, k, true
		}
		return k + 1, len(counts), true
	}
	return 0, 0, false
}

// filled tells whether an outer strip holding n spots is as full as the
// box's strips, which hold per on average: at least half that, and more
// than the one stray glyph text lines up now and then.
func filled(n int, per float64) bool {
	return n >= 2 && float64(n) >= per/2
}

// glyphCounts counts the occupied cells in each of box b's rows and
// columns, and in all of it.
func (b glyphBox) glyphCounts(occupied map[latticePos]bool) (perRow, perCol []int, in int) {
	perRow, perCol = make([]int, max(0, b.r1-b.r0)), make([]int, max(0, b.c1-b.c0))
	for p := range occupied {
		if p.row < b.r0 || p.row >= b.r1 || p.col < b.c0 || p.col >= b.c1 {
			continue
		}
		in++
		perRow[p.row-b.r0]++
		perCol[p.col-b.c0]++
	}
	return perRow, perCol, in
}

// glyphCells marks the lattice cells that hold a glyph at their centre:
// any of the spots as tall or wide as the family's, whatever its shape.
// A 1 is too narrow for the family that places the lattice, yet as much
// the grid's glyph as a 0.
func glyphCells(spots, family []spot, l spotLattice) map[latticePos]bool {
	var dims []float64
	for _, s := range family {
		dims = append(dims, float64(max(s.w, s.h)))
	}
	dim := raster.Percentile(dims, 0.5)
	gp := locating.glyphs
	inv := l.toImage.Inverse()
	out := map[latticePos]bool{}
	for _, s := range spots {
		if d := float64(max(s.w, s.h)); d < gp.sizeMin*dim || d > gp.sizeMax*dim {
			continue
		}
		if at, du, dv := cellUnder(inv, s.x, s.y); math.Abs(du) <= gp.centreReach && math.Abs(dv) <= gp.centreReach {
			out[at] = true
		}
	}
	return out
}

// cellUnder is the lattice cell under the image point (x, y), through
// toLattice (a lattice's toImage inverted), and how far the point lies
// off the cell's middle, in cells, across and down.
func cellUnder(toLattice geom.Homography, x, y float64) (at latticePos, du, dv float64) {
	u, v := toLattice.Apply(x, y)
	c, r := math.Floor(u), math.Floor(v)
	return latticePos{col: int(c), row: int(r)}, u - c - 0.5, v - r - 0.5
}

// crowdedBeside tells whether a strip just outside box b holds half as
// many spots as the box's strips do on average.
func (l spotLattice) crowdedBeside(b glyphBox) bool {
	inside := 0
	var left, right, top, bottom int
	for p := range l.at {
		inRows := p.row >= b.r0 && p.row < b.r1
		inCols := p.col >= b.c0 && p.col < b.c1
		switch {
		case inRows && inCols:
			inside++
		case inRows && p.col == b.c0-1:
			left++
		case inRows && p.col == b.c1:
			right++
		case inCols && p.row == b.r0-1:
			top++
		case inCols && p.row == b.r1:
			bottom++
		}
	}
	perCol := float64(inside) / float64(b.c1-b.c0)
	perRow := float64(inside) / float64(b.r1-b.r0)
	if raster.Trace != nil {
		raster.Trace("glyphs beside %v: left %d right %d top %d bottom %d; per column %.1f per row %.1f", b, left, right, top, bottom, perCol, perRow)
	}
	return float64(max(left, right)) >= perCol/2 || float64(max(top, bottom)) >= perRow/2
}

// runAround narrows strips [lo, hi) to those reached from strip mid
// without crossing two weak ones in a row. One weak strip is let by: a
// glyph-crowded strip or a glare spot can hide a real strip's lines.
func runAround(strip func(int) float64, lo, hi, mid int, need float64) (int, int) {
	if mid < lo || mid >= hi {
		return lo, hi
	}
	a := mid
	for a > lo && (strip(a-1) >= need || a-1 > lo && strip(a-2) >= need) {
		a--
	}
	b := mid + 1
	for b < hi && (strip(b) >= need || b+1 < hi && strip(b+1) >= need) {
		b++
	}
	return a, b
}

// median is the lattice position with the median column and the median
// row of the spots placed on it.
func (l spotLattice) median() (int, int) {
	var cs, rs []int
	for p := range l.at {
		cs = append(cs, p.col)
		rs = append(rs, p.row)
	}
	if len(cs) == 0 {
		return 0, 0
	}
	sort.Ints(cs)
	sort.Ints(rs)
	return cs[len(cs)/2], rs[len(rs)/2]
}

// maxGlyphCells bounds a glyph lattice's grid: lines that go on further
// are ruled paper, not a puzzle.
const maxGlyphCells = 40

// isolatedSpots keeps the spots that no other spot crowds: a grid's
// glyphs stand a cell apart, a text's letters touch their neighbours.
func isolatedSpots(spots []spot) []spot {
	var out []spot
	for i, a := range spots {
		near := math.Inf(1)
		for j, b := range spots {
			if i != j {
				near = math.Min(near, math.Hypot(b.x-a.x, b.y-a.y)-float64(max(b.w, b.h))/2)
			}
		}
		if near >= locating.glyphs.isolation*float64(max(a.w, a.h)) {
			out = append(out, a)
		}
	}
	return out
}

// glyphLines measures lines of a lattice in a plane.
type glyphLines struct {
	p raster.Plane
	h geom.Homography
}

// depth is how far a lattice line stands under the paper beside it,
// averaged along its run from a0 to a1 across the other axis: axis 0 is
// the column line x = k, axis 1 the row line y = k. The median of the
// samples at each offset is taken, so glyphs and specks that reach the
// line here and there do not count.
func (g glyphLines) depth(axis int, k float64, a0, a1 int) float64 {
	return g.pooled(axis, []float64{k}, float64(a0), float64(a1))
}

// across is how deep the lines of axis, k0 to k1, stand along the run
// from a0 to a1 pooled: whether they run on across that strip.
func (g glyphLines) across(axis, k0, k1 int, a0, a1 float64) float64 {
	var ks []float64
	for k := k0; k <= k1; k++ {
		ks = append(ks, float64(k))
	}
	return g.pooled(axis, ks, a0, a1)
}

// pooled is depth for the lines ks together.
func (g glyphLines) pooled(axis int, ks []float64, a0, a1 float64) float64 {
	const steps = 12 // samples per cell along the line
	n := int(math.Round((a1 - a0) * steps))
	if n <= 0 || len(ks) == 0 {
		return 0
	}
	offs := locating.glyphs.lineOffsets
	prof := make([]float64, len(offs))
	vals := make([]float64, 0, n*len(ks))
	for oi, t := range offs {
		vals = vals[:0]
		for _, k := range ks {
			for s := 0; s < n; s++ {
				a := a0 + (float64(s)+0.5)/steps
				u, v := k+t, a
				if axis == 1 {
					u, v = a, k+t
				}
				x, y := g.h.Apply(u, v)
				if val, ok := g.p.Bilinear(x, y); ok {
					vals = append(vals, val)
				}
			}
		}
		if len(vals) < locating.glyphs.minSamples.FloorOf(n*len(ks)) {
			return 0
		}
		sort.Float64s(vals)
		prof[oi] = vals[len(vals)/2]
	}
	// Paper on both sides: the edge of a text block or a shadow is
	// dark on one side only.
	m := len(prof)
	bg := math.Min((prof[0]+prof[1]+prof[2])/3, (prof[m-1]+prof[m-2]+prof[m-3])/3)
	line := math.Inf(1)
	for oi := 3; oi < len(offs)-3; oi++ {
		line = math.Min(line, prof[oi])
	}
	return bg - line
}

// refined fits the lattice map again to where the lines are seen: the
// glyphs' centres place a lattice only to a few hundredths of a cell, and
// a line searched for that far off at the far side of a big grid is
// missed. Each line between c0..c1 and r0..r1 is found, a couple of cells
// of its run at a time, as the darkest offset near where the map puts it.
func (g glyphLines) refined(c0, r0, c1, r1 int) glyphLines {
	const seg = 2 // cells of run per measure
	gp := locating.glyphs
	var src, dst [][2]float64
	for axis := 0; axis < 2; axis++ {
		k0, k1, a0, a1 := c0, c1, r0, r1
		if axis == 1 {
			k0, k1, a0, a1 = r0, r1, c0, c1
		}
		for k := k0; k <= k1; k++ {
			for a := a0; a < a1; a += seg {
				e := min(a+seg, a1)
				best, dark := 0.0, math.Inf(1)
				for t := -gp.refineReach; t <= gp.refineReach+1e-4; t += gp.refineStep {
					if v := g.middle(axis, float64(k)+t, float64(a), float64(e)); v < dark {
						best, dark = t, v
					}
				}
				side := math.Min(g.middle(axis, float64(k)+best-gp.paperGap, float64(a), float64(e)), g.middle(axis, float64(k)+best+gp.paperGap, float64(a), float64(e)))
				if side-dark < locating.glyphs.minLine {
					continue
				}
				mid := float64(a+e) / 2
				u, v, lu, lv := float64(k)+best, mid, float64(k), mid
				if axis == 1 {
					u, v, lu, lv = mid, float64(k)+best, mid, float64(k)
				}
				x, y := g.h.Apply(u, v)
				src, dst = append(src, [2]float64{lu, lv}), append(dst, [2]float64{x, y})
			}
		}
	}
	if len(src) < 8 || !spansTwoAxes(src) {
		return g
	}
	if h, ok := FitHomography(src, dst); ok {
		g.h = h
	}
	return g
}

// middle is the median of the plane along the line k of axis from a0 to a1.
func (g glyphLines) middle(axis int, k, a0, a1 float64) float64 {
	const steps = 12
	var vals []float64
	for s := 0; s < int(math.Round((a1-a0)*steps)); s++ {
		a := a0 + (float64(s)+0.5)/steps
		u, v := k, a
		if axis == 1 {
			u, v = a, k
		}
		if val, ok := g.p.Bilinear(g.h.Apply(u, v)); ok {
			vals = append(vals, val)
		}
	}
	if len(vals) == 0 {
		return math.Inf(1)
	}
	sort.Float64s(vals)
	return vals[len(vals)/2]
}
