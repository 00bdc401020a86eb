// Package vision reads a binary logic puzzle from a photo or a screenshot
// and draws a solution back onto it.
//
// Read finds the grid's outer quadrilateral, rectifies it, counts rows and
// columns from the periodicity of its lines or tiles, detects the glyph
// style from the cells' colour and shape statistics, classifies every cell
// with a confidence, and looks for '=' / 'x' clues on the lines between
// cells. DrawOverlay maps a solution back into the photo through the
// reading's homography; DrawDebug shows what was found.
//
// Most of the pixel work after decoding and warping is done in Go on small
// byte planes, which keeps the gocv surface (and the Mats to close) small.
// The package never imports fyne: the GUI gets images through ToImage.
package vision
