package vision

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"binocle/vision/internal/raster"
)

// sortedNoise is pixelNoise as first written, by sorting every response:
// the histogram must give the very same estimate.
func sortedNoise(gray raster.Plane) float64 {
	var resp []float64
	for y := 1; y+1 < gray.H; y += 2 {
		for x := 1; x+1 < gray.W; x += 2 {
			at := func(dx, dy int) float64 { return float64(gray.Pix[(y+dy)*gray.W+x+dx]) }
			l := at(-1, -1) + at(1, -1) + at(-1, 1) + at(1, 1) - 2*(at(0, -1)+at(0, 1)+at(-1, 0)+at(1, 0)) + 4*at(0, 0)
			resp = append(resp, math.Abs(l))
		}
	}
	if len(resp) == 0 {
		return 0
	}
	sort.Float64s(resp)
	return 1.4826 * resp[len(resp)/2] / 6
}

func TestPixelNoiseMatchesItsDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name string
		w, h int
		px   func(x, y int) uint8
	}{
		{"flat", 40, 30, func(int, int) uint8 { return 128 }},
		{"gradient", 64, 48, func(x, y int) uint8 { return uint8(x*2 + y) }},
		{"noise", 101, 77, func(int, int) uint8 { return uint8(rng.IntN(256)) }},
		{"extremes", 33, 33, func(x, y int) uint8 { return uint8(255 * ((x + y) % 2)) }},
		{"too small", 2, 2, func(int, int) uint8 { return 9 }},
	} {
		g := raster.Plane{W: tc.w, H: tc.h, Pix: make([]uint8, tc.w*tc.h)}
		for y := 0; y < tc.h; y++ {
			for x := 0; x < tc.w; x++ {
				g.Pix[y*tc.w+x] = tc.px(x, y)
			}
		}
		if got, want := pixelNoise(g), sortedNoise(g); got != want {
			t.Errorf("%s: pixelNoise %v, by its definition %v", tc.name, got, want)
		}
	}
}
