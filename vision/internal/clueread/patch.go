package clueread

import (
	"math"
	"slices"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/raster"
	"binocle/vision/internal/rectify"
)

// A clue site is the middle of a line segment two neighbouring cells
// share. The site classifier sees it as a small grey patch in one
// canonical orientation: the line runs down the patch's middle, so that
// '=' and '×' on a vertical and on a horizontal line look alike to it.
const (
	// SiteSide is the classifier's input, in pixels a side: large enough
	// that a LinkedIn Tango '×' a sixth of a cell wide keeps its two
	// strokes apart, small enough that a 40×40 grid's 3,000 sites stay cheap.
	SiteSide = 24
	// SiteMargin more pixels each side are cut for training, so that the
	// trainer can shift the input by as much as the rectification errs.
	SiteMargin = 2
	// siteSpan is the share of a cell the input spans along and across
	// the line: the largest clue real apps draw, on its badge, and no
	// more, so that the smallest keeps pixels enough to tell '=' from '×'.
	siteSpan = 0.5
	// sitePxMax is the most pixels a cell gets when the grid is rectified
	// again for its clue sites: a LinkedIn Tango '×' is a seventh of a
	// cell with hairline strokes, which the cells' own 40-pixel copy
	// blurs into a blot; beyond this the patch would only be shrunk again.
	sitePxMax = 96
)

// These sizes are the input the site net was trained on (the trainer cuts
// its patches with ClueSites) and size arrays, so they stay constants, not
// fields of Params: changing one means training the net again.

// SiteImage is the grid as the clue sites are cut from: the cells' own
// rectified copy, or a finer one where the picture has more to give.
type SiteImage struct {
	gray raster.Plane
	bgr  raster.BGRPlane // the same pixels in colour, once copied (colourPixels)
	// warped is the grid warped afresh for the sites, in colour, until
	// Close. Only the clues' colour (ColourClues) reads it, and only on
	// a grid with sure clues, so it is copied to bgr only then: a site
	// image is a few megapixels, and copying every one cost a web
	// screenshot's read a fifth of its time.
	warped         *gocv.Mat
	rows, cols, px int
	ox, oy         int // where the glyphs put the lattice, beyond the lines found (farOff)
}

// colourPixels copies the site image's colour pixels to bgr, where they
// were left in the warped grid.
func (si *SiteImage) colourPixels() {
	if si.warped != nil && len(si.bgr.Pix) != 3*len(si.gray.Pix) {
		si.bgr = raster.BGRPlaneOf(*si.warped)
	}
}

// Close frees the grid warped for the sites; its colour pixels, where
// Read copied them, stay.
func (si SiteImage) Close() {
	if si.warped != nil {
		si.warped.Close()
	}
}

// siteImageOf is the cells' own copy as a site image.
func siteImageOf(ci cellread.Image) SiteImage {
	return SiteImage{gray: ci.Gray, bgr: ci.Colours(), rows: ci.Rows, cols: ci.Cols, px: ci.Px,
		ox: farOff(ci.GlyphX, ci.Px), oy: farOff(ci.GlyphY, ci.Px)}
}

// SitePatch is one site, cut for the classifier.
type SitePatch struct {
	Edge solver.Edge // the two cells; Rel unset
	// Pix is (siteSide+2*siteMargin)² grey levels, rows along the line;
	// the classifier reads its middle siteSide².
	Pix []uint8
}

// ClueSites is every site of ci that the ink test keeps, cut for the
// classifier, in the order findClues has always listed edges: vertical
// segments row by row, then horizontal ones.
func ClueSites(ci SiteImage) []SitePatch {
	if ci.px < Tuned.Sites.minCellPx {
		return nil
	}
	sc := newSiteCutter(ci)
	var out []SitePatch
	keep := func(e solver.Edge) {
		if cx, cy, vertical := ci.siteMiddle(e); sc.inked(cx, cy, vertical) {
			out = append(out, SitePatch{Edge: e, Pix: sc.cut(cx, cy, vertical)})
		}
	}
	for r := 0; r < ci.rows; r++ {
		for c := 0; c+1 < ci.cols; c++ {
			keep(solver.Edge{R1: r, C1: c, R2: r, C2: c + 1})
		}
	}
	for r := 0; r+1 < ci.rows; r++ {
		for c := 0; c < ci.cols; c++ {
			keep(solver.Edge{R1: r, C1: c, R2: r + 1, C2: c})
		}
	}
	return out
}

