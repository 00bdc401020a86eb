package vision

import (
	"math"
	"sort"

	"gocv.io/x/gocv"

	"binocle/geom"
)

// The lattice locator finds a grid by its cells rather than by its
// outline. Every cell of a ruled grid, and every tile of a tiled one, is a
// region closed off by edges on all sides; text, pictures and page margins
// are not, or not in a regular pattern. The cells of one grid are of
// similar size and sit next to each other on a projected lattice, so the
// largest family of such regions that fits one lattice is the grid, and
// the lattice itself gives the row and column counts with no need to
// guess a period. Faint lines, missing outer borders, text touching the
// grid and neighbouring grids all leave most cells closed.

// cellBlob is one closed region of the edge map.
type cellBlob struct {
	x, y float64 // centroid
	w, h int     // bounding box
	size float64 // sqrt(w*h): a scale that ignores glyph holes
}

// edgeVariant is one way of drawing the boundary map cells are closed off
// in. No single one suits every picture: Canny edges close off cells of
// clearly drawn grids; faint grey lines stand out better as thin dark
// ridges (a black top-hat), and the pale gaps between low-contrast tiles
// as thin bright ones (a white top-hat).
type edgeVariant int

const (
	cannyEdges edgeVariant = iota
	darkRidges
	brightRidges
	darkRidgesWide // dark ridges grown further, for dotted lines round big cells
	faintLines     // lines averaged along their direction, for faint lines on grainy paper
)

var edgeVariants = []edgeVariant{cannyEdges, darkRidges, brightRidges, darkRidgesWide, faintLines}

// cellBlobs returns the regions of gray that the boundary map closes off
// on every side and that could be cells: not touching the image border,
// not tiny, not huge, not long and thin.
func cellBlobs(gray gocv.Mat, v edgeVariant) []cellBlob {
	edges := boundaryMap(gray, v)
	defer edges.Close()
	gocv.BitwiseNot(edges, &edges)

	w, h := gray.Cols(), gray.Rows()
	var out []cellBlob
	for _, c := range components(edges) {
		left, top, bw, bh, area := c.left, c.top, c.width, c.height, c.area
		if left == 0 || top == 0 || left+bw >= w || top+bh >= h {
			continue
		}
		if bw < minCellSide || bh < minCellSide || bw > w/2 || bh > h/2 || bw > 3*bh || bh > 3*bw {
			continue
		}
		// A cell with a large glyph keeps at least its ring.
		if float64(area) < 0.2*float64(bw*bh) {
			continue
		}
		out = append(out, cellBlob{x: c.x, y: c.y, w: bw, h: bh, size: math.Sqrt(float64(bw * bh))})
	}
	return out
}

// boundaryMap marks the pixels that separate cells.
func boundaryMap(gray gocv.Mat, v edgeVariant) gocv.Mat {
	if v == faintLines {
		return faintLineMap(gray)
	}
	src := gocv.NewMat()
	defer src.Close()
	gocv.GaussianBlur(gray, &src, pt(3, 3), 0, 0, gocv.BorderReplicate)
	edges := gocv.NewMat()
	if v == cannyEdges {
		gocv.Canny(src, &edges, 20, 50)
		kernel := gocv.GetStructuringElement(gocv.MorphRect, pt(3, 3))
		gocv.Dilate(edges, &edges, kernel)
		kernel.Close()
		return edges
	}
	// Thin ridges stand a few levels off their neighbourhood, a window
	// wider than any line or gap and narrower than a cell. A wider blur
	// keeps faint lines' ridges while evening out noise.
	gocv.GaussianBlur(gray, &src, pt(5, 5), 0, 0, gocv.BorderReplicate)
	if v == brightRidges {
		gocv.AdaptiveThreshold(src, &edges, 255, gocv.AdaptiveThresholdMean, gocv.ThresholdBinary, 11, -(ridgeContrast - 1))
	} else {
		gocv.AdaptiveThreshold(src, &edges, 255, gocv.AdaptiveThresholdMean, gocv.ThresholdBinaryInv, 11, ridgeContrast-1)
	}
	// Faint lines and gaps come out dashed; growing them joins the dashes.
	grow := 3
	if v == darkRidgesWide {
		grow = 7
	}
	kernel := gocv.GetStructuringElement(gocv.MorphRect, pt(grow, grow))
	gocv.Dilate(edges, &edges, kernel)
	kernel.Close()
	return edges
}

// ridgeContrast is how many grey levels a faint line or gap must stand
// off its surroundings: above the noise of a blurred photo.
const ridgeContrast = 4

