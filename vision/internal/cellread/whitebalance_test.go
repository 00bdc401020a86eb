package cellread

import (
	"testing"

	"binocle/vision/internal/raster"
)

// TestWhiteBalanced: a page under warm light is made grey, which gives a
// pale blue glyph on it back its saturation; a grey page and a board of
// coloured tiles edge to edge are left as they are.
func TestWhiteBalanced(t *testing.T) {
	const w, h = 60, 60
	plane := func(paper, glyph [3]uint8, glyphShare float64) raster.BGRPlane {
		p := raster.BGRPlane{W: w, H: h, Pix: make([]uint8, 3*w*h)}
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				c := paper
				if float64(x) < glyphShare*w && y%6 < 3 {
					c = glyph
				}
				copy(p.Pix[3*(y*w+x):], c[:])
			}
		}
		return p
	}
	sat := func(b, g, r uint8) float64 { _, s := hueSat(b, g, r); return s }
	warm := [3]uint8{200, 228, 239} // BGR: cream paper under a lamp
	moon := [3]uint8{156, 118, 86}  // its pale blue moon
	t.Run("warm paper made grey", func(t *testing.T) {
		p := whiteBalanced(plane(warm, moon, 0.2))
		b, g, r := p.At(w-1, h-1)
		if max(b, g, r)-min(b, g, r) > 3 {
			t.Errorf("paper %d,%d,%d after balance, want grey", b, g, r)
		}
		b, g, r = p.At(0, 0)
		if before, after := sat(moon[0], moon[1], moon[2]), sat(b, g, r); after < before+0.05 {
			t.Errorf("moon's saturation %.2f after balance, %.2f before: want it clearly higher", after, before)
		}
	})
	for _, tc := range []struct {
		name         string
		paper, glyph [3]uint8
		share        float64
	}{
		{"grey paper left alone", [3]uint8{230, 230, 231}, moon, 0.2},
		{"coloured tiles left alone", [3]uint8{40, 140, 240}, [3]uint8{230, 140, 60}, 0.5},
		{"dark blue theme left alone", [3]uint8{120, 60, 40}, [3]uint8{240, 240, 240}, 0.2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := plane(tc.paper, tc.glyph, tc.share)
			if q := whiteBalanced(p); &q.Pix[0] != &p.Pix[0] {
				t.Errorf("balanced; want the plane as it was")
			}
		})
	}
}
