package locate

import (
	"gocv.io/x/gocv"

	"binocle/geom"

	"binocle/vision/internal/raster"
)

// locate finds the grid by climbing a ladder of locators, the way a
// puzzle solver climbs its list of techniques (Simon Tatham's unruly.c):
// each rung is tried in order, and the first whose finding passes its
// accept rule, and shows a grid once the reader rectifies it (FindWhere),
// wins; the rungs below it are never run. The order is by how
// far a rung can be trusted when it answers, not by cost: a rung that
// sees more grids also turns more text into one, so it only gets to look
// where every rung above it saw nothing. A rung may refine what it found
// before it is returned; that refinement is part of the rung, so the
// ladder stays one list.

// MinPuzzleSide is the fewest rows or columns a grid the ladder returns
// may have. A 2x2 or 3x6 lattice is a corner of the grid or a few boxes
// of text: no binary puzzle is that small (4x4 leaves the rules little
// room, and the datasets' smallest are 6x6), so a rung that finds one is
// turned away and the rungs below it look.
const MinPuzzleSide = 4

// locator is one rung of a ladder.
type locator struct {
	// name is what the locate trace calls the rung.
	name string
	// Run looks for the grid in the picture's copies. What it finds has
	// already passed the rung's own tests (the lattice's gridRule, the
	// outline's periodicity).
	Run func(cs *copies) (Sighting, bool)
	// accept, when set, is the rule a finding must pass on top of run's
	// own for this rung to win: where a rung sees more than it may be
	// trusted with.
	accept func(cs *copies, s Sighting) bool
	// refine, when set, is what the winning finding may still become: a
	// rung can stop short of the grid in ways another locator sees past.
	refine func(cs *copies, s Sighting) Sighting
}

// Sighting is what a rung found: the candidate in the pixels of the copy
// it searched, the factor from those pixels to the picture's, and the
// lattice of closed cells behind it when a lattice rung found it (its
// cells and residual are not in the candidate).
type Sighting struct {
	C     Candidate
	scale float64
	fit   LatticeFit
}

// readLadder is Read's ladder, its rungs in the order they are tried
// (README's "How it gets there" lists them too).
var readLadder = []locator{
	// lattice: cells closed off by the grid's lines, in a half-size copy
	// when they close cleanly there, else in the located copy under each
	// boundary map in turn; gridRule tells a grid's lattice from text's.
	// A lattice that stopped short of an app board it is part of gives
	// way to the board, and one that ends at a shadow's edge grows into
	// the flattened copy (rung_lattice.go).
	LatticeRung,
	// board: an app board's coloured cells, for boards whose lines and
	// gaps blur away in a photo. It outranks the outline: an outline's
	// cell count is a guess from periodicity, a board's is counted
	// (rung_board.go).
	BoardRung,
	// outline: the outline of the grid's connected ink, or of a block of
	// coloured tiles, with periodic lines across it
	// (rung_outline.go).
	outlineRung,
	// fine: the lattice again at twice the located resolution, for a big
	// grid photographed whole; accepted only with many cells or no doubt
	// at all (rung_fine.go).
	fineRung,
	// flat: the lattice in the located copy with the light divided out,
	// for light grids under a hard shadow (rung_flat.go).
	flatRung,
	// glyphs: the lattice the glyphs lie on, confirmed by the faint
	// lines between them, in the flattened copy: the last resort, for
	// lines too faint to close any cell (rung_glyphs.go).
	glyphRung,
	// boxed: a border with no lines inside it, its cells counted by the
	// glyphs at their middles, also light on a dark board: weaker
	// evidence than any line (rung_boxed.go).
	boxedRung,
	// bare: the glyphs' lattice with no line or border at all, bounded by
	// the glyphs, for a dense grid printed without lines; then the same
	// in the inverted grey, for a dark theme's light glyphs
	// (rung_bare.go).
	bareRung,
	bareInvertedRung,
	// colour boxed: the boxed rung again, its glyphs seen in each
	// pixel's darkest channel, for coloured pieces and pen marks as
	// light in grey as the paper; last, since coloured lines and print
	// turn to ink there too (rung_boxed.go).
	colourBoxedRung,
}

// lastResortLadder is climbed only where readLadder found no grid, in
// the reduced decode nor in the full one (vision's read): its rungs see
// weaker evidence than a full decode's finer lines, and asked before
// it they took grids the full decode reads right and read them worse.
var lastResortLadder = []locator{
	// closed glyphs: the lattice rung's lattice again where it showed
	// no lines, taken when its glyphs close so many regions, so tightly
	// placed, that no text lines up so (rung_closedglyphs.go).
	closedGlyphsRung,
	// chroma: the lattice rung in the copy's two colour planes, for tiles
	// that differ from their page and gaps in hue alone
	// (rung_chroma.go).
	chromaRung,
	// sparse: the bare rung's glyph lattice on a dozen glyphs, for a
	// sparse board with no line, border or tile; taken only where the
	// reader's rules take its reading (rung_bare.go). Then the same for
	// light glyphs on a dark page, and for coloured glyphs as light as
	// the page in grey.
	sparseRung,
	sparseInvertedRung,
	sparseColourRung,
	// loose lattice, loose chroma: the lattice and chroma rungs' closed
	// cells on a looser lattice, with no line asked of it, taken only by
	// the reader's rules (rung_loose.go).
	looseLatticeRung,
	looseChromaRung,
	// faint boxed: the boxed rung on the faintest thin lines' outlines,
	// for a pale border in a dim or blurred photo; last, since the
	// page's grain and text join into outlines there (rung_boxed.go).
	faintBoxedRung,
}

