// Package camera takes puzzle photos from a live camera: it lists and opens
// video devices (or a video file standing in for one), runs the capture
// loop that locates the grid in each preview frame with vision.LocateGrid,
// and takes the shot when the grid has held still. It lives beside the
// reader, not in it, so that vision stays the image-to-Reading reader.
package camera
