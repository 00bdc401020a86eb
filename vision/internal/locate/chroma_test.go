package locate

import (
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"
)

// TestChromaPlanesOfNeutralPictures: a picture with no hue has no colour
// planes to search, however its grey varies and however its JPEG
// rounded its channels apart; a board whose tiles differ from the page
// by a few levels of hue alone has both.
func TestChromaPlanesOfNeutralPictures(t *testing.T) {
	for _, tc := range []struct {
		name   string
		page   color.RGBA
		tile   color.RGBA
		planes int
	}{
		{"grey page, black ink", color.RGBA{240, 240, 240, 255}, color.RGBA{20, 20, 20, 255}, 0},
		{"grey page, channels a level apart", color.RGBA{241, 240, 240, 255}, color.RGBA{60, 61, 60, 255}, 0},
		{"grey page, pale pink tiles", color.RGBA{236, 236, 236, 255}, color.RGBA{242, 232, 234, 255}, 2},
		{"cream page, grey tiles", color.RGBA{245, 240, 225, 255}, color.RGBA{200, 200, 200, 255}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(tc.page.B), float64(tc.page.G), float64(tc.page.R), 0), 300, 400, gocv.MatTypeCV8UC3)
			defer m.Close()
			for r := 0; r < 4; r++ {
				for c := 0; c < 4; c++ {
					x, y := 100+c*50, 50+r*50
					gocv.Rectangle(&m, image.Rect(x, y, x+44, y+44), tc.tile, -1)
				}
			}
			planes := chromaPlanes(m)
			for _, p := range planes {
				p.Close()
			}
			if len(planes) != tc.planes {
				t.Fatalf("%d colour planes, want %d", len(planes), tc.planes)
			}
		})
	}
}
