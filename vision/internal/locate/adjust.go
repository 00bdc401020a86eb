package locate

import (
	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/vision/internal/gridline"
	"binocle/vision/internal/raster"
)

// The lattice of closed cells can miss a whole outer row or column: when
// the grid's outer border is not printed (the cells along it are open),
// or when blur erases the lines of one column. It can also take in a row
// of look-alike regions beside the grid (text between the border and a
// rule). Both show in the grid's lines: a real row has the column lines
// running through it, and a missing row still has them, with or without a
// line beyond it. adjustLattice checks every side against that evidence.

// maxAdjustRounds bounds the rows and columns adjustLattice adds or
// removes in all: each round changes one side by one strip, and a lattice
// that missed a faint grid's outer rows may lack a few on every side.
const maxAdjustRounds = 32

// AdjustLattice trims outer rows and columns that the grid's lines do not
// run through and adds the ones they do, up to two on each side.
func AdjustLattice(gray gocv.Mat, f LatticeFit) LatticeFit {
	return AdjustLatticeBy(gray, f, true)
}

// AdjustLatticeBy is adjustLattice; glyphs tells whether the glyphs beyond
// the sides are looked at once the lines have nothing more to say.
func AdjustLatticeBy(gray gocv.Mat, f LatticeFit, glyphs bool) LatticeFit {
	if f.Residual > locating.grow.adjustResidual {
		g, ok := snapStrayed(gray, f)
		if !ok {
			return g
		}
		f = g
	}
	var a sideAdjuster
	for round := 0; round < maxAdjustRounds; round++ {
		ev := gridline.Measure(gray, f.lattice())
		// Faint lines are where a loose map loses the grid; clearly
		// drawn ones leave the closed cells little to miss.
		if !ev.Strict {
			if g, ok := snapLattice(ev, f); ok {
				f = g
				ev = gridline.Measure(gray, f.lattice())
			}
		}
		strict := ev
		if !ev.Strict {
			strict = gridline.MeasureAt(gray, f.lattice(), true)
		}
		changed := false
		for side := 0; side < 4 && !changed; side++ {
			f, changed = a.adjust(gray, f, ev, strict, side)
		}
		// Once the lines have nothing more to say, the glyphs in the strips
		// just beyond the sides are looked at: where glare or shade washes
		// a grid's lines out they are the only evidence left. A lattice
		// with nearly every cell closed (tiles, a screenshot) has no
		// glyphs to show.
		// A big grid of small cells is left to growBig, which follows
		// its lines strip by strip further than a glyph check can see
		// at that size.
		if !changed && glyphs && !ev.Strict && !f.full() && !f.bigOfSmallCells() {
			f, changed = a.growForGlyphs(gray, f, ev)
		}
		if !changed {
			break
		}
	}
	return f
}

// snapStrayed puts a lattice whose closed cells stray from the projective
// fit back on the lines' crossings. On bent paper the projective fit
// strays from the lines by more than the evidence's tolerance, and the
// evidence would mislead. The cells' centres can stray from a lattice the
// lines sit on (glyphs and blur shift a faint cell's closed region), so
// when the lines' crossings put the lattice back on a projective map, the
// evidence is trusted after all. Most of the crossings must show: on a
// curved sheet the lines of one part alone fit a lattice too. When they
// do not, it returns the lattice grown only where each side's own strips
// say, and false: the lattice is done.
func snapStrayed(gray gocv.Mat, f LatticeFit) (LatticeFit, bool) {
	ev := gridline.Measure(gray, f.lattice())
	g, ok := snapLatticeSeen(ev, f, 0.5)
	if ok {
		return g, true
	}
	// Strips beyond a side are still judged from the side's own few
	// strips, whose map holds where the whole grid's does not.
	if !ev.Strict {
		for side := 0; side < 4; side++ {
			if !ev.SomeRunOn(side) && f.full() {
				continue
			}
			if n := growLocally(gray, f, side); n > 0 {
				f = f.grow(side, min(n, 64-f.span(side)))
			}
		}
	}
	return f, false
}

