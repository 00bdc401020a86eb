package locate

import (
	"math"

	"binocle/vision/internal/raster"
	"binocle/vision/internal/rectify"
)

// growSpots assigns the spots the board's one projective map could not
// place to the cells their assigned neighbours predict: each is read
// through an affine map fitted to the nearest assigned spots only, which
// a lattice extrapolated a few rows past its spots (a tilt the fit
// underestimated, a row of blank tiles between) does not disturb. Rounds
// repeat so that the board fills outward from what it already holds.
func growSpots(spots []spot, at map[latticePos]int) map[latticePos]int {
	taken := make(map[int]bool, len(at))
	for _, i := range at {
		taken[i] = true
	}
	for round := 0; round < 8; round++ {
		// Map iteration order is random; the choice of neighbours at
		// equal distances must not be.
		var have []assignedSpot
		for _, p := range positionsInOrder(at) {
			have = append(have, assignedSpot{p, at[p]})
		}
		added := map[latticePos]int{}
		addedR := map[latticePos]float64{}
		for i, s := range spots {
			if taken[i] {
				continue
			}
			if len(have) < growNeighbours {
				return at
			}
			p, r, ok := placeByNeighbours(spots, nearestAssigned(spots, have, s), s)
			if !ok {
				continue
			}
			if _, occupied := at[p]; occupied {
				continue
			}
			if old, dup := addedR[p]; dup && old <= r {
				continue
			}
			added[p], addedR[p] = i, r
		}
		if len(added) == 0 {
			break
		}
		for p, i := range added {
			at[p] = i
			taken[i] = true
		}
	}
	return at
}

// growNeighbours is how many assigned spots place a spot growSpots
// assigns.
const growNeighbours = 10

// assignedSpot is spot i, assigned to the lattice cell p.
type assignedSpot struct {
	p latticePos
	i int
}

// nearestAssigned returns the growNeighbours assigned spots nearest s,
// nearest first, of have, which holds at least that many.
func nearestAssigned(spots []spot, have []assignedSpot, s spot) [growNeighbours]assignedSpot {
	const near = growNeighbours
	// By insertion: a full sort per spot costs a large board more than
	// the rest of its read.
	var nb [near]assignedSpot
	var nd [near]float64
	for k := range nd {
		nd[k] = math.Inf(1)
	}
	for _, a := range have {
		d := (spots[a.i].x-s.x)*(spots[a.i].x-s.x) + (spots[a.i].y-s.y)*(spots[a.i].y-s.y)
		if d >= nd[near-1] {
			continue
		}
		k := near - 1
		for k > 0 && nd[k-1] > d {
			nd[k], nb[k] = nd[k-1], nb[k-1]
			k--
		}
		nd[k], nb[k] = d, a
	}
	return nb
}

// placeByNeighbours puts s in the cell its assigned neighbours nb predict,
// and tells how far, in cells, it sits off that cell's centre; ok is
// false when s is not of their size, or sits too far off the cell or
// beyond them.
func placeByNeighbours(spots []spot, nb [growNeighbours]assignedSpot, s spot) (latticePos, float64, bool) {
	var src, dst [][2]float64
	var sizes []float64
	for _, n := range nb {
		src = append(src, [2]float64{float64(n.p.col), float64(n.p.row)})
		dst = append(dst, [2]float64{spots[n.i].x, spots[n.i].y})
		sizes = append(sizes, spots[n.i].size())
	}
	if f := s.size() / raster.Percentile(sizes, 0.5); f < locating.spots.sizeMin || f > locating.spots.sizeMax {
		return latticePos{}, 0, false
	}
	// Perspective changes the cells' size across a few cells enough for
	// an affine map to misplace a tile two cells out; a projective one
	// needs neighbours in three rows and three columns.
	var a, b float64
	if h, ok := FitHomography(src, dst); ok && spansTwoAxes(src) {
		a, b = h.Inverse().Apply(s.x, s.y)
	} else if a, b, ok = affineInverse(src, dst, s.x, s.y); !ok {
		return latticePos{}, 0, false
	}
	ra, rb := math.Round(a), math.Round(b)
	r := math.Hypot(a-ra, b-rb)
	// Only a short reach past the neighbours: an affine map bends away
	// from a projective one with distance.
	reach := math.Inf(1)
	for _, n := range nb {
		reach = math.Min(reach, math.Max(math.Abs(float64(n.p.col)-ra), math.Abs(float64(n.p.row)-rb)))
	}
	if r > locating.spots.growReach || reach > maxSpotSteps {
		return latticePos{}, 0, false
	}
	return latticePos{int(ra), int(rb)}, r, true
}

