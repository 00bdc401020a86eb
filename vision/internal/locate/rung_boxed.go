package locate

import (
	"math"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// boxedRung finds a grid drawn as a border alone: no line inside it, so
// no lattice closes and no periodic line crosses its outline, and its
// glyphs are all that tell its cells. The border's outline gives the
// extent and the perspective; the glyphs' centres, rectified, must sit
// at the centres of a whole number of equal cells across it on both
// axes (boxedGlyphs). Light boxes on a dark board are looked for too,
// in the inverted copy. It comes after every rung that sees lines: a
// handful of glyphs fitting a count of cells is weaker evidence than
// any line.
var boxedRung = locator{
	name: "boxed",
	Run: func(cs *copies) (Sighting, bool) {
		lc := cs.at(LocateSide)
		inv := gocv.NewMat()
		defer inv.Close()
		gocv.BitwiseNot(lc.gray, &inv)
		for _, gray := range []gocv.Mat{lc.gray, inv} {
			if c, ok := boxedGlyphs(gray, gray); ok {
				return Sighting{C: c, scale: lc.scale}, true
			}
		}
		return Sighting{}, false
	},
}

// colourBoxedRung is the boxed rung for glyphs of any colour: a blue
// pen's mark or an orange piece can be as light in grey as the paper's
// shade, but not in its darkest channel. The border is still looked for
// in grey, where a coloured table around the page stays light. It is
// the last rung: in the darkest channel the coloured lines, paper and
// pictures of a page turn to ink too, and glyphs are found in boxes that
// hold none, so it only looks where no other rung found a grid.
var colourBoxedRung = locator{
	name: "colour boxed",
	Run: func(cs *copies) (Sighting, bool) {
		lc := cs.at(LocateSide)
		darkest := raster.DarkestChannel(lc.small)
		defer darkest.Close()
		if c, ok := boxedGlyphs(lc.gray, darkest); ok {
			return Sighting{C: c, scale: lc.scale}, true
		}
		return Sighting{}, false
	},
}

// faintBoxedRung is the boxed rung on the outlines of the faintest thin
// lines (faintLineOutlines): a pale border in a dim or blurred photo
// (dev-photos wild-photo-003). It is the last-resort ladder's last
// rung: at that contrast the page's grain and the text's halo join
// into outlines too, and a column of text can hold letters on whole
// cells, so it only looks where nothing else found a grid. Asked
// before the bare rung it took a column of text for an 8x7 box on a
// 30x40 grid of discs (seed7 photo-036); asked in the reduced decode's
// ladder, a 9x9 box on a 35x23 grid the full decode's fine rung reads
// (marks-photos wild-photo-128).
var faintBoxedRung = locator{
	name: "faint boxed",
	Run: func(cs *copies) (Sighting, bool) {
		lc := cs.at(LocateSide)
		if c, _, ok := boxedGlyphsIn(faintLineOutlines(lc.gray, fitQuad, cornerQuad), lc.gray); ok {
			return Sighting{C: c, scale: lc.scale}, true
		}
		return Sighting{}, false
	},
}

// boxedGlyphs looks in each outline of dark ink in gray, biggest first,
// for glyphs, dark in ink, on a lattice of whole cells spanning it.
func boxedGlyphs(gray, ink gocv.Mat) (Candidate, bool) {
	c, _, ok := boxedGlyphsCounted(gray, ink)
	return c, ok
}

// boxedGlyphsCounted is boxedGlyphs, also saying whether the glyphs
// counted the cells on both axes; one axis may be foretold by the other
// and the box's shape instead.
func boxedGlyphsCounted(gray, ink gocv.Mat) (Candidate, bool, bool) {
	// The ink's outlines first, then the thin lines' (thinLineOutlines),
	// which are only looked for where the ink's held no box: they add
	// the boxes a glyph broke, and no cost where none did.
	for _, outlines := range []func(gocv.Mat, ...outlineFit) [][4][2]float64{inkOutlines, thinLineOutlines} {
		if c, counted, ok := boxedGlyphsIn(outlines(gray, fitQuad, cornerQuad), ink); ok {
			return c, counted, true
		}
	}
	return Candidate{}, false, false
}

// boxedGlyphsIn is boxedGlyphsCounted over the given outlines.
func boxedGlyphsIn(outlines [][4][2]float64, ink gocv.Mat) (Candidate, bool, bool) {
	bp := locating.boxed
	for _, q := range outlines {
		if !IsConvexOrdered(q) {
			continue
		}
		area := geom.QuadArea(q)
		side := int(raster.Clamp(math.Sqrt(area)*bp.oversize, 256, 960))
		var rect raster.Plane
		if !rectifyPlane(ink, q, side, side, &rect) {
			continue
		}
		xs, ys, size, ok := boxGlyphCentres(rect)
		if !ok {
			if raster.Trace != nil {
				raster.Trace("boxed %v: %d glyphs", q, len(xs))
			}
			continue
		}
		cols, okc := wholeCells(xs, float64(side), size[0])
		rows, okr := wholeCells(ys, float64(side), size[1])
		counted := okc && okr
		if raster.Trace != nil {
			raster.Trace("boxed %v: %d glyphs of %.0fx%.0f px in %d px, %dx%d cells (%v %v)", q, len(xs), size[0], size[1], side, rows, cols, okr, okc)
		}
		switch {
		case okc && !okr:
			rows, okr = squareCells(ys, float64(side), cols, boxAspect(q))
		case okr && !okc:
			cols, okc = squareCells(xs, float64(side), rows, 1/boxAspect(q))
		}
		// Where the border's outline is not quite the grid's (a bent
		// page, an outline fitted to a curved frame, a partial border),
		// the glyphs sit on a lattice a little shifted or scaled inside
		// it: the lattice they fit is the grid. Only an axis whose
		// count the other's and the box's shape foretell is counted so
		// loosely, and only where the box's shape does not count it.
		span := [2][2]float64{{0, float64(side)}, {0, float64(side)}}
		switch {
		case okc && !okr:
			rows, span[1], okr = looseCells(ys, float64(side), size[1], float64(cols)*boxAspect(q))
		case okr && !okc:
			cols, span[0], okc = looseCells(xs, float64(side), size[0], float64(rows)/boxAspect(q))
		}
		if !okc || !okr || max(size[0]*float64(cols), size[1]*float64(rows)) < bp.minGlyphShare*float64(side) ||
			float64(len(xs)) < bp.minMarked*float64(rows*cols) {
			continue
		}
		if span != [2][2]float64{{0, float64(side)}, {0, float64(side)}} {
			var ok bool
			if q, _, ok = subQuad(q, float64(side), float64(side), span[0][0], span[1][0], span[0][1], span[1][1]); !ok {
				continue
			}
			area = geom.QuadArea(q)
		}
		c := Candidate{Quad: q, Area: area, Rows: PeriodFit{N: rows, Score: 1}, Cols: PeriodFit{N: cols, Score: 1}, Method: MethodBoxedGlyphs, Evidence: noEvidence}
		// Every puzzle's cells are square: counts that make a box's
		// cells far from it were read off specks in a sliver between
		// columns of text, not a grid's glyphs.
		if a := CellAspect(c); a > maxCellAspect || a < 1/maxCellAspect {
			if raster.Trace != nil {
				raster.Trace("boxed %dx%d: cells %.2f times as tall as wide", rows, cols, a)
			}
			continue
		}
		c.Evidence.Spots = len(xs)
		return c, counted, true
	}
	return Candidate{}, false, false
}

// boxGlyphCentres finds the glyphs inside a rectified box: the dark
// spots well under its paper, clear of its border. It returns their
// centres, their typical width and height in pixels (the box is
// rectified to a square, which stretches them unlike), and whether there
// are enough of them to count cells by.
func boxGlyphCentres(rect raster.Plane) (xs, ys []float64, size [2]float64, ok bool) {
	bp := locating.boxed
	inset := int(bp.inset * float64(rect.W))
	var inner []float64
	for y := inset; y < rect.H-inset; y += 2 {
		for x := inset; x < rect.W-inset; x += 2 {
			inner = append(inner, float64(rect.At(x, y)))
		}
	}
	paper, ink := raster.Percentile(inner, bp.paperQuantile), raster.Percentile(inner, bp.inkQuantile)
	if paper-ink < bp.minContrast {
		return nil, nil, size, false
	}
	// Halfway between the ink and the paper: shaded cells, a few grey
	// levels under the paper, stay paper.
	thr := (paper + ink) / 2
	mask := make([]byte, len(rect.Pix))
	for y := inset; y < rect.H-inset; y++ {
		for x := inset; x < rect.W-inset; x++ {
			if float64(rect.At(x, y)) < thr {
				mask[y*rect.W+x] = 255
			}
		}
	}
	// A thick border, or one whose outline was fitted to its outer edge,
	// reaches past the inset; left in the mask it is one ring around
	// every glyph, and only a ring's outer contour is looked at.
	clearFromFrame(mask, rect.W, rect.H, inset)
	spots := colourSpots(mask, rect.W, rect.H)
	if len(spots) < bp.minGlyphs {
		return nil, nil, size, false
	}
	ws, hs := make([]float64, len(spots)), make([]float64, len(spots))
	for i, s := range spots {
		ws[i], hs[i] = float64(s.w), float64(s.h)
	}
	size = [2]float64{raster.Percentile(ws, 0.5), raster.Percentile(hs, 0.5)}
	for _, s := range spots {
		// A speck of grain or a stroke of a line left at the border is
		// no glyph; the glyphs of one puzzle are of a size.
		if a, b := float64(s.w)/size[0], float64(s.h)/size[1]; max(a, b) > bp.glyphSpread || max(1/a, 1/b) > bp.glyphSpread {
			continue
		}
		xs, ys = append(xs, s.x), append(ys, s.y)
	}
	return xs, ys, size, len(xs) >= bp.minGlyphs
}

// wholeCells is the fewest cells, of minCells..maxCells, that span length
// with nearly every centre in pos at a cell's middle and glyphs of size
// fitting a cell. The fewest: a lattice three times as fine puts the
// same centres at middles too.
func wholeCells(pos []float64, length, size float64) (int, bool) {
	// An edge clue the size of a glyph sits on a boundary between two
	// cells: it neither fits nor fails the cells. Yet a coarser count
	// puts some glyphs on its boundaries and the rest near its middles (4
	// cells a third of 6 cells' glyphs), and with a handful of glyphs
	// one on a boundary is already a fifth. So a count is first sought
	// with every glyph counted, and only when none fits with a few on
	// the boundaries left out.
	for _, clues := range []bool{false, true} {
		if n, ok := wholeCellsOf(pos, length, size, clues); ok {
			return n, true
		}
	}
	return 0, false
}

// squareCells is the count of square cells across a box whose other axis
// holds counted cells, aspect its length over that axis': a sparse
// puzzle may give glyphs in only two rows, too few lines to count by
// (minLines), while its columns are plain. Every puzzle's cells are
// square, so the box's shape gives the count, and it is kept when it
// falls near a whole number (squareTolerance) and the glyphs sit at its
// cells' middles.
func squareCells(pos []float64, length float64, counted int, aspect float64) (int, bool) {
	bp := locating.boxed
	exact := float64(counted) * aspect
	n := int(math.Round(exact))
	if n < bp.minCells || n > bp.maxCells || math.Abs(exact-float64(n)) > bp.squareTolerance {
		return 0, false
	}
	fit, counted, _ := cellsFit(pos, length, n, true)
	return n, float64(fit) >= bp.minFitShare*float64(counted)
}

// boxAspect is a box's height over its width (CellAspect of one cell).
func boxAspect(q [4][2]float64) float64 {
	return CellAspect(Candidate{Quad: q, Rows: PeriodFit{N: 1}, Cols: PeriodFit{N: 1}})
}

// cellsFit counts the centres in pos at the middles of n cells across
// length, how many are counted at all (with clues, a few on the cells'
// boundaries, maxBoundaryShare, are edge clues and left out), and how
// many of the n cells hold a fitting centre.
func cellsFit(pos []float64, length float64, n int, clues bool) (fit, counted, lines int) {
	bp := locating.boxed
	cell := length / float64(n)
	onBoundary := 0
	used := map[int]bool{}
	for _, p := range pos {
		u := p / cell
		switch off := math.Abs(u - math.Floor(u) - 0.5); {
		case off <= bp.centreTolerance:
			fit++
			used[int(u)] = true
		case off >= 0.5-bp.centreTolerance:
			onBoundary++
		}
	}
	counted = len(pos)
	if clues && float64(onBoundary) <= bp.maxBoundaryShare*float64(len(pos)) {
		counted -= onBoundary
	}
	return fit, counted, len(used)
}

// wholeCellsOf is wholeCells' search, the glyphs on the cells' boundaries
// left out where clues says so and they are few.
func wholeCellsOf(pos []float64, length, size float64, clues bool) (int, bool) {
	bp := locating.boxed
	for n := bp.minCells; n <= bp.maxCells; n++ {
		if cell := length / float64(n); size > bp.maxGlyphShare*cell {
			break
		}
		fit, counted, lines := cellsFit(pos, length, n, clues)
		if float64(fit) >= bp.minFitShare*float64(counted) && lines >= min(n, bp.minLines) {
			return n, true
		}
	}
	return 0, false
}

// looseCells is wholeCells' count for glyphs that sit on a lattice of
// whole cells a little shifted (looseOffset cells) or scaled (looseScale)
// inside the box, each end of it within endSlack of a cell of the box's
// side, of the counts within looseNear of near (what the box's shape
// foretells): the fewest cells that fit, and the span, in the box's
// pixels, that they cover.
func looseCells(pos []float64, length, size, near float64) (int, [2]float64, bool) {
	bp := locating.boxed
	for n := max(bp.minCells, int(math.Ceil(near-bp.looseNear))); n <= bp.maxCells && float64(n) <= near+bp.looseNear; n++ {
		if cell := length / float64(n); size > bp.maxGlyphShare*cell {
			break
		}
		// Of the shifts and scales that fit, the one that puts the
		// glyphs nearest their cells' middles gives the span.
		best, bestSpan := math.Inf(1), [2]float64{}
		for _, clues := range []bool{false, true} {
			for s := -bp.looseSteps; s <= bp.looseSteps; s++ {
				cell := length / float64(n) * (1 + bp.looseScale*float64(s)/float64(bp.looseSteps))
				for o := -bp.looseSteps; o <= bp.looseSteps; o++ {
					from := (length-float64(n)*cell)/2 + bp.looseOffset*cell*float64(o)/float64(bp.looseSteps)
					to := from + float64(n)*cell
					if math.Abs(from) > bp.endSlack*cell || math.Abs(to-length) > bp.endSlack*cell {
						continue
					}
					shifted := make([]float64, 0, len(pos))
					for _, p := range pos {
						if p < from || p > to {
							break
						}
						shifted = append(shifted, p-from)
					}
					if len(shifted) < len(pos) {
						continue
					}
					fit, counted, lines := cellsFit(shifted, to-from, n, clues)
					if float64(fit) < bp.minFitShare*float64(counted) || lines < min(n, bp.minLines) {
						continue
					}
					if off := middleOffset(shifted, cell); off < best {
						best, bestSpan = off, [2]float64{from, to}
					}
				}
			}
			if !math.IsInf(best, 1) {
				return n, bestSpan, true
			}
		}
	}
	return 0, [2]float64{}, false
}

// middleOffset is the mean distance, in cells, of the glyphs at pos from
// the middle of the cell of side cell each lies in, or from its edge
// where that is nearer (an edge clue's place).
func middleOffset(pos []float64, cell float64) float64 {
	sum := 0.0
	for _, p := range pos {
		u := p / cell
		off := math.Abs(u - math.Floor(u) - 0.5)
		sum += math.Min(off, 0.5-off)
	}
	return sum / float64(max(1, len(pos)))
}

// clearFromFrame clears, in a w×h mask set only inside a frame inset
// pixels wide, every set region that touches the frame's inner edge: the
// border's ink, not a glyph, which sits clear of it.
func clearFromFrame(mask []byte, w, h, inset int) {
	iw, ih := w-2*inset, h-2*inset
	if iw <= 0 || ih <= 0 {
		return
	}
	at := func(x, y int) int { return (y+inset)*w + x + inset }
	border := raster.FloodFromEdges(iw, ih, func(x, y int) bool { return mask[at(x, y)] != 0 })
	for i, b := range border {
		if b {
			mask[at(i%iw, i/iw)] = 0
		}
	}
}
