package vision

import (
	"math"
	"sort"

	"binocle/solver"
)

// Givens and the player's marks. People photograph puzzles they have
// half solved: pen or pencil on a newspaper, an app mid-game. What the
// picture shows tells the printed givens from the player's entries in two
// ways, tried in turn:
//
//   - shading: LinkedIn Tango (and apps like it) sit their locked cells on
//     a background a shade off the plain cells'; a filled cell on plain
//     background is the player's.
//   - ink: on paper the givens are printed black and the player writes in
//     pen (blue, any colour) or pencil (grey, fainter than print).
//
// Either needs the filled cells to fall clearly into two groups;
// otherwise, as in every ordinary reading, every filled cell is a given.
// A wrong split would call printed givens the player's mistakes, so each
// test below errs towards "no marks".

// Shading thresholds, in grey levels.
const (
	// shadeInset is the band along each side of a cell, as a share of
	// the cell, left out of its background: lines, the blur of a line,
	// and the clues between cells sit there.
	shadeInset = 0.12
	// shadeHalo is how far from a glyph, a line or colour, as a share of
	// the cell, a pixel must lie to count as background: the blur and
	// antialiasing around a solid square darken its rim by as much as a
	// shading.
	shadeHalo = 0.06
	// shadeMinShare is the least share of a cell's window that must be
	// background (not glyph, not line, not coloured) for its level to be
	// measured; a cell without one leaves the whole grid unsplit.
	shadeMinShare = 0.15
	// shadeGap is the least difference between shaded and plain
	// backgrounds. LinkedIn shades its locked cells 19 levels off white
	// (235 against 254 in all 14 of the shared finished screenshots; its
	// dark theme 10 to 40 off its cells); JPEG noise and the glyphs'
	// antialiased rims move a flat background's median by one or two,
	// and a photo's exposure can wash a shade out to a few levels, which
	// must not pass for one.
	shadeGap = 10
	// shadeFloor is the least spread a group of backgrounds is taken to
	// have: noise, so that a group of identical screen cells does not
	// make any difference look clear.
	shadeFloor = 1.5
)

// Ink thresholds.
const (
	// penColourGap is the least difference in ink colour (inkColour's
	// measure, 0 for grey, 1 for a pure hue) between pen and print. A
	// blue ballpoint measures 0.5 to 0.7, black print 0.02 to 0.15 in a
	// photo (JPEG's chroma blur and the lens's colour fringes).
	penColourGap = 0.25
	// printColourMax is the most colour the print group may have: when
	// both groups are coloured the page is printed in colour, and colour
	// tells nothing.
	printColourMax = 0.25
	// colourFloor is the least spread a group's colour is taken to have.
	colourFloor = 0.02
	// pencilRatio is how many times the print's contrast against its
	// paper (Weber contrast, 1 - ink/paper) must be a pencil mark's at
	// least: graphite is grey where print is black, and blur thins a
	// contrast by a share, not a level, so the test is a ratio.
	pencilRatio = 1.5
	// pencilGap is the least difference between the groups' contrasts,
	// each a share of its symbol's darkest.
	pencilGap = 0.25
	// printShare is the percentile of a symbol's contrasts taken for its
	// print's: the print is the darkest, and a tenth of a symbol's cells
	// printed is enough to find it.
	printShare = 0.9
	// pencilMinMarks is the fewest pencil marks believed: one faint glyph
	// among the print is as likely a stain or a smudge (one of the 202
	// newspaper photos has one) as the player's.
	pencilMinMarks = 2
	// contrastFloor is the least spread a group's relative contrast is
	// taken to have.
	contrastFloor = 0.03
	// markCorner and markCornerSize place four small squares near a
	// cell's corners, as shares of the cell: inside the lines, outside
	// any glyph (a square's corner starts at 0.2).
	markCorner, markCornerSize = 0.07, 0.1
	// markCornerInk is the most faint ink those squares may hold in a
	// mark's cell. A shaded or halftone-screened cell that the reader
	// took for a glyph, or a row of the border read as cells, is faint
	// all over and would split from the print as "pencil".
	markCornerInk = 0.1
	// markSizeMin and markSizeMax bound a mark's glyph box, as a share of
	// the print glyphs' median box area: handwriting is a little smaller
	// or larger than print, a shading or a line across the cell much more.
	markSizeMin, markSizeMax = 0.4, 2.5
	// lightPaper is the least paper level, in grey, of a page whose ink
	// can be told apart: ink styles are dark print on light paper, and a
	// dark board the reader took for one (a dark-theme app) has no ink to
	// compare.
	lightPaper = 128
	// markShape bounds a mark's box aspect, as a multiple or a fraction
	// of the print glyphs' median: a fold or a line across the cell is
	// far wider than any glyph.
	markShape = 2.0
)

