package locate

import "binocle/vision/internal/raster"

// The locate stage's thresholds, each with what it guards against, one
// group per locator (the lattice's acceptance rules are accept, in
// accept.go). Distances and sizes are in cells unless a field says
// otherwise; shares are of the whole the field names.

// locateParams are the locate stage's thresholds.
type locateParams struct {
	lattice latticeParams // the closed cells and their lattice (lattice, fine and flat rungs)
	outline outlineParams // the outline rung
	phase   phaseParams   // a lattice half a cell off its lines
	shadow  shadowParams  // a lattice cut short by a shadow
	board   boardParams   // the board rung and boardAround
	spots   spotParams    // the coloured spots' and glyphs' lattice (board and glyphs rungs)
	glyphs  glyphParams   // the glyphs rung, and the glyphs beyond a lattice's side
	grow    growParams    // a lattice grown or trimmed to its lines
	boxed   boxedParams   // the boxed rung: a border and glyphs, no lines
	bare    bareParams    // the bare rung: glyphs alone
	sparse  bareParams    // the sparse rung: glyphs alone, few of them, taken by the rules
	loose   looseParams   // the loose-lattice rungs: closed cells on a loose lattice, taken by the rules
	border  borderParams  // a lineless grid's strip along its border line (reachBorder)
	split   splitParams   // two ruled grids closed into one lattice (splitAtBareStrips)
}

