package locate

import (
	"math"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/gridline"
	"binocle/vision/internal/raster"
)

// Glare or a shadow across part of a sheet can wash a grid's lines out
// there so far that no ridge threshold finds them, while the puzzle's
// glyphs, printed bold, still show. A strip just beyond a side whose cells
// hold glyphs centred where the lattice puts the cells, with blank cells
// between them and nothing spilling across the cells' borders, is the
// grid's: text beside a grid fills nearly every cell and crosses their
// borders, and a blank margin holds no glyphs at all.

// glyphPx is the cell size of the rectification glyphs are judged in.
const glyphPx = 20

// glyphStrips is how many of the lattice's own strips along a side the
// candidate strip's glyphs are compared with.
const glyphStrips = 3

// Kinds of cell told apart by stripKinds.
const (
	stripEmpty = iota
	stripGlyph
	stripMessy
)

// GlyphsRunOn counts the strips just beyond one side (none, one or two)
// that hold the grid's glyphs (see above). A puzzle's strip can hold a
// single glyph, too few to vouch for it alone; the next strip out, with
// more, vouches for both.
func GlyphsRunOn(gray gocv.Mat, f LatticeFit, side int) int {
	return glyphsRunOnBy(gray, f, side, false)
}

// glyphsRunOnBy is glyphsRunOn; edge tells that the grid's lines were
// seen right up to the side and not at all beyond it (see linesEnd). Glare
// or shade that washes lines out that abruptly washes out every thin
// stroke with them, so beyond such a side thin print that still shows
// (text, whose strokes cross the cells' borders) tells that the lines
// would show too: they end there, at the grid's printed edge.
func glyphsRunOnBy(gray gocv.Mat, f LatticeFit, side int, edge bool) int {
	sub, beyond, p, ok := stripsBeyond(gray, f, side)
	if !ok {
		return 0
	}
	counts, inks := stripCounts(p, sub, side, beyond)
	n := sub.span(side ^ 2)
	if raster.Trace != nil {
		raster.Trace("side %d: empty/glyph/messy cells beyond %v then %v of %d; inside %v", side, counts[0], counts[1], n, counts[2])
	}
	// The grid's own glyphs show what its glyphs look like here: marks of
	// another size are other print. A grid whose own strips show few
	// (tiles, a blank puzzle) gives nothing to compare with.
	inner := counts[2]
	if g := inner[stripGlyph]; g < 2 || 10*g < (sub.span(side)-beyond)*n || inner[stripMessy] > g {
		return 0
	}
	if edge && 4*(counts[0][stripMessy]+counts[1][stripMessy]) > n {
		return 0
	}
	like := func(ink []int) bool {
		in, out := float64(gridline.IntMedian(inks[2])), float64(gridline.IntMedian(ink))
		return out >= in/3 && out <= 3*in
	}
	gridStrip := func(c [3]int, strips int) bool {
		g, e, m := c[stripGlyph], c[stripEmpty], c[stripMessy]
		return g >= 2 && 8*g >= strips*n && 5*e >= strips*n && m <= g && m <= max(2, strips*n/5)
	}
	if gridStrip(counts[0], 1) && like(inks[0]) {
		return 1
	}
	if beyond < 2 || counts[0][stripGlyph] == 0 || counts[0][stripMessy] > max(2, n/5) {
		return 0
	}
	var both [3]int
	for i := range both {
		both[i] = counts[0][i] + counts[1][i]
	}
	if gridStrip(both, 2) && gridStrip(counts[1], 1) && like(append(inks[0], inks[1]...)) {
		return 2
	}
	return 0
}

// stripInImage tells whether the outermost strip of the lattice on one
// side lies inside a w x h picture.
func stripInImage(f LatticeFit, side, w, h int) bool {
	u0, v0, u1, v1 := 0.0, 0.0, float64(f.Cols), float64(f.Rows)
	switch side {
	case 0:
		v1 = 1
	case 1:
		v0 = v1 - 1
	case 2:
		u1 = 1
	case 3:
		u0 = u1 - 1
	}
	for _, q := range [4][2]float64{{u0, v0}, {u1, v0}, {u1, v1}, {u0, v1}} {
		x, y := f.ToImage.Apply(q[0], q[1])
		if math.IsNaN(x) || math.IsNaN(y) || x < 1 || y < 1 || x > float64(w-2) || y > float64(h-2) {
			return false
		}
	}
	return true
}