// siteMiddle is where the site of e lies in si, the middle of the line
// segment its two cells share, and whether that segment runs down (the
// cells side by side in a row).
func (si SiteImage) siteMiddle(e solver.Edge) (cx, cy float64, vertical bool) {
	if e.R1 == e.R2 {
		return float64(e.C2*si.px + si.ox), float64(e.R1*si.px + si.px/2 + si.oy), true
	}
	return float64(e.C1*si.px + si.px/2 + si.ox), float64(e.R2*si.px + si.oy), false
}

// siteCutter samples sites of one rectified grid.
type siteCutter struct {
	ci       SiteImage
	inkLevel float64
	step     float64 // grid pixels per patch pixel
	profile  []float64
}

func newSiteCutter(ci SiteImage) *siteCutter {
	p := &Tuned.Sites
	q := raster.BytePercentiles(ci.gray.Pix, p.darkQuantile, p.lightQuantile)
	contrast := math.Max(p.minContrast, q[1]-q[0])
	return &siteCutter{
		ci:       ci,
		inkLevel: math.Max(p.inkMin, p.inkShare*contrast),
		step:     siteSpan * float64(ci.px) / SiteSide,
	}
}

// grey is the rectified grid at (u, v): u across the line, v along it,
// both in grid pixels from the site's middle, clamped to the grid.
func (sc *siteCutter) grey(cx, cy, u, v float64, vertical bool) float64 {
	x, y := cx+u, cy+v
	if !vertical {
		x, y = cx+v, cy+u
	}
	g := sc.ci.gray
	x = math.Min(math.Max(x, 0), float64(g.W)-1.001)
	y = math.Min(math.Max(y, 0), float64(g.H)-1.001)
	ix, iy := int(x), int(y)
	fx, fy := x-float64(ix), y-float64(iy)
	i := iy*g.W + ix
	a, b := float64(g.Pix[i]), float64(g.Pix[i+1])
	c, d := float64(g.Pix[i+g.W]), float64(g.Pix[i+g.W+1])
	return (a*(1-fx)+b*fx)*(1-fy) + (c*(1-fx)+d*fx)*fy
}

// greyAt is grey at whole pixels u, v from a site's middle. The ink test
// reads a few thousand pixels a site, most of them on whole pixels of
// the grid, where grey's interpolation weighs one pixel alone: there the
// pixel is read directly, which gives the same number, and elsewhere
// (off a whole pixel, or clamped to the grid's edge) grey does.
func (sc *siteCutter) greyAt(cx, cy float64, u, v int, vertical bool) float64 {
	x, y := cx+float64(u), cy+float64(v)
	if !vertical {
		x, y = cx+float64(v), cy+float64(u)
	}
	g := sc.ci.gray
	if x == math.Trunc(x) && y == math.Trunc(y) && x >= 0 && y >= 0 && x <= float64(g.W-2) && y <= float64(g.H-2) {
		return float64(g.Pix[int(y)*g.W+int(x)])
	}
	return sc.grey(cx, cy, float64(u), float64(v), vertical)
}

// inked tells whether the site's middle departs from the bare line, as
// the site's ends show it, in enough pixels to be worth a look: a cheap
// test that drops the sites holding nothing but the bare line before the
// classifier looks (Tuned.Sites).
func (sc *siteCutter) inked(cx, cy float64, vertical bool) bool {
	px := float64(sc.ci.px)
	p := &Tuned.Sites
	mid := int(p.middle * px)
	if cap(sc.profile) < 2*mid+1 {
		sc.profile = make([]float64, 2*mid+1)
	}
	profile := sc.profile[:2*mid+1]
	var ends []float64
	for u := -mid; u <= mid; u++ {
		profile[u+mid], ends = sc.lineLevel(cx, cy, u, vertical, ends)
	}
	need := int(math.Ceil(p.inkArea * float64((2*mid+1)*(2*mid+1))))
	n := 0
	for v := -mid; v <= mid; v++ {
		for u := -mid; u <= mid; u++ {
			if math.Abs(sc.greyAt(cx, cy, u, v, vertical)-profile[u+mid]) > sc.inkLevel {
				if n++; n >= need {
					return true
				}
			}
		}
	}
	return false
}

