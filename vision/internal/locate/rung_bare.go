package locate

import (
	"math"
	"slices"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/raster"
	"binocle/vision/internal/rectify"
)

// bareRung, below every rung that sees a line or a border, takes the
// grid as the glyphs alone show it: printed with no lines at all, its
// glyphs still sit on a lattice, and where they are many and fill much
// of their box, their box is the grid's (bareGlyphGrid). Its accept rule
// is bareGlyphGrid's; it looks in the flattened located copy, as the
// glyphs rung does.
var bareRung = locator{name: "bare", Run: bareRun(&locating.bare, MethodBareGlyphs, false, nil)}

// bareInvertedRung is the bare rung for light glyphs on a dark page: a
// dark theme's lineless board, whose pieces the grey shows as paper
// and its background as ink. Its bounds are the bare rung's, so a
// dark photo's text, as loose a lattice as a light page's, stays out.
// Inverted, a light page's faint grid shows its cells as dark spots on
// a lattice, and the rung would take a piece of it (dev-photos
// wild-photo-120, a 40×30 read 29×13): it is accepted only where the
// ground inside what it found is dark in the grey.
var bareInvertedRung = locator{name: "bare inverted", Run: bareRun(&locating.bare, MethodBareGlyphs, false, invertedGray), accept: onDarkGround}

// onDarkGround accepts a finding whose inside is mostly dark in its
// copy's grey (darkGround).
func onDarkGround(cs *copies, s Sighting) bool {
	lc := cs.searched(s.scale)
	toImage, ok := geom.FromQuads(RectCorners(float64(s.C.Cols.N), float64(s.C.Rows.N)), s.C.Quad)
	return ok && darkGround(lc.plane(false), toImage, s.C.Rows.N, s.C.Cols.N)
}

// sparseRung, near the last, is the bare rung for a sparse board printed
// with no lines, border or tiles: a dozen glyphs on a page of text, or
// on an app's plain background. Where the glyphs reach every row and
// column, their box is the grid, and only the glyphs say so; a page's
// letters make such lattices too. So the bounds that keep them out are
// lowered to a puzzle's least (locating.sparse), and what it finds is
// ByRules: the reader takes it only where its reading has a published
// size and exactly one solution, which a lattice of letters, or a
// board's glyphs short of its empty edge rows, seldom has.
var sparseRung = locator{name: "sparse", Run: bareRun(&locating.sparse, MethodSparseGlyphs, true, nil)}

// sparseInvertedRung is the sparse rung for light glyphs on a dark page
// (a dark theme's pieces), in the inverted copy; sparseColourRung for
// glyphs of a colour as light in grey as the page (green digits, a blue
// pen), in each pixel's darkest channel. Each is a rung of its own: a
// lattice of letters one copy shows, which the rules turn down, must not
// hide the board another shows.
var (
	sparseInvertedRung = locator{name: "sparse inverted", Run: bareRun(&locating.sparse, MethodSparseGlyphs, true, invertedGray)}
	sparseColourRung   = locator{name: "sparse colour", Run: bareRun(&locating.sparse, MethodSparseGlyphs, true, darkestChannel)}
)

func invertedGray(lc *locatedCopy) gocv.Mat {
	inv := gocv.NewMat()
	gocv.BitwiseNot(lc.gray, &inv)
	return inv
}

func darkestChannel(lc *locatedCopy) gocv.Mat { return raster.DarkestChannel(lc.small) }

// bareRun looks for a bare grid, by bp, in the located copy's ink (its
// grey when ink is nil) with the light divided out, and names what it
// finds method (byRules: Candidate.ByRules).
func bareRun(bp *bareParams, method Method, byRules bool, ink func(lc *locatedCopy) gocv.Mat) func(cs *copies) (Sighting, bool) {
	return func(cs *copies) (Sighting, bool) {
		lc := cs.at(LocateSide)
		var p raster.Plane
		if ink == nil {
			p = lc.plane(true)
		} else {
			m := ink(lc)
			defer m.Close()
			flat := flattenLight(m)
			defer flat.Close()
			p = raster.PlaneOf(flat)
		}
		c, ok := bareGlyphGrid(p, *bp)
		c.Evidence.Flattened = true
		c.Method, c.ByRules = method, byRules
		return Sighting{C: c, scale: lc.scale}, ok
	}
}

