package locate

import (
	"math"

	"gocv.io/x/gocv"

	"binocle/vision/internal/gridline"
	"binocle/vision/internal/raster"
	"binocle/vision/internal/rectify"
)

// Big grids (30 and more cells a side) photographed whole leave cells of
// a few pixels in the located copy. Their closed regions' centres are
// then off by a pixel or so from quantisation and glyph rings alone,
// which is a large share of a cell, and a bent page adds its own drift
// across forty cells; the strict residual the lattice test asks of small
// grids would turn them all away.

// ManySmall tells whether a lattice too loose for the usual tests is
// still a grid: many small cells whose scatter, in pixels, is what
// pixel-sized cells give. A lattice of larger regions that scatters as
// much in cells (the half-cells either side of a digit, say) is off by
// several pixels, which is not noise.
func (f LatticeFit) ManySmall() bool {
	g := locating.grow
	return f.Cells >= g.manySmallCells && f.Residual <= g.manySmallResidual &&
		f.Residual*f.CellSize <= g.manySmallScatter
}

// bigOfSmallCells tells whether f is a big lattice of small cells, the
// kind growBig follows strip by strip (minBigSide, maxBigCell).
func (f LatticeFit) bigOfSmallCells() bool {
	return max(f.Rows, f.Cols) >= locating.grow.minBigSide && f.CellSize <= locating.grow.maxBigCell
}

// GrowBig grows a big lattice f, strip by strip, over the rows and
// columns of its grid that the closed cells missed.
func GrowBig(gray gocv.Mat, f LatticeFit) LatticeFit {
	if !f.bigOfSmallCells() || f.Rows < 3 || f.Cols < 3 {
		return f
	}
	// Larger cells show their lines clearly enough for adjustLattice in
	// a sharp, evenly lit picture, where nearly all of them close; a
	// shadow across the page, or bending, leaves cells open and stops
	// adjustLattice at its edge, while the lines run on across it.
	if f.CellSize > locating.grow.maxSharpBigCell && f.complete() {
		return f
	}
	return followLines(gray, f, false, [4]bool{true, true, true, true})
}

// followLines grows f, strip by strip, over the rows and columns its
// lines run on across (see growStrip).
func followLines(gray gocv.Mat, f LatticeFit, small bool, sides [4]bool) LatticeFit {
	p := gridline.DarkOf(gray)
	p.TwoSided = small
	g, level, bent := linesOfLattice(p, f)
	if level <= gridline.Measuring.MinBigRidge {
		return f
	}
	if raster.Trace != nil {
		raster.Trace("follow lines %dx%d: ridge %.1f, bent %v", f.Rows, f.Cols, level, bent)
	}
	g, sure, grown := growStrips(p, g, level, sides)
	if !grown {
		return f
	}
	// Paper bends smoothly: each line is put on the quadratic through its
	// crossings, which evens out what grain and glyphs did to single ones.
	smoothLines(g, sure[1])
	gt := g.Transposed()
	smoothLines(gt, sure[0])
	return nodeLattice(gt.Transposed(), f)
}

// linesOfLattice finds where f's lines cross, and their median ridge: on
// the map bent to the cells' centres, on the projective one, or snapped
// onto the lines themselves, whichever first shows them. bent tells
// whether the bent map placed them.
func linesOfLattice(p gridline.DarkPlane, f LatticeFit) (g gridline.NodeGrid, level float64, bent bool) {
	m, bent := rectify.FitBentMap(f.ToImage, f.Rows, f.Cols, f.centres)
	level = math.Inf(-1)
	if bent {
		g, level = linesOn(p, f, m)
	}
	if level <= gridline.Measuring.MinBigRidge {
		// The bend is fitted to the cells' centres, which a lattice
		// widened from line evidence alone (or glyphs off their cells'
		// middles) can leave off its lines: where the lines do not show
		// along the bent map, the projective one is tried.
		if gp, lp := linesOn(p, f, f.ToImage); lp > level {
			g, level, bent = gp, lp, false
		}
	}
	if level <= gridline.Measuring.MinBigRidge {
		// Thin lines on a bent page are missed by a map a pixel or two
		// off them: each line is moved onto its own ridge before the
		// grid is given up as lineless.
		g = SnapLines(p, SnapLines(p, g).Transposed()).Transposed()
		level = LinesLevel(p, g)
		if raster.Trace != nil {
			raster.Trace("follow lines: snapped level %.1f", level)
		}
	}
	return g, level, bent
}

