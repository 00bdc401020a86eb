// Package raster holds the pixel helpers every stage of the reader shares:
// byte planes copied out of gocv Mats (Plane, BGRPlane), the conversions
// to grey and BGR, connected components, percentiles, and Warp, which
// resamples a picture through a geom.Homography.
//
// It exists so that the stages (lines, locate, rectify, cells, clues) can
// sit in packages of their own without importing one another for a
// clamp or a Mat conversion. It takes gocv Mats and gives Go-memory
// planes and small values; it knows nothing of grids.
package raster
