package vision

import (
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"sync"
	"time"

	"gocv.io/x/gocv"

	"binocle/geom"
	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/clueread"
	"binocle/vision/internal/locate"
	"binocle/vision/internal/raster"
	"binocle/vision/internal/rectify"
)

// readSide is the long side the reader decodes large JPEGs down to: the
// DCT-reduced decode is several times faster than a full one and still
// leaves tens of pixels per cell.
const readSide = 1000

// Read locates, rectifies and reads the puzzle grid in img. img is the
// picture at full size, so there is no fuller copy to retry in when it
// shows no grid: ReadFile's retry reads exactly what Read is given.
func Read(img gocv.Mat) (*Reading, error) {
	return read(picture{decodedImage: &decodedImage{mat: img, scale: 1, width: img.Cols(), height: img.Rows()}}, time.Now())
}

// ReadFile reads the puzzle grid in an image file, as ReadBytes does; its
// Millis include reading and decoding the file.
func ReadFile(path string) (*Reading, error) {
	start := time.Now()
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r, err := readData(data, start)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// ReadBytes reads the puzzle grid in an encoded image (JPEG, PNG, ...).
// A large JPEG is decoded reduced, which is several times faster, and
// decoded again at full size only when the reduced copy shows no grid.
func ReadBytes(data []byte) (*Reading, error) {
	return readData(data, time.Now())
}

func readData(data []byte, start time.Time) (*Reading, error) {
	return readDataObserved(data, start, nil)
}

// readDataObserved is readData that shows observe the rectified grid the
// reading's cells and clues came from (nil: nobody looks).
func readDataObserved(data []byte, start time.Time, observe func(cellread.Image, clueread.SiteImage)) (*Reading, error) {
	d, err := decodeImage(data, readSide)
	if err != nil {
		return nil, err
	}
	defer d.mat.Close()
	p := picture{decodedImage: d, observe: observe}
	if d.scale > 1 {
		// Decoded once, however many steps ask for it.
		var full *decodedImage
		defer func() {
			if full != nil {
				full.release()
				full.mat.Close()
			}
		}()
		p.full = func() (*decodedImage, error) {
			if full == nil {
				f, err := decodeImage(data, 1)
				if err != nil {
					return nil, err
				}
				full = f
			}
			return full, nil
		}
	}
	return read(p, start)
}

// picture is what a read starts from: a copy of the original, and, when
// that copy is reduced, a way to the full-size one.
type picture struct {
	*decodedImage
	full    func() (*decodedImage, error)            // nil when the copy is full size; readDataObserved closes what it gives
	observe func(cellread.Image, clueread.SiteImage) // nil, or shown the rectified grid read
}

// read is the one path every entry takes: the copy it has first, then
// the full-size picture when the copy showed no grid, or a small grid
// whose reading the rules turn down (fullByRules). Millis count from
// start.
func read(p picture, start time.Time) (*Reading, error) {
	defer p.release()
	r, err := readScaledOn(p.source(), p.observe, p.finder().FindWhere)
	if err != nil {
		r, err = p.retryFull(err)
	} else if fr := p.fullByRules(r); fr != nil {
		r = fr
	} else if sr := p.sharper(r); sr != nil {
		r = sr
	}
	if err == nil {
		if lr := p.lastResortByRules(r); lr != nil {
			r = lr
		}
	}
	if err != nil {
		r, err = p.lastResort(err)
	}
	if err != nil {
		return nil, err
	}
	r.Millis = float64(time.Since(start).Microseconds()) / 1000
	return r, nil
}

// fullByRules reads the picture at full size where r, read in its
// reduced copy, is a grid up to rungRuleCells without exactly one
// solution (solvesAsPrinted), or with one at a size no published puzzle
// has (readScaledOn), and gives that reading where it has a
// published size and exactly one solution; nil otherwise. A grid's
// faint lines or small glyphs, blurred in the reduced decode, may show
// at full size a line the reduced copy missed or a glyph it misread.
func (p picture) fullByRules(r *Reading) *Reading {
	if p.full == nil || r.Rows*r.Cols > rungRuleCells || r.solvesAsPrinted() && r.publishedSize() {
		return nil
	}
	full, err := p.full()
	if err != nil {
		return nil
	}
	fr := p.takenByRules(r, func(observe func(cellread.Image, clueread.SiteImage)) (*Reading, error) {
		return readScaledOver(r, full.source(), observe, full.finder().FindWhere)
	}, func(*Reading) bool { return true })
	if fr == nil {
		return nil
	}
	fr.Evidence.FullDecode = true
	return fr
}

// takenByRules reads a grid again with read, unwatched, and gives that
// reading where it has a published size and exactly one solution, or
// mends over prev, the reading it would replace (mendsOver), and take
// takes it; nil otherwise. A watcher is shown the grid read, so
// only the one taken, read once more.
func (p picture) takenByRules(prev *Reading, read func(observe func(cellread.Image, clueread.SiteImage)) (*Reading, error), take func(*Reading) bool) *Reading {
	r, err := read(nil)
	if err != nil || !r.publishedAndUnique() && !r.mendsOver(prev) || !take(r) {
		return nil
	}
	mended := !r.publishedAndUnique()
	if p.observe != nil {
		if r, err = read(p.observe); err != nil {
			return nil
		}
	}
	if mended && r.Evidence.PassedOver == "" {
		r.Evidence.PassedOver = passedOver(prev)
	}
	return r
}

// sharper reads r's grid again, where the reduced copy found it, in the
// full-size picture, where that copy gave each cell fewer pixels than the
// cells are read at (cellread.CellPixels): the reduced decode blurs a
// small grid's glyphs and its clues, a few pixels each, that the camera
// kept (a 14x14 board across a quarter of a 12 MP photo's width has
// about 18 pixels a cell in the copy and 70 in the photo). The grid
// stays where the copy's locator put it; only the pixels read are finer.
// nil where the copy is the full picture, its cells are big enough, or
// the full reading does worse by the rules (r has one solution and it
// has not).
func (p picture) sharper(r *Reading) *Reading {
	if p.full == nil || r.atScale == 0 {
		return nil
	}
	px := float64(cellread.CellPixels(r.Rows, r.Cols))
	// r.Corners are in the original picture's pixels, the copy's p.scale
	// times fewer.
	if geom.CellSide(r.Corners, r.Rows, r.Cols)/p.scale >= px {
		return nil
	}
	full, err := p.full()
	if err != nil {
		return nil
	}
	src := full.source()
	// r.at, scaled by atScale, is in the reduced copy's pixels; the full
	// picture's are p.scale/full.scale times as many.
	fr, err := readCandidate(src, r.at, r.atScale*p.scale/full.scale, p.observe)
	if err != nil {
		return nil
	}
	fr.lookByRules()
	if r.solvesAsPrinted() && !fr.solvesAsPrinted() {
		// The copy's reading was shown; show it again.
		if p.observe != nil {
			_, _ = readCandidate(p.source(), r.at, r.atScale, p.observe)
		}
		return nil
	}
	fr.Evidence.FullDecode = true
	return fr
}

// retryFull reads the picture at full size after its reduced copy failed
// with err. A small grid with light lines in a big photo keeps its lines
// only at the decoded resolution: the DCT-reduced decode blurs them into
// the paper, and locate's fine retry (locate/rung_fine.go) can only look at what it
// is given. Only a miss pays for the second decode; any other error, or a
// retry that fails too, returns err.
func (p picture) retryFull(err error) (*Reading, error) {
	if !errors.Is(err, locate.ErrNoGrid) || p.full == nil {
		return nil, err
	}
	full, ferr := p.full()
	if ferr != nil {
		return nil, err
	}
	r, ferr := readScaledOn(full.source(), p.observe, full.finder().FindWhere)
	if ferr != nil {
		return nil, err
	}
	r.Evidence.FullDecode = true
	return r, nil
}

// lastResortByRules reads the copy again on locate's last-resort
// ladder where the reading ladder's grid, r, is one the rules can ask
// (up to rungRuleCells) and has no published size with exactly one
// solution, and gives that reading only where it has: a grid the
// reading ladder found nothing better than, a piece of a sparse board
// whose light or dashed lines showed in part, turned down by the rules,
// stood, and the rungs that see a sparse board's glyphs were never
// asked (wild-clean wild-clean-109, 6×6 read 6×5; study-photos
// wild-photo-060, 12×12 read 8×10). nil otherwise.
func (p picture) lastResortByRules(r *Reading) *Reading {
	if r.Rows*r.Cols > rungRuleCells || r.publishedAndUnique() {
		return nil
	}
	// Their weaker evidence may grow the grid, not replace it with a
	// smaller one: a sudoku's digits, read again, fill a binary
	// puzzle's 8×8 within its 9×9 with exactly one solution
	// (wicht-sudoku image43, image120, image188).
	return p.takenByRules(r, func(observe func(cellread.Image, clueread.SiteImage)) (*Reading, error) {
		return readScaledOver(r, p.source(), observe, p.finder().FindLastWhere)
	}, func(lr *Reading) bool { return lr.Rows*lr.Cols >= r.Rows*r.Cols })
}

// lastResort reads the copy again on locate's last-resort ladder after
// the reading ladder found no grid in it nor in the full-size picture
// (err). Those rungs see weaker evidence than the full decode's finer
// lines: asked before it, they took grids the full decode reads right
// and read them worse. Any other error, or a miss here too, returns err.
func (p picture) lastResort(err error) (*Reading, error) {
	if !errors.Is(err, locate.ErrNoGrid) {
		return nil, err
	}
	r, lerr := readScaledOn(p.source(), p.observe, p.finder().FindLastWhere)
	if lerr != nil {
		return nil, err
	}
	return r, nil
}

// readScaledOn reads the picture src, a copy of the original scaled
// down by src.scale, with the grid found by find (one of locate's
// ladders), and reports every coordinate in the original's pixels.
//
// The rules pick the rung. A published puzzle has exactly one solution,
// and a grid read where it is not the puzzle's seldom has one: a small
// answer grid printed on the page, its lines the clearest, taken for the
// puzzle (hunt-photos wild-photo-039); a board read a row short, or with
// the page's text around it (wild-photos wild-photo-075, -090). Where
// the first rung's reading, its size and looks checked by the rules, has
// not exactly one solution (solvesAsPrinted: a player's entries may be
// wrong), or has it at a size no published puzzle has (a tile board read
// half a tile off, 7×6, its extra row blank: study-photos wild-photo-041,
// answered wrong and stated unique), the rungs below it look on, and the
// first whose reading has a published size and exactly one solution is
// taken instead. Where none has, the first rung's reading stands: a
// misread cell, not the grid, is the likelier cause, and the
// suggestions are made for it. A grid too big for the rules to be asked
// is taken over the first only where the first was a piece of it
// (pieceOf).
func readScaledOn(src *source, observe func(cellread.Image, clueread.SiteImage), find func(shown func(locate.Candidate, float64) bool) (locate.Candidate, float64, error)) (*Reading, error) {
	return readScaledOver(nil, src, observe, find)
}

// readScaledOver is readScaledOn for a read whose reading would replace
// prev where the rules take it (takenByRules; nil at the first read):
// where no rung gives a grid that stands alone, a rung's reading that
// mends over prev (mendsOver) is returned for the caller to weigh.
func readScaledOver(prev *Reading, src *source, observe func(cellread.Image, clueread.SiteImage), find func(shown func(locate.Candidate, float64) bool) (locate.Candidate, float64, error)) (*Reading, error) {
	var first, r *Reading
	var firstC, c locate.Candidate
	var firstScale float64
	// mendable is the first reading of a published size that is not
	// unique but that one or two plausible changes make so
	// (fixableByRules). Where no rung's reading is unique, it stands
	// over a first reading at a size no published puzzle has, or one
	// no plausible fix mends: a tile board's loose lattice reads every
	// cell, but its first rung found a piece of it and the board's
	// reading misses a clue or reads '=' for 'x' (study-photos
	// wild-photo-062, 10×10 read 10×8; hunt-photos wild-photo-051). The
	// reading is returned as read; the fixes stay suggestions for the
	// caller's search.
	var mendable *Reading
	var mendableC locate.Candidate
	var mendableScale float64
	var mendableOver *Reading
	// Every rung's reading is weighed against the same one (prev, then
	// first), whose fix search is run once, not once a rung.
	var weighedOver *Reading
	var overYields bool
	weighMendable := func(fr *Reading, fc locate.Candidate, foundScale float64) {
		over := first
		if over == nil {
			over = prev
		}
		if mendable != nil || over == nil || !fr.publishedSize() {
			return
		}
		if over != weighedOver {
			weighedOver, overYields = over, over.yieldsToMend()
		}
		if overYields && fr.fixableByRules() {
			mendable, mendableC, mendableScale, mendableOver = fr, fc, foundScale, over
		}
	}
	var seen []seenGrid
	_, locScale, err := find(func(found locate.Candidate, foundScale float64) bool {
		// A big grid is not read again for the rules, but where the first
		// rung's grid, at a size no published puzzle has, was a piece of
		// it, the piece is the mistake (hunt-photos wild-photo-044, 16×12
		// and misread, is no piece of the 25×20 around it).
		bigger := first != nil && found.Rows.N*found.Cols.N > rungRuleCells
		if bigger && (first.publishedSize() || !pieceOf(firstC, firstScale, found, foundScale)) {
			return false
		}
		// Rungs often find the same grid; read again it would read the
		// same, and be turned down again.
		at := newSeenGrid(found, foundScale)
		for _, g := range seen {
			if g.same(at) {
				return false
			}
		}
		seen = append(seen, at)
		// What a rung found may show no grid once rectified (gridShown):
		// a thumbnail's lattice, a page's text taken for a board. The
		// rungs below it look on, as they would had it found nothing.
		fr, fc := readFound(src, found, foundScale)
		if fr == nil {
			return false
		}
		// The size is checked on the reading the rung gave, its
		// counters trimmed and its squarest count chosen (readFound),
		// so that the rules see the grid every other check has passed;
		// the clues' kinds and the cells' looks then on the size the
		// rules settled.
		if sr, sc, ok := sizeByRules(src, fr, fc, foundScale); ok {
			fr, fc = sr, sc
		}
		seen = append(seen, newSeenGrid(fc, foundScale))
		fr.lookByRules()
		if found.ByRules {
			// A finding too weak to stand alone is taken on the rules'
			// word, or not at all: never the reading that stands for
			// want of a better.
			if fr.publishedAndUnique() {
				r, c = fr, fc
				return true
			}
			weighMendable(fr, fc, foundScale)
			return false
		}
		if bigger {
			r, c = fr, fc
			return true
		}
		if first == nil {
			first, firstC, firstScale = fr, fc, foundScale
			if fr.Rows*fr.Cols > rungRuleCells || fr.solvesAsPrinted() && fr.publishedSize() {
				r, c = fr, fc
				return true
			}
			return false
		}
		if fr.publishedAndUnique() {
			// On the candidate too, for a caller who reads it again.
			fc.Evidence.PassedOver = passedOver(first)
			fr.Evidence.PassedOver = fc.Evidence.PassedOver
			r, c = fr, fc
			return true
		}
		weighMendable(fr, fc, foundScale)
		return false
	})
	switch {
	case err == nil:
	case mendable != nil && (first == nil || mendableOver == first || first.yieldsToMend()):
		if first != nil {
			mendableC.Evidence.PassedOver = passedOver(first)
			mendable.Evidence.PassedOver = mendableC.Evidence.PassedOver
		}
		r, c, locScale = mendable, mendableC, mendableScale
	case first != nil:
		r, c, locScale = first, firstC, firstScale
	default:
		return nil, err
	}
	// Only a caller who watches the read pays for reading the winner
	// again.
	if observe != nil {
		if r, err = readCandidate(src, c, locScale, observe); err != nil {
			return nil, err
		}
		r.lookByRules()
	}
	return r, nil
}

// passedOver names a reading the rules passed over for another, as
// Evidence.PassedOver records it ("6x6 lattice").
func passedOver(r *Reading) string {
	return fmt.Sprintf("%dx%d %s", r.Rows, r.Cols, r.Method)
}

// seenGrid is a grid a rung found, as the reader would read it: the
// candidate's counts, corners and cell centres, and the scale of the copy
// they are in.
type seenGrid struct {
	rows, cols int
	quad       [4][2]float64
	centres    [][2]float64
	locScale   float64
}

func newSeenGrid(c locate.Candidate, locScale float64) seenGrid {
	return seenGrid{c.Rows.N, c.Cols.N, c.Quad, c.Centres, locScale}
}

// same is whether g and o would be read alike. Only a find equal in every
// number is: rungs that find the same lines differ by a fraction of a
// pixel or in the centres they measured, and such a find, read again,
// has set right a clue or a cell the first read missed (tuned-photos
// photo-159, study-photos wild-photo-050).
func (g seenGrid) same(o seenGrid) bool {
	return g.rows == o.rows && g.cols == o.cols && g.quad == o.quad && g.locScale == o.locScale && slices.Equal(g.centres, o.centres)
}

// pieceOf tells whether the grid small, found in a copy scaled by
// smallScale, is a piece of big, found in one scaled by bigScale: at
// most pieceShare of its cells, its corners within big (to pieceReach of
// a cell beyond its edges) and its cells of about big's size
// (pieceCellSpread). A lattice of a few of a big lineless grid's cells,
// closed by its glyphs, is found by a rung above the one that sees the
// whole grid (study-photos wild-photo-036, 11×7 of 31×31). A small grid
// printed beside the puzzle (a sudoku's answer) is not within it, a
// finer lattice inside one (a board's counters) has smaller cells, and
// the puzzle with a few strips of the page around it, found further
// down, is less than twice the puzzle (hunt-photos wild-photo-132, 15×15
// in 20×15).
func pieceOf(small locate.Candidate, smallScale float64, big locate.Candidate, bigScale float64) bool {
	if float64(small.Rows.N*small.Cols.N) > pieceShare*float64(big.Rows.N*big.Cols.N) {
		return false
	}
	sq, bq := locate.ScaleQuad(small.Quad, smallScale), locate.ScaleQuad(big.Quad, bigScale)
	ratio := geom.CellSide(sq, small.Rows.N, small.Cols.N) / geom.CellSide(bq, big.Rows.N, big.Cols.N)
	if ratio > pieceCellSpread || ratio < 1/pieceCellSpread {
		return false
	}
	toImage, ok := geom.FromQuads(locate.RectCorners(float64(big.Cols.N), float64(big.Rows.N)), bq)
	if !ok {
		return false
	}
	toCells := toImage.Inverse()
	for _, p := range sq {
		u, v := toCells.Apply(p[0], p[1])
		if math.IsNaN(u) || math.IsNaN(v) || u < -pieceReach || v < -pieceReach || u > float64(big.Cols.N)+pieceReach || v > float64(big.Rows.N)+pieceReach {
			return false
		}
	}
	return true
}

// pieceReach is how far, in cells, a piece's corner may lie outside the
// grid it is a piece of: a lattice closed by glyphs ends half a cell off
// the grid's lines. pieceCellSpread is how many times bigger or smaller
// its cells may be: two fits of one grid's pitch differ by a few per
// cent, a grid's counters or a neighbouring puzzle by more.
// pieceShare is the most of the big grid's cells a piece holds.
const (
	pieceReach      = 0.5
	pieceCellSpread = 1.25
	pieceShare      = 0.5
)

// rungRuleCells is the biggest grid whose reading, without exactly one
// solution, sends the ladder on to the rungs below (readScaledOn), and
// the biggest a rung below may offer then. Each rung's grid is read
// again, up to a second on a big grid in a 12 MP photo: with no cap,
// photos of 30×30 and bigger grids took 6 to 17 s where they took 2 to
// 4, and every board a lower rung's reading set right on the suites
// looked into was 14×14 or smaller.
const rungRuleCells = 16 * 16

// readFound reads the grid a rung found at c, in img scaled down by
// locScale: the reading, and the candidate it was read at, or nil when
// the grid does not show there.
func readFound(src *source, c locate.Candidate, locScale float64) (*Reading, locate.Candidate) {
	// Cells are square in every puzzle Binocle reads. A grid read with
	// cells twice as tall as wide (or as wide as tall) took a line
	// through the glyphs' middles for a cell line, or missed every other
	// line; of the counts that make its cells square, the one whose
	// cells the classifiers read most surely is kept.
	var r *Reading
	if alts := locate.SquareAlternatives(c); len(alts) > 0 {
		for _, a := range alts {
			ar, err := readCandidate(src, a, locScale, nil)
			if err == nil && (r == nil || ar.meanConfidence() > r.meanConfidence()) {
				r, c = ar, a
			}
		}
	}
	if r == nil {
		var err error
		if r, err = readCandidate(src, c, locScale, nil); err != nil {
			return nil, c
		}
	}
	// Counters printed beside the grid, taken for cells, hold glyphs of
	// another style than the puzzle's: the grid inside them is read.
	if s := r.strips; s.Any() {
		if in, ok := c.Inner(s.Top, s.Bottom, s.Left, s.Right); ok {
			if ir, err := readCandidate(src, in, locScale, nil); err == nil {
				r, c = ir, in
			}
		}
	}
	return r, c
}

// readCandidate reads the grid at candidate c, found in src's copy scaled
// down by locScale, and reports every coordinate in the original's pixels.
func readCandidate(src *source, c locate.Candidate, locScale float64, observe func(cellread.Image, clueread.SiteImage)) (*Reading, error) {
	img, scale, width, height := src.mat, src.scale, src.width, src.height
	quad := locate.ScaleQuad(c.Quad, locScale)
	rows, cols := c.Rows.N, c.Cols.N
	px := cellread.CellPixels(rows, cols)
	toImage, ok := geom.FromQuads(locate.RectCorners(float64(cols*px), float64(rows*px)), quad)
	if !ok {
		return nil, locate.ErrNoGrid
	}
	bgr := raster.BGRView(img)
	defer bgr.Close()
	grid, bend := rectify.Grid(bgr, toImage, c.Centres, locScale, rows, cols, px)
	defer grid.Close()
	ci := cellread.NewImage(grid, rows, cols, px)
	if !gridShown(src, quad, ci) {
		return nil, locate.ErrNoGrid
	}

	r := &Reading{Rows: rows, Cols: cols, ImageWidth: width, ImageHeight: height, Method: c.Method, Evidence: c.Evidence, at: c, atScale: locScale}
	var kinds [][cellread.KindCount]float64
	var learned []bool
	var sure bool
	var shadeOrder []int
	var shade []float64
	var doubted []bool
	readCells := func() {
		r.Style, r.Cells, r.Confidence, r.Values, kinds, r.resembled = cellread.Read(ci)
		r.Given, doubted = cellread.FindGivensDoubted(ci, r.Style, r.Cells)
		if !r.HasMarks() {
			learned, sure = cellread.LearnedGivens(ci, r.Style, r.Cells)
			if learned != nil {
				shadeOrder, shade = cellread.ShadeOrder(ci, r.Style, r.Cells)
			}
		}
	}
	// The glyphs are asked only where the locator's centres showed no
	// bend; where they did, the cells' copy and the sites follow it.
	var glyphBend rectify.BentMap
	bentSites := false
	readSites := func() {
		if bend == nil {
			glyphBend, bentSites = bentByGlyphs(toImage, ci, rows, cols, px)
		}
		var si clueread.SiteImage
		if bentSites {
			si = clueread.RectifySitesAlong(bgr, toImage, glyphBend, quad, ci)
		} else {
			si = clueread.RectifySites(bgr, toImage, bend, quad, ci)
		}
		defer si.Close()
		if observe != nil {
			observe(ci, si)
		}
		r.Edges, r.ClueSites, r.clueLooks, r.colourClues = clueread.Read(ci, si)
	}
	// The cells and the clue sites are read from the same rectified grid
	// and need nothing of each other's until the givens are checked
	// against the rules: side by side, a screenshot's reading takes the
	// longer of the two instead of their sum. A caller who watches the
	// read (observe, raster.Trace) gets them in turn, in a fixed order.
	if observe != nil || raster.Trace != nil {
		readCells()
		readSites()
	} else {
		bothAtOnce(readCells, readSites)
	}
	r.strips = cellread.ForeignStrips(r.Style, rows, cols, kinds, cluedCells(rows, cols, r.Edges), locate.MinPuzzleSide)
	switch {
	case r.HasMarks() && r.givensRefuted():
		// The hand tests' cut may have erred at its edge: the fewest of
		// its least marklike cells given back to the print may leave
		// the one solution. Where that fails on a board without clues,
		// the split is no split of print and pen; the marks model may
		// still tell, where the rules agree. On a board with clues the
		// rules may have been fooled by a missed one, and the split
		// stands.
		if r.givensGivenBack(cellread.MarksLeastFirst(ci, r.Cells, r.Given)) || r.cluesRead() {
			break
		}
		r.Given = cellread.EveryFilledGiven(r.Cells)
		if learned, sure := cellread.LearnedGivens(ci, r.Style, r.Cells); learned != nil {
			r.givensByRules("learned, after the hand tests'", learned, sure)
		}
	case doubted != nil && r.givensByRules("shades' local", doubted, false):
	case learned != nil && !r.givensByRules("learned", learned, sure):
		// The model sees marks on the board, but not which: the shades
		// may tell, where the rules say where they part.
		r.givensByShade(shadeOrder, shade)
	}
	r.Corners = locate.ScaleQuad(quad, scale)
	// Homography: CellPx grid units -> rectified px -> img px -> original px.
	h := geom.Scaling(float64(px)/CellPx, float64(px)/CellPx).Then(toImage).Then(geom.Scaling(scale, scale))
	for i := range h {
		h[i] /= h[8]
	}
	r.Homography = h
	// Drawings follow the map the clue sites were cut along, so that
	// the clues drawn on the photo sit on those read there.
	if bentSites {
		bend = &glyphBend
	}
	if bend != nil {
		b := *bend
		b.H = b.H.Then(geom.Scaling(scale, scale))
		r.bend = &b
	}
	return r, nil
}

// bothAtOnce runs a and b at the same time and returns once both have.
// They must share nothing they write.
func bothAtOnce(a, b func()) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		b()
	}()
	a()
	wg.Wait()
}

