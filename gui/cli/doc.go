// Package cli is Binocle's command-line face: solve, read, overlay, hint,
// steps, gen and history. Like the window, it only orchestrates the solver,
// vision and store packages; the puzzle logic lives there.
//
// Each command lives in its own file and registers itself in init, so that
// commands can be added without touching a shared table.
package cli
