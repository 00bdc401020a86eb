package rectify

import (
	"encoding/binary"
	"math"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/raster"
)

// Bent paper (a page bowed near a fold, a sheet not lying flat) is not a
// plane, so no single homography puts every cell where it is: the best
// compromise strays by a fifth of a cell or more at the outer rows and
// columns, enough for a thick border to be read as a glyph there. The
// lattice locator measures where every closed cell's centre really is;
// bentMap bends the projective fit through them with a smooth, low-order
// correction in grid coordinates. The correction is fitted by regularised
// least squares, so a few or noisy centres leave the map projective, and
// a flat grid's correction comes out about zero and is not used at all.

// BentMap maps grid coordinates (cells, corners at integers) to image
// pixels: h after the polynomial correction (du, dv)(u, v).
type BentMap struct {
	H          geom.Homography
	Rows, Cols int
	Du, Dv     []float64 // coefficients of bendTerms
	Deg        int
	Rms        float64 // the centres' remaining scatter about the map, in cells
}

// rectifyParams are the bent map's thresholds, each with what it guards
// against. Distances are in cells.
type rectifyParams struct {
	// minBend is the largest correction not worth a remap: a flat
	// grid's centres scatter about this much around the projective fit.
	// maxBend is the largest believed: beyond it a fit has been pulled
	// by misplaced centres rather than by paper.
	minBend, maxBend float64
	// ridge is the fit's ridge weight, in squared basis units (a centre
	// adds about one): a few centres' worth, so that a corner with few
	// centres is not bent by them alone.
	ridge float64
	// outlier is how far a centre may sit from the bent map and still
	// shape it: further is a misplaced centre.
	outlier float64
	// MaxStraightRMS is the largest scatter of the centres about the bent
	// map at which the straightened page's lines are trusted: noisier
	// centres leave lines off their places there as well.
	MaxStraightRMS float64
	// MaxBentGrowth is the most rows or columns adjustBent adds on one
	// side.
	MaxBentGrowth int
}

// Rectifying holds the thresholds the suites were tuned with.
var Rectifying = rectifyParams{minBend: 0.1, maxBend: 0.6, ridge: 2.0, outlier: 0.15, MaxStraightRMS: 0.035, MaxBentGrowth: 3}

// bendTerms evaluates the polynomial basis of total degree deg at the
// normalised position (s, t), both in [-1, 1] over the grid.
func bendTerms(s, t float64, deg int, out []float64) []float64 {
	out = out[:0]
	for d := 0; d <= deg; d++ {
		for i := 0; i <= d; i++ {
			out = append(out, math.Pow(s, float64(d-i))*math.Pow(t, float64(i)))
		}
	}
	return out
}

func BendTermCount(deg int) int { return (deg + 1) * (deg + 2) / 2 }

func (m BentMap) norm(u, v float64) (float64, float64) {
	return 2*u/float64(m.Cols) - 1, 2*v/float64(m.Rows) - 1
}

// correction is the shift, in cells, added to (u, v) before h.
func (m BentMap) correction(u, v float64, buf []float64) (float64, float64, []float64) {
	s, t := m.norm(u, v)
	buf = bendTerms(s, t, m.Deg, buf)
	du, dv := 0.0, 0.0
	for k, b := range buf {
		du += m.Du[k] * b
		dv += m.Dv[k] * b
	}
	return du, dv, buf
}

func (m BentMap) Apply(u, v float64) (float64, float64) {
	du, dv, _ := m.correction(u, v, make([]float64, 0, 16))
	return m.H.Apply(u+du, v+dv)
}

// FitBentMap fits the correction of h (grid cells -> image pixels) to the
// measured cell centres pts (image pixels). It reports false when the
// centres are too few or too scattered to trust, or when the grid is flat
// enough for h alone.
func FitBentMap(h geom.Homography, rows, cols int, pts [][2]float64) (BentMap, bool) {
	m := BentMap{H: h, Rows: rows, Cols: cols}
	if rows < 3 || cols < 3 || len(pts) < 12 {
		return m, false
	}
	all, rowsSeen, colsSeen := bendObservations(h, rows, cols, pts)
	// A cubic needs centres spread over the grid in both directions; a
	// quadratic (the bow of a page) makes do with fewer, and is tried
	// too where the cubic leaves too few centres near it: a cubic chasing
	// a few stray centres can leave more of the rest off than the bow.
	if len(all) < 3*BendTermCount(2) || rowsSeen < 3 || colsSeen < 3 {
		return m, false
	}
	for _, deg := range []int{3, 2} {
		if deg == 3 && (len(all) < 4*BendTermCount(3) || rowsSeen < 5 || colsSeen < 5) {
			continue
		}
		m.Deg = deg
		if fitted, ok := m.fitChecked(all); ok {
			return fitted, true
		}
	}
	return m, false
}

