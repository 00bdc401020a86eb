package locate

import (
	"math"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// refineQuad moves each side of q onto the outermost long straight edge
// found near it in the padded rectification rect, and returns the corners
// where the moved sides meet. A side with too little evidence stays.
func refineQuad(rect raster.Plane, q [4][2]float64, side, pad int) ([4][2]float64, bool) {
	toSmall, ok := paddedHomography(q, side, pad)
	if !ok {
		return q, false
	}
	n := rect.W
	get := [4]func(u, v int) uint8{
		func(u, v int) uint8 { return rect.Pix[v*n+u] },       // top: v down from the top
		func(u, v int) uint8 { return rect.Pix[u*n+n-1-v] },   // right: v left from the right
		func(u, v int) uint8 { return rect.Pix[(n-1-v)*n+u] }, // bottom: v up from the bottom
		func(u, v int) uint8 { return rect.Pix[u*n+v] },       // left: v right from the left
	}
	// Back from (u, v) side coordinates to rectified x, y.
	toXY := [4]func(u, v float64) (float64, float64){
		func(u, v float64) (float64, float64) { return u, v },
		func(u, v float64) (float64, float64) { return float64(n-1) - v, u },
		func(u, v float64) (float64, float64) { return u, float64(n-1) - v },
		func(u, v float64) (float64, float64) { return v, u },
	}
	threshold := edgeThreshold(rect)
	var lines [4]line
	moved := false
	for s := 0; s < 4; s++ {
		pts := borderPoints(get[s], n, pad+side/3, side/16, threshold, pad, side)
		l, ok := robustLine(pts)
		if !ok {
			// Keep the original side: it runs along v = pad.
			l = line{0, 1, float64(pad)}
		} else {
			moved = true
		}
		// Two points of the side in small-image coordinates.
		var ends [2][2]float64
		for k, u := range []float64{float64(pad), float64(pad + side)} {
			v := (l.d - l.nx*u) / l.ny
			x, y := toXY[s](u, v)
			ends[k][0], ends[k][1] = toSmall.Apply(x, y)
		}
		lines[s] = lineThrough(ends[0], ends[1])
	}
	if !moved {
		return q, false
	}
	var out [4][2]float64
	for k := 0; k < 4; k++ {
		// Corner k (TL, TR, BR, BL) joins the sides before and after it:
		// TL = left & top, TR = top & right, BR = right & bottom, BL = bottom & left.
		p, ok := intersect(lines[(k+3)%4], lines[k])
		if !ok {
			return q, false
		}
		out[k] = p
	}
	if !IsConvexOrdered(out) || geom.QuadArea(out) < locating.outline.minRefinedArea*geom.QuadArea(q) {
		return q, false
	}
	return out, true
}

// edgeThreshold is the least step, in grey levels, that is an edge in p.
func edgeThreshold(p raster.Plane) int {
	o := locating.outline
	q := raster.BytePercentiles(p.Pix, o.edgeLow, o.edgeHigh)
	return int(raster.Clamp(o.edgeShare*(q[1]-q[0]), o.edgeMin, o.edgeMax))
}

// borderPoints scans, for u along the side's middle 80%, from the outside
// (v = 0) inward up to depth, and returns the first place where an edge
// parallel to the side runs on unbroken for at least run pixels: letters
// and specks are short, grid lines and tile rows are long.
func borderPoints(get func(u, v int) uint8, n, depth, run, threshold, pad, side int) [][2]float64 {
	run = max(run, 5)
	depth = min(depth, n-2)
	edge := make([]bool, n*depth)
	for v := 1; v < depth; v++ {
		for u := 0; u < n; u++ {
			d := int(get(u, v+1)) - int(get(u, v-1))
			edge[v*n+u] = d > threshold || d < -threshold
		}
	}
	long := make([]bool, n*depth)
	for v := 1; v < depth; v++ {
		row := edge[v*n : (v+1)*n]
		for u := 0; u < n; {
			if !row[u] {
				u++
				continue
			}
			end := u
			for end < n && row[end] {
				end++
			}
			if end-u >= run {
				for k := u; k < end; k++ {
					long[v*n+k] = true
				}
			}
			u = end
		}
	}
	var pts [][2]float64
	for u := pad + side/10; u < pad+side-side/10; u += 2 {
		for v := 1; v < depth; v++ {
			if long[v*n+u] {
				pts = append(pts, [2]float64{float64(u), stepPosition(get, u, v, depth)})
				break
			}
		}
	}
	if len(pts) < side/10 {
		return nil
	}
	return pts
}

// robustLine fits a line, drops the points far from it and fits again.
func robustLine(pts [][2]float64) (line, bool) {
	l, ok := fitLine(pts)
	if !ok {
		return l, false
	}
	for iter := 0; iter < 2; iter++ {
		var keep [][2]float64
		for _, p := range pts {
			if math.Abs(l.nx*p[0]+l.ny*p[1]-l.d) <= 2 {
				keep = append(keep, p)
			}
		}
		if len(keep) < len(pts)/2 {
			return l, false
		}
		if l, ok = fitLine(keep); !ok {
			return l, false
		}
		pts = keep
	}
	// A side is nearly parallel to u; a steep fit is not a side.
	if math.Abs(l.ny) < locating.outline.minSideNormal {
		return l, false
	}
	return l, true
}

func lineThrough(a, b [2]float64) line {
	dx, dy := b[0]-a[0], b[1]-a[1]
	length := math.Hypot(dx, dy)
	if length == 0 {
		return line{0, 1, a[1]}
	}
	nx, ny := -dy/length, dx/length
	return line{nx, ny, nx*a[0] + ny*a[1]}
}

// stepPosition refines where an intensity step first detected at v lies:
// at the strongest gradient among the next few pixels, to a fraction of a
// pixel by a parabola through the gradient around it.
func stepPosition(get func(u, v int) uint8, u, v, depth int) float64 {
	grad := func(v int) float64 {
		if v < 1 || v >= depth {
			return 0
		}
		return math.Abs(float64(get(u, v+1)) - float64(get(u, v-1)))
	}
	best := v
	for k := v + 1; k <= v+3 && k < depth; k++ {
		if grad(k) > grad(best) {
			best = k
		}
	}
	a, b, c := grad(best-1), grad(best), grad(best+1)
	if den := a - 2*b + c; den < 0 {
		return float64(best) + raster.Clamp(0.5*(a-c)/den, -0.5, 0.5)
	}
	return float64(best)
}

// verifyCandidate rectifies a quadrilateral, moves each side onto the
// grid's outermost long line (text or a frame touching the grid joins its
// outline), and counts cells; a candidate without periodic structure on
// both axes is not a grid.
func verifyCandidate(gray gocv.Mat, q [4][2]float64) (Candidate, bool) {
	c := Candidate{Quad: q, Area: geom.QuadArea(q)}
	if c.Area < locating.outline.minArea*float64(gray.Cols()*gray.Rows()) {
		return c, false
	}
	side := int(raster.Clamp(math.Sqrt(c.Area)*locating.outline.rectifyOversize, 256, 768))
	pad := side / 16
	var rect raster.Plane
	if !rectifyPadded(gray, q, side, pad, &rect) {
		return c, false
	}
	// Each pass rectifies better, which makes the next pass's edges
	// straighter; a badly wrong first corner takes a few passes.
	for pass := 0; pass < 4; pass++ {
		refined, ok := refineQuad(rect, c.Quad, side, pad)
		if !ok {
			break
		}
		shift := 0.0
		for i := range refined {
			shift = math.Max(shift, math.Hypot(refined[i][0]-c.Quad[i][0], refined[i][1]-c.Quad[i][1]))
		}
		c.Quad, c.Area = refined, geom.QuadArea(refined)
		if !rectifyPadded(gray, refined, side, pad, &rect) {
			return c, false
		}
		if shift < locating.outline.settledShift {
			break
		}
	}
	cols, rows := edgeProfiles(rect)
	c.Cols, c.Rows = countCells(cols[pad:pad+side+1]), countCells(rows[pad:pad+side+1])
	return c, c.quality() > locating.outline.minQuality
}

// rectifyPadded warps q to a side x side square with pad pixels of the
// surroundings on every side, so that the grid's own outline is inside
// the picture where its edges can be measured.
func rectifyPadded(gray gocv.Mat, q [4][2]float64, side, pad int, out *raster.Plane) bool {
	hm, ok := paddedHomography(q, side, pad)
	if !ok {
		return false
	}
	m := raster.Warp(gray, hm, side+2*pad, side+2*pad)
	defer m.Close()
	*out = raster.PlaneOf(m)
	return true
}

func paddedHomography(q [4][2]float64, side, pad int) (geom.Homography, bool) {
	p, s := float64(pad), float64(pad+side)
	return geom.FromQuads([4][2]float64{{p, p}, {s, p}, {s, s}, {p, s}}, q)
}
