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
	benchReadScreens(b, "santipvz-sample*.png")
}

// BenchmarkReadWebScreenshots reads the real binarypuzzle.com renders of
// ../shared/screens (binarypuzzle-*, 40 boards from 6x6 to 14x14, 1200
// px square), decoded beforehand: the published puzzles a user
// screenshots most, each read right.
func BenchmarkReadWebScreenshots(b *testing.B) {
	benchReadScreens(b, "binarypuzzle-*.png")
}

// benchReadScreens times reading the screenshots of ../shared/screens
// whose names match pattern.
func benchReadScreens(b *testing.B, pattern string) {
	env := labEnv(b)
	s, err := lab.FindSuite("screens")
	if err != nil {
		b.Fatal(err)
	}
	paths, err := filepath.Glob(filepath.Join(env.Dir(s), pattern))
	if err != nil || len(paths) == 0 {
		b.Skipf("skipping: no screenshots %s in %s (%v)", pattern, env.Dir(s), err)
	}
	benchReadDecoded(b, paths)
}
