package cellread

import (
	"math"
	"sort"

	"binocle/solver"
	"binocle/vision/internal/raster"
)

// Style is the glyph style a reading detected.
type Style string

const (
	StyleSquareCircle Style = "square-circle" // filled square = 1, open circle = 0 (newspapers)
	StyleDiscCircle   Style = "disc-circle"   // filled disc = 1, open circle = 0
	StyleDigits       Style = "digits"        // printed 0 / 1
	StyleXO           Style = "xo"            // letters X = 1 / O = 0
	StyleXOI          Style = "xoi"           // Troix: X = 1, O = 0, I = 2
	StyleTango        Style = "tango"         // LinkedIn: orange sun = 0, blue moon = 1
	// StyleTiles is 0h h1's look: the warm (red/orange) tile = 1, the cool
	// (blue) tile = 0, a grey tile = blank.
	StyleTiles Style = "tiles"
)

// margin maps how far v is from a decision threshold, relative to scale,
// to a confidence in [0.5, 1].
func margin(v, threshold, scale float64) float64 {
	return 0.5 + 0.5*raster.Clamp(math.Abs(v-threshold)/scale, 0, 1)
}

// doubtAbove is full confidence up to limit, falling to one half at twice
// the limit.
func doubtAbove(v, limit float64) float64 {
	return 1 - 0.5*raster.Clamp((v-limit)/limit, 0, 1)
}

// isWarm separates red, orange and yellow from blue and cyan.
func isWarm(hue float64) bool {
	return hue < Tuned.Style.warmBelow || hue > Tuned.Style.warmAbove
}

// Classify detects the style from all cells together, then labels each.
func Classify(ci Image) (Style, []solver.Cell, []float64) {
	feats := make([]Features, ci.Rows*ci.Cols)
	for i := range feats {
		feats[i] = ci.Features(i/ci.Cols, i%ci.Cols)
	}
	style := detectStyle(feats)
	cells, conf := labelFeatures(style, feats)
	return style, cells, conf
}

// labelFeatures labels every cell of a grid of the given style: each by
// its own shape, then those it leaves in doubt by the grid's others.
func labelFeatures(style Style, feats []Features) ([]solver.Cell, []float64) {
	cells := make([]solver.Cell, len(feats))
	conf := make([]float64, len(feats))
	wide := 0.0
	if style == StyleXOI {
		wide = ringAspect(feats)
	}
	cut := 0.0
	if style == StyleXOI && wide == 0 {
		cut = barCut(feats)
	}
	for i, f := range feats {
		cells[i], conf[i] = labelWith(style, f, wide)
		if cells[i] == solver.Two && cut > 0 && f.Aspect >= cut {
			// As wide as the grid's wider bars: an X or an O that
			// blur and the rectification squeezed, not an I.
			cells[i], conf[i] = labelWith(StyleXO, f, 0)
		}
	}
	if style != StyleTiles && style != StyleTango {
		settleByResemblance(feats, cells, conf)
	}
	return cells, conf
}

// ringAspect is the median aspect of the glyphs with a clear hole, the
// O's of an X/O/I grid, or 0 when too few show one. A rectification a
// little off squeezes a grid's glyphs alike, so an I is told by being
// narrower than the O's of its own grid rather than by a fixed aspect.
func ringAspect(feats []Features) float64 {
	var aspects []float64
	for _, f := range feats {
		if f.Ink >= Tuned.Style.BlankInk && f.Hole >= Tuned.Style.ringHole {
			aspects = append(aspects, f.Aspect)
		}
	}
	if len(aspects) < Tuned.Style.minRings {
		return 0
	}
	return raster.Percentile(aspects, 0.5)
}

// barCut is, in an X/O/I grid whose O's show no hole to measure them by,
// the aspect that parts its bar-like glyphs into two clearly different
// widths, or 0 when they are of one width. Blur on a small grid fills the
// O's and thickens the X's arms, and a squeezed rectification narrows
// both until they pass for bars; the grid's I's are still much narrower.
func barCut(feats []Features) float64 {
	p := &Tuned.Style
	minBars := p.minBars
	var aspects []float64
	for _, f := range feats {
		if f.Ink >= p.BlankInk && f.Aspect <= p.wideGlyph && barScore(f) > 0 && f.Hole < p.ringHole {
			aspects = append(aspects, f.Aspect)
		}
	}
	if len(aspects) < 2*minBars {
		return 0
	}
	sort.Float64s(aspects)
	// The split with the most variance between its two sides (Otsu's).
	sum := 0.0
	for _, a := range aspects {
		sum += a
	}
	best, bestAt, left := 0.0, 0, 0.0
	for i, a := range aspects[:len(aspects)-minBars] {
		left += a
		n1, n2 := float64(i+1), float64(len(aspects)-i-1)
		if i+1 < minBars {
			continue
		}
		m1, m2 := left/n1, (sum-left)/n2
		if v := n1 * n2 * (m2 - m1) * (m2 - m1); v > best {
			best, bestAt = v, i+1
		}
	}
	if bestAt == 0 {
		return 0
	}
	narrow, wider := raster.Percentile(aspects[:bestAt], 0.5), raster.Percentile(aspects[bestAt:], 0.5)
	if wider < p.barsApart*narrow {
		return 0
	}
	return (aspects[bestAt-1] + aspects[bestAt]) / 2
}

