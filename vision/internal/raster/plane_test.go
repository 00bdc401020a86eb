package raster

import (
	"bytes"
	"image"
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

// TestPlaneViewsReadWhatCopiesRead checks that a view of a Mat holds the
// pixels a copy holds, shares the Mat's memory where the Mat's rows are
// contiguous, and is a copy of a region whose rows are not.
func TestPlaneViewsReadWhatCopiesRead(t *testing.T) {
	for _, tc := range []struct {
		name     string
		typ      gocv.MatType
		channels int
		region   bool
	}{
		{"grey", gocv.MatTypeCV8U, 1, false},
		{"colour", gocv.MatTypeCV8UC3, 3, false},
		{"grey region", gocv.MatTypeCV8U, 1, true},
		{"colour region", gocv.MatTypeCV8UC3, 3, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			whole := gocv.NewMatWithSize(9, 13, tc.typ)
			defer whole.Close()
			for y := 0; y < 9; y++ {
				for x := 0; x < 13*tc.channels; x++ {
					whole.SetUCharAt(y, x, uint8(7*y+3*x))
				}
			}
			m := whole
			if tc.region {
				m = whole.Region(image.Rect(2, 1, 10, 7))
				defer m.Close()
			}
			var view, copied []uint8
			if tc.channels == 1 {
				view, copied = PlaneView(m).Pix, PlaneOf(m).Pix
			} else {
				view, copied = BGRPlaneView(m).Pix, BGRPlaneOf(m).Pix
			}
			if !bytes.Equal(view, copied) {
				t.Fatalf("the view holds other pixels than the copy")
			}
			// Written through the Mat, a shared view sees the change.
			m.SetUCharAt(0, 0, view[0]+1)
			if shared := view[0] == m.GetUCharAt(0, 0); shared == tc.region {
				t.Errorf("view shares the Mat's memory: %v, want %v", shared, !tc.region)
			}
		})
	}
}
