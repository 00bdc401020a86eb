package locate

import (
	"math"
	"sort"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/gridline"
	"binocle/vision/internal/raster"
	"binocle/vision/internal/rectify"
)

// LatticeFit is a grid found as a lattice of cells: toImage maps lattice
// coordinates (x = column, y = row, cell corners at integers, the grid
// spanning [0, cols] x [0, rows]) to located-image pixels.
type LatticeFit struct {
	Rows, Cols int
	ToImage    geom.Homography
	Cells      int     // cells found closed
	CellSize   float64 // median blob size, located-image pixels
	Residual   float64 // mean distance of the cells' centres from the lattice's, in cells

	// centres are the closed cells' measured centres in located-image
	// pixels: on bent paper they stray from toImage (rectify/mesh.go).
	centres [][2]float64
}

func (f LatticeFit) Quad() [4][2]float64 {
	var q [4][2]float64
	for k, c := range RectCorners(float64(f.Cols), float64(f.Rows)) {
		q[k][0], q[k][1] = f.ToImage.Apply(c[0], c[1])
	}
	return q
}

// lattice is the lattice the lines are measured along.
func (f LatticeFit) lattice() gridline.Lattice {
	return gridline.Lattice{Rows: f.Rows, Cols: f.Cols, ToImage: f.ToImage}
}

// FindLattices groups blobs into families of neighbours and fits a lattice
// to each; it returns the plausible fits, best first.
func FindLattices(blobs []cellBlob) []LatticeFit {
	return findLattices(blobs, LatticeFit.plausible)
}

// findLattices is FindLattices with the fits kept by keep.
func findLattices(blobs []cellBlob, keep func(LatticeFit) bool) []LatticeFit {
	if len(blobs) < 4 {
		return nil
	}
	nbrs := blobNeighbours(blobs)
	// Union-find over the neighbour graph.
	parent := make([]int, len(blobs))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i, ns := range nbrs {
		for _, j := range ns {
			if a, b := find(i), find(j); a != b {
				parent[a] = b
			}
		}
	}
	groups := map[int][]int{}
	for i := range blobs {
		groups[find(i)] = append(groups[find(i)], i)
	}
	var fits []LatticeFit
	// Families in the order of their first blob, so that fits of equal
	// score come out in the same order every time.
	roots := make([]int, 0, len(groups))
	for root := range groups {
		roots = append(roots, root)
	}
	sort.Slice(roots, func(i, j int) bool { return groups[roots[i]][0] < groups[roots[j]][0] })
	for _, root := range roots {
		members := groups[root]
		if len(members) < 4 {
			continue
		}
		if f, ok := fitLattice(blobs, nbrs, members, keep); ok {
			fits = append(fits, f)
		}
	}
	sort.SliceStable(fits, func(i, j int) bool { return fits[i].score() > fits[j].score() })
	return fits
}

// plausible tells a grid from the chance lattices that the counters and
// gaps of printed text form: those are sparse, and their centres sit
// loosely around the lattice points, where cells of a grid, even on bent
// paper, sit close to them.
func (f LatticeFit) plausible() bool {
	if !IsConvexOrdered(f.Quad()) {
		return false
	}
	fill := float64(f.Cells) / float64(f.Rows*f.Cols)
	// A faint grid closes only some of its cells, but many of them on one
	// lattice still take more than a text column's chance.
	p := locating.lattice
	return f.Residual <= accept.strictResidual || (f.Cells >= p.faintCells && fill >= p.faintFill && f.Residual <= p.faintResidual) ||
		(f.Cells >= p.sparseCells && fill >= p.sparseFill && f.Residual <= p.sparseResidual) || f.ManySmall()
}

// loose is plausible's bound lowered for the loose-lattice rungs, whose
// finding stands only on the rules' word: any convex lattice of a
// puzzle's least size with a few cells closed on it, sitting about as
// tightly as a faint grid's (locating.loose).
func (f LatticeFit) loose() bool {
	p := locating.loose
	fill := float64(f.Cells) / float64(f.Rows*f.Cols)
	return IsConvexOrdered(f.Quad()) && f.Rows >= MinPuzzleSide && f.Cols >= MinPuzzleSide &&
		f.Cells >= p.minCells && fill >= p.minFill && f.Residual <= p.maxResidual
}

// score prefers the family covering the most area (a big grid's cells over
// a small grid's or a column of text's), and of two covering the same area
// the one with more cells: a sudoku's boxes are not its cells.
func (f LatticeFit) score() float64 {
	return math.Pow(float64(f.Cells), locating.lattice.cellsPower) * f.CellSize * f.CellSize
}

