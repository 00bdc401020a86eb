package locate

import (
	"math"
	"sort"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// App boards (0h h1's coloured tiles, LinkedIn Tango's suns and moons) are
// read poorly by the closed-cell lattice in photos: the gaps between tiles
// and Tango's cell lines are light, thin and blurred away, and blank tiles
// stand only a few grey levels off the paper. What survives is colour:
// coloured tiles and glyphs are compact blobs of one size, one per cell,
// at the centres of a projected lattice. The lattice through their
// centres gives the cell geometry; the board's extent comes from what
// continues beyond the coloured cells (more tiles, or Tango's dark frame).

// spot is one compact coloured blob: a tile or a glyph.
type spot struct {
	x, y float64
	w, h int
	fill float64 // share of its bounding box it covers
}

func (s spot) size() float64 { return math.Sqrt(float64(s.w * s.h)) }

// minSpotChroma is how far (max minus min channel) a pixel's colour must be
// from grey to be part of a coloured tile or glyph: above tinted paper and
// the colour casts of a photo's lighting.
const minSpotChroma = 55

// chromaMask marks the strongly coloured pixels of a BGR image.
func chromaMask(p raster.BGRPlane) []byte {
	out := make([]byte, p.W*p.H)
	for i := range out {
		b, g, r := int(p.Pix[3*i]), int(p.Pix[3*i+1]), int(p.Pix[3*i+2])
		hi, lo := max(b, g, r), min(b, g, r)
		// Saturation as well as chroma: a dark maroon table is coloured
		// too, but tiles and glyphs are bright colours.
		if hi-lo >= minSpotChroma && 2*(hi-lo) >= hi {
			out[i] = 255
		}
	}
	return out
}

// colourSpots returns the compact blobs of a mask. A spot's centre is
// that of its smallest enclosing circle: a crescent moon's outer arc is
// most of its disc, so the circle finds the cell's centre where the
// crescent's centroid would be pulled aside.
func colourSpots(mask []byte, w, h int) []spot {
	m, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8U, mask)
	if err != nil {
		return nil
	}
	defer m.Close()
	contours := gocv.FindContours(m, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer contours.Close()
	var out []spot
	for i := 0; i < contours.Size(); i++ {
		c := contours.At(i)
		r := gocv.BoundingRect(c)
		bw, bh := r.Dx(), r.Dy()
		if bw < 4 || bh < 4 || r.Min.X <= 0 || r.Min.Y <= 0 || r.Max.X >= w || r.Max.Y >= h || bw > w/3 || bh > h/3 {
			continue
		}
		x, y, _ := gocv.MinEnclosingCircle(c)
		fill := gocv.ContourArea(c) / float64(bw*bh)
		// A crescent moon keeps about a third of its box.
		if fill < locating.spots.minFill || bw > 3*bh || bh > 3*bw {
			continue
		}
		out = append(out, spot{x: float64(x), y: float64(y), w: bw, h: bh, fill: fill})
	}
	return out
}

// spotFamilies keeps the spots of one size: single tiles or glyphs, not
// the runs of touching tiles that merged into one blob, nor specks or
// clue marks. It returns the single (not elongated) spots sorted by
// size, and up to k families of sizes that do not overlap, each the
// range [lo, hi) of single, ranked by the area they cover. The family
// covering most area is not always the grid's: the letters of a page of
// text can cover as much as a sparse grid's glyphs, and on a blurred
// tile board merged pairs can cover more than the single tiles left.
func spotFamilies(spots []spot, k int) (single []spot, fams [][2]int) {
	for _, s := range spots {
		if a := locating.spots.singleAspect; float64(s.w) <= a*float64(s.h) && float64(s.h) <= a*float64(s.w) {
			single = append(single, s)
		}
	}
	if len(single) < 4 {
		return nil, nil
	}
	sort.Slice(single, func(i, j int) bool { return single[i].size() < single[j].size() })
	// The family covering the most area: specks of noise can outnumber
	// the cells.
	type family struct {
		lo, n int
		area  float64
	}
	var all []family
	hi, area := 0, 0.0
	for lo := range single {
		for hi < len(single) && single[hi].size() <= locating.spots.familySpread*single[lo].size() {
			area += single[hi].size() * single[hi].size()
			hi++
		}
		if hi-lo >= 4 {
			all = append(all, family{lo, hi - lo, area})
		}
		area -= single[lo].size() * single[lo].size()
	}
	// Stable, so that of families covering the same area the smallest
	// sizes come first, as the single best always did.
	sort.SliceStable(all, func(i, j int) bool { return all[i].area > all[j].area })
	for _, f := range all {
		if len(fams) == k {
			break
		}
		overlaps := false
		for _, g := range fams {
			if f.lo < g[1] && g[0] < f.lo+f.n {
				overlaps = true
				break
			}
		}
		if !overlaps {
			fams = append(fams, [2]int{f.lo, f.lo + f.n})
		}
	}
	return single, fams
}

// spotLattice is a lattice fitted through spot centres: toImage maps
// lattice coordinates (cell corners at integers) to image pixels, and at
// holds the spot index at each occupied cell.
type spotLattice struct {
	toImage  geom.Homography
	at       map[latticePos]int
	residual float64 // mean distance of the centres from their cells' centres, in cells
	span     *[4]int // minC, minR, maxC, maxR when there are no spots to bound it
	// runs are coloured tiles just beyond the occupied range that merged
	// with a neighbour (runTiles): they widen a tile board's range after
	// its blank tiles were learnt from the spots' own range.
	runs []latticePos
}

// maxSpotSteps is the furthest, in cells, the walk steps from one spot to
// the next: coloured cells are sparse, a blank cell or two between them is
// common.
const maxSpotSteps = 3

const maxStepDiffs = 160

// fitSpotLattice assigns lattice positions to spots by walking from a
// central spot through steps of a few cells, each step judged by the
// local cell vectors, then refits the projective map to all of them.
// The walk uses the family single[lo:hi]; the refit takes in every single
// spot of about the size the map predicts for its cell, since perspective
// makes the near cells larger than the family's range allows.
func fitSpotLattice(single []spot, lo, hi int) (spotLattice, bool) {
	return fitSpotLatticeOf(single, lo, hi, false)
}

// fitSpotLatticeOf is fitSpotLattice for tiles and an app's glyphs, or
// for printed glyphs: those can fill less than half of their cells'
// width, and however filled their outlines (a 0's ring) they are not
// tiles marking every cell.
func fitSpotLatticeOf(single []spot, lo, hi int, printed bool) (spotLattice, bool) {
	sp := locating.spots
	maxPitch := sp.tilePitch
	if printed {
		maxPitch = sp.glyphPitch
	}
	spots := single[lo:hi]
	if len(spots) < 5 {
		return spotLattice{}, false
	}
	sizes := make([]float64, len(spots))
	for i, s := range spots {
		sizes[i] = s.size()
	}
	size := raster.Percentile(sizes, 0.5)
	nbrs, diffs := spotNeighbours(spots, size)
	u, ok := latticeStepUpTo(diffs, size, maxPitch)
	traceBoard("step %v from %d diffs, size %.1f ok %v", u, len(diffs), size, ok)
	if !ok {
		return spotLattice{}, false
	}
	v := [2]float64{-u[1], u[0]}
	// Tiles, which all but fill their cells, mark every cell they stand
	// in; a glyph board's few glyphs are too few for the freer search.
	var fills, areas []float64
	for _, s := range spots {
		fills = append(fills, s.fill)
		areas = append(areas, s.fill*float64(s.w*s.h))
	}
	if !printed && raster.Percentile(fills, locating.board.fillQuantile) >= locating.board.tileFill {
		u, v = obliqueSteps(diffs, u, raster.Percentile(areas, 0.5))
	}
	at := walkSteps(func(i int) (float64, float64) { return spots[i].x, spots[i].y }, nbrs, centralSpot(spots), u, v, sp.walkTolerance,
		func(ra, rb float64) bool { return math.Abs(ra) <= maxSpotSteps && math.Abs(rb) <= maxSpotSteps })
	traceBoard("walk reached %d", len(at))
	if len(at) < 5 {
		return spotLattice{}, false
	}
	for p, i := range at {
		at[p] = i + lo
	}
	return refineSpotLattice(single, at)
}

// spotNeighbours links each spot to the spots that could be a few cells
// from it, for spots of the given size, nearest first, and returns the
// differences between the nearby ones' centres, which the lattice's step
// is searched by.
func spotNeighbours(spots []spot, size float64) ([][]int, [][2]float64) {
	sp := locating.spots
	reach := (maxSpotSteps + sp.reachSlack) * sp.reachPitch * size
	nbrs := make([][]int, len(spots))
	var diffs [][2]float64
	// Nearby differences suffer least from perspective; a board with few
	// glyphs needs the longer ones too.
	diffReach := sp.diffReach * size
	if len(spots) < 12 {
		diffReach = sp.fewDiffReach * size
	}
	for i, a := range spots {
		for j, b := range spots {
			d := math.Hypot(b.x-a.x, b.y-a.y)
			if i == j || d < sp.minGap*size || d > reach {
				continue
			}
			nbrs[i] = append(nbrs[i], j)
			if j > i && d <= diffReach {
				diffs = append(diffs, [2]float64{b.x - a.x, b.y - a.y})
			}
		}
	}
	// A few hundred differences pin the step down; more only cost time.
	if len(diffs) > maxStepDiffs {
		kept := diffs[:0]
		for k := 0; k < maxStepDiffs; k++ {
			kept = append(kept, diffs[k*len(diffs)/maxStepDiffs])
		}
		diffs = kept
	}
	for i := range nbrs {
		a := spots[i]
		sort.Slice(nbrs[i], func(p, q int) bool {
			bp, bq := spots[nbrs[i][p]], spots[nbrs[i][q]]
			return math.Hypot(bp.x-a.x, bp.y-a.y) < math.Hypot(bq.x-a.x, bq.y-a.y)
		})
	}
	return nbrs, diffs
}

// centralSpot is the spot nearest the spots' centre, where the local
// steps are least bent by perspective relative to the whole: the walk's
// seed.
func centralSpot(spots []spot) int {
	var cx, cy float64
	for _, s := range spots {
		cx, cy = cx+s.x, cy+s.y
	}
	cx, cy = cx/float64(len(spots)), cy/float64(len(spots))
	seed := 0
	for i, s := range spots {
		if math.Hypot(s.x-cx, s.y-cy) < math.Hypot(spots[seed].x-cx, spots[seed].y-cy) {
			seed = i
		}
	}
	return seed
}

// refineSpotLattice fits the lattice-to-image map to the assigned spots and
// reassigns every spot by it, a few rounds, so that spots the walk could
// not reach join and misassigned ones leave. Fits take the spots in
// lattice order, not the map's, so that a board reads the same every time.
func refineSpotLattice(spots []spot, at map[latticePos]int) (spotLattice, bool) {
	sp := locating.spots
	var h geom.Homography
	for iter := 0; iter < 4; iter++ {
		var src, dst [][2]float64
		for _, p := range positionsInOrder(at) {
			src = append(src, [2]float64{float64(p.col) + 0.5, float64(p.row) + 0.5})
			dst = append(dst, [2]float64{spots[at[p]].x, spots[at[p]].y})
		}
		if !spansTwoAxes(src) {
			return spotLattice{}, false
		}
		var ok bool
		if h, ok = FitHomography(src, dst); !ok {
			return spotLattice{}, false
		}
		inv := h.Inverse()
		// A spot's size against its cell's, which is about the same
		// share everywhere on one board.
		var ratios []float64
		for p, i := range at {
			w, hh := cellBox(h, p)
			ratios = append(ratios, spots[i].size()/math.Sqrt(w*hh))
		}
		k := raster.Percentile(ratios, 0.5)
		next := assignNearest(len(spots), func(i int) (float64, float64) { return spots[i].x, spots[i].y }, inv, 80,
			func(i int, p latticePos) bool {
				w, hh := cellBox(h, p)
				f := spots[i].size() / math.Sqrt(w*hh) / k
				return !(f < sp.sizeMin || f > sp.sizeMax)
			})
		if len(next) < 5 {
			return spotLattice{}, false
		}
		same := len(next) == len(at)
		at = next
		if same && iter > 0 {
			break
		}
	}
	l := spotLattice{toImage: h, at: at, residual: spotResidual(h, spots, at)}
	// Spots the projective map left out but their neighbours place: the
	// grown board is kept only if one projective map still holds it all.
	grown := map[latticePos]int{}
	for p, i := range at {
		grown[p] = i
	}
	if grown = growSpots(spots, grown); len(grown) > len(at) {
		var src, dst [][2]float64
		for _, p := range positionsInOrder(grown) {
			src = append(src, [2]float64{float64(p.col) + 0.5, float64(p.row) + 0.5})
			dst = append(dst, [2]float64{spots[grown[p]].x, spots[grown[p]].y})
		}
		if g, ok := FitHomography(src, dst); ok {
			r := spotResidual(g, spots, grown)
			traceBoard("grown from %d to %d spots, resid %.3f from %.3f", len(at), len(grown), r, l.residual)
			if r <= math.Max(sp.grownResidual, l.residual+sp.grownSlack) {
				l = spotLattice{toImage: g, at: grown, residual: r}
			}
		}
	}
	return l, true
}

// spotResidual is the mean distance, in cells, of the assigned spots'
// centres from their cells' centres under h.
func spotResidual(h geom.Homography, spots []spot, at map[latticePos]int) float64 {
	inv := h.Inverse()
	sum := 0.0
	for _, p := range positionsInOrder(at) {
		a, b := inv.Apply(spots[at[p]].x, spots[at[p]].y)
		sum += math.Hypot(a-float64(p.col)-0.5, b-float64(p.row)-0.5)
	}
	return sum / float64(max(1, len(at)))
}

// bounds is the range of occupied lattice cells, or the span set for a
// lattice that came without spots.
func (l spotLattice) bounds() (minC, minR, maxC, maxR int) {
	if l.span != nil {
		return l.span[0], l.span[1], l.span[2], l.span[3]
	}
	minC, minR, maxC, maxR = math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for p := range l.at {
		minC, maxC = min(minC, p.col), max(maxC, p.col)
		minR, maxR = min(minR, p.row), max(maxR, p.row)
	}
	return
}

// spotsOnLattice finds the lattice through a mask's blobs (colourSpots).
// It returns the single spots and the lattice. The lattice is
// walked through the family of spot sizes ranked rank by spotFamilies
// (0: the one covering most area).
func spotsOnLattice(blobs []spot, rank int) ([]spot, spotLattice, bool) {
	spots, fams := spotFamilies(blobs, rank+1)
	if rank >= len(fams) {
		return nil, spotLattice{}, false
	}
	lo, hi := fams[rank][0], fams[rank][1]
	traceBoard("spots %d family %d", len(spots), hi-lo)
	if boardTrace != nil {
		for _, s := range spots {
			traceBoard("  spot %.0f,%.0f %dx%d fill %.2f", s.x, s.y, s.w, s.h, s.fill)
		}
	}
	l, ok := fitSpotLattice(spots, lo, hi)
	if !ok {
		return nil, spotLattice{}, false
	}
	minC, minR, maxC, maxR := l.bounds()
	traceBoard("lattice %d spots, cells %d..%d x %d..%d resid %.3f", len(l.at), minC, maxC, minR, maxR, l.residual)
	if l.residual > locating.spots.maxResidual {
		return nil, spotLattice{}, false
	}
	return spots, l, true
}

// latticeStep finds the cell step (pitch and angle) that makes the most
// differences between nearby spot centres whole numbers of cells. A cell
// holds its spot, so the pitch is at least the spot's size; of pitches
// that explain the differences about equally, the largest is the cell (a
// multiple of the true step explains fewer, a fraction is too small).
func latticeStep(diffs [][2]float64, size float64) ([2]float64, bool) {
	return latticeStepUpTo(diffs, size, locating.spots.tilePitch)
}

// latticeStepUpTo is latticeStep for a pitch of up to maxPitch spot sizes.
func latticeStepUpTo(diffs [][2]float64, size, maxPitch float64) ([2]float64, bool) {
	if len(diffs) < 4 {
		return [2]float64{}, false
	}
	sp := locating.spots
	type trial struct{ theta, pitch, score float64 }
	var trials []trial
	best := 0.0
	for pitch := sp.pitchFrom * size; pitch <= maxPitch*size; pitch *= sp.pitchStep {
		for deg := -45.0; deg < 45; deg += sp.angleStep {
			th := deg * math.Pi / 180
			c, s := math.Cos(th)/pitch, math.Sin(th)/pitch
			score := 0.0
			for _, d := range diffs {
				a := d[0]*c + d[1]*s
				b := -d[0]*s + d[1]*c
				ra, rb := math.Round(a), math.Round(b)
				e2 := (a-ra)*(a-ra) + (b-rb)*(b-rb)
				tol := sp.stepTolerance + sp.stepToleranceGrowth*(math.Abs(ra)+math.Abs(rb))
				if e2 < tol*tol {
					score += 1 - e2/(tol*tol)
				}
			}
			trials = append(trials, trial{th, pitch, score})
			best = math.Max(best, score)
		}
	}
	if best < 3 {
		return [2]float64{}, false
	}
	var chosen trial
	for _, t := range trials {
		if t.score >= sp.pitchScore*best && t.pitch > chosen.pitch {
			chosen = t
		}
	}
	// The best angle at that pitch.
	for _, t := range trials {
		if math.Abs(t.pitch-chosen.pitch) < 1e-9 && t.score > chosen.score {
			chosen = t
		}
	}
	// The lattice's diagonals form a coarser lattice, of a pitch longer
	// by the square root of two, that explains every difference whose
	// steps sum to an even number, and with the looser tolerance of its
	// longer unit it can pass the rule above. The true, finer lattice
	// explains the odd ones too: more differences, even with its
	// tighter tolerance. Only tiles, which all but fill their cells, are
	// judged so: glyphs are small enough that the finer lattice of a
	// glyph board's diagonals could still hold them.
	for _, t := range trials {
		turn := math.Abs(math.Remainder(t.theta-chosen.theta, math.Pi/2))
		if math.Abs(t.pitch*math.Sqrt2/chosen.pitch-1) < sp.diagonalPitch && math.Abs(turn-math.Pi/4) < sp.diagonalTurn && t.pitch <= sp.diagonalSize*size && t.score >= sp.diagonalScore*chosen.score {
			traceBoard("diagonal: pitch %.1f score %.1f over %.1f score %.1f", t.pitch, t.score, chosen.pitch, chosen.score)
			chosen = t
			break
		}
	}
	return [2]float64{chosen.pitch * math.Cos(chosen.theta), chosen.pitch * math.Sin(chosen.theta)}, true
}
