package locate

import (
	"math"
	"sort"

	"binocle/geom"
	"binocle/vision/internal/gridline"
	"binocle/vision/internal/raster"
)

// A lattice fitted to the closed cells of one part of a faint grid
// extrapolates its map to the rest: a slight error in the perspective
// there grows to a fraction of a cell a few rows on, where the line
// evidence then misses the grid's lines and the lattice stops short of
// the grid. The grid's own crossings put that right: snapLattice refits
// the map to where the lines are seen to cross.

// snapLattice refits f's map to the crossings of the grid's lines found
// near the lattice's own, each within a quarter cell; ok is false when too
// few are seen, or they do not lie on one lattice.
func snapLattice(ev gridline.Evidence, f LatticeFit) (LatticeFit, bool) {
	return snapLatticeSeen(ev, f, 1.0/3)
}

// snapLatticeSeen is snapLattice taking only a lattice whose crossings are
// seen at a share of at least minSeen.
func snapLatticeSeen(ev gridline.Evidence, f LatticeFit, minSeen float64) (LatticeFit, bool) {
	src, dst := crossings(ev, f)
	if len(src) < 8 || float64(len(src)) < minSeen*float64((f.Rows+1)*(f.Cols+1)) || !spansTwoAxes(src) {
		return f, false
	}
	h, errs, ok := fitWithErrors(src, dst)
	if !ok {
		return f, false
	}
	// A crossing taken from a glyph's stroke or a line of text beside the
	// grid is dropped, and the map fitted again from the rest.
	sorted := append([]float64(nil), errs...)
	sort.Float64s(sorted)
	cut := math.Max(2*sorted[len(sorted)/2]+locating.grow.snapCutSlack, locating.grow.snapMinCut)
	var s2, d2 [][2]float64
	for k := range src {
		if errs[k] <= cut {
			s2, d2 = append(s2, src[k]), append(d2, dst[k])
		}
	}
	if len(s2) < 8 || !spansTwoAxes(s2) {
		return f, false
	}
	if h, errs, ok = fitWithErrors(s2, d2); !ok {
		return f, false
	}
	sort.Float64s(errs)
	if raster.Trace != nil {
		raster.Trace("snap: %d crossings of %d, median error %.3f", len(s2), (f.Rows+1)*(f.Cols+1), errs[len(errs)/2])
	}
	if errs[len(errs)/2] > locating.grow.snapMaxError {
		return f, false
	}
	// A lattice that already sits on its lines is left as it is: a
	// refit from the crossings of part of it moves it by nothing worth
	// the risk of tilting it over the rest.
	moved := 0.0
	for _, c := range RectCorners(float64(f.Cols), float64(f.Rows)) {
		x, y := h.Apply(c[0], c[1])
		moved = math.Max(moved, math.Hypot(x-c[0], y-c[1]))
	}
	if raster.Trace != nil {
		raster.Trace("snap: corners moved %.3f cells", moved)
	}
	if moved < locating.grow.snapMinMove {
		return f, false
	}
	// h maps the lattice into the old lattice's units; the old map takes
	// those on into the image.
	f.ToImage = h.Then(f.ToImage)
	return f, true
}

// snapMargin is the strips of paper around the lattice in the line
// evidence's rectification (gridline.MeasureAt).
const snapMargin = 2

// crossings lists the lattice's line crossings that the lines show
// (src, in lattice units) and where they show them (dst, in the lattice
// units of the rectification, where a cell is extendPx pixels whatever
// the perspective, so errors read in cells).
func crossings(ev gridline.Evidence, f LatticeFit) (src, dst [][2]float64) {
	const m = snapMargin
	for i := 0; i <= f.Cols; i++ {
		for j := 0; j <= f.Rows; j++ {
			x, y := (i+m)*gridline.ExtendPx, (j+m)*gridline.ExtendPx
			ox, okx := lineOffset(ev, ev.Vr, true, x, y)
			oy, oky := lineOffset(ev, ev.Hr, false, x, y)
			if !okx || !oky {
				continue
			}
			src = append(src, [2]float64{float64(i), float64(j)})
			dst = append(dst, [2]float64{float64(x+ox)/gridline.ExtendPx - m, float64(y+oy)/gridline.ExtendPx - m})
		}
	}
	return src, dst
}

// lineOffset finds the line of ridge map r through (x, y) within shiftPx
// across it, seen over most of a cell along it.
func lineOffset(ev gridline.Evidence, r []bool, vertical bool, x, y int) (int, bool) {
	const half = gridline.ExtendPx / 2
	bo, bc := 0, -1
	for o := -gridline.ShiftPx; o <= gridline.ShiftPx; o++ {
		c := 0
		for s := -half; s < half; s++ {
			xx, yy := x+o, y+s
			if !vertical {
				xx, yy = x+s, y+o
			}
			if xx >= 0 && yy >= 0 && xx < ev.W && yy < ev.H && r[yy*ev.W+xx] {
				c++
			}
		}
		if c > bc || (c == bc && raster.Abs(o) < raster.Abs(bo)) {
			bo, bc = o, c
		}
	}
	return bo, float64(bc) >= locating.grow.snapMinShare*2*half
}

// fitWithErrors fits a homography from src to dst and returns each
// point's distance from where it maps.
func fitWithErrors(src, dst [][2]float64) (geom.Homography, []float64, bool) {
	h, ok := FitHomography(src, dst)
	if !ok {
		return h, nil, false
	}
	errs := make([]float64, len(src))
	for k, p := range src {
		x, y := h.Apply(p[0], p[1])
		errs[k] = math.Hypot(x-dst[k][0], y-dst[k][1])
	}
	return h, errs, true
}
