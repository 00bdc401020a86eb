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
	sides   float64 // ink share at the middles of the bounding box's sides
	ends    float64 // the same at the middles of its top and bottom only
	flanks  float64 // and at the middles of its left and right
	hole    float64 // share of the box that is paper enclosed by the glyph
	stray   float64 // ink in the cell off the glyph and off the lines, as ink is measured
	off     float64 // how far the glyph's box is from the cell's middle, in cells
	hint    float64 // share of the middle darker than paper by the hint level, off the lines
	fill    float64 // ink share of the ink's bounding box
	aspect  float64 // bounding box width / height
	colour  float64 // share of the inner window that is saturated colour
	corners float64 // colour share in the cell's corners, which tiles fill and glyphs do not
	hue     float64 // mean hue of the coloured pixels, degrees
	tone    float64 // darkness at the glyph's middle over the glyph's own darkness
}

// cellImage is a rectified grid: cell (r, c) covers pixels
// [c*px, (c+1)*px) x [r*px, (r+1)*px).
type cellImage struct {
	rows, cols, px int
	bgr            bgrPlane
	gray           plane
	ink            []bool  // darker than the local paper by the ink threshold
	faint          []bool  // darker by the lower threshold that tells a faint glyph from paper
	lines          []bool  // faint pixels on long straight runs: grid lines, borders, not glyphs
	dark           []uint8 // how much darker than the local paper
	shiftX, shiftY []int   // per cell, where it sits between its lines as found, in pixels off the lattice
	hint           uint8   // darkness below the faint level that still hints at a glyph too faint to see
	// glyphX and glyphY are what recentre moved every window by, in
	// pixels: how far the lattice sits off the glyphs beyond the lines found.
	glyphX, glyphY int
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
	ci.hint = uint8(hintShareOfFaint * faint)
	ci.ink = make([]bool, len(ci.gray.pix))
	ci.faint = make([]bool, len(ci.gray.pix))
	ci.dark = make([]uint8, len(ci.gray.pix))
	for i, v := range ci.gray.pix {
		d := float64(bg.pix[i]) - float64(v)
		ci.dark[i] = uint8(max(0, d))
		ci.ink[i] = d > threshold
		ci.faint[i] = d > faint
	}
	gl := findGridLines(ci.faint, ci.gray.w, ci.gray.h, rows, cols, px)
	ci.lines, ci.shiftX, ci.shiftY = gl.mask, gl.shiftX, gl.shiftY
	ci.recentre()
	return ci
}

// Recentring on the glyphs, see recentre.
const (
	// recentreMin is the least consistent offset of the glyphs, in cells,
	// that moves the windows: below it the glyphs' own asymmetry (a 1's
	// flag) and noise are the cause.
	recentreMin = 0.06
	// recentreAgree is the least resultant length of the ink's phases:
	// glyphs centred in their cells all share one phase, paper noise and
	// lines do not.
	recentreAgree = 0.5
	// recentreMax is the largest offset believed, in cells. A lattice
	// whose lines were too faint to see can sit nearly half a cell off,
	// with every glyph across a boundary; only ink gathered at half a cell
	// is on the boundaries themselves (see recentre's shift).
	recentreMax = 0.45
)

// recentre moves every cell's window by the offset at which the ink off
// the lines sits, on average, from the cells' middles. A lattice placed a
// fraction of a cell off (faint lines, a missing border) puts every glyph
// near one side of its cell, and the windows, which follow found lines,
// have no lines to follow. The ink's phase within its cell is averaged on
// the circle, so glyphs split by a boundary still pull the same way.
func (ci *cellImage) recentre() {
	px, w := ci.px, ci.gray.w
	var sx, cx, sy, cy, n float64
	for i, on := range ci.ink {
		if !on || ci.lines[i] {
			continue
		}
		x, y := i%w, i/w
		col, row := x/px, y/px
		if col >= ci.cols || row >= ci.rows {
			continue
		}
		c := row*ci.cols + col
		ax := 2 * math.Pi * float64(x-col*px-ci.shiftX[c]) / float64(px)
		ay := 2 * math.Pi * float64(y-row*px-ci.shiftY[c]) / float64(px)
		sx += math.Sin(ax)
		cx += math.Cos(ax)
		sy += math.Sin(ay)
		cy += math.Cos(ay)
		n++
	}
	// A grid needs glyphs in a few cells for their phase to say anything.
	if n < float64(px*px)/4 {
		return
	}
	shift := func(s, c float64) int {
		if math.Hypot(s, c)/n < recentreAgree {
			return 0
		}
		// The middle of a cell is at phase pi.
		off := math.Atan2(-s, -c) / (2 * math.Pi)
		// Ink that gathers half a cell off is on the boundaries: the gaps
		// between tiles, thick lines, clues; glyphs that far off would be
		// cut in two by the lattice, which no window can mend.
		if math.Abs(off) < recentreMin || math.Abs(off) > recentreMax {
			return 0
		}
		return int(math.Round(off * float64(px)))
	}
	dx, dy := shift(sx, cx), shift(sy, cy)
	ci.glyphX, ci.glyphY = dx, dy
	for i := range ci.shiftX {
		ci.shiftX[i] += dx
		ci.shiftY[i] += dy
	}
}

