package locate

import (
	"gocv.io/x/gocv"

	"binocle/vision/internal/gridline"
	"binocle/vision/internal/raster"
)

// Telling a grid's lattice from text's. The counters and gaps of printed
// text close off regions that line up on a lattice now and then; a grid's
// cells are told from them by how many closed, how tightly they sit on the
// lattice and how much of the lattice's lines show. The rules below each
// accept on a different mix of the three; every threshold they use is a
// field of accept, with what it guards against.

// acceptParams are the lattice locator's acceptance thresholds. Residuals
// are in cells; line support is gridline.Evidence.Support, the share of the
// lattice's segments along which a line shows.
type acceptParams struct {
	// strictResidual is the residual below which no text column was
	// seen to fit; looser lattices must show their lines.
	strictResidual float64

	// minGridLines is the line support a lattice needs to count as a
	// grid at all; fewCells is the cell count under which it needs
	// fewCellsLines instead: a lattice of a few cells has only a few
	// segments to show, which the rows and gaps of a text column fill by
	// chance as often as not.
	minGridLines  float64
	fewCells      int
	fewCellsLines float64

	// complete: nearly every cell closed, on the lattice. Nothing is left
	// for the app-board locator to find.
	complete raster.Share

	// dense: too full and regular for text whatever its lines (tiles with
	// hairline gaps show little ridge). denseCells keeps a few closed
	// cells in a row of glyphs out.
	dense      raster.Share
	denseCells int

	// manyCells: more closed cells, closely placed, than a text column
	// ever lined up; a big grid's lines in the located copy are too fine
	// to measure and its glyphs leave a third of its cells closed.
	// manyClosed adds that most of them closed, which the other boundary
	// maps would only repeat at their cost.
	manyCells  int
	manyClosed raster.Share

	// clean: complete with lines along nearly every segment; ends the
	// boundary-map search early.
	cleanLines float64

	// plain: most cells closed and lines plain along most segments; the
	// faint-line map, the costliest, is for grids whose lines are not.
	plain      raster.Share
	plainLines float64

	// sure: lines along nearly every segment with some cells open (glyphs
	// touching a print grid's lines leave cells unclosed in a small
	// copy); a lattice of few cells must close more of them, since one
	// row of big digits on bent paper can go missing whole. Text columns
	// reach a third of sureLines, faint or blurred grids rarely all of it.
	sure          raster.Share
	sureMany      raster.Share
	sureManyCells int
	sureLines     float64

	// populous: more cells closed than text's chance lattices ever do
	// (twice the most seen in the suites), about as tightly as a grid's;
	// a faint grid in grain shows its lines too broken for minGridLines
	// but some of them all the same.
	populousCells    int
	populousResidual float64
	populousLines    float64

	// doubtless: however few cells, nearly all closed with lines along
	// most segments, which text never shows; a strip two or three cells
	// wide is as often where a light grid's lines happened to close.
	// Light lines in a photo show along fewer segments than clean needs.
	doubtlessCells int
	doubtlessSide  int
	doubtlessLines float64
}

// accept holds the thresholds the suites were tuned with.
var accept = acceptParams{
	strictResidual: 0.04,
	minGridLines:   0.3, fewCells: 12, fewCellsLines: 0.9,
	complete: raster.Share{Num: 9, Den: 10},
	dense:    raster.Share{Num: 6, Den: 10}, denseCells: 16,
	manyCells: 150, manyClosed: raster.Share{Num: 1, Den: 2},
	cleanLines: 0.9,
	plain:      raster.Share{Num: 4, Den: 5}, plainLines: 0.8,
	sure: raster.Share{Num: 3, Den: 4}, sureMany: raster.Share{Num: 3, Den: 5}, sureManyCells: 100, sureLines: 0.97,
	populousCells: 60, populousResidual: 0.06, populousLines: 0.12,
	doubtlessCells: 16, doubtlessSide: 4, doubtlessLines: 0.8,
}

// gridRule names the first rule by which a lattice with the given line
// evidence passes for a grid, or is "" when none does.
func gridRule(f LatticeFit, lines float64) string {
	switch {
	case lines >= accept.minGridLines && (f.Cells >= accept.fewCells || lines >= accept.fewCellsLines):
		return "lines"
	case f.dense():
		return "dense"
	case f.populous(lines):
		return "populous"
	case f.many():
		return "many"
	}
	return ""
}

// dense tells whether a lattice is too full and too regular for text to
// have formed it, whatever its line evidence.
func (f LatticeFit) dense() bool {
	return f.Cells >= accept.denseCells && accept.dense.Of(f.Cells, f.Rows*f.Cols) && f.Residual <= accept.strictResidual
}

// complete tells whether nearly every cell of a lattice closed, on the
// lattice.
func (f LatticeFit) complete() bool {
	return f.Residual <= accept.strictResidual && accept.complete.Of(f.Cells, f.Rows*f.Cols)
}

// many tells whether a lattice has more cells on it, closely placed, than
// the counters of a text column ever lined up.
func (f LatticeFit) many() bool {
	return f.Cells >= accept.manyCells && f.Residual <= accept.strictResidual
}

// manyClosed tells whether a big lattice of small cells leaves no doubt
// without its lines being measured.
func (f LatticeFit) manyClosed() bool {
	return f.many() && accept.manyClosed.Of(f.Cells, f.Rows*f.Cols) && f.bigOfSmallCells()
}

// clean tells whether a lattice leaves no doubt: nearly every cell
// closed, centres on the lattice and lines along nearly every segment.
func (f LatticeFit) clean(gray gocv.Mat) bool {
	return f.complete() && gridline.Measure(gray, f.lattice()).Support() >= accept.cleanLines
}

// doubtless tells whether a lattice of however few cells is a grid.
func (f LatticeFit) doubtless(gray gocv.Mat) bool {
	return f.Cells >= accept.doubtlessCells && min(f.Rows, f.Cols) >= accept.doubtlessSide && f.complete() && gridline.Measure(gray, f.lattice()).Support() >= accept.doubtlessLines
}

// sure tells whether a lattice leaves no doubt even with some of its cells
// open. It returns the line evidence too, -1 when the lattice failed
// before its lines were measured.
func (f LatticeFit) sure(gray gocv.Mat) (bool, float64) {
	n := f.Rows * f.Cols
	closed := accept.sure.Of(f.Cells, n) || (n >= accept.sureManyCells && accept.sureMany.Of(f.Cells, n))
	if f.Residual > accept.strictResidual || !closed {
		return false, -1
	}
	lines := gridline.Measure(gray, f.lattice()).Support()
	return lines >= accept.sureLines, lines
}

// plain tells whether a lattice's lines are plain to see along most of
// its segments and most of its cells closed. Tango's light lines, broken
// by clue marks and shaded givens, are plain but not clean.
func (f LatticeFit) plain(gray gocv.Mat) bool {
	return f.Residual <= accept.strictResidual && accept.plain.Of(f.Cells, f.Rows*f.Cols) && gridline.Measure(gray, f.lattice()).Support() >= accept.plainLines
}

// populous tells whether a lattice closed more cells than the chance
// lattices of printed text ever do, sitting on it about as tightly as a
// grid's cells, with a little of its lines showing.
func (f LatticeFit) populous(lines float64) bool {
	return f.Cells >= accept.populousCells && f.Residual <= accept.populousResidual && lines >= accept.populousLines
}