// growStrips grows the crossings g on the given sides, strip by strip,
// while the lines run on (growStrip), to 64 cells a side at most. Where
// the lines fade, a strip is still grown by their count but its crossings
// are placed by the darkest grain near them; sure marks, for the row
// lines (sure[0]) and the column lines (sure[1]), those whose crossings
// stand out enough to fit the lines through (see smoothLines).
func growStrips(p gridline.DarkPlane, g gridline.NodeGrid, level float64, sides [4]bool) (gridline.NodeGrid, [2][]bool, bool) {
	sure := [2][]bool{make([]bool, len(g)), make([]bool, len(g[0]))}
	for i := range sure {
		for k := range sure[i] {
			sure[i][k] = true
		}
	}
	var done [4]bool
	for side := range done {
		done[side] = !sides[side]
	}
	grown := false
	for more := true; more; {
		more = false
		for side := 0; side < 4; side++ {
			if done[side] || len(g)-1 > 64 || len(g[0])-1 > 64 {
				continue
			}
			h, med, ok := gridline.GrowStrip(p, g.Orient(side, false), level)
			if !ok {
				done[side] = true
				continue
			}
			g = h.Orient(side, true)
			clear := med >= gridline.Measuring.MinSureShare*level
			switch side {
			case 0, 2:
				sure[side/2] = append([]bool{clear}, sure[side/2]...)
			default:
				sure[side/2] = append(sure[side/2], clear)
			}
			more, grown = true, true
		}
	}
	return g, sure, grown
}

// latticeMap maps lattice coordinates (column, row) into the image.
type latticeMap interface {
	Apply(u, v float64) (float64, float64)
}

// latticeNodes puts f's line crossings where m maps them.
func latticeNodes(f LatticeFit, m latticeMap) gridline.NodeGrid {
	g := make(gridline.NodeGrid, f.Rows+1)
	for r := range g {
		g[r] = make([][2]float64, f.Cols+1)
		for c := range g[r] {
			g[r][c][0], g[r][c][1] = m.Apply(float64(c), float64(r))
		}
	}
	return g
}

// linesOn puts f's line crossings where m maps them and tells the median
// ridge of the grid's own lines along them: the level new strips are
// held to.
func linesOn(p gridline.DarkPlane, f LatticeFit, m latticeMap) (gridline.NodeGrid, float64) {
	g := latticeNodes(f, m)
	return g, LinesLevel(p, g)
}

// LinesLevel is the median ridge of the segments of g's lines across its
// rows.
func LinesLevel(p gridline.DarkPlane, g gridline.NodeGrid) float64 {
	var inner []float64
	for r := 0; r+1 < len(g); r++ {
		inner = append(inner, gridline.CrossRidges(p, g, r)...)
	}
	return raster.Percentile(inner, 0.5)
}

