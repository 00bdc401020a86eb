package locate

import (
	"image"
	"math"
	"sort"
)

// A grid drawn with only two of its border's sides, the top and the left
// say, meeting at a corner, spans its cells as a whole border would: the
// two arms run the grid's width and height, and the box they open is the
// grid's. The outline of such an L is no quadrilateral (its convex hull
// is a triangle), so fitQuad has nothing to offer the boxed rung there;
// cornerQuad completes the L to the parallelogram its arms span.

// cornerQuad tells whether a contour is an L, two straight arms meeting
// at about a right angle, and returns the quadrilateral they span (TL,
// TR, BR, BL).
func cornerQuad(pts []image.Point) ([4][2]float64, bool) {
	bp := locating.boxed
	hull := convexHull(pts)
	if len(hull) < 3 || len(hull) > bp.cornerHullPoints {
		return [4][2]float64{}, false
	}
	var hullArea float64
	for i := range hull {
		a, b := hull[i], hull[(i+1)%len(hull)]
		hullArea += float64(a.X*b.Y - b.X*a.Y)
	}
	hullArea = math.Abs(hullArea) / 2
	// The largest triangle on the hull: an L's hull is all but that
	// triangle, its corner and the ends of its arms.
	pt := func(p image.Point) [2]float64 { return [2]float64{float64(p.X), float64(p.Y)} }
	tri := func(a, b, c [2]float64) float64 {
		return math.Abs((b[0]-a[0])*(c[1]-a[1])-(b[1]-a[1])*(c[0]-a[0])) / 2
	}
	var best [3][2]float64
	bestArea := 0.0
	for i := range hull {
		for j := i + 1; j < len(hull); j++ {
			for k := j + 1; k < len(hull); k++ {
				if a := tri(pt(hull[i]), pt(hull[j]), pt(hull[k])); a > bestArea {
					bestArea, best = a, [3][2]float64{pt(hull[i]), pt(hull[j]), pt(hull[k])}
				}
			}
		}
	}
	if bestArea < bp.cornerHull*hullArea || bestArea < 16 {
		return [4][2]float64{}, false
	}
	// The corner is the vertex nearest a right angle.
	corner, squareness := -1, math.Inf(1)
	for i := 0; i < 3; i++ {
		a, b, c := best[i], best[(i+1)%3], best[(i+2)%3]
		u, v := [2]float64{b[0] - a[0], b[1] - a[1]}, [2]float64{c[0] - a[0], c[1] - a[1]}
		cos := math.Abs(u[0]*v[0]+u[1]*v[1]) / (math.Hypot(u[0], u[1]) * math.Hypot(v[0], v[1]))
		if cos < squareness {
			corner, squareness = i, cos
		}
	}
	if squareness > bp.cornerSkew {
		return [4][2]float64{}, false
	}
	a, b, c := best[corner], best[(corner+1)%3], best[(corner+2)%3]
	var ok bool
	lb, lc := math.Hypot(b[0]-a[0], b[1]-a[1]), math.Hypot(c[0]-a[0], c[1]-a[1])
	if max(lb, lc) > bp.cornerAspect*min(lb, lc) {
		return [4][2]float64{}, false
	}
	// Nearly all the outline lies along the two arms: a blob of print
	// or a filled shape has outline across the open side too.
	band := bp.cornerBand * min(lb, lc)
	near := func(p, from, to [2]float64, length float64) bool {
		ux, uy := (to[0]-from[0])/length, (to[1]-from[1])/length
		px, py := p[0]-from[0], p[1]-from[1]
		t := px*ux + py*uy
		return t >= -band && t <= length+band && math.Abs(px*uy-py*ux) <= band
	}
	on := 0
	for _, p := range pts {
		q := pt(p)
		if near(q, a, b, lb) || near(q, a, c, lc) {
			on++
		}
	}
	if float64(on) < bp.cornerOnArms*float64(len(pts)) {
		return [4][2]float64{}, false
	}
	// The hull's points are the ink's extremes, which a glyph touching
	// the border, or a line's square end, moves off the border's outer
	// edge: each arm is refitted along that edge, and its end is where the
	// hull's end projects onto it.
	ab, ok1 := armEdge(pts, a, b, c, band)
	ac, ok2 := armEdge(pts, a, c, b, band)
	if !ok1 || !ok2 {
		return [4][2]float64{}, false
	}
	if a, ok = intersect(ab, ac); !ok {
		return [4][2]float64{}, false
	}
	b, c = onLine(ab, b), onLine(ac, c)
	d := [2]float64{b[0] + c[0] - a[0], b[1] + c[1] - a[1]}
	return orderQuad([4][2]float64{a, b, d, c}), true
}

// armEdge fits the outer edge of the arm from the corner a to its end e:
// the line through the outline's points along the arm's middle part
// (armFrom..armTo of it, within band of it) that lie furthest from the
// other arm's end o, within edgeSlack pixels of the furthest.
func armEdge(pts []image.Point, a, e, o [2]float64, band float64) (line, bool) {
	le := math.Hypot(e[0]-a[0], e[1]-a[1])
	ex, ey := (e[0]-a[0])/le, (e[1]-a[1])/le
	lo := math.Hypot(o[0]-a[0], o[1]-a[1])
	ux, uy := (o[0]-a[0])/lo, (o[1]-a[1])/lo
	var along [][2]float64
	var toward []float64
	outMost := math.Inf(1)
	for _, h := range pts {
		p := [2]float64{float64(h.X), float64(h.Y)}
		px, py := p[0]-a[0], p[1]-a[1]
		t := (px*ex + py*ey) / le
		if t < locating.outline.sideFrom || t > locating.outline.sideTo || math.Abs(px*ey-py*ex) > band {
			continue
		}
		s := px*ux + py*uy
		along, toward = append(along, p), append(toward, s)
		outMost = min(outMost, s)
	}
	var edge [][2]float64
	for i, p := range along {
		if toward[i] <= outMost+cornerEdgeSlack {
			edge = append(edge, p)
		}
	}
	return fitLine(edge)
}

// cornerEdgeSlack is how far, in pixels, a point of an arm's outer edge
// may lie inside the outermost: the edge's anti-aliasing and a slight
// tilt along the arm, not the line's width.
const cornerEdgeSlack = 2.0

// onLine is p moved onto l.
func onLine(l line, p [2]float64) [2]float64 {
	k := l.nx*p[0] + l.ny*p[1] - l.d
	return [2]float64{p[0] - k*l.nx, p[1] - k*l.ny}
}

// orderQuad puts a convex quadrilateral's corners in TL, TR, BR, BL order:
// clockwise on screen, from the corner nearest the top left.
func orderQuad(q [4][2]float64) [4][2]float64 {
	cx, cy := 0.0, 0.0
	for _, p := range q {
		cx, cy = cx+p[0]/4, cy+p[1]/4
	}
	sort.Slice(q[:], func(i, j int) bool {
		return math.Atan2(q[i][1]-cy, q[i][0]-cx) < math.Atan2(q[j][1]-cy, q[j][0]-cx)
	})
	// Sorted by angle from -pi: on screen (y down) that runs clockwise
	// from the left; start at the corner with the least x+y.
	first := 0
	for i := range q {
		if q[i][0]+q[i][1] < q[first][0]+q[first][1] {
			first = i
		}
	}
	var out [4][2]float64
	for k := range out {
		out[k] = q[(first+k)%4]
	}
	return out
}