// minCellSide is the smallest closed region, in located-image pixels,
// taken for a cell: smaller ones are letters' counters and specks.
const minCellSide = 5

// latticeFit is a grid found as a lattice of cells: toImage maps lattice
// coordinates (x = column, y = row, cell corners at integers, the grid
// spanning [0, cols] x [0, rows]) to located-image pixels.
type latticeFit struct {
	rows, cols int
	toImage    homography
	cells      int     // cells found closed
	cellSize   float64 // median blob size, located-image pixels
	residual   float64 // mean distance of the cells' centres from the lattice's, in cells

	// centres are the closed cells' measured centres in located-image
	// pixels: on bent paper they stray from toImage (mesh.go).
	centres [][2]float64
}

func (f latticeFit) quad() [4][2]float64 {
	var q [4][2]float64
	for k, c := range rectCorners(float64(f.cols), float64(f.rows)) {
		q[k][0], q[k][1] = f.toImage.apply(c[0], c[1])
	}
	return q
}

// findLattices groups blobs into families of neighbours and fits a lattice
// to each; it returns the fits, best first.
func findLattices(blobs []cellBlob) []latticeFit {
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
	var fits []latticeFit
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
		if f, ok := fitLattice(blobs, nbrs, members); ok {
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
func (f latticeFit) plausible() bool {
	if !isConvexOrdered(f.quad()) {
		return false
	}
	fill := float64(f.cells) / float64(f.rows*f.cols)
	// A faint grid closes only some of its cells, but many of them on one
	// lattice still take more than a text column's chance.
	return f.residual <= strictResidual || (f.cells >= 12 && fill >= 0.5 && f.residual <= 0.1) ||
		(f.cells >= 24 && fill >= 0.35 && f.residual <= 0.05) || f.manySmall()
}

// populous tells whether a lattice closed more cells than the chance
// lattices of printed text ever do (a few dozen at most, since letters'
// counters and gaps stay on one lattice for only a few words and lines),
// sitting on it about as tightly as a grid's cells. On a faint grid in
// grain, lines show too broken for gridLines to pass, but they still
// close most cells; a little of their lines must show all the same.
func (f latticeFit) populous(lines float64) bool {
	return f.cells >= populousCells && f.residual <= 0.06 && lines >= 0.12
}

// populousCells is the fewest closed cells a lattice needs to pass for a
// grid on its cells alone: twice the most that text formed in the suites.
const populousCells = 60

// strictResidual is the lattice residual (in cells) below which no text
// column was seen to fit; looser lattices must show their lines.
const strictResidual = 0.04

// score prefers the family covering the most area (a big grid's cells over
// a small grid's or a column of text's), and of two covering the same area
// the one with more cells: a sudoku's boxes are not its cells.
func (f latticeFit) score() float64 {
	return math.Pow(float64(f.cells), 1.5) * f.cellSize * f.cellSize
}

// preferFiner orders lattice fits best first. Where a sudoku's thin lines
// are faint, its 3x3 boxes close off as cells of a coarse lattice covering
// the same area as the real one, so of two fits on about the same
// quadrilateral the one with more cells wins.
func preferFiner(fits []latticeFit) []latticeFit {
	sort.SliceStable(fits, func(i, j int) bool { return fits[i].score() > fits[j].score() })
	if len(fits) < 2 {
		return fits
	}
	best := 0
	bq := fits[0].quad()
	ba := quadArea(bq)
	for i := 1; i < len(fits); i++ {
		f := fits[i]
		q := f.quad()
		a := quadArea(q)
		if a < 0.7*ba || a > 1.4*ba || f.rows*f.cols <= fits[best].rows*fits[best].cols {
			continue
		}
		if maxCornerGap(q, bq) > 0.15*math.Sqrt(ba) || 2*f.cells < f.rows*f.cols {
			continue
		}
		// Boxes are several cells across. A lattice of about the same
		// cells is no finer, only longer: it has taken a strip of print
		// beside the grid in, closing fewer of its own.
		if f.cellSize > maxFinerCell*fits[best].cellSize {
			continue
		}
		best = i
	}
	fits[0], fits[best] = fits[best], fits[0]
	return fits
}

// maxFinerCell is the largest cell, as a share of the best lattice's,
// that makes another lattice on about its quadrilateral a finer one.
const maxFinerCell = 0.8

func maxCornerGap(a, b [4][2]float64) float64 {
	worst := 0.0
	for i := range a {
		worst = math.Max(worst, math.Hypot(a[i][0]-b[i][0], a[i][1]-b[i][1]))
	}
	return worst
}

// blobNeighbours links blobs of similar size whose centres are about one
// cell apart.
func blobNeighbours(blobs []cellBlob) [][]int {
	sizes := make([]float64, len(blobs))
	for i, b := range blobs {
		sizes[i] = b.size
	}
	bucket := 2 * percentile(sizes, 0.9)
	type key struct{ x, y int }
	hash := map[key][]int{}
	for i, b := range blobs {
		k := key{int(b.x / bucket), int(b.y / bucket)}
		hash[k] = append(hash[k], i)
	}
	nbrs := make([][]int, len(blobs))
	for i, b := range blobs {
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
					if d < 0.7*s || d > 2.0*s {
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
	return rw < 1.35 && rw > 1/1.35 && rh < 1.35 && rh > 1/1.35
}

// fitLattice assigns lattice positions to a family of blobs by walking
// from a well-connected blob to its neighbours one cell step at a time,
// fits the projective map from lattice to image, and then reassigns every
// blob by that map, keeping those that land near a cell centre.
func fitLattice(blobs []cellBlob, nbrs [][]int, members []int) (latticeFit, bool) {
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
		mw, mh := percentile(ws, 0.5), percentile(hs, 0.5)
		off := func(i int) float64 {
			return math.Abs(math.Log(float64(blobs[i].w)/mw)) + math.Abs(math.Log(float64(blobs[i].h)/mh))
		}
		sort.SliceStable(top, func(i, j int) bool { return off(top[i]) < off(top[j]) })
		seeds = top
	}
	if len(seeds) > 3 {
		seeds = seeds[:3]
	}
	var best latticeFit
	found := false
	for _, seed := range seeds {
		f, ok := walkLattice(blobs, nbrs, seed)
		if ok && (!found || f.cells > best.cells) {
			best, found = f, true
		}
		if found && best.cells >= len(members)*9/10 {
			break
		}
	}
	return best, found
}

type latticePos struct{ col, row int }

func walkLattice(blobs []cellBlob, nbrs [][]int, seed int) (latticeFit, bool) {
	s := blobs[seed]
	// The seed's shortest steps towards image right and image down.
	var u, v [2]float64
	bestU, bestV := math.Inf(1), math.Inf(1)
	for _, j := range nbrs[seed] {
		dx, dy := blobs[j].x-s.x, blobs[j].y-s.y
		a, d := math.Atan2(dy, dx), math.Hypot(dx, dy)
		if math.Abs(a) < math.Pi/4 && d < bestU {
			bestU, u = d, [2]float64{dx, dy}
		}
		if math.Abs(a-math.Pi/2) < math.Pi/4 && d < bestV {
			bestV, v = d, [2]float64{dx, dy}
		}
	}
	if math.IsInf(bestU, 1) && math.IsInf(bestV, 1) {
		return latticeFit{}, false
	}
	// A seed with a step one way only borrows the other, turned.
	// Down is right turned a quarter clockwise on screen (y grows down).
	if math.IsInf(bestU, 1) {
		u = [2]float64{v[1], -v[0]}
	}
	if math.IsInf(bestV, 1) {
		v = [2]float64{-u[1], u[0]}
	}
	u, v = reduceBasis(u, v)
	at := walkSteps(func(i int) (float64, float64) { return blobs[i].x, blobs[i].y }, nbrs, seed, u, v, 0.3,
		func(ra, rb float64) bool { return math.Abs(ra)+math.Abs(rb) == 1 })
	if locateTrace != nil {
		locateTrace("walk from seed %d (%.0f,%.0f) u %v v %v: %d", seed, s.x, s.y, u, v, len(at))
	}
	if len(at) < 4 {
		return latticeFit{}, false
	}
	h, at, ok := growLattice(blobs, at)
	if !ok {
		return latticeFit{}, false
	}
	minC, minR, maxC, maxR := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	var sizes []float64
	for p, i := range at {
		minC, maxC = min(minC, p.col), max(maxC, p.col)
		minR, maxR = min(minR, p.row), max(maxR, p.row)
		sizes = append(sizes, blobs[i].size)
	}
	f := latticeFit{rows: maxR - minR + 1, cols: maxC - minC + 1, cells: len(at), cellSize: percentile(sizes, 0.5)}
	order := positionsInOrder(at)
	for _, p := range order {
		i := at[p]
		f.centres = append(f.centres, [2]float64{blobs[i].x, blobs[i].y})
	}
	inv := h.inverse()
	for _, p := range order {
		i := at[p]
		a, b := inv.apply(blobs[i].x, blobs[i].y)
		f.residual += math.Hypot(a-float64(p.col)-0.5, b-float64(p.row)-0.5)
	}
	f.residual /= float64(len(at))
	if f.rows < 2 || f.cols < 2 || f.rows > 64 || f.cols > 64 || 10*f.cells < 3*f.rows*f.cols {
		return latticeFit{}, false
	}
	f.toImage = homography{1, 0, float64(minC), 0, 1, float64(minR), 0, 0, 1}.then(h)
	if !f.plausible() {
		if locateTrace != nil {
			locateTrace("implausible lattice %dx%d cells %d resid %.3f convex %v", f.rows, f.cols, f.cells, f.residual, isConvexOrdered(f.quad()))
		}
		return latticeFit{}, false
	}
	return f, true
}

// growLattice fits the projective map from lattice to image to the cells
// assigned so far, then assigns every blob that lands near a cell centre
// and has about the size the map predicts there, keeping the positions
// connected to the rest; a few rounds let the lattice reach cells that the
// walk could not (past a merged or missing cell).
func growLattice(blobs []cellBlob, at map[latticePos]int) (homography, map[latticePos]int, bool) {
	var h homography
	for iter := 0; iter < 4; iter++ {
		var ok bool
		if h, ok = fitLatticeMap(blobs, at); !ok {
			return h, nil, false
		}
		inv := h.inverse()
		// How a closed cell's box compares with the lattice cell's box:
		// lines and the edge dilation take a fixed share off.
		var rw, rh []float64
		for p, i := range at {
			w, hh := cellBox(h, p)
			rw = append(rw, float64(blobs[i].w)/w)
			rh = append(rh, float64(blobs[i].h)/hh)
		}
		kw, kh := percentile(rw, 0.5), percentile(rh, 0.5)
		next := assignNearest(len(blobs), func(i int) (float64, float64) { return blobs[i].x, blobs[i].y }, inv, 130,
			func(i int, p latticePos) bool {
				w, hh := cellBox(h, p)
				fw, fh := float64(blobs[i].w)/(kw*w), float64(blobs[i].h)/(kh*hh)
				return !(fw < 0.75 || fw > 1.3 || fh < 0.75 || fh > 1.3)
			})
		next = largestConnected(next)
		if len(next) < 4 {
			return h, nil, false
		}
		same := len(next) == len(at)
		at = next
		if same && iter > 0 {
			break
		}
	}
	return h, at, true
}

// fitLatticeMap fits the lattice-to-image map to the cells' centres. A
// thick outer border eats into the outer cells and pulls their centres
// inward, so when there are enough inner cells (all four neighbours
// present) only they are used.
func fitLatticeMap(blobs []cellBlob, at map[latticePos]int) (homography, bool) {
	var src, dst, isrc, idst [][2]float64
	for _, p := range positionsInOrder(at) {
		i := at[p]
		c := [2]float64{float64(p.col) + 0.5, float64(p.row) + 0.5}
		d := [2]float64{blobs[i].x, blobs[i].y}
		src, dst = append(src, c), append(dst, d)
		inner := true
		for _, n := range [4]latticePos{{p.col - 1, p.row}, {p.col + 1, p.row}, {p.col, p.row - 1}, {p.col, p.row + 1}} {
			if _, ok := at[n]; !ok {
				inner = false
			}
		}
		if inner {
			isrc, idst = append(isrc, c), append(idst, d)
		}
	}
	if len(isrc) >= 9 && spansTwoAxes(isrc) {
		return fitHomography(isrc, idst)
	}
	return fitHomography(src, dst)
}

// assignNearest assigns each of n items (closed cells, coloured spots),
// placed by centre, to the lattice cell that inv maps it into, when it
// sits within a quarter cell of that cell's centre, no more than reach
// cells from the origin, and fits says its size suits the cell; a cell
// claimed twice keeps the item nearest its centre.
func assignNearest(n int, centre func(i int) (float64, float64), inv homography, reach float64, fits func(i int, p latticePos) bool) map[latticePos]int {
	next := map[latticePos]int{}
	resid := map[latticePos]float64{}
	for i := 0; i < n; i++ {
		a, b := inv.apply(centre(i))
		a, b = a-0.5, b-0.5
		ra, rb := math.Round(a), math.Round(b)
		r := math.Hypot(a-ra, b-rb)
		if r > 0.25 || math.Abs(ra) > reach || math.Abs(rb) > reach {
			continue
		}
		p := latticePos{int(ra), int(rb)}
		if !fits(i, p) {
			continue
		}
		if old, taken := resid[p]; taken && old <= r {
			continue
		}
		next[p], resid[p] = i, r
	}
	return next
}

// positionsInOrder returns the positions of at row by row. Least-squares
// sums taken in a map's random order differ in their last bits from run to
// run, which is enough to tip a lattice on the edge of a threshold one way
// or the other: the same picture must read the same every time.
func positionsInOrder(at map[latticePos]int) []latticePos {
	ps := make([]latticePos, 0, len(at))
	for p := range at {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].row != ps[j].row {
			return ps[i].row < ps[j].row
		}
		return ps[i].col < ps[j].col
	})
	return ps
}

// spansTwoAxes tells whether lattice points are not all on one row or
// one column, which a projective fit needs.
func spansTwoAxes(pts [][2]float64) bool {
	rows, cols := map[float64]bool{}, map[float64]bool{}
	for _, p := range pts {
		cols[p[0]], rows[p[1]] = true, true
	}
	return len(rows) >= 3 && len(cols) >= 3
}

// cellBox is the size of the image box of lattice cell p under h.
func cellBox(h homography, p latticePos) (float64, float64) {
	x0, y0 := math.Inf(1), math.Inf(1)
	x1, y1 := math.Inf(-1), math.Inf(-1)
	for _, c := range [4][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		x, y := h.apply(float64(p.col)+c[0], float64(p.row)+c[1])
		x0, y0, x1, y1 = math.Min(x0, x), math.Min(y0, y), math.Max(x1, x), math.Max(y1, y)
	}
	return math.Max(1, x1-x0), math.Max(1, y1-y0)
}

// largestConnected keeps the largest group of positions linked by steps of
// at most two cells, so that a stray blob far out cannot stretch the grid
// while a cell lost to a clue or a merge does not split it.
func largestConnected(at map[latticePos]int) map[latticePos]int {
	minC, minR, maxC, maxR := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for p := range at {
		minC, maxC = min(minC, p.col), max(maxC, p.col)
		minR, maxR = min(minR, p.row), max(maxR, p.row)
	}
	// A dense grid of group numbers, 0 for no cell, -1 for unvisited.
	w, h := maxC-minC+1, maxR-minR+1
	group := make([]int, w*h)
	for p := range at {
		group[(p.row-minR)*w+p.col-minC] = -1
	}
	best, bestSize, next := 0, 0, 0
	var stack []int
	for start, g := range group {
		if g != -1 {
			continue
		}
		next++
		size := 0
		group[start] = next
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			x, y := i%w, i/w
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					nx, ny := x+dx, y+dy
					if abs(dx)+abs(dy) > 2 || nx < 0 || ny < 0 || nx >= w || ny >= h {
						continue
					}
					if j := ny*w + nx; group[j] == -1 {
						group[j] = next
						stack = append(stack, j)
					}
				}
			}
		}
		if size > bestSize {
			best, bestSize = next, size
		}
	}
	out := make(map[latticePos]int, bestSize)
	for p, i := range at {
		if group[(p.row-minR)*w+p.col-minC] == best {
			out[p] = i
		}
	}
	return out
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// fitHomography is the least-squares projective map taking src to dst
// (at least four points), computed on normalised coordinates.
func fitHomography(src, dst [][2]float64) (homography, bool) {
	if len(src) < 4 || len(src) != len(dst) {
		return homography{}, false
	}
	ns, okS := normaliser(src)
	nd, okD := normaliser(dst)
	if !okS || !okD {
		return homography{}, false
	}
	// Normal equations of the 8-parameter linear system.
	var ata [8][9]float64
	add := func(row [8]float64, rhs float64) {
		for i := 0; i < 8; i++ {
			for j := 0; j < 8; j++ {
				ata[i][j] += row[i] * row[j]
			}
			ata[i][8] += row[i] * rhs
		}
	}
	for k := range src {
		x, y := ns.apply(src[k][0], src[k][1])
		u, v := nd.apply(dst[k][0], dst[k][1])
		add([8]float64{x, y, 1, 0, 0, 0, -u * x, -u * y}, u)
		add([8]float64{0, 0, 0, x, y, 1, -v * x, -v * y}, v)
	}
	sol, ok := geom.Solve8(ata)
	if !ok {
		return homography{}, false
	}
	h := homography{sol[0], sol[1], sol[2], sol[3], sol[4], sol[5], sol[6], sol[7], 1}
	// h works on normalised points: undo the normalisations.
	out := ns.then(h).then(nd.inverse())
	if out[8] == 0 {
		return homography{}, false
	}
	for i := range out {
		out[i] /= out[8]
	}
	return out, true
}

