package cellread

import (
	"math"
	"sync"

	"gocv.io/x/gocv"

	"binocle/vision/internal/gridline"
	"binocle/vision/internal/raster"
)

// cellFeatures describe one cell's content, measured in its inner window
// (the cell without the margin where lines and clues sit).
type Features struct {
	Ink     float64 // share of the inner window darker than the local paper
	Centre  float64 // ink share in the middle of the ink's bounding box
	sides   float64 // ink share at the middles of the bounding box's sides
	Ends    float64 // the same at the middles of its top and bottom only
	Flanks  float64 // and at the middles of its left and right
	Hole    float64 // share of the box that is paper enclosed by the glyph
	stray   float64 // ink in the cell off the glyph and off the lines, as ink is measured
	off     float64 // how far the glyph's box is from the cell's middle, in cells
	hint    float64 // share of the middle darker than paper by the hint level, off the lines
	Fill    float64 // ink share of the ink's bounding box
	Aspect  float64 // bounding box width / height
	colour  float64 // share of the inner window that is saturated colour
	corners float64 // colour share in the cell's corners, which tiles fill and glyphs do not
	hue     float64 // mean hue of the coloured pixels, degrees
	Tone    float64 // darkness at the glyph's middle over the glyph's own darkness
}

// cellImage is a rectified grid: cell (r, c) covers pixels
// [c*px, (c+1)*px) x [r*px, (r+1)*px).
type Image struct {
	Rows, Cols, Px int
	bgr            raster.BGRPlane // white-balanced (whiteBalanced), for the colour rules
	// patchBGR is the grid's colours as rectified, which the cell net
	// was trained on.
	patchBGR       raster.BGRPlane
	Gray           raster.Plane
	Ink            []bool  // darker than the local paper by the ink threshold
	faint          []bool  // darker by the lower threshold that tells a faint glyph from paper
	Lines          []bool  // faint pixels on long straight runs: grid lines, borders, not glyphs
	dark           []uint8 // how much darker than the local paper
	ShiftX, ShiftY []int   // per cell, where it sits between its lines as found, in pixels off the lattice
	hint           uint8   // darkness below the faint level that still hints at a glyph too faint to see
	// LightGlyphs says the glyphs and lines are lighter than the board,
	// a dark theme's (lightOnDark).
	LightGlyphs bool
	// GlyphX and glyphY are what recentre moved every window by, in
	// pixels: how far the lattice sits off the glyphs beyond the lines found.
	GlyphX, GlyphY int
	// cut holds the cells' patches for the nets, cut on the first ask:
	// the cell net and the marks net read the same patches.
	cut *netPatches
}

// netPatches are one grid's CellPatches at CellSide, cut once.
type netPatches struct {
	once    sync.Once
	patches []CellPatch
}

// NetPatches is CellPatches(ci, CellSide), cut once for every copy of
// ci that NewImage made. Its patches are shared: read them, never
// write.
func (ci Image) NetPatches() []CellPatch {
	if ci.cut == nil {
		return CellPatches(ci, CellSide)
	}
	ci.cut.once.Do(func() { ci.cut.patches = CellPatches(ci, CellSide) })
	return ci.cut.patches
}

// newCellImage measures ink against a local paper level: a closing with a
// kernel wider than any glyph removes the glyphs and lines but keeps
// shadows and shaded cells, so ink is what stands out locally.
func NewImage(grid gocv.Mat, rows, cols, px int) Image {
	raw := raster.BGRPlaneOf(grid)
	ci := Image{Rows: rows, Cols: cols, Px: px, bgr: whiteBalanced(raw), patchBGR: raw, cut: &netPatches{}}
	gray := raster.ToGray(grid)
	defer gray.Close()
	paper := gocv.NewMat()
	defer paper.Close()
	kernel := gocv.GetStructuringElement(gocv.MorphRect, raster.Pt(px|1, px|1))
	defer kernel.Close()
	gocv.MorphologyEx(gray, &paper, gocv.MorphClose, kernel)
	ci.Gray = raster.PlaneOf(gray)
	bg := raster.PlaneView(paper)
	threshold, faint := inkLevels(ci.Gray.Pix, bg.Pix)
	ci.hint = uint8(Tuned.Features.hintShare * faint)
	ci.Ink = make([]bool, len(ci.Gray.Pix))
	ci.faint = make([]bool, len(ci.Gray.Pix))
	ci.dark = make([]uint8, len(ci.Gray.Pix))
	for i, v := range ci.Gray.Pix {
		d := float64(bg.Pix[i]) - float64(v)
		ci.dark[i] = uint8(max(0, d))
		ci.Ink[i] = d > threshold
		ci.faint[i] = d > faint
	}
	// A dark board's lines are lighter than it, unless they are the
	// dark gaps between light tiles: the way that marks far less of the
	// board marks its lines and glyphs, not the board itself.
	ci.LightGlyphs = lightOnDark(gray, px)
	lineInk := ci.faint
	if ci.LightGlyphs {
		if light := lightFaint(gray, kernel); lightLinesMargin*float64(marked(light)) < float64(marked(ci.faint)) {
			lineInk = light
		}
	}
	gl := gridline.FindCellLines(lineInk, ci.Gray.W, ci.Gray.H, rows, cols, px)
	ci.Lines, ci.ShiftX, ci.ShiftY = gl.Mask, gl.ShiftX, gl.ShiftY
	ci.Recentre()
	return ci
}

