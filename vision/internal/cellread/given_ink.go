package cellread

import (
	"math"

	"binocle/solver"
	"binocle/vision/internal/raster"
)

// inkGivens splits the filled cells of a dark-glyph grid by their ink:
// first by colour (pen against print), then by contrast (pencil against
// print). It returns nil when neither splits clearly.
func inkGivens(ci Image, cells []solver.Cell) []bool {
	p := &Tuned.Givens
	if ci.paperLevel() < p.lightPaper {
		return nil
	}
	var filled []int
	var colour, contrast []float64
	for i, v := range cells {
		if v == solver.Empty {
			continue
		}
		c, w, ok := ci.inkColour(i/ci.Cols, i%ci.Cols)
		if !ok {
			return nil
		}
		filled = append(filled, i)
		colour = append(colour, c)
		contrast = append(contrast, w)
	}
	mark := func(printed, marks []int) []bool {
		if !ci.marksLookLikeGlyphs(filled, printed, marks) {
			return nil
		}
		given := make([]bool, len(cells))
		for _, k := range printed {
			given[filled[k]] = true
		}
		return given
	}
	if s, ok := SplitTwo(colour, p.penColourGap, p.colourFloor); ok && s.loMean <= p.printColourMax {
		// A board printing its 0s in one colour and its 1s in another
		// splits by colour as cleanly as print and pen, its groups
		// whole symbols (dev-clean wild-clean-093: blue 0s, black 1s,
		// 202 printed 0s taken for the player's). A pen of the print's
		// colour beside it cannot be told; all stay givens.
		group := make([]int, len(filled))
		for _, k := range s.hi {
			group[k] = 1
		}
		if followsSymbols(group, filled, cells, p.colourSymbolShare) {
			traceInk("ink colour: %d print (mean %.2f) / %d coloured (mean %.2f) follow the symbols: no marks", len(s.Lo), s.loMean, len(s.hi), s.hiMean)
			return nil
		}
		given := mark(s.Lo, s.hi)
		traceInk("ink colour: %d print (mean %.2f) / %d coloured (mean %.2f), marks look like glyphs %v", len(s.Lo), s.loMean, len(s.hi), s.hiMean, given != nil)
		return given
	}
	// Each symbol's contrast as a share of its darkest (a high
	// percentile): a thin ring blurs fainter than a solid square, and
	// pencil must stand out from the print of the same symbol. A symbol
	// written only in pencil has no print to stand out from, and stays
	// given.
	bySymbol := map[solver.Cell][]float64{}
	for k, i := range filled {
		bySymbol[cells[i]] = append(bySymbol[cells[i]], contrast[k])
	}
	rel := make([]float64, len(filled))
	for k, i := range filled {
		top := raster.Percentile(bySymbol[cells[i]], p.printShare)
		if top <= 0 {
			return nil
		}
		rel[k] = contrast[k] / top
	}
	if s, ok := SplitTwo(rel, p.pencilGap, p.contrastFloor); ok && s.hiMean >= p.pencilRatio*s.loMean && len(s.Lo) >= p.pencilMinMarks {
		given := mark(s.hi, s.Lo)
		traceInk("ink contrast: %d print (mean %.2f) / %d faint (mean %.2f), marks look like glyphs %v", len(s.hi), s.hiMean, len(s.Lo), s.loMean, given != nil)
		return given
	}
	return nil
}

// traceInk tells `visionlab trace` how inkGivens split the filled cells.
func traceInk(format string, args ...any) {
	if raster.Trace != nil {
		raster.Trace(format, args...)
	}
}

