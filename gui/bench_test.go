package gui

import (
	"bytes"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"

	xdraw "golang.org/x/image/draw"

	"binocle/solver"
	"binocle/vision"
)

// photo12MP writes the fixture scaled up to 4000×3000, the size of a
// phone photo, so that the import path can be timed at its real cost.
func photo12MP(b *testing.B) (string, []byte) {
	b.Helper()
	f, err := os.Open(fixturePhoto)
	if err != nil {
		b.Skipf("fixture photo missing: %v", err)
	}
	src, err := jpeg.Decode(f)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	big := image.NewRGBA(image.Rect(0, 0, 4000, 3000))
	xdraw.CatmullRom.Scale(big, big.Bounds(), src, src.Bounds(), xdraw.Src, nil)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, big, &jpeg.Options{Quality: 92}); err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "photo12mp.jpg")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	return path, buf.Bytes()
}

// BenchmarkImport12MP times each step between choosing a 12-megapixel
// photo and having its overlay ready for the screen, and the whole path as
// readPhoto runs it (decode and read side by side).
func BenchmarkImport12MP(b *testing.B) {
	path, data := photo12MP(b)
	mat, err := vision.LoadBytes(data)
	if err != nil {
		b.Fatal(err)
	}
	defer mat.Close()
	reading, err := vision.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	p, err := reading.Puzzle(solver.ThreeInARow)
	if err != nil {
		b.Fatal(err)
	}
	res := solver.SolveAuto(p)
	if res.Status != solver.Unique {
		b.Fatalf("the scaled fixture solves as %v", res.Status)
	}
	b.Run("decode", func(b *testing.B) {
		for b.Loop() {
			m, _ := vision.LoadBytes(data)
			m.Close()
		}
	})
	b.Run("readfile", func(b *testing.B) {
		for b.Loop() {
			vision.ReadFile(path)
		}
	})
	b.Run("overlay", func(b *testing.B) {
		for b.Loop() {
			m, _ := vision.DrawOverlay(mat, reading, res.Solution)
			m.Close()
		}
	})
	drawn, _ := vision.DrawOverlay(mat, reading, res.Solution)
	defer drawn.Close()
	b.Run("toimage", func(b *testing.B) {
		for b.Loop() {
			vision.ToImage(drawn)
		}
	})
	full, _ := vision.ToImage(drawn)
	b.Run("fit", func(b *testing.B) {
		for b.Loop() {
			fitForDisplay(full)
		}
	})
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			// The same steps readPhoto takes before the window shows the overlay.
			var r *vision.Reading
			done := make(chan struct{})
			go func() { defer close(done); r, _ = vision.ReadFile(path) }()
			m, _ := vision.LoadBytes(data)
			<-done
			q, _ := r.Puzzle(solver.ThreeInARow)
			out := solveWithImage(q, true, m, r)
			m.Close()
			if out.overlay == nil {
				b.Fatal("no overlay")
			}
		}
	})
}
