package vision

import (
	"os"
	"path/filepath"
	"testing"

	"gocv.io/x/gocv"

	"binocle/vision/internal/locate"
	"binocle/vision/internal/raster"
)

// benchJPEG renders a fixture, scales it to width x height and stores it
// as a JPEG, so that the read benchmarks include decoding.
func benchJPEG(b *testing.B, f fixture, width, height int) string {
	b.Helper()
	img, _ := f.render()
	defer img.Close()
	big := gocv.NewMat()
	defer big.Close()
	gocv.Resize(img, &big, raster.Pt(width, height), 0, 0, gocv.InterpolationLinear)
	buf, err := gocv.IMEncode(gocv.JPEGFileExt, big)
	if err != nil {
		b.Fatal(err)
	}
	defer buf.Close()
	path := filepath.Join(b.TempDir(), "bench.jpg")
	if err := os.WriteFile(path, buf.GetBytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}

func BenchmarkRead12MP(b *testing.B) {
	path := benchJPEG(b, fixtures[1], 4000, 3000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ReadFile(path); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadScreenshot(b *testing.B) {
	path := benchJPEG(b, fixtures[0], 1000, 1000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ReadFile(path); err != nil {
			b.Fatal(err)
		}
	}
}

// The two benchmarks above read fixtures whose givens are no published
// puzzle: they have not exactly one solution, so since the rules pick the
// rung and the decode (read.go) each read climbs the whole ladder and,
// for the 12 MP photo, decodes the file twice. A published puzzle read
// right stops at its first rung; these two read one
// (binarypuzzle.com's 6x6 L1 000, printed on a page with text).

func BenchmarkReadPublished12MP(b *testing.B) {
	benchReadPublished(b, 4000, 3000)
}

func BenchmarkReadPublishedScreenshot(b *testing.B) {
	benchReadPublished(b, 1000, 1000)
}

func benchReadPublished(b *testing.B, width, height int) {
	path := benchJPEG(b, fixtures[9], width, height)
	if r, err := ReadFile(path); err != nil || !r.solvesAsPrinted() {
		b.Fatalf("the published fixture is not read with one solution (%v)", err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ReadFile(path); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLocate720p(b *testing.B) {
	img, _ := fixtures[1].render()
	defer img.Close()
	frame := gocv.NewMat()
	defer frame.Close()
	gocv.Resize(img, &frame, raster.Pt(1280, 720), 0, 0, gocv.InterpolationLinear)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := locate.Preview(frame); err != nil {
			b.Fatal(err)
		}
	}
}
