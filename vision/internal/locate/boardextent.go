package locate

import (
	"math"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// boardPx is the cell size, in pixels, of the rectification a board's
// extent is judged in: enough to see a tile's gap ring apart from its
// middle.
const boardPx = 24

// boardView is a rectification of the lattice around its occupied cells,
// margin cells beyond them on every side, boardPx pixels a cell.
type boardView struct {
	c0, r0     int // lattice cell at the view's top-left
	cols, rows int
	p          raster.BGRPlane
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
	toImage := geom.Homography{1.0 / boardPx, 0, float64(v.c0), 0, 1.0 / boardPx, float64(v.r0), 0, 0, 1}.Then(l.toImage)
	w, h := v.cols*boardPx, v.rows*boardPx
	m := raster.Warp(bgr, toImage, w, h)
	defer m.Close()
	v.p = raster.BGRPlaneOf(m)
	v.inImage = make([]bool, w*h)
	xmax, ymax := float64(bgr.Cols()-2), float64(bgr.Rows()-2)
	inside := func(x, y float64) bool {
		ix, iy := toImage.Apply(x, y)
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
	return v.shadeOf(float64(v.p.Pix[i]), float64(v.p.Pix[i+1]), float64(v.p.Pix[i+2]))
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
			b, g, r := float64(v.p.Pix[3*i]), float64(v.p.Pix[3*i+1]), float64(v.p.Pix[3*i+2])
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

// tileExtent grows the occupied range of a tile lattice over the rows and
// columns beyond it that are tiles too: blank tiles look like the blank
// tiles inside the range (even, their shade, set off from their gap ring
// the same way), coloured ones are even and coloured.
func tileExtent(v boardView, l spotLattice) (minC, minR, maxC, maxR int, ok bool) {
	v.shade = tileShade(v, l)
	t := newTileJudge(v, l)
	// Without blank tiles to learn from, only a board that is all
	// coloured tiles can be judged. A tile counts as coloured by its
	// look as well as by its spot: on a blurred board, neighbours of one
	// colour merge into blobs that are no spot.
	if t.blanks < 3 && 10*t.coloured < 9*(t.maxC-t.minC+1)*(t.maxR-t.minR+1) {
		return t.minC, t.minR, t.maxC, t.maxR, false
	}
	traceBoard("blank %+v from %d cells", t.blank, t.blanks)
	for _, p := range l.runs {
		t.minC, t.maxC = min(t.minC, p.col), max(t.maxC, p.col)
		t.minR, t.maxR = min(t.minR, p.row), max(t.maxR, p.row)
	}
	for grown := 0; grown < 2*boardMargin; grown++ {
		best := t.bestSide()
		if best < 0 {
			break
		}
		switch best {
		case 0:
			t.minR--
		case 1:
			t.maxR++
		case 2:
			t.minC--
		case 3:
			t.maxC++
		}
		if t.minR < v.r0+1 || t.minC < v.c0+1 || t.maxR >= v.r0+v.rows-1 || t.maxC >= v.c0+v.cols-1 {
			return t.minC, t.minR, t.maxC, t.maxR, false
		}
	}
	minC, minR, maxC, maxR = t.minC, t.minR, t.maxC, t.maxR
	if t.blanks >= 3 && math.Abs(t.blank.ring) < locating.board.faintTileRing {
		// Blank tiles a blurred photo left no gap to tell by: the
		// board's own edge bounds them.
		minC, minR, maxC, maxR = boardEdgeExtent(v, minC, minR, maxC, maxR)
	}
	return minC, minR, maxC, maxR, true
}

// tileJudge tells tiles from what is not a tile beyond a tile lattice's
// range [minC, maxC] x [minR, maxR], by the look of the blank tiles
// inside it.
type tileJudge struct {
	v                      boardView
	l                      spotLattice
	minC, minR, maxC, maxR int
	blank                  cellLook // the typical blank tile's look
	blanks                 int      // how many blank tiles it was learnt from
	coloured               int      // the range's tiles that hold a coloured spot or look coloured
	colourful              float64  // the median coloured tile's chroma
}

// newTileJudge learns the blank and the coloured tiles' look from the
// lattice's occupied range.
func newTileJudge(v boardView, l spotLattice) tileJudge {
	t := tileJudge{v: v, l: l}
	t.minC, t.minR, t.maxC, t.maxR = l.bounds()
	var mids, contrasts, spreads, chromas []float64
	for r := t.minR; r <= t.maxR; r++ {
		for c := t.minC; c <= t.maxC; c++ {
			if _, spotted := l.at[latticePos{c, r}]; spotted {
				t.coloured++
				continue
			}
			lk := v.look(c, r)
			if lk.ok && lk.chroma >= minSpotChroma {
				t.coloured++
			}
			if !lk.ok || lk.chroma >= minSpotChroma {
				continue
			}
			mids = append(mids, lk.mid)
			contrasts = append(contrasts, lk.mid-lk.ring)
			spreads = append(spreads, lk.spread)
			chromas = append(chromas, lk.chroma)
		}
	}
	var colourChromas []float64
	for p := range l.at {
		if lk := v.look(p.col, p.row); lk.ok {
			colourChromas = append(colourChromas, lk.chroma)
		}
	}
	t.colourful = raster.Percentile(colourChromas, 0.5)
	t.blanks = len(mids)
	if len(mids) >= 3 {
		t.blank = cellLook{mid: raster.Percentile(mids, 0.5), ring: raster.Percentile(contrasts, 0.5), spread: raster.Percentile(spreads, locating.board.blankQuantile), chroma: raster.Percentile(chromas, locating.board.blankQuantile)}
	}
	return t
}

// blankTile tells whether a cell looks like the blank tiles.
func (t tileJudge) blankTile(lk cellLook) bool {
	blank := t.blank
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
		if dim < locating.board.minShade {
			return false
		}
		tolerance = blank.mid - lk.mid
	}
	want := dim * math.Abs(blank.ring)
	// A tile is set off from its gap on every side; a cell that
	// straddles the board's edge is not.
	for _, side := range lk.sides {
		if c := lk.mid - side; c*blank.ring <= 0 || math.Abs(c) < locating.board.sideContrast*want {
			return false
		}
	}
	return math.Abs(lk.mid-blank.mid) <= tolerance &&
		contrast*blank.ring > 0 && math.Abs(contrast) >= 0.5*want &&
		lk.spread <= math.Max(6, 2*blank.spread) && lk.chroma <= math.Max(12, 2*blank.chroma)
}

// colouredTile tells whether a cell is a coloured tile, as colourful as
// the median coloured tile's colourful and as even as a tile.
func colouredTile(lk cellLook, colourful float64) bool {
	return lk.chroma >= math.Max(minSpotChroma, locating.board.colouredChroma*colourful) && lk.spread <= locating.board.colouredSpread
}

// tileLike tells whether cell (c, r), looked at shifted by shift pixels
// (along and across its strip), is a tile, coloured or blank.
func (t tileJudge) tileLike(c, r int, along bool, shift [2]int) bool {
	lk := t.v.look(c, r)
	if !lk.ok {
		return false
	}
	if _, coloured := t.l.at[latticePos{c, r}]; coloured {
		return true
	}
	// A coloured tile the spots missed (merged with its neighbour) is
	// as colourful as the spotted ones; tinted paper is not.
	if colouredTile(lk, t.colourful) {
		return true
	}
	if t.blanks < 3 || math.Abs(t.blank.ring) < locating.board.minBlankRing {
		return false
	}
	if shift != [2]int{} {
		dx, dy := shift[0], shift[1]
		if !along {
			dx, dy = dy, dx
		}
		lk = t.v.lookShifted(c, r, dx, dy)
	}
	return lk.ok && t.blankTile(lk)
}

// stripAt is the share of tiles in the strip d beyond side (0..3: above,
// below, left, right), looked at shifted by shift.
func (t tileJudge) stripAt(side, d int, shift [2]int) float64 {
	at := [4]int{t.minR - d, t.maxR + d, t.minC - d, t.maxC + d}[side]
	lo, hi := t.minC, t.maxC
	if side >= 2 {
		lo, hi = t.minR, t.maxR
	}
	yes := 0
	for i := lo; i <= hi; i++ {
		c, r := i, at
		if side >= 2 {
			c, r = at, i
		}
		if t.tileLike(c, r, side < 2, shift) {
			yes++
		}
	}
	return float64(yes) / float64(hi-lo+1)
}

// strip is a strip's share of tiles taken at its best shift: perspective a
// little off or a bend moves a whole strip off the extrapolated lattice by
// about the same, while letting each cell pick its own shift would let
// noise pass. Trying shifts gives noise more chances too, so a shifted
// strip must be clearly tiles: the weaker share that counts where the
// board ends just beyond is for the unshifted strip only.
func (t tileJudge) strip(side, d int) float64 {
	best := 0.0
	for _, along := range tileShifts[0] {
		for _, across := range tileShifts[1] {
			sh := t.stripAt(side, d, [2]int{along, across})
			if sh < locating.board.stripShare && (along != 0 || across != 0) {
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

// bestSide is the side whose next strip is most plainly tiles, or -1 when
// none is.
func (t tileJudge) bestSide() int {
	best, bestShare := -1, 0.0
	for side := 0; side < 4; side++ {
		s := t.strip(side, 1)
		traceBoard("  side %d share %.2f", side, s)
		// Shadows and glare spoil some tiles of a real strip; a
		// weaker one still counts where the board clearly ends
		// just beyond it.
		if b := locating.board; s < b.stripShare && (s < b.weakStrip || t.strip(side, 2) >= b.beyondStrip) {
			continue
		}
		if s > bestShare {
			best, bestShare = side, s
		}
	}
	return best
}

// frameExtent finds Tango's dark frame round the glyphs' range: on each
// side, the first lattice line outward that is much darker along its
// length than the cell lines inside.
func frameExtent(v boardView, l spotLattice) (minC, minR, maxC, maxR int, ok bool) {
	minC, minR, maxC, maxR = l.bounds()
	light, lines, ok := frameLevels(v, l)
	if !ok {
		return minC, minR, maxC, maxR, false
	}
	var edges [4]int
	for side := 0; side < 4; side++ {
		e, found := frameSide(v, l, side, light, lines)
		if !found {
			return minC, minR, maxC, maxR, false
		}
		edges[side] = e
	}
	return edges[2], edges[0], edges[3] - 1, edges[1] - 1, true
}

// frameLevels is what the frame is told from inside the glyphs' range:
// the blank cells' median grey (light) and the cell lines' (lines).
func frameLevels(v boardView, l spotLattice) (light, lines float64, ok bool) {
	minC, minR, maxC, maxR := l.bounds()
	var inner, mids []float64
	for r := minR + 1; r <= maxR; r++ {
		if val, in := frameLine(v, r, true, minC, maxC); in {
			inner = append(inner, val)
		}
	}
	for c := minC + 1; c <= maxC; c++ {
		if val, in := frameLine(v, c, false, minR, maxR); in {
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
		return 0, 0, false
	}
	return raster.Percentile(mids, 0.5), raster.Percentile(inner, 0.5), true
}

// frameSide is the first lattice line outward of the glyphs' range on
// side (0..3: the lines above, below, left and right) that is darker than
// the range's blank cells (light) and cell lines (lines) by as much as
// Tango's frame, up to boardMargin lines out; found is false when none
// is, or the lines run out of the picture first.
func frameSide(v boardView, l spotLattice, side int, light, lines float64) (int, bool) {
	minC, minR, maxC, maxR := l.bounds()
	dark := func(val float64) bool {
		return val < lines-locating.board.frameDarker && val < locating.board.frameShare*light
	}
	for k := 0; k < boardMargin; k++ {
		at := [4]int{minR - k, maxR + 1 + k, minC - k, maxC + 1 + k}[side]
		lo, hi := minC, maxC
		if side >= 2 {
			lo, hi = minR, maxR
		}
		// The cells crossed on the way out are the board's blank cells;
		// a strip of print means the board has ended without a frame on
		// this side, and a line of text further out is no frame.
		if k > 0 {
			strip := [4]int{minR - k, maxR + k, minC - k, maxC + k}[side]
			if stripOfPrint(v, strip, side < 2, lo, hi) {
				traceBoard("  frame side %d strip %d holds print", side, strip)
				return 0, false
			}
		}
		val, in := frameLine(v, at, side < 2, lo, hi)
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

// stripOfPrint tells whether most cells lo..hi of the row (horizontal)
// or column at hold print: their middles are uneven, as no tile or blank
// cell is (colouredSpread), and grey, as no coloured glyph is
// (minSpotChroma).
func stripOfPrint(v boardView, at int, horizontal bool, lo, hi int) bool {
	printed, seen := 0, 0
	for s := lo; s <= hi; s++ {
		c, r := at, s
		if horizontal {
			c, r = s, at
		}
		lk := v.look(c, r)
		if !lk.ok {
			continue
		}
		seen++
		if lk.spread > locating.board.colouredSpread && lk.chroma < minSpotChroma {
			printed++
		}
	}
	return seen > 0 && 2*printed > seen
}

// frameLine is the median, along the line at lattice coordinate at
// (horizontal: a row boundary) over the cells lo..hi, of the darkest
// pixel across it; in is false where the line leaves the picture.
func frameLine(v boardView, at int, horizontal bool, lo, hi int) (float64, bool) {
	var vals []float64
	for s := lo * boardPx; s < (hi+1)*boardPx; s++ {
		darkest := math.Inf(1)
		// A bent page moves the frame off the fitted line by a little.
		for o := -boardPx / 6; o <= boardPx/6; o++ {
			x, y := (at-v.c0)*boardPx+o, s-v.r0*boardPx
			if horizontal {
				x, y = s-v.c0*boardPx, (at-v.r0)*boardPx+o
			}
			g, in := frameGrey(v, x, y)
			if !in {
				return 0, false
			}
			darkest = math.Min(darkest, g)
		}
		vals = append(vals, darkest)
	}
	return raster.Percentile(vals, 0.5), len(vals) > 0
}

// frameGrey is a view pixel's grey as the frame is looked for by: glyphs
// reaching towards a line are coloured, the frame is not, so coloured
// pixels count as white. in is false outside the picture.
func frameGrey(v boardView, x, y int) (float64, bool) {
	w := v.cols * boardPx
	if x < 0 || y < 0 || x >= w || y >= v.rows*boardPx || !v.inImage[y*w+x] {
		return 0, false
	}
	i := 3 * (y*w + x)
	b, g, r := float64(v.p.Pix[i]), float64(v.p.Pix[i+1]), float64(v.p.Pix[i+2])
	if math.Max(b, math.Max(g, r))-math.Min(b, math.Min(g, r)) >= minSpotChroma {
		return 255, true
	}
	return (b + g + r) / 3, true
}
