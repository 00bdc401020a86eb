package vision_test

import (
	"testing"

	"binocle/vision"

	"gocv.io/x/gocv"
)

// BenchmarkReadWichtPhoto reads real phone photos (640x480 to 1280x960),
// decoded beforehand: the reader's own cost on camera images.
func BenchmarkReadWichtPhoto(b *testing.B) {
	paths := wichtPhotos(b, 20)
	var imgs []gocv.Mat
	for _, p := range paths {
		img, err := vision.LoadFile(p)
		if err != nil {
			img.Close()
			b.Fatal(err)
		}
		defer img.Close()
		imgs = append(imgs, img)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		vision.Read(imgs[i%len(imgs)])
	}
}