// marksLookLikeGlyphs says whether every cell of the marks group (indices
// into filled, as printed is) holds something glyph-like, written on the
// page's plain paper: paper in its corners, a glyph box about the print's
// size and shape, and a background as light as its lightest neighbour's.
func (ci Image) marksLookLikeGlyphs(filled, printed, marks []int) bool {
	box := func(k int) (area, aspect float64) {
		i := filled[k]
		g := ci.Glyph(i/ci.Cols, i%ci.Cols)
		w, h := max(0, g.bx1-g.bx0+1), max(0, g.by1-g.by0+1)
		if h == 0 {
			return 0, 0
		}
		return float64(w * h), float64(w) / float64(h)
	}
	areas := make([]float64, len(printed))
	aspects := make([]float64, len(printed))
	for j, k := range printed {
		areas[j], aspects[j] = box(k)
	}
	p := &Tuned.Givens
	typicalArea, typicalAspect := median(areas), median(aspects)
	if typicalArea <= 0 || typicalAspect <= 0 {
		return false
	}
	for _, k := range marks {
		i := filled[k]
		row, col := i/ci.Cols, i%ci.Cols
		area, aspect := box(k)
		size, shape := area/typicalArea, aspect/typicalAspect
		if size < p.markSizeMin || size > p.markSizeMax || shape < 1/p.markShape || shape > p.markShape ||
			!ci.onClearPaper(row, col) {
			return false
		}
	}
	return true
}

// inkColour measures a cell's ink where it is darkest (at least
// shapeShare of its darkness, as the glyph's shape is cut) against the
// paper in the cell's corners: how coloured the ink is, and its mean Weber
// contrast against the local paper. The colour is the spread of the light
// the ink takes from each channel of its paper's, over the most it takes:
// black print takes alike from all three (near 0), a blue pen takes red
// and green and leaves blue (0.6 and more). Being a ratio, it is the same
// for a thin stroke blurred half into the paper as for a solid square,
// and a coloured light or paper cancels. It reads the cell's window as
// glyph finds it, lines left out, without following the glyph's pieces:
// every filled cell of a large grid is measured.
func (ci Image) inkColour(row, col int) (colour, contrast float64, ok bool) {
	var paper [3]float64
	np := 0
	ci.corners(row, col, func(i int) {
		if ci.faint[i] || ci.Lines[i] {
			return
		}
		b, g, r := ci.bgr.At(i%ci.Gray.W, i/ci.Gray.W)
		paper[0] += float64(b)
		paper[1] += float64(g)
		paper[2] += float64(r)
		np++
	})
	if np == 0 {
		return 0, 0, false
	}
	px := ci.Px
	ox, oy, e := ci.glyphWindow(row, col)
	window := func(visit func(i, x, y int)) {
		for y := oy + e; y < oy+px-e; y++ {
			for x := ox + e; x < ox+px-e; x++ {
				if i := y*ci.Gray.W + x; ci.faint[i] && !ci.Lines[i] {
					visit(i, x, y)
				}
			}
		}
	}
	// The ink's darkness: a high percentile, as glyphDarkness takes it.
	var hist [256]int
	n := 0
	window(func(i, _, _ int) {
		hist[ci.dark[i]]++
		n++
	})
	top, acc := 0, 0
	for v := 255; v >= 0 && n > 0; v-- {
		acc += hist[v]
		if Tuned.Features.glyphTop.Of(acc, n) {
			top = v
			break
		}
	}
	if top == 0 {
		return 0, 0, false
	}
	cut := uint8(Tuned.Features.shapeShare * float64(top))
	var ink [3]float64
	var sw float64
	k := 0
	window(func(i, x, y int) {
		if ci.dark[i] < cut {
			return
		}
		b, g, r := ci.bgr.At(x, y)
		ink[0] += float64(b)
		ink[1] += float64(g)
		ink[2] += float64(r)
		if level := float64(ci.Gray.Pix[i]) + float64(ci.dark[i]); level > 0 {
			sw += float64(ci.dark[i]) / level
		}
		k++
	})
	if k == 0 {
		return 0, 0, false
	}
	var taken [3]float64
	for c := range taken {
		p := paper[c] / float64(np)
		if p <= 0 {
			return 0, 0, false
		}
		taken[c] = max(0, 1-ink[c]/float64(k)/p)
	}
	most := max(taken[0], taken[1], taken[2])
	if most <= 0 {
		return 0, 0, false
	}
	return (most - min(taken[0], taken[1], taken[2])) / most, sw / float64(k), true
}