// locating holds the thresholds the suites were tuned with.
var locating = locateParams{
	lattice: latticeParams{
		minBlobFill: 0.2,
		faintCells:  12, faintFill: 0.5, faintResidual: 0.1,
		sparseCells: 24, sparseFill: 0.35, sparseResidual: 0.05,
		cellsPower:   1.5,
		finerAreaMin: 0.7, finerAreaMax: 1.4, finerCornerGap: 0.15, finerCell: 0.8,
		bucketQuantile: 0.9, neighbourNear: 0.7, neighbourFar: 2.0, sameSize: 1.35,
		seedEnough: raster.Share{Num: 9, Den: 10}, walkTolerance: 0.3, minWalkClosed: raster.Share{Num: 3, Den: 10},
		cellBoxMin: 0.75, cellBoxMax: 1.3, assignReach: 0.25,
	},
	outline: outlineParams{
		minArea: 0.01, minQuality: 0.15,
		edgeLow: 0.05, edgeHigh: 0.95, edgeShare: 0.12, edgeMin: 8, edgeMax: 30,
		periodTolerance: 0.06, multipleScore: 0.75, thinLinesScore: 0.3, thinLinesMin: 0.1,
		sideBand: 0.02, sideFrom: 0.12, sideTo: 0.88, maxCornerMove: 0.05,
		minSideNormal: 0.9, minRefinedArea: 0.3, rectifyOversize: 1.2, settledShift: 0.25,
		tileFill: 0.6, tileFamily: 1.8,
	},
	phase: phaseParams{
		seenShare: 0.85, margin: 0.2, step: 0.1, fineStep: 0.05, minShift: 0.2,
		maxLines: 12, ridgeDepth: 4, lineWidth: 0.04, sideGap: 0.1,
	},
	boxed: boxedParams{
		oversize: 1.2, inset: 0.02, paperQuantile: 0.75, inkQuantile: 0.01, minContrast: 60,
		minGlyphs: 6, glyphSpread: 2, minCells: 4, maxCells: 40, maxGlyphShare: 0.95, minGlyphShare: 0.25, minMarked: 0.1,
		centreTolerance: 0.2, minFitShare: 0.9, minLines: 3, maxBoundaryShare: 0.2, squareTolerance: 0.25,
		looseScale: 0.08, looseOffset: 0.3, looseSteps: 6, endSlack: 0.4, looseNear: 0.75,
		cornerHullPoints: 64, cornerHull: 0.85, cornerSkew: 0.35, cornerAspect: 3, cornerBand: 0.06, cornerOnArms: 0.9,
	},
	bare: bareParams{minGlyphs: 20, minSide: 6, minFill: 0.2, maxResidual: 0.06, maxBentResidual: 0.15, maxBentRMS: 0.05, strayShare: 0.5, edgeStrayShare: 0.2},
	// The sparse rung's lattice is the bare rung's, with the bounds that
	// keep a page's chance lattices out lowered to a puzzle's least: its
	// finding stands only where the reader's rules take its reading. So
	// its glyphs may also sit as loosely on their lattice as a tilted
	// photo's blurred X's and O's measure (a tenth of a cell on average), where
	// the bare rung's must sit as tightly as no page's letters do.
	sparse: bareParams{minGlyphs: 8, minSide: MinPuzzleSide, minFill: 0.1, maxResidual: 0.1, maxBentResidual: 0.15, maxBentRMS: 0.05, strayShare: 0.5, edgeStrayShare: 0.2},
	loose:  looseParams{minCells: 12, minFill: 0.3, maxResidual: 0.12},
	split:  splitParams{reach: 0.15, step: 0.05, inset: 0.15, samples: 12, maxLines: 12, depth: 4, minPaper: 128, ruleDepthShare: 0.3, minRuleShare: 0.8, minRuled: 0.7, maxBare: 0.5, maxEdgeCrossed: 0.1},
	border: borderParams{
		maxLineSupport: 0.5, maxStrips: 2, step: 0.05, edgeReach: 0.15, outReach: 0.25,
		maxEdgeShare: 0.3, minBorderShare: 0.6, runOnGap: 0.5, runOnReach: 2, maxRunOnShare: 0.4,
		minStripGlyphs: 2, minStripShare: 0.3,
		inkSamples: 5, inkMargin: 0.2, inkDepth: 40, paperQuantile: 0.9, borderHalf: 0.05, maxMoreBetween: 0.1, maxRuledBetween: 0.5,
	},
	shadow: shadowParams{darker: 0.75, paperQuantile: 0.75, bandNear: 0.2, bandFar: 0.9, darkGround: 60},
	board: boardParams{
		fillQuantile: 0.25, tileFill: 0.55, minTileCell: 0.65,
		sameCellMin: 0.75, sameCellMax: 1.33, unionCornerOff: 0.25,
		colourOff: 0.25, colourNear: 1.5,
		blankQuantile: 0.75, minShade: 0.3, sideContrast: 0.3, minBlankRing: 1.5, faintTileRing: 5,
		colouredChroma: 0.7, colouredSpread: 25, stripShare: 0.7, weakStrip: 0.55, beyondStrip: 0.25,
		frameDarker: 25, frameShare: 0.7, runArea: 1.5, edgeUnlike: 0.2, edgeSlack: 0.25,
	},
	spots: spotParams{
		minFill: 0.25, singleAspect: 1.5, familySpread: 1.4,
		tilePitch: 2.3, glyphPitch: 3.2, reachSlack: 0.8, reachPitch: 1.8, minGap: 0.8,
		diffReach: 4, fewDiffReach: 6.5, walkTolerance: 0.22,
		sizeMin: 0.75, sizeMax: 1.33, growReach: 0.2,
		grownResidual: 0.08, grownSlack: 0.02, maxResidual: 0.12,
		pitchFrom: 0.95, pitchStep: 1.025, angleStep: 1.5, stepTolerance: 0.12, stepToleranceGrowth: 0.03,
		pitchScore: 0.85, diagonalPitch: 0.04, diagonalTurn: 0.05, diagonalSize: 1.1, diagonalScore: 1.1,
		freeSearch: stepSearch{25, 1.45}, refitSearch: stepSearch{15, 1.2}, settleSearch: stepSearch{10, 1.1},
		finerScore: 1.1, sparseFinerScore: 0.9, maxTileShare: 0.95, coarserScore: 0.85,
		freeScore: 1.15, coarsenedScore: 0.85, sparseTile: 0.4,
	},
	glyphs: glyphParams{
		maxResidual: 0.1, minLine: 1.2, sizeMin: 0.7, sizeMax: 1.4, centreReach: 0.25, isolation: 0.8,
		lineOffsets: []float64{-0.26, -0.22, -0.18, -0.1, -0.08, -0.06, -0.04, -0.02, 0, 0.02, 0.04, 0.06, 0.08, 0.1, 0.18, 0.22, 0.26},
		minSamples:  raster.Share{Num: 3, Den: 4}, refineReach: 0.12, refineStep: 0.01, paperGap: 0.22,
		lineLong: 1.2, lineThin: 0.2, borderFrom: 0.15, borderTo: 0.85, smallMark: 0.6,
		spill: 0.15, maxDrift: 0.3, centred: 0.2,
	},
	grow: growParams{
		adjustResidual: 0.045, maxGlanceShare: 1.5,
		ridgeShifts:  [5]float64{-0.2, -0.1, 0, 0.1, 0.2},
		snapMinShare: 0.6, snapMaxError: 0.08, snapMinMove: 0.1, snapCutSlack: 0.05, snapMinCut: 0.15, snapLineStep: 0.05,
		manySmallCells: 100, manySmallResidual: 0.1, manySmallScatter: 0.9,
		minBigSide: 20, maxBigCell: 24, maxSharpBigCell: 14,
		edgeShare: 0.1,
	},
}

