package locate

import (
	"gocv.io/x/gocv"

	"binocle/vision/internal/gridline"
	"binocle/vision/internal/raster"
)

// GrowLattice is the lattice rung's work on a lattice of closed cells
// found in gray: its sides trimmed and grown by the lines' evidence
// (AdjustBent), its lines followed (growLines), and last the glyphs
// beyond its sides asked where adjusting left them unasked.
func GrowLattice(gray gocv.Mat, f LatticeFit) LatticeFit {
	return growLines(gray, AdjustBent(gray, f), true, true)
}

// GrowLatticeByLines is GrowLattice on a straight lattice with no glyph
// asked, in the adjuster or after the lines are followed: how far the
// lines alone grow it, which a test of the glyphs' growth holds its
// answer against.
func GrowLatticeByLines(gray gocv.Mat, f LatticeFit) LatticeFit {
	return growLines(gray, AdjustLatticeBy(gray, f, false), true, false)
}

// growLines grows f over the rows and columns of its grid that its
// closed cells missed, following its lines: a big lattice's strip by
// strip (GrowBig) when big is set, then a small one's (growSmall). The
// followers take a line for a ridge darker than the paper beside it, so
// on a dark board, whose lines are light, they look in gray's negative
// (see darkGround): in gray itself the light lines are no such ridge,
// while the dark ground between the light clue counts printed beside the
// grid is one at every cell, and the grid grew into its clue strips.
// Where glyphs is set, the glyphs beyond its sides are asked last
// (glyphsLeftToLast).
func growLines(gray gocv.Mat, f LatticeFit, big, glyphs bool) LatticeFit {
	lines := gray
	if own, ok := rawPlane(gray); ok && darkGround(raster.Plane{W: own.W, H: own.H, Pix: own.Raw}, f.ToImage, f.Rows, f.Cols) {
		neg := gocv.NewMat()
		defer neg.Close()
		gocv.BitwiseNot(gray, &neg)
		if negative, ok := rawPlane(neg); ok && lightLines(own, negative, f) {
			lines = neg
		}
	}
	glyphsLast := glyphs && glyphsLeftToLast(gray, f)
	if big {
		f = GrowBig(lines, f)
	}
	f = growSmall(lines, f)
	if glyphsLast {
		f = growForGlyphsLast(gray, f)
	}
	return f
}

// glyphsLeftToLast tells whether adjustLattice left f's glyphs unasked
// while the grid's lines may still say less than they do: its lines
// were clear (strict), which vouches for nothing at a side where they
// fade (a light grid's outer columns, dev-photos wild-photo-001, 8x8
// read 8x6), or it is a big grid of small cells, left to growBig, whose
// outer strips may have lost their lines (wild-photo-115, 25x25 read
// 22x25). Their glyphs are asked after the lines have been followed: a
// strip grown for its glyphs first puts a bent page's lattice off its
// lines, and the lines beyond are no longer followed (wild-photo-107,
// 16x20 read 16x17). A lattice with nearly every cell closed has no
// glyphs to show.
func glyphsLeftToLast(gray gocv.Mat, f LatticeFit) bool {
	if f.full() {
		return false
	}
	return f.bigOfSmallCells() || gridline.Measure(gray, f.lattice()).Strict
}

// growForGlyphsLast grows f by the strips beyond its sides that hold
// glyphs lined up with its own (growForGlyphs), side by side, until none
// does. Once grown, the lattice is put back on the lines its strips
// cross before the next look: the map, carried past the lines it was
// fitted to, drifts off a bent or foreshortened page's cells, and the
// glyphs of the strip after seem off their cells (seed4242 photo-156,
// 24x24 grown only to 24x18).
func growForGlyphsLast(gray gocv.Mat, f LatticeFit) LatticeFit {
	var a sideAdjuster
	for round := 0; round < maxAdjustRounds; round++ {
		ev := gridline.Measure(gray, f.lattice())
		if round > 0 {
			if g, ok := snapLattice(ev, f); ok {
				f = g
				ev = gridline.Measure(gray, f.lattice())
			}
		}
		g, changed := a.growForGlyphs(gray, f, ev)
		if !changed {
			break
		}
		f = g
	}
	return f
}

