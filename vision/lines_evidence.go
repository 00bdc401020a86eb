package vision

import (
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// extendPx is the cell size of the rectification the line evidence is
// measured in.
const extendPx = 16

// someRunOn tells whether some of the grid's lines are seen to run on
// beyond one side, which is worth a closer look there. A lattice with
// nearly every cell closed (see full) whose lines all stop at its edge
// (tiles, a screenshot) is not looked at again.
func (ev lineEvidence) someRunOn(side int) bool {
	return ev.throughShifted(side, -1) >= locating.grow.runOnShare
}

// innerLines is the share of the side's own strip the grid's lines are
// seen across, as linesRunOn measures it.
func (ev lineEvidence) innerLines(side int) float64 {
	if ev.strict {
		return ev.through(side, 0)
	}
	return ev.throughShifted(side, 0)
}

// linesRunOn tells whether the grid's lines run on across the strip just
// outside one side, as they run across the side's own strip.
func (ev lineEvidence) linesRunOn(side int) bool {
	// Clearly drawn lines sit where the lattice puts them, and room to
	// shift would let the print beside them pass for lines; faint ones
	// are where a slightly loose map misses them.
	through := ev.throughShifted
	if ev.strict {
		through = ev.through
	}
	inner := through(side, 0)
	outside := through(side, -1)
	if locateTrace != nil {
		locateTrace("side %d: through inner %.2f outside %.2f (threshold %d)", side, inner, outside, ev.t)
	}
	return outside >= measuring.runOn && outside >= measuring.runOnInner*inner
}

// linesEnd tells whether the grid's lines are seen all the way across the
// strip along one side and nowhere across the strip beyond it, also at the
// lower contrast of the side's own lines where those are fainter: either
// the grid's printed edge or glare that washes out everything thin
// beyond it (glyphsRunOnBy tells them apart).
func (ev *lineEvidence) linesEnd(side int) bool {
	e := *ev
	if local, ok := ev.nearSide(side); ok {
		e = local
	}
	return e.throughShifted(side, 0) >= measuring.endSeen && e.throughShifted(side, -1) <= measuring.endBare
}

// gridLines is, on the weaker axis, the share of the lattice's inner line
// segments (one cell long) that a ridge runs along nearly unbroken: near 1
// for a ruled or tiled grid, low for the chance lattices of text, whose
// strokes and line gaps are broken every few pixels.
func (ev lineEvidence) gridLines() float64 {
	axis := func(n, length int, vertical bool) float64 {
		whole, total := 0, 0
		for line := 1; line < n; line++ {
			for cell := 0; cell < length; cell++ {
				seen, count := 0, 0
				for s := (cell+2)*extendPx + 2; s < (cell+3)*extendPx-2; s++ {
					x, y, r := (line+2)*extendPx, s, ev.vr
					if !vertical {
						x, y, r = s, (line+2)*extendPx, ev.hr
					}
					count++
					if ev.anyRidge(r, x, y, vertical) {
						seen++
					}
				}
				total++
				if measuring.segmentSeen.of(seen, count) {
					whole++
				}
			}
		}
		if total == 0 {
			return 0
		}
		return float64(whole) / float64(total)
	}
	return math.Min(axis(ev.cols, ev.rows, true), axis(ev.rows, ev.cols, false))
}

// strayStrips counts the outer strips on one side that the grid's lines
// do not run through, when a strip further in shows that they do.
func (ev lineEvidence) strayStrips(side int) int {
	return ev.outerStrips(side, func(through float64) bool { return through >= measuring.straySeen })
}

// bareStrips is strayStrips for evidence measured at the contrast of the
// grid's own faint lines, where a strip of the grid in shade or glare
// shows some of them less: only strips that show next to none are stray.
func (ev lineEvidence) bareStrips(side int) int {
	return ev.outerStrips(side, func(through float64) bool { return through > measuring.bareSeen })
}

// outerStrips counts the outer strips on one side, up to three, before
// the first strip the lines run nearly all through; none when a strip
// before it shows enough of them (seen) to be the grid's own.
func (ev lineEvidence) outerStrips(side int, seen func(through float64) bool) int {
	for k := 0; k < 3 && k < ev.span(side)-1; k++ {
		through := ev.through(side, k)
		if through >= measuring.throughShare {
			return k
		}
		if seen(through) {
			return 0
		}
	}
	return 0
}

// blind tells whether none of the outer strips on one side shows the
// grid's lines at all.
func (ev lineEvidence) blind(side int) bool {
	for k := 0; k < 3 && k < ev.span(side)-1; k++ {
		if ev.through(side, k) >= measuring.straySeen {
			return false
		}
	}
	return true
}

func (ev lineEvidence) span(side int) int {
	if side < 2 {
		return ev.rows
	}
	return ev.cols
}

// lineEvidence holds, for a rectification of the grid with two cells of
// margin all round, where thin ridges (lines or gaps, dark or bright) run
// vertically (vr) and horizontally (hr).
type lineEvidence struct {
	rows, cols int
	w, h       int
	vr, hr     []bool
	strict     bool // measured at the fixed contrast of clearly drawn grids

	// What nearSide measures again from: the rectification (as p, and
	// in alongSmoothed units as raw, and pv and ph once smoothed, with
	// their grain), the ridge threshold and the map into the image.
	p          plane
	raw        []int16
	pv, ph     []int16
	grain      int
	t          int
	toImage    homography
	imgW, imgH int
}

func measureLines(gray gocv.Mat, f latticeFit) lineEvidence {
	return measureLinesAt(gray, f, false)
}

// measureLinesAt is measureLines; strict keeps the fixed ridge contrast
// of clearly drawn grids whatever the grid's own lines look like.
func measureLinesAt(gray gocv.Mat, f latticeFit, strict bool) lineEvidence {
	const m = 2 // margin in cells
	ev := lineEvidence{rows: f.rows, cols: f.cols, w: (f.cols + 2*m) * extendPx, h: (f.rows + 2*m) * extendPx}
	toLattice := homography{1.0 / extendPx, 0, -m, 0, 1.0 / extendPx, -m, 0, 0, 1}
	toImage := toLattice.then(f.toImage)
	rect := warp(gray, toImage, ev.w, ev.h)
	p := planeOf(rect)
	rect.Close()
	// A faint line sampled at a few pixels a cell drowns in the paper's
	// grain pixel by pixel; averaged along its own direction it does not,
	// while the grain does. Vertical ridges are looked for across a copy
	// smoothed vertically, horizontal ones across one smoothed
	// horizontally.
	const strictT = 4*ridgeContrast + 4
	raw := make([]int16, len(p.pix))
	for i, v := range p.pix {
		raw[i] = 4 * int16(v)
	}
	// Clearly drawn lines need no smoothing, and smoothed, the print
	// beside the grid would show more lines than the grid's own; their
	// depth shows without smoothing, which is then not worth its cost.
	t := strictT
	pv, ph := raw, raw
	if !strict && lineDepth(raw, raw, ev.w, f.rows, f.cols) < 2*strictT {
		pv, ph = alongSmoothed(p)
		ev.pv, ev.ph = pv, ph
		ev.grain = grainOf(pv)
		t = thresholdFor(ev.grain, lineDepth(pv, ph, ev.w, f.rows, f.cols))
		if t >= strictT {
			t, pv, ph = strictT, raw, raw
		}
	}
	ev.strict = t >= strictT
	if locateTrace != nil {
		locateTrace("ridge threshold %d", t)
	}
	ev.raw, ev.t, ev.toImage, ev.imgW, ev.imgH = raw, t, toImage, gray.Cols(), gray.Rows()
	if ev.pv == nil {
		ev.p = p
	}
	ev.mark(pv, ph)
	return ev
}

// mark sets vr and hr from the planes pv and ph at ev's threshold.
func (ev *lineEvidence) mark(pv, ph []int16) {
	const d = 2
	t := ev.t
	ev.vr = make([]bool, ev.w*ev.h)
	ev.hr = make([]bool, ev.w*ev.h)
	ridge := func(a, c, b int) bool {
		return (a-c > t && b-c > t) || (c-a > t && c-b > t)
	}
	// The warp replicates the image's edge pixels outwards, which draws a
	// line touching the edge on as a perfect ridge beyond it; a grid cut by
	// the photo's edge would then grow rows that are not in the picture.
	// Only pixels taken from inside the image count as evidence.
	inImage := func(x, y int) bool {
		ix, iy := ev.toImage.apply(float64(x), float64(y))
		return ix >= 1 && iy >= 1 && ix <= float64(ev.imgW-2) && iy <= float64(ev.imgH-2)
	}
	// A homography keeps a convex quadrilateral convex, so when the
	// rectification's corners all come from inside the image, every pixel
	// does and the per-pixel test can be skipped.
	allInside := inImage(0, 0) && inImage(ev.w-1, 0) && inImage(ev.w-1, ev.h-1) && inImage(0, ev.h-1)
	for y := d; y < ev.h-d; y++ {
		for x := d; x < ev.w-d; x++ {
			i := y*ev.w + x
			v := ridge(int(pv[i-d]), int(pv[i]), int(pv[i+d]))
			h := ridge(int(ph[i-d*ev.w]), int(ph[i]), int(ph[i+d*ev.w]))
			if (v || h) && !allInside && !inImage(x, y) {
				continue
			}
			ev.vr[i], ev.hr[i] = v, h
		}
	}
}

// nearSide is the evidence measured again at the contrast of the grid's
// lines in the strip along one side, when those are fainter than the
// grid's lines overall: a sheet lit from one side, or curving away from
// the lens, shows its grid's far lines at a fraction of the near ones'
// contrast, below the threshold the near ones set. ok is false when the
// side's lines are not fainter.
func (ev *lineEvidence) nearSide(side int) (lineEvidence, bool) {
	if len(ev.raw) == 0 || ev.rows < 3 || ev.cols < 3 {
		return *ev, false
	}
	r0, r1, c0, c1 := 0, ev.rows, 0, ev.cols
	switch side {
	case 0:
		r1 = 1
	case 1:
		r0 = ev.rows - 1
	case 2:
		c1 = 1
	case 3:
		c0 = ev.cols - 1
	}
	const strictT = 4*ridgeContrast + 4
	if ev.pv == nil {
		// Lines that are clearly drawn here too need no second look, and
		// the smoothing is not worth its cost on the common path.
		if lineDepthIn(ev.raw, ev.raw, ev.w, ev.rows, ev.cols, r0, r1, c0, c1) >= 2*strictT {
			return *ev, false
		}
		ev.pv, ev.ph = alongSmoothed(ev.p)
		ev.grain = grainOf(ev.pv)
	}
	pv, ph := ev.pv, ev.ph
	t := thresholdFor(ev.grain, lineDepthIn(pv, ph, ev.w, ev.rows, ev.cols, r0, r1, c0, c1))
	if locateTrace != nil {
		locateTrace("side %d: local ridge threshold %d (overall %d)", side, t, ev.t)
	}
	if 4*t > 3*ev.t {
		return *ev, false
	}
	local := *ev
	local.t, local.strict = t, false
	local.mark(pv, ph)
	return local, true
}

// through measures, in the strip of cells k steps inside the given side
// (k = 0 the outermost row or column of the lattice, k = -1 the one just
// outside), how consistently the perpendicular grid lines run across it:
// the median over the lattice's inner lines of the share of the strip's
// depth each is seen over.
func (ev lineEvidence) through(side, k int) float64 {
	var shares []float64
	n := ev.cols
	if side >= 2 {
		n = ev.rows
	}
	for line := 1; line < n; line++ {
		shares = append(shares, ev.lineShare(side, k, line))
	}
	if len(shares) == 0 {
		return 0
	}
	return percentile(shares, 0.5)
}

// throughShifted is through with every line free to run up to a quarter
// cell off its projected place: on bent paper, or where the fit was made
// from the cells of one part of a faint grid, the lattice's lines drift
// off the printed ones towards the far side, and a whole line missed by
// a few pixels is still a line.
func (ev lineEvidence) throughShifted(side, k int) float64 {
	var shares []float64
	n := ev.cols
	if side >= 2 {
		n = ev.rows
	}
	for line := 1; line < n; line++ {
		best := 0.0
		for o := -shiftPx; o <= shiftPx; o++ {
			best = math.Max(best, ev.lineShareAt(side, k, line, o, 1))
		}
		shares = append(shares, best)
	}
	if len(shares) == 0 {
		return 0
	}
	return percentile(shares, 0.5)
}

// shiftPx is how far (in extendPx units) throughShifted lets a line run
// off its projected place.
const shiftPx = 4

// lineShare is the share of the depth of strip k (see through) over which
// the inner grid line number line crosses it.
func (ev lineEvidence) lineShare(side, k, line int) float64 {
	return ev.lineShareAt(side, k, line, 0, 2)
}

// lineShareAt is lineShare for the line moved by off pixels across its
// direction, seen within tol pixels either way.
func (ev lineEvidence) lineShareAt(side, k, line, off, tol int) float64 {
	const m = 2
	// The strip's extent along the side's normal, in lattice units.
	var lo float64
	switch side {
	case 0, 2:
		lo = float64(k)
	case 1:
		lo = float64(ev.rows - 1 - k)
	case 3:
		lo = float64(ev.cols - 1 - k)
	}
	// Leave out the ends of the strip, where the parallel lines are.
	a := int(math.Round((lo + m + measuring.stripFrom) * extendPx))
	b := int(math.Round((lo + m + measuring.stripTo) * extendPx))
	seen, total := 0, 0
	for s := a; s < b; s++ {
		total++
		if side < 2 {
			// Top and bottom strips: vertical lines at x = line.
			if ev.ridgeNear(ev.vr, (line+m)*extendPx+off, s, true, tol) {
				seen++
			}
		} else if ev.ridgeNear(ev.hr, s, (line+m)*extendPx+off, false, tol) {
			seen++
		}
	}
	if total == 0 {
		return 0
	}
	return float64(seen) / float64(total)
}

// anyRidge looks for a ridge within two pixels (1/8 cell) either way
// across the line.
func (ev lineEvidence) anyRidge(r []bool, x, y int, vertical bool) bool {
	return ev.ridgeNear(r, x, y, vertical, 2)
}

// ridgeNear looks for a ridge within tol pixels either way across the
// line.
func (ev lineEvidence) ridgeNear(r []bool, x, y int, vertical bool, tol int) bool {
	for o := -tol; o <= tol; o++ {
		xx, yy := x, y+o
		if vertical {
			xx, yy = x+o, y
		}
		if xx >= 0 && yy >= 0 && xx < ev.w && yy < ev.h && r[yy*ev.w+xx] {
			return true
		}
	}
	return false
}

// alongSmoothed returns p averaged over three pixels vertically (pv) and
// horizontally (ph), in grey levels times four.
func alongSmoothed(p plane) (pv, ph []int16) {
	pv = make([]int16, p.w*p.h)
	ph = make([]int16, p.w*p.h)
	for y := 0; y < p.h; y++ {
		up, down := max(0, y-1), min(p.h-1, y+1)
		for x := 0; x < p.w; x++ {
			left, right := max(0, x-1), min(p.w-1, x+1)
			c := 2 * int16(p.pix[y*p.w+x])
			pv[y*p.w+x] = c + int16(p.pix[up*p.w+x]) + int16(p.pix[down*p.w+x])
			ph[y*p.w+x] = c + int16(p.pix[y*p.w+left]) + int16(p.pix[y*p.w+right])
		}
	}
	return pv, ph
}

// thresholdFor is how far (in alongSmoothed units) a ridge must stand
// off both sides: ridgeContrast grey levels on clean pictures and clearly
// drawn grids, less on photos of faint lines, but never within reach of
// the smoothed grain, nor so far below the grid's own lines that the
// print around a clearly drawn grid (text, rules) passes for lines.
func thresholdFor(grain, depth int) int {
	return int(clamp(math.Max(float64(2*grain), float64(depth)/2), 8, 4*ridgeContrast+4))
}

// grainOf is the grain of an alongSmoothed plane: the median step across
// the smoothing direction.
func grainOf(pv []int16) int {
	var hist [1024]int
	n := 0
	for i := 2; i < len(pv); i += 3 {
		d := int(pv[i] - pv[i-1])
		if d < 0 {
			d = -d
		}
		hist[min(d, 1023)]++
		n++
	}
	acc := 0
	for v := range hist {
		acc += hist[v]
		if 2*acc >= n {
			return v
		}
	}
	return 0
}

// lineDepth is the median depth (in alongSmoothed units) of the ridges
// along the lattice's inner lines, in a rectification with two cells of
// margin: how clearly the grid's lines, dark or bright, are drawn.
func lineDepth(pv, ph []int16, w, rows, cols int) int {
	return lineDepthIn(pv, ph, w, rows, cols, 0, rows, 0, cols)
}

// lineDepthIn is lineDepth over the lattice's rows r0 to r1 and columns c0
// to c1 (in cells, ends excluded).
func lineDepthIn(pv, ph []int16, w, rows, cols, r0, r1, c0, c1 int) int {
	const m, d = 2, 2
	h := len(pv) / w
	var dark, bright []int
	sample := func(pix []int16, i, step int) {
		lo, hi := int(pix[i-step]), int(pix[i+step])
		c := int(pix[i])
		dark = append(dark, min(lo, hi)-c)
		bright = append(bright, c-max(lo, hi))
	}
	for line := max(1, c0); line < cols && line <= c1; line++ {
		x := (line + m) * extendPx
		for y := (r0 + m) * extendPx; y < (r1+m)*extendPx && y < h; y += 2 {
			best := y*w + x
			for o := -2; o <= 2; o++ {
				if pv[y*w+x+o] < pv[best] {
					best = y*w + x + o
				}
			}
			sample(pv, best, d)
		}
	}
	for line := max(1, r0); line < rows && line <= r1; line++ {
		y := (line + m) * extendPx
		for x := (c0 + m) * extendPx; x < (c1+m)*extendPx && x < w; x += 2 {
			best := y*w + x
			for o := -2; o <= 2; o++ {
				if ph[(y+o)*w+x] < ph[best] {
					best = (y+o)*w + x
				}
			}
			sample(ph, best, d*w)
		}
	}
	if len(dark) == 0 {
		return 0
	}
	return max(intMedian(dark), intMedian(bright))
}

// intMedian is the median of v, which it reorders.
func intMedian(v []int) int {
	sort.Ints(v)
	return v[(len(v)-1)/2]
}
