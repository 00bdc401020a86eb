// Command icon draws Binocle's app icon: a pair of binocular lenses on a
// blue tile, one showing the puzzle's filled square (1) and the other its
// open circle (0). `go generate ./gui` runs it to write gui/icon.png.
package main