func detectStyle(feats []Features) Style {
	p := &Tuned.Style
	var tiles, coloured, symbols, warm int
	for _, f := range feats {
		if f.colour >= p.tileColour && f.corners >= p.tileCorners {
			tiles++
		}
		if f.Ink < p.BlankInk && f.colour < p.glyphColour {
			continue
		}
		symbols++
		if f.colour >= p.glyphColour {
			coloured++
			if isWarm(f.hue) {
				warm++
			}
		}
	}
	// Grey blank tiles are as dark as ink against the gaps between tiles,
	// so tiles are told by the coloured tiles alone.
	if tiles >= p.minTiles && p.tileOfColoured.Of(tiles, coloured) {
		return StyleTiles
	}
	if symbols > 0 && float64(coloured) >= p.colouredCells*float64(symbols) {
		if p.tileOfColoured.Of(tiles, coloured) {
			return StyleTiles
		}
		if coloured < p.tangoHueCells || p.tangoMinority.Of(min(warm, coloured-warm), coloured) {
			return StyleTango
		}
	}
	return InkStyle(feats)
}

// Shape is what a dark glyph looks like, before the style says what it
// means.
type Shape int

const (
	ShapeNone   Shape = iota // blank, or like none of the others
	ShapeRing                // open in the middle, closed at its flanks: O, 0, circle
	ShapeCross               // ink in the middle, none at its flanks: X
	ShapeBar                 // narrow with its ends inked: I, 1
	ShapeFilled              // solid: disc, square
)

func ShapeOf(f Features) Shape {
	p := &Tuned.Style
	switch {
	case f.Ink < p.BlankInk:
		return ShapeNone
	case f.Hole >= p.ringHole:
		return ShapeRing
	case barScore(f) > 0:
		return ShapeBar
	case f.Centre < p.openCentre && f.Flanks >= p.bareFlanks:
		return ShapeRing
	case f.Centre >= p.openCentre && f.Flanks < p.bareFlanks:
		return ShapeCross
	case f.Centre >= p.openCentre && f.Fill >= p.solidFill && f.Flanks < p.notchedFlanks:
		// Blur on a small glyph fills an X's arms into a solid
		// hourglass, but its flanks stay notched where a disc's or a
		// square's outline, however blurred, reaches the middles of its
		// box's sides all along.
		return ShapeCross
	case f.Centre >= p.openCentre && f.Fill >= p.solidFill:
		return ShapeFilled
	}
	return ShapeNone
}

// barScore is positive for a bar (I, 1) and negative for wider glyphs. A
// bold 1 can be as wide as a narrow X, but the X leaves the middles of
// its top and bottom bare.
func barScore(f Features) float64 {
	p := &Tuned.Style
	return (p.barAspect-f.Aspect)/p.barAspectScale + (f.Ends-p.barEnds)/p.barEndsScale
}

// InkStyle tells the dark-glyph styles apart by which shapes occur. A
// style needs its telling shape in a tenth of the symbols, so that a few
// misshapen glyphs do not switch it. Blur can make an O or an X as narrow
// as a bar, so X/O/I also wants its bars clearly narrower than its other
// glyphs. A printed 0 is narrower than a letter O, which tells digits from
// an X/O/I grid that happens to hold few X's.
func InkStyle(feats []Features) Style {
	p := &Tuned.Style
	var symbols int
	var count [5]int
	var fills, barAspects, wideAspects, ringAspects []float64
	for _, f := range feats {
		// A glyph whose box sits well off its cell's middle is likely a
		// piece of a line or of a neighbour's glyph: its shape says
		// nothing about the style.
		if f.Ink < p.BlankInk || f.off > p.offGlyph {
			continue
		}
		symbols++
		sh := ShapeOf(f)
		count[sh]++
		switch sh {
		case ShapeFilled:
			fills = append(fills, f.Fill)
		case ShapeBar:
			barAspects = append(barAspects, f.Aspect)
		case ShapeRing:
			ringAspects = append(ringAspects, f.Aspect)
			wideAspects = append(wideAspects, f.Aspect)
		case ShapeCross:
			wideAspects = append(wideAspects, f.Aspect)
		}
	}
	quorum := func(n int) bool { return n >= p.styleMinShapes && float64(n) >= p.styleQuorum*float64(symbols) }
	bars, crosses, filled := count[ShapeBar], count[ShapeCross], count[ShapeFilled]
	distinctBars := quorum(bars) && (len(wideAspects) == 0 || raster.Percentile(barAspects, 0.5) <= p.barShare*raster.Percentile(wideAspects, 0.5))
	letterRings := len(ringAspects) > 0 && raster.Percentile(ringAspects, 0.5) >= p.letterO
	switch {
	case quorum(crosses) && distinctBars:
		return StyleXOI
	case quorum(crosses):
		return StyleXO
	case quorum(bars) && crosses > 0 && letterRings:
		return StyleXOI
	case quorum(bars):
		return StyleDigits
	case quorum(filled) && raster.Percentile(fills, 0.5) < p.filledSquare:
		return StyleDiscCircle
	}
	return StyleSquareCircle
}