// groupSeparation is how many times its own spread (the wider group's
// standard deviation) two groups' means must be apart. Light falling off
// across a page, a shadow's soft edge or focus fading towards a corner
// spread the cells' levels evenly and never split them this cleanly.
const groupSeparation = 4

// findGivens tells, for each cell of a classified grid, whether its
// symbol is printed (true) or the player's (false); blank cells are false.
func findGivens(ci cellImage, style Style, cells []solver.Cell) []bool {
	if style != StyleTiles {
		if g := shadedGivens(ci, style, cells); g != nil {
			return g
		}
		if style != StyleTango {
			if g := inkGivens(ci, cells); g != nil {
				return g
			}
		}
	}
	given := make([]bool, len(cells))
	for i, v := range cells {
		given[i] = v != solver.Empty
	}
	return given
}

// shadedGivens splits the filled cells by their background: the group on
// the plain cells' level is the player's. The plain level is the blank
// cells', which must all share it: shading that reaches blank cells is
// light or shadow on the page, not an app marking its givens. A board
// with no blank cell left (a finished screenshot) has no plain level to
// compare with; only a Tango board is trusted then, the shaded group
// being the one off the board's own tone (darker on a light board). It
// returns nil when the backgrounds do not split clearly.
func shadedGivens(ci cellImage, style Style, cells []solver.Cell) []bool {
	ink := style != StyleTango
	var filled []int
	var levels []float64
	for i, v := range cells {
		if v == solver.Empty {
			continue
		}
		level, ok := ci.background(i/ci.cols, i%ci.cols, ink)
		if !ok {
			return nil
		}
		filled = append(filled, i)
		levels = append(levels, level)
	}
	s, ok := splitTwo(levels, shadeGap, shadeFloor)
	if !ok {
		return nil
	}
	var blank []float64
	for i, v := range cells {
		if v != solver.Empty {
			continue
		}
		if level, ok := ci.background(i/ci.cols, i%ci.cols, ink); ok {
			blank = append(blank, level)
		}
	}
	var shadedLow bool
	if len(blank) > 0 {
		plain, spread := median(blank), madSpread(blank)
		if spread > shadeGap/4.0 {
			// The plain cells themselves vary: light falling across a
			// photo, not an app's two tones.
			return nil
		}
		dLo, dHi := math.Abs(s.loMean-plain), math.Abs(s.hiMean-plain)
		switch {
		case dHi <= shadeGap/2 && dLo >= shadeGap:
			shadedLow = true
		case dLo <= shadeGap/2 && dHi >= shadeGap:
			shadedLow = false
		default:
			return nil
		}
		// A shade is towards the middle: darker on a light board, lighter
		// on a dark one; a cell lighter than a light board's plain cells
		// is glare.
		if shadedLow != (plain >= 128) {
			return nil
		}
		shaded := s.hiMean
		if shadedLow {
			shaded = s.loMean
		}
		for _, b := range blank {
			if math.Abs(b-shaded) < math.Abs(b-plain) {
				return nil
			}
		}
	} else {
		if style != StyleTango {
			return nil
		}
		shadedLow = s.hiMean >= 128
	}
	given := make([]bool, len(cells))
	for _, k := range s.lo {
		given[filled[k]] = shadedLow
	}
	for _, k := range s.hi {
		given[filled[k]] = !shadedLow
	}
	return given
}

