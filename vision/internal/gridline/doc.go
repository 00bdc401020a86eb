// Package gridline is where a grid's lines are measured, every way the
// reader measures them:
//
//   - Measure (evidence.go) rectifies the picture along a lattice and
//     tells, segment by segment, where its lines show; Evidence answers
//     the locator's questions (do the lines run on past a side, end at
//     it, how much of the lattice they support).
//   - DarkPlane, GrowStrip and CrossRidges (follow.go) follow a big
//     grid's lines strip by strip, bending with the page.
//   - FaintLineMap (map.go) is the line filter the lattice locator closes
//     cells with.
//   - FindCellLines (cells.go) finds the lines inside the rectified grid,
//     so that the cell reader can leave them out of the glyphs.
//
// It takes gocv Mats, byte planes and a Lattice (rows, columns and the
// map into the picture) and gives measurements; deciding what they mean
// for a grid is the locator's. Its thresholds are Measuring's fields
// (params.go).
package gridline
