package store

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"testing"

	"binocle/vision/exif"
)

// TestThumbnailHonoursOrientation stores a landscape JPEG tagged as a
// phone's portrait photo (orientation 6) and checks that the thumbnail
// is portrait, with the red corner the camera saw at the top left there.
func TestThumbnailHonoursOrientation(t *testing.T) {
	const w, h = 400, 200
	stored := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{255, 255, 255, 255}
			// Orientation 6: the seen top-left corner is the stored bottom-left.
			if x < w/5 && y >= h-h/5 {
				c = color.RGBA{255, 0, 0, 255}
			}
			stored.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, stored, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	photo, err := exif.WithOrientation(buf.Bytes(), 6)
	if err != nil {
		t.Fatal(err)
	}
	thumb := thumbnail(photo)
	if thumb == nil {
		t.Fatal("no thumbnail")
	}
	img, err := jpeg.Decode(bytes.NewReader(thumb))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if b.Dx() != ThumbnailSize*h/w || b.Dy() != ThumbnailSize {
		t.Fatalf("thumbnail %dx%d, want portrait %dx%d", b.Dx(), b.Dy(), ThumbnailSize*h/w, ThumbnailSize)
	}
	red := func(x, y int) bool {
		r, g, bl, _ := img.At(x, y).RGBA()
		return r>>8 > 180 && g>>8 < 90 && bl>>8 < 90
	}
	if !red(2, 2) {
		t.Errorf("top-left of the thumbnail is not the red corner: %v", img.At(2, 2))
	}
	if red(b.Dx()-3, b.Dy()-3) || red(b.Dx()-3, 2) || red(2, b.Dy()-3) {
		t.Error("red found in another corner: the thumbnail is turned the wrong way")
	}
}