// looseParams bound the loose-lattice rungs' lattices (LatticeFit.loose).
// The rules, not these, tell a grid from a page's chance lattice; these
// only spare the rules the lattices no grid makes: fewer than minCells
// cells closed (a faint grid's least, locating.lattice.faintCells), under
// minFill of the lattice, or sitting off its points by more than
// maxResidual of a cell on average (a little looser than a faint grid's
// faintResidual, for a page's curve and a photo's blur).
type looseParams struct {
	minCells    int
	minFill     float64
	maxResidual float64
}

// latticeParams are the closed-cell lattice's (blobs.go,
// lattice.go, latticewalk.go).
type latticeParams struct {
	// minBlobFill is the least share of its box a closed region must
	// fill to be a cell: a cell with a large glyph keeps at least its
	// ring, the counter of a letter less.
	minBlobFill float64

	// A lattice too loose for accept.strictResidual is still plausible
	// with many cells closed on it, sitting about as tightly as a faint
	// grid's and closer than text's: half of it (faint*), or a third of
	// a bigger one (sparse*).
	faintCells     int
	faintFill      float64
	faintResidual  float64
	sparseCells    int
	sparseFill     float64
	sparseResidual float64

	// cellsPower weighs a family's cell count against its cells' area
	// in its score: above 1, so that of two families covering the same
	// area the one with more cells wins (a sudoku's boxes are not its
	// cells).
	cellsPower float64

	// A lattice on about the best one's quadrilateral (its area within
	// finerAreaMin..finerAreaMax of the best's, no corner further off
	// than finerCornerGap of the best's side) with more cells is finer:
	// the best took a sudoku's boxes for cells. Only if its cells are
	// at most finerCell of the best's: one of about the same cells is
	// only longer, having taken a strip of print beside the grid in.
	finerAreaMin, finerAreaMax float64
	finerCornerGap             float64
	finerCell                  float64

	// bucketQuantile sizes the hash buckets neighbours are looked for
	// in: twice this quantile of the blobs' sizes holds the neighbours
	// of nearly every blob without scanning them all.
	bucketQuantile float64
	// neighbourNear and neighbourFar bound, in the two blobs' mean size,
	// how far apart neighbouring cells' centres are: closer is one cell
	// split, farther is a cell skipped.
	neighbourNear, neighbourFar float64
	// sameSize is the largest ratio of two blobs' widths, or heights,
	// for them to be cells of one grid: two merged cells are twice one.
	sameSize float64
	// seedEnough is the share of its family a seed's walk must reach
	// for the other seeds to be spared.
	seedEnough raster.Share
	// walkTolerance is how far, in steps, a neighbour may sit off a
	// whole step and still join the walk; minWalkClosed is the least
	// share of a walked lattice's cells that must have closed: fewer is
	// text's chance alignment.
	walkTolerance float64
	minWalkClosed raster.Share
	// cellBoxMin and cellBoxMax bound a closed region's box, as a share
	// of the lattice cell's box there (scaled by the median one), for it
	// to be that cell: a merged or split region is not.
	cellBoxMin, cellBoxMax float64
	// assignReach is how far, in cells, a closed cell's or coloured
	// spot's centre may sit from a lattice cell's centre to be that
	// cell's: further is between two cells.
	assignReach float64
}

// outlineParams are the outline locator's (locate_outline_*.go,
// tiles.go).
type outlineParams struct {
	// minArea is the smallest share of the image an outline may cover:
	// a grid photographed from further away cannot be read anyway.
	minArea float64
	// minQuality is the least periodicity score, on the weaker axis, for
	// an outline to hold a grid: a block of text scores lower.
	minQuality float64

	// An edge is a step of at least edgeShare of the picture's range
	// between its edgeLow and edgeHigh quantiles, and edgeMin..edgeMax
	// grey levels whatever the range: a faint grid's lines are edges, a
	// photo's grain is not.
	edgeLow, edgeHigh float64
	edgeShare         float64
	edgeMin, edgeMax  float64

	// periodTolerance is how far, as a share of the pitch, a cell
	// boundary may sit from its place in the period: perspective left in
	// the rectification moves it a little.
	periodTolerance float64
	// multipleScore: a count scoring this share of the best is as good,
	// and the largest such count wins (a sudoku's 3 scores as well as
	// its 9). thinLinesScore and thinLinesMin: a multiple of the chosen
	// count scoring this share of the best, and this much at least, puts
	// the thin lines between thick ones.
	multipleScore  float64
	thinLinesScore float64
	thinLinesMin   float64

	// A side is refitted through the contour points within sideBand of
	// its length of it (and 2 pixels), between sideFrom and sideTo of
	// its run: the corners are rounded or chipped. No corner may move
	// more than maxCornerMove of the outline's side.
	sideBand         float64
	sideFrom, sideTo float64
	maxCornerMove    float64
	// minSideNormal is the least component, across the rectified side,
	// of a refined side's normal: a steep fit is not the side.
	minSideNormal float64
	// minRefinedArea is the least share of the outline's area a refined
	// outline keeps: a smaller one caught a line inside the grid.
	minRefinedArea float64
	// rectifyOversize is the rectification's side as a share of the
	// outline's: a little more than its own pixels, so no line is lost.
	rectifyOversize float64
	// settledShift is the corner shift, in rectified pixels, under which
	// the refinement has settled.
	settledShift float64

	// tileFill is the least share of its box a tile's contour fills:
	// tiles are square blocks, glyphs and text are not. tileFamily is
	// the ratio of areas the tiles of one board stay within.
	tileFill   float64
	tileFamily float64
}

