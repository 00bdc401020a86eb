package gui

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"os"
	"path/filepath"
	"testing"

	xdraw "golang.org/x/image/draw"

	"binocle/solver"
	"binocle/vision"
)

// photo12MP writes the fixture scaled up to 4000×3000, the size of a
// phone photo, so that the import path can be timed at its real cost.
func photo12MP(b *testing.B) (string, []byte) { return scaledFixture(b, 4000, 3000) }

// scaledFixture writes the fixture photo scaled to w×h as a JPEG.
func scaledFixture(b testing.TB, w, h int) (string, []byte) {
	b.Helper()
	f, err := os.Open(fixturePhoto)
	if err != nil {
		b.Fatalf("fixture photo missing: %v", err)
	}
	src, err := jpeg.Decode(f)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	big := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(big, big.Bounds(), src, src.Bounds(), xdraw.Src, nil)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, big, &jpeg.Options{Quality: 92}); err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), fmt.Sprintf("photo%dx%d.jpg", w, h))
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	return path, buf.Bytes()
}

// BenchmarkImport12MP times each step between choosing a 12-megapixel
// photo and having its overlay ready for the screen, and the whole path as
// readPhoto runs it (display decode and read side by side, overlay drawn
// on the display copy). The full-resolution steps that only Export takes
// are timed beside them for comparison.
func BenchmarkImport12MP(b *testing.B) {
	path, data := photo12MP(b)
	mat, scale, err := vision.LoadBytesFit(data, displaySide)
	if err != nil {
		b.Fatal(err)
	}
	defer mat.Close()
	reading, err := vision.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	shown := reading.Scaled(scale)
	p, err := reading.Puzzle(solver.ThreeInARow)
	if err != nil {
		b.Fatal(err)
	}
	res := solver.SolveAuto(p)
	if res.Status != solver.Unique {
		b.Fatalf("the scaled fixture solves as %v", res.Status)
	}
	b.Run("decode-display", func(b *testing.B) {
		for b.Loop() {
			m, _, _ := vision.LoadBytesFit(data, displaySide)
			m.Close()
		}
	})
	b.Run("readfile", func(b *testing.B) {
		for b.Loop() {
			vision.ReadFile(path)
		}
	})
	b.Run("overlay-display", func(b *testing.B) {
		for b.Loop() {
			m, _ := vision.DrawOverlay(mat, shown, res.Solution)
			m.Close()
		}
	})
	drawn, _ := vision.DrawOverlay(mat, shown, res.Solution)
	defer drawn.Close()
	b.Run("torgba-display", func(b *testing.B) {
		for b.Loop() {
			vision.ToRGBA(drawn)
		}
	})
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			// The same steps readPhoto takes before the window shows the overlay.
			var r *vision.Reading
			done := make(chan struct{})
			go func() { defer close(done); r, _ = vision.ReadFile(path) }()
			m, f, _ := vision.LoadBytesFit(data, displaySide)
			<-done
			q, _ := r.Puzzle(solver.ThreeInARow)
			out := solveWithImage(context.Background(), q, true, m, r.Scaled(f))
			m.Close()
			if out.overlay == nil {
				b.Fatal("no overlay")
			}
		}
	})
	b.Run("export-full", func(b *testing.B) {
		for b.Loop() {
			if err := encodeExport(nopWriteCloser{io.Discard}, nil, data, reading, p, res.Solution); err != nil {
				b.Fatal(err)
			}
		}
	})
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