// fitChecked fits m's correction of degree m.Deg to all and says whether
// it is to be used: it explains the centres clearly better than the
// projective fit alone, from enough of them, and stays within what paper
// does.
func (m BentMap) fitChecked(all []bendObs) (BentMap, bool) {
	n := BendTermCount(m.Deg)
	use, buf, ok := m.fit(all)
	if !ok {
		return m, false
	}
	before, after, count := 0.0, 0.0, 0
	for i, o := range all {
		if !use[i] {
			continue
		}
		du, dv, b := m.correction(o.u, o.v, buf)
		buf = b
		before += o.du*o.du + o.dv*o.dv
		after += (o.du-du)*(o.du-du) + (o.dv-dv)*(o.dv-dv)
		count++
	}
	if count < 3*n || after > 0.5*before {
		return m, false
	}
	m.Rms = math.Sqrt(after / float64(count))
	worst := 0.0
	for r := 0; r <= m.Rows; r++ {
		for c := 0; c <= m.Cols; c++ {
			du, dv, b := m.correction(float64(c), float64(r), buf)
			buf = b
			worst = math.Max(worst, math.Hypot(du, dv))
		}
	}
	if worst < Rectifying.minBend || worst > Rectifying.maxBend {
		return m, false
	}
	return m, true
}

// bendObs is a measured cell centre: its cell's centre (u, v) in grid
// units and how far the measured centre lies from it (du, dv).
type bendObs struct{ u, v, du, dv float64 }

// bendObservations maps the measured centres pts through the inverse of h
// to grid units, with how many distinct rows and columns they fall in.
func bendObservations(h geom.Homography, rows, cols int, pts [][2]float64) ([]bendObs, int, int) {
	inv := h.Inverse()
	var all []bendObs
	rowsSeen, colsSeen := map[int]bool{}, map[int]bool{}
	for _, p := range pts {
		gu, gv := inv.Apply(p[0], p[1])
		cu, cv := math.Floor(gu)+0.5, math.Floor(gv)+0.5
		if cu < 0 || cv < 0 || cu > float64(cols) || cv > float64(rows) {
			continue
		}
		all = append(all, bendObs{cu, cv, gu - cu, gv - cv})
		rowsSeen[int(cv)], colsSeen[int(cu)] = true, true
	}
	return all, len(rowsSeen), len(colsSeen)
}

// fit fits m's correction of degree m.deg to the observations by ridge
// least squares, twice: the second time without the outliers of the
// first. It returns which observations the fit kept and its term buffer.
func (m *BentMap) fit(all []bendObs) ([]bool, []float64, bool) {
	use := make([]bool, len(all))
	for i := range use {
		use[i] = true
	}
	n := BendTermCount(m.Deg)
	buf := make([]float64, 0, n)
	for round := 0; round < 2; round++ {
		ata := make([][]float64, n)
		for i := range ata {
			ata[i] = make([]float64, n)
		}
		bu, bv := make([]float64, n), make([]float64, n)
		for i, o := range all {
			if !use[i] {
				continue
			}
			s, t := m.norm(o.u, o.v)
			buf = bendTerms(s, t, m.Deg, buf)
			for a := 0; a < n; a++ {
				for b := 0; b < n; b++ {
					ata[a][b] += buf[a] * buf[b]
				}
				bu[a] += buf[a] * o.du
				bv[a] += buf[a] * o.dv
			}
		}
		// The ridge pulls every coefficient towards zero, the projective
		// fit: a correction must be borne out by many centres.
		for a := 0; a < n; a++ {
			ata[a][a] += Rectifying.ridge
		}
		var ok1, ok2 bool
		m.Du, ok1 = SolveSym(ata, bu)
		m.Dv, ok2 = SolveSym(ata, bv)
		if !ok1 || !ok2 {
			return nil, nil, false
		}
		// Centres pulled off by a glyph touching the cell's edge or by a
		// merged cell do not follow the paper; they are dropped and the
		// fit redone.
		for i, o := range all {
			du, dv, b := m.correction(o.u, o.v, buf)
			buf = b
			use[i] = math.Hypot(o.du-du, o.dv-dv) < Rectifying.outlier
		}
	}
	return use, buf, true
}

