package locate

import (
	"math"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// boardTrace, when set (by tests), is told how the app-board locator went.
var boardTrace func(format string, args ...any)

func traceBoard(format string, args ...any) {
	if boardTrace != nil {
		boardTrace(format, args...)
	}
	if raster.Trace != nil {
		raster.Trace(format, args...)
	}
}

// AppBoard finds an app board in img by its coloured cells. It returns the
// candidate in the coordinates of img downscaled to locateSide, like
// locate, and the factor back to img's pixels.
func AppBoard(img gocv.Mat) (Candidate, float64, bool) {
	if img.Empty() || img.Channels() < 3 || img.Cols() < 16 || img.Rows() < 16 {
		return Candidate{}, 1, false
	}
	small, scale := Downscale(img, LocateSide)
	defer small.Close()
	bgr := raster.BGRView(small)
	defer bgr.Close()
	p := raster.BGRPlaneView(bgr)
	blobs := [][]spot{colourSpots(chromaMask(p), p.W, p.H)}
	if c, ok := boardOfBlobs(bgr, blobs[0], 0); ok {
		return c, scale, true
	}
	// Blurred neighbours that merged, or tiles too dim for the common
	// threshold: each blob's own bright core.
	if cores := chromaCores(p); cores != nil {
		blobs = append(blobs, colourSpots(cores, p.W, p.H))
		if c, ok := boardOfBlobs(bgr, blobs[1], 0); ok {
			return c, scale, true
		}
	}
	// On a blurred tile board, pairs of neighbours of one colour that
	// merged can cover more area than the single tiles left, and their
	// lattice, two cells apart, bounds no board: the next family of
	// sizes is the single tiles' (hunt-photos wild-photo-111).
	for _, b := range blobs {
		if c, ok := boardOfBlobs(bgr, b, 1); ok {
			return c, scale, true
		}
	}
	return Candidate{}, scale, false
}

// boardOfBlobs is AppBoard on the blobs of one mask of the board's
// coloured cells, its lattice walked through the spots of the family
// ranked rank.
func boardOfBlobs(bgr gocv.Mat, blobs []spot, rank int) (Candidate, bool) {
	spots, l, ok := spotsOnLattice(blobs, rank)
	if !ok {
		return Candidate{}, false
	}
	v, ok := newBoardView(bgr, l)
	if !ok {
		return Candidate{}, false
	}
	tiles, glyphs := spotsKind(spots, l)
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
		toImage := geom.Homography{1, 0, float64(c0), 0, 1, float64(r0), 0, 0, 1}.Then(l.toImage)
		f := LatticeFit{Rows: rows, Cols: cols, ToImage: toImage}
		q := f.Quad()
		if !IsConvexOrdered(q) {
			continue
		}
		c := Candidate{Quad: q, Area: geom.QuadArea(q), Rows: PeriodFit{N: rows, Score: 1}, Cols: PeriodFit{N: cols, Score: 1}, Method: MethodBoard, Evidence: noEvidence}
		c.Evidence.Spots, c.Evidence.Residual = len(l.at), raster.RoundTo(l.residual, 3)
		if tiles {
			// A tile's centre is its cell's; a moon's is not (rectify/mesh.go).
			for _, p := range positionsInOrder(l.at) {
				c.Centres = append(c.Centres, [2]float64{spots[l.at[p]].x, spots[l.at[p]].y})
			}
		}
		return c, true
	}
	return Candidate{}, false
}

// spotsKind tells what a board's coloured spots are. Glyphs cover
// little of their box (crescent moons), and no tile does: the board is
// bounded by its frame alone. Tiles fill their cells but for the gaps:
// the board is bounded by its tiles first. Spots that fill their box but
// not their cell (discs half a cell wide) are neither: glyphs on a
// printed grid whose frame, if any, bounds it.
func spotsKind(spots []spot, l spotLattice) (tiles, glyphs bool) {
	var fills, shares []float64
	for p, i := range l.at {
		fills = append(fills, spots[i].fill)
		w, h := cellBox(l.toImage, p)
		shares = append(shares, spots[i].size()/math.Sqrt(w*h))
	}
	share := raster.Percentile(shares, 0.5)
	traceBoard("fill median %.2f q25 %.2f q75 %.2f, side %.2f of the cell's", raster.Percentile(fills, 0.5), raster.Percentile(fills, 0.25), raster.Percentile(fills, 0.75), share)
	glyphs = raster.Percentile(fills, locating.board.fillQuantile) < locating.board.tileFill
	return !glyphs && share >= locating.board.minTileCell, glyphs
}