// atPictureEdge tells whether a side of f lies along the picture's edge,
// both its corners within growParams.edgeShare of a cell of it.
func atPictureEdge(gray gocv.Mat, f LatticeFit, side int) bool {
	q := f.Quad()
	tol := locating.grow.edgeShare * f.CellSize
	w, h := float64(gray.Cols()), float64(gray.Rows())
	corners := [4][2]int{{0, 1}, {2, 3}, {0, 3}, {1, 2}}[side] // top, bottom, left, right
	near := func(p [2]float64) bool {
		switch side {
		case 0:
			return p[1] <= tol
		case 1:
			return p[1] >= h-tol
		case 2:
			return p[0] <= tol
		}
		return p[0] >= w-tol
	}
	return near(q[corners[0]]) && near(q[corners[1]])
}

// sideAdjuster is what adjustLatticeBy remembers of each side between
// rounds.
type sideAdjuster struct {
	// A side that has been both trimmed and grown is left alone from then
	// on: the two kinds of evidence disagree about it, and undoing each
	// other they leave it where the closed cells put it.
	trimmed, grown [4]bool
	// Strips added for their glyphs have no lines to show, and would pass
	// for stray ones, or make the strips across them look stray, to the
	// line evidence from then on.
	glyphsGrown bool
	glyphSide   [4]bool
}

// adjust trims one side's stray strips or grows it by the strips its lines
// run on into; it says whether the lattice changed. ev is the line
// evidence at the grid's own contrast, strict at the fixed one.
func (a *sideAdjuster) adjust(gray gocv.Mat, f LatticeFit, ev, strict gridline.Evidence, side int) (LatticeFit, bool) {
	if a.trimmed[side] && a.grown[side] {
		return f, false
	}
	// Text beside a grid crosses a strip's column lines about half
	// the time; the grid's own strips nearly always.
	// Trimming takes clear evidence: at a lowered contrast the
	// glyphs and tile edges of an outer row can break its lines.
	// Strips whose cells were mostly found closed are the grid's,
	// however faint their lines are next to the rest.
	trim := strict.StrayStrips(side)
	if trim == 0 && !ev.Strict && strict.Blind(side) {
		// Lines too faint for the fixed contrast anywhere near
		// the side leave the judgement to the grid's own.
		if trim = ev.BareStrips(side); trim > 0 && !bareLocally(gray, f, side, trim) {
			trim = 0
		}
	}
	if trim > 0 && f.span(side) > trim+1 && !mostlyClosed(f, side, trim) && !a.glyphsGrown && !atPictureEdge(gray, f, side) {
		if raster.Trace != nil {
			raster.Trace("side %d: trim %d", side, trim)
		}
		a.trimmed[side] = true
		return f.grow(side, -trim), true
	}
	grow := ev.LinesRunOn(side)
	if !grow {
		if local, ok := ev.NearSide(side); ok {
			grow = local.LinesRunOn(side)
		}
	}
	// A strip grown for its glyphs shows few lines, or none, and
	// anything beyond it passes for their running on, the strokes
	// of a line of text below it too, to this strip or to a map
	// fitted to it. Its own lines must show over half of it to
	// vouch for those beyond; glyphs alone grow the side further
	// otherwise.
	mute := a.glyphSide[side] && ev.InnerLines(side) < 0.5
	n := 0
	if grow && !mute {
		n = 1
	} else if !mute && !ev.Strict && (ev.SomeRunOn(side) || !f.full()) {
		n = growLocally(gray, f, side)
	}
	if n > 0 && f.span(side) < 64 {
		a.grown[side] = true
		return f.grow(side, min(n, 64-f.span(side))), true
	}
	return f, false
}

