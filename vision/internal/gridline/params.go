package gridline

import "binocle/vision/internal/raster"

// lineParams are the thresholds by which the lines stage tells a grid's
// lines from print and grain (evidence.go, follow.go), each
// with what it guards against. Shares are of a strip's or a segment's
// run; distances in cells.
type lineParams struct {
	// The lines run on across the strip beyond a side when they are seen
	// along runOn of it, and along runOnInner as much of it as across
	// the side's own strip.
	runOn, runOnInner float64
	// The lines end at a side when seen along endSeen of its own strip
	// and along no more than endBare of the strip beyond.
	endSeen, endBare float64
	// A segment shows its line when a ridge runs along segmentSeen of
	// it: text's strokes and line gaps break it every few pixels.
	segmentSeen raster.Share
	// A strip the lines run through along throughShare of it is the
	// grid's; one with straySeen of them (bareSeen at the contrast of the
	// grid's own faint lines, which shade and glare thin out) is not
	// stray; an outer strip under straySeen is blind.
	throughShare        float64
	straySeen, bareSeen float64
	// A strip's lines are measured between stripFrom and stripTo of its
	// width, clear of the parallel lines at its ends.
	stripFrom, stripTo float64

	// A segment's darkness is its median from alongFrom over alongSpan
	// of its length, clear of the crossing lines at its ends; the paper
	// beside it is the lightest of the parallel segments paperOffsets of
	// its length to either side, where one or another crosses no glyph.
	alongFrom, alongSpan float64
	paperOffsets         [4]float64
	// MinBigRidge is the least ridge, in grey levels, of a grid's own
	// line segments for them to be followed: fainter is the grain's.
	MinBigRidge float64
	// minGrowShare is the least ridge of the lines across a new strip,
	// as a share of the last strip's: print beside a grid lines up with
	// its lines now and then, not along a whole side.
	minGrowShare float64
	// runOnShare is the share of the strip beyond a side that some lines
	// must be seen over for growLocally to look closer.
	runOnShare float64
	// maxGrowShare is the most the lines across a new strip of a small
	// grid may stand out, as a share of the lines across the strip it
	// joins or of the grid's as a whole, whichever stand out more: more
	// is the print around the grid (a row of buttons, a heading), drawn
	// darker than any grid's lines. The grid's own level counts too
	// because the strip joined can be faint where shaded givens flank
	// its lines.
	maxGrowShare float64
	// MinSmallGrowShare is minGrowShare for a small grid's strips, whose
	// lines are held to the paper on both sides and along their whole
	// length: print beside the grid shows next to none of that, while a
	// grid's lines fading into shade or glare keep a fair share of it.
	MinSmallGrowShare float64
	// MinSureShare is the ridge of the lines across a grown strip, as a
	// share of the grid's own, for its crossings to place the lines: a
	// shift found where they hardly stand out is the grain's.
	MinSureShare float64
	// sideStep is the step, in cells, of the sideways search of a new
	// row's crossings (sideReach steps each way).
	sideStep float64
	// A row's crossings are corrected by a tilt of up to tiltReach
	// steps, in tiltStep steps, and a bend of up to bendReach: a page
	// bends gently.
	tiltReach, tiltStep, bendReach float64
}

// Measuring holds the thresholds the suites were tuned with.
var Measuring = lineParams{
	runOn: 0.75, runOnInner: 0.75, endSeen: 0.9, endBare: 0.05,
	segmentSeen:  raster.Share{Num: 8, Den: 10},
	throughShare: 0.75, straySeen: 0.35, bareSeen: 0.15,
	stripFrom: 0.2, stripTo: 0.8,
	alongFrom: 0.2, alongSpan: 0.6, paperOffsets: [4]float64{-0.5, -0.3, 0.3, 0.5},
	MinBigRidge: 1.5, minGrowShare: 0.55, MinSureShare: 0.3, sideStep: 0.04,
	runOnShare: 0.2, maxGrowShare: 2, MinSmallGrowShare: 0.4,
	tiltReach: 4, tiltStep: 0.5, bendReach: 4,
}
