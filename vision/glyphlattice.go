package vision

import (
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// A light grid whose thin lines are as weak as the paper's grain, or
// broken by discs that fill its cells, closes too few cells for any
// boundary map to show a lattice. Its glyphs still sit on the lattice:
// their centres give the pitch, the angle and the projective map, and
// once the map says where each line must run, a line a grey level or two
// deep shows plainly when the image is averaged along it. The grid's
// extent is where those lines stop, not where the glyphs happen to be.

// glyphLocate is the last resort of locate: the grid found from the
// glyphs on it, in the coordinates of img downscaled to locateSide.
func glyphLocate(img gocv.Mat) (gridCandidate, float64, bool) {
	if img.Empty() || img.Cols() < 16 || img.Rows() < 16 {
		return gridCandidate{}, 1, false
	}
	small, scale := downscale(img, locateSide)
	defer small.Close()
	gray := toGray(small)
	defer gray.Close()
	flat := flattenLight(gray)
	defer flat.Close()
	c, ok := glyphGrid(planeOf(flat))
	return c, scale, ok
}

// latticeInk is the flattened grey (paper at about 200) under which a
// pixel is a glyph's ink; a light grid's lines stay well above it.
const latticeInk = 140

// glyphGrid finds the grid in a flattened gray plane from its glyphs and
// confirms it by its lines.
func glyphGrid(p plane) (gridCandidate, bool) {
	mask := make([]byte, len(p.pix))
	for i, v := range p.pix {
		if v < latticeInk {
			mask[i] = 255
		}
	}
	spots := isolatedSpots(colourSpots(mask, p.w, p.h))
	single, lo, hi := spotFamily(spots)
	if hi-lo < 6 {
		return gridCandidate{}, false
	}
	l, ok := fitSpotLattice(single, lo, hi)
	if !ok || l.residual > 0.1 || len(l.at) < 6 {
		if locateTrace != nil {
			locateTrace("glyph lattice: %d spots, family %d, fit %v", len(spots), hi-lo, ok)
		}
		return gridCandidate{}, false
	}
	minC, minR, maxC, maxR := l.bounds()
	g := glyphLines{p: p, h: l.toImage}
	// The inner lines of the glyphs' own box: how deep this grid's lines
	// are, which a line further out must match to be one of them.
	var inner []float64
	for k := minC + 1; k <= maxC; k++ {
		inner = append(inner, g.depth(0, float64(k), minR, maxR+1, 0.5))
	}
	for k := minR + 1; k <= maxR; k++ {
		inner = append(inner, g.depth(1, float64(k), minC, maxC+1, 0.5))
	}
	typical := percentile(inner, 0.5)
	if typical < minGlyphLine {
		if locateTrace != nil {
			locateTrace("glyph lattice %d spots: inner lines %.2f", len(l.at), typical)
		}
		return gridCandidate{}, false
	}
	outer := math.Max(minGlyphLine, typical/3)
	// The glyphs' box, grown line by line while the next line out is
	// there along most of its run and about as deep as the grid's: text
	// beyond the border lines up with a row line now and then.
	grow := math.Max(minGlyphLine, typical/2)
	c0, r0, c1, r1 := minC, minR, maxC+1, maxR+1
	for changed := true; changed; {
		changed = false
		if c1-c0 > maxGlyphCells || r1-r0 > maxGlyphCells {
			return gridCandidate{}, false
		}
		if g.depth(0, float64(c0-1), r0, r1, 0.5) >= grow {
			c0, changed = c0-1, true
		}
		if g.depth(0, float64(c1+1), r0, r1, 0.5) >= grow {
			c1, changed = c1+1, true
		}
		if g.depth(1, float64(r0-1), c0, c1, 0.5) >= grow {
			r0, changed = r0-1, true
		}
		if g.depth(1, float64(r1+1), c0, c1, 0.5) >= grow {
			r1, changed = r1+1, true
		}
	}
	// Every line of the grid must be there: the inner ones along most of
	// their run, the border along some of it.
	weakest := math.Inf(1)
	for k := c0; k <= c1; k++ {
		q, need := 0.5, minGlyphLine
		if k == c0 || k == c1 {
			q, need = outerQuantile, outer
		}
		weakest = math.Min(weakest, g.depth(0, float64(k), r0, r1, q)/need)
	}
	for k := r0; k <= r1; k++ {
		q, need := 0.5, minGlyphLine
		if k == r0 || k == r1 {
			q, need = outerQuantile, outer
		}
		weakest = math.Min(weakest, g.depth(1, float64(k), c0, c1, q)/need)
	}
	rows, cols := r1-r0, c1-c0
	if locateTrace != nil {
		locateTrace("glyph lattice %d spots: grid %dx%d (glyphs %dx%d) lines %.2f weakest %.2f of need resid %.3f", len(l.at), rows, cols, maxR-minR+1, maxC-minC+1, typical, weakest, l.residual)
	}
	if weakest < 1 || rows < 4 || cols < 4 {
		return gridCandidate{}, false
	}
	// The glyphs must be the grid's: a few cells of it holding a handful
	// could be a chance lattice of something else.
	if 4*len(l.at) < rows*cols/4 && len(l.at) < 12 {
		return gridCandidate{}, false
	}
	var q [4][2]float64
	for i, c := range [4][2]int{{c0, r0}, {c1, r0}, {c1, r1}, {c0, r1}} {
		q[i][0], q[i][1] = l.toImage.apply(float64(c[0]), float64(c[1]))
	}
	if !isConvexOrdered(q) {
		return gridCandidate{}, false
	}
	return gridCandidate{quad: q, area: quadArea(q), rows: periodFit{n: rows, score: 1}, cols: periodFit{n: cols, score: 1}}, true
}

// maxGlyphCells bounds a glyph lattice's grid: lines that go on further
// are ruled paper, not a puzzle.
const maxGlyphCells = 40

// minGlyphLine is the depth, in grey levels of the flattened plane, an
// averaged line must show; outerQuantile is the share of a border's run
// that may be missing.
const (
	minGlyphLine  = 1.2
	outerQuantile = 0.3
)

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
		if near >= 0.8*float64(max(a.w, a.h)) {
			out = append(out, a)
		}
	}
	return out
}

