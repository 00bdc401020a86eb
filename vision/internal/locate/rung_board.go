package locate

import "binocle/vision/internal/raster"

// BoardRung finds an app board by its coloured cells (appBoard), for
// boards whose lines and gaps blur away in a photo. It comes before the
// outline rung: an outline's cell count is a guess from periodicity, a
// board's is counted. Its accept rule is appBoard's: the coloured cells
// fit a lattice, and its extent was found by the board's frame or tiles.
var BoardRung = locator{
	name: "board",
	Run: func(cs *copies) (Sighting, bool) {
		b, _, ok := AppBoard(cs.img)
		return Sighting{C: b, scale: locateScale(cs.img)}, ok
	},
	refine: boardInBox,
}

// boardInBox gives a board found by its coloured glyphs, not by tiles,
// the boxed rung's count where a drawn border holds the same grid: the
// coloured glyphs are only some of a paper grid's (blue print among
// black, shaded givens), and a lattice fitted to them can take a pitch a
// few pixels off and a row more or fewer, where the border and every
// glyph inside it count the cells. A tile board counted its tiles and is
// kept.
func boardInBox(cs *copies, s Sighting) Sighting {
	if s.C.Centres != nil {
		return s
	}
	lc := cs.at(LocateSide)
	// A count one axis took from the other and the box's shape is no
	// better than the board's own.
	box, counted, ok := boxedGlyphsCounted(lc.gray, lc.gray)
	if !ok || !counted || (box.Rows.N == s.C.Rows.N && box.Cols.N == s.C.Cols.N) {
		return s
	}
	// The board was found in a copy of its own, of about the same size.
	f := lc.scale / s.scale
	for i := range box.Quad {
		box.Quad[i][0], box.Quad[i][1] = box.Quad[i][0]*f, box.Quad[i][1]*f
	}
	box.Area *= f * f
	if !sameGrid(box, s.C) {
		if raster.Trace != nil {
			raster.Trace("board %dx%d: box %dx%d elsewhere", s.C.Rows.N, s.C.Cols.N, box.Rows.N, box.Cols.N)
		}
		return s
	}
	// Both fitted the one grid, whose cells have one shape: a box
	// count that changes the cells' height and not their width (or the
	// other way) is one axis miscounted, by the box's few glyphs (a
	// Tango board's suns and moons in four rows of six).
	shape := CellAspect(box) / CellAspect(s.C)
	if raster.Trace != nil {
		raster.Trace("board %dx%d: box %dx%d holds it, cells' aspect %.2f times the board's", s.C.Rows.N, s.C.Cols.N, box.Rows.N, box.Cols.N, shape)
	}
	if shape > maxCellShapeChange || shape < 1/maxCellShapeChange {
		return s
	}
	s.C = box
	return s
}

// sameGrid says whether a box and a board cover one grid: each one's
// middle inside the other, and neither more than maxBoxBoardArea times the
// other's area. A board fitted to a few glyphs can take a band of
// counters beside the grid for rows, or end rows short of the border,
// and still lies across the box; a box elsewhere on the page does not.
func sameGrid(box, board Candidate) bool {
	mid := func(q [4][2]float64) (float64, float64) {
		return (q[0][0] + q[1][0] + q[2][0] + q[3][0]) / 4, (q[0][1] + q[1][1] + q[2][1] + q[3][1]) / 4
	}
	bx, by := mid(box.Quad)
	gx, gy := mid(board.Quad)
	ratio := box.Area / board.Area
	return InsideQuad(box.Quad, gx, gy, 0) && InsideQuad(board.Quad, bx, by, 0) &&
		ratio < maxBoxBoardArea && ratio > 1/maxBoxBoardArea
}

// maxBoxBoardArea bounds how much bigger one of a box and a board on the
// same grid may be than the other: a 7-row grid whose board took six rows
// of counters above it for cells is 1.9 times the box.
const maxBoxBoardArea = 2.5

// maxCellShapeChange is the most the box's count may change the cells'
// height over width against the board's: the boards the box recounts
// right keep it within 4 %, an axis miscounted by one in six cells
// changes it by 10 % or more.
const maxCellShapeChange = 1.08