// bentByGlyphs is the bent map the glyphs' middles measure
// (cellread.GlyphCentres) in ci, rectified through toImage (its pixels to
// img's), and whether they show the page bent. A flat grid's glyphs sit
// at its cells' middles, and the map is turned down as flat
// (rectify.FitBentMap). Only the clue sites follow it: on a page that
// bows, or under a lattice a little off, the sites drift a third of a
// cell off the clues while every glyph still lies in its cell's window,
// and the map the glyphs measure on a flat page (their boxes cut by a
// line, shaded on one side) would bring the grid's border into its
// edge cells.
func bentByGlyphs(toImage geom.Homography, ci cellread.Image, rows, cols, px int) (rectify.BentMap, bool) {
	centres := ci.GlyphCentres()
	pts := make([][2]float64, len(centres))
	for i, p := range centres {
		x, y := toImage.Apply(p[0], p[1])
		pts[i] = [2]float64{x, y}
	}
	return rectify.FitBentMap(geom.Scaling(float64(px), float64(px)).Then(toImage), rows, cols, pts)
}

// cluedCells marks, row by row, the two cells of every edge clue.
func cluedCells(rows, cols int, edges []solver.Edge) []bool {
	clued := make([]bool, rows*cols)
	for _, e := range edges {
		for _, p := range [][2]int{{e.R1, e.C1}, {e.R2, e.C2}} {
			if p[0] >= 0 && p[0] < rows && p[1] >= 0 && p[1] < cols {
				clued[p[0]*cols+p[1]] = true
			}
		}
	}
	return clued
}