// background is the median grey of a cell's window away from its sides
// that is neither glyph, line nor colour, nor within shadeHalo of them:
// the cell's own background. ink says the glyphs are dark ink (faint
// pixels) as well as colour; on a Tango board they are colour alone, and
// the inset keeps its lines out.
func (ci cellImage) background(row, col int, ink bool) (float64, bool) {
	px := ci.px
	in := int(math.Round(shadeInset * float64(px)))
	halo := max(1, int(math.Round(shadeHalo*float64(px))))
	// The window grown by the halo, clipped to the grid, and a summed
	// table of its excluded pixels.
	x0, y0 := max(0, col*px+in-halo), max(0, row*px+in-halo)
	x1, y1 := min(ci.gray.w, (col+1)*px-in+halo), min(ci.gray.h, (row+1)*px-in+halo)
	w, h := x1-x0, y1-y0
	if w <= 0 || h <= 0 {
		return 0, false
	}
	sum := make([]int, (w+1)*(h+1))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := (y0+y)*ci.gray.w + x0 + x
			// On a colour board the lines mask is no help: on a dark
			// theme the whole board is darker than the closing's paper.
			out := ink && (ci.lines[i] || ci.faint[i])
			if !out {
				out = saturated(ci.bgr.at(x0+x, y0+y))
			}
			v := 0
			if out {
				v = 1
			}
			sum[(y+1)*(w+1)+x+1] = v + sum[y*(w+1)+x+1] + sum[(y+1)*(w+1)+x] - sum[y*(w+1)+x]
		}
	}
	near := func(x, y int) bool {
		ax, ay := max(0, x-halo), max(0, y-halo)
		bx, by := min(w, x+halo+1), min(h, y+halo+1)
		return sum[by*(w+1)+bx]-sum[ay*(w+1)+bx]-sum[by*(w+1)+ax]+sum[ay*(w+1)+ax] > 0
	}
	var hist [256]int
	n, total := 0, 0
	for y := row*px + in; y < (row+1)*px-in; y++ {
		for x := col*px + in; x < (col+1)*px-in; x++ {
			total++
			if near(x-x0, y-y0) {
				continue
			}
			hist[ci.gray.pix[y*ci.gray.w+x]]++
			n++
		}
	}
	if total == 0 || float64(n) < shadeMinShare*float64(total) {
		return 0, false
	}
	acc := 0
	for v, c := range hist {
		acc += c
		if 2*acc >= n {
			return float64(v), true
		}
	}
	return 0, false
}

