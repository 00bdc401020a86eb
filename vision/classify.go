package vision

import (
	"math"

	"gocv.io/x/gocv"

	"binocle/solver"
)

// cellFeatures describe one cell's content, measured in its inner window
// (the cell without the margin where lines and clues sit).
type cellFeatures struct {
	ink     float64 // share of the inner window darker than the local paper
	centre  float64 // ink share in the middle of the ink's bounding box
	sides   float64 // ink share at the middles of the bounding box's sides
	fill    float64 // ink share of the ink's bounding box
	aspect  float64 // bounding box width / height
	colour  float64 // share of the inner window that is saturated colour
	corners float64 // colour share in the cell's corners, which tiles fill and glyphs do not
	hue     float64 // mean hue of the coloured pixels, degrees
}

// cellImage is a rectified grid: cell (r, c) covers pixels
// [c*px, (c+1)*px) x [r*px, (r+1)*px).
type cellImage struct {
	rows, cols, px int
	bgr            bgrPlane
	gray           plane
	ink            []bool // darker than the local paper by the ink threshold
	faint          []bool // darker by the lower threshold that tells a faint glyph from paper
	lines          []bool // faint pixels on long straight runs: grid lines, borders, not glyphs
}

// newCellImage measures ink against a local paper level: a closing with a
// kernel wider than any glyph removes the glyphs and lines but keeps
// shadows and shaded cells, so ink is what stands out locally.
func newCellImage(grid gocv.Mat, rows, cols, px int) cellImage {
	ci := cellImage{rows: rows, cols: cols, px: px, bgr: bgrPlaneOf(grid)}
	gray := toGray(grid)
	defer gray.Close()
	paper := gocv.NewMat()
	defer paper.Close()
	kernel := gocv.GetStructuringElement(gocv.MorphRect, pt(px|1, px|1))
	defer kernel.Close()
	gocv.MorphologyEx(gray, &paper, gocv.MorphClose, kernel)
	ci.gray = planeOf(gray)
	bg := planeOf(paper)
	q := bytePercentiles(ci.gray.pix, 0.02)
	contrast := bytePercentiles(bg.pix, 0.5)[0] - q[0]
	threshold := clamp(0.45*contrast, 28, 110)
	faint := clamp(faintShareOfContrast*contrast, 18, 80)
	ci.ink = make([]bool, len(ci.gray.pix))
	ci.faint = make([]bool, len(ci.gray.pix))
	for i, v := range ci.gray.pix {
		d := float64(bg.pix[i]) - float64(v)
		ci.ink[i] = d > threshold
		ci.faint[i] = d > faint
	}
	ci.lines = lineMask(ci.faint, ci.gray.w, ci.gray.h, px)
	return ci
}

// faintShareOfContrast is how much of the way from paper to the darkest
// ink a pixel must be to show that a cell is not blank: low enough for a
// thin grey circle beside solid black discs, above a photo's noise (the
// floor of 18 levels). Shapes are measured on the stronger ink mask, where
// blur does not close a small glyph's holes.
const faintShareOfContrast = 0.25

// hueSat returns a pixel's hue in degrees and its saturation in [0,1].
func hueSat(b, g, r uint8) (float64, float64) {
	mx := max(r, g, b)
	mn := min(r, g, b)
	if mx == 0 || mx == mn {
		return 0, 0
	}
	d := float64(mx - mn)
	var h float64
	switch mx {
	case r:
		h = math.Mod((float64(g)-float64(b))/d+6, 6)
	case g:
		h = (float64(b)-float64(r))/d + 2
	default:
		h = (float64(r)-float64(g))/d + 4
	}
	return h * 60, d / float64(mx)
}

// isColoured says whether a pixel belongs to a coloured glyph or tile
// rather than to paper, ink or a grey cell.
func isColoured(b, g, r uint8) (bool, float64) {
	h, s := hueSat(b, g, r)
	return s > 0.35 && max(r, g, b) > 70, h
}

