package vision

import (
	"math"
	"sort"

	"gocv.io/x/gocv"
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
func chromaMask(p bgrPlane) []byte {
	out := make([]byte, p.w*p.h)
	for i := range out {
		b, g, r := int(p.pix[3*i]), int(p.pix[3*i+1]), int(p.pix[3*i+2])
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
		if fill < 0.25 || bw > 3*bh || bh > 3*bw {
			continue
		}
		out = append(out, spot{x: float64(x), y: float64(y), w: bw, h: bh, fill: fill})
	}
	return out
}

// spotFamily keeps the spots of the most common size: single tiles or
// glyphs, not the runs of touching tiles that merged into one blob, nor
// specks or clue marks.
//
// It returns the single (not elongated) spots sorted by size, and the
// family as the range lo..hi of them.
func spotFamily(spots []spot) (single []spot, lo, hi int) {
	single, fams := spotFamilies(spots, 1)
	if len(fams) == 0 {
		return nil, 0, 0
	}
	return single, fams[0][0], fams[0][1]
}

// spotFamilies is spotFamily's ranking: up to k families of sizes that
// do not overlap, each the range [lo, hi) of single, by the area they
// cover. The family covering most area is not always the grid's: the
// letters of a page of text can cover as much as a sparse grid's glyphs.
func spotFamilies(spots []spot, k int) (single []spot, fams [][2]int) {
	for _, s := range spots {
		if float64(s.w) <= 1.5*float64(s.h) && float64(s.h) <= 1.5*float64(s.w) {
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
		for hi < len(single) && single[hi].size() <= 1.4*single[lo].size() {
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
	toImage  homography
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
	maxPitch := tilePitch
	if printed {
		maxPitch = glyphPitch
	}
	spots := single[lo:hi]
	if len(spots) < 5 {
		return spotLattice{}, false
	}
	sizes := make([]float64, len(spots))
	for i, s := range spots {
		sizes[i] = s.size()
	}
	size := percentile(sizes, 0.5)
	reach := (maxSpotSteps + 0.8) * 1.8 * size
	nbrs := make([][]int, len(spots))
	var diffs [][2]float64
	// Nearby differences suffer least from perspective; a board with few
	// glyphs needs the longer ones too.
	diffReach := 4 * size
	if len(spots) < 12 {
		diffReach = 6.5 * size
	}
	for i, a := range spots {
		for j, b := range spots {
			d := math.Hypot(b.x-a.x, b.y-a.y)
			if i == j || d < 0.8*size || d > reach {
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
	if !printed && percentile(fills, 0.25) >= 0.55 {
		u, v = obliqueSteps(diffs, u, percentile(areas, 0.5))
	}
	// Seed: the spot nearest the spots' centre, where the local steps
	// are least bent by perspective relative to the whole.
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
	for i := range nbrs {
		a := spots[i]
		sort.Slice(nbrs[i], func(p, q int) bool {
			bp, bq := spots[nbrs[i][p]], spots[nbrs[i][q]]
			return math.Hypot(bp.x-a.x, bp.y-a.y) < math.Hypot(bq.x-a.x, bq.y-a.y)
		})
	}
	at := walkSteps(func(i int) (float64, float64) { return spots[i].x, spots[i].y }, nbrs, seed, u, v, 0.22,
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

// refineSpotLattice fits the lattice-to-image map to the assigned spots and
// reassigns every spot by it, a few rounds, so that spots the walk could
// not reach join and misassigned ones leave. Fits take the spots in
// lattice order, not the map's, so that a board reads the same every time.
func refineSpotLattice(spots []spot, at map[latticePos]int) (spotLattice, bool) {
	var h homography
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
		if h, ok = fitHomography(src, dst); !ok {
			return spotLattice{}, false
		}
		inv := h.inverse()
		// A spot's size against its cell's, which is about the same
		// share everywhere on one board.
		var ratios []float64
		for p, i := range at {
			w, hh := cellBox(h, p)
			ratios = append(ratios, spots[i].size()/math.Sqrt(w*hh))
		}
		k := percentile(ratios, 0.5)
		next := assignNearest(len(spots), func(i int) (float64, float64) { return spots[i].x, spots[i].y }, inv, 80,
			func(i int, p latticePos) bool {
				w, hh := cellBox(h, p)
				f := spots[i].size() / math.Sqrt(w*hh) / k
				return !(f < 0.75 || f > 1.33)
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
		if g, ok := fitHomography(src, dst); ok {
			r := spotResidual(g, spots, grown)
			traceBoard("grown from %d to %d spots, resid %.3f from %.3f", len(at), len(grown), r, l.residual)
			if r <= math.Max(0.08, l.residual+0.02) {
				l = spotLattice{toImage: g, at: grown, residual: r}
			}
		}
	}
	return l, true
}

// spotResidual is the mean distance, in cells, of the assigned spots'
// centres from their cells' centres under h.
func spotResidual(h homography, spots []spot, at map[latticePos]int) float64 {
	inv := h.inverse()
	sum := 0.0
	for _, p := range positionsInOrder(at) {
		a, b := inv.apply(spots[at[p]].x, spots[at[p]].y)
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

// boardPx is the cell size, in pixels, of the rectification a board's
// extent is judged in: enough to see a tile's gap ring apart from its
// middle.
const boardPx = 24

// boardView is a rectification of the lattice around its occupied cells,
// margin cells beyond them on every side, boardPx pixels a cell.
type boardView struct {
	c0, r0     int // lattice cell at the view's top-left
	cols, rows int
	p          bgrPlane
	inImage    []bool // which view pixels come from inside the picture
	shade      int    // what a pixel's brightness is taken as: 0 grey, 1-3 its blue, green or red (tileShade)
}

const boardMargin = 8

// tileShifts are the offsets, in view pixels, along and across a strip,
// a strip of blank tiles beyond the spots is looked for at: up to a
// quarter of a cell. Across, where the tile's edges must meet the ring,
// the steps are finer than a gap is wide.
var tileShifts = [2][]int{{0, -6, -3, 3, 6}, {0, -2, 2, -4, 4, -6, 6}}

func newBoardView(bgr gocv.Mat, l spotLattice) (boardView, bool) {
	minC, minR, maxC, maxR := l.bounds()
	v := boardView{c0: minC - boardMargin, r0: minR - boardMargin, cols: maxC - minC + 1 + 2*boardMargin, rows: maxR - minR + 1 + 2*boardMargin}
	if v.cols > 80 || v.rows > 80 {
		return v, false
	}
	toImage := homography{1.0 / boardPx, 0, float64(v.c0), 0, 1.0 / boardPx, float64(v.r0), 0, 0, 1}.then(l.toImage)
	w, h := v.cols*boardPx, v.rows*boardPx
	m := warp(bgr, toImage, w, h)
	defer m.Close()
	v.p = bgrPlaneOf(m)
	v.inImage = make([]bool, w*h)
	xmax, ymax := float64(bgr.Cols()-2), float64(bgr.Rows()-2)
	inside := func(x, y float64) bool {
		ix, iy := toImage.apply(x, y)
		return ix >= 1 && iy >= 1 && ix <= xmax && iy <= ymax
	}
	// A projective map keeps the view convex: with its corners inside
	// the picture, every pixel is.
	if inside(0, 0) && inside(float64(w), 0) && inside(float64(w), float64(h)) && inside(0, float64(h)) {
		for i := range v.inImage {
			v.inImage[i] = true
		}
		return v, true
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v.inImage[y*w+x] = inside(float64(x)+0.5, float64(y)+0.5)
		}
	}
	return v, true
}

// cellLook summarises one lattice cell of a view: its middle's brightness,
// evenness and colour, and the brightness of the ring along its sides,
// where a tile's gap is.
type cellLook struct {
	mid, spread, chroma, ring float64
	sides                     [4]float64 // the ring's top, bottom, left and right
	ok                        bool       // wholly inside the picture
}

// shadeAt is a view pixel's brightness as the view's shade takes it.
func (v boardView) shadeAt(x, y int) float64 {
	i := 3 * (y*v.cols*boardPx + x)
	return v.shadeOf(float64(v.p.pix[i]), float64(v.p.pix[i+1]), float64(v.p.pix[i+2]))
}

// shadeOf is a colour's brightness as the view's shade takes it.
func (v boardView) shadeOf(b, g, r float64) float64 {
	switch v.shade {
	case 1:
		return b
	case 2:
		return g
	case 3:
		return r
	}
	return (b + g + r) / 3
}

func (v boardView) look(col, row int) cellLook {
	return v.lookShifted(col, row, 0, 0)
}

// lookShifted is look with the cell moved by dx, dy view pixels: beyond
// the spots a bent page or a slightly wrong perspective puts the true
// cell off the extrapolated one, and a ring that falls inside the tile
// loses the tile's faint contrast with its gap.
func (v boardView) lookShifted(col, row, dx, dy int) cellLook {
	x0, y0 := (col-v.c0)*boardPx+dx, (row-v.r0)*boardPx+dy
	w := v.cols * boardPx
	if x0 < 0 || y0 < 0 || x0+boardPx > w || y0+boardPx > v.rows*boardPx {
		return cellLook{}
	}
	var s, ss, ch, ring float64
	var sides [4]float64
	n, nr := 0, 0
	for y := y0; y < y0+boardPx; y++ {
		for x := x0; x < x0+boardPx; x++ {
			i := y*w + x
			if !v.inImage[i] {
				return cellLook{}
			}
			b, g, r := float64(v.p.pix[3*i]), float64(v.p.pix[3*i+1]), float64(v.p.pix[3*i+2])
			grey := v.shadeOf(b, g, r)
			dx, dy := x-x0, y-y0
			if dx == 0 || dy == 0 || dx == boardPx-1 || dy == boardPx-1 {
				ring += grey
				nr++
			}
			switch {
			case dy <= 1:
				sides[0] += grey
			case dy >= boardPx-2:
				sides[1] += grey
			}
			switch {
			case dx <= 1:
				sides[2] += grey
			case dx >= boardPx-2:
				sides[3] += grey
			}
			if dx >= boardPx/4 && dx < 3*boardPx/4 && dy >= boardPx/4 && dy < 3*boardPx/4 {
				s += grey
				ss += grey * grey
				ch += math.Max(b, math.Max(g, r)) - math.Min(b, math.Min(g, r))
				n++
			}
		}
	}
	m := s / float64(n)
	for k := range sides {
		sides[k] /= 2 * boardPx
	}
	return cellLook{mid: m, spread: math.Sqrt(math.Max(0, ss/float64(n)-m*m)), chroma: ch / float64(n), ring: ring / float64(nr), sides: sides, ok: true}
}

// faintTileContrast is the contrast of blank tiles with their gaps below
// which a tile cannot be told by its gap, only by the board's shade.
const faintTileContrast = 5

// tileExtent grows the occupied range of a tile lattice over the rows and
// columns beyond it that are tiles too: blank tiles look like the blank
// tiles inside the range (even, their shade, set off from their gap ring
// the same way), coloured ones are even and coloured.
func tileExtent(v boardView, l spotLattice) (minC, minR, maxC, maxR int, ok bool) {
	v.shade = tileShade(v, l)
	minC, minR, maxC, maxR = l.bounds()
	var mids, contrasts, spreads, chromas []float64
	for r := minR; r <= maxR; r++ {
		for c := minC; c <= maxC; c++ {
			if _, coloured := l.at[latticePos{c, r}]; coloured {
				continue
			}
			lk := v.look(c, r)
			if !lk.ok || lk.chroma >= minSpotChroma {
				continue
			}
			mids = append(mids, lk.mid)
			contrasts = append(contrasts, lk.mid-lk.ring)
			spreads = append(spreads, lk.spread)
			chromas = append(chromas, lk.chroma)
		}
	}
	var chromas2 []float64
	for p := range l.at {
		if lk := v.look(p.col, p.row); lk.ok {
			chromas2 = append(chromas2, lk.chroma)
		}
	}
	colourful := percentile(chromas2, 0.5)
	var blank cellLook
	// Without blank tiles to learn from, only a board that is all
	// coloured tiles can be judged.
	if len(mids) < 3 && 10*len(l.at) < 9*(maxC-minC+1)*(maxR-minR+1) {
		return minC, minR, maxC, maxR, false
	}
	if len(mids) >= 3 {
		blank = cellLook{mid: percentile(mids, 0.5), ring: percentile(contrasts, 0.5), spread: percentile(spreads, 0.75), chroma: percentile(chromas, 0.75)}
	}
	blankTile := func(lk cellLook) bool {
		contrast := lk.mid - lk.ring
		// Shade darkens tile and gap alike, and their contrast with
		// them: a tile in shade is judged against the blank tiles'
		// contrast dimmed by as much. Blank paper is as even as a tile
		// but has no contrast with a ring. (Allowing for brighter light
		// the same way let a Tango board's sun glyphs, taken for tiles,
		// grow over its frame.)
		dim := 1.0
		tolerance := math.Max(15, 0.5*math.Abs(blank.ring))
		if lk.mid < blank.mid-tolerance && blank.mid > 0 {
			dim = lk.mid / blank.mid
			if dim < 0.3 {
				return false
			}
			tolerance = blank.mid - lk.mid
		}
		want := dim * math.Abs(blank.ring)
		// A tile is set off from its gap on every side; a cell that
		// straddles the board's edge is not.
		for _, side := range lk.sides {
			if c := lk.mid - side; c*blank.ring <= 0 || math.Abs(c) < 0.3*want {
				return false
			}
		}
		return math.Abs(lk.mid-blank.mid) <= tolerance &&
			contrast*blank.ring > 0 && math.Abs(contrast) >= 0.5*want &&
			lk.spread <= math.Max(6, 2*blank.spread) && lk.chroma <= math.Max(12, 2*blank.chroma)
	}

	tileLike := func(c, r int, along bool, shift [2]int) bool {
		lk := v.look(c, r)
		if !lk.ok {
			return false
		}
		if _, coloured := l.at[latticePos{c, r}]; coloured {
			return true
		}
		// A coloured tile the spots missed (merged with its neighbour) is
		// as colourful as the spotted ones; tinted paper is not.
		if lk.chroma >= math.Max(minSpotChroma, 0.7*colourful) && lk.spread <= 25 {
			return true
		}
		if len(mids) < 3 || math.Abs(blank.ring) < 1.5 {
			return false
		}
		if shift != [2]int{} {
			dx, dy := shift[0], shift[1]
			if !along {
				dx, dy = dy, dx
			}
			lk = v.lookShifted(c, r, dx, dy)
		}
		return lk.ok && blankTile(lk)
	}
	stripAt := func(side, d int, shift [2]int) float64 {
		// Sides 0..3 are the strips above, below, left and right.
		at := [4]int{minR - d, maxR + d, minC - d, maxC + d}[side]
		lo, hi := minC, maxC
		if side >= 2 {
			lo, hi = minR, maxR
		}
		yes := 0
		for i := lo; i <= hi; i++ {
			c, r := i, at
			if side >= 2 {
				c, r = at, i
			}
			if tileLike(c, r, side < 2, shift) {
				yes++
			}
		}
		return float64(yes) / float64(hi-lo+1)
	}
	// A strip's share is taken at its best shift: perspective a little
	// off or a bend moves a whole strip off the extrapolated lattice by
	// about the same, while letting each cell pick its own shift would
	// let noise pass. Trying shifts gives noise more chances too, so a
	// shifted strip must be clearly tiles: the weaker share that counts
	// where the board ends just beyond is for the unshifted strip only.
	strip := func(side, d int) float64 {
		best := 0.0
		for _, along := range tileShifts[0] {
			for _, across := range tileShifts[1] {
				sh := stripAt(side, d, [2]int{along, across})
				if sh < 0.7 && (along != 0 || across != 0) {
					continue
				}
				best = math.Max(best, sh)
				if best == 1 {
					return best
				}
			}
		}
		return best
	}
	traceBoard("blank %+v from %d cells", blank, len(mids))
	for _, p := range l.runs {
		minC, maxC = min(minC, p.col), max(maxC, p.col)
		minR, maxR = min(minR, p.row), max(maxR, p.row)
	}
	for grown := 0; grown < 2*boardMargin; grown++ {
		best, bestShare := -1, 0.0
		for side := 0; side < 4; side++ {
			s := strip(side, 1)
			traceBoard("  side %d share %.2f", side, s)
			// Shadows and glare spoil some tiles of a real strip; a
			// weaker one still counts where the board clearly ends
			// just beyond it.
			if s < 0.7 && (s < 0.55 || strip(side, 2) >= 0.25) {
				continue
			}
			if s > bestShare {
				best, bestShare = side, s
			}
		}
		if best < 0 {
			break
		}
		switch best {
		case 0:
			minR--
		case 1:
			maxR++
		case 2:
			minC--
		case 3:
			maxC++
		}
		if minR < v.r0+1 || minC < v.c0+1 || maxR >= v.r0+v.rows-1 || maxC >= v.c0+v.cols-1 {
			return minC, minR, maxC, maxR, false
		}
	}
	if len(mids) >= 3 && math.Abs(blank.ring) < faintTileContrast {
		// Blank tiles a blurred photo left no gap to tell by: the
		// board's own edge bounds them.
		minC, minR, maxC, maxR = boardEdgeExtent(v, minC, minR, maxC, maxR)
	}
	return minC, minR, maxC, maxR, true
}

// frameExtent finds Tango's dark frame round the glyphs' range: on each
// side, the first lattice line outward that is much darker along its
// length than the cell lines inside.
func frameExtent(v boardView, l spotLattice) (minC, minR, maxC, maxR int, ok bool) {
	minC, minR, maxC, maxR = l.bounds()
	w := v.cols * boardPx
	grey := func(x, y int) (float64, bool) {
		if x < 0 || y < 0 || x >= w || y >= v.rows*boardPx || !v.inImage[y*w+x] {
			return 0, false
		}
		i := 3 * (y*w + x)
		b, g, r := float64(v.p.pix[i]), float64(v.p.pix[i+1]), float64(v.p.pix[i+2])
		// Glyphs reaching towards a line are coloured; the frame is not.
		if math.Max(b, math.Max(g, r))-math.Min(b, math.Min(g, r)) >= minSpotChroma {
			return 255, true
		}
		return (b + g + r) / 3, true
	}
	// lineValue is the median, along the line at lattice coordinate at
	// (horizontal: a row boundary) over the cells lo..hi, of the darkest
	// pixel across it.
	lineValue := func(at int, horizontal bool, lo, hi int) (float64, bool) {
		var vals []float64
		for s := lo * boardPx; s < (hi+1)*boardPx; s++ {
			darkest := math.Inf(1)
			// A bent page moves the frame off the fitted line by a
			// little.
			for o := -boardPx / 6; o <= boardPx/6; o++ {
				x, y := (at-v.c0)*boardPx+o, s-v.r0*boardPx
				if horizontal {
					x, y = s-v.c0*boardPx, (at-v.r0)*boardPx+o
				}
				g, in := grey(x, y)
				if !in {
					return 0, false
				}
				darkest = math.Min(darkest, g)
			}
			vals = append(vals, darkest)
		}
		return percentile(vals, 0.5), len(vals) > 0
	}
	var inner, mids []float64
	for r := minR + 1; r <= maxR; r++ {
		if val, in := lineValue(r, true, minC, maxC); in {
			inner = append(inner, val)
		}
	}
	for c := minC + 1; c <= maxC; c++ {
		if val, in := lineValue(c, false, minR, maxR); in {
			inner = append(inner, val)
		}
	}
	for r := minR; r <= maxR; r++ {
		for c := minC; c <= maxC; c++ {
			if _, glyph := l.at[latticePos{c, r}]; glyph {
				continue
			}
			if lk := v.look(c, r); lk.ok {
				mids = append(mids, lk.mid)
			}
		}
	}
	traceBoard("frame: %d inner lines, %d blank cells", len(inner), len(mids))
	if len(inner) < 2 || len(mids) < 2 {
		return minC, minR, maxC, maxR, false
	}
	light, lines := percentile(mids, 0.5), percentile(inner, 0.5)
	dark := func(val float64) bool { return val < lines-25 && val < 0.7*light }
	find := func(side int) (int, bool) {
		for k := 0; k < boardMargin; k++ {
			// Sides 0..3 are the lines above, below, left and right.
			at := [4]int{minR - k, maxR + 1 + k, minC - k, maxC + 1 + k}[side]
			lo, hi := minC, maxC
			if side >= 2 {
				lo, hi = minR, maxR
			}
			val, in := lineValue(at, side < 2, lo, hi)
			traceBoard("  frame side %d line %d value %.0f in %v (light %.0f lines %.0f)", side, at, val, in, light, lines)
			if !in {
				return 0, false
			}
			if dark(val) {
				return at, true
			}
		}
		return 0, false
	}
	var edges [4]int
	for side := 0; side < 4; side++ {
		e, found := find(side)
		if !found {
			return minC, minR, maxC, maxR, false
		}
		edges[side] = e
	}
	return edges[2], edges[0], edges[3] - 1, edges[1] - 1, true
}

// boardTrace, when set (by tests), is told how the app-board locator went.
var boardTrace func(format string, args ...any)

func traceBoard(format string, args ...any) {
	if boardTrace != nil {
		boardTrace(format, args...)
	}
}

// appBoard finds an app board in img by its coloured cells. It returns the
// candidate in the coordinates of img downscaled to locateSide, like
// locate, and the factor back to img's pixels.
func appBoard(img gocv.Mat) (gridCandidate, float64, bool) {
	if img.Empty() || img.Channels() < 3 || img.Cols() < 16 || img.Rows() < 16 {
		return gridCandidate{}, 1, false
	}
	small, scale := downscale(img, locateSide)
	defer small.Close()
	bgr := bgrView(small)
	defer bgr.Close()
	p := bgrPlaneOf(bgr)
	mask := chromaMask(p)
	spots, blobs, l, ok := spotsOnLattice(mask, p.w, p.h)
	if !ok {
		// Blurred neighbours that merged, or tiles too dim for the
		// common threshold: each blob's own bright core.
		if cores := chromaCores(p); cores != nil {
			spots, blobs, l, ok = spotsOnLattice(cores, p.w, p.h)
		}
	}
	if !ok {
		return gridCandidate{}, scale, false
	}
	v, ok := newBoardView(bgr, l)
	if !ok {
		return gridCandidate{}, scale, false
	}
	var fills []float64
	for _, i := range l.at {
		fills = append(fills, spots[i].fill)
	}
	// Crescent moons cover little of their box; no tile does.
	glyphs := percentile(fills, 0.25) < 0.55
	tiles := !glyphs
	traceBoard("fill median %.2f q25 %.2f q75 %.2f", percentile(fills, 0.5), percentile(fills, 0.25), percentile(fills, 0.75))
	if tiles {
		l.runs = runTiles(v, l, spots, blobs)
	}
	type extentFunc func(boardView, spotLattice) (int, int, int, int, bool)
	extents := []extentFunc{frameExtent, tileExtent}
	if tiles {
		extents[0], extents[1] = extents[1], extents[0]
	}
	if glyphs {
		extents = extents[:1]
	}
	for k, extent := range extents {
		c0, r0, c1, r1, found := extent(v, l)
		traceBoard("extent %d (tiles %v): %d..%d x %d..%d ok %v", k, tiles, c0, c1, r0, r1, found)
		if !found {
			continue
		}
		rows, cols := r1-r0+1, c1-c0+1
		if rows < 2 || cols < 2 || rows > 64 || cols > 64 {
			continue
		}
		toImage := homography{1, 0, float64(c0), 0, 1, float64(r0), 0, 0, 1}.then(l.toImage)
		f := latticeFit{rows: rows, cols: cols, toImage: toImage}
		q := f.quad()
		if !isConvexOrdered(q) {
			continue
		}
		c := gridCandidate{quad: q, area: quadArea(q), rows: periodFit{n: rows, score: 1}, cols: periodFit{n: cols, score: 1}, method: MethodBoard, evidence: noEvidence}
		c.evidence.Spots, c.evidence.Residual = len(l.at), roundTo(l.residual, 3)
		if tiles {
			// A tile's centre is its cell's; a moon's is not (mesh.go).
			for _, p := range positionsInOrder(l.at) {
				c.centres = append(c.centres, [2]float64{spots[l.at[p]].x, spots[l.at[p]].y})
			}
		}
		return c, scale, true
	}
	return gridCandidate{}, scale, false
}

// spotsOnLattice finds the spots of mask and the lattice through them. It
// returns the single spots, every blob of the mask and the lattice.
func spotsOnLattice(mask []byte, w, h int) ([]spot, []spot, spotLattice, bool) {
	blobs := colourSpots(mask, w, h)
	spots, lo, hi := spotFamily(blobs)
	traceBoard("spots %d family %d", len(spots), hi-lo)
	if boardTrace != nil {
		for _, s := range spots {
			traceBoard("  spot %.0f,%.0f %dx%d fill %.2f", s.x, s.y, s.w, s.h, s.fill)
		}
	}
	l, ok := fitSpotLattice(spots, lo, hi)
	if !ok {
		return nil, nil, spotLattice{}, false
	}
	minC, minR, maxC, maxR := l.bounds()
	traceBoard("lattice %d spots, cells %d..%d x %d..%d resid %.3f", len(l.at), minC, maxC, minR, maxR, l.residual)
	if l.residual > 0.12 {
		return nil, nil, spotLattice{}, false
	}
	return spots, blobs, l, true
}

// latticeStep finds the cell step (pitch and angle) that makes the most
// differences between nearby spot centres whole numbers of cells. A cell
// holds its spot, so the pitch is at least the spot's size; of pitches
// that explain the differences about equally, the largest is the cell (a
// multiple of the true step explains fewer, a fraction is too small).
func latticeStep(diffs [][2]float64, size float64) ([2]float64, bool) {
	return latticeStepUpTo(diffs, size, tilePitch)
}

// tilePitch is the longest cell pitch, in spot sizes, a board of tiles or
// glyphs is searched at: tiles all but fill their cells, and an app's
// glyphs fill half of theirs.
const tilePitch = 2.3

// latticeStepUpTo is latticeStep for a pitch of up to maxPitch spot sizes.
func latticeStepUpTo(diffs [][2]float64, size, maxPitch float64) ([2]float64, bool) {
	if len(diffs) < 4 {
		return [2]float64{}, false
	}
	type trial struct{ theta, pitch, score float64 }
	var trials []trial
	best := 0.0
	for pitch := 0.95 * size; pitch <= maxPitch*size; pitch *= 1.025 {
		for deg := -45.0; deg < 45; deg += 1.5 {
			th := deg * math.Pi / 180
			c, s := math.Cos(th)/pitch, math.Sin(th)/pitch
			score := 0.0
			for _, d := range diffs {
				a := d[0]*c + d[1]*s
				b := -d[0]*s + d[1]*c
				ra, rb := math.Round(a), math.Round(b)
				e2 := (a-ra)*(a-ra) + (b-rb)*(b-rb)
				tol := 0.12 + 0.03*(math.Abs(ra)+math.Abs(rb))
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
		if t.score >= 0.85*best && t.pitch > chosen.pitch {
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
		if math.Abs(t.pitch*math.Sqrt2/chosen.pitch-1) < 0.04 && math.Abs(turn-math.Pi/4) < 0.05 && t.pitch <= 1.1*size && t.score >= 1.1*chosen.score {
			traceBoard("diagonal: pitch %.1f score %.1f over %.1f score %.1f", t.pitch, t.score, chosen.pitch, chosen.score)
			chosen = t
			break
		}
	}
	return [2]float64{chosen.pitch * math.Cos(chosen.theta), chosen.pitch * math.Sin(chosen.theta)}, true
}

// appBoardFallback decides whether the app-board locator's answer should
// replace locate's: always when locate found nothing or only an outline
// (whose count is a guess from periodicity), and when locate's lattice is
// a part of a larger board of the same cells, as when blank tiles at the
// board's edge did not close off. Both candidates are in the same
// downscaled coordinates.
//
// prevScale is the factor from prev's coordinates to img's pixels; the
// answer is in the coordinates of img downscaled to locateSide, whose
// factor locateScale gives.
func appBoardFallback(img gocv.Mat, prev gridCandidate, prevScale float64, prevErr error) (gridCandidate, float64, bool) {
	s := locateScale(img)
	if prevErr == nil && prevScale > 0 && prevScale != s {
		prev.quad = scaleQuad(prev.quad, prevScale/s)
		prev.area = quadArea(prev.quad)
	}
	c, ok := chooseAppBoard(img, prev, prevErr)
	return c, s, ok
}

func chooseAppBoard(img gocv.Mat, prev gridCandidate, prevErr error) (gridCandidate, bool) {
	fromLattice := prevErr == nil && prev.rows.score == 1 && prev.cols.score == 1
	if fromLattice {
		switch colourAround(img, prev) {
		case colourNone:
			return gridCandidate{}, false
		case colourOn:
			// The lattice took every cell it saw; only a row of blank
			// cells against Tango's frame can be missing, not a board.
			return frameAround(img, prev)
		}
	}
	b, _, ok := appBoard(img)
	if !ok {
		if fromLattice {
			return frameAround(img, prev)
		}
		return gridCandidate{}, false
	}
	if !fromLattice {
		return b, true
	}
	if b.rows.n == prev.rows.n && b.cols.n == prev.cols.n {
		return gridCandidate{}, false
	}
	// A board of coloured cells much larger than what the lattice found
	// (the lattice took a small printed grid or a corner of the board).
	if b.area >= 2*prev.area && b.rows.n*b.cols.n >= prev.rows.n*prev.cols.n {
		return b, true
	}
	if b.rows.n < prev.rows.n || b.cols.n < prev.cols.n {
		// Each may have missed what the other saw: the lattice a column
		// whose cells did not close, the board a row of blank tiles.
		if u, ok := unionBoards(prev, b); ok {
			return u, true
		}
		return frameAround(img, prev)
	}
	// The same cells: about the same cell area, and the old grid inside.
	cellA, cellB := prev.area/float64(prev.rows.n*prev.cols.n), b.area/float64(b.rows.n*b.cols.n)
	if cellB < 0.75*cellA || cellB > 1.33*cellA {
		return gridCandidate{}, false
	}
	for _, c := range prev.quad {
		if !insideQuad(b.quad, c[0], c[1], 0.5*math.Sqrt(cellB)) {
			return gridCandidate{}, false
		}
	}
	return b, true
}

// unionBoards joins two readings of one board that each reach further
// than the other in one direction: b's corners must fall on whole cells of
// a's lattice, with cells of the same size. The union is on a's lattice.
func unionBoards(a, b gridCandidate) (gridCandidate, bool) {
	rows, cols := float64(a.rows.n), float64(a.cols.n)
	toImage, ok := homographyFromQuads(rectCorners(cols, rows), a.quad)
	if !ok {
		return gridCandidate{}, false
	}
	toGrid := toImage.inverse()
	var bu, bv [4]float64
	for k, c := range b.quad {
		bu[k], bv[k] = toGrid.apply(c[0], c[1])
	}
	// b's corners TL, TR, BR, BL in a's cells, each within a quarter cell
	// of a whole one and b's sides spanning its own count.
	u0, u1 := math.Round((bu[0]+bu[3])/2), math.Round((bu[1]+bu[2])/2)
	v0, v1 := math.Round((bv[0]+bv[1])/2), math.Round((bv[2]+bv[3])/2)
	for k := range bu {
		u, v := u0, v0
		if k == 1 || k == 2 {
			u = u1
		}
		if k >= 2 {
			v = v1
		}
		if math.Abs(bu[k]-u) > 0.25 || math.Abs(bv[k]-v) > 0.25 {
			return gridCandidate{}, false
		}
	}
	if int(u1-u0) != b.cols.n || int(v1-v0) != b.rows.n {
		return gridCandidate{}, false
	}
	c0, c1 := math.Min(0, u0), math.Max(cols, u1)
	r0, r1 := math.Min(0, v0), math.Max(rows, v1)
	// A union that adds more than a row or column of cells on a side is
	// two boards, or a misfit, not one board seen twice.
	if -c0 > 1 || c1-cols > 1 || -r0 > 1 || r1-rows > 1 || (c1-c0 == cols && r1-r0 == rows) {
		return gridCandidate{}, false
	}
	var q [4][2]float64
	for k, p := range [4][2]float64{{c0, r0}, {c1, r0}, {c1, r1}, {c0, r1}} {
		q[k][0], q[k][1] = toImage.apply(p[0], p[1])
	}
	n, m := int(r1-r0), int(c1-c0)
	return gridCandidate{quad: q, area: quadArea(q), rows: periodFit{n: n, score: 1}, cols: periodFit{n: m, score: 1}, method: MethodBoardUnion, evidence: a.evidence}, true
}

// insideQuad tells whether (x, y) is inside the convex quadrilateral q, or
// within slack pixels of it.
func insideQuad(q [4][2]float64, x, y, slack float64) bool {
	for i := 0; i < 4; i++ {
		a, b := q[i], q[(i+1)%4]
		dx, dy := b[0]-a[0], b[1]-a[1]
		n := math.Hypot(dx, dy)
		if n == 0 {
			return false
		}
		// Clockwise on screen: inside is to the right of each side.
		if (dx*(y-a[1])-dy*(x-a[0]))/n < -slack {
			return false
		}
	}
	return true
}

// colourPlace is where colourAround found compact coloured blobs.
type colourPlace int

const (
	colourNone   colourPlace = iota // no app board's colour about the grid
	colourOn                        // colour on a complete lattice only
	colourBeyond                    // colour on an incomplete lattice, beyond it or elsewhere
)

// colourAround tells, cheaply, whether compact coloured blobs (tiles,
// glyphs) lie on a located grid or in the cells just beyond it: the sign
// of an app board, whose lattice may have stopped short at blank tiles or
// at cells whose lines blurred away. A page's coloured title bar and
// buttons are long, not compact; printed grids pay only for a small copy.
func colourAround(img gocv.Mat, c gridCandidate) colourPlace {
	if img.Channels() < 3 || c.rows.n < 1 || c.cols.n < 1 {
		return colourNone
	}
	const side = 512
	// c is in the coordinates of img downscaled to locateSide; the small
	// copy is made from img directly rather than through that one.
	// Nearest-pixel sampling: tiles and glyphs are flat colour, and area
	// averaging a large picture costs more than the rest of the look.
	long := max(img.Cols(), img.Rows())
	toImg := math.Max(1, float64(long)/side)
	tiny := gocv.NewMat()
	defer tiny.Close()
	gocv.Resize(img, &tiny, pt(max(1, int(float64(img.Cols())/toImg)), max(1, int(float64(img.Rows())/toImg))), 0, 0, gocv.InterpolationNearestNeighbor)
	toImg = float64(img.Cols()) / float64(tiny.Cols())
	bgr := bgrView(tiny)
	defer bgr.Close()
	p := bgrPlaneOf(bgr)
	rows, cols := float64(c.rows.n), float64(c.cols.n)
	toImage, ok := homographyFromQuads(rectCorners(cols, rows), scaleQuad(c.quad, locateScale(img)/toImg))
	if !ok {
		return colourNone
	}
	toGrid := toImage.inverse()
	near, off := 0, 0
	spots := colourSpots(chromaMask(p), p.w, p.h)
	for _, s := range spots {
		u, v := toGrid.apply(s.x, s.y)
		if u < -0.25 || v < -0.25 || u > cols+0.25 || v > rows+0.25 {
			off++
		}
		if u < -1.5 || v < -1.5 || u > cols+1.5 || v > rows+1.5 {
			continue
		}
		near++
	}
	traceBoard("coloured blobs on and near the grid: %d of %d, %d off it", near, len(spots), off)
	switch {
	case c.complete && off < 2 && near >= 2:
		// Every cell of the lattice closed: colour on it is its own
		// glyphs or tiles, and too little lies off it to be more board.
		return colourOn
	case near >= 2 || len(spots) >= 12:
		// Many elsewhere may be a board the lattice passed over for a
		// smaller printed grid.
		return colourBeyond
	}
	return colourNone
}

// maxFrameGrowth is the most cells frameAround adds on one side.
const maxFrameGrowth = 3

// frameAround extends a located lattice out to Tango's dark frame when the
// lattice stopped a row or two short of it (cells whose light lines blur
// away do not close). The frame must be found on every side, and the
// lattice grows by at most maxFrameGrowth cells a side.
func frameAround(img gocv.Mat, prev gridCandidate) (gridCandidate, bool) {
	rows, cols := prev.rows.n, prev.cols.n
	toImage, ok := homographyFromQuads(rectCorners(float64(cols), float64(rows)), prev.quad)
	if !ok {
		return gridCandidate{}, false
	}
	small, _ := downscale(img, locateSide)
	defer small.Close()
	bgr := bgrView(small)
	defer bgr.Close()
	l := spotLattice{toImage: toImage, at: map[latticePos]int{}, span: &[4]int{0, 0, cols - 1, rows - 1}}
	v, ok := newBoardView(bgr, l)
	if !ok {
		return gridCandidate{}, false
	}
	c0, r0, c1, r1, found := frameExtent(v, l)
	traceBoard("frame around %dx%d: %d..%d x %d..%d ok %v", rows, cols, c0, c1, r0, r1, found)
	if !found || c0 < -maxFrameGrowth || r0 < -maxFrameGrowth || c1 >= cols+maxFrameGrowth || r1 >= rows+maxFrameGrowth || (c0 == 0 && r0 == 0 && c1 == cols-1 && r1 == rows-1) {
		return gridCandidate{}, false
	}
	f := latticeFit{rows: r1 - r0 + 1, cols: c1 - c0 + 1, toImage: homography{1, 0, float64(c0), 0, 1, float64(r0), 0, 0, 1}.then(toImage)}
	if f.rows < 2 || f.cols < 2 || f.rows > 64 || f.cols > 64 {
		return gridCandidate{}, false
	}
	q := f.quad()
	if !isConvexOrdered(q) {
		return gridCandidate{}, false
	}
	return gridCandidate{quad: q, area: quadArea(q), rows: periodFit{n: f.rows, score: 1}, cols: periodFit{n: f.cols, score: 1}, method: MethodBoardFrame, evidence: prev.evidence}, true
}

// locateScale is the factor from the pixels of img downscaled to
// locateSide (as downscale makes it) to img's, without making the copy.
func locateScale(img gocv.Mat) float64 {
	long := max(img.Cols(), img.Rows())
	if long <= locateSide {
		return 1
	}
	w := max(1, int(math.Round(float64(img.Cols())*float64(locateSide)/float64(long))))
	return float64(img.Cols()) / float64(w)
}
