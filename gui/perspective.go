package gui

import (
	"errors"
	"math"
)

// perspective is a row-major 3×3 projective map. The photo view builds one
// from the grid's four corners, so that a tap on the photo maps back to a
// cell even when the reading carries no homography (history entries keep
// only the corners).
type perspective [9]float64

func (h perspective) apply(x, y float64) (float64, float64) {
	w := h[6]*x + h[7]*y + h[8]
	return (h[0]*x + h[1]*y + h[2]) / w, (h[3]*x + h[4]*y + h[5]) / w
}

func (h perspective) inverse() (perspective, error) {
	a, b, c := h[0], h[1], h[2]
	d, e, f := h[3], h[4], h[5]
	g, k, l := h[6], h[7], h[8]
	det := a*(e*l-f*k) - b*(d*l-f*g) + c*(d*k-e*g)
	if math.Abs(det) < 1e-12 {
		return perspective{}, errors.New("the grid's corners are degenerate")
	}
	return perspective{
		(e*l - f*k) / det, (c*k - b*l) / det, (b*f - c*e) / det,
		(f*g - d*l) / det, (a*l - c*g) / det, (c*d - a*f) / det,
		(d*k - e*g) / det, (b*g - a*k) / det, (a*e - b*d) / det,
	}, nil
}

// gridToImage maps grid coordinates (x = column, y = row, both running
// 0..cols and 0..rows across the grid) to image pixels, given the grid's
// corners TL, TR, BR, BL in the image.
func gridToImage(corners [4][2]float64, rows, cols int) (perspective, error) {
	src := [4][2]float64{{0, 0}, {float64(cols), 0}, {float64(cols), float64(rows)}, {0, float64(rows)}}
	// Eight equations in the eight unknowns h0..h7 (h8 = 1): for each
	// pair, x' = (h0 x + h1 y + h2)/(h6 x + h7 y + 1) and likewise y'.
	var m [8][9]float64
	for i := 0; i < 4; i++ {
		x, y := src[i][0], src[i][1]
		u, v := corners[i][0], corners[i][1]
		m[2*i] = [9]float64{x, y, 1, 0, 0, 0, -u * x, -u * y, u}
		m[2*i+1] = [9]float64{0, 0, 0, x, y, 1, -v * x, -v * y, v}
	}
	for col := 0; col < 8; col++ {
		pivot := col
		for r := col + 1; r < 8; r++ {
			if math.Abs(m[r][col]) > math.Abs(m[pivot][col]) {
				pivot = r
			}
		}
		if math.Abs(m[pivot][col]) < 1e-12 {
			return perspective{}, errors.New("the grid's corners are degenerate")
		}
		m[col], m[pivot] = m[pivot], m[col]
		for r := 0; r < 8; r++ {
			if r == col {
				continue
			}
			f := m[r][col] / m[col][col]
			for k := col; k < 9; k++ {
				m[r][k] -= f * m[col][k]
			}
		}
	}
	var h perspective
	for i := 0; i < 8; i++ {
		h[i] = m[i][8] / m[i][i]
	}
	h[8] = 1
	return h, nil
}