// lineLevel is the bare line's grey u pixels across it, read from the
// site's two ends (Tuned.Sites' endFrom to endTo), where no clue
// reaches: their median. ends is a buffer, returned for the next call.
func (sc *siteCutter) lineLevel(cx, cy float64, u int, vertical bool, ends []float64) (float64, []float64) {
	px := float64(sc.ci.px)
	p := &Tuned.Sites
	ends = ends[:0]
	for v := int(p.endFrom * px); v <= int(p.endTo*px); v++ {
		ends = append(ends, sc.greyAt(cx, cy, u, v, vertical), sc.greyAt(cx, cy, u, -v, vertical))
	}
	slices.Sort(ends)
	return ends[len(ends)/2], ends
}

// cut samples the site into a patch, each patch pixel the mean of four
// samples so that the grid's finer pixels do not alias.
func (sc *siteCutter) cut(cx, cy float64, vertical bool) []uint8 {
	side := SiteSide + 2*SiteMargin
	out := make([]uint8, side*side)
	half := float64(side-1) / 2
	q := sc.step / 4
	for i := 0; i < side; i++ {
		v := (float64(i) - half) * sc.step
		for j := 0; j < side; j++ {
			u := (float64(j) - half) * sc.step
			s := sc.grey(cx, cy, u-q, v-q, vertical) + sc.grey(cx, cy, u+q, v-q, vertical) +
				sc.grey(cx, cy, u-q, v+q, vertical) + sc.grey(cx, cy, u+q, v+q, vertical)
			out[i*side+j] = uint8(math.Round(s / 4))
		}
	}
	return out
}

// RectifySites is the grid again for its clue sites, as fine as the
// picture's cells are, up to sitePxMax a cell; the cells' own copy when
// that is as fine.
func RectifySites(bgr gocv.Mat, toImage geom.Homography, bend *rectify.BentMap, quad [4][2]float64, ci cellread.Image) SiteImage {
	si := siteImageOf(ci)
	px := sitePixels(quad, ci)
	if px <= ci.Px {
		return si
	}
	var g gocv.Mat
	ok := false
	if bend != nil {
		g, ok = rectify.WarpBent(bgr, *bend, px)
	}
	if !ok {
		k := float64(ci.Px) / float64(px)
		g = raster.Warp(bgr, geom.Scaling(k, k).Then(toImage), ci.Cols*px, ci.Rows*px)
	}
	si.setPixels(g, px, ci)
	return si
}

// RectifySitesAlong is the site image rectified through the bent map
// the glyphs measure (vision's glyph bend), where the cells' own copy
// stays flat: the cells were read there, but a clue a third of a cell
// off its site is not seen at all. The glyphs' offset off the lattice
// is in the map, so the sites are not moved by it again. It is the
// cells' site image (RectifySites) where the map does not warp.
func RectifySitesAlong(bgr gocv.Mat, toImage geom.Homography, bend rectify.BentMap, quad [4][2]float64, ci cellread.Image) SiteImage {
	px := max(sitePixels(quad, ci), ci.Px)
	g, ok := rectify.WarpBent(bgr, bend, px)
	if !ok {
		return RectifySites(bgr, toImage, nil, quad, ci)
	}
	si := siteImageOf(ci)
	si.setPixels(g, px, ci)
	si.ox, si.oy = 0, 0
	return si
}

// sitePixels is the pixels a cell gets in the site image: what the
// picture gives the grid's cells, up to sitePxMax.
func sitePixels(quad [4][2]float64, ci cellread.Image) int {
	cell := geom.CellSide(quad, ci.Rows, ci.Cols)
	return int(math.Min(math.Round(cell), sitePxMax))
}

// setPixels makes g, px pixels a cell, si's pixels, its glyph offsets
// (measured in ci's copy) scaled to them. si takes g, to Close.
func (si *SiteImage) setPixels(g gocv.Mat, px int, ci cellread.Image) {
	gray := raster.ToGray(g)
	defer gray.Close()
	si.gray, si.bgr, si.warped, si.px = raster.PlaneOf(gray), raster.BGRPlane{}, &g, px
	si.ox, si.oy = si.ox*px/ci.Px, si.oy*px/ci.Px
}
