package vision

import (
	"math"
	"sort"

	"gocv.io/x/gocv"

	"binocle/solver"
)

// cellFeatures describe one cell's content, measured in its inner window
// (the cell without the margin where lines and clues sit).
type cellFeatures struct {
	ink     float64 // share of the inner window darker than the local paper
	centre  float64 // ink share in the middle of the ink's bounding box
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
	contrast := percentile(byteFloats(bg.pix), 0.5) - q[0]
	threshold := clamp(0.45*contrast, 28, 110)
	ci.ink = make([]bool, len(ci.gray.pix))
	for i, v := range ci.gray.pix {
		ci.ink[i] = float64(bg.pix[i])-float64(v) > threshold
	}
	return ci
}

func byteFloats(b []uint8) []float64 {
	out := make([]float64, 0, len(b)/7+1)
	for i := 0; i < len(b); i += 7 { // a sample is enough for a median
		out = append(out, float64(b[i]))
	}
	return out
}

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
	bx0, by0, bx1, by1 := x1, y1, x0-1, y0-1
	inkCount, colourCount := 0, 0
	var hx, hy float64 // hue as a unit vector, so that red's 350 and 10 average to 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			i := y*ci.gray.w + x
			if ci.ink[i] {
				inkCount++
				bx0, by0 = min(bx0, x), min(by0, y)
				bx1, by1 = max(bx1, x), max(by1, y)
			}
			b, g, r := ci.bgr.at(x, y)
			if ok, h := isColoured(b, g, r); ok {
				colourCount++
				hx += math.Cos(h * math.Pi / 180)
				hy += math.Sin(h * math.Pi / 180)
			}
		}
	}
	f.corners = ci.cornerColour(row, col)
	f.ink = float64(inkCount) / area
	f.colour = float64(colourCount) / area
	if colourCount > 0 {
		f.hue = math.Mod(math.Atan2(hy, hx)*180/math.Pi+360, 360)
	}
	if inkCount == 0 {
		return f
	}
	w, h := bx1-bx0+1, by1-by0+1
	f.fill = float64(inkCount) / float64(w*h)
	f.aspect = float64(w) / float64(h)
	cx0, cx1 := bx0+int(0.35*float64(w)), bx0+int(math.Ceil(0.65*float64(w)))
	cy0, cy1 := by0+int(0.35*float64(h)), by0+int(math.Ceil(0.65*float64(h)))
	centre, n := 0, 0
	for y := cy0; y < cy1; y++ {
		for x := cx0; x < cx1; x++ {
			n++
			if ci.ink[y*ci.gray.w+x] {
				centre++
			}
		}
	}
	if n > 0 {
		f.centre = float64(centre) / float64(n)
	}
	return f
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
	solidFill     = 0.6   // above, with much ink: a filled square or disc
	squareFill    = 0.88  // above: a square rather than a disc
	tileColour    = 0.7   // coloured share of a tile
	glyphColour   = 0.08  // coloured share of a Tango glyph
	colouredCells = 0.5   // share of symbol cells that must be coloured for a colour style
)

// glyphKind is a cell's shape class before the style gives it a symbol.
type glyphKind int

const (
	kindBlank glyphKind = iota
	kindHollow
	kindBar
	kindFilled
	kindCross
)

func (f cellFeatures) kind() glyphKind {
	switch {
	case f.ink < blankInk:
		return kindBlank
	case f.centre < hollowCentre:
		return kindHollow
	case f.aspect < narrowAspect:
		return kindBar
	case f.fill > solidFill && f.ink > 0.2:
		return kindFilled
	}
	return kindCross
}

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
	var kinds [5]int
	var filledFill []float64
	for _, f := range feats {
		if f.colour >= tileColour && f.corners >= 0.5 {
			tiles++
		}
		k := f.kind()
		if k == kindBlank && f.colour < glyphColour {
			continue
		}
		symbols++
		if f.colour >= glyphColour {
			coloured++
		}
		kinds[k]++
		if k == kindFilled {
			filledFill = append(filledFill, f.fill)
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
	// A shape counts when it is more than a stray misreading.
	present := func(k glyphKind) bool { return kinds[k] > 0 && kinds[k]*10 >= symbols-kinds[kindHollow] }
	switch {
	case present(kindBar) && present(kindCross):
		return StyleXOI
	case present(kindBar):
		return StyleDigits
	case present(kindCross):
		return StyleXO
	case len(filledFill) > 0:
		sort.Float64s(filledFill)
		if filledFill[len(filledFill)/2] < squareFill {
			return StyleDiscCircle
		}
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
	hollow := margin(f.centre, hollowCentre, 0.25)
	c := math.Min(blank, hollow)
	if f.centre < hollowCentre {
		return solver.Zero, c
	}
	if style == StyleXOI && f.aspect < narrowAspect {
		return solver.Two, math.Min(c, margin(f.aspect, narrowAspect, 0.25))
	}
	return solver.One, c
}

// hueConfidence is low for hues between the warm and the cool families.
func hueConfidence(h float64) float64 {
	d := math.Min(math.Abs(h-90), math.Abs(h-300))
	return 0.5 + 0.5*clamp(d/40, 0, 1)
}
