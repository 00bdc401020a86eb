package locate

import (
	"binocle/geom"
	"binocle/vision/internal/raster"
)

// shadowEdged tells whether a grid found in the gray plane p ends, on
// some side, where the light changes: the paper just outside that side is
// much darker or brighter than just inside it. A hard shadow across a light grid hides
// the lines on its dark side from every boundary map, so a lattice found
// in the lit part stops at the shadow's edge; a grid's own border seldom
// falls right on one.
func shadowEdged(p raster.Plane, c Candidate) bool {
	rows, cols := c.Rows.N, c.Cols.N
	if rows < 1 || cols < 1 {
		return false
	}
	toImage, ok := geom.FromQuads(RectCorners(float64(cols), float64(rows)), c.Quad)
	if !ok {
		return false
	}
	// A dark board's ground runs on beyond its grid, darker than the
	// grid's light lines and glyphs, and no shadow made it so; dividing
	// the light out of it only raises its noise into lines.
	if darkGround(p, toImage, rows, cols) {
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
					x, y = toImage.Apply(along, -d)
				case 1:
					x, y = toImage.Apply(along, float64(rows)+d)
				case 2:
					x, y = toImage.Apply(-d, along)
				default:
					x, y = toImage.Apply(float64(cols)+d, along)
				}
				ix, iy := int(x), int(y)
				if ix < 0 || iy < 0 || ix >= p.W || iy >= p.H {
					continue
				}
				vals = append(vals, float64(p.At(ix, iy)))
			}
		}
		if len(vals) < 4*n {
			return 0, false
		}
		return raster.Percentile(vals, locating.shadow.paperQuantile), true
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

// darkGround tells whether most of the grid's inside in p is dark: a
// dark board's ground, which its light lines and glyphs cover less than
// half of, rather than paper.
func darkGround(p raster.Plane, toImage geom.Homography, rows, cols int) bool {
	var inside []float64
	for v := 0.05; v < float64(rows); v += 0.1 {
		for u := 0.05; u < float64(cols); u += 0.1 {
			x, y := toImage.Apply(u, v)
			ix, iy := int(x), int(y)
			if ix >= 0 && iy >= 0 && ix < p.W && iy < p.H {
				inside = append(inside, float64(p.At(ix, iy)))
			}
		}
	}
	if len(inside) == 0 {
		return false
	}
	g := raster.Percentile(inside, 0.5)
	if raster.Trace != nil {
		raster.Trace("grid ground %.0f", g)
	}
	return g < locating.shadow.darkGround
}

// regrowShadowed is a lattice found only on the lit side of a shadow,
// grown to the grid the flattened copy shows past the shadow's edge. The
// grid found there must take in the lattice, and more than a strip: one
// strip more is as often a line of text beside the grid, which
// flattening shows as well as the lines (a real photo's 9x9 sudoku read
// 10x9 so).
func regrowShadowed(cs *copies, s Sighting) Sighting {
	c := s.C
	f, ok := latticeIn(cs.at(LocateSide), EdgeVariants, true)
	if !ok || f.C.Rows.N+f.C.Cols.N < c.Rows.N+c.Cols.N+2 || f.C.Rows.N < c.Rows.N || f.C.Cols.N < c.Cols.N || !quadWithin(c.Quad, f.C.Quad) {
		return s
	}
	if raster.Trace != nil {
		raster.Trace("shadow-edged %dx%d grown to %dx%d in the flattened copy", c.Rows.N, c.Cols.N, f.C.Rows.N, f.C.Cols.N)
	}
	return f
}

// quadWithin tells whether every corner of inner lies inside outer, give
// or take a few pixels.
func quadWithin(inner, outer [4][2]float64) bool {
	for _, p := range inner {
		if !InsideQuad(outer, p[0], p[1], 3) {
			return false
		}
	}
	return true
}
