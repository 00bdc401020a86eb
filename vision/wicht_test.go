package vision_test

import (
	"path/filepath"
	"testing"

	"binocle/vision"
	"binocle/vision/lab"

	"gocv.io/x/gocv"
)

// BenchmarkReadWichtPhoto reads real phone photos (640x480 to 1280x960),
// decoded beforehand: the reader's own cost on camera images.
func BenchmarkReadWichtPhoto(b *testing.B) {
	benchReadDecoded(b, wichtPhotos(b, 20))
}

// benchReadDecoded decodes paths, then times reading them in turn.
func benchReadDecoded(b *testing.B, paths []string) {
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

// BenchmarkReadTangoScreenshots reads the real LinkedIn Tango
// screenshots of ../shared/screens whose clues the reader must find
// (santipvz-sample*, 6 boards), decoded beforehand.
func BenchmarkReadTangoScreenshots(b *testing.B) {
	env := labEnv(b)
	s, err := lab.FindSuite("screens")
	if err != nil {
		b.Fatal(err)
	}
	paths, err := filepath.Glob(filepath.Join(env.Dir(s), "santipvz-sample*.png"))
	if err != nil || len(paths) == 0 {
		b.Skipf("skipping: no Tango screenshots in %s (%v)", env.Dir(s), err)
	}
	benchReadDecoded(b, paths)
}
