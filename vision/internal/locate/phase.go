package locate

import (
	"math"
	"sort"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// A grid whose every cell holds a glyph, on light lines, can be located
// half a cell off: the paper between two neighbouring glyphs, closed off
// by the row lines above and below it and by the glyphs at its sides, is
// a lattice of closed regions of its own, one per cell, centred on the
// column lines. Its lattice has the grid's pitch and count, and its
// "lines", running through the glyphs, are dark wherever they are
// measured. Only the phase tells it apart: a real line is a thin ridge
// along most of its run, seen best exactly where the lattice puts it,
// while at the cells' centres, between its lines, there is none.

// phaseChecked moves a located grid whose lines, on either axis, are not
// seen along their run onto the phase, a fifth of a cell or more away,
// where lines are, measured in the located gray plane. It returns c
// unchanged, and false, when the lines are where the candidate says or
// seen nowhere else. latticeIn asks it of every lattice not complete: a
// complete one has its outline all round, which the shifted phase lacks.
func phaseChecked(gray raster.Plane, c Candidate) (Candidate, bool) {
	cols, rows := c.Cols.N, c.Rows.N
	if cols < 3 || rows < 3 {
		return c, false
	}
	h, ok := geom.FromQuads(RectCorners(float64(cols), float64(rows)), c.Quad)
	if !ok {
		return c, false
	}
	g := glyphLines{p: gray, h: h}
	ph := locating.phase
	var shift [2]float64
	moved := false
	for axis := 0; axis < 2; axis++ {
		n, other := cols, rows
		if axis == 1 {
			n, other = rows, cols
		}
		here := g.medianShare(axis, n, other, 0)
		if here >= ph.seenShare {
			continue
		}
		// The lines may be anywhere between. The phase that shows them
		// says where, and it must show them along nearly all their run,
		// which no glyph strokes do: glyphs leave gaps between them.
		best, bestShare := 0.0, here
		for t := -0.5; t <= 0.5+1e-4; t += ph.step {
			if d := g.medianShare(axis, n, other, t); d > bestShare {
				best, bestShare = t, d
			}
		}
		for _, t := range []float64{best - ph.fineStep, best + ph.fineStep} {
			if d := g.medianShare(axis, n, other, t); d > bestShare {
				best, bestShare = t, d
			}
		}
		if raster.Trace != nil {
			raster.Trace("phase axis %d: lines seen along %.2f, along %.2f %.2f cells off", axis, here, bestShare, best)
		}
		if bestShare < ph.seenShare || bestShare < here+ph.margin || math.Abs(best) < ph.minShift {
			continue
		}
		// Of the two ways to move there, the one whose outer lines are
		// both seen keeps the grid's extent.
		alt := best - math.Copysign(1, best)
		outer := func(t float64) float64 {
			return math.Min(g.ridgeShare(axis, t, 0, float64(other)), g.ridgeShare(axis, float64(n)+t, 0, float64(other)))
		}
		if outer(alt) > outer(best) {
			best = alt
		}
		shift[axis] = best
		moved = true
	}
	if !moved {
		return c, false
	}
	var q [4][2]float64
	for i, k := range [4][2]float64{{0, 0}, {float64(cols), 0}, {float64(cols), float64(rows)}, {0, float64(rows)}} {
		q[i][0], q[i][1] = h.Apply(k[0]+shift[0], k[1]+shift[1])
	}
	if !IsConvexOrdered(q) {
		return c, false
	}
	if raster.Trace != nil {
		raster.Trace("phase: moved %.2f columns, %.2f rows", shift[0], shift[1])
	}
	// The measured centres and the completeness were the wrong phase's.
	c.Quad, c.Area, c.Centres, c.Complete = q, geom.QuadArea(q), nil, false
	return c, true
}

// medianShare is the median, over the inner lines of axis moved by t
// cells, of the share of their run along which they are a thin ridge:
// darker than the paper a little to both sides. A glyph's strokes are
// ridges only where they run along the line, a real line nearly
// everywhere.
func (g glyphLines) medianShare(axis, n, other int, t float64) float64 {
	var ds []float64
	// A dozen lines tell the median as well as forty.
	step := max(1, (n-1)/locating.phase.maxLines)
	for k := 1; k < n; k += step {
		ds = append(ds, g.ridgeShare(axis, float64(k)+t, 0, float64(other)))
	}
	sort.Float64s(ds)
	return ds[len(ds)/2]
}

// ridgeShare is the share of the line k of axis, from a0 to a1 across the
// other, along which it stands at least locating.phase.ridgeDepth under
// both sides.
func (g glyphLines) ridgeShare(axis int, k, a0, a1 float64) float64 {
	// Four samples a cell, and no more than a few dozen along a long
	// run: a share needs no finer measure.
	return g.ridgeShareOf(axis, k, a0, a1, min(int(math.Round((a1-a0)*4)), 48), locating.phase.ridgeDepth, 0)
}

// ridgeShareOf is ridgeShare measured at the given number of samples,
// the line standing at least depth grey levels, and share of the paper's
// grey, under both sides.
func (g glyphLines) ridgeShareOf(axis int, k, a0, a1 float64, samples int, depth, share float64) float64 {
	ph := locating.phase
	at := func(u, a float64) float64 {
		x, y := u, a
		if axis == 1 {
			x, y = a, u
		}
		v, ok := g.p.Bilinear(g.h.Apply(x, y))
		if !ok {
			return math.NaN()
		}
		return v
	}
	n, ridged := 0, 0
	for s := 0; s < samples; s++ {
		a := a0 + (float64(s)+0.5)*(a1-a0)/float64(samples)
		line := math.Min(at(k, a), math.Min(at(k-ph.lineWidth, a), at(k+ph.lineWidth, a)))
		side := math.Min(at(k-ph.sideGap, a), at(k+ph.sideGap, a))
		if math.IsNaN(line) || math.IsNaN(side) {
			continue
		}
		n++
		if side-line >= max(depth, share*side) {
			ridged++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(ridged) / float64(n)
}