// affineInverse fits the affine map from lattice coordinates src to image
// points dst by least squares and returns the lattice coordinates of the
// image point (x, y).
func affineInverse(src, dst [][2]float64, x, y float64) (float64, float64, bool) {
	// Normal equations of [a b 1] for x and y alike.
	var m [3][3]float64
	var rx, ry [3]float64
	for k := range src {
		row := [3]float64{src[k][0], src[k][1], 1}
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				m[i][j] += row[i] * row[j]
			}
			rx[i] += row[i] * dst[k][0]
			ry[i] += row[i] * dst[k][1]
		}
	}
	cx, ok1 := solveWhole(m, rx)
	cy, ok2 := solveWhole(m, ry)
	if !ok1 || !ok2 {
		return 0, 0, false
	}
	// x = cx0 a + cx1 b + cx2, y likewise.
	det := cx[0]*cy[1] - cx[1]*cy[0]
	if math.Abs(det) < 1e-6 {
		return 0, 0, false
	}
	dx, dy := x-cx[2], y-cy[2]
	return (cy[1]*dx - cx[1]*dy) / det, (cx[0]*dy - cy[0]*dx) / det, true
}

// solveWhole solves the normal equations m·x = r of whole-number lattice
// coordinates.
func solveWhole(m [3][3]float64, r [3]float64) ([3]float64, bool) {
	d := m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) - m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) + m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
	// The lattice coordinates are whole numbers, so the determinant of
	// their sums is one too: below a half, the points are collinear.
	if math.Abs(d) < 0.5 {
		return [3]float64{}, false
	}
	x, ok := rectify.SolveSym([][]float64{m[0][:], m[1][:], m[2][:]}, r[:])
	if !ok {
		return [3]float64{}, false
	}
	return [3]float64(x), true
}

// stepScore is how well the lattice of steps u, v explains the differences
// between spot centres: each difference near a whole number of steps
// counts, the more the nearer, with more slack for longer differences.
func stepScore(diffs [][2]float64, u, v [2]float64) float64 {
	det := u[0]*v[1] - u[1]*v[0]
	if math.Abs(det) < 1e-9 {
		return 0
	}
	score := 0.0
	for _, d := range diffs {
		a := (d[0]*v[1] - d[1]*v[0]) / det
		b := (u[0]*d[1] - u[1]*d[0]) / det
		ra, rb := math.Round(a), math.Round(b)
		e2 := (a-ra)*(a-ra) + (b-rb)*(b-rb)
		tol := locating.spots.stepTolerance + locating.spots.stepToleranceGrowth*(math.Abs(ra)+math.Abs(rb))
		if e2 < tol*tol {
			score += 1 - e2/(tol*tol)
		}
	}
	return score
}

// obliqueSteps frees the square lattice of steps u and perp(u) that
// latticeStep finds: a steeply tilted board's cells are taller than wide,
// or the other way, and their sides meet at well off a right angle in the
// picture, so a walk with square steps loses the spots a few cells out.
// The second step is searched for on its own, then the first again with
// the second held; the square pair stays unless the free one explains the
// differences clearly better. tileArea is a tile's area, in pixels.
func obliqueSteps(diffs [][2]float64, u [2]float64, tileArea float64) ([2]float64, [2]float64) {
	v := [2]float64{-u[1], u[0]}
	square := stepScore(diffs, u, v)
	sp := locating.spots
	v2 := searchStep(diffs, u, v, false, sp.freeSearch)
	u2 := searchStep(diffs, v2, u, true, sp.refitSearch)
	v2 = searchStep(diffs, u2, v2, false, sp.settleSearch)
	free := stepScore(diffs, u2, v2)
	u2, v2, free, refined := finerSteps(diffs, u2, v2, free, tileArea)
	coarsened := false
	if !refined {
		u2, v2, free, coarsened = coarserSteps(diffs, u2, v2, free, tileArea)
	}
	traceBoard("oblique steps %v %v score %.1f (refined %v, coarsened %v), square %.1f", u2, v2, free, refined, coarsened, square)
	if free < sp.freeScore*square && !(coarsened && !refined && free >= sp.coarsenedScore*square) {
		return u, v
	}
	return u2, v2
}

// searchStep is the step near, turned and stretched within the search's
// bounds, that with fixed as the other step (the second when first, else
// the first) best explains the differences.
func searchStep(diffs [][2]float64, fixed, near [2]float64, first bool, within stepSearch) [2]float64 {
	sp := locating.spots
	turn, stretch := within.turn, within.stretch
	pitch0 := math.Hypot(near[0], near[1])
	th0 := math.Atan2(near[1], near[0])
	best, bestScore := near, -1.0
	for p := 1 / stretch; p <= stretch; p *= sp.pitchStep {
		for deg := -turn; deg <= turn; deg += sp.angleStep {
			th := th0 + deg*math.Pi/180
			cand := [2]float64{pitch0 * p * math.Cos(th), pitch0 * p * math.Sin(th)}
			var s float64
			if first {
				s = stepScore(diffs, cand, fixed)
			} else {
				s = stepScore(diffs, fixed, cand)
			}
			if s > bestScore {
				best, bestScore = cand, s
			}
		}
	}
	return best
}

