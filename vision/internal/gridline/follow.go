package gridline

import (
	"math"
	"sort"

	"gocv.io/x/gocv"

	"binocle/vision/internal/raster"
)

// A big grid's lattice of closed cells often covers only part of it: on
// a page lit unevenly, the cells close off where the lines stand out and
// not where they fade, and on a bent page the single projective map the
// lattice test fits drifts off the lines a dozen cells out, so the line
// evidence of adjustLattice, measured through that map, misses them.
// growBig follows the lines instead, one strip at a time: each new row of
// the grid's line crossings is predicted from the two rows before it, so
// the prediction bends with the page, set onto the lines it finds there,
// and kept while the lines across the strip show as clearly as the ones
// inside the grid.

// DarkPlane is how much darker than its neighbourhood each pixel is.
type DarkPlane struct {
	W, H int
	D    []float32
	// Raw, when d is nil, is the gray plane itself, unsmoothed: a few
	// samples' look costs no pass over the whole picture.
	Raw []uint8
	// TwoSided has ridge hold a segment to the paper on each side of it
	// in turn (see ridge).
	TwoSided bool
}

func DarkOf(gray gocv.Mat) DarkPlane {
	src := gocv.NewMat()
	defer src.Close()
	gocv.GaussianBlur(gray, &src, raster.Pt(3, 3), 0, 0, gocv.BorderReplicate)
	s := raster.PlaneOf(src)
	p := DarkPlane{W: s.W, H: s.H, D: make([]float32, len(s.Pix))}
	for i, v := range s.Pix {
		p.D[i] = 255 - float32(v)
	}
	return p
}

// at samples the plane bilinearly; ok is false outside it.
func (p DarkPlane) at(x, y float64) (float64, bool) {
	if x < 0 || y < 0 || x > float64(p.W-1) || y > float64(p.H-1) {
		return 0, false
	}
	x0, y0 := int(x), int(y)
	x1, y1 := min(x0+1, p.W-1), min(y0+1, p.H-1)
	fx, fy := float32(x-float64(x0)), float32(y-float64(y0))
	if p.D == nil {
		d := func(i int) float32 { return 255 - float32(p.Raw[i]) }
		a := d(y0*p.W+x0)*(1-fx) + d(y0*p.W+x1)*fx
		b := d(y1*p.W+x0)*(1-fx) + d(y1*p.W+x1)*fx
		return float64(a*(1-fy) + b*fy), true
	}
	a := p.D[y0*p.W+x0]*(1-fx) + p.D[y0*p.W+x1]*fx
	b := p.D[y1*p.W+x0]*(1-fx) + p.D[y1*p.W+x1]*fx
	return float64(a*(1-fy) + b*fy), true
}

// along is the median darkness along the middle of the segment a-b
// moved by off: the ends are left out, where the crossing lines add their
// own, and the median leaves out the glyph strokes that cross it.
func (p DarkPlane) along(a, b, off [2]float64) (float64, bool) {
	n := max(3, int(math.Hypot(b[0]-a[0], b[1]-a[1])))
	if p.D == nil {
		// The unsmoothed plane is only glanced at (see growSmall).
		n = min(n, maxGlanceSamples)
	}
	var buf [64]float64
	v := buf[:0]
	for k := 0; k <= n && len(v) < len(buf); k++ {
		t := Measuring.alongFrom + Measuring.alongSpan*float64(k)/float64(n)
		d, ok := p.at(a[0]+t*(b[0]-a[0])+off[0], a[1]+t*(b[1]-a[1])+off[1])
		if !ok {
			return 0, false
		}
		v = append(v, d)
	}
	sort.Float64s(v)
	if p.TwoSided {
		// Held to its lightest stretch, a line must cross the whole
		// strip: the gap between two grids side by side, or a line of
		// text's, is paper for part of it.
		return v[len(v)/4], true
	}
	return v[len(v)/2], true
}