// phaseParams are phaseChecked's (phase.go).
type phaseParams struct {
	// seenShare is how much of their run a grid's lines show where they
	// are (see medianShare): glyph strokes, which leave gaps between
	// glyphs, show less. margin is how much more of it the lines of
	// another phase must show for the grid to be moved there.
	seenShare, margin float64
	// The other phases are searched in steps of step cells, then of
	// fineStep either side of the best; a move under minShift cells is
	// the lattice's own scatter, not a phase half a cell off.
	step, fineStep float64
	minShift       float64
	// maxLines is about the most lines of an axis looked at: a dozen
	// tell the median as well as forty.
	maxLines int
	// ridgeDepth is how far, in grey levels, a line must stand under the
	// paper beside it to be seen at one point of its run; the line is
	// the darkest within lineWidth cells of its place, the paper the
	// lighter of the two sides sideGap cells off.
	ridgeDepth float64
	lineWidth  float64
	sideGap    float64
}

// shadowParams are shadowEdged's (shadow.go).
type shadowParams struct {
	// darker is how much darker the paper on one side of a grid's edge
	// must be than on the other for the edge to be the light's: a
	// grid's own border darkens nothing beside it.
	darker float64
	// paperQuantile is the quantile of a band's grey taken for its
	// paper: text and glyphs darken some of it, the paper is most of it.
	paperQuantile float64
	// The bands compared run from bandNear to bandFar cells either side
	// of the edge: clear of the border line, within the shadow's reach.
	bandNear, bandFar float64
	// darkGround is the grey under which the median of a grid's inside
	// is a dark board's ground, whose dark surround is the board's and no
	// shadow's: lit paper, even under a print grid's filled cells, stays
	// well above it.
	darkGround float64
}

// boardParams are the app-board locator's (board.go,
// boardextent.go, tileruns.go, spotcore.go). Grey
// levels are as the board view's shade takes them.
type boardParams struct {
	// A board whose coloured spots fill at least tileFill of their box
	// at the fillQuantile is tiles; less is glyphs: crescent moons cover
	// little of their box, no tile does.
	fillQuantile, tileFill float64
	// A tile fills its cell but for the gap between tiles: its side is
	// at least minTileCell of its cell's (the median spot's). Discs half
	// a cell wide fill their own box as well as a tile does, but they
	// are glyphs on a printed grid, with no tiles to bound the board.
	minTileCell float64

	// The board replaces a lattice of the same cells when its cells'
	// area is within sameCellMin..sameCellMax of the lattice's: other
	// cells are another grid. Joined, each of the board's corners must
	// fall within unionCornerOff cells of a whole cell of the lattice.
	sameCellMin, sameCellMax float64
	unionCornerOff           float64

	// colourAround counts coloured blobs more than colourOff cells off a
	// lattice as off it, and within colourNear cells as near it: the
	// cells just beyond, where a board's lattice stopped short.
	colourOff, colourNear float64

	// The blank tiles' look is learnt at the blankQuantile of their
	// spread and chroma: blank tiles are that uneven and still blank.
	blankQuantile float64
	// A cell in shade is judged against the blank tiles' contrast dimmed
	// by as much, unless darker than minShade of them: that is not shade
	// but something else. Each of its sides must stand off its gap by
	// sideContrast of that contrast: a cell that straddles the board's
	// edge does not.
	minShade, sideContrast float64
	// minBlankRing is the least contrast, in grey levels, of the blank
	// tiles with their gap ring to tell blank tiles by it at all;
	// under faintTileRing the board's own edge bounds them instead.
	minBlankRing, faintTileRing float64
	// A coloured tile the spots missed is as colourful as colouredChroma
	// of the spotted ones and no more uneven than colouredSpread: tinted
	// paper and print are not.
	colouredChroma, colouredSpread float64
	// A strip beyond the range is the board's when stripShare of its
	// cells are tiles (a shifted strip must reach it whatever lies
	// beyond); one of only weakStrip still is when the strip beyond it
	// holds under beyondStrip: shadows and glare spoil some of a real
	// strip's tiles where the board clearly ends.
	stripShare, weakStrip, beyondStrip float64

	// Tango's frame is the first line out that is frameDarker grey levels
	// darker than the cell lines and darker than frameShare of the blank
	// cells: a cell line is neither.
	frameDarker, frameShare float64
	// runArea is the least area, in tiles, of a blob that is a run of
	// merged tiles.
	runArea float64
	// A board's edge starts where the grey moves edgeUnlike of the way
	// from the board's to the page's; a tile may end edgeSlack of a cell
	// short of the edge (its margin and the edge's blur).
	edgeUnlike, edgeSlack float64
}

