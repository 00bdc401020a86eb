package locate

import (
	"math"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// A grid printed without inner lines but with a border on some of its
// sides (puzzle-binairo.com draws its top and left only) loses the strip
// of cells along that border more often than any other: the glyphs of the
// first row sit close to the line and, blurred, join it, so the glyphs'
// lattice stops a row short; the closed cells' lattice, closed by
// glyphs, ends there too; and the growers that follow lines across a new
// strip find none across a lineless one. What the picture still shows is
// plain: a line parallel to the grid's edge one cell beyond it, none at
// the edge itself, and glyphs in the strip between. reachBorder grows the
// grid onto such a line, side by side, strip by strip.

// reachBorder grows c, located in gray, over each strip between its edge
// and a border line one cell beyond, where the edge shows no line of its
// own and the strip holds glyphs (locating.border names the bounds).
// The glyphs are looked for in flat, gray with the light divided out, so
// that a shadow across the strip is not taken for ink; it is asked for
// only where the lines call for a look, since dividing the light out
// costs a screenshot several milliseconds.
func reachBorder(gray raster.Plane, flat func() raster.Plane, c Candidate) Candidate {
	// A lattice whose lines were seen along most of their run is a
	// ruled grid (or an app's tiles, their gaps read as lines): its
	// edges are lines of its own, and the growers that follow them judge
	// where it ends.
	if c.Rows.N < MinPuzzleSide || c.Cols.N < MinPuzzleSide || c.Evidence.LineSupport > locating.border.maxLineSupport {
		return c
	}
	// A side grown lengthens the two beside it, whose border lines ran
	// on past their ends over the strip just grown: they are looked at
	// again, pass after pass.
	var grown [4]int
	for again := true; again; {
		again = false
		for side := 0; side < 4; side++ {
			if grown[side] >= locating.border.maxStrips || !borderBeyond(gray, flat, c, side) {
				continue
			}
			var add [4]int
			add[side] = -1
			next, ok := c.Inner(add[0], add[1], add[2], add[3])
			if !ok || !IsConvexOrdered(next.Quad) {
				continue
			}
			if raster.Trace != nil {
				raster.Trace("border: side %d grown a strip onto its border line, now %dx%d", side, next.Rows.N, next.Cols.N)
			}
			next.Complete = false
			c = next
			grown[side]++
			again = true
		}
	}
	return c
}

// borderBeyond tells whether side (0 top, 1 bottom, 2 left, 3 right) of
// c has no line at its edge, a line one cell beyond it, and glyphs in the
// strip between.
func borderBeyond(gray raster.Plane, flat func() raster.Plane, c Candidate, side int) bool {
	cols, rows := c.Cols.N, c.Rows.N
	h, ok := geom.FromQuads(RectCorners(float64(cols), float64(rows)), c.Quad)
	if !ok {
		return false
	}
	g := glyphLines{p: gray, h: h}
	b := locating.border
	// The edge's line and the one beyond, on the axis across the side.
	sl := sideLinesOf(side, rows, cols)
	axis, edge, out, run := sl.axis, float64(sl.edge), float64(sl.edge-sl.inward), sl.run
	// seen is the most of the grid's run a line near k shows, and where.
	seen := func(k, reach float64) (float64, float64) {
		return bestNear(k, reach, b.step, func(k float64) float64 { return g.ridgeShare(axis, k, 0, run) })
	}
	atEdge, _ := seen(edge, b.edgeReach)
	beyond, line := seen(out, b.outReach)
	// A border ends with its grid; a page's rule or an app's header runs
	// on past it.
	runsOn := math.Max(g.ridgeShare(axis, line, -b.runOnReach, -b.runOnGap), g.ridgeShare(axis, line, run+b.runOnGap, run+b.runOnReach))
	if raster.Trace != nil {
		raster.Trace("border: side %d line at the edge %.2f, one cell beyond %.2f, running on past the grid %.2f", side, atEdge, beyond, runsOn)
	}
	if atEdge > b.maxEdgeShare || beyond < b.minBorderShare || runsOn > b.maxRunOnShare {
		return false
	}
	ink := glyphLines{p: flat(), h: h}
	inStrip, between := ink.stripInk(axis, edge, out, run)
	inside, betweenInside := ink.stripInk(axis, 2*edge-out, edge, run)
	if raster.Trace != nil {
		raster.Trace("border: side %d glyphs in the strip %d (ink between cells %.2f), in the edge strip inside %d (%.2f)", side, inStrip, between, inside, betweenInside)
	}
	return inStrip >= b.minStripGlyphs && float64(inStrip) >= b.minStripShare*float64(inside) &&
		between <= betweenInside+b.maxMoreBetween && betweenInside <= b.maxRuledBetween
}

// sideLines are the lattice lines along one side of a rows×cols grid:
// the lines of axis (0 run down, the columns'; 1 across, the rows')
// from edge, the side's own, stepping inward by inward (+1 or -1); each
// runs run cells along the side, and lines strips lie between the side
// and the one facing it.
type sideLines struct {
	axis, edge, inward, lines int
	run                       float64
}

// sideLinesOf is side's lines (0 top, 1 bottom, 2 left, 3 right).
func sideLinesOf(side, rows, cols int) sideLines {
	switch side {
	case 1:
		return sideLines{axis: 1, edge: rows, inward: -1, lines: rows, run: float64(cols)}
	case 2:
		return sideLines{axis: 0, edge: 0, inward: 1, lines: cols, run: float64(rows)}
	case 3:
		return sideLines{axis: 0, edge: cols, inward: -1, lines: cols, run: float64(rows)}
	}
	return sideLines{axis: 1, edge: 0, inward: 1, lines: rows, run: float64(cols)}
}

// stripInk measures the ink of the strip between the lines k0 and k1 of
// axis, along run cells of the other: glyphs counts the cells whose
// middle holds ink, its darkest sample well under the strip's paper
// (which a blank cell's grain is not); between is the share of the
// borders between neighbouring cells that ink crosses. The paper is the
// strip's light samples, not a cell's own: a filled square covers all of
// its cell's middle. A grid's glyphs keep to their cells, a line of text
// runs across them.
func (g glyphLines) stripInk(axis int, k0, k1, run float64) (glyphs int, between float64) {
	b := locating.border
	lo, hi := math.Min(k0, k1), math.Max(k0, k1)
	var all []float64
	// darkest samples the strip at n by n points over the middle of
	// the span w0..w1 along it, and returns the darkest, ok false when
	// most fall off the picture.
	darkest := func(w0, w1 float64, n int) (float64, bool) {
		least, seen := math.Inf(1), 0
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				u := lo + (hi-lo)*(b.inkMargin+(1-2*b.inkMargin)*(float64(i)+0.5)/float64(n))
				w := w0 + (w1-w0)*(float64(j)+0.5)/float64(n)
				x, y := u, w
				if axis == 1 {
					x, y = w, u
				}
				if v, ok := g.p.Bilinear(g.h.Apply(x, y)); ok {
					all = append(all, v)
					least = math.Min(least, v)
					seen++
				}
			}
		}
		return least, 2*seen >= n*n
	}
	var inCells, onBorders []float64
	for a := 0; a < int(run); a++ {
		if v, ok := darkest(float64(a)+b.inkMargin, float64(a+1)-b.inkMargin, b.inkSamples); ok {
			inCells = append(inCells, v)
		}
		if a > 0 {
			if v, ok := darkest(float64(a)-b.borderHalf, float64(a)+b.borderHalf, b.inkSamples); ok {
				onBorders = append(onBorders, v)
			}
		}
	}
	if len(all) == 0 {
		return 0, 0
	}
	paper := raster.Percentile(all, b.paperQuantile)
	for _, v := range inCells {
		if paper-v >= b.inkDepth {
			glyphs++
		}
	}
	crossed := 0
	for _, v := range onBorders {
		if paper-v >= b.inkDepth {
			crossed++
		}
	}
	if len(onBorders) > 0 {
		between = float64(crossed) / float64(len(onBorders))
	}
	return glyphs, between
}

