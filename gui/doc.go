// Package gui is Binocle's desktop window, built with Fyne: import a photo
// or enter a grid by hand, correct what was read, solve, see the answer
// drawn back onto the photo, and browse the history of past solves.
//
// Beyond solving, it teaches and entertains: Hint and the step-through
// show the step solver's deductions on the grid, the New dialog can ask
// the generator for a puzzle of a chosen grade, play mode keeps time, and
// Export prints a puzzle (or its answer sheet) that the camera reads back.
//
// The window only orchestrates: validation, solving, hints, grading and
// generating are calls into package solver, reading photos, drawing
// overlays and printing into package vision, and the history into package
// store. What lives here is presentation: the grid editor (glyphs in the
// puzzle's own style, selection, undo), the photo view (mapping a tap on the photo to a cell through the grid's
// perspective), the sidebar, and the plumbing that keeps slow work off the
// UI goroutine and brings results back through fyne.Do. What the screen
// shows of a photo is decoded and drawn at display size; only Export works
// at the photo's full resolution.
package gui
