// Package geom is the plane geometry the reader, the app and the synthetic
// renderer share: the 3×3 projective map (homography) between a grid's own
// coordinates and an image's pixels, fitted from four corners. It is plain
// Go, with neither gocv nor fyne, so that every side of the program can
// map points the same way.
package geom
