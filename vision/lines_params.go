package vision

// lineParams are the thresholds by which the lines stage tells a grid's
// lines from print and grain (lines_evidence.go, lines_follow.go), each
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
	segmentSeen share
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
	// minBigRidge is the least ridge, in grey levels, of a grid's own
	// line segments for them to be followed: fainter is the grain's.
	minBigRidge float64
	// minGrowShare is the least ridge of the lines across a new strip,
	// as a share of the last strip's: print beside a grid lines up with
	// its lines now and then, not along a whole side.
	minGrowShare float64
	// minSureShare is the ridge of the lines across a grown strip, as a
	// share of the grid's own, for its crossings to place the lines: a
	// shift found where they hardly stand out is the grain's.
	minSureShare float64
	// sideStep is the step, in cells, of the sideways search of a new
	// row's crossings (sideReach steps each way).
	sideStep float64
	// A row's crossings are corrected by a tilt of up to tiltReach
	// steps, in tiltStep steps, and a bend of up to bendReach: a page
	// bends gently.
	tiltReach, tiltStep, bendReach float64
}

// measuring holds the thresholds the suites were tuned with.
var measuring = lineParams{
	runOn: 0.75, runOnInner: 0.75, endSeen: 0.9, endBare: 0.05,
	segmentSeen:  share{8, 10},
	throughShare: 0.75, straySeen: 0.35, bareSeen: 0.15,
	stripFrom: 0.2, stripTo: 0.8,
	alongFrom: 0.2, alongSpan: 0.6, paperOffsets: [4]float64{-0.5, -0.3, 0.3, 0.5},
	minBigRidge: 1.5, minGrowShare: 0.55, minSureShare: 0.3, sideStep: 0.04,
	tiltReach: 4, tiltStep: 0.5, bendReach: 4,
}
