package clueread

import (
	"testing"

	"binocle/vision/internal/raster"
)

// TestGreyAtReadsWhatGreyReads checks the ink test's whole-pixel reads
// against the interpolating ones, at every offset about sites in the
// middle, at the edges (where grey clamps) and off whole pixels.
func TestGreyAtReadsWhatGreyReads(t *testing.T) {
	const w, h = 23, 17
	pix := make([]uint8, w*h)
	for i := range pix {
		pix[i] = uint8((i*37 + i*i*11) % 251)
	}
	sc := &siteCutter{ci: SiteImage{gray: raster.Plane{W: w, H: h, Pix: pix}}}
	for _, tc := range []struct {
		name   string
		cx, cy float64
	}{
		{"middle", 11, 8},
		{"top left corner", 0, 0},
		{"bottom right corner", w - 1, h - 1},
		{"off whole pixels", 10.5, 7.25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, vertical := range []bool{true, false} {
				for v := -6; v <= 6; v++ {
					for u := -6; u <= 6; u++ {
						want := sc.grey(tc.cx, tc.cy, float64(u), float64(v), vertical)
						if got := sc.greyAt(tc.cx, tc.cy, u, v, vertical); got != want {
							t.Fatalf("vertical %v, (%d, %d): %v, grey reads %v", vertical, u, v, got, want)
						}
					}
				}
			}
		})
	}
}
