package vision

import (
	"gocv.io/x/gocv"

	"binocle/vision/internal/locate"
)

// Method names the locator that found a reading's grid; the locators and
// what each name means are locate's (internal/locate/method.go).
type Method = locate.Method

// The locators a Reading's Method names.
const (
	MethodLattice      = locate.MethodLattice
	MethodGlyphLattice = locate.MethodGlyphLattice
	MethodOutline      = locate.MethodOutline
	MethodTiles        = locate.MethodTiles
	MethodBoard        = locate.MethodBoard
	MethodBoardFrame   = locate.MethodBoardFrame
	MethodBoardUnion   = locate.MethodBoardUnion
)

// Evidence is what the locator had when it accepted the grid
// (internal/locate/method.go says what each field measures).
type Evidence = locate.Evidence

// ErrNoGrid is returned when an image holds nothing that looks like a puzzle grid.
var ErrNoGrid = locate.ErrNoGrid

// LocateGrid finds the grid's outer corners (TL, TR, BR, BL) in img's pixels.
//
// It is the live preview's locator and trades some reach for speed
// (locate.Preview). Read finds more.
func LocateGrid(img gocv.Mat) ([4][2]float64, error) { return locate.Preview(img) }