// meanConfidence is the mean of the cells' confidences.
func (r *Reading) meanConfidence() float64 {
	if len(r.Confidence) == 0 {
		return 0
	}
	sum := 0.0
	for _, c := range r.Confidence {
		sum += c
	}
	return sum / float64(len(r.Confidence))
}

// InkCells tells, for each cell of a reading, whether it holds any ink at
// all, whatever the glyph: the measure used on photos of other puzzles
// (sudoku) whose symbols Binocle does not classify.
func InkCells(img gocv.Mat, r *Reading) []bool {
	if r == nil || r.Rows <= 0 || r.Cols <= 0 {
		return nil
	}
	px := cellread.CellPixels(r.Rows, r.Cols)
	// The reading's homography is in original pixels; img is the original.
	h := geom.Scaling(CellPx/float64(px), CellPx/float64(px)).Then(geom.Homography(r.Homography))
	bgr := raster.BGRView(img)
	defer bgr.Close()
	grid := raster.Warp(bgr, h, r.Cols*px, r.Rows*px)
	defer grid.Close()
	ci := cellread.NewImage(grid, r.Rows, r.Cols, px)
	out := make([]bool, r.Rows*r.Cols)
	for i := range out {
		out[i] = ci.Features(i/r.Cols, i%r.Cols).Ink >= cellread.Tuned.Style.BlankInk
	}
	return out
}