// inkLevels are how much darker than its local paper bg a pixel of g
// must be to be ink, and to be faint ink: shares of the contrast from the
// median paper to the darkest ink.
func inkLevels(g, bg []uint8) (ink, faint float64) {
	p := &Tuned.Features
	q := raster.BytePercentiles(g, p.darkQuantile)
	contrast := raster.BytePercentiles(bg, 0.5)[0] - q[0] // from the median paper
	return raster.Clamp(p.inkShare*contrast, p.inkMin, p.inkMax), raster.Clamp(p.faintShare*contrast, p.faintMin, p.faintMax)
}

// lightOnDark says whether a grid's glyphs and lines are lighter than its
// board, a dark theme's: whether its grey reaches further above the
// local mean, a few cells wide, than below it. Against the grid's one
// median, a photo's paper half in shadow and half in light reached
// further on the light side than its ink did on the dark one, and the
// cell patches were turned over as a dark theme's (dev-photos
// wild-photo-098: black squares read as blanks).
func lightOnDark(gray gocv.Mat, px int) bool {
	k := max(3, (lightMeanCells*px)|1)
	mean := gocv.NewMat()
	defer mean.Close()
	gocv.Blur(gray, &mean, raster.Pt(k, k))
	g, m := raster.PlaneView(gray).Pix, raster.PlaneView(mean).Pix
	dev := make([]uint8, len(g))
	for i := range g {
		// 128 is the local mean; a byte holds half a grey scale either way.
		dev[i] = uint8(max(0, min(255, 128+(int(g[i])-int(m[i]))/2)))
	}
	q := raster.BytePercentiles(dev, cellDarkQuantile, 0.5, cellLightQuantile)
	return q[2]-q[1] > q[1]-q[0]
}

// lightMeanCells is how many cells wide the local mean lightOnDark
// measures against is: wide enough that a glyph or a shaded cell barely
// moves it, narrow enough to follow a shadow's edge across the grid.
const lightMeanCells = 3

// lightFaint is the faint mask of a dark board's light strokes: what
// stands out lighter than the local board as faint ink stands out darker
// than paper. On a dark board the dark mask marks the board itself
// between its light lines, all along every cell, and the lines found in
// it put each cell's window where a light glyph left a gap in it: a
// dark theme's discs were read through windows a third of a cell off.
func lightFaint(gray, kernel gocv.Mat) []bool {
	inv := gocv.NewMat()
	defer inv.Close()
	gocv.BitwiseNot(gray, &inv)
	board := gocv.NewMat()
	defer board.Close()
	gocv.MorphologyEx(inv, &board, gocv.MorphClose, kernel)
	pix, bg := raster.PlaneView(inv).Pix, raster.PlaneView(board).Pix
	_, faint := inkLevels(pix, bg)
	out := make([]bool, len(pix))
	for i, v := range pix {
		out[i] = float64(bg[i])-float64(v) > faint
	}
	return out
}

// lightLinesMargin is how many times more of a dark board the dark mask
// must mark than the light one for its lines to be taken as light: where
// the dark mask is the board itself it marks two to eight times as much;
// a tile board's dark gaps and its coloured tiles, a few grey levels
// apart, mark about as much either way, and its gaps are its lines.
const lightLinesMargin = 1.5

// marked counts a mask's pixels that are set.
func marked(mask []bool) int {
	n := 0
	for _, on := range mask {
		if on {
			n++
		}
	}
	return n
}

