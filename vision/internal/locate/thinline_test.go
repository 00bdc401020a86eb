package locate

import (
	"image"
	"image/color"
	"math"
	"testing"

	"gocv.io/x/gocv"
)

// TestThinLineOutlines draws a pale box with big dark discs against its
// inside, as a grid with no inner lines prints its givens, and checks
// that the thin lines' outlines hold the whole box: under a block mean
// the discs pull down, the pale border breaks beside them and its
// outline comes out a corner short.
func TestThinLineOutlines(t *testing.T) {
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(235, 240, 245, 0), 700, 600, gocv.MatTypeCV8UC1)
	defer img.Close()
	box := [4][2]float64{{100, 150}, {500, 150}, {500, 550}, {100, 550}}
	gocv.Rectangle(&img, image.Rect(100, 150, 500, 550), color.RGBA{200, 200, 200, 0}, 2)
	cell := 400.0 / 10
	for _, rc := range [][2]int{{0, 0}, {2, 0}, {3, 0}, {5, 0}, {6, 0}, {8, 0}, {9, 0}, {9, 2}, {9, 3}, {9, 5}, {4, 4}, {6, 7}, {0, 9}, {3, 9}} {
		centre := image.Pt(100+int((float64(rc[1])+0.5)*cell), 150+int((float64(rc[0])+0.5)*cell))
		gocv.Circle(&img, centre, 17, color.RGBA{20, 20, 20, 0}, -1)
	}
	near := func(q [4][2]float64) bool {
		for i := range q {
			if math.Hypot(q[i][0]-box[i][0], q[i][1]-box[i][1]) > 4 {
				return false
			}
		}
		return true
	}
	found := false
	for _, q := range thinLineOutlines(img, fitQuad) {
		found = found || near(q)
	}
	if !found {
		t.Errorf("thin lines' outlines %v, none the box %v", thinLineOutlines(img, fitQuad), box)
	}
}
