package cellread

import "binocle/vision/internal/raster"

// The cells stage's thresholds, each with what it guards against, one
// group per sub-stage. Shares of a cell are of its side unless a field
// says its area; grey levels are 0..255.
//
// Sizes and shapes stay constants where they are declared, not here: the
// classifier's input (CellSide, CellMargin, CellChannels, KindCount and
// the patches' grey encoding, patch.go), which the trained net and the
// trainer share and which size arrays, and MadToSigma, a statistical
// constant rather than a choice.

// Params are the cells stage's thresholds.
type Params struct {
	Features featureParams  // what is ink and where a glyph is measured (features.go)
	Style    styleParams    // the hand rules' style and labels (style.go)
	Net      netParams      // the cell net's vote for a style (net.go)
	Resemble resembleParams // doubtful glyphs settled by the grid's others (resemble.go)
	Givens   givenParams    // the givens told from the player's marks (given.go, given_ink.go)
	Strips   stripsParams   // counters beside the grid taken for cells (strips.go)
}

// Tuned holds the thresholds the suites were tuned with.
var Tuned = Params{
	Features: featureParams{
		darkQuantile: 0.02, inkShare: 0.45, inkMin: 28, inkMax: 110,
		faintShare: 0.25, faintMin: 18, faintMax: 80, hintShare: 0.6,
		recentreMin: 0.06, recentreAgree: 0.5, recentreMax: 0.45, recentreInk: 0.25,
		brightLevel: 70, colouredSat: 0.35, darkSat: 0.6, darkSpread: 24,
		cornerFrom: 0.1, cornerTo: 0.22,
		innerMargin: 0.2,
		glyphEdge:   0.06, glyphZone: 0.3, speckPixels: 3,
		glyphTop:   raster.Share{Num: 1, Den: 10},
		shapeShare: 0.6, middleSpan: 0.1, middleMin: 0.5,
		centreBox:  shareBox{0.35, 0.65, 0.35, 0.65},
		endBoxes:   [2]shareBox{{0.4, 0.6, 0, 0.2}, {0.4, 0.6, 0.8, 1}},
		flankBoxes: [2]shareBox{{0, 0.2, 0.4, 0.6}, {0.8, 1, 0.4, 0.6}},
	},
	Style: styleParams{
		BlankInk: 0.035, glyphInk: 0.09,
		// glyphInk less BlankInk as the constant expression gives it:
		// subtracting the two at run time rounds to 0.05499999999999999.
		glyphInkSpan: 0.09 - 0.035,
		strayInk:     0.15, offGlyph: 0.15, hintInk: 0.1,
		tileColour: 0.7, tileCorners: 0.5, minTiles: 2, tileOfColoured: raster.Share{Num: 1, Den: 2},
		glyphColour: 0.08, colouredCells: 0.5, tangoHueCells: 12, tangoMinority: raster.Share{Num: 1, Den: 6},
		warmBelow: 90, warmAbove: 300, hueBand: 40,
		wideGlyph:  2.0,
		openCentre: 0.5, bareFlanks: 0.5, barAspect: 0.56, barEnds: 0.6, solidFill: 0.7,
		notchedFlanks: 0.75, ringHole: 0.04, clearHole: 2.5,
		styleQuorum: 0.1, styleMinShapes: 2, barShare: 0.75, letterO: 0.77, filledSquare: 0.88,
		minBars: 3, barsApart: 1.25, minRings: 3, barOfRing: 0.8,
		barAspectScale: 0.06, barEndsScale: 0.3,
		blankTile: 0.5, tileScale: 0.3,
		digitAspect: 0.62, digitAspectScale: 0.08, digitCentre: 0.5, digitCentreScale: 0.5,
		digitFlanks: 0.55, digitFlanksScale: 0.3, DigitTone: 0.45, digitToneScale: 0.3, digitSure: 2,
		letterCentreScale: 0.5, letterFlanksScale: 0.4, letterSure: 1.5, barSure: 1.5,
		hollowCentre: 0.3, hollowScale: 0.25, shapeSure: 1,
	},
	Net:    netParams{glyphVote: 0.5, minIMass: 1.5, minXShare: 0.03, alikeWeight: 0.1, otherShapeShare: 0.5, fitFloor: 0.01, inkOverColour: 2, inkKindMass: 2, inkValueMass: 1.5, inkOverTangoFit: 50, colourOverColour: 2, colourKindMass: 1.5, ownNone: 0.1, noneKindMass: 0.5},
	Strips: stripsParams{minForeign: 2.5, foreignShare: 0.5, overRest: 4, maxShare: 0.34, blankGlyph: 0.5, blankChance: 0.01, fullGlyph: 0.9, fullChance: 0.01, counterDoubt: 0.2, doubtOverRest: 4},
	Resemble: resembleParams{
		ResembleDoubt: 0.75, resembleQuorum: 8, resembleFloor: 0.03,
	},
	Givens: givenParams{
		netMark: 0.5, netGate: 0.8, netMinMarks: 2, netSure: 0.9, netAgree: 0.8,
		lightFitCells: 6,
		shadeInset:    0.12, shadeHalo: 0.06, shadeMinShare: 0.15,
		ShadeGap: 10, ShadeFloor: 1.5, plainSpread: 0.25, onLevel: 0.5,
		maxGivenShare: 0.55, maxShadeClumping: 0.6, maxLineShade: 0.8,
		groupSeparation: 4, localRadius: 2, localShadeGap: 6, nearBestCut: 0.9,
		penColourGap: 0.25, printColourMax: 0.25, colourFloor: 0.02,
		pencilRatio: 1.5, pencilGap: 0.25, printShare: 0.9, pencilMinMarks: 2, contrastFloor: 0.03,
		markCorner: 0.07, markCornerSize: 0.1, markCornerInk: 0.1,
		markSizeMin: 0.4, markSizeMax: 2.5, lightPaper: 128, markShape: 2.0,
		inkTopShare: 0.05, coreShare: 0.6,
		colourMinGroup: 2, colourMinShare: 0.1, hueChroma: 0.25, sameHueCos: 0.95, colourApart: 0.2, colourSeparation: 3.5, colourSpreadFloor: 0.05, colourSymbolShare: 0.9, markChroma: 0.15, markFainter: 0.15, shadedPrintShare: 0.5, strayMarkShare: 0.1, strengthWeight: 0.5, faintestShare: 0.35,
	},
}