// cellCentre maps the centre of cell (row, col) into original pixels.
func (r *Reading) cellCentre(row, col float64) (float64, float64) {
	return r.gridPoint(col+0.5, row+0.5)
}

// cellSizeInImage is the typical cell size in original pixels, for
// scaling drawings.
func (r *Reading) cellSizeInImage() float64 {
	q := r.Corners
	w := (math.Hypot(q[1][0]-q[0][0], q[1][1]-q[0][1]) + math.Hypot(q[2][0]-q[3][0], q[2][1]-q[3][1])) / 2
	h := (math.Hypot(q[3][0]-q[0][0], q[3][1]-q[0][1]) + math.Hypot(q[2][0]-q[1][0], q[2][1]-q[1][1])) / 2
	return math.Min(w/float64(max(1, r.Cols)), h/float64(max(1, r.Rows)))
}

// gridPoint maps grid coordinates (cells, corners at integers) to original
// pixels: through the bent map when the page was found bent, so that
// drawings follow the paper.
func (r *Reading) gridPoint(u, v float64) (float64, float64) {
	if r.bend != nil && r.bend.Rows == r.Rows && r.bend.Cols == r.Cols {
		return r.bend.Apply(u, v)
	}
	return geom.Homography(r.Homography).Apply(u*CellPx, v*CellPx)
}
