package vision_test

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"binocle/internal/synth"
	"binocle/vision"
)

// noGridImage renders one picture without a puzzle grid in it, from seed.
type noGridImage struct {
	kind   string
	render func(t *testing.T, seed uint64) []byte
}

// pixels fills a w x h picture from f(x, y) -> RGB.
func pixels(w, h int, f func(x, y int) color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetRGBA(x, y, f(x, y))
		}
	}
	return img
}

func encoded(t *testing.T, img image.Image, asJPEG bool) []byte {
	t.Helper()
	var b bytes.Buffer
	var err error
	if asJPEG {
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: 90})
	} else {
		err = png.Encode(&b, img)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func grey(v float64) color.RGBA {
	g := uint8(math.Max(0, math.Min(255, v)))
	return color.RGBA{g, g, g, 255}
}

var noGridKinds = []noGridImage{
	{"noise", func(t *testing.T, seed uint64) []byte {
		rng := rand.New(rand.NewPCG(seed, 1))
		return encoded(t, pixels(640, 480, func(int, int) color.RGBA {
			return color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
		}), seed%2 == 0)
	}},
	{"grey noise", func(t *testing.T, seed uint64) []byte {
		rng := rand.New(rand.NewPCG(seed, 2))
		mean, spread := 60+rng.Float64()*130, 10+rng.Float64()*60
		return encoded(t, pixels(800, 600, func(int, int) color.RGBA {
			return grey(mean + spread*rng.NormFloat64())
		}), seed%2 == 1)
	}},
	{"gradient", func(t *testing.T, seed uint64) []byte {
		rng := rand.New(rand.NewPCG(seed, 3))
		angle, lo, hi := rng.Float64()*2*math.Pi, rng.Float64()*120, 135+rng.Float64()*120
		radial := seed%3 == 0
		cx, cy := rng.Float64()*800, rng.Float64()*600
		return encoded(t, pixels(800, 600, func(x, y int) color.RGBA {
			var f float64
			if radial {
				f = math.Hypot(float64(x)-cx, float64(y)-cy) / 1000
			} else {
				f = (float64(x)*math.Cos(angle) + float64(y)*math.Sin(angle) + 1000) / 2000
			}
			return grey(lo + (hi-lo)*f + rng.NormFloat64()*2)
		}), true)
	}},
	{"blobs", func(t *testing.T, seed uint64) []byte {
		rng := rand.New(rand.NewPCG(seed, 4))
		type blob struct {
			x, y, rx, ry float64
			c            color.RGBA
		}
		blobs := make([]blob, 5+rng.IntN(25))
		for i := range blobs {
			blobs[i] = blob{rng.Float64() * 800, rng.Float64() * 600, 10 + rng.Float64()*120, 10 + rng.Float64()*120,
				color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}}
		}
		bg := color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
		return encoded(t, pixels(800, 600, func(x, y int) color.RGBA {
			c := bg
			for _, b := range blobs {
				dx, dy := (float64(x)-b.x)/b.rx, (float64(y)-b.y)/b.ry
				if dx*dx+dy*dy <= 1 {
					c = b.c
				}
			}
			return c
		}), seed%2 == 0)
	}},
	{"text page", func(t *testing.T, seed uint64) []byte {
		data, err := synth.NoGrid(seed, 1280, 960)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}},
}

// noGridSeeds is how many pictures of each kind are read: 5 kinds of 12
// make the 60 the reader must all refuse.
const noGridSeeds = 12

// TestNoInventedGrids reads noise, gradients, blobs and text pages, none
// holding a puzzle: every one must give ErrNoGrid, not a grid.
func TestNoInventedGrids(t *testing.T) {
	dir := t.TempDir()
	found, total := 0, 0
	for _, kind := range noGridKinds {
		for seed := uint64(1); seed <= noGridSeeds; seed++ {
			total++
			data := kind.render(t, seed)
			path := filepath.Join(dir, fmt.Sprintf("%s-%d", kind.kind, seed))
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			r, err := vision.ReadFile(path)
			if err == nil {
				found++
				t.Errorf("%s seed %d: read a %dx%d grid at %v", kind.kind, seed, r.Rows, r.Cols, r.Corners)
				continue
			}
			if !errors.Is(err, vision.ErrNoGrid) {
				t.Errorf("%s seed %d: %v, want %v", kind.kind, seed, err, vision.ErrNoGrid)
			}
		}
	}
	if found > 0 {
		t.Errorf("%d false grids in %d pictures without one", found, total)
	}
}