// shareBox is a part of a glyph's box, as shares of its width (x0..x1)
// and height (y0..y1).
type shareBox struct{ x0, x1, y0, y1 float64 }

// featureParams are what NewImage takes for ink and Features measures a
// glyph by (features.go).
type featureParams struct {
	// darkQuantile is the grey taken for the darkest ink: a quantile, so
	// that a speck of noise or a black frame pixel does not set it.
	darkQuantile float64
	// Ink is darker than the local paper by inkShare of the way from
	// paper to the darkest ink, inkMin..inkMax grey levels whatever the
	// contrast: a washed-out photo still has ink, a crisp one's
	// antialiasing is not.
	inkShare, inkMin, inkMax float64
	// faintShare of the contrast (faintMin..faintMax levels) shows that a
	// cell is not blank: low enough for a thin grey circle beside solid
	// black discs, above a photo's noise. Shapes are measured on the
	// stronger ink mask, where blur does not close a small glyph's holes.
	faintShare, faintMin, faintMax float64
	// hintShare is the share of the faint level at which a blank cell's
	// middle hints at a glyph drawn fainter still.
	hintShare float64

	// recentreMin is the least consistent offset of the glyphs, in cells,
	// that moves the windows: below it the glyphs' own asymmetry (a 1's
	// flag) and noise are the cause.
	recentreMin float64
	// recentreAgree is the least resultant length of the ink's phases:
	// glyphs centred in their cells all share one phase, paper noise and
	// lines do not.
	recentreAgree float64
	// recentreMax is the largest offset believed, in cells. A lattice
	// whose lines were too faint to see can sit nearly half a cell off,
	// with every glyph across a boundary; only ink gathered at half a cell
	// is on the boundaries themselves (see Recentre's shift).
	recentreMax float64
	// recentreInk is the least ink, as a share of one cell's area, for
	// the glyphs' phase to say anything: a grid needs glyphs in a few
	// cells.
	recentreInk float64

	// A pixel brighter than brightLevel is coloured at a saturation above
	// colouredSat; a darker one needs darkSat and darkSpread grey levels
	// between its channels, which a tile in shadow keeps and dark ink on
	// tinted paper or noise on dark grey do not have.
	brightLevel          uint8
	colouredSat, darkSat float64
	darkSpread           uint8
	// cornerFrom..cornerTo of the cell from each corner is where a tile's
	// colour is looked for: inside any gap between tiles, outside any
	// round glyph.
	cornerFrom, cornerTo float64

	// innerMargin is the share of the cell on each side left out of the
	// inner window, so that lines, borders and clues do not count as ink.
	innerMargin float64
	// glyphEdge is the band along the cell's sides left out of a glyph,
	// where a neighbour's glyph or a line's blur could reach in.
	glyphEdge float64
	// glyphZone bounds how far a component's centre may lie from the
	// cell's: glyphs are centred, though a rectification a little off
	// shifts them; the halves of a clue cut by its line lie further out.
	glyphZone float64
	// speckPixels is the smallest component counted, below which it is
	// photo noise or JPEG ringing.
	speckPixels int
	// glyphTop is the share of a glyph's darkest pixels whose least dark
	// is its darkness, rather than the maximum, which a speck of noise
	// can set.
	glyphTop raster.Share
	// shapeShare is the share of a glyph's own darkness its shape is cut
	// at. Blur spreads a stroke's ink and shrinks an O's hole; cutting
	// each glyph at its own darkness rather than at one level for the
	// whole grid keeps a bold, blurred O open and a faint X thin.
	shapeShare float64
	// middleSpan is the half-size of the square MiddleTone reads, as a
	// share of the glyph box's smaller side, and middleMin pixels at
	// least: narrower than a narrow 0's hole.
	middleSpan, middleMin float64
	// The parts of the glyph's box the shape features read: its middle
	// (Centre), the middles of its top and bottom (Ends) and of its left
	// and right (Flanks). A ring, a disc, a square or a bar's long sides
	// have ink at the sides' middles, the arms of an X do not.
	centreBox  shareBox
	endBoxes   [2]shareBox
	flankBoxes [2]shareBox
}