// cornerColour is the coloured share of four small squares near the
// cell's corners, inside any gap between tiles but outside any round glyph.
func (ci cellImage) cornerColour(row, col int) float64 {
	px := ci.px
	lo, hi := int(0.1*float64(px)), max(int(0.1*float64(px))+1, int(0.22*float64(px)))
	n, coloured := 0, 0
	for _, oy := range []int{lo, px - hi} {
		for _, ox := range []int{lo, px - hi} {
			for y := oy; y < oy+hi-lo; y++ {
				for x := ox; x < ox+hi-lo; x++ {
					n++
					if ok, _ := isColoured(ci.bgr.at(col*px+x, row*px+y)); ok {
						coloured++
					}
				}
			}
		}
	}
	return float64(coloured) / float64(n)
}

func (ci cellImage) features(row, col int) cellFeatures {
	px := ci.px
	m := int(math.Round(innerMargin * float64(px)))
	x0, y0 := col*px+m, row*px+m
	x1, y1 := (col+1)*px-m, (row+1)*px-m
	area := float64((x1 - x0) * (y1 - y0))
	var f cellFeatures
	colourCount := 0
	var hx, hy float64 // hue as a unit vector, so that red's 350 and 10 average to 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			b, g, r := ci.bgr.at(x, y)
			if ok, h := isColoured(b, g, r); ok {
				colourCount++
				hx += math.Cos(h * math.Pi / 180)
				hy += math.Sin(h * math.Pi / 180)
			}
		}
	}
	f.corners = ci.cornerColour(row, col)
	f.colour = float64(colourCount) / area
	if colourCount > 0 {
		f.hue = math.Mod(math.Atan2(hy, hx)*180/math.Pi+360, 360)
	}
	g := ci.glyph(row, col)
	if g.faint == 0 {
		return f
	}
	f.ink = float64(g.faint) / area
	// A glyph drawn faintly throughout is shaped by the faint mask.
	mask := g.in
	if 4*g.strong >= g.faint {
		mask = make([]bool, len(g.in))
		for y := 0; y < px; y++ {
			for x := 0; x < px; x++ {
				i := y*px + x
				mask[i] = g.in[i] && ci.ink[(row*px+y)*ci.gray.w+col*px+x]
			}
		}
	}
	bx0, by0, bx1, by1 := px, px, -1, -1
	inkCount := 0
	for i, on := range mask {
		if on {
			x, y := i%px, i/px
			inkCount++
			bx0, by0 = min(bx0, x), min(by0, y)
			bx1, by1 = max(bx1, x), max(by1, y)
		}
	}
	if inkCount == 0 {
		return f
	}
	w, h := bx1-bx0+1, by1-by0+1
	f.fill = float64(inkCount) / float64(w*h)
	f.aspect = float64(w) / float64(h)
	share := func(fx0, fx1, fy0, fy1 float64) float64 {
		return maskShare(mask, px, bx0, by0, w, h, fx0, fx1, fy0, fy1)
	}
	f.centre = share(0.35, 0.65, 0.35, 0.65)
	// The middles of the box's four sides: a ring, a disc, a square or a
	// bar's long sides have ink there, the arms of an X do not.
	f.sides = (share(0.4, 0.6, 0, 0.2) + share(0.4, 0.6, 0.8, 1) + share(0, 0.2, 0.4, 0.6) + share(0.8, 1, 0.4, 0.6)) / 4
	return f
}

// cellGlyph is the ink of one cell that makes up its glyph, in the cell's
// own px x px coordinates.
type cellGlyph struct {
	in            []bool // faint pixels of the glyph's components
	faint, strong int    // its faint pixels and how many of them are strong ink
}

// Where a glyph is looked for, as shares of the cell.
const (
	// glyphEdge is the band along the cell's sides left out, where a
	// neighbour's glyph or a line's blur could reach in.
	glyphEdge = 0.06
	// glyphZone bounds how far a component's centre may lie from the
	// cell's: glyphs are centred, though a rectification a little off
	// shifts them; the halves of a clue cut by its line lie further out.
	glyphZone = 0.3
	// speckPixels is the smallest component counted, below which it is
	// photo noise or JPEG ringing.
	speckPixels = 3
)

