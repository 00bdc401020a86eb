package vision

import "binocle/vision/internal/cellread"

// Style is the glyph style a reading detected; cellread decides it
// (internal/cellread/style.go).
type Style = cellread.Style

// The glyph styles a Reading's Style names.
const (
	StyleSquareCircle = cellread.StyleSquareCircle
	StyleDiscCircle   = cellread.StyleDiscCircle
	StyleDigits       = cellread.StyleDigits
	StyleXO           = cellread.StyleXO
	StyleXOI          = cellread.StyleXOI
	StyleTango        = cellread.StyleTango
	StyleTiles        = cellread.StyleTiles
)

// CellKinds names the cell classifier's kinds in its output order, for
// the trainer and the lab.
var CellKinds = cellread.CellKinds

// ValueProbs is, for one cell, the probability of each value the style
// gives it (solver.Empty, Zero, One, Two).
type ValueProbs = cellread.ValueProbs

// KindOf is the classifier's kind for a cell of style holding value, as
// the lab labels its training patches; -1 when the style has no such
// glyph.
func KindOf(style string, value byte) int { return cellread.KindOf(style, value) }
