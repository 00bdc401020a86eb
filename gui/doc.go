// Package gui is Binocle's desktop window, built with Fyne: import a photo
// or enter a grid by hand, correct what was read, solve, see the answer
// drawn back onto the photo, and browse the history of past solves.
//
// The window only orchestrates: validation and solving are calls into
// package solver, reading photos and drawing overlays into package vision,
// and the history into package store. What lives here is presentation:
// the grid editor (glyphs in the puzzle's own style, selection, undo), the
// photo view (mapping a tap on the photo to a cell through the grid's
// perspective), the sidebar, and the plumbing that keeps slow work off the
// UI goroutine and brings results back through fyne.Do.
package gui