// glyph collects the connected pieces of faint ink, grid lines taken out,
// whose centres lie near the cell's centre. Judging pieces rather than a
// fixed window keeps a glyph whole when the cell is a little off, and
// keeps a line or a clue that reaches into the cell out of it.
func (ci cellImage) glyph(row, col int) cellGlyph {
	px := ci.px
	e := max(1, int(math.Round(glyphEdge*float64(px))))
	ox, oy := col*px, row*px
	g := cellGlyph{in: make([]bool, px*px)}
	seen := make([]bool, px*px)
	var stack, comp []int
	zone := glyphZone * float64(px)
	mid := float64(px-1) / 2
	for sy := e; sy < px-e; sy++ {
		for sx := e; sx < px-e; sx++ {
			si := sy*px + sx
			gi := (oy+sy)*ci.gray.w + ox + sx
			if seen[si] || !ci.faint[gi] || ci.lines[gi] {
				continue
			}
			seen[si] = true
			stack = append(stack[:0], si)
			comp = comp[:0]
			var sumX, sumY float64
			strong := 0
			for len(stack) > 0 {
				i := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				comp = append(comp, i)
				x, y := i%px, i/px
				sumX += float64(x)
				sumY += float64(y)
				if ci.ink[(oy+y)*ci.gray.w+ox+x] {
					strong++
				}
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						nx, ny := x+dx, y+dy
						if nx < e || ny < e || nx >= px-e || ny >= px-e {
							continue
						}
						ni := ny*px + nx
						ngi := (oy+ny)*ci.gray.w + ox + nx
						if seen[ni] || !ci.faint[ngi] || ci.lines[ngi] {
							continue
						}
						seen[ni] = true
						stack = append(stack, ni)
					}
				}
			}
			n := float64(len(comp))
			if len(comp) < speckPixels || math.Abs(sumX/n-mid) > zone || math.Abs(sumY/n-mid) > zone {
				continue
			}
			for _, i := range comp {
				g.in[i] = true
			}
			g.faint += len(comp)
			g.strong += strong
		}
	}
	return g
}

// Line finding, in cell widths. A grid line runs on across cells, which
// a glyph does not even when blur joins it to a line.
const (
	// lineRun is the least length of thin ink along a line: more than
	// one cell, so that a glyph and a line it touches do not make one.
	lineRun = 1.5
	// lineThickness is the thickest a line may be across itself: more
	// than a bold border blurred, less than a glyph, so that a square
	// touching a line is not taken for part of it.
	lineThickness = 0.4
	// lineBridge is the longest stretch of thick ink a line may cross:
	// a crossing line, or a glyph blur has joined to it.
	lineBridge = 0.75
)

// lineMask marks the thin ink pixels that lie on horizontal or vertical
// runs of ink at least lineRun(px) long. A run may wander a pixel up or
// down (a line a little tilted or bent by the rectification) and skip a
// gap of two pixels (noise in a faint line); it runs on through crossing
// lines and through glyphs that touch it, but only its thin pixels are
// marked, so that a glyph touching a line keeps its body.
func lineMask(ink []bool, w, h, px int) []bool {
	out := make([]bool, len(ink))
	run := int(math.Ceil(lineRun * float64(px)))
	thick := int(math.Ceil(lineThickness * float64(px)))
	bridge := int(math.Ceil(lineBridge * float64(px)))
	const gap = 2
	// across[k] is the length of the run of ink through pixel k across
	// the lines being looked for.
	across := make([]int32, len(ink))
	mark := func(horizontal bool) {
		outer, inner := h, w
		if !horizontal {
			outer, inner = w, h
		}
		at := func(o, i int) int {
			if horizontal {
				return o*w + i
			}
			return i*w + o
		}
		for i := 0; i < inner; i++ {
			for o := 0; o < outer; {
				if !ink[at(o, i)] {
					across[at(o, i)] = 0
					o++
					continue
				}
				end := o
				for end < outer && ink[at(end, i)] {
					end++
				}
				for k := o; k < end; k++ {
					across[at(k, i)] = int32(end - o)
				}
				o = end
			}
		}
		thin := func(k int) bool { return ink[k] && int(across[k]) <= thick }
		// A run counts its thin pixels, wandering a pixel either way.
		// Between them it may cross a gap of paper or a stretch of thick
		// ink (a crossing line) no wider than a line may be.
		kind := func(o, i int) int {
			any := false
			for d := -1; d <= 1; d++ {
				if oo := o + d; oo >= 0 && oo < outer {
					k := at(oo, i)
					if thin(k) {
						return 2
					}
					any = any || ink[k]
				}
			}
			if any {
				return 1
			}
			return 0
		}
		for o := 0; o < outer; o++ {
			start, last, count := -1, -1, 0
			paper, crossing := 0, 0
			flush := func() {
				if start >= 0 && count >= run {
					for i := start; i <= last; i++ {
						if k := at(o, i); ink[k] {
							out[k] = true
						}
					}
				}
				start, count = -1, 0
			}
			for i := 0; i < inner; i++ {
				switch kind(o, i) {
				case 2:
					if start < 0 {
						start = i
					}
					last = i
					count++
					paper, crossing = 0, 0
				case 1:
					crossing++
					if crossing > bridge {
						flush()
					}
				default:
					paper++
					if paper > gap {
						flush()
					}
				}
			}
			flush()
		}
	}
	mark(true)
	mark(false)
	return out
}

