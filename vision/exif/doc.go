// Package exif reads the one EXIF tag Binocle needs, a JPEG's orientation,
// and turns a decoded picture upright by it.
//
// Phones store a portrait photo as landscape pixels plus an orientation
// tag. Both the reader (through gocv) and the history's thumbnails (through
// the standard library) must honour the tag, so it lives here, free of
// gocv, where the store can use it too.
package exif
