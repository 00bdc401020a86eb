package gridline

import (
	"math"
	"sort"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// ExtendPx is the cell size of the rectification the line evidence is
// measured in.
const ExtendPx = 16

// SomeRunOn tells whether some of the grid's lines are seen to run on
// beyond one side, which is worth a closer look there. A lattice with
// nearly every cell closed (see full) whose lines all stop at its edge
// (tiles, a screenshot) is not looked at again.
func (ev Evidence) SomeRunOn(side int) bool {
	return ev.throughShifted(side, -1) >= Measuring.runOnShare
}

// InnerLines is the share of the side's own strip the grid's lines are
// seen across, as linesRunOn measures it.
func (ev Evidence) InnerLines(side int) float64 {
	if ev.Strict {
		return ev.through(side, 0)
	}
	return ev.throughShifted(side, 0)
}

// LinesRunOn tells whether the grid's lines run on across the strip just
// outside one side, as they run across the side's own strip.
func (ev Evidence) LinesRunOn(side int) bool {
	// Clearly drawn lines sit where the lattice puts them, and room to
	// shift would let the print beside them pass for lines; faint ones
	// are where a slightly loose map misses them.
	through := ev.throughShifted
	if ev.Strict {
		through = ev.through
	}
	inner := through(side, 0)
	outside := through(side, -1)
	if raster.Trace != nil {
		raster.Trace("side %d: through inner %.2f outside %.2f (threshold %d)", side, inner, outside, ev.T)
	}
	return outside >= Measuring.runOn && outside >= Measuring.runOnInner*inner
}

// LinesEnd tells whether the grid's lines are seen all the way across the
// strip along one side and nowhere across the strip beyond it, also at the
// lower contrast of the side's own lines where those are fainter: either
// the grid's printed edge or glare that washes out everything thin
// beyond it (glyphsRunOnBy tells them apart).
func (ev *Evidence) LinesEnd(side int) bool {
	e := *ev
	if local, ok := ev.NearSide(side); ok {
		e = local
	}
	return e.throughShifted(side, 0) >= Measuring.endSeen && e.throughShifted(side, -1) <= Measuring.endBare
}

// Support is, on the weaker axis, the share of the lattice's inner line
// segments (one cell long) that a ridge runs along nearly unbroken: near 1
// for a ruled or tiled grid, low for the chance lattices of text, whose
// strokes and line gaps are broken every few pixels.
func (ev Evidence) Support() float64 {
	axis := func(n, length int, vertical bool) float64 {
		whole, total := 0, 0
		for line := 1; line < n; line++ {
			for cell := 0; cell < length; cell++ {
				seen, count := 0, 0
				for s := (cell+2)*ExtendPx + 2; s < (cell+3)*ExtendPx-2; s++ {
					x, y, r := (line+2)*ExtendPx, s, ev.Vr
					if !vertical {
						x, y, r = s, (line+2)*ExtendPx, ev.Hr
					}
					count++
					if ev.anyRidge(r, x, y, vertical) {
						seen++
					}
				}
				total++
				if Measuring.segmentSeen.Of(seen, count) {
					whole++
				}
			}
		}
		if total == 0 {
			return 0
		}
		return float64(whole) / float64(total)
	}
	return math.Min(axis(ev.Cols, ev.Rows, true), axis(ev.Rows, ev.Cols, false))
}

// StrayStrips counts the outer strips on one side that the grid's lines
// do not run through, when a strip further in shows that they do.
func (ev Evidence) StrayStrips(side int) int {
	return ev.outerStrips(side, func(through float64) bool { return through >= Measuring.straySeen })
}

// BareStrips is strayStrips for evidence measured at the contrast of the
// grid's own faint lines, where a strip of the grid in shade or glare
// shows some of them less: only strips that show next to none are stray.
func (ev Evidence) BareStrips(side int) int {
	return ev.outerStrips(side, func(through float64) bool { return through > Measuring.bareSeen })
}

// outerStrips counts the outer strips on one side, up to three, before
// the first strip the lines run nearly all through; none when a strip
// before it shows enough of them (seen) to be the grid's own.
func (ev Evidence) outerStrips(side int, seen func(through float64) bool) int {
	for k := 0; k < 3 && k < ev.span(side)-1; k++ {
		through := ev.through(side, k)
		if through >= Measuring.throughShare {
			return k
		}
		if seen(through) {
			return 0
		}
	}
	return 0
}

// Blind tells whether none of the outer strips on one side shows the
// grid's lines at all.
func (ev Evidence) Blind(side int) bool {
	for k := 0; k < 3 && k < ev.span(side)-1; k++ {
		if ev.through(side, k) >= Measuring.straySeen {
			return false
		}
	}
	return true
}

func (ev Evidence) span(side int) int {
	if side < 2 {
		return ev.Rows
	}
	return ev.Cols
}

// Evidence holds, for a rectification of the grid with two cells of
// margin all round, where thin ridges (lines or gaps, dark or bright) run
// vertically (vr) and horizontally (hr).
type Evidence struct {
	Rows, Cols int
	W, H       int
	Vr, Hr     []bool
	Strict     bool // measured at the fixed contrast of clearly drawn grids

	// What nearSide measures again from: the rectification (as p, and
	// in alongSmoothed units as raw, and pv and ph once smoothed, with
	// their grain), the ridge threshold and the map into the image.
	P          raster.Plane
	Raw        []int16
	Pv, Ph     []int16
	Grain      int
	T          int
	ToImage    geom.Homography
	ImgW, ImgH int
}

// Lattice is what the lines are measured along: rows x cols cells
// whose corners toImage maps into the picture.
type Lattice struct {
	Rows, Cols int
	ToImage    geom.Homography
}

// Measure finds the lines of gray along lattice f, at the ridge contrast
// the lines themselves show.
func Measure(gray gocv.Mat, f Lattice) Evidence {
	return MeasureAt(gray, f, false)
}

// MeasureAt is Measure; strict keeps the fixed ridge contrast
// of clearly drawn grids whatever the grid's own lines look like.
func MeasureAt(gray gocv.Mat, f Lattice, strict bool) Evidence {
	const m = 2 // margin in cells
	ev := Evidence{Rows: f.Rows, Cols: f.Cols, W: (f.Cols + 2*m) * ExtendPx, H: (f.Rows + 2*m) * ExtendPx}
	toLattice := geom.Homography{1.0 / ExtendPx, 0, -m, 0, 1.0 / ExtendPx, -m, 0, 0, 1}
	toImage := toLattice.Then(f.ToImage)
	rect := raster.Warp(gray, toImage, ev.W, ev.H)
	p := raster.PlaneOf(rect)
	rect.Close()
	// A faint line sampled at a few pixels a cell drowns in the paper's
	// grain pixel by pixel; averaged along its own direction it does not,
	// while the grain does. Vertical ridges are looked for across a copy
	// smoothed vertically, horizontal ones across one smoothed
	// horizontally.
	const strictT = 4*RidgeContrast + 4
	raw := make([]int16, len(p.Pix))
	for i, v := range p.Pix {
		raw[i] = 4 * int16(v)
	}
	// Clearly drawn lines need no smoothing, and smoothed, the print
	// beside the grid would show more lines than the grid's own; their
	// depth shows without smoothing, which is then not worth its cost.
	t := strictT
	pv, ph := raw, raw
	if !strict && LineDepth(raw, raw, ev.W, f.Rows, f.Cols) < 2*strictT {
		pv, ph = AlongSmoothed(p)
		ev.Pv, ev.Ph = pv, ph
		ev.Grain = GrainOf(pv)
		t = ThresholdFor(ev.Grain, LineDepth(pv, ph, ev.W, f.Rows, f.Cols))
		if t >= strictT {
			t, pv, ph = strictT, raw, raw
		}
	}
	ev.Strict = t >= strictT
	if raster.Trace != nil {
		raster.Trace("ridge threshold %d", t)
	}
	ev.Raw, ev.T, ev.ToImage, ev.ImgW, ev.ImgH = raw, t, toImage, gray.Cols(), gray.Rows()
	if ev.Pv == nil {
		ev.P = p
	}
	ev.Mark(pv, ph)
	return ev
}

// Mark sets vr and hr from the planes pv and ph at ev's threshold.
func (ev *Evidence) Mark(pv, ph []int16) {
	const d = 2
	t := ev.T
	ev.Vr = make([]bool, ev.W*ev.H)
	ev.Hr = make([]bool, ev.W*ev.H)
	ridge := func(a, c, b int) bool {
		return (a-c > t && b-c > t) || (c-a > t && c-b > t)
	}
	// The warp replicates the image's edge pixels outwards, which draws a
	// line touching the edge on as a perfect ridge beyond it; a grid cut by
	// the photo's edge would then grow rows that are not in the picture.
	// Only pixels taken from inside the image count as evidence.
	inImage := func(x, y int) bool {
		ix, iy := ev.ToImage.Apply(float64(x), float64(y))
		return ix >= 1 && iy >= 1 && ix <= float64(ev.ImgW-2) && iy <= float64(ev.ImgH-2)
	}
	// A homography keeps a convex quadrilateral convex, so when the
	// rectification's corners all come from inside the image, every pixel
	// does and the per-pixel test can be skipped.
	allInside := inImage(0, 0) && inImage(ev.W-1, 0) && inImage(ev.W-1, ev.H-1) && inImage(0, ev.H-1)
	for y := d; y < ev.H-d; y++ {
		for x := d; x < ev.W-d; x++ {
			i := y*ev.W + x
			v := ridge(int(pv[i-d]), int(pv[i]), int(pv[i+d]))
			h := ridge(int(ph[i-d*ev.W]), int(ph[i]), int(ph[i+d*ev.W]))
			if (v || h) && !allInside && !inImage(x, y) {
				continue
			}
			ev.Vr[i], ev.Hr[i] = v, h
		}
	}
}

// NearSide is the evidence measured again at the contrast of the grid's
// lines in the strip along one side, when those are fainter than the
// grid's lines overall: a sheet lit from one side, or curving away from
// the lens, shows its grid's far lines at a fraction of the near ones'
// contrast, below the threshold the near ones set. ok is false when the
// side's lines are not fainter.
func (ev *Evidence) NearSide(side int) (Evidence, bool) {
	if len(ev.Raw) == 0 || ev.Rows < 3 || ev.Cols < 3 {
		return *ev, false
	}
	r0, r1, c0, c1 := 0, ev.Rows, 0, ev.Cols
	switch side {
	case 0:
		r1 = 1
	case 1:
		r0 = ev.Rows - 1
	case 2:
		c1 = 1
	case 3:
		c0 = ev.Cols - 1
	}
	const strictT = 4*RidgeContrast + 4
	if ev.Pv == nil {
		// Lines that are clearly drawn here too need no second look, and
		// the smoothing is not worth its cost on the common path.
		if lineDepthIn(ev.Raw, ev.Raw, ev.W, ev.Rows, ev.Cols, r0, r1, c0, c1) >= 2*strictT {
			return *ev, false
		}
		ev.Pv, ev.Ph = AlongSmoothed(ev.P)
		ev.Grain = GrainOf(ev.Pv)
	}
	pv, ph := ev.Pv, ev.Ph
	t := ThresholdFor(ev.Grain, lineDepthIn(pv, ph, ev.W, ev.Rows, ev.Cols, r0, r1, c0, c1))
	if raster.Trace != nil {
		raster.Trace("side %d: local ridge threshold %d (overall %d)", side, t, ev.T)
	}
	if 4*t > 3*ev.T {
		return *ev, false
	}
	local := *ev
	local.T, local.Strict = t, false
	local.Mark(pv, ph)
	return local, true
}

// through measures, in the strip of cells k steps inside the given side
// (k = 0 the outermost row or column of the lattice, k = -1 the one just
// outside), how consistently the perpendicular grid lines run across it:
// the median over the lattice's inner lines of the share of the strip's
// depth each is seen over.
func (ev Evidence) through(side, k int) float64 {
	var shares []float64
	n := ev.Cols
	if side >= 2 {
		n = ev.Rows
	}
	for line := 1; line < n; line++ {
		shares = append(shares, ev.lineShare(side, k, line))
	}
	if len(shares) == 0 {
		return 0
	}
	return raster.Percentile(shares, 0.5)
}

// throughShifted is through with every line free to run up to a quarter
// cell off its projected place: on bent paper, or where the fit was made
// from the cells of one part of a faint grid, the lattice's lines drift
// off the printed ones towards the far side, and a whole line missed by
// a few pixels is still a line.
func (ev Evidence) throughShifted(side, k int) float64 {
	var shares []float64
	n := ev.Cols
	if side >= 2 {
		n = ev.Rows
	}
	for line := 1; line < n; line++ {
		best := 0.0
		for o := -ShiftPx; o <= ShiftPx; o++ {
			best = math.Max(best, ev.lineShareAt(side, k, line, o, 1))
		}
		shares = append(shares, best)
	}
	if len(shares) == 0 {
		return 0
	}
	return raster.Percentile(shares, 0.5)
}

// ShiftPx is how far (in extendPx units) throughShifted lets a line run
// off its projected place.
const ShiftPx = 4

// lineShare is the share of the depth of strip k (see through) over which
// the inner grid line number line crosses it.
func (ev Evidence) lineShare(side, k, line int) float64 {
	return ev.lineShareAt(side, k, line, 0, 2)
}

// lineShareAt is lineShare for the line moved by off pixels across its
// direction, seen within tol pixels either way.
func (ev Evidence) lineShareAt(side, k, line, off, tol int) float64 {
	const m = 2
	// The strip's extent along the side's normal, in lattice units.
	var lo float64
	switch side {
	case 0, 2:
		lo = float64(k)
	case 1:
		lo = float64(ev.Rows - 1 - k)
	case 3:
		lo = float64(ev.Cols - 1 - k)
	}
	// Leave out the ends of the strip, where the parallel lines are.
	a := int(math.Round((lo + m + Measuring.stripFrom) * ExtendPx))
	b := int(math.Round((lo + m + Measuring.stripTo) * ExtendPx))
	seen, total := 0, 0
	for s := a; s < b; s++ {
		total++
		if side < 2 {
			// Top and bottom strips: vertical lines at x = line.
			if ev.ridgeNear(ev.Vr, (line+m)*ExtendPx+off, s, true, tol) {
				seen++
			}
		} else if ev.ridgeNear(ev.Hr, s, (line+m)*ExtendPx+off, false, tol) {
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
func (ev Evidence) anyRidge(r []bool, x, y int, vertical bool) bool {
	return ev.ridgeNear(r, x, y, vertical, 2)
}

// ridgeNear looks for a ridge within tol pixels either way across the
// line.
func (ev Evidence) ridgeNear(r []bool, x, y int, vertical bool, tol int) bool {
	for o := -tol; o <= tol; o++ {
		xx, yy := x, y+o
		if vertical {
			xx, yy = x+o, y
		}
		if xx >= 0 && yy >= 0 && xx < ev.W && yy < ev.H && r[yy*ev.W+xx] {
			return true
		}
	}
	return false
}

// AlongSmoothed returns p averaged over three pixels vertically (pv) and
// horizontally (ph), in grey levels times four.
func AlongSmoothed(p raster.Plane) (pv, ph []int16) {
	pv = make([]int16, p.W*p.H)
	ph = make([]int16, p.W*p.H)
	for y := 0; y < p.H; y++ {
		up, down := max(0, y-1), min(p.H-1, y+1)
		for x := 0; x < p.W; x++ {
			left, right := max(0, x-1), min(p.W-1, x+1)
			c := 2 * int16(p.Pix[y*p.W+x])
			pv[y*p.W+x] = c + int16(p.Pix[up*p.W+x]) + int16(p.Pix[down*p.W+x])
			ph[y*p.W+x] = c + int16(p.Pix[y*p.W+left]) + int16(p.Pix[y*p.W+right])
		}
	}
	return pv, ph
}

// ThresholdFor is how far (in alongSmoothed units) a ridge must stand
// off both sides: ridgeContrast grey levels on clean pictures and clearly
// drawn grids, less on photos of faint lines, but never within reach of
// the smoothed grain, nor so far below the grid's own lines that the
// print around a clearly drawn grid (text, rules) passes for lines.
func ThresholdFor(grain, depth int) int {
	return int(raster.Clamp(math.Max(float64(2*grain), float64(depth)/2), 8, 4*RidgeContrast+4))
}

// GrainOf is the grain of an alongSmoothed plane: the median step across
// the smoothing direction.
func GrainOf(pv []int16) int {
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

// LineDepth is the median depth (in alongSmoothed units) of the ridges
// along the lattice's inner lines, in a rectification with two cells of
// margin: how clearly the grid's lines, dark or bright, are drawn.
func LineDepth(pv, ph []int16, w, rows, cols int) int {
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
		x := (line + m) * ExtendPx
		for y := (r0 + m) * ExtendPx; y < (r1+m)*ExtendPx && y < h; y += 2 {
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
		y := (line + m) * ExtendPx
		for x := (c0 + m) * ExtendPx; x < (c1+m)*ExtendPx && x < w; x += 2 {
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
	return max(IntMedian(dark), IntMedian(bright))
}

// IntMedian is the median of v, which it reorders.
func IntMedian(v []int) int {
	sort.Ints(v)
	return v[(len(v)-1)/2]
}
