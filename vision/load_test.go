package vision

import (
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"

	"binocle/vision/exif"
)

// FuzzJPEGComplete feeds the end-marker scan arbitrary bytes: it must
// never read past the data.
func FuzzJPEGComplete(f *testing.F) {
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 0xFF, 0xD9})
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0, 8, 'E', 'x', 'i', 'f', 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		jpegComplete(data)
	})
}

// TestOrientationApplied checks that the reader's gocv rotation and the
// thumbnails' exif.Upright agree pixel for pixel on every orientation, so
// a photo and its thumbnail in the history never face different ways.
func TestOrientationApplied(t *testing.T) {
	const w, h = 3, 2
	src := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC3)
	defer src.Close()
	stored := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := uint8(40 * (y*w + x + 1)) // every pixel different
			src.SetUCharAt(y, x*3, v)
			stored.Set(x, y, color.RGBA{0, 0, v, 255}) // BGR's first channel is blue
		}
	}
	for o := 1; o <= 8; o++ {
		m := applyOrientation(src, o)
		want := exif.Upright(stored, o)
		b := want.Bounds()
		if m.Cols() != b.Dx() || m.Rows() != b.Dy() {
			t.Errorf("orientation %d: gocv %dx%d, exif %dx%d", o, m.Cols(), m.Rows(), b.Dx(), b.Dy())
			m.Close()
			continue
		}
		for y := 0; y < b.Dy(); y++ {
			for x := 0; x < b.Dx(); x++ {
				_, _, blue, _ := want.At(x, y).RGBA()
				if got := m.GetUCharAt(y, x*3); got != uint8(blue>>8) {
					t.Errorf("orientation %d: pixel (%d,%d) is %d in gocv, %d in exif", o, x, y, got, blue>>8)
				}
			}
		}
		m.Close()
	}
}
