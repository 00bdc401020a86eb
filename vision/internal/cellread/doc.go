// Package cellread reads the cells of a rectified grid: what each holds,
// in which glyph style, and which are the puzzle's givens.
//
//   - features.go measures what is in a cell (ink, shape, colour) on the
//     Image the rectified grid is cut into, each cell through a window
//     that follows the lines found around it (light lines on a dark
//     theme's board, dark ones elsewhere). Its colours are judged
//     white-balanced to the grid's paper (whitebalance.go); the cell
//     net sees them as rectified.
//   - style.go is where a glyph style is decided: by the cell classifier
//     (net.go, the embedded vision/model/cells.onnx, over the patches of
//     patch.go) and, should it fail to load, by the ink's shapes.
//   - resemble.go tells how alike a style's glyphs are; given.go tells
//     the printed givens from the player's marks, by hand tests and a
//     learned model (given_net.go).
//   - strips.go finds outer rows and columns whose glyphs are another
//     style's (counters printed beside the grid), for vision to read the
//     grid inside them.
//
// It takes the rectified grid (a gocv Mat, through NewImage) and gives
// the Style, the cells' values and confidences, and the givens.
package cellread
