// Package windowtest drives the built binocle binary in a real window on
// a virtual X display, the way a person does: xdotool types, clicks and
// resizes, ImageMagick's import takes screenshots, and the test reads the
// app's trace (BINOCLE_TRACE) to know when a step is done and where its
// controls are.
//
// The headless fyne/test driver never showed a file dialog, so the crash
// of every Open and Export reached users first; this suite is what would
// have caught it. It runs from `make gui-window` (part of `make test`),
// which passes the binary:
//
//	go test ./gui/internal/windowtest -binary ./binocle [-shots DIR]
//
// Without -binary, or without Xvfb, xdotool and import, it skips.
package windowtest