// spotParams are the coloured spots' and glyphs' lattice fit
// (spots.go, tilefit.go). Sizes are in spot sizes (the
// square root of a spot's box).
type spotParams struct {
	// minFill is the least share of its box a spot fills: a crescent
	// moon keeps about a third, a stroke of text or a ring less.
	minFill float64
	// singleAspect is the most a single spot's box is longer one way
	// than the other: longer is a run of touching tiles.
	singleAspect float64
	// familySpread is the ratio of sizes the spots of one family stay
	// within: tiles or glyphs of one board are alike, specks and clue
	// marks are not.
	familySpread float64
	// tilePitch and glyphPitch are the longest cell pitches searched:
	// tiles all but fill their cells and an app's glyphs fill half of
	// theirs, while a printed grid's digits can fill less than half
	// their cells' width.
	tilePitch, glyphPitch float64
	// Spots are neighbours up to maxSpotSteps cells (and reachSlack
	// more) of reachPitch sizes apart, no closer than minGap: closer is
	// one glyph in pieces.
	reachSlack, reachPitch float64
	minGap                 float64
	// The step is searched among the differences of spots up to
	// diffReach sizes apart, fewDiffReach on a board of few spots:
	// nearby differences suffer least from perspective, but a board of
	// few glyphs needs the longer ones too.
	diffReach, fewDiffReach float64
	// walkTolerance is how far, in steps, a spot may sit off a whole
	// step and still join the walk.
	walkTolerance float64
	// sizeMin and sizeMax bound a spot's size as a share of what its
	// cell predicts, or of its neighbours' median: another size is a
	// different mark.
	sizeMin, sizeMax float64
	// growReach is how far, in cells, a spot placed by its neighbours
	// may sit off a whole cell: their affine map is only local.
	growReach float64
	// A board grown by its neighbours' spots is kept if one projective
	// map still holds it within grownResidual cells, or grownSlack more
	// than it held the board before.
	grownResidual, grownSlack float64
	// maxResidual is the loosest a spot lattice may fit its spots, in
	// cells: looser is coloured print lined up by chance.
	maxResidual float64

	// The step search tries pitches from pitchFrom sizes up, each
	// pitchStep times the last, and angles angleStep degrees apart:
	// finer costs time and finds nothing more.
	pitchFrom, pitchStep, angleStep float64
	// A difference is a whole number of steps within stepTolerance,
	// plus stepToleranceGrowth for every step it spans: perspective
	// adds up along it.
	stepTolerance, stepToleranceGrowth float64
	// Of the pitches scoring pitchScore of the best, the longest is the
	// cell: a fraction of it explains about as much.
	pitchScore float64
	// The lattice of a tile board's diagonals, a pitch within
	// diagonalPitch of the square root of two longer, turned within
	// diagonalTurn radians of an eighth turn, is taken for the cell
	// only up to diagonalSize sizes and scoring diagonalScore of it:
	// the finer lattice explains more differences.
	diagonalPitch, diagonalTurn float64
	diagonalSize, diagonalScore float64

	// obliqueSteps frees the square lattice's second step (freeSearch),
	// refits the first to it (refitSearch), and settles both
	// (settleSearch).
	freeSearch, refitSearch, settleSearch stepSearch
	// A finer lattice holding the free one wins when it scores
	// finerScore of it (sparseFinerScore on a sparse board) and its cell
	// still holds maxTileShare of a tile: tiles do not overlap. A coarser
	// one wins when it scores coarserScore of it.
	finerScore, sparseFinerScore float64
	maxTileShare                 float64
	coarserScore                 float64
	// The free steps replace the square ones when they score freeScore
	// of them, or coarsenedScore after coarsening alone: a free search
	// gives noise more chances.
	freeScore, coarsenedScore float64
	// sparseTile is the largest share of its cell a tile of a sparse
	// board (mostly on one colour of a checkerboard) covers.
	sparseTile float64
}

// stepSearch is how far obliqueSteps looks from a step: turned by up to
// turn degrees, stretched by up to stretch times either way.
type stepSearch struct{ turn, stretch float64 }