// BoardAround decides whether a lattice the lattice rung found is part
// of an app board, and returns what should replace it: the board, when
// the lattice took a small printed grid or a corner of the board, or
// stopped short of it where blank tiles at its edge did not close off;
// the lattice grown to Tango's frame (frameAround); or the two joined
// (unionBoards).
//
// prevScale is the factor from prev's coordinates to img's pixels; the
// answer is in the coordinates of img downscaled to locateSide, whose
// factor locateScale gives.
func BoardAround(img gocv.Mat, prev Candidate, prevScale float64) (Candidate, float64, bool) {
	s := locateScale(img)
	if prevScale > 0 && prevScale != s {
		prev.Quad = ScaleQuad(prev.Quad, prevScale/s)
		prev.Area = geom.QuadArea(prev.Quad)
	}
	c, ok := boardBeyond(img, prev)
	return c, s, ok
}

func boardBeyond(img gocv.Mat, prev Candidate) (Candidate, bool) {
	switch ColourAround(img, prev) {
	case ColourNone:
		return Candidate{}, false
	case ColourOn:
		// The lattice took every cell it saw; only a row of blank
		// cells against Tango's frame can be missing, not a board.
		return frameAround(img, prev)
	}
	b, _, ok := AppBoard(img)
	if !ok {
		return frameAround(img, prev)
	}
	if b.Rows.N == prev.Rows.N && b.Cols.N == prev.Cols.N {
		return Candidate{}, false
	}
	// A board of coloured cells much larger than what the lattice found
	// (the lattice took a small printed grid or a corner of the board).
	if b.Area >= 2*prev.Area && b.Rows.N*b.Cols.N >= prev.Rows.N*prev.Cols.N {
		return b, true
	}
	if b.Rows.N < prev.Rows.N || b.Cols.N < prev.Cols.N {
		// Each may have missed what the other saw: the lattice a column
		// whose cells did not close, the board a row of blank tiles.
		if u, ok := UnionBoards(prev, b); ok {
			return u, true
		}
		return frameAround(img, prev)
	}
	// The same cells: about the same cell area, and the old grid inside.
	cellA, cellB := prev.Area/float64(prev.Rows.N*prev.Cols.N), b.Area/float64(b.Rows.N*b.Cols.N)
	if cellB < locating.board.sameCellMin*cellA || cellB > locating.board.sameCellMax*cellA {
		return Candidate{}, false
	}
	for _, c := range prev.Quad {
		if !InsideQuad(b.Quad, c[0], c[1], 0.5*math.Sqrt(cellB)) {
			return Candidate{}, false
		}
	}
	return b, true
}

// UnionBoards joins two readings of one board that each reach further
// than the other in one direction: b's corners must fall on whole cells of
// a's lattice, with cells of the same size. The union is on a's lattice.
func UnionBoards(a, b Candidate) (Candidate, bool) {
	rows, cols := float64(a.Rows.N), float64(a.Cols.N)
	toImage, ok := geom.FromQuads(RectCorners(cols, rows), a.Quad)
	if !ok {
		return Candidate{}, false
	}
	toGrid := toImage.Inverse()
	var bu, bv [4]float64
	for k, c := range b.Quad {
		bu[k], bv[k] = toGrid.Apply(c[0], c[1])
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
		if off := locating.board.unionCornerOff; math.Abs(bu[k]-u) > off || math.Abs(bv[k]-v) > off {
			return Candidate{}, false
		}
	}
	if int(u1-u0) != b.Cols.N || int(v1-v0) != b.Rows.N {
		return Candidate{}, false
	}
	c0, c1 := math.Min(0, u0), math.Max(cols, u1)
	r0, r1 := math.Min(0, v0), math.Max(rows, v1)
	// A union that adds more than a row or column of cells on a side is
	// two boards, or a misfit, not one board seen twice.
	if -c0 > 1 || c1-cols > 1 || -r0 > 1 || r1-rows > 1 || (c1-c0 == cols && r1-r0 == rows) {
		return Candidate{}, false
	}
	var q [4][2]float64
	for k, p := range [4][2]float64{{c0, r0}, {c1, r0}, {c1, r1}, {c0, r1}} {
		q[k][0], q[k][1] = toImage.Apply(p[0], p[1])
	}
	n, m := int(r1-r0), int(c1-c0)
	return Candidate{Quad: q, Area: geom.QuadArea(q), Rows: PeriodFit{N: n, Score: 1}, Cols: PeriodFit{N: m, Score: 1}, Method: MethodBoardUnion, Evidence: a.Evidence}, true
}

