// Package printout draws a puzzle ready to print, in any glyph style the
// reader reads, and as the answer sheet. It follows the conventions
// vision.Read expects, so that a photo of the print reads back; it lives
// outside the reader because it writes pictures rather than reading them.
package printout