// bareGlyphGrid finds a grid with no lines by its glyphs in a flattened
// gray plane: the glyphs' lattice, bounded by the glyphs themselves. A
// page's letters fit no lattice as tightly, nor cover one as densely. An
// empty strip at the grid's edge would be lost from the box, so only a
// dense grid is taken (bp): its outer rows and columns all but surely
// hold a glyph each.
func bareGlyphGrid(p raster.Plane, bp bareParams) (Candidate, bool) {
	spots, sorted, fams := inkSpotFamilies(p)
	for _, f := range fams {
		// The family may hold fewer than the grid's glyphs: those of its
		// height join it on its lattice (joinByHeight), and together
		// they must be minGlyphs.
		lo, hi := f[0], f[1]
		l, ok := fitSpotLatticeOf(sorted, lo, hi, true)
		if raster.Trace != nil && ok {
			raster.Trace("bare glyph family %d: lattice of %d spots resid %.3f", hi-lo, len(l.at), l.residual)
		}
		if !ok || l.residual > bp.maxBentResidual {
			continue
		}
		single := joinByHeight(&l, sorted, lo, hi, spots)
		minC, minR, maxC, maxR := trimStrays(l)
		inside := make(map[latticePos]int, len(l.at))
		for p, i := range l.at {
			if p.row >= minR && p.row <= maxR && p.col >= minC && p.col <= maxC {
				inside[p] = i
			}
		}
		l.at = inside
		rows, cols := maxR-minR+1, maxC-minC+1
		if raster.Trace != nil {
			raster.Trace("bare glyph lattice %d spots: %dx%d resid %.3f", len(l.at), rows, cols, l.residual)
		}
		held := max(len(l.at), heldCells(p, l, single[lo:hi], minC, minR, maxC, maxR))
		if len(l.at) < bp.minGlyphs || rows < bp.minSide || cols < bp.minSide || float64(held) < bp.minFill*float64(rows*cols) {
			continue
		}
		var centres [][2]float64
		if l.residual > bp.maxResidual {
			if centres, ok = bentGlyphCentres(l, single, minC, minR, rows, cols); !ok {
				continue
			}
		}
		var q [4][2]float64
		for i, c := range [4][2]int{{minC, minR}, {maxC + 1, minR}, {maxC + 1, maxR + 1}, {minC, maxR + 1}} {
			q[i][0], q[i][1] = l.toImage.Apply(float64(c[0]), float64(c[1]))
		}
		if !IsConvexOrdered(q) {
			continue
		}
		ev := noEvidence
		ev.Spots, ev.Residual = len(l.at), raster.RoundTo(l.residual, 3)
		return Candidate{Quad: q, Area: geom.QuadArea(q), Rows: PeriodFit{N: rows, Score: 1}, Cols: PeriodFit{N: cols, Score: 1}, Centres: centres, Method: MethodBareGlyphs, Evidence: ev}, true
	}
	return Candidate{}, false
}

// heldCells counts the cells of the lattice's box [minC, maxC] x
// [minR, maxR] that hold a glyph of either symbol. The lattice is one
// size family's, often one symbol's: a disc grid's thin rings are
// lighter than latticeInk in a photo, or of another size, and a grid
// filled by both was taken for one a third as full. A cell holds a
// glyph where, at latticeInk or the lighter heldInk, one blob alone sits
// at its middle, of about the family's size (heldSizeSpread): a chance
// lattice over a page's text has several letters to a cell, or one
// long run of them.
func heldCells(p raster.Plane, l spotLattice, family []spot, minC, minR, maxC, maxR int) int {
	sizes := make([]float64, len(family))
	for i, s := range family {
		sizes[i] = s.size()
	}
	size := raster.Percentile(sizes, 0.5)
	toLattice := l.toImage.Inverse()
	most := 0
	for _, level := range []uint8{latticeInk, heldInk} {
		blobs, centred := map[latticePos]int{}, map[latticePos]bool{}
		for _, s := range colourSpots(inkUnder(p, level), p.W, p.H) {
			at, du, dv := cellUnder(toLattice, s.x, s.y)
			if at.col < minC || at.col > maxC || at.row < minR || at.row > maxR {
				continue
			}
			blobs[at]++
			if r := s.size() / size; math.Abs(du) <= heldOffCentre && math.Abs(dv) <= heldOffCentre && r <= heldSizeSpread && r >= 1/heldSizeSpread {
				centred[at] = true
			}
		}
		n := 0
		for at := range centred {
			if blobs[at] == 1 {
				n++
			}
		}
		most = max(most, n)
	}
	return most
}

// heldInk is the lighter ink level heldCells also looks at: a thin ring
// blurred in a photo stays under it, a flattened paper (about 200) not.
const heldInk = 175

// heldOffCentre is how far, in cells, a glyph's centre may sit from its
// cell's middle on either axis; heldSizeSpread how many times bigger or
// smaller than the lattice's glyphs it may be.
const (
	heldOffCentre  = 0.25
	heldSizeSpread = 2.0
)