// stripInk is how far (grey levels) from the paper on both sides a pixel
// must be to count as ink.
const stripInk = 24

// stripMarks finds the marks in every cell of a rectification p of a
// rows x cols lattice at glyphPx pixels a cell, for stripKinds to tell
// empty cells, cells holding one glyph near their centre and cells
// holding other print (messy) apart; a cell's ink is its marks' size in
// pixels. Ink is what stands off the paper on both sides, across or along,
// at nearly half a cell: the edge of a shadow or of a patch of glare
// crossing a cell is a step, not ink. The ink is taken apart into
// connected marks: text puts several in a cell or runs words across its
// borders, a glyph is one mark inside it; the marks centred on a cell's
// border (clues between cells) and the lines themselves are left out.
func stripMarks(p raster.Plane, rows, cols int) []cellMarks {
	const d = 2 * glyphPx / 5
	w, h := p.W, p.H
	at := func(x, y int) int {
		return int(p.Pix[raster.ClampInt(y, 0, h-1)*w+raster.ClampInt(x, 0, w-1)])
	}
	// The glyphs are ink on paper, darker than it or (on a dark theme)
	// lighter: the paper between two glyphs close together stands off
	// them the other way and would join them. The ink is the kind that
	// stands off more pixels; the paper's own grey is no guide where
	// shade or glare covers part of it.
	dark := make([]byte, w*h)
	light := make([]byte, w*h)
	nDark, nLight := 0, 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := at(x, y)
			a, b, c, e := at(x-d, y), at(x+d, y), at(x, y-d), at(x, y+d)
			if (a-v >= stripInk && b-v >= stripInk) || (c-v >= stripInk && e-v >= stripInk) {
				dark[y*w+x] = 255
				nDark++
			}
			if (v-a >= stripInk && v-b >= stripInk) || (v-c >= stripInk && v-e >= stripInk) {
				light[y*w+x] = 255
				nLight++
			}
		}
	}
	mask := dark
	if nLight > nDark {
		mask = light
	}
	m, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8U, mask)
	if err != nil {
		return make([]cellMarks, rows*cols)
	}
	defer m.Close()
	cells := make([]cellMarks, rows*cols)
	const cell = float64(glyphPx)
	gp := locating.glyphs
	for _, comp := range raster.ComponentsOf(m, 8) {
		n := comp.Area
		x0, y0, x1, y1 := comp.Left, comp.Top, comp.Left+comp.Width-1, comp.Top+comp.Height-1
		if 70*n < glyphPx*glyphPx {
			continue // specks of grain
		}
		bw, bh := float64(x1-x0+1)/cell, float64(y1-y0+1)/cell
		cx, cy := (comp.X+0.5)/cell, (comp.Y+0.5)/cell
		c, r := int(cx), int(cy)
		if c >= cols || r >= rows {
			continue
		}
		k := r*cols + c
		if (bw > gp.lineLong && bh < gp.lineThin) || (bh > gp.lineLong && bw < gp.lineThin) {
			continue // a stretch of line
		}
		fx, fy := cx-float64(c), cy-float64(r)
		if fx < gp.borderFrom || fx > gp.borderTo || fy < gp.borderFrom || fy > gp.borderTo {
			if bw <= gp.smallMark && bh <= gp.smallMark {
				continue // a clue on the border between cells
			}
		}
		// A mark reaching well across the cell's border is not a glyph in
		// it.
		if float64(x0)/cell < float64(c)-gp.spill || float64(x1+1)/cell > float64(c+1)+gp.spill ||
			float64(y0)/cell < float64(r)-gp.spill || float64(y1+1)/cell > float64(r+1)+gp.spill {
			cells[k].marks += 2
			continue
		}
		cells[k].marks++
		cells[k].ink += n
		cells[k].dx, cells[k].dy = fx-0.5, fy-0.5
	}
	return cells
}

