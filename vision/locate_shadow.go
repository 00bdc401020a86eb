package vision

// shadowEdged tells whether a grid found in the gray plane p ends, on
// some side, where the light changes: the paper just outside that side is
// much darker or brighter than just inside it. A hard shadow across a light grid hides
// the lines on its dark side from every boundary map, so a lattice found
// in the lit part stops at the shadow's edge; a grid's own border seldom
// falls right on one.
func shadowEdged(p plane, c gridCandidate) bool {
	rows, cols := c.rows.n, c.cols.n
	if rows < 1 || cols < 1 {
		return false
	}
	toImage, ok := homographyFromQuads(rectCorners(float64(cols), float64(rows)), c.quad)
	if !ok {
		return false
	}
	// paper is the bright end of the band between lattice offsets d0 and
	// d1 beyond side (negative: inside), along the whole side: text and
	// glyphs darken some of it, the paper is what most of it is.
	paper := func(side int, d0, d1 float64) (float64, bool) {
		var vals []float64
		n := cols
		if side >= 2 {
			n = rows
		}
		for k := 0; k <= 8*n; k++ {
			along := float64(k) / 8
			for d := d0; d <= d1+1e-9; d += (d1 - d0) / 4 {
				var x, y float64
				switch side {
				case 0:
					x, y = toImage.apply(along, -d)
				case 1:
					x, y = toImage.apply(along, float64(rows)+d)
				case 2:
					x, y = toImage.apply(-d, along)
				default:
					x, y = toImage.apply(float64(cols)+d, along)
				}
				ix, iy := int(x), int(y)
				if ix < 0 || iy < 0 || ix >= p.w || iy >= p.h {
					continue
				}
				vals = append(vals, float64(p.at(ix, iy)))
			}
		}
		if len(vals) < 4*n {
			return 0, false
		}
		return percentile(vals, locating.shadow.paperQuantile), true
	}
	sp := locating.shadow
	for side := 0; side < 4; side++ {
		in, ok1 := paper(side, -sp.bandFar, -sp.bandNear)
		out, ok2 := paper(side, sp.bandNear, sp.bandFar)
		if !ok1 || !ok2 {
			continue
		}
		if out < sp.darker*in || in < sp.darker*out {
			return true
		}
	}
	return false
}

// regrowShadowed is a lattice found only on the lit side of a shadow,
// grown to the grid the flattened copy shows past the shadow's edge. The
// grid found there must take in the lattice, and more than a strip: one
// strip more is as often a line of text beside the grid, which
// flattening shows as well as the lines (a real photo's 9x9 sudoku read
// 10x9 so).
func regrowShadowed(cs *copies, s sighting) sighting {
	c := s.c
	f, ok := latticeIn(cs.at(locateSide), edgeVariants, true)
	if !ok || f.c.rows.n+f.c.cols.n < c.rows.n+c.cols.n+2 || f.c.rows.n < c.rows.n || f.c.cols.n < c.cols.n || !quadWithin(c.quad, f.c.quad) {
		return s
	}
	if locateTrace != nil {
		locateTrace("shadow-edged %dx%d grown to %dx%d in the flattened copy", c.rows.n, c.cols.n, f.c.rows.n, f.c.cols.n)
	}
	return f
}

// quadWithin tells whether every corner of inner lies inside outer, give
// or take a few pixels.
func quadWithin(inner, outer [4][2]float64) bool {
	for _, p := range inner {
		if !insideQuad(outer, p[0], p[1], 3) {
			return false
		}
	}
	return true
}
