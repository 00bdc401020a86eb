package geom

import "math"

// Homography is a row-major 3×3 projective map.
type Homography [9]float64

// Identity maps every point to itself.
var Identity = Homography{1, 0, 0, 0, 1, 0, 0, 0, 1}

// Scaling scales x by sx and y by sy.
func Scaling(sx, sy float64) Homography { return Homography{sx, 0, 0, 0, sy, 0, 0, 0, 1} }

// Translation shifts by (dx, dy).
func Translation(dx, dy float64) Homography { return Homography{1, 0, dx, 0, 1, dy, 0, 0, 1} }

// FromQuads returns the map taking src[i] to dst[i], or false when the
// points are degenerate (three on a line). It solves the 8×8 system
// directly, with h[8] = 1.
func FromQuads(src, dst [4][2]float64) (Homography, bool) {
	var a [8][9]float64
	for i := 0; i < 4; i++ {
		x, y, u, v := src[i][0], src[i][1], dst[i][0], dst[i][1]
		a[2*i] = [9]float64{x, y, 1, 0, 0, 0, -u * x, -u * y, u}
		a[2*i+1] = [9]float64{0, 0, 0, x, y, 1, -v * x, -v * y, v}
	}
	x, ok := Solve8(a)
	if !ok {
		return Homography{}, false
	}
	return Homography{x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], 1}, true
}

// Solve8 solves an augmented 8×9 system by Gauss-Jordan elimination with
// partial pivoting; false when a pivot is below 1e-12 (singular).
func Solve8(a [8][9]float64) ([8]float64, bool) {
	var x [8]float64
	for col := 0; col < 8; col++ {
		pivot := col
		for r := col + 1; r < 8; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[pivot][col]) {
				pivot = r
			}
		}
		if math.Abs(a[pivot][col]) < 1e-12 {
			return x, false
		}
		a[col], a[pivot] = a[pivot], a[col]
		for r := 0; r < 8; r++ {
			if r == col {
				continue
			}
			f := a[r][col] / a[col][col]
			for k := col; k < 9; k++ {
				a[r][k] -= f * a[col][k]
			}
		}
	}
	for i := range x {
		x[i] = a[i][8] / a[i][i]
	}
	return x, true
}

// Apply maps the point (x, y). A point the map sends to infinity comes out
// very far away rather than as NaN, so that callers comparing distances
// simply reject it.
func (h Homography) Apply(x, y float64) (float64, float64) {
	w := h[6]*x + h[7]*y + h[8]
	if w == 0 {
		w = 1e-12
	}
	return (h[0]*x + h[1]*y + h[2]) / w, (h[3]*x + h[4]*y + h[5]) / w
}

// Det is the determinant; near zero means the map collapses the plane.
func (h Homography) Det() float64 {
	a, b, c, d, e, f, g, k, l := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]
	return a*(e*l-f*k) - b*(d*l-f*g) + c*(d*k-e*g)
}

// Inverse is the inverse map. A singular map (Det 0) is returned as it
// is: callers that can meet one check Det first.
func (h Homography) Inverse() Homography {
	a, b, c, d, e, f, g, k, l := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]
	det := h.Det()
	if det == 0 {
		return h
	}
	inv := Homography{
		e*l - f*k, c*k - b*l, b*f - c*e,
		f*g - d*l, a*l - c*g, c*d - a*f,
		d*k - e*g, b*g - a*k, a*e - b*d,
	}
	for i := range inv {
		inv[i] /= det
	}
	return inv
}

// Mul is the matrix product h·o: the map that applies o first, then h.
func (h Homography) Mul(o Homography) Homography {
	var r Homography
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				r[3*i+j] += h[3*i+k] * o[3*k+j]
			}
		}
	}
	return r
}

// Then is the map that applies h first and o second (o·h).
func (h Homography) Then(o Homography) Homography { return o.Mul(h) }

// CellSide is the side of one of a rows×cols grid's cells spread over q,
// on average: the square root of q's area over the cells.
func CellSide(q [4][2]float64, rows, cols int) float64 {
	return math.Sqrt(QuadArea(q) / float64(max(1, rows*cols)))
}

// QuadArea is the shoelace area of a quadrilateral.
func QuadArea(q [4][2]float64) float64 {
	s := 0.0
	for i := 0; i < 4; i++ {
		j := (i + 1) % 4
		s += q[i][0]*q[j][1] - q[j][0]*q[i][1]
	}
	return math.Abs(s) / 2
}
