package locate

import (
	"math"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/raster"
	"binocle/vision/internal/rectify"
)

// AdjustBent is adjustLattice for a lattice on bent paper, where the line
// evidence measured through the projective fit strays off the lines. The
// page is straightened first, through the bent map fitted to the measured
// centres, with a margin of cells all round; the lattice is adjusted
// there, where it is a plain square lattice, and the rows and columns it
// gained or lost are applied to the original.
func AdjustBent(gray gocv.Mat, f LatticeFit) LatticeFit {
	if f.Residual <= locating.grow.adjustResidual {
		return AdjustLattice(gray, f)
	}
	m, ok := rectify.FitBentMap(f.ToImage, f.Rows, f.Cols, f.centres)
	if raster.Trace != nil {
		raster.Trace("bent map %v: deg %d rms %.3f", ok, m.Deg, m.Rms)
	}
	if !ok || m.Rms > rectify.Rectifying.MaxStraightRMS {
		return AdjustLattice(gray, f)
	}
	px := raster.Clamp(f.CellSize, 12, 32)
	const margin = 5
	w, h := int(float64(f.Cols+2*margin)*px), int(float64(f.Rows+2*margin)*px)
	straight, ok := rectify.WarpBentArea(gray, m, px, -margin, -margin, w, h)
	if !ok {
		return f
	}
	defer straight.Close()
	s := f
	s.ToImage = geom.Homography{px, 0, margin * px, 0, px, margin * px, 0, 0, 1}
	s.Residual = 0
	s.centres = nil
	// adjustLattice only trims and grows: the change is a shift of the
	// lattice's origin and its size.
	growth := func(a LatticeFit) [4]int {
		x0, y0 := a.ToImage.Apply(0, 0)
		dc, dr := int(math.Round(x0/px-margin)), int(math.Round(y0/px-margin))
		return [4]int{-dr, a.Rows + dr - f.Rows, -dc, a.Cols + dc - f.Cols}
	}
	// Beyond a few cells the bent map is extrapolated too far to trust
	// the lines it shows, or the glyphs; what the lines alone showed
	// nearer still holds.
	tooFar := func(grown [4]int) bool {
		for _, n := range grown {
			if n > rectify.Rectifying.MaxBentGrowth {
				return true
			}
		}
		return false
	}
	grown := growth(AdjustLattice(straight, s))
	if tooFar(grown) {
		if grown = growth(AdjustLatticeBy(straight, s, false)); tooFar(grown) {
			return f
		}
	}
	// A strip whose cells were mostly found closed is the grid's, however
	// its lines show in a straightening that is least sure at the edges.
	for side, n := range grown {
		if n < 0 && 2*closedIn(f, side, -n) >= -n*f.span(side^2) {
			grown[side] = 0
		}
	}
	for side, n := range grown {
		if n != 0 {
			f = f.grow(side, n)
		}
	}
	return f
}

// closedIn counts the measured centres in the n outer strips on one side.
func closedIn(f LatticeFit, side, n int) int {
	inv := f.ToImage.Inverse()
	count := 0
	for _, p := range f.centres {
		u, v := inv.Apply(p[0], p[1])
		c, r := int(math.Floor(u)), int(math.Floor(v))
		if r < 0 || c < 0 || r >= f.Rows || c >= f.Cols {
			continue
		}
		in := [4]bool{r < n, r >= f.Rows-n, c < n, c >= f.Cols-n}
		if in[side] {
			count++
		}
	}
	return count
}