// glyphParams are the glyph lattice's (glyphlattice.go) and the
// glyph strips' (glyphstrips.go). Distances are in cells.
type glyphParams struct {
	// maxResidual is the loosest the glyphs may fit their lattice: text
	// lines up more loosely.
	maxResidual float64
	// minLine is the depth, in grey levels of the flattened plane, a
	// line between the glyphs must show to be the grid's: the grain of
	// the paper averages to less along a line's run.
	minLine float64
	// A spot of sizeMin..sizeMax of the glyphs' size, within centreReach
	// of a cell's centre, is a glyph in that cell, whatever its shape:
	// a 1 is too narrow for the family, yet as much a glyph as a 0.
	sizeMin, sizeMax float64
	centreReach      float64
	// isolation is the least gap to its nearest spot, in the spot's
	// size, of a spot that may be a glyph: a text's letters touch their
	// neighbours, a grid's glyphs stand a cell apart.
	isolation float64

	// A line's depth is measured across it at lineOffsets cells: the
	// outer three each side are paper, the rest may hold the line,
	// which lies a little off its place. At least minSamples of the
	// samples must fall in the picture.
	lineOffsets []float64
	minSamples  raster.Share
	// refined looks for each line within refineReach cells of its place,
	// in steps of refineStep, and takes the paper paperGap cells either
	// side of where it finds it.
	refineReach, refineStep float64
	paperGap                float64

	// A mark longer than lineLong cells and thinner than lineThin is a
	// stretch of line, not a glyph.
	lineLong, lineThin float64
	// A mark centred outside borderFrom..borderTo of its cell and no
	// larger than smallMark cells is a clue on the border between cells.
	borderFrom, borderTo float64
	smallMark            float64
	// A mark reaching spill cells across its cell's border is print that
	// crosses it, not a glyph.
	spill float64
	// The strip's marks put its cells' centres off the lattice's by up
	// to maxDrift cells (the map extrapolated, the paper bent); a glyph
	// sits within centred of that centre.
	maxDrift, centred float64
}

// growParams are the thresholds by which a lattice found is grown or
// trimmed to the grid its lines show (adjust.go, grow.go,
// snap.go, follow.go).
type growParams struct {
	// adjustResidual is the largest lattice residual, in cells, at which
	// the line evidence through the projective fit is trusted: on bent
	// paper the fit strays off the lines.
	adjustResidual float64

	// maxGlanceShare is measuring.maxGrowShare against the grid's
	// clearest side, for the strip to be looked at closer.
	maxGlanceShare float64
	// ridgeShifts are the sideways moves, in steps, a segment's ridge is
	// looked for at: up to a fifth of a step, where a loose map misses.
	ridgeShifts [5]float64

	// A crossing counts when snapMinShare of a one-cell stretch of line
	// around it is seen. Crossings more than twice the median error and
	// snapCutSlack off the fit (snapMinCut at least) are a glyph's stroke
	// or text beside the grid, and dropped. The refit is taken when the
	// crossings' median error is under snapMaxError cells and it moves a
	// corner by snapMinMove cells or more.
	snapMinShare             float64
	snapCutSlack, snapMinCut float64
	snapMaxError             float64
	snapMinMove              float64
	// snapLineStep is the step, in cells, of the search for a line's
	// place across its rows.
	snapLineStep float64

	// A lattice too loose for the usual tests is still a grid with
	// manySmallCells closed within manySmallResidual cells and
	// manySmallScatter located pixels of it: the scatter pixel-sized
	// cells give, where larger regions as scattered in cells are off by
	// several pixels.
	manySmallCells    int
	manySmallResidual float64
	manySmallScatter  float64

	// growBig follows the lines of a lattice with minBigSide cells or
	// more along its longer side, of closed cells up to maxBigCell
	// located pixels (maxSharpBigCell when complete): larger cells show
	// their lines clearly enough for adjustLattice even under a shadow.
	minBigSide                  int
	maxBigCell, maxSharpBigCell float64

	// edgeShare is how near the picture's edge, in cells, a side may lie
	// and still show its outer line: a side nearer has none to show,
	// whatever the grid (a board cropped at its border), so its outer
	// strips are not trimmed for their lines looking stray.
	edgeShare float64
}