func Label(style Style, f Features) (solver.Cell, float64) {
	return labelWith(style, f, 0)
}

// labelWith labels one cell; wide is the grid's ringAspect (0 if unknown).
func labelWith(style Style, f Features, wide float64) (solver.Cell, float64) {
	p := &Tuned.Style
	switch style {
	case StyleTiles:
		blankTile := p.blankTile * p.tileColour
		if f.colour < blankTile {
			return solver.Empty, margin(f.colour, blankTile, p.tileScale)
		}
		c := margin(f.colour, blankTile, p.tileScale) * hueConfidence(f.hue)
		if isWarm(f.hue) {
			return solver.One, c
		}
		return solver.Zero, c
	case StyleTango:
		if f.colour < p.glyphColour {
			return solver.Empty, margin(f.colour, p.glyphColour, p.glyphColour)
		}
		c := math.Min(margin(f.colour, p.glyphColour, p.glyphColour), hueConfidence(f.hue))
		if isWarm(f.hue) {
			return solver.Zero, c
		}
		return solver.One, c
	}
	if f.Ink < p.BlankInk {
		// Ink near the cell that was not taken for its glyph (a piece
		// cut off by a line, a blot) makes a blank less sure.
		return solver.Empty, math.Min(math.Min(margin(f.Ink, p.BlankInk, p.BlankInk), doubtAbove(f.stray, p.strayInk)), doubtAbove(f.hint, p.hintInk))
	}
	// No glyph of any style is much wider than tall: a 1 or an I is
	// narrow, the others about square. Ink flat as a dash is a piece of a
	// line, a border or a shadow's edge that the lines' mask missed, or a
	// neighbour's glyph cut by the cell's edge.
	if f.Aspect > p.wideGlyph {
		return solver.Empty, margin(f.Aspect, p.wideGlyph, 2*p.wideGlyph)
	}
	// A glyph is sure when it has clearly more ink than a speck and sits
	// in the middle of its cell; one off to a side may be a piece of a
	// line or of a neighbour's glyph.
	blank := math.Min(margin(f.Ink, p.BlankInk, p.glyphInkSpan), doubtAbove(f.off, p.offGlyph))
	switch style {
	case StyleDigits:
		return labelDigit(f, blank)
	case StyleXO, StyleXOI:
		if style == StyleXOI {
			// An I is much narrower than an X or an O and inked at its
			// ends; an O squeezed as narrow by the rectification still
			// has its hole, which no I has.
			if v := barScore(f); v > 0 && f.Hole < p.ringHole && (wide == 0 || f.Aspect < p.barOfRing*wide) {
				return solver.Two, math.Min(blank, margin(v, 0, p.barSure))
			}
		}
		// An X fills its middle and leaves its flanks; an O the reverse.
		v := (f.Centre-p.openCentre)/p.letterCentreScale + (p.bareFlanks-f.Flanks)/p.letterFlanksScale - holeEvidence(f)
		c := math.Min(blank, margin(v, 0, p.letterSure))
		if v > 0 {
			return solver.One, c
		}
		return solver.Zero, c
	}
	v := (f.Centre-p.hollowCentre)/p.hollowScale - holeEvidence(f)
	c := math.Min(blank, margin(v, 0, p.shapeSure))
	if v < 0 {
		return solver.Zero, c
	}
	return solver.One, c
}

// labelDigit labels a digits grid's glyph, at most as sure as blank. Each
// score is positive for the glyph that means 1 and about one unit per
// feature's typical spread. A 1 is narrow, inked in its middle and bare
// at its flanks. The grey at its middle says the same without a mask: a
// 0 leaves it paper however its ring was cut.
func labelDigit(f Features, blank float64) (solver.Cell, float64) {
	p := &Tuned.Style
	v := (p.digitAspect-f.Aspect)/p.digitAspectScale + (f.Centre-p.digitCentre)/p.digitCentreScale +
		(p.digitFlanks-f.Flanks)/p.digitFlanksScale - holeEvidence(f) + (f.Tone-p.DigitTone)/p.digitToneScale
	c := math.Min(blank, margin(v, 0, p.digitSure))
	if v > 0 {
		return solver.One, c
	}
	return solver.Zero, c
}

// holeEvidence grows with a glyph's enclosed paper, up to a clear hole.
func holeEvidence(f Features) float64 {
	p := &Tuned.Style
	return math.Min(f.Hole, p.clearHole*p.ringHole) / p.ringHole
}

// hueConfidence is low for hues between the warm and the cool families.
func hueConfidence(h float64) float64 {
	p := &Tuned.Style
	d := math.Min(math.Abs(h-p.warmBelow), math.Abs(h-p.warmAbove))
	return 0.5 + 0.5*raster.Clamp(d/p.hueBand, 0, 1)
}