// styleParams are the hand rules' thresholds on the features (style.go):
// shares of areas, so they do not depend on the image's scale or
// exposure. A label's score is the sum of its features' distances from
// their thresholds, each over the *Scale spread that makes it about one
// unit; the *Sure fields are the score at which a label is fully
// confident.
type styleParams struct {
	// BlankInk is the ink share below which a cell is blank; glyphInk the
	// ink the thinnest glyph has, so that a glyph between the two is
	// doubted (glyphInkSpan is the distance between them).
	BlankInk, glyphInk, glyphInkSpan float64
	// strayInk is the stray ink, and hintInk the share of a blank cell's
	// middle darker than the hint level, above which a blank cell is in
	// doubt: a piece cut off by a line, a blot, a glyph too faint to see.
	strayInk, hintInk float64
	// offGlyph is how far off the middle a glyph's box may be, in cells,
	// before it may be a piece of a line or of a neighbour's glyph.
	offGlyph float64

	// A tile is coloured over tileColour of its window and tileCorners of
	// its corners (glyphs leave those); a board of at least minTiles
	// tiles, that many at least tileOfColoured of its coloured cells, is
	// tiles. Grey blank tiles are as dark as ink against the gaps between
	// tiles, so tiles are told by the coloured tiles alone.
	tileColour, tileCorners float64
	minTiles                int
	tileOfColoured          raster.Share
	// glyphColour is the coloured share of a Tango glyph; colouredCells
	// the share of symbol cells that must be coloured for a colour style.
	glyphColour, colouredCells float64
	// Tango's glyphs come in two hues, warm suns and cool moons, half
	// and half in every line: a board of at least tangoHueCells coloured
	// glyphs whose smaller hue family holds under tangoMinority of them
	// is one ink in colour (a blue pen, a tinted theme), not Tango. A
	// puzzle's few givens may lean to one hue (two real LinkedIn starts,
	// with 7 and 8 givens, hold 6:1 and 8:0), a dozen glyphs of a
	// balanced board hardly ever.
	tangoHueCells int
	tangoMinority raster.Share
	// Hues below warmBelow or above warmAbove degrees are warm (red,
	// orange, yellow), the rest cool (blue, cyan); within hueBand degrees
	// of either bound the family is in doubt.
	warmBelow, warmAbove, hueBand float64

	// wideGlyph is the aspect (width over height) of ink in a cell beyond
	// which it is no glyph: printed glyphs, blurred and seen aslant, stay
	// below 1.9; ink flat as a dash is a piece of a line or a border.
	wideGlyph float64

	// Shapes. An X's arms leave the middles of its box's left and right
	// sides bare where an O, a 0, a disc or a square reach them; a bar is
	// narrow and reaches its top and bottom middles, where an X's arms do
	// not.
	openCentre float64 // below: open in the middle
	bareFlanks float64 // below: nothing at the flanks' middles
	barAspect  float64 // below: a bar
	barEnds    float64 // at least: a bar's ends
	solidFill  float64 // at least: a disc or square fills its box
	// notchedFlanks is the flanks' share below which a solid glyph is no
	// disc or square: theirs are inked nearly all along (0.9 and more in
	// blurred photos), a blur-filled X's about half.
	notchedFlanks float64
	// ringHole is the share of its box a ring's hole takes at least; blur
	// can close a small O's, so a glyph without one may still be a ring.
	// A hole counts as evidence up to clearHole times that: a larger one
	// says no more.
	ringHole, clearHole float64
	// styleQuorum is the share of the symbols a style's telling shape
	// needs, and styleMinShapes the fewest glyphs: in a small grid a
	// tenth of the symbols is one glyph, which one misshapen glyph can be.
	styleQuorum    float64
	styleMinShapes int
	// barShare bounds the median bar's aspect, as a share of the other
	// glyphs' median, in an X/O/I grid: an I is less than half as wide.
	barShare float64
	// letterO is the median aspect of the rings at which they are letter
	// O's rather than digit 0's, which are narrower.
	letterO float64
	// filledSquare is the median fill of the solid glyphs above which
	// they are squares rather than discs.
	filledSquare float64
	// barCut needs minBars glyphs of each width, the wider ones barsApart
	// times as wide at the median: one width is a grid without I's.
	minBars   int
	barsApart float64
	// minRings open glyphs make their median aspect a measure, and an I's
	// aspect stays below barOfRing of it.
	minRings  int
	barOfRing float64
	// barScore's spreads of the aspect and the ends.
	barAspectScale, barEndsScale float64

	// A tile coloured under blankTile of tileColour is a blank tile.
	blankTile, tileScale float64
	// A 1 is narrow, inked in its middle and bare at its flanks; the grey
	// at its middle (DigitTone, between a 0's paper, up to about half the
	// stroke's darkness where blur fills a narrow 0, and a 1's stroke,
	// down to about a third where its flag widens the box) says the same
	// without a mask.
	digitAspect, digitAspectScale float64
	digitCentre, digitCentreScale float64
	digitFlanks, digitFlanksScale float64
	DigitTone, digitToneScale     float64
	digitSure                     float64
	// An X fills its middle and leaves its flanks; an O the reverse.
	letterCentreScale, letterFlanksScale, letterSure float64
	// barSure is the I's bar score at full confidence.
	barSure float64
	// A shape style's 1 (square, disc) fills the middle a ring leaves
	// open (hollowCentre).
	hollowCentre, hollowScale, shapeSure float64
}

