package clueread

import "binocle/vision/internal/raster"

// The clues stage's thresholds, each with what it guards against, one
// group per sub-stage. Sizes are shares of a cell's side unless a field
// says otherwise; grey levels are 0..255.
//
// Sizes and shapes stay constants where they are declared, not here: the
// site classifier's input (SiteSide, SiteMargin, siteSpan, siteMinSpread
// and the classes, net.go and patch.go), which the trained net and the
// trainer share and which size arrays, and sitePxMax, the finest the
// grid is rectified again for its sites.

// Params are the clues stage's thresholds.
type Params struct {
	Sites     siteParams     // which sites the net looks at (patch.go)
	Net       netParams      // the net's odds read as clues (read.go)
	Templates templateParams // the template detector (templates.go, site.go)
}

// Tuned holds the thresholds the suites were tuned with.
var Tuned = Params{
	Sites: siteParams{
		minCellPx: 8, darkQuantile: 0.02, lightQuantile: 0.98, minContrast: 40,
		inkShare: 0.12, inkMin: 10, inkArea: 0.03, middle: 0.2, endFrom: 0.3, endTo: 0.45,
	},
	Net: netParams{clueP: 0.5, keptP: 0.02, secondOpinionP: 0.05, sureP: 0.95, noisyDoubtful: 3},
	Templates: templateParams{
		across: 0.27, along: 0.44, end: 0.28, core: 0.25, shift: 0.12,
		inner: 0.12, glyphGap: 0.19, innerAlong: 0.2,
		darkQuantile: 0.02, lightQuantile: 0.9, minContrast: 40,
		inkShare: 0.2, minArea: 0.012, minAreaPx: 4,
		innerShare: raster.Share{Num: 1, Den: 2}, balance: raster.Share{Num: 1, Den: 4},
		alongBalance:  raster.Share{Num: 2, Den: 5},
		paperQuantile: 0.8, dipInk: 0.25,
		lineSearch: 0.22, lineDip: 0.04, lineSlant: 0.12, lineSide: 0.1,
		light: 0.1,
		match: 0.55, strokeDark: 0.22, strokeMin: 16, matchSure: 0.65, strokePale: 0.16,
		shadeMin: 0.5, blurMargin: 0.1, crossCentre: 1.5, centreRadius: 0.04,
		diagonalBars: 0.2, diagonalCross: 0.45, diagonalReach: 0.8, blockCentre: 1,
		splayBars: 1.3, splayMiddle: 0.5, splayEnds: 2,
		sizes:  []float64{0.1, 0.13, 0.16, 0.2},
		blurs:  []float64{0.7, 2, 3.5},
		stroke: 0.14, minStroke: 0.6, barsGap: 0.4,
	},
}

// siteParams are the cheap ink test that drops the sites holding nothing
// but the bare line before the classifier looks (patch.go): the middle of
// a clue's site departs from the line's own profile, which the site's two
// ends show.
type siteParams struct {
	// minCellPx is the fewest pixels a cell must have for its sites to be
	// read: fewer hold no clue's strokes.
	minCellPx int
	// The grid's contrast is between its darkQuantile and lightQuantile
	// greys, minContrast levels at least: a speck of noise sets neither,
	// and a blank grid is not blown up.
	darkQuantile, lightQuantile, minContrast float64
	// inkShare of the grid's contrast, either way, is a pixel that
	// departs from the bare line: either way, because a dark theme draws
	// light clues on dark tiles. inkMin grey levels at least: in a flat,
	// low-contrast picture a share of the contrast is no more than JPEG
	// ripple.
	inkShare, inkMin float64
	// inkArea of the middle's pixels must depart: the thinnest, smallest
	// clue real apps draw (a sixteenth of a cell wide, one pixel strokes)
	// still inks this many; noise and antialiasing do not.
	inkArea float64
	// middle is the half-size, in cells, of where a clue sits; the bare
	// line is read from endFrom to endTo along it, where no clue reaches
	// and short of the crossing lines.
	middle, endFrom, endTo float64
}

// netParams read the site classifier's odds as clues (read.go).
type netParams struct {
	// clueP is the probability of a clue over which a site is read as
	// one: the most probable reading of each site on its own.
	clueP float64
	// keptP: a site whose probability of a clue is below this is not kept
	// in the Reading's ClueSites; the rest are doubtful enough to be worth
	// the rules' second look.
	keptP float64
	// secondOpinionP: a site the classifier gives at least this chance of
	// a clue, short of clueP, is read as one when the template detector
	// (FindClues) finds one there too. The net misses some bold '=' beside
	// a glyph's edge, which the templates match; the templates alone see
	// clues in glyph strokes and miss small ones, so they only tip a site
	// the net already doubts.
	secondOpinionP float64
	// sureP is the probability of a clue from which a site is sure. In a
	// grid with more doubtful sites (secondOpinionP up to sureP) than
	// sure ones, only the sure are read as clues (read.go).
	sureP float64
	// noisyDoubtful is the fewest doubtful sites that make a grid with a
	// sure clue noisy: dashed lines and scribbles make doubtful sites by
	// the dozen, while a board whose few clues are drawn in a look the
	// net half knows ('‖' on a digit board: one '=' sure, two at 0.9) is
	// not noise, and two against one says nothing. A grid with no sure
	// clue at all is noisy with any doubtful site: a bare board's edge,
	// dark in a photo, gives a site or two a clue's odds.
	noisyDoubtful int
}