// Recentre moves every cell's window by the offset at which the ink off
// the lines sits, on average, from the cells' middles. A lattice placed a
// fraction of a cell off (faint lines, a missing border) puts every glyph
// near one side of its cell, and the windows, which follow found lines,
// have no lines to follow. The ink's phase within its cell is averaged on
// the circle, so glyphs split by a boundary still pull the same way.
func (ci *Image) Recentre() {
	px, w := ci.Px, ci.Gray.W
	p := &Tuned.Features
	var sx, cx, sy, cy, n float64
	for i, on := range ci.Ink {
		if !on || ci.Lines[i] {
			continue
		}
		x, y := i%w, i/w
		col, row := x/px, y/px
		if col >= ci.Cols || row >= ci.Rows {
			continue
		}
		c := row*ci.Cols + col
		ax := 2 * math.Pi * float64(x-col*px-ci.ShiftX[c]) / float64(px)
		ay := 2 * math.Pi * float64(y-row*px-ci.ShiftY[c]) / float64(px)
		sx += math.Sin(ax)
		cx += math.Cos(ax)
		sy += math.Sin(ay)
		cy += math.Cos(ay)
		n++
	}
	// A grid needs glyphs in a few cells for their phase to say anything.
	if n < p.recentreInk*float64(px*px) {
		return
	}
	// offset is the ink's offset from the cells' middles, in cells, and
	// whether it gathers at all.
	offset := func(s, c float64) (float64, bool) {
		// The middle of a cell is at phase pi.
		return math.Atan2(-s, -c) / (2 * math.Pi), math.Hypot(s, c)/n >= p.recentreAgree
	}
	offX, agreeX := offset(sx, cx)
	offY, agreeY := offset(sy, cy)
	// Ink that gathers half a cell off is on the boundaries: the gaps
	// between tiles, thick lines, clues; glyphs that far off would be cut
	// in two by the lattice, which no window can mend. Such ink lies on
	// the boundaries both ways, where the gaps cross, so when it shows
	// on one axis its pull on the other is the gaps' too: a dark tile
	// board's gaps pulled its windows and clue sites 0.44 of a cell down
	// while pulling 0.47 across.
	if (agreeX && math.Abs(offX) > p.recentreMax) || (agreeY && math.Abs(offY) > p.recentreMax) {
		return
	}
	shift := func(off float64, agree bool) int {
		if !agree || math.Abs(off) < p.recentreMin {
			return 0
		}
		return int(math.Round(off * float64(px)))
	}
	dx, dy := shift(offX, agreeX), shift(offY, agreeY)
	ci.GlyphX, ci.GlyphY = dx, dy
	for i := range ci.ShiftX {
		ci.ShiftX[i] += dx
		ci.ShiftY[i] += dy
	}
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

// IsColoured says whether a pixel belongs to a coloured glyph or tile
// rather than to paper, ink or a grey cell. A dark pixel needs a strong
// colour, which a tile in shadow keeps and dark ink on tinted paper or
// noise on dark grey do not have.
func IsColoured(b, g, r uint8) (bool, float64) {
	h, _ := hueSat(b, g, r)
	return saturated(b, g, r), h
}

// saturated is IsColoured without the hue, for the per-pixel passes.
func saturated(b, g, r uint8) bool {
	p := &Tuned.Features
	mx, mn := max(r, g, b), min(r, g, b)
	if mx == 0 {
		return false
	}
	s := float64(mx-mn) / float64(mx)
	if mx > p.brightLevel {
		return s > p.colouredSat
	}
	return s > p.darkSat && mx-mn >= p.darkSpread
}

// cornerColour is the coloured share of four small squares near the
// cell's corners, inside any gap between tiles but outside any round glyph.
func (ci Image) cornerColour(row, col int) float64 {
	px := ci.Px
	from, to := Tuned.Features.cornerFrom, Tuned.Features.cornerTo
	lo, hi := int(from*float64(px)), max(int(from*float64(px))+1, int(to*float64(px)))
	n, coloured := 0, 0
	for _, oy := range []int{lo, px - hi} {
		for _, ox := range []int{lo, px - hi} {
			for y := oy; y < oy+hi-lo; y++ {
				for x := ox; x < ox+hi-lo; x++ {
					n++
					if ok, _ := IsColoured(ci.bgr.At(col*px+x, row*px+y)); ok {
						coloured++
					}
				}
			}
		}
	}
	return float64(coloured) / float64(n)
}

func (ci Image) Features(row, col int) Features {
	px := ci.Px
	p := &Tuned.Features
	m := int(math.Round(p.innerMargin * float64(px)))
	x0, y0 := col*px+m, row*px+m
	x1, y1 := (col+1)*px-m, (row+1)*px-m
	area := float64((x1 - x0) * (y1 - y0))
	var f Features
	colourCount := 0
	var hx, hy float64 // hue as a unit vector, so that red's 350 and 10 average to 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			b, g, r := ci.bgr.At(x, y)
			if ok, h := IsColoured(b, g, r); ok {
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
	g := ci.Glyph(row, col)
	f.stray = float64(g.stray) / area
	f.hint = float64(g.hint) / area
	if g.faint == 0 {
		return f
	}
	f.Ink = float64(g.faint) / area
	top := ci.GlyphDarkness(g)
	f.Tone = ci.MiddleTone(g, top)
	// A glyph drawn faintly throughout is shaped by the faint mask.
	mask := ci.shapeMask(g, top)
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
	mid := float64(px-1) / 2
	f.off = math.Max(math.Abs(float64(bx0+bx1)/2-mid), math.Abs(float64(by0+by1)/2-mid)) / float64(px)
	f.Fill = float64(inkCount) / float64(w*h)
	f.Aspect = float64(w) / float64(h)
	share := func(b shareBox) float64 {
		return maskShare(mask, px, bx0, by0, w, h, b.x0, b.x1, b.y0, b.y1)
	}
	f.Centre = share(p.centreBox)
	// The middles of the box's four sides: a ring, a disc, a square or a
	// bar's long sides have ink there, the arms of an X do not.
	f.Ends = (share(p.endBoxes[0]) + share(p.endBoxes[1])) / 2
	f.Flanks = (share(p.flankBoxes[0]) + share(p.flankBoxes[1])) / 2
	f.sides = (f.Ends + f.Flanks) / 2
	f.Hole = HoleShare(mask, px, bx0, by0, w, h)
	return f
}

// MiddleTone is how dark the grey image is at the middle of the glyph's
// box, as a share of the glyph's own darkness (a high percentile of its
// pixels'). It reads the picture rather than a mask cut at some level, so
// neither blur that closes a ring's hole nor a shadow's edge that cuts
// part of a glyph away at the mask's level changes what it says: a ring,
// an O or a 0 leaves its middle paper, a disc, a square, an X or a 1 inks
// it.
func (ci Image) MiddleTone(g cellGlyph, top int) float64 {
	if top == 0 {
		return 0
	}
	bx0, by0, bx1, by1 := g.bx0, g.by0, g.bx1, g.by1
	if bx1 < bx0 {
		return 0
	}
	// The middle is a small square, narrower than a narrow 0's hole.
	cx, cy := float64(bx0+bx1)/2, float64(by0+by1)/2
	r := max(Tuned.Features.middleMin, Tuned.Features.middleSpan*float64(min(bx1-bx0+1, by1-by0+1)))
	var sum float64
	cnt := 0
	for y := int(math.Ceil(cy - r)); y <= int(math.Floor(cy+r)); y++ {
		for x := int(math.Ceil(cx - r)); x <= int(math.Floor(cx+r)); x++ {
			sum += float64(ci.dark[(g.oy+y)*ci.Gray.W+g.ox+x])
			cnt++
		}
	}
	if cnt == 0 {
		return 0
	}
	return sum / float64(cnt) / float64(top)
}

// GlyphDarkness is a glyph's darkness over its paper: a high percentile
// of its pixels' rather than the maximum, which a speck of noise can set.
func (ci Image) GlyphDarkness(g cellGlyph) int {
	px := ci.Px
	var hist [256]int
	n := 0
	for i, on := range g.in {
		if on {
			hist[ci.dark[(g.oy+i/px)*ci.Gray.W+g.ox+i%px]]++
			n++
		}
	}
	acc := 0
	for v := 255; v >= 0; v-- {
		acc += hist[v]
		if Tuned.Features.glyphTop.Of(acc, n) {
			return v
		}
	}
	return 0
}

// shapeMask is the glyph's pixels (cell-local) darker than shapeShare of
// the glyph's darkness top: blur spreads a stroke's ink and shrinks an
// O's hole, so each glyph is cut at its own darkness.
func (ci Image) shapeMask(g cellGlyph, top int) []bool {
	px := ci.Px
	cut := uint8(Tuned.Features.shapeShare * float64(top))
	mask := make([]bool, len(g.in))
	for i, on := range g.in {
		mask[i] = on && ci.dark[(g.oy+i/px)*ci.Gray.W+g.ox+i%px] >= cut
	}
	return mask
}

// cellGlyph is the ink of one cell that makes up its glyph, in the cell's
// own px x px coordinates.
type cellGlyph struct {
	in            []bool // faint pixels of the glyph's components
	ox, oy        int    // where the cell's window starts in the grid
	faint, strong int    // its faint pixels and how many of them are strong ink
	stray         int    // faint pixels off the glyph and off the lines
	hint          int    // pixels near the middle, off the lines, darker than the hint level
	// The box of in, cell-local and inclusive (empty when bx1 < bx0).
	bx0, by0, bx1, by1 int
}

// Glyph collects the connected pieces of faint ink, grid lines taken out,
// whose centres lie near the cell's centre. Judging pieces rather than a
// fixed window keeps a glyph whole when the cell is a little off, and
// keeps a line or a clue that reaches into the cell out of it.
func (ci Image) Glyph(row, col int) cellGlyph {
	px := ci.Px
	p := &Tuned.Features
	e := max(1, int(math.Round(p.glyphEdge*float64(px))))
	ox, oy := col*px, row*px
	// Where the cell's middle is in the window: a window kept inside the
	// grid at its edge no longer has the cell's middle at its own.
	midX, midY := float64(px-1)/2, float64(px-1)/2
	if ci.ShiftX != nil {
		wantX, wantY := ox+ci.ShiftX[row*ci.Cols+col], oy+ci.ShiftY[row*ci.Cols+col]
		ox = min(max(wantX, 0), ci.Gray.W-px)
		oy = min(max(wantY, 0), ci.Gray.H-px)
		midX += float64(wantX - ox)
		midY += float64(wantY - oy)
	}
	g := cellGlyph{in: make([]bool, px*px), ox: ox, oy: oy, bx0: px, by0: px, bx1: -1, by1: -1}
	seen := make([]bool, px*px)
	var stack, comp []int
	zone := p.glyphZone * float64(px)
	for sy := e; sy < px-e; sy++ {
		for sx := e; sx < px-e; sx++ {
			si := sy*px + sx
			gi := (oy+sy)*ci.Gray.W + ox + sx
			if ci.dark[gi] >= ci.hint && !ci.Lines[gi] && math.Abs(float64(sx)-midX) <= zone && math.Abs(float64(sy)-midY) <= zone {
				g.hint++
			}
			if seen[si] || !ci.faint[gi] || ci.Lines[gi] {
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
				if ci.Ink[(oy+y)*ci.Gray.W+ox+x] {
					strong++
				}
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						nx, ny := x+dx, y+dy
						if nx < e || ny < e || nx >= px-e || ny >= px-e {
							continue
						}
						ni := ny*px + nx
						ngi := (oy+ny)*ci.Gray.W + ox + nx
						if seen[ni] || !ci.faint[ngi] || ci.Lines[ngi] {
							continue
						}
						seen[ni] = true
						stack = append(stack, ni)
					}
				}
			}
			n := float64(len(comp))
			if len(comp) < p.speckPixels {
				continue
			}
			if math.Abs(sumX/n-midX) > zone || math.Abs(sumY/n-midY) > zone {
				g.stray += len(comp)
				continue
			}
			for _, i := range comp {
				g.in[i] = true
				x, y := i%px, i/px
				g.bx0, g.by0 = min(g.bx0, x), min(g.by0, y)
				g.bx1, g.by1 = max(g.bx1, x), max(g.by1, y)
			}
			g.faint += len(comp)
			g.strong += strong
		}
	}
	return g
}

// HoleShare is the share of the box at (x, y) of size w x h in a mask of
// the given width that is not inked yet cannot be reached from the box's
// edge without crossing ink: the hole of an O, a 0 or a circle.
func HoleShare(mask []bool, width, x, y, w, h int) float64 {
	if w < 3 || h < 3 {
		return 0
	}
	outside := raster.FloodFromEdges(w, h, func(u, v int) bool { return !mask[(y+v)*width+x+u] })
	enclosed := 0
	for k, out := range outside {
		if !out && !mask[(y+k/w)*width+x+k%w] {
			enclosed++
		}
	}
	return float64(enclosed) / float64(w*h)
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

// CellPixels is the rectified cell size classification works at: enough
// for a glyph's shape, small enough that a 64x64 grid stays cheap.
func CellPixels(rows, cols int) int {
	return int(raster.Clamp(float64(1800/max(rows, cols)), 20, 40))
}

// Colours is the grid's colours as rectified, for the clue sites cut from
// the cells' own copy (clueread).
func (ci Image) Colours() raster.BGRPlane { return ci.patchBGR }