// netParams are the cell net's vote for a style (net.go).
type netParams struct {
	// glyphVote is the blank probability below which a cell votes for the
	// grid's style: a blank cell says nothing about it.
	glyphVote float64
	// minIMass is the I's probability, summed over the cells, that an X/O
	// grid needs to be read as X/O/I: X/O/I's kinds hold X/O's, so without
	// this floor every X/O grid would outvote itself into X/O/I; one
	// blurred X taken for an I is not enough.
	minIMass float64
	// minXShare is the share of the cells' summed glyph probability that
	// an X/O or X/O/I grid needs the X's to hold: a digit grid's 1's look
	// like I's and its 0's like O's, and only the X's tell the letters
	// apart. A share, not a sum: a big blurred digit grid gathers a few
	// X's' worth from its many 1's, while a small X/O/I puzzle may give a
	// single X.
	minXShare float64
	// alikeWeight is how much of a kind that looks like one of a style's
	// kinds (alike) counts for that style in styleByFit: a ring drawn as
	// an O is no proof against a circle style, but less than a circle.
	alikeWeight float64
	// otherShapeShare is how much of the probability the net gives a
	// filled shape the grid's style does not draw (a disc in a grid of
	// squares and circles, a square in one of discs) counts for the
	// value of the style's own filled shape in LabelByNet; the rest is
	// spread over the style's other values. Such a cell may be an ink
	// blot on a ring or a player's filled-in mark as well as a square
	// drawn round: counting it whole gave a blotted O full confidence as
	// a 1, and the fix search no doubt to start from.
	otherShapeShare float64
	// fitFloor is added to each cell's explained probability in
	// styleByFit, so that one cell the net is sure of, wrongly, costs a
	// bounded amount rather than the whole grid.
	fitFloor float64
	// A grid the colour rules take for Tango or tiles is read in an inked
	// style instead when the net gives that style's kinds inkOverColour
	// times the probability it gives the colour kinds, each of the
	// style's values at least inkValueMass (below), and its own kinds
	// twice inkKindMass in all: apps that print X in red and O
	// in blue, or the player's blue pen on black print, have the two hues
	// the colour rules look for. The net, trained on renders, takes real
	// LinkedIn suns and moons for warm tiles, discs and O's, and no real
	// Tango board shows both an inked 1 and an inked 0 at inkValueMass.
	inkOverColour, inkKindMass float64
	// inkValueMass is what each of the inked style's values must hold
	// (counting the kinds alike to its own) for the net to overrule the
	// colour rules: a cell and a half's worth, as colourKindMass, not
	// two. A sparse 6x6 printed in two hues whose givens hold two X's
	// (or 1's, or discs), each of which the net is sure of, sums to a
	// hair under two and stayed Tango, every value swapped.
	inkValueMass float64
	// inkOverTangoFit: a grid the colour rules take for Tango is read in
	// an inked style, its kinds holding two values' worth as above, also
	// when that style explains the cells better than either colour style
	// by this many nats in all (styleFit, the log-likelihood summed over
	// the cells). Print in two hues (orange discs and teal rings) passes
	// the colour rules for Tango, and where most of its cells are rings,
	// which no Tango piece is, the summed kinds fall short of
	// inkOverColour while every ring counts against Tango: 77 and 166
	// nats on the two such boards of the suites looked into. Every colour
	// board the rule was asked about there lies below 0 (-37 to -86);
	// against Tango alone, a tile board of coloured pieces came out above
	// 0, hence either colour style. On the real LinkedIn screenshots the
	// inked kinds never hold two values, and the inked style explains
	// their cells at most 26 nats better than Tango (a themed board of
	// party hats). Tiles get no such rule: the net takes photographed
	// coloured tiles for filled squares.
	inkOverTangoFit float64
	// A grid the colour rules take for Tango is read as tiles, or the
	// reverse, when the net gives the other colour style's kinds
	// colourOverColour times the probability it gives the first's, and
	// each of the other's values at least colourKindMass. The colour
	// rules tell tiles by colour reaching a cell's corners, so a board of
	// coloured pieces on grey tiles passes for Tango and every value
	// swaps (Tango's warm sun is 0, a warm tile 1), an error the rules
	// of the puzzle cannot see. The net sees the tile behind the piece.
	// On every real LinkedIn and Zuzu screenshot it gives the other
	// colour style's kinds no probability at all. colourKindMass is a
	// cell and a half's worth, not two: a board whose givens hold only two
	// pieces of one colour, each of which the net is sure of, sums to a
	// hair under two and stayed Tango, its every value swapped.
	colourOverColour, colourKindMass float64
	// Where the net gives the first style's kinds at most ownNone of a
	// cell in all, it sees none of its glyphs, and each of the other's
	// values needs only noneKindMass: a tile board whose givens hold one
	// cool piece among a few warm ones (study-photos wild-photo-055, 2.9
	// and 0.9 cells, Tango's kinds none) was read as Tango, its every
	// value swapped. A board of one tile colour alone still stays.
	ownNone, noneKindMass float64
}