// normaliser moves points to their centroid and scales them to a mean
// distance of sqrt(2), which keeps the normal equations well conditioned.
func normaliser(pts [][2]float64) (homography, bool) {
	mx, my := centroid(pts)
	d := 0.0
	for _, p := range pts {
		d += math.Hypot(p[0]-mx, p[1]-my)
	}
	d /= float64(len(pts))
	if d == 0 {
		return homography{}, false
	}
	s := math.Sqrt2 / d
	return homography{s, 0, -s * mx, 0, s, -s * my, 0, 0, 1}, true
}

// reduceBasis returns the shortest pair of steps that spans the same
// lattice as u and v, as a step towards image right and one towards image
// down. Where the seed's true right neighbour was not closed (a merged or
// broken cell) the nearest cell towards the right can be a diagonal one on
// a rotated grid; a walk along that skewed basis still finds the cells but
// fits a sheared lattice with the wrong counts.
func reduceBasis(u, v [2]float64) ([2]float64, [2]float64) {
	dot := func(a, b [2]float64) float64 { return a[0]*b[0] + a[1]*b[1] }
	if math.Abs(u[0]*v[1]-u[1]*v[0]) < 1e-9 {
		return u, v
	}
	for iter := 0; iter < 16; iter++ {
		if dot(u, u) < dot(v, v) {
			u, v = v, u
		}
		m := math.Round(dot(u, v) / dot(v, v))
		if m == 0 {
			break
		}
		u = [2]float64{u[0] - m*v[0], u[1] - m*v[1]}
	}
	// Of the four signed steps, the one pointing most to the right is the
	// column step; the row step is the other, signed to point down.
	cands := [4][2]float64{u, {-u[0], -u[1]}, v, {-v[0], -v[1]}}
	best := 0
	for k, c := range cands {
		if c[0]/math.Hypot(c[0], c[1]) > cands[best][0]/math.Hypot(cands[best][0], cands[best][1]) {
			best = k
		}
	}
	right := cands[best]
	down := v
	if best >= 2 {
		down = u
	}
	if right[0]*down[1]-right[1]*down[0] < 0 {
		down = [2]float64{-down[0], -down[1]}
	}
	return right, down
}

