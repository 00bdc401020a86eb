package gui

import (
	"errors"
	"math"

	"binocle/geom"
)

// perspective is a row-major 3×3 projective map. The photo view builds one
// from the grid's four corners, so that a tap on the photo maps back to a
// cell even when the reading carries no homography (history entries keep
// only the corners).
type perspective [9]float64

func (h perspective) apply(x, y float64) (float64, float64) { return geom.Homography(h).Apply(x, y) }

func (h perspective) inverse() (perspective, error) {
	if math.Abs(geom.Homography(h).Det()) < 1e-12 {
		return perspective{}, errors.New("the grid's corners are degenerate")
	}
	return perspective(geom.Homography(h).Inverse()), nil
}

// gridToImage maps grid coordinates (x = column, y = row, both running
// 0..cols and 0..rows across the grid) to image pixels, given the grid's
// corners TL, TR, BR, BL in the image.
func gridToImage(corners [4][2]float64, rows, cols int) (perspective, error) {
	src := [4][2]float64{{0, 0}, {float64(cols), 0}, {float64(cols), float64(rows)}, {0, float64(rows)}}
	h, ok := geom.FromQuads(src, corners)
	if !ok {
		return perspective{}, errors.New("the grid's corners are degenerate")
	}
	return perspective(h), nil
}