// boxedParams are the boxed rung's (rung_boxed.go).
type boxedParams struct {
	// oversize is the rectified box's side over the square root of its
	// area in the located copy: a little more than its own pixels, so no
	// glyph blurs into another.
	oversize float64
	// inset is the share of the rectified side left out along each
	// side: the border's own line, and the perspective left in it.
	inset float64
	// The box's paper is its grey at paperQuantile, its ink at
	// inkQuantile; a box whose ink is not minContrast grey levels under
	// its paper holds no glyphs, only grain.
	paperQuantile, inkQuantile, minContrast float64
	// minGlyphs is the fewest glyphs cells are counted by: fewer fit
	// some count of cells by chance.
	minGlyphs int
	// glyphSpread is the largest ratio of a glyph's extent to the
	// median's either way: specks and strokes of text are no glyphs.
	glyphSpread float64
	// minCells..maxCells are the counts of cells along an axis tried.
	minCells, maxCells int
	// maxGlyphShare is the largest share of a cell a glyph may span: a
	// count so fine that glyphs overflow its cells is text's.
	maxGlyphShare float64
	// minGlyphShare is the smallest share of a cell a glyph spans, the
	// larger of its width and height: specks of grain or print a fifth
	// of a cell wide fit a fine count of cells by chance, while a
	// puzzle's glyphs fill half their cells.
	minGlyphShare float64
	// minMarked is the least share of a box's cells that hold a glyph
	// or a clue: every one of the 4,188 published puzzles in
	// shared/datasets marks at least 15.6 % of its cells with a given
	// or a clue, while a page's box holding a few letters counts many
	// cells for them.
	minMarked float64
	// centreTolerance is how far, in cells, a glyph's centre may sit off
	// its cell's middle: what perspective and a bent page leave.
	centreTolerance float64
	// minFitShare is the least share of the glyphs at cells' middles:
	// letters of text sit at no count's middles.
	minFitShare float64
	// maxBoundaryShare is the most glyphs, as a share, that may sit on
	// the cells' boundaries and count as edge clues rather than misfits
	// (wholeCells): more, and the count is likely half the cells.
	maxBoundaryShare float64
	// minLines is the fewest rows (columns) the fitting glyphs must
	// occupy: glyphs in one or two lines fit many counts.
	minLines int
	// squareTolerance is how far, in cells, the count the box's shape
	// gives on an axis whose glyphs are too few to count by may be off a
	// whole number (squareCells): perspective left in the box's sides,
	// and a box that is no grid at all.
	squareTolerance float64
	// A box whose glyphs fit no count of cells spanning it exactly may
	// hold them on a lattice scaled by up to looseScale or shifted by up
	// to looseOffset of a cell, tried in looseSteps steps each way, with
	// each end of the lattice within endSlack of a cell of the box's
	// side: a bent page or a curved frame moves the glyphs off the
	// straight box's cells by more than centreTolerance, while a
	// lattice freer than that would fit text. Only counts within
	// looseNear of the one the other axis and the box's shape foretell
	// are tried: so free a lattice fits a coarser count too.
	looseScale, looseOffset float64
	looseSteps              int
	endSlack, looseNear     float64

	// A border of two sides meeting at a corner (cornerQuad) is an
	// outline whose hull has at most cornerHullPoints points (a curve's
	// has more), of which three span cornerHull of its area: the corner
	// and its arms' ends. The corner's angle is square within cornerSkew
	// (the cosine; perspective skews it, a triangle's sharp corners do
	// not pass), its arms within cornerAspect of each other's length (a
	// rule and a short stroke are no grid's sides), and cornerOnArms of
	// the outline lies within cornerBand of the shorter arm's length of
	// the arms: print or a filled shape has outline across the open
	// side too.
	cornerHullPoints         int
	cornerHull, cornerSkew   float64
	cornerAspect, cornerBand float64
	cornerOnArms             float64
}

// bareParams are the bare rung's (rung_bare.go): a lattice of glyphs with
// no line or border to confirm it.
type bareParams struct {
	// minGlyphs is the fewest glyphs on the lattice: a few letters of a
	// headline line up by chance.
	minGlyphs int
	// minSide is the fewest rows and columns: a narrow lattice is a
	// column of text's lines.
	minSide int
	// minFill is the least share of the glyphs' box they occupy: a
	// sparse grid's empty edge strips would be lost from its box, and
	// text's chance lattices are sparse.
	minFill float64
	// maxResidual is the loosest the glyphs may fit their lattice, tighter
	// than the glyphs rung's: no line vouches for it.
	maxResidual float64
	// maxBentResidual is the loosest a lattice on a bent page may fit the
	// projective map alone, when the bent map (rectify.FitBentMap) takes
	// its glyphs' scatter back within maxBentRMS cells: a bow of a tenth
	// of a cell over a big grid is paper, while a page's letters scatter
	// off any smooth lattice (0.065 cells and more on the suites' pages).
	// Looser than rectify's MaxStraightRMS for closed cells' centres: a
	// glyph's enclosing circle centres an X, an O and a digit a little
	// differently.
	maxBentResidual, maxBentRMS float64
	// strayShare: lines at the grid's edge beyond an empty one, holding
	// fewer glyphs a line than this share of a typical line, are the
	// page's letters, not the grid's (trimStrays).
	strayShare float64
	// edgeStrayShare: a line at the grid's edge holding fewer glyphs than
	// this share of a typical line is the page's letters beside the grid
	// (trimStrays). A grid's edge line a fifth as full as its typical
	// one is rare among the grids full enough for the bare rung
	// (minFill): at a third full and 20 cells a line, one edge in 300.
	edgeStrayShare float64
}

