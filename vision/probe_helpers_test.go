package vision

import (
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
