// Package locate finds the puzzle grid in a picture: its rows, columns
// and the quadrilateral it fills, as a Candidate, with the Method that
// found it and the Evidence it had.
//
// Find climbs a ladder of locators (ladder.go), one rung a file
// (rung_*.go): lattice, board, outline, fine, flat, glyphs, boxed, bare,
// bare inverted, colour boxed. A rung has a name, a run and an accept
// rule; the rungs are tried in order, the first whose finding passes its
// rule (and, in FindWhere, shows the reader a grid) wins and the rungs
// below it never run. FindLastWhere climbs a second ladder, closed
// glyphs, chroma, the three sparse rungs and the two loose ones, for a
// picture the first found no grid in at any decode, or none the rules
// take. A Search climbs both on one picture; its rungs share the
// downscaled copies they search (copies.go). Preview is the live
// preview's ladder of one rung.
//
// The lattice rung closes the grid's cells in a boundary map (blobs.go),
// fits them to a lattice (lattice.go, latticewalk.go), accepts it by the
// rules of accept.go, then grows or trims it by the line evidence
// (adjust.go, follow.go, grow.go, snap.go, bent.go) and moves it half a
// cell onto its lines when it fell between them (phase.go). The board
// rung fits an app board's coloured cells (board.go, spots.go, tile*.go),
// and where those are glyphs, not tiles, inside a drawn box, takes the
// box's count of all its glyphs instead (rung_board.go);
// the outline rung checks the outline of the grid's ink for periodic
// lines (outline_*.go, tiles.go); the glyphs rung fits the glyphs to a
// lattice (glyphlattice.go, glyphstrips.go); the boxed rung counts the
// cells of a border with no lines inside by the glyphs at their middles
// (rung_boxed.go; a border of two sides meeting at a corner spans its
// box, boxcorner.go; glyphs a bent page moved off the box's cells fit a
// lattice a little shifted or scaled inside it), and the bare rung
// takes a dense lattice of glyphs with no line or border at all, bounded
// by the glyphs and straightened when the page is bent, in the grey and,
// for a dark theme's light glyphs, in the inverted grey (rung_bare.go).
// The closed glyphs rung takes the lattice of the regions a grid's own
// glyphs close, where it shows no lines but is too populous and tight
// for text (rung_closedglyphs.go); the chroma rung looks for the
// lattice in the two colour planes, for tiles told from their page by
// hue alone (rung_chroma.go); the sparse rungs take the bare rung's
// lattice on a dozen glyphs (in the grey, the inverted grey and the
// darkest channel), marked ByRules: the reader keeps it only
// where its reading has a published size and exactly one solution
// (rung_bare.go); last, the loose-lattice rungs take the closed cells'
// lattice in the flattened grey and in the colour planes with its
// bounds lowered and no line asked of it (a grid whose lines a photo
// washed out), ByRules too (rung_loose.go). The colour boxed rung counts a box's
// cells again by glyphs seen in each pixel's darkest channel, last of
// the first ladder. The boxes are the outlines of the ink and, for a pale
// border a dark glyph broke under the ink's block mean, of the thin
// lines alone (thinLineOutlines).
//
// Whatever rung wins, its finding is then cut at the strips a ruled
// grid's lines do not cross (two printed grids closed into one lattice,
// split.go) and grown onto the border line one cell beyond an edge that
// shows none, where the strip between holds glyphs (a lineless grid whose
// glyphs along a partial border joined it, border.go).
//
// Lines are measured by gridline, bent pages straightened by rectify;
// locate decides what those measurements mean. Its thresholds are the
// fields of Locating (params.go) and, for the lattice's accept rules,
// of accept (accept.go).
package locate
