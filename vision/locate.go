package vision

import (
	"image"
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// locateSide is the long side, in pixels, of the copy the grid is located
// in: large enough for 64 cells, small enough to stay fast on a webcam.
const locateSide = 1000

// gridCandidate is a quadrilateral that might be the grid, in the
// coordinates of the located (downscaled) image.
type gridCandidate struct {
	quad       [4][2]float64
	area       float64
	rows, cols periodFit
	centres    [][2]float64 // measured cell centres, when a lattice found the grid (rectify_mesh.go)
	// complete is set when a lattice found the grid with nearly every
	// cell closed and its centres on the lattice: nothing of it is left
	// for the app-board locator to find.
	complete bool
	// doubtless is set, when the locate mode asks for it, for a lattice
	// with nearly every cell closed and its lines plain (latticeFit.doubtless).
	doubtless bool
	// shadowEdged is set, when the locate mode asks for it, for a lattice
	// that ends on some side where the light changes (shadowEdged).
	shadowEdged bool
	// method and evidence say which locator found the candidate and what
	// it had to go on; they reach the Reading and change nothing else.
	method   Method
	evidence Evidence
}

func (c gridCandidate) quality() float64 { return math.Min(c.rows.score, c.cols.score) }

// LocateGrid finds the grid's outer corners (TL, TR, BR, BL) in img's pixels.
//
// It is the live preview's locator and trades some reach for speed: it
// works on an 800-pixel copy, tries only the two boundary maps that find
// most grids and skips the slower outline locator. Read finds more.
func LocateGrid(img gocv.Mat) ([4][2]float64, error) {
	c, scale, err := locateWith(img, previewLocate)
	if err != nil {
		return [4][2]float64{}, err
	}
	return scaleQuad(c.quad, scale), nil
}

func scaleQuad(q [4][2]float64, s float64) [4][2]float64 {
	for i := range q {
		q[i][0] *= s
		q[i][1] *= s
	}
	return q
}

// locate returns the best grid candidate in a downscaled gray copy of img
// and the factor from that copy's pixels to img's.
func locate(img gocv.Mat) (gridCandidate, float64, error) {
	c, scale, err := locateWith(img, readLocate)
	// App boards in photos lose their lines and gaps to blur; their
	// coloured cells still give the lattice (locate_board.go).
	if b, bscale, ok := appBoardFallback(img, c, scale, err); ok {
		return b, bscale, nil
	}
	if err != nil && max(img.Cols(), img.Rows()) > locateSide*5/4 {
		// A big grid photographed whole leaves its cells a few pixels in
		// the located copy, too few for their lines to close them off;
		// the picture as decoded has more to give. Only a grid of many
		// cells is taken from there: a few cells' worth of text counters,
		// bigger at that resolution, line up by chance now and then, but
		// never with nearly every cell closed and lines all round them:
		// a small grid with faint lines, in a big photo, shows them only
		// at the decoded resolution.
		c, scale, err = locateWith(img, fineLocate)
		if err == nil && c.rows.n*c.cols.n < minFineCells && !c.doubtless {
			c, err = gridCandidate{}, ErrNoGrid
		}
		c.evidence.Fine = err == nil
	}
	if err == nil && c.shadowEdged {
		// Found only on the lit side of a shadow: the flattened copy
		// may show the rest of it. It must take in the grid found, and
		// more than a strip: one strip more is as often a line of text
		// beside the grid, which flattening shows as well as the lines
		// (a real photo's 9x9 sudoku read 10x9 so).
		f, fscale, ferr := locateWith(img, flatLocate)
		if ferr == nil && fscale == scale && f.rows.n+f.cols.n >= c.rows.n+c.cols.n+2 && f.rows.n >= c.rows.n && f.cols.n >= c.cols.n && quadWithin(c.quad, f.quad) {
			if locateTrace != nil {
				locateTrace("shadow-edged %dx%d grown to %dx%d in the flattened copy", c.rows.n, c.cols.n, f.rows.n, f.cols.n)
			}
			c = f
		}
	}
	if err != nil {
		// A hard shadow or a strong light gradient across a light grid
		// is the strongest structure in every boundary map, and leaves
		// the lines a couple of grey levels deep in the dark part: with
		// the light divided out, they stand as far off the paper there
		// as anywhere (locate_flatten.go).
		// Lines too faint to close any cell even there: the glyphs on
		// them place the lattice (locate_glyphlattice.go).
		c, scale, err = locateWith(img, flatGlyphLocate)
	}
	return c, scale, err
}

// locateMode is how hard locate looks.
type locateMode struct {
	side     int           // long side of the copy searched
	variants []edgeVariant // boundary maps tried, in order
	outlines bool          // fall back on the outline-and-periodicity locator
	vouch    bool          // tell whether a lattice found leaves no doubt (gridCandidate.doubtless)
	shadows  bool          // tell whether a lattice found ends at a shadow's edge (gridCandidate.shadowEdged)
	flatten  bool          // divide the light out first (flattenLight)
	glyphs   bool          // when no lattice closes, look for one the glyphs lie on (glyphGrid)
}

var (
	readLocate    = locateMode{side: locateSide, variants: edgeVariants, outlines: true, shadows: true}
	previewLocate = locateMode{side: 800, variants: []edgeVariant{cannyEdges, darkRidges}}
	fineLocate    = locateMode{side: 2 * locateSide, variants: edgeVariants, vouch: true}
	flatLocate    = locateMode{side: locateSide, variants: edgeVariants, flatten: true}
	// flatGlyphLocate is locate's last resort.
	flatGlyphLocate = locateMode{side: locateSide, variants: edgeVariants, flatten: true, glyphs: true}
)

func locateWith(img gocv.Mat, mode locateMode) (gridCandidate, float64, error) {
	if img.Empty() || img.Cols() < 16 || img.Rows() < 16 {
		return gridCandidate{}, 1, ErrNoGrid
	}
	small, scale := downscale(img, mode.side)
	defer small.Close()
	gray := toGray(small)
	defer gray.Close()
	if mode.flatten {
		// Mat.Close has a pointer receiver: the deferred Close above
		// would close whatever gray holds at return.
		flat := flattenLight(gray)
		defer flat.Close()
		return locateIn(small, flat, scale, mode)
	}
	return locateIn(small, gray, scale, mode)
}

// locateIn is locateWith on the located copy and its gray.
func locateIn(small, gray gocv.Mat, scale float64, mode locateMode) (gridCandidate, float64, error) {
	if f, ev, ok := locateLattice(gray, mode.variants); ok {
		if mode.flatten {
			f = snapToOutline(gray, f)
		}
		c := gridCandidate{quad: f.quad(), area: quadArea(f.quad()), rows: periodFit{n: f.rows, score: 1}, cols: periodFit{n: f.cols, score: 1}, centres: f.centres, complete: f.complete()}
		c.method, c.evidence = MethodLattice, ev
		c.evidence.Flattened = mode.flatten
		if !c.complete {
			p := planeOf(gray)
			// A fully inked grid on light lines closes the paper
			// between its glyphs into a lattice half a cell off.
			c, c.evidence.PhaseShifted = phaseChecked(p, c)
			if mode.shadows {
				c.shadowEdged = shadowEdged(p, c)
			}
		}
		if mode.vouch {
			c.doubtless = f.doubtless(gray)
		}
		return c, scale, nil
	}
	if mode.glyphs {
		if c, ok := glyphGrid(planeOf(gray)); ok {
			c.evidence.Flattened = mode.flatten
			return c, scale, nil
		}
	}
	if !mode.outlines {
		return gridCandidate{}, scale, ErrNoGrid
	}

	ink := inkQuads(gray)
	quads := append(ink, tileQuads(small, planeOf(gray))...)

	best := gridCandidate{}
	bestScore := 0.0
	for i, q := range quads {
		c, ok := verifyCandidate(gray, q)
		if locateTrace != nil {
			locateTrace("candidate %v -> %v area %.0f rows %+v cols %+v ok %v", q, c.quad, c.area, c.rows, c.cols, ok)
		}
		if !ok {
			continue
		}
		score := c.area * c.quality() * c.quality()
		if score > bestScore {
			best, bestScore = c, score
			best.method = MethodOutline
			if i >= len(ink) {
				best.method = MethodTiles
			}
			best.evidence = noEvidence
			best.evidence.Periodicity = roundTo(c.quality(), 3)
			best.evidence.Flattened = mode.flatten
		}
	}
	if bestScore == 0 {
		return gridCandidate{}, scale, ErrNoGrid
	}
	return best, scale, nil
}

// minFineCells is the fewest cells a grid found only at the decoded
// resolution must have: one that small would have shown in the located copy.
const minFineCells = 100

// locateTrace, when set (by tests, or through TraceLocate), is told about
// every candidate.
var locateTrace func(format string, args ...any)

// TraceLocate makes every later read tell f about each grid candidate it
// weighs and why it keeps or drops it, until restore is called: the lab's
// view into the locator (cmd/visionlab trace). It must not be called while
// a read runs.
func TraceLocate(f func(format string, args ...any)) (restore func()) {
	old := locateTrace
	locateTrace = f
	return func() { locateTrace = old }
}

// locateLattice finds the grid as a lattice of closed cells, trying the
// boundary maps in turn; a clean, complete lattice ends the search early.
// The evidence is the accepted lattice's, before it was grown.
func locateLattice(gray gocv.Mat, variants []edgeVariant) (latticeFit, Evidence, bool) {
	if f, lines, ok := quickLattice(gray); ok {
		ev := latticeEvidence(f, lines, "sure")
		ev.HalfSize = true
		return growSmall(gray, adjustBent(gray, f)), ev, true
	}
	var fits []latticeFit
	for _, v := range variants {
		if v == faintLines && len(fits) > 0 && fits[0].plain(gray) {
			break
		}
		fits = preferFiner(append(fits, findLattices(cellBlobs(gray, v))...))
		if len(fits) > 0 && (fits[0].clean(gray) || fits[0].manyClosed()) {
			break
		}
	}
	if locateTrace != nil {
		for _, o := range fits {
			locateTrace("lattice %dx%d cells %d size %.1f resid %.3f quad %v", o.rows, o.cols, o.cells, o.cellSize, o.residual, o.quad())
		}
	}
	if f, ev, ok := firstGrid(gray, fits); ok {
		return growSmall(gray, growBig(gray, adjustBent(gray, f))), ev, true
	}
	return latticeFit{}, Evidence{}, false
}

// firstGrid returns the best of the fits that shows a grid's lines: the
// chance lattices of text are told from grids by their lines.
func firstGrid(gray gocv.Mat, fits []latticeFit) (latticeFit, Evidence, bool) {
	for _, f := range fits {
		lines := measureLines(gray, f).gridLines()
		if locateTrace != nil {
			locateTrace("lattice %dx%d: grid lines %.2f", f.rows, f.cols, lines)
		}
		if rule := gridRule(f, lines); rule != "" {
			return f, latticeEvidence(f, lines, rule), true
		}
	}
	return latticeFit{}, Evidence{}, false
}

// quickLattice looks for a clean lattice in a half-size copy, where most
// screenshots and sharp photos still show cells of a dozen pixels or more
// at a quarter of the cost; the lattice is returned in gray's pixels, with
// its line evidence.
func quickLattice(gray gocv.Mat) (latticeFit, float64, bool) {
	if max(gray.Cols(), gray.Rows()) < 2*quickMinSide {
		return latticeFit{}, -1, false
	}
	half := gocv.NewMat()
	defer half.Close()
	gocv.Resize(gray, &half, pt(gray.Cols()/2, gray.Rows()/2), 0, 0, gocv.InterpolationArea)
	fits := preferFiner(findLattices(cellBlobs(half, cannyEdges)))
	if len(fits) == 0 || fits[0].cellSize < 12 {
		return latticeFit{}, -1, false
	}
	sure, lines := fits[0].sure(half)
	if !sure {
		return latticeFit{}, -1, false
	}
	f := fits[0]
	f.toImage = f.toImage.then(scaling(float64(gray.Cols())/float64(half.Cols()), float64(gray.Rows())/float64(half.Rows())))
	f.cellSize *= float64(gray.Cols()) / float64(half.Cols())
	f.centres = scaleCentres(f.centres, float64(gray.Cols())/float64(half.Cols()), float64(gray.Rows())/float64(half.Rows()))
	return f, lines, true
}

// quickMinSide is the smallest half-size copy worth a quick look.
const quickMinSide = 300

// downscale returns a copy of img whose long side is at most side, and the
// factor from the copy's pixels to img's.
func downscale(img gocv.Mat, side int) (gocv.Mat, float64) {
	long := max(img.Cols(), img.Rows())
	if long <= side {
		// A view, not a copy: callers only read it, and copying a
		// screenshot costs more than several of the passes that read it.
		return img.Region(image.Rect(0, 0, img.Cols(), img.Rows())), 1
	}
	f := float64(side) / float64(long)
	w := max(1, int(math.Round(float64(img.Cols())*f)))
	h := max(1, int(math.Round(float64(img.Rows())*f)))
	dst := gocv.NewMat()
	gocv.Resize(img, &dst, pt(w, h), 0, 0, gocv.InterpolationArea)
	return dst, float64(img.Cols()) / float64(w)
}

// minCandidateFraction is the smallest share of the image a grid may
// cover: a grid photographed from further away cannot be read anyway.
const minCandidateFraction = 0.01

// inkQuads finds the outlines of connected dark structures: a ruled grid's
// lines form one connected lattice however faint, once the threshold is
// relative to the neighbourhood.
func inkQuads(gray gocv.Mat) [][4][2]float64 {
	block := max(15, (max(gray.Cols(), gray.Rows())/30)|1)
	ink := gocv.NewMat()
	defer ink.Close()
	gocv.AdaptiveThreshold(gray, &ink, 255, gocv.AdaptiveThresholdMean, gocv.ThresholdBinaryInv, block, 7)
	kernel := gocv.GetStructuringElement(gocv.MorphRect, pt(3, 3))
	defer kernel.Close()
	gocv.MorphologyEx(ink, &ink, gocv.MorphClose, kernel)
	return contourQuads(ink)
}

// contourQuads fits a quadrilateral to every large outer contour of a mask.
func contourQuads(mask gocv.Mat) [][4][2]float64 {
	contours := gocv.FindContours(mask, gocv.RetrievalExternal, gocv.ChainApproxNone)
	defer contours.Close()
	minArea := minCandidateFraction * float64(mask.Cols()*mask.Rows())
	type sized struct {
		pts  []image.Point
		area float64
	}
	var big []sized
	for i := 0; i < contours.Size(); i++ {
		c := contours.At(i)
		r := gocv.BoundingRect(c)
		if float64(r.Dx()*r.Dy()) < minArea {
			continue
		}
		big = append(big, sized{c.ToPoints(), float64(r.Dx() * r.Dy())})
	}
	sort.Slice(big, func(i, j int) bool { return big[i].area > big[j].area })
	if len(big) > 4 {
		big = big[:4]
	}
	var out [][4][2]float64
	for _, b := range big {
		if q, ok := fitQuad(b.pts); ok {
			out = append(out, q)
		}
	}
	return out
}

// verifyCandidate rectifies a quadrilateral, moves each side onto the
// grid's outermost long line (text or a frame touching the grid joins its
// outline), and counts cells; a candidate without periodic structure on
// both axes is not a grid.
func verifyCandidate(gray gocv.Mat, q [4][2]float64) (gridCandidate, bool) {
	c := gridCandidate{quad: q, area: quadArea(q)}
	if c.area < minCandidateFraction*float64(gray.Cols()*gray.Rows()) {
		return c, false
	}
	side := int(clamp(math.Sqrt(c.area)*1.2, 256, 768))
	pad := side / 16
	var rect plane
	if !rectifyPadded(gray, q, side, pad, &rect) {
		return c, false
	}
	// Each pass rectifies better, which makes the next pass's edges
	// straighter; a badly wrong first corner takes a few passes.
	for pass := 0; pass < 4; pass++ {
		refined, ok := refineQuad(rect, c.quad, side, pad)
		if !ok {
			break
		}
		shift := 0.0
		for i := range refined {
			shift = math.Max(shift, math.Hypot(refined[i][0]-c.quad[i][0], refined[i][1]-c.quad[i][1]))
		}
		c.quad, c.area = refined, quadArea(refined)
		if !rectifyPadded(gray, refined, side, pad, &rect) {
			return c, false
		}
		if shift < 0.25 {
			break
		}
	}
	cols, rows := edgeProfiles(rect)
	c.cols, c.rows = countCells(cols[pad:pad+side+1]), countCells(rows[pad:pad+side+1])
	return c, c.quality() > minGridQuality
}

// rectifyPadded warps q to a side x side square with pad pixels of the
// surroundings on every side, so that the grid's own outline is inside
// the picture where its edges can be measured.
func rectifyPadded(gray gocv.Mat, q [4][2]float64, side, pad int, out *plane) bool {
	hm, ok := paddedHomography(q, side, pad)
	if !ok {
		return false
	}
	m := warp(gray, hm, side+2*pad, side+2*pad)
	defer m.Close()
	*out = planeOf(m)
	return true
}

func paddedHomography(q [4][2]float64, side, pad int) (homography, bool) {
	p, s := float64(pad), float64(pad+side)
	return homographyFromQuads([4][2]float64{{p, p}, {s, p}, {s, s}, {p, s}}, q)
}

// rectifyPlane warps the quadrilateral q of a gray Mat to a w x h plane.
func rectifyPlane(gray gocv.Mat, q [4][2]float64, w, h int, out *plane) bool {
	hm, ok := homographyFromQuads(rectCorners(float64(w), float64(h)), q)
	if !ok {
		return false
	}
	m := warp(gray, hm, w, h)
	defer m.Close()
	*out = planeOf(m)
	return true
}

func rectCorners(w, h float64) [4][2]float64 {
	return [4][2]float64{{0, 0}, {w, 0}, {w, h}, {0, h}}
}

// minGridQuality is the least periodicity evidence, on the weaker axis,
// for a quadrilateral to count as a grid.
const minGridQuality = 0.15