// maskShare is the inked share of the part [fx0, fx1) x [fy0, fy1) (as
// fractions) of the box at (x, y) of size w x h in a mask of the given
// width.
func maskShare(mask []bool, width, x, y, w, h int, fx0, fx1, fy0, fy1 float64) float64 {
	x0, x1 := x+int(fx0*float64(w)), x+max(int(fx0*float64(w))+1, int(math.Ceil(fx1*float64(w))))
	y0, y1 := y+int(fy0*float64(h)), y+max(int(fy0*float64(h))+1, int(math.Ceil(fy1*float64(h))))
	inked, n := 0, 0
	for yy := y0; yy < min(y1, y+h); yy++ {
		for xx := x0; xx < min(x1, x+w); xx++ {
			n++
			if mask[yy*width+xx] {
				inked++
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(inked) / float64(n)
}

// Thresholds on the features above. They are shares of areas, so they do
// not depend on the image's scale or exposure.
const (
	// innerMargin is the share of the cell on each side left out of the
	// inner window, so that lines, borders and clues do not count as ink.
	innerMargin   = 0.2
	blankInk      = 0.035 // below: a blank cell
	hollowCentre  = 0.3   // below: an open glyph (circle, O, 0)
	narrowAspect  = 0.55  // below: a bar (1, I)
	tileColour    = 0.7   // coloured share of a tile
	glyphColour   = 0.08  // coloured share of a Tango glyph
	colouredCells = 0.5   // share of symbol cells that must be coloured for a colour style
)

// margin maps how far v is from a decision threshold, relative to scale,
// to a confidence in [0.5, 1].
func margin(v, threshold, scale float64) float64 {
	return 0.5 + 0.5*clamp(math.Abs(v-threshold)/scale, 0, 1)
}

// isWarm separates red, orange and yellow from blue and cyan.
func isWarm(hue float64) bool { return hue < 90 || hue > 300 }

// classify detects the style from all cells together, then labels each.
func classify(ci cellImage) (Style, []solver.Cell, []float64) {
	n := ci.rows * ci.cols
	feats := make([]cellFeatures, n)
	for i := range feats {
		feats[i] = ci.features(i/ci.cols, i%ci.cols)
	}
	cells := make([]solver.Cell, n)
	conf := make([]float64, n)
	style := detectStyle(feats)
	for i, f := range feats {
		cells[i], conf[i] = label(style, f)
	}
	return style, cells, conf
}

func detectStyle(feats []cellFeatures) Style {
	var tiles, coloured, symbols int
	for _, f := range feats {
		if f.colour >= tileColour && f.corners >= 0.5 {
			tiles++
		}
		if f.ink < blankInk && f.colour < glyphColour {
			continue
		}
		symbols++
		if f.colour >= glyphColour {
			coloured++
		}
	}
	// Grey blank tiles are as dark as ink against the gaps between tiles,
	// so tiles are told by the coloured tiles alone.
	if tiles >= 2 && tiles*2 >= coloured {
		return StyleTiles
	}
	if symbols > 0 && float64(coloured) >= colouredCells*float64(symbols) {
		if tiles*2 >= coloured {
			return StyleTiles
		}
		return StyleTango
	}
	return inkStyle(feats)
}

// Shape votes for the ink styles. The shares are of the cells holding a
// symbol; a style needs its telling shape in a tenth of them, so that a
// few misshapen glyphs do not switch it.
const (
	crossSides   = 0.5  // below, with ink in the middle: the arms of an X
	crossAspect  = 0.68 // at least: an X is about square, a digit 1 is not
	filledSides  = 0.75 // at least: a disc or square reaches its box's sides
	digitAspect  = 0.69 // between a printed 1 (narrower) and a 0
	barAspect    = 0.65 // between an I (narrower) and an X or O
	xoBias       = 0.15 // middle minus sides: an X scores 0.26 or more, an O 0.02 or less
	styleQuorum  = 0.1
	filledSquare = 0.88 // median fill above which filled glyphs are squares
)

// inkStyle tells the dark-glyph styles apart by which shapes occur: an X
// has ink in its middle but not at the middles of its box's sides; a bar
// (I or 1) is narrow; a disc or square is filled to its sides.
func inkStyle(feats []cellFeatures) Style {
	var symbols, narrow, cross, filled int
	var fills []float64
	for _, f := range feats {
		if f.ink < blankInk {
			continue
		}
		symbols++
		switch {
		case f.aspect < narrowAspect || (f.aspect < crossAspect && f.centre >= 0.5):
			narrow++
		case f.aspect >= crossAspect && f.centre >= 0.5 && f.sides < crossSides:
			cross++
		case f.aspect >= 0.8 && f.centre >= 0.5 && f.sides >= filledSides && f.fill >= 0.68:
			filled++
			fills = append(fills, f.fill)
		}
	}
	quorum := func(n int) bool { return n > 0 && float64(n) >= styleQuorum*float64(symbols) }
	switch {
	case quorum(cross) && quorum(narrow):
		return StyleXOI
	case quorum(cross):
		return StyleXO
	case quorum(narrow):
		return StyleDigits
	case quorum(filled) && percentile(fills, 0.5) < filledSquare:
		return StyleDiscCircle
	}
	return StyleSquareCircle
}

func label(style Style, f cellFeatures) (solver.Cell, float64) {
	switch style {
	case StyleTiles:
		if f.colour < 0.5*tileColour {
			return solver.Empty, margin(f.colour, 0.5*tileColour, 0.3)
		}
		c := margin(f.colour, 0.5*tileColour, 0.3) * hueConfidence(f.hue)
		if isWarm(f.hue) {
			return solver.One, c
		}
		return solver.Zero, c
	case StyleTango:
		if f.colour < glyphColour {
			return solver.Empty, margin(f.colour, glyphColour, glyphColour)
		}
		c := math.Min(margin(f.colour, glyphColour, glyphColour), hueConfidence(f.hue))
		if isWarm(f.hue) {
			return solver.Zero, c
		}
		return solver.One, c
	}
	blank := margin(f.ink, blankInk, blankInk)
	if f.ink < blankInk {
		return solver.Empty, blank
	}
	switch style {
	case StyleDigits:
		// Narrow with ink in the middle is a 1; a 0 is wider and open.
		v := (digitAspect-f.aspect)/0.08 + (f.centre-0.5)/0.5
		c := math.Min(blank, margin(v, 0, 1.5))
		if v > 0 {
			return solver.One, c
		}
		return solver.Zero, c
	case StyleXO, StyleXOI:
		// An I is much narrower than an X or an O.
		if style == StyleXOI && f.aspect < barAspect {
			return solver.Two, math.Min(blank, margin(f.aspect, barAspect, 0.1))
		}
		// An X fills its middle and leaves its sides; an O the reverse.
		v := f.centre - f.sides - xoBias
		c := math.Min(blank, margin(v, 0, 0.5))
		if v > 0 {
			return solver.One, c
		}
		return solver.Zero, c
	}
	hollow := margin(f.centre, hollowCentre, 0.25)
	c := math.Min(blank, hollow)
	if f.centre < hollowCentre {
		return solver.Zero, c
	}
	return solver.One, c
}

// hueConfidence is low for hues between the warm and the cool families.
func hueConfidence(h float64) float64 {
	d := math.Min(math.Abs(h-90), math.Abs(h-300))
	return 0.5 + 0.5*clamp(d/40, 0, 1)
}
