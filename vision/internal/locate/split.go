package locate

import (
	"math"
	"sort"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// Two grids printed one above the other, a caption's height apart, can
// close into one lattice: the gap between them is about a cell high, and
// their columns line up. The lattice then spans both, a sudoku and three
// rows of its neighbour read as one 9×12 grid. A ruled grid's lines cross
// every one of its strips; no line crosses the gap. splitAtBareStrips
// cuts a ruled grid at every strip its lines do not cross and keeps the
// longest run of strips between the cuts.

// splitAtBareStrips is c cut at the strips, on either axis, that none of
// its lines cross, keeping the longest run of crossed strips; c itself
// when its lines are not seen crossing most strips (a grid printed
// without lines, app tiles) or every strip is crossed.
func splitAtBareStrips(gray raster.Plane, c Candidate) Candidate {
	cols, rows := c.Cols.N, c.Rows.N
	if cols < MinPuzzleSide || rows < MinPuzzleSide {
		return c
	}
	h, ok := geom.FromQuads(RectCorners(float64(cols), float64(rows)), c.Quad)
	if !ok {
		return c
	}
	g := glyphLines{p: gray, h: h}
	if g.paperGrey(cols, rows) < locating.split.minPaper {
		return c
	}
	// keep[axis] is the run of strips kept along axis: axis 0 the
	// columns, crossed by the row lines, axis 1 the rows, crossed by the
	// column lines.
	var keep [2][2]int
	cut := false
	for axis := 0; axis < 2; axis++ {
		n, lines := cols, rows
		if axis == 1 {
			n, lines = rows, cols
		}
		crossed := g.stripsCrossed(1-axis, n, lines)
		// A gap between two printed grids lies between their borders,
		// dark rules both: a strip the measure missed its lines across
		// (a row of shaded cells, the light lines of a web board) does not.
		ruled := func(k int) bool { return g.printedRule(axis, float64(k), float64(lines)) }
		from, to, split := longestCrossedRun(crossed, func(i int) bool { return ruled(i) && ruled(i+1) })
		// The grid's own lines, light ones too, run along its border;
		// a line through the text beyond it does not.
		lined := func(k int) bool { return g.lineAlong(axis, float64(k), float64(lines)) }
		if f, t := offRuledEdges(crossed, from, to, lined); f != from || t != to {
			from, to, split = f, t, true
		}
		keep[axis] = [2]int{from, to}
		cut = cut || split
		if raster.Trace != nil {
			raster.Trace("split: axis %d strips crossed %.2f, kept %d..%d of %d", axis, crossed, from, to, n)
		}
	}
	if !cut {
		return c
	}
	in, ok := c.Inner(keep[1][0], rows-keep[1][1], keep[0][0], cols-keep[0][1])
	if !ok || in.Rows.N < MinPuzzleSide || in.Cols.N < MinPuzzleSide || !IsConvexOrdered(in.Quad) {
		return c
	}
	in.Complete = false
	return in
}

// stripsCrossed is, for each of the n strips between lines along the
// other axis, the median share of the lines of axis (lines+1 of them,
// 0..lines) seen crossing it.
func (g glyphLines) stripsCrossed(axis, n, lines int) []float64 {
	s := locating.split
	out := make([]float64, n)
	for i := range out {
		var shares []float64
		// A dozen lines tell the median as well as forty.
		for k := 0; k <= lines; k += max(1, lines/s.maxLines) {
			best, _ := bestNear(float64(k), s.reach, s.step, func(k float64) float64 {
				return g.ridgeShareOf(axis, k, float64(i)+s.inset, float64(i+1)-s.inset, s.samples, s.depth, 0)
			})
			shares = append(shares, best)
		}
		sort.Float64s(shares)
		out[i] = shares[len(shares)/2]
	}
	return out
}

// printedRule tells whether the line k of axis, along run cells of the
// other, is a printed rule: dark against the paper beside it, in
// proportion to that paper, along nearly all of its run.
func (g glyphLines) printedRule(axis int, k, run float64) bool {
	return g.ridgeAlong(axis, k, run, locating.split.ruleDepthShare)
}

// lineAlong tells whether a line of the grid, dark or light, runs along
// the line k of axis for nearly all of its run cells: printedRule's test
// with only the depth a line crossing a strip is seen by.
func (g glyphLines) lineAlong(axis int, k, run float64) bool {
	return g.ridgeAlong(axis, k, run, 0)
}

// ridgeAlong tells whether a ridge at least depth grey levels, and
// depthShare of the paper's grey, under the paper beside it runs near
// the line k of axis along minRuleShare of its run cells.
func (g glyphLines) ridgeAlong(axis int, k, run, depthShare float64) bool {
	s := locating.split
	best, _ := bestNear(k, s.reach, s.step, func(k float64) float64 {
		return g.ridgeShareOf(axis, k, 0, run, min(int(math.Round(run*4)), 48), s.depth, depthShare)
	})
	return best >= s.minRuleShare
}

// longestCrossedRun is the longest run from..to (to exclusive) of strips
// crossed, and whether it leaves any out: none when the lines cross too
// few strips for a ruled grid's. Only a bare strip with crossed strips on
// both sides cuts: at the grid's edge, a shadow or a row of shaded cells
// hides the lines as well as a gap would, and the growers and trimmers
// that follow the grid's lines judge its edges.
func longestCrossedRun(crossed []float64, gap func(i int) bool) (from, to int, split bool) {
	s := locating.split
	n := len(crossed)
	typical := median(crossed)
	if typical < s.minRuled {
		return 0, n, false
	}
	bare := make([]bool, n)
	first, last := -1, -1
	for i, c := range crossed {
		bare[i] = c < s.maxBare*typical
		if !bare[i] {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	start := 0
	for i := 0; i <= n; i++ {
		if i < n && (!bare[i] || i < first || i > last || !gap(i)) {
			continue
		}
		if i-start > to-from {
			from, to = start, i
		}
		start = i + 1
	}
	return from, to, to-from < n
}

// offRuledEdges is the run from..to of strips without the bare strips
// at either end that lie outside the grid's printed border: the strip
// next to the crossed strips crossed by next to none of the lines, a
// line of the grid between it and them and none beyond it.
// A lattice that ran on past a ruled grid's border into the text below
// it (its lines' pitch close to the text's) ends so: the grid's lines
// stop at the border, and no rule closes the text's strip. A row of
// shaded cells hides the lines across it as well, but the grid's
// border still rules it on the outside, and longestCrossedRun's
// caution about the edges holds for it.
func offRuledEdges(crossed []float64, from, to int, lined func(k int) bool) (int, int) {
	s := locating.split
	typical := median(crossed)
	// A grid of light lines, or none, gives no edge to stop at.
	if typical < s.minRuled {
		return from, to
	}
	bare := func(i int) bool { return crossed[i] < s.maxBare*typical }
	last := to - 1
	for last >= from && bare(last) {
		last--
	}
	if j := last + 1; j < to && j-from >= MinPuzzleSide && crossed[j] < s.maxEdgeCrossed && lined(j) && !lined(j+1) {
		to = j
	}
	first := from
	for first < to && bare(first) {
		first++
	}
	if j := first - 1; j >= from && to-first >= MinPuzzleSide && crossed[j] < s.maxEdgeCrossed && lined(first) && !lined(j) {
		from = first
	}
	return from, to
}

// median is the middle of vs (the upper one of an even count), as
// longestCrossedRun takes the typical strip's share.
func median(vs []float64) float64 {
	sorted := append([]float64(nil), vs...)
	sort.Float64s(sorted)
	return sorted[len(sorted)/2]
}

// paperGrey is the median grey a quarter cell in from each cell's
// corners: on a ruled grid, the paper between its lines and glyphs.
func (g glyphLines) paperGrey(cols, rows int) float64 {
	var vs []float64
	step := max(1, max(rows, cols)/locating.split.maxLines)
	for r := 0; r < rows; r += step {
		for c := 0; c < cols; c += step {
			for _, d := range [4][2]float64{{0.25, 0.25}, {0.75, 0.25}, {0.25, 0.75}, {0.75, 0.75}} {
				if v, ok := g.p.Bilinear(g.h.Apply(float64(c)+d[0], float64(r)+d[1])); ok {
					vs = append(vs, v)
				}
			}
		}
	}
	return raster.Percentile(vs, 0.5)
}