// inkGivens splits the filled cells of a dark-glyph grid by their ink:
// first by colour (pen against print), then by contrast (pencil against
// print). It returns nil when neither splits clearly.
func inkGivens(ci cellImage, cells []solver.Cell) []bool {
	if ci.paperLevel() < lightPaper {
		return nil
	}
	var filled []int
	var colour, contrast []float64
	for i, v := range cells {
		if v == solver.Empty {
			continue
		}
		c, w, ok := ci.inkColour(i/ci.cols, i%ci.cols)
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
	if s, ok := splitTwo(colour, penColourGap, colourFloor); ok && s.loMean <= printColourMax {
		return mark(s.lo, s.hi)
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
		top := percentile(bySymbol[cells[i]], printShare)
		if top <= 0 {
			return nil
		}
		rel[k] = contrast[k] / top
	}
	if s, ok := splitTwo(rel, pencilGap, contrastFloor); ok && s.hiMean >= pencilRatio*s.loMean && len(s.lo) >= pencilMinMarks {
		return mark(s.hi, s.lo)
	}
	return nil
}

// marksLookLikeGlyphs says whether every cell of the marks group (indices
// into filled, as printed is) holds something glyph-like, written on the
// page's plain paper: paper in its corners, a glyph box about the print's
// size and shape, and a background as light as its lightest neighbour's.
func (ci cellImage) marksLookLikeGlyphs(filled, printed, marks []int) bool {
	box := func(k int) (area, aspect float64) {
		i := filled[k]
		g := ci.glyph(i/ci.cols, i%ci.cols)
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
	typicalArea, typicalAspect := median(areas), median(aspects)
	if typicalArea <= 0 || typicalAspect <= 0 {
		return false
	}
	for _, k := range marks {
		i := filled[k]
		row, col := i/ci.cols, i%ci.cols
		area, aspect := box(k)
		size, shape := area/typicalArea, aspect/typicalAspect
		if size < markSizeMin || size > markSizeMax || shape < 1/markShape || shape > markShape ||
			ci.cornerInk(row, col) > markCornerInk || !ci.onPlainPaper(row, col) {
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
func (ci cellImage) inkColour(row, col int) (colour, contrast float64, ok bool) {
	var paper [3]float64
	np := 0
	ci.corners(row, col, func(i int) {
		if ci.faint[i] || ci.lines[i] {
			return
		}
		b, g, r := ci.bgr.at(i%ci.gray.w, i/ci.gray.w)
		paper[0] += float64(b)
		paper[1] += float64(g)
		paper[2] += float64(r)
		np++
	})
	if np == 0 {
		return 0, 0, false
	}
	px := ci.px
	e := max(1, int(math.Round(glyphEdge*float64(px))))
	ox, oy := col*px, row*px
	if ci.shiftX != nil {
		ox = min(max(ox+ci.shiftX[row*ci.cols+col], 0), ci.gray.w-px)
		oy = min(max(oy+ci.shiftY[row*ci.cols+col], 0), ci.gray.h-px)
	}
	window := func(visit func(i, x, y int)) {
		for y := oy + e; y < oy+px-e; y++ {
			for x := ox + e; x < ox+px-e; x++ {
				if i := y*ci.gray.w + x; ci.faint[i] && !ci.lines[i] {
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
		if acc*10 >= n {
			top = v
			break
		}
	}
	if top == 0 {
		return 0, 0, false
	}
	cut := uint8(shapeShare * float64(top))
	var ink [3]float64
	var sw float64
	k := 0
	window(func(i, x, y int) {
		if ci.dark[i] < cut {
			return
		}
		b, g, r := ci.bgr.at(x, y)
		ink[0] += float64(b)
		ink[1] += float64(g)
		ink[2] += float64(r)
		if level := float64(ci.gray.pix[i]) + float64(ci.dark[i]); level > 0 {
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

// saturated is isColoured without the hue, for the per-pixel passes.
func saturated(b, g, r uint8) bool {
	mx, mn := int(max(r, g, b)), int(min(r, g, b))
	if mx > 70 {
		return 100*(mx-mn) > 35*mx
	}
	return 10*(mx-mn) > 6*mx && mx-mn >= 24
}

// onPlainPaper says whether the paper in a cell's corners is as light as
// in its lightest side neighbour's, within shadeGap: a shaded band or box
// the reader took for faint glyphs is darker than the plain cells beside
// it, where a mark is written on the paper itself.
func (ci cellImage) onPlainPaper(row, col int) bool {
	own, ok := ci.cornerLevel(row, col)
	if !ok {
		return false
	}
	lightest := own
	for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		r, c := row+d[0], col+d[1]
		if r < 0 || c < 0 || r >= ci.rows || c >= ci.cols {
			continue
		}
		if level, ok := ci.cornerLevel(r, c); ok {
			lightest = max(lightest, level)
		}
	}
	return lightest-own < shadeGap
}

// cornerLevel is the median grey of a cell's corner squares, lines left
// out.
func (ci cellImage) cornerLevel(row, col int) (float64, bool) {
	var levels []float64
	ci.corners(row, col, func(i int) {
		if !ci.lines[i] {
			levels = append(levels, float64(ci.gray.pix[i]))
		}
	})
	if len(levels) == 0 {
		return 0, false
	}
	return median(levels), true
}

// cornerInk is the share of faint ink, lines left out, in a cell's corner
// squares.
func (ci cellImage) cornerInk(row, col int) float64 {
	n, inked := 0, 0
	ci.corners(row, col, func(i int) {
		n++
		if ci.faint[i] && !ci.lines[i] {
			inked++
		}
	})
	return float64(inked) / float64(max(1, n))
}

// corners visits the pixels (as indices into the grid's planes) of four
// small squares near a cell's corners, inside the lines and outside any
// glyph.
func (ci cellImage) corners(row, col int, visit func(i int)) {
	px := ci.px
	lo := int(math.Round(markCorner * float64(px)))
	size := max(1, int(math.Round(markCornerSize*float64(px))))
	for _, oy := range []int{lo, px - lo - size} {
		for _, ox := range []int{lo, px - lo - size} {
			for y := row*px + oy; y < row*px+oy+size; y++ {
				for x := col*px + ox; x < col*px+ox+size; x++ {
					visit(y*ci.gray.w + x)
				}
			}
		}
	}
}

// paperLevel is the median of the local paper level (what the glyphs and
// lines are measured against) over the grid, sampled.
func (ci cellImage) paperLevel() float64 {
	var hist [256]int
	n := 0
	for i := 0; i < len(ci.gray.pix); i += 7 {
		hist[min(255, int(ci.gray.pix[i])+int(ci.dark[i]))]++
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

// split is values cut into two groups, lo and hi being indices into the
// values.
type split struct {
	lo, hi         []int
	loMean, hiMean float64
}

// splitTwo cuts values where the two groups are furthest apart for their
// spread (Otsu's cut), and says whether the cut is clear: the groups'
// means at least gap apart and groupSeparation times the wider group's
// spread (at least floor), and the nearest members of the two groups at
// least half the gap apart, so that no value stands between them.
func splitTwo(values []float64, gap, floor float64) (split, bool) {
	n := len(values)
	if n < 2 {
		return split{}, false
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return values[order[a]] < values[order[b]] })
	var total float64
	for _, v := range values {
		total += v
	}
	best, cut := -1.0, 0
	var left float64
	for k := 1; k < n; k++ {
		left += values[order[k-1]]
		m1, m2 := left/float64(k), (total-left)/float64(n-k)
		if between := float64(k) * float64(n-k) * (m2 - m1) * (m2 - m1); between > best {
			best, cut = between, k
		}
	}
	s := split{lo: order[:cut], hi: order[cut:]}
	loMean, loSpread := meanSpread(values, s.lo)
	hiMean, hiSpread := meanSpread(values, s.hi)
	s.loMean, s.hiMean = loMean, hiMean
	d := hiMean - loMean
	spread := max(loSpread, hiSpread, floor)
	clear := d >= gap && d >= groupSeparation*spread && values[order[cut]]-values[order[cut-1]] >= gap/2
	return s, clear
}

// madSpread is the median absolute deviation of values from their median,
// scaled to a standard deviation's size.
func madSpread(values []float64) float64 {
	m := median(values)
	dev := make([]float64, len(values))
	for i, v := range values {
		dev[i] = math.Abs(v - m)
	}
	return madToSigma * median(dev)
}

func meanSpread(values []float64, idx []int) (mean, spread float64) {
	for _, i := range idx {
		mean += values[i]
	}
	mean /= float64(len(idx))
	for _, i := range idx {
		spread += (values[i] - mean) * (values[i] - mean)
	}
	return mean, math.Sqrt(spread / float64(len(idx)))
}

func median(values []float64) float64 {
	if len(values) == 0 {
		return 0
	}
	s := append([]float64(nil), values...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