// faintShareOfContrast is how much of the way from paper to the darkest
// ink a pixel must be to show that a cell is not blank: low enough for a
// thin grey circle beside solid black discs, above a photo's noise (the
// floor of 18 levels). Shapes are measured on the stronger ink mask, where
// blur does not close a small glyph's holes.
const faintShareOfContrast = 0.25

// hintShareOfFaint is the share of the faint level at which a blank
// cell's middle hints at a glyph drawn fainter still.
const hintShareOfFaint = 0.6

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
// rather than to paper, ink or a grey cell. A dark pixel needs a strong
// colour, which a tile in shadow keeps and dark ink on tinted paper or
// noise on dark grey do not have.
func isColoured(b, g, r uint8) (bool, float64) {
	h, s := hueSat(b, g, r)
	if max(r, g, b) > 70 {
		return s > 0.35, h
	}
	return s > 0.6 && max(r, g, b)-min(r, g, b) >= 24, h
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
	f.stray = float64(g.stray) / area
	f.hint = float64(g.hint) / area
	if g.faint == 0 {
		return f
	}
	f.ink = float64(g.faint) / area
	top := ci.glyphDarkness(g)
	f.tone = ci.middleTone(g, top)
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
	f.fill = float64(inkCount) / float64(w*h)
	f.aspect = float64(w) / float64(h)
	share := func(fx0, fx1, fy0, fy1 float64) float64 {
		return maskShare(mask, px, bx0, by0, w, h, fx0, fx1, fy0, fy1)
	}
	f.centre = share(0.35, 0.65, 0.35, 0.65)
	// The middles of the box's four sides: a ring, a disc, a square or a
	// bar's long sides have ink there, the arms of an X do not.
	f.ends = (share(0.4, 0.6, 0, 0.2) + share(0.4, 0.6, 0.8, 1)) / 2
	f.flanks = (share(0, 0.2, 0.4, 0.6) + share(0.8, 1, 0.4, 0.6)) / 2
	f.sides = (f.ends + f.flanks) / 2
	f.hole = holeShare(mask, px, bx0, by0, w, h)
	return f
}

// middleTone is how dark the grey image is at the middle of the glyph's
// box, as a share of the glyph's own darkness (a high percentile of its
// pixels'). It reads the picture rather than a mask cut at some level, so
// neither blur that closes a ring's hole nor a shadow's edge that cuts
// part of a glyph away at the mask's level changes what it says: a ring,
// an O or a 0 leaves its middle paper, a disc, a square, an X or a 1 inks
// it.
func (ci cellImage) middleTone(g cellGlyph, top int) float64 {
	if top == 0 {
		return 0
	}
	bx0, by0, bx1, by1 := g.bx0, g.by0, g.bx1, g.by1
	if bx1 < bx0 {
		return 0
	}
	// The middle is a small square, narrower than a narrow 0's hole.
	cx, cy := float64(bx0+bx1)/2, float64(by0+by1)/2
	r := max(0.5, middleSpan*float64(min(bx1-bx0+1, by1-by0+1)))
	var sum float64
	cnt := 0
	for y := int(math.Ceil(cy - r)); y <= int(math.Floor(cy+r)); y++ {
		for x := int(math.Ceil(cx - r)); x <= int(math.Floor(cx+r)); x++ {
			sum += float64(ci.dark[(g.oy+y)*ci.gray.w+g.ox+x])
			cnt++
		}
	}
	if cnt == 0 {
		return 0
	}
	return sum / float64(cnt) / float64(top)
}

