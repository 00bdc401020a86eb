package vision

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"testing"

	"gocv.io/x/gocv"

	"binocle/vision/internal/synth"
)

// decodeFile reads and decodes an image as ReadFile does, for the offline
// probes; the Mat is closed when the test ends.
func decodeFile(t testing.TB, path string) *decodedImage {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := decodeImage(data, readSide)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.mat.Close() })
	return d
}

// locatedGray is the gray located copy of a decoded image that the
// locator searches; it is closed when the test ends.
func locatedGray(t testing.TB, d *decodedImage) gocv.Mat {
	small, _ := downscale(d.mat, locateSide)
	defer small.Close()
	gray := toGray(small)
	t.Cleanup(func() { gray.Close() })
	return gray
}

// renderSpec renders a synthetic picture and loads it as LoadBytes does;
// the caller closes the Mat.
func renderSpec(t testing.TB, s synth.Spec) gocv.Mat {
	t.Helper()
	sample, err := synth.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	m, err := LoadBytes(sample.Data)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// readSpec renders a synthetic picture and reads it.
func readSpec(t testing.TB, s synth.Spec) (*Reading, error) {
	t.Helper()
	m := renderSpec(t, s)
	defer m.Close()
	return Read(m)
}

// writeEvidencePNG draws a lattice's line evidence to out: vertical line
// pixels red, horizontal ones green, the extend grid in blue.
func writeEvidencePNG(t *testing.T, ev lineEvidence, out string) {
	img := image.NewRGBA(image.Rect(0, 0, ev.w, ev.h))
	for y := 0; y < ev.h; y++ {
		for x := 0; x < ev.w; x++ {
			c := color.RGBA{255, 255, 255, 255}
			if ev.vr[y*ev.w+x] {
				c.G, c.B = 0, 0
			}
			if ev.hr[y*ev.w+x] {
				c.R = 0
				c.B = 0
			}
			if x%extendPx == 0 || y%extendPx == 0 {
				c.B = 128
			}
			img.Set(x, y, c)
		}
	}
	fo, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer fo.Close()
	if err := png.Encode(fo, img); err != nil {
		t.Fatal(err)
	}
}