// previewLadder is LocateGrid's: the lattice alone, in a smaller copy and
// under the two boundary maps that find most grids, fast enough for a
// webcam's every frame.
var previewLadder = []locator{previewRung}

// climb tries each rung of ladder on img in order and returns what the
// first accepted rung found, refined, in the pixels of the copy it
// searched, with the factor from those pixels to img's. When shown is
// set, a finding it turns away is passed over like one the rung's own
// accept rule turned away.
func climb(img gocv.Mat, ladder []locator, shown func(c Candidate, scale float64) bool) (Candidate, float64, error) {
	cs := NewCopies(img)
	defer cs.Close()
	return climbCopies(cs, ladder, shown)
}

// climbCopies is climb on copies of the picture that earlier climbs may
// have made already (Search).
func climbCopies(cs *copies, ladder []locator, shown func(c Candidate, scale float64) bool) (Candidate, float64, error) {
	if img := cs.img; img.Empty() || img.Cols() < 16 || img.Rows() < 16 {
		return Candidate{}, 1, ErrNoGrid
	}
	for _, r := range ladder {
		s, ok := r.Run(cs)
		if ok && (s.C.Rows.N < MinPuzzleSide || s.C.Cols.N < MinPuzzleSide || r.accept != nil && !r.accept(cs, s)) {
			if raster.Trace != nil {
				raster.Trace("rung %s: %dx%d turned away", r.name, s.C.Rows.N, s.C.Cols.N)
			}
			continue
		}
		if !ok {
			if raster.Trace != nil {
				raster.Trace("rung %s: nothing", r.name)
			}
			continue
		}
		if r.refine != nil {
			s = r.refine(cs, s)
		}
		s = sightingOnLines(cs, s)
		if raster.Trace != nil {
			raster.Trace("rung %s: %dx%d by %s", r.name, s.C.Rows.N, s.C.Cols.N, s.C.Method)
		}
		if shown != nil && !shown(s.C, s.scale) {
			if raster.Trace != nil {
				raster.Trace("rung %s: %dx%d shows no grid", r.name, s.C.Rows.N, s.C.Cols.N)
			}
			continue
		}
		return s.C, s.scale, nil
	}
	return Candidate{}, 1, ErrNoGrid
}

// sightingOnLines cuts what any rung found to the strips its lines cross
// (splitAtBareStrips) and to the border lines inside it (cutAtBorder),
// and grows it onto the border line its glyphs stopped a strip short of
// (reachBorder), measured in the copy the rung
// searched where it was one of the ladder's, else in the located copy.
func sightingOnLines(cs *copies, s Sighting) Sighting {
	// A lattice with nearly every cell closed has every strip crossed by
	// its lines, and one whose lines were seen ends where they do: such
	// a finding (most screenshots') is left as it is, which spares it the
	// copy of the grey the measures below read.
	if s.C.Complete && s.C.Evidence.LineSupport > locating.border.maxLineSupport {
		return s
	}
	lc := cs.searched(s.scale)
	k := s.scale / lc.scale
	in := s.C
	// Its own copy: the centres scaled here must not change s's.
	in.Centres = append([][2]float64(nil), s.C.Centres...)
	for i := range in.Quad {
		in.Quad[i] = [2]float64{in.Quad[i][0] * k, in.Quad[i][1] * k}
	}
	for i := range in.Centres {
		in.Centres[i] = [2]float64{in.Centres[i][0] * k, in.Centres[i][1] * k}
	}
	// The lines are judged in the copy's own grey, against the paper
	// beside them: dividing the light out costs a screenshot the lattice
	// rung reads first several milliseconds.
	plane := lc.plane(false)
	out := reachBorder(plane, func() raster.Plane { return lc.plane(true) }, cutAtBorder(plane, splitAtBareStrips(plane, in)))
	if out.Rows.N == s.C.Rows.N && out.Cols.N == s.C.Cols.N {
		return s
	}
	for i := range out.Quad {
		out.Quad[i] = [2]float64{out.Quad[i][0] / k, out.Quad[i][1] / k}
	}
	for i := range out.Centres {
		out.Centres[i] = [2]float64{out.Centres[i][0] / k, out.Centres[i][1] / k}
	}
	out.Area = geom.QuadArea(out.Quad)
	s.C = out
	return s
}