// PreferFiner orders lattice fits best first. Where a sudoku's thin lines
// are faint, its 3x3 boxes close off as cells of a coarse lattice covering
// the same area as the real one, so of two fits on about the same
// quadrilateral the one with more cells wins.
func PreferFiner(fits []LatticeFit) []LatticeFit {
	sort.SliceStable(fits, func(i, j int) bool { return fits[i].score() > fits[j].score() })
	if len(fits) < 2 {
		return fits
	}
	p := locating.lattice
	best := 0
	bq := fits[0].Quad()
	ba := geom.QuadArea(bq)
	for i := 1; i < len(fits); i++ {
		f := fits[i]
		q := f.Quad()
		a := geom.QuadArea(q)
		if a < p.finerAreaMin*ba || a > p.finerAreaMax*ba || f.Rows*f.Cols <= fits[best].Rows*fits[best].Cols {
			continue
		}
		if MaxCornerGap(q, bq) > p.finerCornerGap*math.Sqrt(ba) || 2*f.Cells < f.Rows*f.Cols {
			continue
		}
		// Boxes are several cells across. A lattice of about the same
		// cells is no finer, only longer: it has taken a strip of print
		// beside the grid in, closing fewer of its own.
		if f.CellSize > p.finerCell*fits[best].CellSize {
			continue
		}
		best = i
	}
	fits[0], fits[best] = fits[best], fits[0]
	return fits
}

func MaxCornerGap(a, b [4][2]float64) float64 {
	worst := 0.0
	for i := range a {
		worst = math.Max(worst, math.Hypot(a[i][0]-b[i][0], a[i][1]-b[i][1]))
	}
	return worst
}

// blobNeighbours links blobs of similar size whose centres are about one
// cell apart.
func blobNeighbours(blobs []cellBlob) [][]int {
	var sizes []float64
	for _, b := range blobs {
		if !b.cut {
			sizes = append(sizes, b.size)
		}
	}
	nbrs := make([][]int, len(blobs))
	if len(sizes) == 0 {
		return nbrs
	}
	bucket := 2 * raster.Percentile(sizes, locating.lattice.bucketQuantile)
	type key struct{ x, y int }
	hash := map[key][]int{}
	for i, b := range blobs {
		if b.cut {
			continue
		}
		k := key{int(b.x / bucket), int(b.y / bucket)}
		hash[k] = append(hash[k], i)
	}
	for i, b := range blobs {
		if b.cut {
			continue
		}
		k := key{int(b.x / bucket), int(b.y / bucket)}
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				for _, j := range hash[key{k.x + dx, k.y + dy}] {
					if j == i {
						continue
					}
					o := blobs[j]
					if !similarSize(b, o) {
						continue
					}
					d := math.Hypot(o.x-b.x, o.y-b.y)
					s := (b.size + o.size) / 2
					if d < locating.lattice.neighbourNear*s || d > locating.lattice.neighbourFar*s {
						continue
					}
					nbrs[i] = append(nbrs[i], j)
				}
			}
		}
	}
	return nbrs
}

// similarSize tells whether two blobs could be cells of one grid: close in
// width and in height (a blob of two merged cells is not).
func similarSize(a, b cellBlob) bool {
	rw, rh := float64(a.w)/float64(b.w), float64(a.h)/float64(b.h)
	r := locating.lattice.sameSize
	return rw < r && rw > 1/r && rh < r && rh > 1/r
}

// fitLattice assigns lattice positions to a family of blobs by walking
// from a well-connected blob to its neighbours one cell step at a time,
// fits the projective map from lattice to image, and then reassigns every
// blob by that map, keeping those that land near a cell centre.
func fitLattice(blobs []cellBlob, nbrs [][]int, members []int, keep func(LatticeFit) bool) (LatticeFit, bool) {
	// Seeds: most neighbours first.
	seeds := append([]int(nil), members...)
	sort.Slice(seeds, func(i, j int) bool { return len(nbrs[seeds[i]]) > len(nbrs[seeds[j]]) })
	if len(seeds) > 12 {
		// Among the best connected, the blobs of the most common size:
		// a merged or split cell is rarely the median.
		top := seeds[:max(12, len(seeds)/4)]
		var ws, hs []float64
		for _, i := range members {
			ws = append(ws, float64(blobs[i].w))
			hs = append(hs, float64(blobs[i].h))
		}
		mw, mh := raster.Percentile(ws, 0.5), raster.Percentile(hs, 0.5)
		off := func(i int) float64 {
			return math.Abs(math.Log(float64(blobs[i].w)/mw)) + math.Abs(math.Log(float64(blobs[i].h)/mh))
		}
		sort.SliceStable(top, func(i, j int) bool { return off(top[i]) < off(top[j]) })
		seeds = top
	}
	if len(seeds) > 3 {
		seeds = seeds[:3]
	}
	var best LatticeFit
	found := false
	for _, seed := range seeds {
		f, ok := walkLattice(blobs, nbrs, seed, keep)
		if ok && (!found || f.Cells > best.Cells) {
			best, found = f, true
		}
		if found && best.Cells >= locating.lattice.seedEnough.FloorOf(len(members)) {
			break
		}
	}
	return best, found
}

