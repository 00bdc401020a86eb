package vision

import (
	"errors"
	"image/color"
	"math"

	"gocv.io/x/gocv"

	"binocle/solver"
)

// wrongColour crosses out a player's wrong entries: red, unlike anything
// the overlay draws.
var wrongColour = color.RGBA{R: 225, G: 30, B: 30, A: 255}

// DrawCrosses crosses out cells of the reading's grid on img, in place
// and in perspective: the player's wrong entries on a half-played photo.
// img is the picture the reading's coordinates are in (or the reading
// scaled to it); points outside the grid are left out.
func DrawCrosses(img *gocv.Mat, r *Reading, cells []solver.Point) error {
	if r == nil || r.Rows <= 0 || r.Cols <= 0 {
		return errors.New("crosses: no grid to draw on")
	}
	if img == nil || img.Empty() {
		return errors.New("crosses: empty image")
	}
	if img.Channels() != 3 {
		return errors.New("crosses: the image is not BGR")
	}
	stroke := max(2, int(math.Round(0.08*r.cellSizeInImage())))
	for _, pt := range cells {
		if pt.Row < 0 || pt.Col < 0 || pt.Row >= r.Rows || pt.Col >= r.Cols {
			continue
		}
		for _, arm := range [2][2][2]float64{{{0.15, 0.15}, {0.85, 0.85}}, {{0.85, 0.15}, {0.15, 0.85}}} {
			line := r.cellPolygon(pt.Row, pt.Col, arm[:])
			gocv.Line(img, line[0], line[1], wrongColour, stroke)
		}
	}
	return nil
}