// cellMarks is what stripMarks found in one cell: the number of marks
// (two for one reaching across its border), their ink in pixels, and the
// offset of the last one's centre from the cell's, in cells.
type cellMarks struct {
	marks, ink int
	dx, dy     float64
}

// stripsBeyond is the lattice of up to glyphStrips of f's own strips
// along side and the one or two strips beyond it that lie in the picture
// (beyond of them), and its rectification at glyphPx pixels a cell; ok is
// false when f is too small or no strip beyond lies in the picture.
func stripsBeyond(gray gocv.Mat, f LatticeFit, side int) (sub LatticeFit, beyond int, p raster.Plane, ok bool) {
	span := f.span(side)
	if span < 2 || f.span(side^2) < 3 || span >= 63 {
		return f, 0, p, false
	}
	sub = f
	if span > glyphStrips {
		sub = f.grow(side^1, glyphStrips-span)
	}
	// The candidate strips must lie in the picture: the warp replicates
	// the edge's pixels outwards into streaks.
	for beyond < 2 && stripInImage(sub.grow(side, beyond+1), side, gray.Cols(), gray.Rows()) {
		beyond++
	}
	if beyond == 0 {
		return f, 0, p, false
	}
	sub = sub.grow(side, beyond)
	w, h := sub.Cols*glyphPx, sub.Rows*glyphPx
	toImage := geom.Homography{1.0 / glyphPx, 0, 0, 0, 1.0 / glyphPx, 0, 0, 0, 1}.Then(sub.ToImage)
	rect := raster.Warp(gray, toImage, w, h)
	p = raster.PlaneOf(rect)
	rect.Close()
	return sub, beyond, p, p.W == w && p.H == h
}

// stripCounts sorts the cells of sub's strips along side by kind
// (stripKinds): counts[k] are the kinds of cell in strip k out from the
// side (0 the first beyond it), the last entry those of the lattice's own
// strips, and inks[k] the ink of those holding a glyph.
func stripCounts(p raster.Plane, sub LatticeFit, side, beyond int) (counts [3][3]int, inks [3][]int) {
	marks := stripMarks(p, sub.Rows, sub.Cols)
	n := sub.span(side ^ 2)
	strip := make([]cellMarks, n)
	for s := 0; s < sub.span(side); s++ {
		k := s // strips counted from the outside in
		if side == 1 || side == 3 {
			k = sub.span(side) - 1 - s
		}
		k = beyond - 1 - k // 0 the strip next to the side
		if k < 0 {
			k = 2
		}
		for j := 0; j < n; j++ {
			r, c := s, j
			if side >= 2 {
				r, c = j, s
			}
			strip[j] = marks[r*sub.Cols+c]
		}
		for j, kind := range stripKinds(strip) {
			counts[k][kind]++
			if kind == stripGlyph {
				inks[k] = append(inks[k], strip[j].ink)
			}
		}
	}
	return counts, inks
}

// stripKinds classifies the cells of one strip: empty, holding one glyph
// near its centre, or holding other print (messy). Far from the lattice's
// own strips its map drifts off the cells a little (perspective it
// extrapolates, paper that bends): the glyphs are judged about where the
// strip's marks put the cells' centres, when that is not far off.
func stripKinds(cells []cellMarks) []int {
	var dxs, dys []float64
	for _, c := range cells {
		if c.marks == 1 {
			dxs, dys = append(dxs, c.dx), append(dys, c.dy)
		}
	}
	mx, my := 0.0, 0.0
	if len(dxs) >= 2 {
		mx, my = raster.Percentile(dxs, 0.5), raster.Percentile(dys, 0.5)
		if math.Hypot(mx, my) > locating.glyphs.maxDrift {
			mx, my = 0, 0
		}
	}
	kinds := make([]int, len(cells))
	for i, c := range cells {
		switch {
		case c.marks == 0:
			kinds[i] = stripEmpty
		case c.marks == 1 && math.Hypot(c.dx-mx, c.dy-my) <= locating.glyphs.centred:
			kinds[i] = stripGlyph
		default:
			kinds[i] = stripMessy
		}
	}
	return kinds
}