// Ridge is how much darker the segment a-b is than the paper beside
// it: the lightest of the parallel segments a quarter and a half of its
// length to either side, where one or another crosses no glyph.
func (p DarkPlane) Ridge(a, b [2]float64) (float64, bool) {
	dx, dy := b[0]-a[0], b[1]-a[1]
	c, ok := p.along(a, b, [2]float64{})
	if !ok {
		return 0, false
	}
	paper := c
	var v [4]float64
	for i, k := range Measuring.paperOffsets {
		var ok bool
		if v[i], ok = p.along(a, b, [2]float64{-dy * k, dx * k}); !ok {
			return 0, false
		}
		paper = math.Min(paper, v[i])
	}
	if p.TwoSided {
		// A line is darker than the paper either side of it, which a
		// change of light across the segment (a shadow's edge, the
		// paper's own shading) is not: the paper under the line is
		// taken as the mean of two samples at one distance either side,
		// which a steady change of light leaves level with it.
		return c - math.Min(v[0]+v[3], v[1]+v[2])/2, true
	}
	return c - paper, true
}

// NodeGrid holds the image positions of a grid's line crossings, row by
// row: (rows+1) lines of (cols+1) points.
type NodeGrid [][][2]float64

func (g NodeGrid) Transposed() NodeGrid {
	out := make(NodeGrid, len(g[0]))
	for c := range out {
		out[c] = make([][2]float64, len(g))
		for r := range g {
			out[c][r] = g[r][c]
		}
	}
	return out
}

func (g NodeGrid) reversed() NodeGrid {
	out := make(NodeGrid, len(g))
	for i := range g {
		out[len(g)-1-i] = g[i]
	}
	return out
}

// Orient turns g so that side (0 top, 1 bottom, 2 left, 3 right) is its
// first row; orient again with the same side turns it back.
func (g NodeGrid) Orient(side int, back bool) NodeGrid {
	switch side {
	case 1:
		return g.reversed()
	case 2:
		return g.Transposed()
	case 3:
		if back {
			return g.reversed().Transposed()
		}
		return g.Transposed().reversed()
	}
	return g
}

// CrossRidges returns the ridge of every segment that runs from the first
// row of g to the second: the lines across that strip.
func CrossRidges(p DarkPlane, g NodeGrid, row int) []float64 {
	var out []float64
	for c := range g[row] {
		if v, ok := p.Ridge(g[row][c], g[row+1][c]); ok {
			out = append(out, v)
		} else {
			out = append(out, math.Inf(-1))
		}
	}
	return out
}

// GrowStrip adds a strip of cells before g's first row when the lines
// across it run on as they do across the strip it joins; level is the
// ridge a segment of the grid's lines typically shows.
func GrowStrip(p DarkPlane, g NodeGrid, level float64) (NodeGrid, float64, bool) {
	l0, l1 := g[0], g[1]
	n := len(l0)
	pred := make([][2]float64, n)
	for c := range pred {
		// The step is averaged over the last few rows: one row's own
		// error, carried on, would compound strip after strip.
		k := min(3, len(g)-1)
		lk := g[k]
		pred[c] = [2]float64{l0[c][0] + (l0[c][0]-lk[c][0])/float64(k), l0[c][1] + (l0[c][1]-lk[c][1])/float64(k)}
		if _, ok := p.at(pred[c][0], pred[c][1]); !ok {
			return g, 0, false
		}
	}
	shift, ok := sideShifts(p, l0, pred)
	if !ok {
		return g, 0, false
	}
	// A shift found where the lines hardly stand out is the grain's, and
	// carried on it bends every later strip: the prediction, which carries
	// the bend of the strips before, is the better guess there.
	faint := raster.Percentile(CrossRidges(p, append(NodeGrid{shifted(pred, l0, shift)}, g...), 0), 0.5) < Measuring.MinSureShare*level
	if faint {
		shift = make([]float64, n)
	}
	for c := range pred {
		dx, dy := pred[c][0]-l0[c][0], pred[c][1]-l0[c][1]
		step := math.Hypot(dx, dy)
		pred[c][0] += -dy / step * shift[c]
		pred[c][1] += dx / step * shift[c]
	}
	bestV := alongLines(p, pred, l0, l1)
	out := append(NodeGrid{pred}, g...)
	// The lines fade across a page lit from one side, so the new strip
	// is held to the few strips it joins, not to the grid as a whole.
	across := CrossRidges(p, out, 0)
	med := raster.Percentile(across, 0.5)
	var last []float64
	for r := 0; r < min(3, len(g)-1); r++ {
		last = append(last, CrossRidges(p, g, r)...)
	}
	prev := raster.Percentile(last, 0.5)
	share := Measuring.minGrowShare
	if p.TwoSided {
		med = UnblockedMedian(across, level)
		prev = UnblockedMedian(last, level)
		share = Measuring.MinSmallGrowShare
	}
	if raster.Trace != nil {
		sort.Float64s(across)
		raster.Trace("grow strip: lines across %.2f, in the last strip %.2f (grid %.2f), along %.2f: %.1f", med, prev, level, bestV, across)
	}
	if med < share*prev || med < Measuring.MinBigRidge || (p.TwoSided && med > Measuring.maxGrowShare*max(prev, level)) {
		return g, med, false
	}
	return out, med, true
}