// resembleParams settle doubtful glyphs by the grid's others
// (resemble.go).
type resembleParams struct {
	// ResembleDoubt is the confidence below which a glyph's label is
	// settled by resemblance: the level a user is asked to check.
	ResembleDoubt float64
	// resembleQuorum is how many glyphs of each label a grid needs for
	// their typical glyph and its spread to be measured.
	resembleQuorum int
	// resembleFloor is the least spread of a feature, a share of its
	// range: features that barely vary in a grid (a clean print's centre)
	// must not let a glyph's small difference in them decide.
	resembleFloor float64
}

// stripsParams are ForeignStrips' (strips.go).
type stripsParams struct {
	// minForeign is the probability, summed over an outer strip's cells,
	// that the net must give kinds the grid's style does not draw before
	// the strip is taken for counters: one misread glyph in an edge row
	// of the puzzle is not enough.
	minForeign float64
	// foreignShare is the least share of the strip's glyphs that must be
	// foreign: counters are all foreign, a puzzle's edge row mostly its
	// style's.
	foreignShare float64
	// overRest is how many times more often the strip's glyphs must be
	// foreign than the rest of the grid's: a grid whose every glyph the
	// net doubts (a style it reads badly) has foreign edges too.
	overRest float64
	// maxShare is the most of a grid's rows or columns trimmed from one
	// side: counters take a strip or two, and a grid found mostly in
	// chrome is the locator's to refuse.
	maxShare float64
	// blankGlyph is the most glyph probability a strip summed over its
	// cells may hold and still be the blank margin before the counters.
	blankGlyph float64
	// blankChance is the chance, at the grid's fill, of a whole line of
	// blank cells below which a blank strip past counters is margin: a
	// sparse puzzle often has an empty edge line, a full one never.
	blankChance float64
	// fullGlyph is the least share of an outer strip's cells that must
	// hold a glyph for the strip to be taken for counters by its kinds
	// alone (rareKinds): every row and column has a count, while a
	// puzzle's edge line is full only as often as fullChance allows at
	// the grid's fill.
	fullGlyph, fullChance float64
	// counterDoubt is the least the net, on average over a strip's
	// cells, gives all but its likeliest kind for the strip to be taken
	// for counters it read as the style's kinds; doubtOverRest how many
	// times more than over the rest of the grid's cells. On the dark
	// board it was set for (dev-clean wild-clean-028) the counters'
	// column measured 0.31 a cell against the puzzle's 0.003.
	counterDoubt, doubtOverRest float64
}