// SnapLines moves each of g's lines across its rows (the crossings
// g[*][c]) sideways, by up to a quarter of a cell, to where its segments
// stand out most, and returns the moved copy.
func SnapLines(p gridline.DarkPlane, g gridline.NodeGrid) gridline.NodeGrid {
	out := make(gridline.NodeGrid, len(g))
	for r := range g {
		out[r] = append([][2]float64(nil), g[r]...)
	}
	if len(g) < 2 || len(g[0]) < 2 {
		return out
	}
	n := len(g[0])
	for c := 0; c < n; c++ {
		// Each segment's own best shift; a crossing takes the middle one
		// of the segments around it, which holds it to the line's run
		// where a glyph or the grain beside one segment misleads it.
		ts := make([]float64, len(g)-1)
		for r := range ts {
			a, b := snapStep(g, r, c, n), snapStep(g, r+1, c, n)
			best := math.Inf(-1)
			for k := -5; k <= 5; k++ {
				t := float64(k) * locating.grow.snapLineStep
				v, ok := p.Ridge([2]float64{g[r][c][0] + t*a[0], g[r][c][1] + t*a[1]}, [2]float64{g[r+1][c][0] + t*b[0], g[r+1][c][1] + t*b[1]})
				if ok && v > best {
					best, ts[r] = v, t
				}
			}
		}
		for r := range g {
			var near []float64
			for k := r - 2; k <= r+1; k++ {
				if k >= 0 && k < len(ts) {
					near = append(near, ts[k])
				}
			}
			t := raster.Percentile(near, 0.5)
			d := snapStep(g, r, c, n)
			out[r][c][0] += t * d[0]
			out[r][c][1] += t * d[1]
		}
	}
	return out
}

// snapStep is the step along row r of g from crossing c to the next one
// (the one before at the row's end).
func snapStep(g gridline.NodeGrid, r, c, n int) [2]float64 {
	if c+1 < n {
		return [2]float64{g[r][c+1][0] - g[r][c][0], g[r][c+1][1] - g[r][c][1]}
	}
	return [2]float64{g[r][c][0] - g[r][c-1][0], g[r][c][1] - g[r][c-1][1]}
}

// smoothLines replaces every row of crossings by the least-squares
// quadratic through it, fitted to the crossings use marks when there are
// enough of them.
func smoothLines(g gridline.NodeGrid, use []bool) {
	fitted := 0
	for _, u := range use {
		if u {
			fitted++
		}
	}
	for r := range g {
		n := len(g[r])
		if n < 4 {
			return
		}
		for axis := 0; axis < 2; axis++ {
			// Normal equations for a + b t + c t^2, t centred and scaled.
			m, rhs := [][]float64{make([]float64, 3), make([]float64, 3), make([]float64, 3)}, make([]float64, 3)
			for i, q := range g[r] {
				if fitted >= gridline.MinFitCrossings && len(use) == n && !use[i] {
					continue
				}
				t := (float64(i) - float64(n-1)/2) / float64(n)
				b := [3]float64{1, t, t * t}
				for a := 0; a < 3; a++ {
					for k := 0; k < 3; k++ {
						m[a][k] += b[a] * b[k]
					}
					rhs[a] += b[a] * q[axis]
				}
			}
			coef, ok := rectify.SolveSym(m, rhs)
			if !ok {
				return
			}
			for i := range g[r] {
				t := (float64(i) - float64(n-1)/2) / float64(n)
				g[r][i][axis] = coef[0] + coef[1]*t + coef[2]*t*t
			}
		}
	}
}

// nodeLattice turns a grid of line crossings into a lattice fit: the
// projective map fitted to all crossings, and the cells' centres, which
// carry the page's bend to the rectification.
func nodeLattice(g gridline.NodeGrid, f LatticeFit) LatticeFit {
	rows, cols := len(g)-1, len(g[0])-1
	var src, dst [][2]float64
	for r := range g {
		for c := range g[r] {
			src = append(src, [2]float64{float64(c), float64(r)})
			dst = append(dst, g[r][c])
		}
	}
	h, ok := FitHomography(src, dst)
	if !ok {
		return f
	}
	out := LatticeFit{Rows: rows, Cols: cols, ToImage: h, Cells: rows * cols, CellSize: f.CellSize, Residual: f.Residual}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			var x, y float64
			for _, q := range [4][2]float64{g[r][c], g[r][c+1], g[r+1][c], g[r+1][c+1]} {
				x += q[0] / 4
				y += q[1] / 4
			}
			out.centres = append(out.centres, [2]float64{x, y})
		}
	}
	return out
}