// SolveSym solves a x = b by Gaussian elimination with partial pivoting.
func SolveSym(a [][]float64, b []float64) ([]float64, bool) {
	n := len(b)
	m := make([][]float64, n)
	for i := range m {
		m[i] = append(append([]float64(nil), a[i]...), b[i])
	}
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		if math.Abs(m[p][c]) < 1e-12 {
			return nil, false
		}
		m[c], m[p] = m[p], m[c]
		for r := c + 1; r < n; r++ {
			f := m[r][c] / m[c][c]
			for k := c; k <= n; k++ {
				m[r][k] -= f * m[c][k]
			}
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := m[r][n]
		for k := r + 1; k < n; k++ {
			s -= m[r][k] * x[k]
		}
		x[r] = s / m[r][r]
	}
	return x, true
}

// WarpBent resamples src so that dst pixel (x, y) shows src at
// m(x/px, y/px): the grid rectified through the bent map.
func WarpBent(src gocv.Mat, m BentMap, px int) (gocv.Mat, bool) {
	return WarpBentArea(src, m, float64(px), 0, 0, m.Cols*px, m.Rows*px)
}

// WarpBentArea resamples src into a w x h image whose pixel (x, y) shows
// src at m(u0 + x/px, v0 + y/px).
func WarpBentArea(src gocv.Mat, m BentMap, px, u0, v0 float64, w, h int) (gocv.Mat, bool) {
	if w <= 0 || h <= 0 || px <= 0 || src.Empty() {
		return gocv.NewMat(), false
	}
	data := make([]byte, 8*w*h)
	buf := make([]float64, 0, 16)
	// The whole map is smooth over a few pixels: it is evaluated exactly
	// on a coarse mesh and interpolated in between, which keeps a large
	// grid's remap cheap.
	const step = 4
	mw, mh := w/step+2, h/step+2
	mx, my := make([]float64, mw*mh), make([]float64, mw*mh)
	for j := 0; j < mh; j++ {
		for i := 0; i < mw; i++ {
			u, v := u0+float64(i*step)/px, v0+float64(j*step)/px
			du, dv, b := m.correction(u, v, buf)
			buf = b
			mx[j*mw+i], my[j*mw+i] = m.H.Apply(u+du, v+dv)
		}
	}
	rx, ry := make([]float64, mw), make([]float64, mw)
	for y := 0; y < h; y++ {
		j, fy := y/step, float64(y%step)/step
		for i := 0; i < mw; i++ {
			k := j*mw + i
			rx[i] = mx[k]*(1-fy) + mx[k+mw]*fy
			ry[i] = my[k]*(1-fy) + my[k+mw]*fy
		}
		row := data[8*y*w : 8*(y+1)*w]
		for x := 0; x < w; x++ {
			i, fx := x/step, float64(x%step)/step
			sx := rx[i]*(1-fx) + rx[i+1]*fx
			sy := ry[i]*(1-fx) + ry[i+1]*fx
			binary.LittleEndian.PutUint32(row[8*x:], math.Float32bits(float32(sx)))
			binary.LittleEndian.PutUint32(row[8*x+4:], math.Float32bits(float32(sy)))
		}
	}
	maps, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV32FC2, data)
	if err != nil {
		return gocv.NewMat(), false
	}
	defer maps.Close()
	empty := gocv.NewMat()
	defer empty.Close()
	dst := gocv.NewMat()
	gocv.Remap(src, &dst, &maps, &empty, gocv.InterpolationLinear, gocv.BorderReplicate, raster.ColorBlack)
	return dst, true
}

// ScaleCentres returns the points scaled by (sx, sy), in a new slice.
func ScaleCentres(pts [][2]float64, sx, sy float64) [][2]float64 {
	if pts == nil {
		return nil
	}
	out := make([][2]float64, len(pts))
	for i, p := range pts {
		out[i] = [2]float64{p[0] * sx, p[1] * sy}
	}
	return out
}

// Grid warps the grid to rows x cols cells of px pixels: through the
// bent map when the measured cell centres show the paper bent, through the
// single homography toImage (rectified px -> img px) otherwise.
func Grid(bgr gocv.Mat, toImage geom.Homography, centres [][2]float64, locScale float64, rows, cols, px int) (gocv.Mat, *BentMap) {
	if len(centres) > 0 {
		hc := geom.Scaling(float64(px), float64(px)).Then(toImage)
		if m, ok := FitBentMap(hc, rows, cols, ScaleCentres(centres, locScale, locScale)); ok {
			if g, ok := WarpBent(bgr, m, px); ok {
				return g, &m
			}
		}
	}
	return raster.Warp(bgr, toImage, cols*px, rows*px), nil
}
