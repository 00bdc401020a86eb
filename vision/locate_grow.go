package vision

import "gocv.io/x/gocv"

// growSmall follows the lines of a lattice too small for growBig.
func growSmall(gray gocv.Mat, f latticeFit) latticeFit {
	if max(f.rows, f.cols) >= locating.grow.minBigSide && f.cellSize <= locating.grow.maxBigCell {
		return f
	}
	if f.rows < 3 || f.cols < 3 {
		return f
	}
	// A view of gray's own pixels, read only while gray is: the look
	// beyond the sides must cost next to nothing on a screenshot, whose
	// lines end at its grid.
	raw, err := gray.DataPtrUint8()
	if err != nil || len(raw) != gray.Cols()*gray.Rows() {
		return f
	}
	p := darkPlane{w: gray.Cols(), h: gray.Rows(), raw: raw, twoSided: true}
	sides, any := stripsRunOn(p, f)
	if !any {
		return f
	}
	return followLines(gray, f, true, sides)
}

// stripsRunOn tells, for each side of f, whether the lines across the
// strip just beyond it stand out about as the lines across the side's
// own strip do; each line is looked for within a fifth of a cell of
// where the lattice puts it.
func stripsRunOn(p darkPlane, f latticeFit) ([4]bool, bool) {
	g := latticeNodes(f, f.toImage)
	var own, across [4]float64
	for side := range own {
		o := g.orient(side, false)
		l0, l1 := o[0], o[1]
		var in, out []float64
		for c := range l0 {
			a := l0[c]
			b := [2]float64{2*a[0] - l1[c][0], 2*a[1] - l1[c][1]}
			// The row's own step, for the sideways unit.
			n := c + 1
			if n == len(l0) {
				n = c - 1
			}
			ux, uy := l0[n][0]-a[0], l0[n][1]-a[1]
			in = append(in, bestRidge(p, l1[c], a, ux, uy))
			out = append(out, bestRidge(p, a, b, ux, uy))
		}
		own[side], across[side] = percentile(in, 0.5), percentile(out, 0.5)
		own[side], across[side] = unblockedMedian(in, own[side]), unblockedMedian(out, own[side])
	}
	// The grid's lines as they show along its best lit side: a shadow
	// over part of the grid leaves the lines along some sides fainter.
	level := max(own[0], own[1], own[2], own[3])
	var runs [4]bool
	any := false
	for side := range runs {
		runs[side] = across[side] >= measuring.minBigRidge && across[side] >= locating.grow.minSmallGrowShare*own[side] && across[side] <= locating.grow.maxGlanceShare*level
		if locateTrace != nil {
			locateTrace("side %d: lines across the strip beyond %.2f, its own %.2f", side, across[side], own[side])
		}
		any = any || runs[side]
	}
	return runs, any
}

// bestRidge is the strongest ridge of the segment a-b moved sideways by
// up to a fifth of the step (ux, uy).
func bestRidge(p darkPlane, a, b [2]float64, ux, uy float64) float64 {
	best := 0.0
	for _, k := range locating.grow.ridgeShifts {
		d := [2]float64{ux * k, uy * k}
		if v, ok := p.ridge([2]float64{a[0] + d[0], a[1] + d[1]}, [2]float64{b[0] + d[0], b[1] + d[1]}); ok {
			best = max(best, v)
		}
	}
	return best
}

// unblockedMedian is the median of the ridges rs, leaving out those far
// below nothing: a glyph beside a segment darkens the paper on one side
// of it, which says nothing about a line there. When most are so, all
// are kept.
func unblockedMedian(rs []float64, level float64) float64 {
	var kept []float64
	for _, r := range rs {
		if r >= -level/2 {
			kept = append(kept, r)
		}
	}
	if 2*len(kept) < len(rs) {
		return percentile(rs, 0.5)
	}
	return percentile(kept, 0.5)
}
