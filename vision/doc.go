// Package vision reads a binary logic puzzle from a photo or a screenshot
// and draws a solution back onto it.
//
// Read, ReadFile and ReadBytes take one path (read.go): decode (load.go)
// → locate → rectify → cells → clues → Reading (reading.go). Each stage
// is a package under internal/, with a doc.go saying what it takes and
// gives:
//
//   - internal/locate finds the grid: a ladder of locators (ladder.go,
//     one rung a file in rung_*.go) tried in order, the first whose
//     finding passes its accept rule winning. It gives a Candidate, the
//     Method that found it and the Evidence it had.
//   - internal/gridline is where grid lines are measured, every way the
//     reader measures them; locate decides what the measures mean.
//   - internal/rectify warps the grid flat, through a bent map when the
//     page is bent. evidence.go here then checks that the grid stands
//     out from the picture's noise.
//   - internal/cellread reads the cells; the glyph style is decided in
//     its style.go, the givens told from the player's marks in given*.go.
//     Outer strips it finds holding another style's glyphs (counters)
//     send read.go back to the grid inside them (Candidate.Inner).
//   - internal/clueread finds '=' and '×' on the lines between cells. It
//     and cellread read the same rectified grid on two goroutines
//     (readCandidate): neither needs the other's results until the
//     givens are checked against the rules.
//   - size_rules.go checks the size by the rules: a grid read at a size
//     no published puzzle has, with not exactly one solution, is read
//     again a line or two larger or smaller, and taken at the one size
//     that has a published size and exactly one solution.
//   - clue_rules.go checks the clues' kinds by the rules: where the
//     net's kinds leave no single solution, the board's clues are split
//     into the looks they are drawn in (clueread.Looks), and the one way
//     of naming each look '=' or '×' that gives exactly one solution is
//     taken. cell_rules.go likewise takes the 0s and 1s as the grid's
//     glyphs they resemble say, where those give the one solution.
//   - internal/raster holds the pixel helpers every stage shares.
//
// The classifiers are embedded by vision/model. Each stage's thresholds
// are the documented fields of one params value (locate.Locating,
// gridline.Measuring, rectify.Rectifying, and the stages' own).
//
// This package keeps the public face: the Reading and its JSON, the
// styles and methods (aliases of the stages' types), the drawings
// (DrawOverlay maps a solution back into the photo through the reading's
// homography; DrawDebug shows what was found), display helpers, and the
// training exports the lab uses (training*.go). LocateGrid is the live
// preview's one-rung ladder.
//
// Most of the pixel work after decoding and warping is done in Go on small
// byte planes, which keeps the gocv surface (and the Mats to close) small.
// The package never imports fyne: the GUI gets images through ToImage.
package vision