// bestNear is the most share gives any line within reach of k, looked at
// in steps of step, and that line: a lattice fitted to glyphs, or a bent
// page, leaves a line a little off where the lattice puts it.
func bestNear(k, reach, step float64, share func(k float64) float64) (best, at float64) {
	at = k
	for t := -reach; t <= reach+1e-9; t += step {
		if v := share(k + t); v > best {
			best, at = v, k+t
		}
	}
	return best, at
}

// cutAtBorder is reachBorder's other half: a grid found by its glyphs
// alone can run past its border, where the page's letters just beyond
// sit on its lattice (puzzle-binairo.com's top and left border, a line
// of text above it). A line along a whole side, a strip or two inside
// the edge, of a grid that shows no inner lines, is its border
// (minBorderShare of its run), and the strips beyond it are the page's:
// c is cut there. A grid whose edge is itself a line (maxEdgeShare) ends
// there already, and one whose inner lines show is a ruled grid, whose
// every line would pass: both are left as they are.
func cutAtBorder(gray raster.Plane, c Candidate) Candidate {
	cols, rows := c.Cols.N, c.Rows.N
	b := locating.border
	if rows < MinPuzzleSide || cols < MinPuzzleSide || c.Evidence.LineSupport > b.maxLineSupport {
		return c
	}
	h, ok := geom.FromQuads(RectCorners(float64(cols), float64(rows)), c.Quad)
	if !ok {
		return c
	}
	g := glyphLines{p: gray, h: h}
	// seen is the most of its run, from 0 to run, that a line near k of
	// axis shows.
	seen := func(axis, k int, run float64) float64 {
		best, _ := bestNear(float64(k), b.edgeReach, b.step, func(k float64) float64 { return g.ridgeShare(axis, k, 0, run) })
		return best
	}
	// The lines a third, half and two thirds across either axis.
	for axis, n := range [2]int{cols, rows} {
		run := float64(rows)
		if axis == 1 {
			run = float64(cols)
		}
		for _, k := range []int{n / 3, n / 2, 2 * n / 3} {
			if seen(axis, k, run) > b.maxEdgeShare {
				return c
			}
		}
	}
	var cut [4]int // strips off the top, bottom, left and right
	for side := 0; side < 4; side++ {
		sl := sideLinesOf(side, rows, cols)
		if seen(sl.axis, sl.edge, sl.run) > b.maxEdgeShare {
			continue
		}
		for d := 1; d <= b.maxStrips && sl.lines-d >= MinPuzzleSide; d++ {
			if seen(sl.axis, sl.edge+d*sl.inward, sl.run) >= b.minBorderShare {
				cut[side] = d
				break
			}
		}
	}
	if cut == [4]int{} {
		return c
	}
	in, ok := c.Inner(cut[0], cut[1], cut[2], cut[3])
	if !ok || in.Rows.N < MinPuzzleSide || in.Cols.N < MinPuzzleSide || !IsConvexOrdered(in.Quad) {
		return c
	}
	if raster.Trace != nil {
		raster.Trace("border: cut %v strips off at the border lines inside, now %dx%d", cut, in.Rows.N, in.Cols.N)
	}
	in.Complete = false
	return in
}
