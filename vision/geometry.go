package vision

import (
	"math"

	"gocv.io/x/gocv"
)

// homography is a row-major 3x3 projective map.
type homography [9]float64

// homographyFromQuads returns the map taking src[i] to dst[i]. It solves
// the 8x8 system directly so that no Mat is involved.
func homographyFromQuads(src, dst [4][2]float64) (homography, bool) {
	var a [8][9]float64
	for i := 0; i < 4; i++ {
		x, y, u, v := src[i][0], src[i][1], dst[i][0], dst[i][1]
		a[2*i] = [9]float64{x, y, 1, 0, 0, 0, -u * x, -u * y, u}
		a[2*i+1] = [9]float64{0, 0, 0, x, y, 1, -v * x, -v * y, v}
	}
	x, ok := solve8(a)
	if !ok {
		return homography{}, false
	}
	return homography{x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], 1}, true
}

func (h homography) apply(x, y float64) (float64, float64) {
	w := h[6]*x + h[7]*y + h[8]
	if w == 0 {
		w = 1e-12
	}
	return (h[0]*x + h[1]*y + h[2]) / w, (h[3]*x + h[4]*y + h[5]) / w
}

func (h homography) inverse() homography {
	a, b, c, d, e, f, g, k, l := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]
	det := a*(e*l-f*k) - b*(d*l-f*g) + c*(d*k-e*g)
	if det == 0 {
		return h
	}
	inv := homography{
		e*l - f*k, c*k - b*l, b*f - c*e,
		f*g - d*l, a*l - c*g, c*d - a*f,
		d*k - e*g, b*g - a*k, a*e - b*d,
	}
	for i := range inv {
		inv[i] /= det
	}
	return inv
}

// then returns the map that applies h first and o second.
func (h homography) then(o homography) homography {
	var r homography
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				r[3*i+j] += o[3*i+k] * h[3*k+j]
			}
		}
	}
	return r
}

func scaling(sx, sy float64) homography { return homography{sx, 0, 0, 0, sy, 0, 0, 0, 1} }

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

// quadArea is the shoelace area of a quadrilateral.
func quadArea(q [4][2]float64) float64 {
	s := 0.0
	for i := 0; i < 4; i++ {
		j := (i + 1) % 4
		s += q[i][0]*q[j][1] - q[j][0]*q[i][1]
	}
	return math.Abs(s) / 2
}

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
