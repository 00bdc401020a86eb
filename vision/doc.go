// Package vision reads a binary logic puzzle from a photo or a screenshot
// and draws a solution back onto it.
//
// Read (read.go) decodes, locates, rectifies, reads the cells and the
// clues, and returns a Reading that names the locator that found the grid
// (method.go). Files are named after the stage they serve, and so are
// their tests:
//
//   - locate*.go find the grid (the ladder below); its thresholds are
//     fields of locating (locate_params.go) and, for the lattice's
//     accept rules, of accept (locate_accept.go).
//   - lines_*.go measure grid lines: lines_evidence.go (along a lattice's
//     segments), lines_follow.go (strip by strip, for big grids) and
//     lines_map.go (the line filter); thresholds in measuring
//     (lines_params.go).
//   - rectify_mesh.go maps a bent page (thresholds in rectifying); read.go
//     warps the grid flat, and evidence.go checks that it stands out from
//     the picture's noise.
//   - cells_*.go read the cells: cells_features.go (what is in a cell),
//     cells_lines.go (the lines in the rectified grid), cells_style.go
//     (where the glyph style is decided and cells labelled).
//   - clues.go and clues_site.go find '=' and '×' on the lines.
//
// Locate climbs a ladder of locators (locate_ladder.go), one rung a file
// (locate_rung_*.go). A rung has a name, a run and an accept rule; the
// rungs are tried in order, the first whose finding passes its rule wins
// and the rungs below it never run. The rungs share the downscaled copies
// they search (locate_copies.go). Read's ladder, in order:
//
//  1. lattice: cells closed off by the grid's lines, in a half-size copy
//     when they close cleanly there, else in the located copy (1000
//     pixels) under each boundary map in turn (locate_blobs.go,
//     locate_lattice.go). Accepted by the first rule of locate_accept.go
//     it passes (sure, lines, dense, populous, many). The lattice is grown
//     or trimmed by the line evidence (locate_adjust.go, locate_follow.go,
//     locate_grow.go, locate_snap.go) and moved half a cell onto its lines
//     when it fell between them (locate_phase.go). Accepted, it is
//     refined: it gives way to the app board it is part of (boardAround:
//     the board, the lattice grown to Tango's frame, or the two joined),
//     or, when incomplete and ending where the light changes, to the
//     bigger grid the copy with the light divided out shows
//     (regrowShadowed).
//  2. board: an app board's coloured cells fitted to a lattice, its extent
//     taken from its tiles or Tango's frame (locate_board.go and the spot,
//     tile and board-extent files). Accepted when the cells fit a lattice
//     and the extent is found.
//  3. outline: the outline of the grid's connected ink, or of a block of
//     coloured tiles, rectified (locate_outline_*.go, locate_tiles.go).
//     Accepted when both axes show periodic lines; of several, the one
//     with the most area and periodicity wins.
//  4. fine: the lattice again at twice the located resolution, only for a
//     picture more than a quarter bigger than the located copy. Accepted
//     only with 100 cells or more, or with nearly every cell closed and
//     lines along most segments (doubtless, locate_accept.go).
//  5. flat: the lattice in the located copy with the light divided out
//     (locate_flatten.go), for light grids under a hard shadow; accepted
//     as the lattice rung's.
//  6. glyphs: the lattice the glyphs lie on, confirmed by the faint lines
//     between them, in the flattened copy (locate_glyphlattice.go).
//     Accepted when those lines show.
//
// LocateGrid, the preview's locator, climbs a ladder of one rung: the
// lattice in an 800-pixel copy, under the two boundary maps that find
// most grids, unrefined.
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
