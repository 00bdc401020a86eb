package vision

import (
	"math"

	"gocv.io/x/gocv"

	"binocle/geom"
)

// homography is the reader's name for geom.Homography, the one projective
// map the reader, the app and the renderer share; the lower-case methods
// keep the reader's many call sites short.
type homography geom.Homography

// homographyFromQuads returns the map taking src[i] to dst[i].
func homographyFromQuads(src, dst [4][2]float64) (homography, bool) {
	h, ok := geom.FromQuads(src, dst)
	return homography(h), ok
}

func (h homography) apply(x, y float64) (float64, float64) { return geom.Homography(h).Apply(x, y) }

func (h homography) inverse() homography { return homography(geom.Homography(h).Inverse()) }

// then returns the map that applies h first and o second.
func (h homography) then(o homography) homography {
	return homography(geom.Homography(h).Then(geom.Homography(o)))
}

func scaling(sx, sy float64) homography { return homography(geom.Scaling(sx, sy)) }

// warp resamples src so that dst pixel (x, y) shows src at h(x, y), where
// h maps dst coordinates to src coordinates.
func warp(src gocv.Mat, h homography, width, height int) gocv.Mat {
	m := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
	defer m.Close()
	for i, v := range h {
		m.SetDoubleAt(i/3, i%3, v)
	}
	dst := gocv.NewMat()
	gocv.WarpPerspectiveWithParams(src, &dst, m, pt(width, height), gocv.InterpolationLinear|gocv.WarpInverseMap, gocv.BorderReplicate, colorBlack)
	return dst
}

func quadArea(q [4][2]float64) float64 { return geom.QuadArea(q) }

// orderCorners sorts four points into TL, TR, BR, BL: around their centre
// by angle, starting from the one nearest the top-left.
func orderCorners(p [4][2]float64) [4][2]float64 {
	cx := (p[0][0] + p[1][0] + p[2][0] + p[3][0]) / 4
	cy := (p[0][1] + p[1][1] + p[2][1] + p[3][1]) / 4
	idx := []int{0, 1, 2, 3}
	ang := func(i int) float64 { return math.Atan2(p[i][1]-cy, p[i][0]-cx) }
	for i := 1; i < 4; i++ {
		for j := i; j > 0 && ang(idx[j]) < ang(idx[j-1]); j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	// Angles increase clockwise on screen (y down). The top-left corner
	// has angle nearest -135 degrees.
	start, best := 0, math.Inf(1)
	for k, i := range idx {
		d := math.Abs(math.Remainder(ang(i)+3*math.Pi/4, 2*math.Pi))
		if d < best {
			best, start = d, k
		}
	}
	var out [4][2]float64
	for k := 0; k < 4; k++ {
		out[k] = p[idx[(start+k)%4]]
	}
	return out
}
