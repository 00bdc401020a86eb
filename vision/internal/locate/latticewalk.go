package locate

import (
	"math"
	"sort"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

type latticePos struct{ col, row int }

func walkLattice(blobs []cellBlob, nbrs [][]int, seed int, keep func(LatticeFit) bool) (LatticeFit, bool) {
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
		return LatticeFit{}, false
	}
	// A seed with a step one way only borrows the other, turned.
	// Down is right turned a quarter clockwise on screen (y grows down).
	if math.IsInf(bestU, 1) {
		u = [2]float64{v[1], -v[0]}
	}
	if math.IsInf(bestV, 1) {
		v = [2]float64{-u[1], u[0]}
	}
	u, v = ReduceBasis(u, v)
	at := walkSteps(func(i int) (float64, float64) { return blobs[i].x, blobs[i].y }, nbrs, seed, u, v, locating.lattice.walkTolerance,
		func(ra, rb float64) bool { return math.Abs(ra)+math.Abs(rb) == 1 })
	if raster.Trace != nil {
		raster.Trace("walk from seed %d (%.0f,%.0f) u %v v %v: %d", seed, s.x, s.y, u, v, len(at))
	}
	if len(at) < 4 {
		return LatticeFit{}, false
	}
	h, at, ok := growLattice(blobs, at)
	if !ok {
		return LatticeFit{}, false
	}
	minC, minR, maxC, maxR := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	var sizes []float64
	for p, i := range at {
		minC, maxC = min(minC, p.col), max(maxC, p.col)
		minR, maxR = min(minR, p.row), max(maxR, p.row)
		sizes = append(sizes, blobs[i].size)
	}
	f := LatticeFit{Rows: maxR - minR + 1, Cols: maxC - minC + 1, Cells: len(at), CellSize: raster.Percentile(sizes, 0.5)}
	order := positionsInOrder(at)
	for _, p := range order {
		i := at[p]
		f.centres = append(f.centres, [2]float64{blobs[i].x, blobs[i].y})
	}
	inv := h.Inverse()
	for _, p := range order {
		i := at[p]
		a, b := inv.Apply(blobs[i].x, blobs[i].y)
		f.Residual += math.Hypot(a-float64(p.col)-0.5, b-float64(p.row)-0.5)
	}
	f.Residual /= float64(len(at))
	if f.Rows < 2 || f.Cols < 2 || f.Rows > 64 || f.Cols > 64 || !locating.lattice.minWalkClosed.Of(f.Cells, f.Rows*f.Cols) {
		return LatticeFit{}, false
	}
	f.ToImage = geom.Homography{1, 0, float64(minC), 0, 1, float64(minR), 0, 0, 1}.Then(h)
	if !keep(f) {
		if raster.Trace != nil {
			raster.Trace("implausible lattice %dx%d cells %d resid %.3f convex %v", f.Rows, f.Cols, f.Cells, f.Residual, IsConvexOrdered(f.Quad()))
		}
		return LatticeFit{}, false
	}
	return f, true
}

