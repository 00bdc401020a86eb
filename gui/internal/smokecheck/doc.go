// Command smokecheck tells whether a screenshot of the Binocle window shows
// a solved photo: it counts the pixels drawn in the overlay's colour, the
// green that package vision paints the solver's symbols in, blended over
// paper. The window's own greens (the success icon and text) are far
// brighter and bluer-free, so they do not count.
//
//	smokecheck [-min N] screenshot.png
//
// It exits 0 when at least N overlay pixels are found, 1 when not, and 2
// when the file cannot be read.
package main
