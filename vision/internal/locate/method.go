package locate

import (
	"errors"

	"binocle/vision/internal/raster"
)

// ErrNoGrid is returned when an image holds nothing that looks like a puzzle grid.
var ErrNoGrid = errors.New("no puzzle grid found")

// Method names the locator that found a reading's grid: when a reading
// goes wrong, it says which of locate's ways of finding a grid to look at
// first. Each names the rungs of locate's ladder (ladder.go) that
// give it.
type Method string

const (
	// MethodLattice: the cells closed by the grid's lines, in one of the
	// boundary maps, fitted to a lattice (lattice.go, locateLattice):
	// the lattice, fine and flat rungs.
	MethodLattice Method = "lattice"
	// MethodGlyphLattice: the glyphs fitted to a lattice and the grid's
	// extent taken from its faint lines (glyphlattice.go), when no cell
	// closed: the glyphs rung.
	MethodGlyphLattice Method = "glyph-lattice"
	// MethodBoxedGlyphs: a border with no lines inside, its cells
	// counted by the glyphs at their middles (rung_boxed.go): the boxed
	// rung.
	MethodBoxedGlyphs Method = "boxed-glyphs"
	// MethodBareGlyphs: the glyphs fitted to a lattice and the grid's
	// extent taken as theirs, with no line or border seen (rung_bare.go):
	// the bare rung.
	MethodBareGlyphs Method = "bare-glyphs"
	// MethodSparseGlyphs: the bare rung's lattice on few glyphs, taken
	// only by the reader's rules (rung_bare.go): the sparse rung.
	MethodSparseGlyphs Method = "sparse-glyphs"
	// MethodLooseLattice: a lattice of closed cells looser or sparser
	// than any other rung takes, taken only on the rules' word (the
	// loose-lattice rungs).
	MethodLooseLattice Method = "loose-lattice"
	// MethodOutline: the outline of the grid's connected ink, checked for
	// periodic lines across it (inkQuads, verifyCandidate): the outline
	// rung.
	MethodOutline Method = "outline"
	// MethodTiles: the outline of a block of coloured tiles, checked like
	// MethodOutline (tiles.go).
	MethodTiles Method = "tiles"
	// MethodBoard: an app board's coloured cells fitted to a lattice and
	// its extent taken from its frame or tiles (board.go): the
	// board rung, or the lattice rung's finding given way to the board it
	// is part of (boardAround).
	MethodBoard Method = "board"
	// MethodBoardFrame: the lattice rung's finding grown out to Tango's
	// dark frame (boardAround).
	MethodBoardFrame Method = "board-frame"
	// MethodBoardUnion: the lattice rung's finding and an app board that
	// each saw cells the other missed, joined (boardAround).
	MethodBoardUnion Method = "board-union"
)

// Evidence is what the locator had when it accepted the grid. Fields a
// locator does not measure are zero, or -1 for the measures where zero is
// a real value.
type Evidence struct {
	// ClosedCells is how many cells closed on the lattice (lattice).
	ClosedCells int `json:"cells_closed,omitempty"`
	// Spots is how many glyphs (glyph-lattice) or coloured cells (board)
	// sat on the lattice.
	Spots int `json:"spots,omitempty"`
	// LineSupport is the share of the lattice's line segments where a
	// line was seen (lattice: gridline.Evidence.Support), -1 when the
	// lattice was accepted without measuring it.
	LineSupport float64 `json:"line_support"`
	// Residual is the mean distance of the cells' or spots' centres from
	// the lattice's, in cells; -1 when the locator fits no lattice.
	Residual float64 `json:"fit_residual"`
	// Periodicity is the weaker axis's score of periodic lines across an
	// outline (outline, tiles); 0 for the other locators.
	Periodicity float64 `json:"periodicity,omitempty"`
	// Accepted names the rule that told the lattice from text's chance
	// lattices (lattice: "sure", "lines", "dense", "populous", "many").
	Accepted string `json:"accepted_by,omitempty"`
	// HalfSize: the lattice was found in a half-size copy (quickLattice).
	HalfSize bool `json:"half_size,omitempty"`
	// Fine: found only at the decoded resolution, after the located copy
	// showed nothing (the fine rung).
	Fine bool `json:"fine,omitempty"`
	// Flattened: found in the copy with the light divided out.
	Flattened bool `json:"flattened,omitempty"`
	// PhaseShifted: the lattice was moved half a cell onto the lines it
	// had fallen between (phaseChecked).
	PhaseShifted bool `json:"phase_shifted,omitempty"`
	// FullDecode: found in a second decode of the file at full size,
	// after the reduced decode showed nothing (picture.retryFull) or a
	// grid the rules turned down (picture.fullByRules).
	FullDecode bool `json:"full_decode,omitempty"`
	// Chroma: found in a colour plane of the copy, not its grey (the
	// chroma rung).
	Chroma bool `json:"chroma,omitempty"`
	// LocatedSize is the size ("RxC") the locator found, where the
	// reading is of another: the rules took the grid a line or two
	// larger or smaller (vision/size_rules.go).
	LocatedSize string `json:"located_size,omitempty"`
	// CluesByLook: the clues' kinds are the rules', each of the board's
	// two looks of clue taken for one kind, where the site net's kinds
	// left the puzzle without one solution (vision/clue_rules.go).
	CluesByLook bool `json:"clues_by_look,omitempty"`
	// CellsByLook: the 0s and 1s are as the grid's glyphs they resemble
	// say, where the cell net's left the puzzle without one solution
	// (vision/clue_rules.go, cellsByRules).
	CellsByLook bool `json:"cells_by_look,omitempty"`
	// PassedOver is the size and method ("6x6 lattice") of the grid the
	// first rung found, where its reading had not exactly one solution
	// and a lower rung's, read at a published size, had, or had none
	// but one or two likely fixes away (vision/size_rules.go,
	// mendsOver): the rules picked the rung (vision/read.go,
	// readScaledOver), or the grid read again over the first reading
	// (takenByRules).
	PassedOver string `json:"passed_over,omitempty"`
	// CluesByColour is how many clues, lost or misread in grey, were
	// read in the colour of the clues the net was sure of and taken on
	// the rules' word (vision/clue_rules.go, colourByRules and
	// colourAgreeing).
	CluesByColour int `json:"clues_by_colour,omitempty"`
	// CluesSetAside is how many clues the net read but set aside, its
	// doubtful sites outnumbering its sure ones, were taken on the rules'
	// word (vision/clue_rules.go, setAsideAgreeing).
	CluesSetAside int `json:"clues_set_aside,omitempty"`
}

// noEvidence is the evidence of a locator that measures none of the
// lattice measures.
var noEvidence = Evidence{LineSupport: -1, Residual: -1}

// latticeEvidence is the evidence a closed-cell lattice carries; lines is
// -1 when it was not measured.
func latticeEvidence(f LatticeFit, lines float64, accepted string) Evidence {
	return Evidence{ClosedCells: f.Cells, LineSupport: raster.RoundTo(lines, 3), Residual: raster.RoundTo(f.Residual, 3), Accepted: accepted}
}