// finerSteps looks for the board's own lattice inside the free steps u,
// v (scoring free): a lattice of the board's diagonals, or of every other
// column, explains half the differences with its looser tolerance; the
// board's own lattice, of half its cell, explains them all. It returns
// the steps kept, their score and whether they are finer.
func finerSteps(diffs [][2]float64, u, v [2]float64, free, tileArea float64) ([2]float64, [2]float64, float64, bool) {
	sp := locating.spots
	finer := [3][2][2]float64{
		{{(u[0] + v[0]) / 2, (u[1] + v[1]) / 2}, {(u[0] - v[0]) / 2, (u[1] - v[1]) / 2}},
		{{u[0] / 2, u[1] / 2}, v},
		{u, {v[0] / 2, v[1] / 2}},
	}
	for _, c := range finer {
		fu, fv := ReduceBasis(c[0], c[1])
		fv = searchStep(diffs, fu, fv, false, sp.settleSearch)
		fu = searchStep(diffs, fv, fu, true, sp.settleSearch)
		fs := stepScore(diffs, fu, fv)
		// Tiles do not overlap, so a cell smaller than a tile is a
		// lattice of chance alignments; and a cell that leaves most of
		// itself around its tile is the diagonals' lattice, even where
		// the differences, blurred by perspective, hardly tell.
		sparse := sparseCell(tileArea, u, v)
		if (fs >= sp.finerScore*free || sparse && fs >= sp.sparseFinerScore*free) && tileArea <= sp.maxTileShare*math.Abs(fu[0]*fv[1]-fu[1]*fv[0]) {
			return fu, fv, fs, true
		}
	}
	return u, v, free, false
}

// coarserSteps looks for the board's lattice outside the free steps u,
// v (scoring free): any finer lattice holding the true one explains its
// differences as well, and cells wider than tall make the half diagonals
// about square, which is what the square search finds. Of a lattice and
// the coarser ones of twice its cell, the coarsest that still explains
// about as much is the board's. It returns the steps kept, their score
// and whether they are coarser.
func coarserSteps(diffs [][2]float64, u, v [2]float64, free, tileArea float64) ([2]float64, [2]float64, float64, bool) {
	sp := locating.spots
	coarsened := false
	for k := 0; k < 2; k++ {
		coarser := [3][2][2]float64{
			{{u[0] + v[0], u[1] + v[1]}, {u[0] - v[0], u[1] - v[1]}},
			{{2 * u[0], 2 * u[1]}, v},
			{u, {2 * v[0], 2 * v[1]}},
		}
		picked := false
		for _, c := range coarser {
			// As in finerSteps, a cell that leaves most of itself
			// around its tile is the diagonals' lattice (or every other
			// strip's) of a sparse board, not the board's.
			if sparseCell(tileArea, c[0], c[1]) {
				continue
			}
			if stepScore(diffs, c[0], c[1]) >= sp.coarserScore*free {
				u, v = ReduceBasis(c[0], c[1])
				v = searchStep(diffs, u, v, false, sp.settleSearch)
				u = searchStep(diffs, v, u, true, sp.settleSearch)
				free, picked, coarsened = stepScore(diffs, u, v), true, true
				break
			}
		}
		if !picked {
			break
		}
	}
	return u, v, free, coarsened
}

// tileShade picks how a tile board's blank tiles are best told from their
// gaps: by grey, or by one colour channel when the blank tiles differ
// from the gaps more in hue than in brightness (grey-violet tiles on a
// greenish page), where grey leaves them almost no contrast.
func tileShade(v boardView, l spotLattice) int {
	minC, minR, maxC, maxR := l.bounds()
	contrast := func(shade int) float64 {
		v.shade = shade
		var cs, mids []float64
		for r := minR; r <= maxR; r++ {
			for c := minC; c <= maxC; c++ {
				if _, coloured := l.at[latticePos{c, r}]; coloured {
					continue
				}
				if lk := v.look(c, r); lk.ok && lk.chroma < minSpotChroma {
					cs = append(cs, lk.mid-lk.ring)
					mids = append(mids, lk.mid)
				}
			}
		}
		// A channel clipped by glare has lost its contrast where it
		// clipped, unevenly across the board.
		if len(cs) < 3 || raster.Percentile(mids, 0.5) > 240 {
			return 0
		}
		return math.Abs(raster.Percentile(cs, 0.5))
	}
	grey := contrast(0)
	if grey >= 2 {
		return 0
	}
	best, bestC := 0, grey
	for shade := 1; shade <= 3; shade++ {
		if c := contrast(shade); c > bestC {
			best, bestC = shade, c
		}
	}
	traceBoard("shade %d contrast %.1f, grey %.1f", best, bestC, grey)
	if bestC < 2*grey || bestC < 3 {
		return 0
	}
	return best
}

// sparseCell tells whether the cell of steps u and v leaves most of
// itself around a tile of tileArea: a lattice's that the tiles of a
// sparse board, mostly on one colour of a checkerboard, line up on as
// well as on the board's own.
func sparseCell(tileArea float64, u, v [2]float64) bool {
	return tileArea < locating.spots.sparseTile*math.Abs(u[0]*v[1]-u[1]*v[0])
}