// bentGlyphCentres tells whether a glyph lattice that fits no flat page
// fits a bent one: the bent map through its glyphs' centres must leave
// them little scattered (maxBentRMS). It returns the centres, for
// rectify to straighten the page by as it does a ruled grid's.
func bentGlyphCentres(l spotLattice, single []spot, minC, minR, rows, cols int) ([][2]float64, bool) {
	var centres [][2]float64
	for _, p := range positionsInOrder(l.at) {
		s := single[l.at[p]]
		centres = append(centres, [2]float64{s.x, s.y})
	}
	h := geom.Homography{1, 0, float64(minC), 0, 1, float64(minR), 0, 0, 1}.Then(l.toImage)
	m, ok := rectify.FitBentMap(h, rows, cols, centres)
	if raster.Trace != nil {
		raster.Trace("bare bent map %v: deg %d rms %.3f", ok, m.Deg, m.Rms)
	}
	return centres, ok && m.Rms <= locating.bare.maxBentRMS
}

// trimStrays bounds a glyph lattice without the strays at its edges: a
// letter of the page around the grid that happens to sit on the
// lattice's extension, a few cells out, would widen the grid by every
// cell between. Lines at an edge beyond an empty line are dropped, and
// their glyphs with them, when they hold under strayShare of a typical
// line's glyphs a line: a grid's own lines are full enough (minFill)
// that an empty one inside it is rare, and the lines beyond it then
// hold more. (A grid's far side, its glyphs shrunk by perspective and
// some missed, can look the same: seed 4242's photo-052 loses a sparse
// column so.)
func trimStrays(l spotLattice) (minC, minR, maxC, maxR int) {
	minC, minR, maxC, maxR = l.bounds()
	rows, cols := make(map[int]int), make(map[int]int)
	for p := range l.at {
		rows[p.row]++
		cols[p.col]++
	}
	minR, maxR = trimLines(rows, minR, maxR)
	minC, maxC = trimLines(cols, minC, maxC)
	return minC, minR, maxC, maxR
}

// trimLines is trimStrays along one axis: the glyphs counted in each
// line from..to, and the lines kept.
func trimLines(count map[int]int, from, to int) (int, int) {
	// A typical line is a typical one of those that hold a glyph: strays
	// scattered over a page around the grid stretch the lattice's box
	// with lines mostly empty, and a median over all of them sinks to
	// one stray, which no stray is fewer than.
	typical := func() float64 {
		var n []float64
		for i := from; i <= to; i++ {
			if count[i] > 0 {
				n = append(n, float64(count[i]))
			}
		}
		return raster.Percentile(n, 0.5)
	}
	few := locating.bare.strayShare * typical()
	in := func(i int) bool { return i >= from && i <= to }
	// beyond is the first line past the empty ones nearest the edge,
	// stepping by step from it, when the lines before them are strays,
	// and else the edge itself.
	beyond := func(edge, step int) int {
		held, lines, i := 0, 0, edge
		for ; in(i) && count[i] != 0; i += step {
			held += count[i]
			lines++
		}
		for ; in(i) && count[i] == 0; i += step {
		}
		if !in(i) || float64(held) >= few*float64(lines) {
			return edge
		}
		return i
	}
	// Strays may lie beyond more than one gap.
	for {
		f, t := beyond(from, 1), beyond(to, -1)
		if f == from && t == to {
			break
		}
		from, to = f, t
	}
	// A letter just beside the grid, with no gap between, sits in a line
	// of its own that no grid's edge line is as bare as (edgeStrayShare).
	// A typical line now is one of those left, the strays beyond gaps
	// gone.
	lone := locating.bare.edgeStrayShare * typical()
	for from < to && float64(count[from]) < lone {
		from++
	}
	for to > from && float64(count[to]) < lone {
		to--
	}
	return from, to
}

// joinByHeight puts on l the glyphs of the family single[lo:hi]'s
// height that sit at the middle of a cell no glyph holds yet, and
// returns single with them appended, as l.at's indices need. A font's
// glyphs share a height, not a width: a 1 or an I is too narrow to be a
// single spot (singleAspect) or of the family's size, so a digits or
// X/O/I grid's lattice was the 0s' or the X's and O's alone, and a
// sparse one of them ended where its 0s did (hunt-clean wild-clean-079,
// 8×8 read as the 7×6 of its 0s, and turned down). The glyph rung's
// glyphCells marks such glyphs too, by their longer side, but only to
// count its strips: it puts nothing on the lattice.
func joinByHeight(l *spotLattice, single []spot, lo, hi int, spots []spot) []spot {
	g := locating.glyphs
	heights := make([]float64, 0, hi-lo)
	for _, s := range single[lo:hi] {
		heights = append(heights, float64(s.h))
	}
	height := raster.Percentile(heights, 0.5)
	inv := l.toImage.Inverse()
	out := single
	for _, s := range spots {
		if h := float64(s.h); h < g.sizeMin*height || h > g.sizeMax*height || s.w > s.h {
			continue
		}
		at, du, dv := cellUnder(inv, s.x, s.y)
		if math.Abs(du) > g.centreReach || math.Abs(dv) > g.centreReach {
			continue
		}
		if _, taken := l.at[at]; taken {
			continue
		}
		if len(out) == len(single) {
			out = slices.Clone(single)
		}
		l.at[at] = len(out)
		out = append(out, s)
	}
	return out
}