// rawPlane is a view of m's own pixels, read only while m is, so that a
// few samples' look costs no copy of the whole picture; ok is false for
// a Mat not held as one plane of bytes.
func rawPlane(m gocv.Mat) (gridline.DarkPlane, bool) {
	raw, err := m.DataPtrUint8()
	return gridline.DarkPlane{W: m.Cols(), H: m.Rows(), Raw: raw}, err == nil && len(raw) == m.Cols()*m.Rows()
}

// lightLinesOver is how many times plainer than as dark ridges a grid's
// lines must stand out as light ones, in the negative, to be light: a
// dark board's tiles, or a dim photo's cells, can be dark around darker
// gaps.
const lightLinesOver = 2

// lightLines tells whether f's lines stand out in gray as light ridges
// (dark ones in its negative neg) rather than dark ones.
func lightLines(gray, neg gridline.DarkPlane, f LatticeFit) bool {
	g := latticeNodes(f, f.ToImage)
	dark, light := LinesLevel(gray, g), LinesLevel(neg, g)
	if raster.Trace != nil {
		raster.Trace("lines as dark ridges %.1f, as light ones %.1f", dark, light)
	}
	return light > lightLinesOver*max(dark, gridline.Measuring.MinBigRidge)
}

// growSmall follows the lines of a lattice too small for growBig.
func growSmall(gray gocv.Mat, f LatticeFit) LatticeFit {
	if f.bigOfSmallCells() {
		return f
	}
	if f.Rows < 3 || f.Cols < 3 {
		return f
	}
	// The look beyond the sides must cost next to nothing on a
	// screenshot, whose lines end at its grid: no copy of gray.
	p, ok := rawPlane(gray)
	if !ok {
		return f
	}
	p.TwoSided = true
	sides, any := stripsRunOn(p, f)
	if !any {
		return f
	}
	return followLines(gray, f, true, sides)
}

// stripsRunOn tells, for each side of f, whether the lines across the
// strip just beyond it stand out about as the lines across the side's
// own strip do; each line is looked for within a fifth of a cell of
// where the lattice puts it.
func stripsRunOn(p gridline.DarkPlane, f LatticeFit) ([4]bool, bool) {
	g := latticeNodes(f, f.ToImage)
	var own, across [4]float64
	for side := range own {
		o := g.Orient(side, false)
		l0, l1 := o[0], o[1]
		var in, out []float64
		for c := range l0 {
			a := l0[c]
			b := [2]float64{2*a[0] - l1[c][0], 2*a[1] - l1[c][1]}
			// The row's own step, for the sideways unit.
			n := c + 1
			if n == len(l0) {
				n = c - 1
			}
			ux, uy := l0[n][0]-a[0], l0[n][1]-a[1]
			in = append(in, bestRidge(p, l1[c], a, ux, uy))
			out = append(out, bestRidge(p, a, b, ux, uy))
		}
		own[side], across[side] = raster.Percentile(in, 0.5), raster.Percentile(out, 0.5)
		own[side], across[side] = gridline.UnblockedMedian(in, own[side]), gridline.UnblockedMedian(out, own[side])
	}
	// The grid's lines as they show along its best lit side: a shadow
	// over part of the grid leaves the lines along some sides fainter.
	level := max(own[0], own[1], own[2], own[3])
	var runs [4]bool
	any := false
	for side := range runs {
		runs[side] = across[side] >= gridline.Measuring.MinBigRidge && across[side] >= gridline.Measuring.MinSmallGrowShare*own[side] && across[side] <= locating.grow.maxGlanceShare*level
		if raster.Trace != nil {
			raster.Trace("side %d: lines across the strip beyond %.2f, its own %.2f", side, across[side], own[side])
		}
		any = any || runs[side]
	}
	return runs, any
}

// bestRidge is the strongest ridge of the segment a-b moved sideways by
// up to a fifth of the step (ux, uy).
func bestRidge(p gridline.DarkPlane, a, b [2]float64, ux, uy float64) float64 {
	best := 0.0
	for _, k := range locating.grow.ridgeShifts {
		d := [2]float64{ux * k, uy * k}
		if v, ok := p.Ridge([2]float64{a[0] + d[0], a[1] + d[1]}, [2]float64{b[0] + d[0], b[1] + d[1]}); ok {
			best = max(best, v)
		}
	}
	return best
}