// UnblockedMedian is the median of the ridges rs, leaving out those far
// below nothing: a glyph beside a segment darkens the paper on one side
// of it, which says nothing about a line there. When most are so, all
// are kept.
func UnblockedMedian(rs []float64, level float64) float64 {
	var kept []float64
	for _, r := range rs {
		if r >= -level/2 {
			kept = append(kept, r)
		}
	}
	if 2*len(kept) < len(rs) {
		return raster.Percentile(rs, 0.5)
	}
	return raster.Percentile(kept, 0.5)
}

// alongLines moves the predicted row pred, along the lines, onto its own
// line when it has one (a grid without an outer border has none beyond
// its last row), and returns how plainly the line stands out there. How
// far may change smoothly along the row, as the step predicted from the
// strips before drifts on a tilted, bent page.
func alongLines(p DarkPlane, pred, l0, l1 [][2]float64) float64 {
	n := len(l0)
	prof := make([][]float64, n-1)
	raw := make([][]float64, n-1)
	pos := make([]float64, n-1)
	for c := range prof {
		pos[c] = float64(c) + 0.5
		prof[c] = make([]float64, 2*SideReach+1)
		for k := -SideReach; k <= SideReach; k++ {
			t := float64(k) * Measuring.sideStep
			a := [2]float64{pred[c][0] + t*(l0[c][0]-l1[c][0]), pred[c][1] + t*(l0[c][1]-l1[c][1])}
			b := [2]float64{pred[c+1][0] + t*(l0[c+1][0]-l1[c+1][0]), pred[c+1][1] + t*(l0[c+1][1]-l1[c+1][1])}
			v, ok := p.Ridge(a, b)
			if !ok {
				v = math.NaN()
			}
			prof[c][k+SideReach] = v
		}
		raw[c] = append([]float64(nil), prof[c]...)
	}
	curve := BestCurve(prof, pos, n)
	sum, count := 0.0, 0
	for c := range raw {
		k := int(math.Round(curve(pos[c]))) + SideReach
		if v := raw[c][k]; !math.IsNaN(v) {
			sum += v
			count++
		}
	}
	bestV := math.Inf(-1)
	if count > 0 {
		bestV = sum / float64(count)
	}
	if bestV >= Measuring.MinBigRidge {
		for c := range pred {
			t := curve(float64(c)) * Measuring.sideStep
			pred[c][0] += t * (l0[c][0] - l1[c][0])
			pred[c][1] += t * (l0[c][1] - l1[c][1])
		}
	}
	return bestV
}

// shifted moves each predicted crossing sideways, across the line from
// the crossing before it, by shift.
func shifted(pred, l0 [][2]float64, shift []float64) [][2]float64 {
	out := make([][2]float64, len(pred))
	for c := range pred {
		dx, dy := pred[c][0]-l0[c][0], pred[c][1]-l0[c][1]
		step := math.Hypot(dx, dy)
		out[c] = [2]float64{pred[c][0] - dy/step*shift[c], pred[c][1] + dx/step*shift[c]}
	}
	return out
}