// walkSteps assigns lattice positions to points breadth-first from seed,
// starting with basis u, v. A neighbour joins when its offset is within tol
// of a whole step that accept allows, and a straight step along one axis
// renews that axis's vector, so the walk follows perspective and a gentle
// bend across the grid. It serves both the closed cells of ruled grids and
// the coloured spots of app boards, which differ only in the steps they
// accept and how far off a step may be.
func walkSteps(xy func(i int) (float64, float64), nbrs [][]int, seed int, u, v [2]float64, tol float64, accept func(ra, rb float64) bool) map[latticePos]int {
	type node struct {
		pos  latticePos
		u, v [2]float64
	}
	at := map[latticePos]int{{0, 0}: seed}
	state := map[int]node{seed: {latticePos{0, 0}, u, v}}
	queue := []int{seed}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		n := state[i]
		det := n.u[0]*n.v[1] - n.u[1]*n.v[0]
		if math.Abs(det) < 1e-9 {
			continue
		}
		xi, yi := xy(i)
		for _, j := range nbrs[i] {
			if _, done := state[j]; done {
				continue
			}
			xj, yj := xy(j)
			dx, dy := xj-xi, yj-yi
			a := (dx*n.v[1] - dy*n.v[0]) / det
			b := (n.u[0]*dy - n.u[1]*dx) / det
			ra, rb := math.Round(a), math.Round(b)
			if math.Abs(a-ra) > tol || math.Abs(b-rb) > tol || !accept(ra, rb) {
				continue
			}
			p := latticePos{n.pos.col + int(ra), n.pos.row + int(rb)}
			if _, taken := at[p]; taken {
				continue
			}
			next := node{p, n.u, n.v}
			if rb == 0 {
				next.u = [2]float64{dx / ra, dy / ra}
			} else if ra == 0 {
				next.v = [2]float64{dx / rb, dy / rb}
			}
			at[p], state[j] = j, next
			queue = append(queue, j)
		}
	}
	return at
}