// locateLattice finds the grid as a lattice of closed cells, trying the
// boundary maps in turn; a clean, complete lattice ends the search early.
// The evidence is the accepted lattice's, before it was grown.
func locateLattice(gray gocv.Mat, variants []edgeVariant, blobs func(edgeVariant) []cellBlob, ahead func(edgeVariant)) (LatticeFit, Evidence, bool) {
	// A sure lattice too small for a puzzle, even grown by its lines, is
	// a box or two of the page (a dashed grid's long strokes close off
	// a few big regions at half size): the full search goes on.
	if f, lines, ok := QuickLattice(gray); ok {
		if g := growLines(gray, AdjustBent(gray, f), false, true); g.Rows >= MinPuzzleSide && g.Cols >= MinPuzzleSide {
			ev := latticeEvidence(f, lines, "sure")
			ev.HalfSize = true
			return g, ev, true
		}
	}
	var fits []LatticeFit
	for i, v := range variants {
		if v == faintLines && len(fits) > 0 && fits[0].plain(gray) {
			break
		}
		// The next map's blobs are cut while this one's are looked at;
		// not the faint lines', which cost as much as the others together
		// and are mostly not asked for.
		if ahead != nil && i+1 < len(variants) && variants[i+1] != faintLines {
			ahead(variants[i+1])
		}
		fits = PreferFiner(append(fits, FindLattices(blobs(v))...))
		if len(fits) > 0 && (fits[0].clean(gray) || fits[0].manyClosed()) {
			break
		}
	}
	if raster.Trace != nil {
		for _, o := range fits {
			raster.Trace("lattice %dx%d cells %d size %.1f resid %.3f quad %v", o.Rows, o.Cols, o.Cells, o.CellSize, o.Residual, o.Quad())
		}
	}
	if f, ev, ok := FirstGrid(gray, fits); ok {
		return GrowLattice(gray, f), ev, true
	}
	return LatticeFit{}, Evidence{}, false
}

// FirstGrid returns the best of the fits that shows a grid's lines: the
// chance lattices of text are told from grids by their lines.
func FirstGrid(gray gocv.Mat, fits []LatticeFit) (LatticeFit, Evidence, bool) {
	for _, f := range fits {
		lines := gridline.Measure(gray, f.lattice()).Support()
		if raster.Trace != nil {
			raster.Trace("lattice %dx%d: grid lines %.2f", f.Rows, f.Cols, lines)
		}
		if rule := gridRule(f, lines); rule != "" {
			return f, latticeEvidence(f, lines, rule), true
		}
	}
	return LatticeFit{}, Evidence{}, false
}

// QuickLattice looks for a clean lattice in a half-size copy, where most
// screenshots and sharp photos still show cells of a dozen pixels or more
// at a quarter of the cost; the lattice is returned in gray's pixels, with
// its line evidence.
func QuickLattice(gray gocv.Mat) (LatticeFit, float64, bool) {
	if max(gray.Cols(), gray.Rows()) < 2*quickMinSide {
		return LatticeFit{}, -1, false
	}
	half := gocv.NewMat()
	defer half.Close()
	gocv.Resize(gray, &half, raster.Pt(gray.Cols()/2, gray.Rows()/2), 0, 0, gocv.InterpolationArea)
	fits := PreferFiner(FindLattices(CellBlobs(half, cannyEdges)))
	if len(fits) == 0 || fits[0].CellSize < 12 {
		return LatticeFit{}, -1, false
	}
	sure, lines := fits[0].sure(half)
	if !sure {
		return LatticeFit{}, -1, false
	}
	f := fits[0]
	f.ToImage = f.ToImage.Then(geom.Scaling(float64(gray.Cols())/float64(half.Cols()), float64(gray.Rows())/float64(half.Rows())))
	f.CellSize *= float64(gray.Cols()) / float64(half.Cols())
	f.centres = rectify.ScaleCentres(f.centres, float64(gray.Cols())/float64(half.Cols()), float64(gray.Rows())/float64(half.Rows()))
	return f, lines, true
}

// quickMinSide is the smallest half-size copy worth a quick look.
const quickMinSide = 300
