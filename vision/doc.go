// Package vision reads a binary logic puzzle from a photo or a screenshot
// and draws a solution back onto it.
//
// Read (read.go) decodes, locates, rectifies, reads the cells and the
// clues, and returns a Reading that names the locator that found the grid
// (method.go). Files are named after the stage they serve:
//
//   - locate*.go find the grid. locate.go is the ladder: a lattice of
//     closed cells (locate_blobs.go, locate_lattice.go), grown or trimmed
//     by the line evidence (locate_adjust.go, locate_follow.go,
//     locate_grow.go, locate_snap.go); an app board by its coloured cells
//     (locate_board.go and the spot and tile files); the glyphs' lattice
//     when no cell closes (locate_glyphlattice.go); the outline and its
//     periodic lines as the last resort (locate_outline_*.go, locate_tiles.go).
//   - lines_*.go measure grid lines: lines_evidence.go (along a lattice's
//     segments), lines_follow.go (strip by strip, for big grids) and
//     lines_map.go (the line filter).
//   - rectify_mesh.go maps a bent page; read.go warps the grid flat.
//   - cells_*.go read the cells: cells_features.go (what is in a cell),
//     cells_lines.go (the lines in the rectified grid), cells_style.go
//     (where the glyph style is decided and cells labelled).
//   - clues.go and clues_site.go find '=' and '×' on the lines.
//
// The lattice gives the rows, the columns and the projective map to the
// image at once, so no period has to be guessed. DrawOverlay maps a
// solution back into the photo through the reading's homography;
// DrawDebug shows what was found.
//
// Most of the pixel work after decoding and warping is done in Go on small
// byte planes, which keeps the gocv surface (and the Mats to close) small.
// The package never imports fyne: the GUI gets images through ToImage.
package vision