// templateParams are the template detector's (templates.go, site.go). A
// clue is drawn about a third of a cell wide, centred on the line; the
// glyphs keep clear of its middle. A mark must darken the bare line by a
// share of the image's contrast in enough pixels to be looked at, and
// then match a clue's shape (normalised correlation) with a stroke dark
// enough.
type templateParams struct {
	// The window: half-sizes across the line and along it; the bare line
	// is read beyond end along it, short of the crossing lines at half a
	// cell. The mark is matched in the square of half-size core, and may
	// sit up to shift off the site's middle.
	across, along, end, core, shift float64
	// A clue inks the line's close neighbourhood, where glyphs do not
	// come: within inner across the line and innerAlong along it.
	// Glyphs keep about glyphGap from the line, so the shape is matched
	// no further out.
	inner, glyphGap, innerAlong float64

	// The grid's contrast is between its darkQuantile grey and its
	// median, minContrast levels at least; its lit paper is its
	// lightQuantile grey.
	darkQuantile, lightQuantile, minContrast float64
	// inkShare of the contrast is a pixel darker than the bare line.
	inkShare float64
	// minArea of a cell's area (minAreaPx pixels at least) is the dark
	// pixels a mark needs, innerShare of them next to the line: a glyph's
	// edge reaches the window, not the line.
	minArea    float64
	minAreaPx  int
	innerShare raster.Share
	// A clue is symmetric about its line: the smaller side's ink is at
	// least balance of the larger's, overall and next to the line, where
	// a glyph's edge coming close from one cell or a shadow darkening one
	// side is not. Along the line about its own middle, alongBalance: the
	// rounded corners of tiles or a crossing line reach into one end.
	balance, alongBalance raster.Share
	// The paper beside the line is the paperQuantile grey of its profile
	// (glyphs and the line darken the rest); a line too faint to follow
	// is placed by its dip deeper than dipInk of the ink level.
	paperQuantile, dipInk float64

	// The line is looked for within lineSearch of where the rectification
	// puts it, must darken the paper lineSide to either side (beyond a
	// blurred line's half-width) by lineDip of the contrast to be
	// followed, and may run aslant by lineSlant across one segment.
	lineSearch, lineDip, lineSlant, lineSide float64
	// light is the share of a core row or column that a clue leaves light
	// at least, what flattening takes for a shadow's level: small, since
	// the bars of '=' with glyphs close on both sides leave little of
	// their rows light.
	light float64

	// match is the least correlation with the best clue shape.
	match float64
	// strokeDark of the contrast, and strokeMin grey levels at least, is
	// the fitted darkness of the stroke: in a picture of little contrast
	// (blurred tiles of like greys) a share of it is no more than the
	// blur's and the JPEG's ripples. A match of matchSure takes a stroke
	// only strokePale dark: a clue drawn in a paler ink than the lines.
	strokeDark, strokeMin, matchSure, strokePale float64
	// shadeMin is the least a shadow is taken to dim the contrast a
	// stroke is weighed against: little is left below it.
	shadeMin float64
	// Blur rounds both shapes into blobs that match each other's
	// templates almost as well: within blurMargin of the best match an
	// 'x' is taken when the mark's middle (centreRadius of a cell) is
	// crossCentre times as dark as its mean, or its corners clearly
	// darker than its sides' middles.
	blurMargin, crossCentre, centreRadius float64
	// An 'x' puts clearly more of its ink at its box's corners
	// (diagonalReach of its half-size out) than at its sides' middles,
	// the bars of '=' about as much or less: below diagonalBars a blurred
	// mark is taken for '=', at diagonalCross for an 'x'. A block no
	// darker in its middle (blockCentre) than on average is no crossing.
	diagonalBars, diagonalCross, diagonalReach, blockCentre float64
	// splayBars: below this splay a mark that matches an 'x' and bars
	// along the line alike is taken for the bars. The splay compares the
	// ink within splayMiddle of the mark's half-size of its middle with
	// the ink out to splayEnds times as far.
	splayBars, splayMiddle, splayEnds float64

	// The templates: marks of half-size sizes (of a cell), each drawn
	// with strokes stroke of the half-size wide (minStroke pixels at
	// least) blurred by each of blurs pixels; the bars of '=' are barsGap
	// of the half-size either side of the middle.
	sizes, blurs               []float64
	stroke, minStroke, barsGap float64
}