// middleSpan is the half-size of the square middleTone reads, as a share
// of the glyph box's smaller side.
const middleSpan = 0.1

// shapeShare is the share of a glyph's own darkness its shape is cut at.
// Blur spreads a stroke's ink and shrinks an O's hole; cutting each glyph
// at half its own darkness rather than at one level for the whole grid
// keeps a bold, blurred O open and a faint X thin.
const shapeShare = 0.6

// glyphDarkness is a glyph's darkness over its paper: a high percentile
// of its pixels' rather than the maximum, which a speck of noise can set.
func (ci cellImage) glyphDarkness(g cellGlyph) int {
	px := ci.px
	var hist [256]int
	n := 0
	for i, on := range g.in {
		if on {
			hist[ci.dark[(g.oy+i/px)*ci.gray.w+g.ox+i%px]]++
			n++
		}
	}
	acc := 0
	for v := 255; v >= 0; v-- {
		acc += hist[v]
		if acc*10 >= n {
			return v
		}
	}
	return 0
}

// shapeMask is the glyph's pixels (cell-local) darker than shapeShare of
// the glyph's darkness top.
func (ci cellImage) shapeMask(g cellGlyph, top int) []bool {
	px := ci.px
	cut := uint8(shapeShare * float64(top))
	mask := make([]bool, len(g.in))
	for i, on := range g.in {
		mask[i] = on && ci.dark[(g.oy+i/px)*ci.gray.w+g.ox+i%px] >= cut
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
	// Where the cell's middle is in the window: a window kept inside the
	// grid at its edge no longer has the cell's middle at its own.
	midX, midY := float64(px-1)/2, float64(px-1)/2
	if ci.shiftX != nil {
		wantX, wantY := ox+ci.shiftX[row*ci.cols+col], oy+ci.shiftY[row*ci.cols+col]
		ox = min(max(wantX, 0), ci.gray.w-px)
		oy = min(max(wantY, 0), ci.gray.h-px)
		midX += float64(wantX - ox)
		midY += float64(wantY - oy)
	}
	g := cellGlyph{in: make([]bool, px*px), ox: ox, oy: oy, bx0: px, by0: px, bx1: -1, by1: -1}
	seen := make([]bool, px*px)
	var stack, comp []int
	zone := glyphZone * float64(px)
	for sy := e; sy < px-e; sy++ {
		for sx := e; sx < px-e; sx++ {
			si := sy*px + sx
			gi := (oy+sy)*ci.gray.w + ox + sx
			if ci.dark[gi] >= ci.hint && !ci.lines[gi] && math.Abs(float64(sx)-midX) <= zone && math.Abs(float64(sy)-midY) <= zone {
				g.hint++
			}
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
			if len(comp) < speckPixels {
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

// Line finding, in cell widths. The rectified grid puts every line near a
// cell boundary; a stretch of line one cell long is found as the columns
// (or rows) near the boundary that are ink nearly all along the stretch,
// which no glyph is: glyphs are smaller than a cell and centred in it.
const (
	// lineSearch is how far from its boundary a line is looked for: the
	// rectification may be a little off, more near the grid's edges.
	lineSearch = 0.3
	// lineCover is the share of the stretch a line's column is ink along,
	// give or take a pixel across.
	lineCover = 0.8
	// lineGap is the longest break a line may have within a cell's
	// stretch: noise in a faint line, not the paper between a glyph's
	// stroke and the lines at its ends.
	lineGap = 0.05
	// lineTilt is how far across itself a line may move over one cell's
	// stretch, bent or turned by a rectification a little off.
	lineTilt = 0.12
)

// gridLines is what findGridLines saw of the grid's lines.
type gridLines struct {
	mask []bool // ink pixels on the lines
	// shiftX and shiftY move each cell (row-major) to sit between its
	// lines as found, in pixels.
	shiftX, shiftY []int
}

// findGridLines looks, for each boundary between cells (and the outer
// border) and each cell along it, for the columns (rows for horizontal
// lines) within lineSearch of the boundary that are ink over lineCover of
// the cell's length, straight or tilted by up to lineTilt.
func findGridLines(ink []bool, w, h, rows, cols, px int) gridLines {
	gl := gridLines{mask: make([]bool, len(ink)), shiftX: make([]int, rows*cols), shiftY: make([]int, rows*cols)}
	search := int(math.Round(lineSearch * float64(px)))
	need := int(math.Ceil(lineCover * float64(px)))
	maxGap := max(2, int(math.Round(lineGap*float64(px))))
	tilt := float64(max(1, int(math.Round(lineTilt*float64(px)))))
	for _, vertical := range []bool{true, false} {
		// Across and along the lines, in the grid's pixels; pixel (a, l)
		// is at index a*sa + l*sl.
		across, along := w, h
		lines, cells := cols, rows
		sa, sl := 1, w
		if !vertical {
			across, along = h, w
			lines, cells = rows, cols
			sa, sl = w, 1
		}
		// near says whether there is ink within a pixel across of a pixel
		// (indexed as the image); count[a*cells+cell] is how much of a
		// straight stretch at a along a cell is near ink. Both are filled
		// in the image's order, which is what keeps this cheap.
		near := make([]bool, len(ink))
		count := make([]int32, across*cells)
		gap := make([]int32, across*cells) // the longest gap in the stretch
		run := make([]int32, across)       // the gap so far
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				i := y*w + x
				var a, l, step, at int
				if vertical {
					a, l, step, at = x, y, 1, x
				} else {
					a, l, step, at = y, x, w, y
				}
				cell := l / px
				if l%px == 0 {
					run[a] = 0
				}
				if !(ink[i] || (at > 0 && ink[i-step]) || (at < across-1 && ink[i+step])) {
					run[a]++
					if cell < cells {
						gap[a*cells+cell] = max(gap[a*cells+cell], run[a])
					}
					continue
				}
				run[a] = 0
				near[i] = true
				if cell < cells {
					count[a*cells+cell]++
				}
			}
		}
		// offset[line*cells+cell] is where the line was found along that
		// cell, relative to its boundary.
		offset := make([]float64, (lines+1)*cells)
		found := make([]bool, (lines+1)*cells)
		// The stretches found, before the check that their lines go on.
		type stretch struct {
			t      float64
			k0, k1 int // the offsets found, from the boundary
		}
		stretches := make([][]stretch, (lines+1)*cells)
		for line := 0; line <= lines; line++ {
			for cell := 0; cell < cells; cell++ {
				l0, l1 := cell*px, min((cell+1)*px, along)
				best := int32(0)
				var got []stretch
				for _, t := range [...]float64{0, -tilt, tilt, -tilt / 2, tilt / 2} {
					// A tilted line still runs straight along a good part
					// of the stretch; without that there is none to find.
					if t != 0 && best < int32(need)/2 {
						break
					}
					for k := -search; k <= search; k++ {
						a := line*px + k
						if a < 0 || a >= across {
							continue
						}
						if t == 0 {
							c := count[a*cells+cell]
							best = max(best, c)
							if c < int32(need) || gap[a*cells+cell] > int32(maxGap) {
								continue
							}
						} else {
							count, run, longest := 0, 0, 0
							for l := l0; l < l1; l++ {
								aa := a + int(math.Round(t*(float64(l-l0)/float64(l1-l0)-0.5)))
								if aa >= 0 && aa < across && near[aa*sa+l*sl] {
									count++
									run = 0
								} else {
									run++
									longest = max(longest, run)
								}
							}
							if count < need || longest > maxGap {
								continue
							}
						}
						if n := len(got); n > 0 && got[n-1].k1 == k-1 {
							got[n-1].k1 = k
						} else {
							got = append(got, stretch{t, k, k})
						}
					}
					if len(got) > 0 {
						break
					}
				}
				stretches[line*cells+cell] = got
			}
		}
		// A grid line goes on into the next cell along it; a glyph's
		// stroke that blur has joined to the lines across its ends, near
		// a boundary, does not.
		slack := int(tilt) + 2
		goesOn := func(line, cell int, st stretch) bool {
			for _, c := range [2]int{cell - 1, cell + 1} {
				if c < 0 || c >= cells {
					continue
				}
				for _, o := range stretches[line*cells+c] {
					if o.k0 <= st.k1+slack && st.k0 <= o.k1+slack {
						return true
					}
				}
			}
			return cells == 1
		}
		accepted := make([][]stretch, (lines+1)*cells)
		for line := 0; line <= lines; line++ {
			for cell := 0; cell < cells; cell++ {
				for _, st := range stretches[line*cells+cell] {
					if goesOn(line, cell, st) {
						accepted[line*cells+cell] = append(accepted[line*cells+cell], st)
					}
				}
			}
		}
		// A line found in one cell goes on into the next even where it is
		// too short there to be found alone: past the grid's edge when
		// the rectification is off, or cut by a clue's patch.
		for line := 0; line <= lines; line++ {
			for cell := 0; cell < cells; cell++ {
				if len(accepted[line*cells+cell]) > 0 {
					continue
				}
				for _, c := range [2]int{cell - 1, cell + 1} {
					if c < 0 || c >= cells || len(stretches[line*cells+c]) == 0 {
						continue
					}
					for _, o := range accepted[line*cells+c] {
						if o.t != 0 {
							continue
						}
						for k := o.k0; k <= o.k1; k++ {
							a := line*px + k
							if a < 0 || a >= across || count[a*cells+cell] < int32(need)/2 {
								continue
							}
							got := accepted[line*cells+cell]
							if n := len(got); n > 0 && got[n-1].k1 == k-1 {
								got[n-1].k1 = k
							} else {
								got = append(got, stretch{0, k, k})
							}
							accepted[line*cells+cell] = got
						}
					}
				}
			}
		}
		for line := 0; line <= lines; line++ {
			for cell := 0; cell < cells; cell++ {
				l0, l1 := cell*px, min((cell+1)*px, along)
				var sum float64
				n := 0
				for _, st := range accepted[line*cells+cell] {
					for k := st.k0; k <= st.k1; k++ {
						a := line*px + k
						sum += float64(k)
						n++
						for l := l0; l < l1; l++ {
							aa := a + int(math.Round(st.t*(float64(l-l0)/float64(l1-l0)-0.5)))
							if aa >= 0 && aa < across {
								if i := aa*sa + l*sl; ink[i] {
									gl.mask[i] = true
								}
							}
						}
					}
				}
				if n > 0 {
					offset[line*cells+cell] = sum / float64(n)
					found[line*cells+cell] = true
				}
			}
		}
		// A stretch where no line was found (a clue's patch interrupts
		// it, a border is missing) takes the offset of the nearest
		// stretch of its line that was.
		lineOffset := func(line, cell int) (float64, bool) {
			for d := 0; d < cells; d++ {
				for _, c := range []int{cell - d, cell + d} {
					if c >= 0 && c < cells && found[line*cells+c] {
						return offset[line*cells+c], true
					}
				}
			}
			return 0, false
		}
		for line := 0; line < lines; line++ {
			for cell := 0; cell < cells; cell++ {
				lo, okLo := lineOffset(line, cell)
				hi, okHi := lineOffset(line+1, cell)
				var shift float64
				switch {
				case okLo && okHi:
					shift = (lo + hi) / 2
				case okLo:
					shift = lo
				case okHi:
					shift = hi
				}
				if vertical {
					gl.shiftX[cell*cols+line] = int(math.Round(shift))
				} else {
					gl.shiftY[line*cols+cell] = int(math.Round(shift))
				}
			}
		}
	}
	return gl
}

// holeShare is the share of the box at (x, y) of size w x h in a mask of
// the given width that is not inked yet cannot be reached from the box's
// edge without crossing ink: the hole of an O, a 0 or a circle.
func holeShare(mask []bool, width, x, y, w, h int) float64 {
	if w < 3 || h < 3 {
		return 0
	}
	outside := make([]bool, w*h)
	var stack []int
	push := func(u, v int) {
		k := v*w + u
		if u < 0 || v < 0 || u >= w || v >= h || outside[k] || mask[(y+v)*width+x+u] {
			return
		}
		outside[k] = true
		stack = append(stack, k)
	}
	for u := 0; u < w; u++ {
		push(u, 0)
		push(u, h-1)
	}
	for v := 0; v < h; v++ {
		push(0, v)
		push(w-1, v)
	}
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		u, v := k%w, k/w
		push(u-1, v)
		push(u+1, v)
		push(u, v-1)
		push(u, v+1)
	}
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

// Thresholds on the features above. They are shares of areas, so they do
// not depend on the image's scale or exposure.
const (
	// innerMargin is the share of the cell on each side left out of the
	// inner window, so that lines, borders and clues do not count as ink.
	innerMargin   = 0.2
	blankInk      = 0.035 // below: a blank cell
	glyphInk      = 0.09  // at least: as much ink as the thinnest glyph has
	strayInk      = 0.15  // stray ink above which a blank cell is in doubt
	offGlyph      = 0.15  // how far off the middle a glyph's box may be, in cells
	hintInk       = 0.1   // share of a blank cell's middle that, darker than the hint level, leaves it in doubt
	hollowCentre  = 0.3   // below: an open glyph (circle, O, 0)
	tileColour    = 0.7   // coloured share of a tile
	glyphColour   = 0.08  // coloured share of a Tango glyph
	colouredCells = 0.5   // share of symbol cells that must be coloured for a colour style
)

// wideGlyph is the aspect (width over height) of ink in a cell beyond
// which it is no glyph: printed glyphs, blurred and seen aslant, stay
// below 1.9.
const wideGlyph = 2.0

// margin maps how far v is from a decision threshold, relative to scale,
// to a confidence in [0.5, 1].
func margin(v, threshold, scale float64) float64 {
	return 0.5 + 0.5*clamp(math.Abs(v-threshold)/scale, 0, 1)
}

// doubtAbove is full confidence up to limit, falling to one half at twice
// the limit.
func doubtAbove(v, limit float64) float64 {
	return 1 - 0.5*clamp((v-limit)/limit, 0, 1)
}

// isWarm separates red, orange and yellow from blue and cyan.
func isWarm(hue float64) bool { return hue < 90 || hue > 300 }

// classify detects the style from all cells together, then labels each.
func classify(ci cellImage) (Style, []solver.Cell, []float64) {
	feats := make([]cellFeatures, ci.rows*ci.cols)
	for i := range feats {
		feats[i] = ci.features(i/ci.cols, i%ci.cols)
	}
	style := detectStyle(feats)
	cells, conf := labelFeatures(style, feats)
	return style, cells, conf
}

// labelFeatures labels every cell of a grid of the given style: each by
// its own shape, then those it leaves in doubt by the grid's others.
func labelFeatures(style Style, feats []cellFeatures) ([]solver.Cell, []float64) {
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
		if cells[i] == solver.Two && cut > 0 && f.aspect >= cut {
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
func ringAspect(feats []cellFeatures) float64 {
	var aspects []float64
	for _, f := range feats {
		if f.ink >= blankInk && f.hole >= ringHole {
			aspects = append(aspects, f.aspect)
		}
	}
	if len(aspects) < minRings {
		return 0
	}
	return percentile(aspects, 0.5)
}

// barCut is, in an X/O/I grid whose O's show no hole to measure them by,
// the aspect that parts its bar-like glyphs into two clearly different
// widths, or 0 when they are of one width. Blur on a small grid fills the
// O's and thickens the X's arms, and a squeezed rectification narrows
// both until they pass for bars; the grid's I's are still much narrower.
func barCut(feats []cellFeatures) float64 {
	var aspects []float64
	for _, f := range feats {
		if f.ink >= blankInk && f.aspect <= wideGlyph && barScore(f) > 0 && f.hole < ringHole {
			aspects = append(aspects, f.aspect)
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
	narrow, wider := percentile(aspects[:bestAt], 0.5), percentile(aspects[bestAt:], 0.5)
	if wider < barsApart*narrow {
		return 0
	}
	return (aspects[bestAt-1] + aspects[bestAt]) / 2
}

// minBars is how many glyphs each width of barCut needs; barsApart is how
// much wider, at the median, the wider ones must be.
const (
	minBars   = 3
	barsApart = 1.25
)

// minRings is how many open glyphs make their median aspect a measure,
// and barOfRing the share of it an I's aspect stays below.
const (
	minRings  = 3
	barOfRing = 0.8
)

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

// shape is what a dark glyph looks like, before the style says what it
// means.
type shape int

const (
	shapeNone   shape = iota // blank, or like none of the others
	shapeRing                // open in the middle, closed at its flanks: O, 0, circle
	shapeCross               // ink in the middle, none at its flanks: X
	shapeBar                 // narrow with its ends inked: I, 1
	shapeFilled              // solid: disc, square
)

// Shape thresholds. An X's arms leave the middles of its box's left and
// right sides bare where an O, a 0, a disc or a square reach them; a bar
// is narrow and reaches its top and bottom middles, where an X's arms do
// not.
const (
	openCentre = 0.5  // below: open in the middle
	bareFlanks = 0.5  // below: nothing at the flanks' middles
	barAspect  = 0.56 // below: a bar
	barEnds    = 0.6  // at least: a bar's ends
	solidFill  = 0.7  // at least: a disc or square fills its box
	// notchedFlanks is the flanks' share below which a solid glyph is
	// no disc or square: theirs are inked nearly all along (0.9 and more
	// in blurred photos), a blur-filled X's about half.
	notchedFlanks = 0.75
	// ringHole is the share of its box a ring's hole takes at least; blur
	// can close a small O's, so a glyph without one may still be a ring.
	ringHole    = 0.04
	styleQuorum = 0.1 // share of the symbols a style's telling shape needs
	// styleMinShapes is how many glyphs at least must show a style's
	// telling shape: in a small grid a tenth of the symbols is one
	// glyph, which one misshapen glyph can be.
	styleMinShapes = 2
	// barShare bounds the median bar's aspect, as a share of the other
	// glyphs' median, in an X/O/I grid: an I is less than half as wide.
	barShare = 0.75
	// letterO is the median aspect of the rings at which they are letter
	// O's rather than digit 0's, which are narrower.
	letterO = 0.77
	// filledSquare is the median fill of the solid glyphs above which
	// they are squares rather than discs.
	filledSquare = 0.88
)

func shapeOf(f cellFeatures) shape {
	switch {
	case f.ink < blankInk:
		return shapeNone
	case f.hole >= ringHole:
		return shapeRing
	case barScore(f) > 0:
		return shapeBar
	case f.centre < openCentre && f.flanks >= bareFlanks:
		return shapeRing
	case f.centre >= openCentre && f.flanks < bareFlanks:
		return shapeCross
	case f.centre >= openCentre && f.fill >= solidFill && f.flanks < notchedFlanks:
		// Blur on a small glyph fills an X's arms into a solid
		// hourglass, but its flanks stay notched where a disc's or a
		// square's outline, however blurred, reaches the middles of its
		// box's sides all along.
		return shapeCross
	case f.centre >= openCentre && f.fill >= solidFill:
		return shapeFilled
	}
	return shapeNone
}

// barScore is positive for a bar (I, 1) and negative for wider glyphs. A
// bold 1 can be as wide as a narrow X, but the X leaves the middles of
// its top and bottom bare.
func barScore(f cellFeatures) float64 {
	return (barAspect-f.aspect)/0.06 + (f.ends-barEnds)/0.3
}

// inkStyle tells the dark-glyph styles apart by which shapes occur. A
// style needs its telling shape in a tenth of the symbols, so that a few
// misshapen glyphs do not switch it. Blur can make an O or an X as narrow
// as a bar, so X/O/I also wants its bars clearly narrower than its other
// glyphs. A printed 0 is narrower than a letter O, which tells digits from
// an X/O/I grid that happens to hold few X's.
func inkStyle(feats []cellFeatures) Style {
	var symbols int
	var count [5]int
	var fills, barAspects, wideAspects, ringAspects []float64
	for _, f := range feats {
		// A glyph whose box sits well off its cell's middle is likely a
		// piece of a line or of a neighbour's glyph: its shape says
		// nothing about the style.
		if f.ink < blankInk || f.off > offGlyph {
			continue
		}
		symbols++
		sh := shapeOf(f)
		count[sh]++
		switch sh {
		case shapeFilled:
			fills = append(fills, f.fill)
		case shapeBar:
			barAspects = append(barAspects, f.aspect)
		case shapeRing:
			ringAspects = append(ringAspects, f.aspect)
			wideAspects = append(wideAspects, f.aspect)
		case shapeCross:
			wideAspects = append(wideAspects, f.aspect)
		}
	}
	quorum := func(n int) bool { return n >= styleMinShapes && float64(n) >= styleQuorum*float64(symbols) }
	bars, crosses, filled := count[shapeBar], count[shapeCross], count[shapeFilled]
	distinctBars := quorum(bars) && (len(wideAspects) == 0 || percentile(barAspects, 0.5) <= barShare*percentile(wideAspects, 0.5))
	letterRings := len(ringAspects) > 0 && percentile(ringAspects, 0.5) >= letterO
	switch {
	case quorum(crosses) && distinctBars:
		return StyleXOI
	case quorum(crosses):
		return StyleXO
	case quorum(bars) && crosses > 0 && letterRings:
		return StyleXOI
	case quorum(bars):
		return StyleDigits
	case quorum(filled) && percentile(fills, 0.5) < filledSquare:
		return StyleDiscCircle
	}
	return StyleSquareCircle
}

func label(style Style, f cellFeatures) (solver.Cell, float64) {
	return labelWith(style, f, 0)
}

// labelWith labels one cell; wide is the grid's ringAspect (0 if unknown).
func labelWith(style Style, f cellFeatures, wide float64) (solver.Cell, float64) {
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
	if f.ink < blankInk {
		// Ink near the cell that was not taken for its glyph (a piece
		// cut off by a line, a blot) makes a blank less sure.
		return solver.Empty, math.Min(math.Min(margin(f.ink, blankInk, blankInk), doubtAbove(f.stray, strayInk)), doubtAbove(f.hint, hintInk))
	}
	// No glyph of any style is much wider than tall: a 1 or an I is
	// narrow, the others about square. Ink flat as a dash is a piece of a
	// line, a border or a shadow's edge that the lines' mask missed, or a
	// neighbour's glyph cut by the cell's edge.
	if f.aspect > wideGlyph {
		return solver.Empty, margin(f.aspect, wideGlyph, 2*wideGlyph)
	}
	// A glyph is sure when it has clearly more ink than a speck and sits
	// in the middle of its cell; one off to a side may be a piece of a
	// line or of a neighbour's glyph.
	blank := math.Min(margin(f.ink, blankInk, glyphInk-blankInk), doubtAbove(f.off, offGlyph))
	// Each score is positive for the glyph that means 1 and about one
	// unit per feature's typical spread.
	switch style {
	case StyleDigits:
		// A 1 is narrow, inked in its middle and bare at its flanks.
		// The grey at its middle says the same without a mask: a 0
		// leaves it paper however its ring was cut.
		v := (0.62-f.aspect)/0.08 + (f.centre-0.5)/0.5 + (0.55-f.flanks)/0.3 - holeEvidence(f) + (f.tone-digitTone)/digitToneScale
		c := math.Min(blank, margin(v, 0, 2))
		if v > 0 {
			return solver.One, c
		}
		return solver.Zero, c
	case StyleXO, StyleXOI:
		if style == StyleXOI {
			// An I is much narrower than an X or an O and inked at its
			// ends; an O squeezed as narrow by the rectification still
			// has its hole, which no I has.
			if v := barScore(f); v > 0 && f.hole < ringHole && (wide == 0 || f.aspect < barOfRing*wide) {
				return solver.Two, math.Min(blank, margin(v, 0, 1.5))
			}
		}
		// An X fills its middle and leaves its flanks; an O the reverse.
		v := (f.centre-openCentre)/0.5 + (bareFlanks-f.flanks)/0.4 - holeEvidence(f)
		c := math.Min(blank, margin(v, 0, 1.5))
		if v > 0 {
			return solver.One, c
		}
		return solver.Zero, c
	}
	v := (f.centre-hollowCentre)/0.25 - holeEvidence(f)
	c := math.Min(blank, margin(v, 0, 1))
	if v < 0 {
		return solver.Zero, c
	}
	return solver.One, c
}

// digitTone is the middleTone between a 0's (paper, up to about half the
// stroke's darkness where blur fills a narrow 0) and a 1's (its stroke,
// down to about a third where its flag widens the box off the stroke);
// digitToneScale the spread that makes one unit of the 1's score.
const (
	digitTone      = 0.45
	digitToneScale = 0.3
)

// holeEvidence grows with a glyph's enclosed paper, up to a clear hole.
func holeEvidence(f cellFeatures) float64 {
	return math.Min(f.hole, 2.5*ringHole) / ringHole
}

// hueConfidence is low for hues between the warm and the cool families.
func hueConfidence(h float64) float64 {
	d := math.Min(math.Abs(h-90), math.Abs(h-300))
	return 0.5 + 0.5*clamp(d/40, 0, 1)
}
