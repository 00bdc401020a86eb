// Package synth renders binary-logic puzzles as synthetic screenshots and
// phone photos with exact ground truth, so that the image reader in package
// vision can be measured and tuned without hand-labelled pictures.
//
// Every image comes from a Spec, and every Spec is derived from a fixed seed,
// so a suite rendered today is byte-identical to one rendered tomorrow: an
// accuracy change in the report is the reader's doing, not the generator's.
//
// Truth corners are the four corners of the cell area (TL, TR, BR, BL) in
// output-image pixels, with OpenCV's convention that pixel (x, y) has its
// centre at (x, y). For ruled grids the cell area ends on the centre line of
// the outer border; for tiles with gaps it ends half a gap outside the outer
// tiles, so that cells tile the area evenly in both cases.
//
// The tuned suites (Library.Suite) are what the reader was tuned on; their
// specs and pixels are pinned by a golden test. The wild suites
// (Library.WildSuite) draw what the tuned ones never do, from Spec fields
// whose zero value is the tuned look: themes, palettes, ruling, glyph and
// clue variants, chrome, sizes from 4 to 40 and the player's own marks,
// with Truth.Givens telling the printed givens from the marks. To look at
// them: `go run -tags migrated_fynedo ./cmd/visionlab render -o DIR
// wild-clean:40 wild-photos:40`, or, for one board per option,
// `SYNTH_LOOK_DIR=DIR go test -tags migrated_fynedo -run
// TestEveryWildOptionChangesThePicture ./internal/synth`.
package synth