// growForGlyphs grows each side by the strips beyond it that hold glyphs
// lined up with the grid's; it says whether any side grew.
func (a *sideAdjuster) growForGlyphs(gray gocv.Mat, f LatticeFit, ev gridline.Evidence) (LatticeFit, bool) {
	changed := false
	for side := 0; side < 4; side++ {
		if n := glyphsRunOnBy(gray, f, side, ev.LinesEnd(side)); n > 0 && f.span(side) < 64 {
			if raster.Trace != nil {
				raster.Trace("side %d: %d grown for their glyphs", side, n)
			}
			f = f.grow(side, min(n, 64-f.span(side)))
			changed, a.glyphsGrown, a.glyphSide[side] = true, true, true
		}
	}
	return f, changed
}

// mostlyClosed tells whether at least half the cells of the n outer strips
// on one side were found closed.
func mostlyClosed(f LatticeFit, side, n int) bool {
	return 2*closedIn(f, side, n) >= n*f.span(side^2)
}

// localStrips is how many of the lattice's outer strips growLocally
// fits its map to.
const localStrips = 3

// full tells whether nearly every cell of the lattice was found closed.
func (f LatticeFit) full() bool {
	return 10*f.Cells >= 9*f.Rows*f.Cols
}

// growLocally counts the strips the grid's lines run on across beyond one
// side, judged from the lattice's last few strips along that side alone,
// refitted to where their lines cross and measured at the contrast of
// their own lines; the few strips walk outwards one at a time, refitted
// at every step. A map fitted to the whole grid misses the lines along a
// side where the sheet curves away or the grid's far part is
// foreshortened more than one projective map allows, and a shadow over
// part of the grid sets a contrast its lines in the light pass and those
// in the shade do not; over a few strips next to the side the map and the
// contrast both hold.
func growLocally(gray gocv.Mat, f LatticeFit, side int) int {
	if f.span(side) <= localStrips || f.span(side^2) < 3 {
		return 0
	}
	sub := f.grow(side^1, localStrips-f.span(side))
	n := 0
	for f.span(side)+n < 64 {
		ev := gridline.Measure(gray, sub.lattice())
		if g, ok := snapLattice(ev, sub); ok {
			sub = g
			ev = gridline.Measure(gray, sub.lattice())
		}
		if raster.Trace != nil {
			raster.Trace("side %d: locally, %d grown", side, n)
		}
		runOn := ev.LinesRunOn(side)
		if !runOn {
			local, ok := ev.NearSide(side)
			runOn = ok && local.LinesRunOn(side)
		}
		if !runOn {
			break
		}
		n++
		sub = sub.grow(side, 1).grow(side^1, -1)
	}
	return n
}

// bareLocally tells whether the n outer strips on one side show next to
// none of the grid's lines also to a map refitted to the side's last few
// strips alone: where the sheet bows, the whole grid's map runs off the
// lines along a side and sees them bare.
func bareLocally(gray gocv.Mat, f LatticeFit, side, n int) bool {
	if f.span(side) > localStrips+n {
		f = f.grow(side^1, localStrips+n-f.span(side))
	}
	ev := gridline.Measure(gray, f.lattice())
	if g, ok := snapLattice(ev, f); ok {
		ev = gridline.Measure(gray, g.lattice())
	}
	return ev.BareStrips(side) >= n
}

// Sides: 0 top, 1 bottom, 2 left, 3 right; side^1 is the other side on the
// same axis.

// span is the number of cells along the side's normal axis: rows for top
// and bottom, columns for left and right.
func (f LatticeFit) span(side int) int {
	if side < 2 {
		return f.Rows
	}
	return f.Cols
}

// grow adds n rows or columns (removes them when n < 0) on one side.
func (f LatticeFit) grow(side, n int) LatticeFit {
	switch side {
	case 0:
		f.ToImage = geom.Homography{1, 0, 0, 0, 1, float64(-n), 0, 0, 1}.Then(f.ToImage)
		f.Rows += n
	case 1:
		f.Rows += n
	case 2:
		f.ToImage = geom.Homography{1, 0, float64(-n), 0, 1, 0, 0, 0, 1}.Then(f.ToImage)
		f.Cols += n
	case 3:
		f.Cols += n
	}
	return f
}
