// Package vision reads a binary logic puzzle from a photo or a screenshot
// and draws a solution back onto it.
//
// Read finds the grid as a lattice of closed cells (cells.go): every cell
// of a ruled grid and every tile of a tiled one is a region that edges
// close off on all sides, so the regions of one size that sit on one
// projected lattice are the grid. Several boundary maps are tried (Canny
// edges, and dark and bright thin ridges for faint lines and pale gaps),
// first on a half-size copy; the lattice that covers most area with most
// cells wins, chance lattices of text are rejected because their "lines"
// are broken every few pixels, and rows or columns whose cells were not
// closed (a missing outer border, a blurred edge) are added back from the
// line evidence (extend.go). The lattice gives the rows, the columns and
// the projective map to the image at once, so no period has to be
// guessed. When no lattice is found the older outline-and-periodicity
// locator is tried.
//
// The grid is then rectified, the glyph style detected from the shapes
// that occur (an X has ink in its middle but not at the middles of its
// box's sides, a 1 or I is narrow, discs and squares are filled), every
// cell classified with a confidence, and '=' / 'x' clues looked for on
// the lines between cells. DrawOverlay maps a solution back into the
// photo through the reading's homography; DrawDebug shows what was found.
//
// Most of the pixel work after decoding and warping is done in Go on small
// byte planes, which keeps the gocv surface (and the Mats to close) small.
// The package never imports fyne: the GUI gets images through ToImage.
package vision