// sideShifts finds how far each predicted crossing of a new row lies
// sideways of the line through it. A page bends smoothly, so the shifts
// along the row are taken as one quadratic in the column, the one whose
// lines run darkest over the row as a whole: glyphs beside a line pull
// single crossings towards them, a third of a row at a time in a dense
// puzzle, which smoothing the crossings' own shifts cannot undo. Each
// column's darkness is scaled to its own range first, so that a glyph's
// ink weighs no more than a line.
func sideShifts(p DarkPlane, l0, pred [][2]float64) ([]float64, bool) {
	n := len(pred)
	steps := make([]float64, n)
	prof := make([][]float64, n)
	pos := make([]float64, n)
	for c := range pred {
		dx, dy := pred[c][0]-l0[c][0], pred[c][1]-l0[c][1]
		step := math.Hypot(dx, dy)
		if step < 2 {
			return nil, false
		}
		steps[c], pos[c] = step, float64(c)
		nx, ny := -dy/step, dx/step
		prof[c] = make([]float64, 2*SideReach+1)
		for k := -SideReach; k <= SideReach; k++ {
			o := float64(k) * Measuring.sideStep * step
			v, ok := p.along(l0[c], [2]float64{pred[c][0] + o*nx, pred[c][1] + o*ny}, [2]float64{})
			if !ok {
				v = math.NaN()
			}
			prof[c][k+SideReach] = v
		}
	}
	curve := BestCurve(prof, pos, n)
	shift := make([]float64, n)
	for c := range shift {
		shift[c] = curve(pos[c]) * Measuring.sideStep * steps[c]
	}
	return shift, true
}

// BestCurve finds the quadratic, over the n crossings of a row, that
// runs darkest through prof: prof[i] samples, at position pos[i] along
// the row, the evidence for each of 2*sideReach+1 offsets. Each position's
// samples are scaled to their own range first (NaN where nothing could
// be sampled), so that a glyph's ink weighs no more than a line. The
// curve returned gives the offset, in samples from the middle, at a
// position.
func BestCurve(prof [][]float64, pos []float64, n int) func(x float64) float64 {
	for _, pr := range prof {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, v := range pr {
			if !math.IsNaN(v) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
		for k, v := range pr {
			if math.IsNaN(v) || hi-lo < 1e-6 {
				pr[k] = 0
			} else {
				pr[k] = (v - lo) / (hi - lo)
			}
		}
	}
	mid, span := float64(n-1)/2, float64(max(n-1, 1))
	at := func(a, b, q, x float64) float64 {
		t := (x - mid) / span
		return a + b*t + q*t*t
	}
	score := func(a, b, q float64) float64 {
		sum := 0.0
		for i, pr := range prof {
			k := at(a, b, q, pos[i]) + SideReach
			if k < 0 || k > 2*SideReach {
				return math.Inf(-1)
			}
			j := min(int(k), 2*SideReach-1)
			f := k - float64(j)
			sum += pr[j]*(1-f) + pr[j+1]*f
		}
		return sum
	}
	bestA, bestB, bestQ, best := 0.0, 0.0, 0.0, math.Inf(-1)
	for a := -float64(SideReach); a <= SideReach; a += 0.5 {
		for b := -Measuring.tiltReach; b <= Measuring.tiltReach; b += Measuring.tiltStep {
			for q := -Measuring.bendReach; q <= Measuring.bendReach; q++ {
				// Ties go to the smaller correction: a row of blank
				// paper leaves the prediction as it is.
				v := score(a, b, q)
				if v > best+1e-9 || (v > best-1e-9 && math.Abs(a)+math.Abs(b)+math.Abs(q) < math.Abs(bestA)+math.Abs(bestB)+math.Abs(bestQ)) {
					bestA, bestB, bestQ, best = a, b, q, v
				}
			}
		}
	}
	return func(x float64) float64 { return at(bestA, bestB, bestQ, x) }
}

// SideReach is how many steps of measuring.sideStep each way the
// sideways search of a new row's crossings takes.
const SideReach = 5

const (
	// maxGlanceSamples is how many points along a segment a glance at
	// the unsmoothed plane takes.
	maxGlanceSamples = 12
	// MinFitCrossings is the fewest such crossings a line is fitted to.
	MinFitCrossings = 8
)