// InsideQuad tells whether (x, y) is inside the convex quadrilateral q, or
// within slack pixels of it.
func InsideQuad(q [4][2]float64, x, y, slack float64) bool {
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

// ColourPlace is where colourAround found compact coloured blobs.
type ColourPlace int

const (
	ColourNone   ColourPlace = iota // no app board's colour about the grid
	ColourOn                        // colour on a complete lattice only
	colourBeyond                    // colour on an incomplete lattice, beyond it or elsewhere
)

// ColourAround tells, cheaply, whether compact coloured blobs (tiles,
// glyphs) lie on a located grid or in the cells just beyond it: the sign
// of an app board, whose lattice may have stopped short at blank tiles or
// at cells whose lines blurred away. A page's coloured title bar and
// buttons are long, not compact; printed grids pay only for a small copy.
func ColourAround(img gocv.Mat, c Candidate) ColourPlace {
	if img.Channels() < 3 || c.Rows.N < 1 || c.Cols.N < 1 {
		return ColourNone
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
	gocv.Resize(img, &tiny, raster.Pt(max(1, int(float64(img.Cols())/toImg)), max(1, int(float64(img.Rows())/toImg))), 0, 0, gocv.InterpolationNearestNeighbor)
	toImg = float64(img.Cols()) / float64(tiny.Cols())
	bgr := raster.BGRView(tiny)
	defer bgr.Close()
	p := raster.BGRPlaneView(bgr)
	rows, cols := float64(c.Rows.N), float64(c.Cols.N)
	toImage, ok := geom.FromQuads(RectCorners(cols, rows), ScaleQuad(c.Quad, locateScale(img)/toImg))
	if !ok {
		return ColourNone
	}
	toGrid := toImage.Inverse()
	near, off := 0, 0
	spots := colourSpots(chromaMask(p), p.W, p.H)
	for _, s := range spots {
		u, v := toGrid.Apply(s.x, s.y)
		if m := locating.board.colourOff; u < -m || v < -m || u > cols+m || v > rows+m {
			off++
		}
		if m := locating.board.colourNear; u < -m || v < -m || u > cols+m || v > rows+m {
			continue
		}
		near++
	}
	traceBoard("coloured blobs on and near the grid: %d of %d, %d off it", near, len(spots), off)
	switch {
	case c.Complete && off < 2 && near >= 2:
		// Every cell of the lattice closed: colour on it is its own
		// glyphs or tiles, and too little lies off it to be more board.
		return ColourOn
	case near >= 2 || len(spots) >= 12:
		// Many elsewhere may be a board the lattice passed over for a
		// smaller printed grid.
		return colourBeyond
	}
	return ColourNone
}

// maxFrameGrowth is the most cells frameAround adds on one side.
const maxFrameGrowth = 3

// frameAround extends a located lattice out to Tango's dark frame when the
// lattice stopped a row or two short of it (cells whose light lines blur
// away do not close). The frame must be found on every side, and the
// lattice grows by at most maxFrameGrowth cells a side.
func frameAround(img gocv.Mat, prev Candidate) (Candidate, bool) {
	rows, cols := prev.Rows.N, prev.Cols.N
	toImage, ok := geom.FromQuads(RectCorners(float64(cols), float64(rows)), prev.Quad)
	if !ok {
		return Candidate{}, false
	}
	small, _ := Downscale(img, LocateSide)
	defer small.Close()
	bgr := raster.BGRView(small)
	defer bgr.Close()
	l := spotLattice{toImage: toImage, at: map[latticePos]int{}, span: &[4]int{0, 0, cols - 1, rows - 1}}
	v, ok := newBoardView(bgr, l)
	if !ok {
		return Candidate{}, false
	}
	c0, r0, c1, r1, found := frameExtent(v, l)
	traceBoard("frame around %dx%d: %d..%d x %d..%d ok %v", rows, cols, c0, c1, r0, r1, found)
	if !found || c0 < -maxFrameGrowth || r0 < -maxFrameGrowth || c1 >= cols+maxFrameGrowth || r1 >= rows+maxFrameGrowth || (c0 == 0 && r0 == 0 && c1 == cols-1 && r1 == rows-1) {
		return Candidate{}, false
	}
	f := LatticeFit{Rows: r1 - r0 + 1, Cols: c1 - c0 + 1, ToImage: geom.Homography{1, 0, float64(c0), 0, 1, float64(r0), 0, 0, 1}.Then(toImage)}
	if f.Rows < 2 || f.Cols < 2 || f.Rows > 64 || f.Cols > 64 {
		return Candidate{}, false
	}
	q := f.Quad()
	if !IsConvexOrdered(q) {
		return Candidate{}, false
	}
	return Candidate{Quad: q, Area: geom.QuadArea(q), Rows: PeriodFit{N: f.Rows, Score: 1}, Cols: PeriodFit{N: f.Cols, Score: 1}, Method: MethodBoardFrame, Evidence: prev.Evidence}, true
}

// locateScale is the factor from the pixels of img downscaled to
// locateSide (as downscale makes it) to img's, without making the copy.
func locateScale(img gocv.Mat) float64 {
	long := max(img.Cols(), img.Rows())
	if long <= LocateSide {
		return 1
	}
	w := max(1, int(math.Round(float64(img.Cols())*float64(LocateSide)/float64(long))))
	return float64(img.Cols()) / float64(w)
}