// borderParams are reachBorder's (border.go).
type borderParams struct {
	// maxLineSupport is the most of its lines' segments a lattice may
	// have shown (Evidence.LineSupport) to be grown: one that showed
	// more is ruled, or an app's tiles, and ends where its lines do.
	maxLineSupport float64
	// maxStrips is the most strips one side grows: a border one cell
	// beyond an edge is a strip the glyphs missed, a line further out
	// the page's.
	maxStrips int
	// The lines are looked for within edgeReach cells of the edge and
	// outReach of one cell beyond it, in steps of step: a lattice fitted
	// to glyphs is off its cells' edges by their scatter, and the one
	// cell beyond by its pitch's error too.
	step, edgeReach, outReach float64
	// maxEdgeShare is the most of its run the edge may show as a line:
	// a grid whose edge is a line ends there. minBorderShare is the least
	// the line beyond must: a border runs along the whole side, where a
	// row of glyphs, or text, leaves gaps.
	maxEdgeShare, minBorderShare float64
	// The line beyond may show along at most maxRunOnShare of its run
	// from runOnGap to runOnReach cells past the grid's ends: a border
	// stops at its grid, a page's rule or an app header's edge runs on.
	runOnGap, runOnReach, maxRunOnShare float64
	// The strip must hold minStripGlyphs glyphs, and minStripShare of
	// those in the edge strip inside it: a frame drawn a cell clear of
	// its grid has only paper between.
	minStripGlyphs int
	minStripShare  float64
	// A cell holds a glyph when, of inkSamples by inkSamples samples
	// over its middle (inkMargin cells in from each side, clear of the
	// lines), the darkest is inkDepth grey levels under the strip's
	// paper, its samples' paperQuantile: most of a strip is paper, even
	// in a grid of filled squares.
	inkSamples    int
	inkMargin     float64
	inkDepth      float64
	paperQuantile float64
	// Ink crosses the borders between the strip's cells, each looked at
	// borderHalf cells either side, at most maxMoreBetween more often
	// than those of the edge strip inside: a grid's glyphs keep to their
	// cells (the strips grown onto on wild- and study-photos: 0 to 0.05
	// more), the page's text beside a lineless grid runs across them
	// (0.2 more beside a photographed Tango board, 1.0 above a web one).
	// A grid whose edge strip inside shows ink on more than
	// maxRuledBetween of its cells' borders is ruled in dark lines: its
	// edge is a line of its own, which a bent page only moved off the
	// lattice, and the growers that follow lines judge it.
	borderHalf, maxMoreBetween, maxRuledBetween float64
}

// splitParams are splitAtBareStrips' (split.go).
type splitParams struct {
	// A line is looked for within reach cells of where the lattice puts
	// it, in steps of step (a bent page's lines stray from a flat map),
	// along each strip but inset cells at its ends, where the lines
	// across it meet and any line shows.
	// samples is how many points along each strip are looked at, on
	// about maxLines of the lines crossing it.
	reach, step, inset float64
	samples, maxLines  int
	// A line crossing a strip stands at least depth grey levels under
	// the paper both sides of it: as little as a faint line shows by, a
	// shadow over part of a photo dims its lines as much. The lines
	// either side of a gap are printed rules: at least ruleDepthShare of
	// the paper's grey under it, along minRuleShare of their run.
	depth, ruleDepthShare, minRuleShare float64
	// minPaper is the least median grey between the lines of a grid
	// that is split: on a dark board the lines are light, and its dark
	// ground makes ridges of anything.
	minPaper float64
	// The grid is ruled when, over its strips, the median of its lines'
	// shares seen crossing a strip is at least minRuled (a grid of light
	// lines, or none, is not split); a strip is bare when its share is
	// under maxBare of that median: the caption between two printed
	// grids, which a lattice spanning both, its pitch a compromise, cuts
	// only part of.
	minRuled, maxBare float64
	// maxEdgeCrossed is the most share of the lines seen crossing a
	// strip at the grid's edge for it to be cut off as lying beyond the
	// border (offRuledEdges): the text under a grid's last row, which a
	// lattice of the text's pitch ran into, measured none; a shadow over
	// the edge row dims its lines without hiding them all.
	maxEdgeCrossed float64
}