// growLattice fits the projective map from lattice to image to the cells
// assigned so far, then assigns every blob that lands near a cell centre
// and has about the size the map predicts there, keeping the positions
// connected to the rest; a few rounds let the lattice reach cells that the
// walk could not (past a merged or missing cell).
func growLattice(blobs []cellBlob, at map[latticePos]int) (geom.Homography, map[latticePos]int, bool) {
	var h geom.Homography
	for iter := 0; iter < 4; iter++ {
		var ok bool
		if h, ok = fitLatticeMap(blobs, at); !ok {
			return h, nil, false
		}
		inv := h.Inverse()
		// How a closed cell's box compares with the lattice cell's box:
		// lines and the edge dilation take a fixed share off.
		var rw, rh []float64
		for p, i := range at {
			w, hh := cellBox(h, p)
			rw = append(rw, float64(blobs[i].w)/w)
			rh = append(rh, float64(blobs[i].h)/hh)
		}
		kw, kh := raster.Percentile(rw, 0.5), raster.Percentile(rh, 0.5)
		next := assignNearest(len(blobs), func(i int) (float64, float64) { return blobs[i].x, blobs[i].y }, inv, 130,
			func(i int, p latticePos) bool {
				w, hh := cellBox(h, p)
				fw, fh := float64(blobs[i].w)/(kw*w), float64(blobs[i].h)/(kh*hh)
				lo, hi := locating.lattice.cellBoxMin, locating.lattice.cellBoxMax
				return !(fw < lo || fw > hi || fh < lo || fh > hi)
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
func fitLatticeMap(blobs []cellBlob, at map[latticePos]int) (geom.Homography, bool) {
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
		return FitHomography(isrc, idst)
	}
	return FitHomography(src, dst)
}

// assignNearest assigns each of n items (closed cells, coloured spots),
// placed by centre, to the lattice cell that inv maps it into, when it
// sits within a quarter cell of that cell's centre, no more than reach
// cells from the origin, and fits says its size suits the cell; a cell
// claimed twice keeps the item nearest its centre.
func assignNearest(n int, centre func(i int) (float64, float64), inv geom.Homography, reach float64, fits func(i int, p latticePos) bool) map[latticePos]int {
	next := map[latticePos]int{}
	resid := map[latticePos]float64{}
	for i := 0; i < n; i++ {
		a, b := inv.Apply(centre(i))
		a, b = a-0.5, b-0.5
		ra, rb := math.Round(a), math.Round(b)
		r := math.Hypot(a-ra, b-rb)
		if r > locating.lattice.assignReach || math.Abs(ra) > reach || math.Abs(rb) > reach {
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
func cellBox(h geom.Homography, p latticePos) (float64, float64) {
	x0, y0 := math.Inf(1), math.Inf(1)
	x1, y1 := math.Inf(-1), math.Inf(-1)
	for _, c := range [4][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		x, y := h.Apply(float64(p.col)+c[0], float64(p.row)+c[1])
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
					if raster.Abs(dx)+raster.Abs(dy) > 2 || nx < 0 || ny < 0 || nx >= w || ny >= h {
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

// FitHomography is the least-squares projective map taking src to dst
// (at least four points), computed on normalised coordinates.
func FitHomography(src, dst [][2]float64) (geom.Homography, bool) {
	if len(src) < 4 || len(src) != len(dst) {
		return geom.Homography{}, false
	}
	ns, okS := normaliser(src)
	nd, okD := normaliser(dst)
	if !okS || !okD {
		return geom.Homography{}, false
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
		x, y := ns.Apply(src[k][0], src[k][1])
		u, v := nd.Apply(dst[k][0], dst[k][1])
		add([8]float64{x, y, 1, 0, 0, 0, -u * x, -u * y}, u)
		add([8]float64{0, 0, 0, x, y, 1, -v * x, -v * y}, v)
	}
	sol, ok := geom.Solve8(ata)
	if !ok {
		return geom.Homography{}, false
	}
	h := geom.Homography{sol[0], sol[1], sol[2], sol[3], sol[4], sol[5], sol[6], sol[7], 1}
	// h works on normalised points: undo the normalisations.
	out := ns.Then(h).Then(nd.Inverse())
	if out[8] == 0 {
		return geom.Homography{}, false
	}
	for i := range out {
		out[i] /= out[8]
	}
	return out, true
}

// normaliser moves points to their centroid and scales them to a mean
// distance of sqrt(2), which keeps the normal equations well conditioned.
func normaliser(pts [][2]float64) (geom.Homography, bool) {
	mx, my := centroid(pts)
	d := 0.0
	for _, p := range pts {
		d += math.Hypot(p[0]-mx, p[1]-my)
	}
	d /= float64(len(pts))
	if d == 0 {
		return geom.Homography{}, false
	}
	s := math.Sqrt2 / d
	return geom.Homography{s, 0, -s * mx, 0, s, -s * my, 0, 0, 1}, true
}

// ReduceBasis returns the shortest pair of steps that spans the same
// lattice as u and v, as a step towards image right and one towards image
// down. Where the seed's true right neighbour was not closed (a merged or
// broken cell) the nearest cell towards the right can be a diagonal one on
// a rotated grid; a walk along that skewed basis still finds the cells but
// fits a sheared lattice with the wrong counts.
func ReduceBasis(u, v [2]float64) ([2]float64, [2]float64) {
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
