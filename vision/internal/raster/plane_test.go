package raster

import (
	"testing"

	"gocv.io/x/gocv"
)

// TestDarkestChannel checks that ink of any hue is dark in the darkest
// channel while paper stays light, and that a gray picture is kept.
func TestDarkestChannel(t *testing.T) {
	for _, tc := range []struct {
		name    string
		bgr     [3]float64
		gray    bool
		darkest uint8
	}{
		{"white paper", [3]float64{245, 245, 245}, false, 245},
		{"newsprint", [3]float64{200, 228, 235}, false, 200},
		{"orange piece", [3]float64{40, 170, 250}, false, 40},
		{"blue pen", [3]float64{190, 60, 30}, false, 30},
		{"gray picture", [3]float64{120, 0, 0}, true, 120},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var m gocv.Mat
			if tc.gray {
				m = gocv.NewMatWithSizeFromScalar(gocv.NewScalar(tc.bgr[0], 0, 0, 0), 4, 5, gocv.MatTypeCV8U)
			} else {
				m = gocv.NewMatWithSizeFromScalar(gocv.NewScalar(tc.bgr[0], tc.bgr[1], tc.bgr[2], 0), 4, 5, gocv.MatTypeCV8UC3)
			}
			defer m.Close()
			d := DarkestChannel(m)
			defer d.Close()
			if d.Channels() != 1 || d.Rows() != 4 || d.Cols() != 5 {
				t.Fatalf("got %dx%d with %d channels, want 4x5 gray", d.Rows(), d.Cols(), d.Channels())
			}
			if got := d.GetUCharAt(2, 3); got != tc.darkest {
				t.Errorf("darkest %d, want %d", got, tc.darkest)
			}
		})
	}
}