// glyphLines measures lines of a lattice in a plane.
type glyphLines struct {
	p plane
	h homography
}

// depth is how far a lattice line stands under the paper beside it,
// averaged along its run from a0 to a1 across the other axis: axis 0 is
// the column line x = k, axis 1 the row line y = k. The quantile q of the
// samples at each offset is taken, so glyphs and specks that reach the
// line here and there do not count, and a border drawn along only part
// of its side (q under a half) does.
func (g glyphLines) depth(axis int, k float64, a0, a1 int, q float64) float64 {
	const steps = 12 // samples per cell along the line
	n := (a1 - a0) * steps
	if n <= 0 {
		return 0
	}
	offs := []float64{-0.16, -0.13, -0.1, -0.05, -0.04, -0.03, -0.02, -0.01, 0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.1, 0.13, 0.16}
	prof := make([]float64, len(offs))
	vals := make([]float64, 0, n)
	for oi, t := range offs {
		vals = vals[:0]
		for s := 0; s < n; s++ {
			a := float64(a0) + (float64(s)+0.5)/steps
			u, v := k+t, a
			if axis == 1 {
				u, v = a, k+t
			}
			x, y := g.h.apply(u, v)
			if val, ok := g.p.bilinear(x, y); ok {
				vals = append(vals, val)
			}
		}
		if len(vals) < n*3/4 {
			return 0
		}
		sort.Float64s(vals)
		prof[oi] = vals[int(q*float64(len(vals)-1))]
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

// bilinear is the plane's value at a point between pixels.
func (p plane) bilinear(x, y float64) (float64, bool) {
	if x < 0 || y < 0 || x >= float64(p.w-1) || y >= float64(p.h-1) {
		return 0, false
	}
	ix, iy := int(x), int(y)
	fx, fy := x-float64(ix), y-float64(iy)
	i := iy*p.w + ix
	a, b := float64(p.pix[i]), float64(p.pix[i+1])
	c, d := float64(p.pix[i+p.w]), float64(p.pix[i+p.w+1])
	return (a*(1-fx)+b*fx)*(1-fy) + (c*(1-fx)+d*fx)*fy, true
}