// givenParams tell the printed givens from the player's marks (given.go,
// given_ink.go). A wrong split would call printed givens the player's
// mistakes, so each errs towards "no marks".
type givenParams struct {
	// netMark is the marks model's probability at which a filled cell is
	// taken for the player's; netGate the probability of the board
	// holding marks at all at which its cells are looked at, high
	// because most boards hold none and the model's gate lets one in
	// twenty of them through at even odds; netMinMarks the fewest marks
	// a board has, so that one smudged given the net doubts does not turn
	// an untouched puzzle into a half-played one.
	netMark     float64
	netGate     float64
	netMinMarks int
	// netSure is how sure of every cell the marks model must be, as the
	// mean over the filled cells of |2p-1| (0 at even odds on all, 1
	// where it has no doubt), for its split to stand where the rules
	// cannot judge it: where neither the givens it leaves nor all the
	// filled cells as givens have one solution (a random fill, a board
	// with a misread or a wrong entry). It guards against the model's
	// doubtful splits, which take print for the player's by the dozen; a
	// sure one can too (study-photos wild-photo-017: a quarter of its
	// print), but print taken for an entry agrees with the answer, so
	// the check calls none of it wrong, where entries taken for print
	// leave the puzzle with no solution.
	netSure float64
	// netAgree is the least share of the filled cells on which the marks
	// model, asked cell by cell, must agree with a doubtful split of the
	// colour test (colourGivens, netAgrees) for it to stand. The model
	// labels 0.915 of its validation cells right, so a right split
	// agrees with it on somewhat less; 0.8 was set on nine looked-into
	// boards (marks-photos, study-photos, hunt-photos), where the right
	// splits agree on 0.83 to 0.96 and the two wrong ones on 0.73 and
	// under 0.6.
	netAgree float64
	// lightFitCells is the fewest blank cells whose levels the light
	// across a photo is fitted to before the shading is looked for: fewer
	// leave the fit to a cell or two's noise.
	lightFitCells int
	// shadeInset is the band along each side of a cell, as a share of the
	// cell, left out of its background: lines, the blur of a line, and
	// the clues between cells sit there.
	shadeInset float64
	// shadeHalo is how far from a glyph, a line or colour, as a share of
	// the cell, a pixel must lie to count as background: the blur and
	// antialiasing around a solid square darken its rim by as much as a
	// shading.
	shadeHalo float64
	// shadeMinShare is the least share of a cell's window that must be
	// background (not glyph, not line, not coloured) for its level to be
	// measured; a cell without one leaves the whole grid unsplit.
	shadeMinShare float64
	// ShadeGap is the least difference, in grey levels, between shaded
	// and plain backgrounds. LinkedIn shades its locked cells 19 levels
	// off white (235 against 254 in all 14 of the shared finished
	// screenshots; its dark theme 10 to 40 off its cells); JPEG noise and
	// the glyphs' antialiased rims move a flat background's median by one
	// or two, and a photo's exposure can wash a shade out to a few
	// levels, which must not pass for one.
	ShadeGap float64
	// ShadeFloor is the least spread a group of backgrounds is taken to
	// have: noise, so that a group of identical screen cells does not
	// make any difference look clear.
	ShadeFloor float64
	// The plain (blank) cells may spread by plainSpread of ShadeGap: more
	// is light falling across a photo, not an app's two tones. A group is
	// on the plain level within onLevel of ShadeGap.
	plainSpread, onLevel float64
	// On a finished board, with no plain cell to compare with, a shaded
	// group is taken for the givens only if it is at most maxGivenShare
	// of the cells (the 4,188 published puzzles of shared/datasets give
	// at most 52 %, 99 % of them under 42 %), and at most
	// maxShadeClumping of its cells' neighbours are shaded too: givens
	// are scattered (about their share of neighbours), a shadow or a
	// patch of glare covers cells side by side (nearly all). Nor may
	// more than maxLineShade of any row or column be shaded: a shadow's
	// edge along a row darkens it whole, where 99.4 % of the published
	// puzzles give at most 80 % of every line (24 of 4,188 more).
	maxGivenShare, maxShadeClumping, maxLineShade float64
	// groupSeparation is how many times its own spread (the wider
	// group's standard deviation) two groups' means must be apart. Light
	// falling off across a page, a shadow's soft edge or focus fading
	// towards a corner spread the cells' levels evenly and never split
	// them this cleanly.
	groupSeparation float64
	// Against the plane of the blank cells within localRadius of it (a
	// 5×5 block, wider until it holds lightFitCells of them), a cell's
	// background keeps an app's shade and loses the light across a
	// photo, and with it most of the spread that ShadeGap allows for:
	// there two groups need only be localShadeGap apart. Noise, JPEG and
	// a glyph's rim leave a flat board's levels within two or three of
	// their neighbours'.
	localRadius   int
	localShadeGap float64
	// SplitTwo moves Otsu's cut to the widest gap among the cuts whose
	// between-group variance is within nearBestCut of the best.
	nearBestCut float64

	// A glyph's ink is the mean of its core: the pixels that stand out
	// from the paper at least coreShare as much as the inkTopShare most
	// distinct. The core leaves out a stroke's blurred rim, which is
	// half paper, and the top share a few noisy pixels.
	inkTopShare, coreShare float64
	// Two inks are told apart (colourGivens) when each holds at least
	// colourMinGroup cells (a lone odd cell is a misread or a stain), the
	// groups' hues are at least colourApart apart (a pen's blue is 0.6
	// from black; JPEG's colour noise and a camera's white balance move
	// a glyph's hue by a tenth) and colourSeparation times their spread
	// along the line between them (at least colourSpreadFloor: identical
	// screen glyphs have none), and the groups are not the two symbols,
	// each holding one symbol for colourSymbolShare of its cells (a board
	// printing 0s and 1s in two colours).
	colourMinGroup int
	// colourMinShare is the least share of the filled cells either group
	// must hold: two odd cells among thirty are a stain, a line's colour
	// fringe or a misread, more often than a player's two entries.
	colourMinShare float64
	// Two inks of hueChroma or more whose takings from white point the
	// same way (cosine sameHueCos) are one ink at two saturations
	// (sameHue), not print and pen.
	hueChroma, sameHueCos                            float64
	colourApart, colourSeparation, colourSpreadFloor float64
	colourSymbolShare                                float64
	// markChroma is how much more coloured (chroma of the hues)
	// one ink must be than the other to be taken for the player's
	// whatever its contrast: a blue pen can stand out from white paper
	// as much as grey print, a light blue from a black board more than
	// its grey print. Tinted print (purple, brown) is a little coloured
	// too: 0.15 tells a blue pen from it, and sameHue and the groups'
	// separation guard what is left (0.25 at first; 0.15 found no new
	// false split on any suite or real set).
	markChroma float64
	// markFainter is how much fainter (in weighted strength, as
	// strengthWeight scales it) one group must be than the other to be
	// taken for the player's whatever its hue: 0.15 is three quarters of
	// the print's strength.
	markFainter float64
	// shadedPrintShare is the share of a fainter group's cells off plain
	// paper from which it is print on shaded cells (an app's locked
	// cells in grey), not a pencil: where the other group is the more
	// coloured, that one is the player's. A pencil's group has a cell
	// or two whose corners a stroke reaches, not most.
	shadedPrintShare float64
	// strayMarkShare is the largest share of a fainter group's cells off
	// plain paper that still lets it be the player's: a pencil's thick
	// strokes reach the corners of a few of its cells (study-clean
	// wild-clean-084, 9 % of 503); glyphs on shading or in a shadow's
	// edge are most of theirs.
	strayMarkShare float64
	// strengthWeight scales the log of a cell's strength against its
	// symbol's typical one where it joins the hue in two-means: pencil
	// at half print's strength stands 0.35 off, as far as a blue pen
	// from black; a photo's uneven light and blur move a glyph's core
	// by a fifth (0.1).
	strengthWeight float64
	// faintestShare is the least share of its symbol's strongest
	// a glyph's ink must have to be weighed: pencil stands at half of
	// print, and fainter is a speck or a smudge.
	faintestShare float64

	// penColourGap is the least difference in ink colour (inkColour's
	// measure, 0 for grey, 1 for a pure hue) between pen and print. A
	// blue ballpoint measures 0.5 to 0.7, black print 0.02 to 0.15 in a
	// photo (JPEG's chroma blur and the lens's colour fringes).
	penColourGap float64
	// printColourMax is the most colour the print group may have: when
	// both groups are coloured the page is printed in colour, and colour
	// tells nothing.
	printColourMax float64
	// colourFloor is the least spread a group's colour is taken to have.
	colourFloor float64
	// pencilRatio is how many times the print's contrast against its
	// paper (Weber contrast, 1 - ink/paper) must be a pencil mark's at
	// least: graphite is grey where print is black, and blur thins a
	// contrast by a share, not a level, so the test is a ratio.
	pencilRatio float64
	// pencilGap is the least difference between the groups' contrasts,
	// each a share of its symbol's darkest.
	pencilGap float64
	// printShare is the percentile of a symbol's contrasts taken for its
	// print's: the print is the darkest, and a tenth of a symbol's cells
	// printed is enough to find it.
	printShare float64
	// pencilMinMarks is the fewest pencil marks believed: one faint glyph
	// among the print is as likely a stain or a smudge (one of the 202
	// newspaper photos has one) as the player's.
	pencilMinMarks int
	// contrastFloor is the least spread a group's relative contrast is
	// taken to have.
	contrastFloor float64
	// markCorner and markCornerSize place four small squares near a
	// cell's corners, as shares of the cell: inside the lines, outside
	// any glyph (a square's corner starts at 0.2).
	markCorner, markCornerSize float64
	// markCornerInk is the most faint ink those squares may hold in a
	// mark's cell. A shaded or halftone-screened cell that the reader
	// took for a glyph, or a row of the border read as cells, is faint
	// all over and would split from the print as "pencil".
	markCornerInk float64
	// markSizeMin and markSizeMax bound a mark's glyph box, as a share of
	// the print glyphs' median box area: handwriting is a little smaller
	// or larger than print, a shading or a line across the cell much more.
	markSizeMin, markSizeMax float64
	// lightPaper is the least paper level, in grey, of a page whose ink
	// can be told apart: ink styles are dark print on light paper, and a
	// dark board the reader took for one (a dark-theme app) has no ink to
	// compare.
	lightPaper float64
	// markShape bounds a mark's box aspect, as a multiple or a fraction
	// of the print glyphs' median: a fold or a line across the cell is
	// far wider than any glyph.
	markShape float64
}
