package raster

import (
	"gocv.io/x/gocv"

	"binocle/geom"
)

// Warp resamples src so that dst pixel (x, y) shows src at h(x, y), where
// h maps dst coordinates to src coordinates.
func Warp(src gocv.Mat, h geom.Homography, width, height int) gocv.Mat {
	m := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
	defer m.Close()
	for i, v := range h {
		m.SetDoubleAt(i/3, i%3, v)
	}
	dst := gocv.NewMat()
	gocv.WarpPerspectiveWithParams(src, &dst, m, Pt(width, height), gocv.InterpolationLinear|gocv.WarpInverseMap, gocv.BorderReplicate, ColorBlack)
	return dst
}
