package vision

import (
	"os"
	"testing"

	"gocv.io/x/gocv"
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