// onClearPaper says whether a cell is where a player writes: on plain
// paper (onPlainPaper), its corners clear of ink.
func (ci Image) onClearPaper(row, col int) bool {
	return ci.cornerInk(row, col) <= Tuned.Givens.markCornerInk && ci.onPlainPaper(row, col)
}

// onPlainPaper says whether the paper in a cell's corners is as light as
// in its lightest side neighbour's, within ShadeGap: a shaded band or box
// the reader took for faint glyphs is darker than the plain cells beside
// it, where a mark is written on the paper itself.
func (ci Image) onPlainPaper(row, col int) bool {
	own, ok := ci.cornerLevel(row, col)
	if !ok {
		return false
	}
	lightest := own
	for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		r, c := row+d[0], col+d[1]
		if r < 0 || c < 0 || r >= ci.Rows || c >= ci.Cols {
			continue
		}
		if level, ok := ci.cornerLevel(r, c); ok {
			lightest = max(lightest, level)
		}
	}
	return lightest-own < Tuned.Givens.ShadeGap
}

// cornerLevel is the median grey of a cell's corner squares, lines left
// out.
func (ci Image) cornerLevel(row, col int) (float64, bool) {
	var levels []float64
	ci.corners(row, col, func(i int) {
		if !ci.Lines[i] {
			levels = append(levels, float64(ci.Gray.Pix[i]))
		}
	})
	if len(levels) == 0 {
		return 0, false
	}
	return median(levels), true
}

// cornerInk is the share of faint ink, lines left out, in a cell's corner
// squares.
func (ci Image) cornerInk(row, col int) float64 {
	n, inked := 0, 0
	ci.corners(row, col, func(i int) {
		n++
		if ci.faint[i] && !ci.Lines[i] {
			inked++
		}
	})
	return float64(inked) / float64(max(1, n))
}

// corners visits the pixels (as indices into the grid's planes) of four
// small squares near a cell's corners, inside the lines and outside any
// glyph.
func (ci Image) corners(row, col int, visit func(i int)) {
	ci.cornerSquaresAt(row, col, func(x0, y0, size int) {
		for y := y0; y < y0+size; y++ {
			for x := x0; x < x0+size; x++ {
				visit(y*ci.Gray.W + x)
			}
		}
	})
}

// cornerSquaresAt visits the top-left corner, in the grid's planes, and
// the side of each of the four corner squares corners reads.
func (ci Image) cornerSquaresAt(row, col int, visit func(x0, y0, size int)) {
	px := ci.Px
	lo := int(math.Round(Tuned.Givens.markCorner * float64(px)))
	size := max(1, int(math.Round(Tuned.Givens.markCornerSize*float64(px))))
	for _, oy := range []int{lo, px - lo - size} {
		for _, ox := range []int{lo, px - lo - size} {
			visit(col*px+ox, row*px+oy, size)
		}
	}
}

// paperLevel is the median of the local paper level (what the glyphs and
// lines are measured against) over the grid, sampled.
func (ci Image) paperLevel() float64 {
	var hist [256]int
	n := 0
	for i := 0; i < len(ci.Gray.Pix); i += 7 {
		hist[min(255, int(ci.Gray.Pix[i])+int(ci.dark[i]))]++
		n++
	}
	acc := 0
	for v, c := range hist {
		acc += c
		if 2*acc >= n {
			return float64(v)
		}
	}
	return 0
}

// glyphWindow is where a cell's glyph is looked for: the cell's corner
// as the glyphs sit (the lattice moved by the cell's shift, kept in the
// picture) and the inset from each side that leaves its lines out.
func (ci Image) glyphWindow(row, col int) (ox, oy, inset int) {
	px := ci.Px
	inset = max(1, int(math.Round(Tuned.Features.glyphEdge*float64(px))))
	ox, oy = col*px, row*px
	if ci.ShiftX != nil {
		ox = min(max(ox+ci.ShiftX[row*ci.Cols+col], 0), ci.Gray.W-px)
		oy = min(max(oy+ci.ShiftY[row*ci.Cols+col], 0), ci.Gray.H-px)
	}
	return ox, oy, inset
}
