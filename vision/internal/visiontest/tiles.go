package visiontest

import (
	"image"
	"image/color"
	"math/rand"

	"gocv.io/x/gocv"
)

// HueTiles draws an app's board of rows x cols tiles, cs pixels a side,
// that differ from the page around them and the gaps between them in hue
// and hardly in grey, with coloured pieces on some of them and a
// camera's grain, a few levels deep, in every channel (on a noiseless
// board any step at all would be an edge). The caller closes it.
func HueTiles(rows, cols, cs int, page, tile color.RGBA) gocv.Mat {
	w, h := 1000, 900
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(page.B), float64(page.G), float64(page.R), 0), h, w, gocv.MatTypeCV8UC3)
	x0, y0 := (w-cols*cs)/2, (h-rows*cs)/2
	gap := cs / 8
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			x, y := x0+c*cs, y0+r*cs
			gocv.Rectangle(&m, image.Rect(x+gap/2, y+gap/2, x+cs-gap/2, y+cs-gap/2), tile, -1)
			if (r*7+c*3)%5 == 0 {
				piece := color.RGBA{30, 140, 170, 255}
				if (r+c)%2 == 0 {
					piece = color.RGBA{200, 70, 50, 255}
				}
				gocv.Circle(&m, image.Pt(x+cs/2, y+cs/2), cs/4, piece, -1)
			}
		}
	}
	pix, _ := m.DataPtrUint8()
	rng := rand.New(rand.NewSource(3))
	for i, v := range pix {
		pix[i] = uint8(max(0, min(255, int(v)+int(rng.NormFloat64()*3))))
	}
	return m
}
