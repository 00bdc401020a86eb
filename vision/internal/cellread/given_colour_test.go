package cellread

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// kthLargest agrees with sorting, with ties, on every rank.
func TestKthLargest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name   string
		values []float64
	}{
		{"one", []float64{3}},
		{"ties", []float64{2, 2, 2, 1, 1, 3}},
		{"descending", []float64{9, 8, 7, 6, 5, 4, 3, 2, 1}},
		{"random", func() []float64 {
			v := make([]float64, 301)
			for i := range v {
				v[i] = float64(rng.IntN(40))
			}
			return v
		}()},
	} {
		sorted := slices.Clone(tc.values)
		slices.Sort(sorted)
		slices.Reverse(sorted)
		for k := range sorted {
			if got := kthLargest(slices.Clone(tc.values), k); got != sorted[k] {
				t.Errorf("%s: rank %d: got %v, want %v", tc.name, k, got, sorted[k])
			}
		}
	}
}

// Two inks of one hue at two saturations are one ink; a blue pen
// against red or black print is not.
func TestSameHue(t *testing.T) {
	p := &Tuned.Givens
	redThick, redThin := inkPoint{0.95, 0.99, 0.05}, inkPoint{0.92, 1, 0.45}
	blue, black := inkPoint{0.3, 0.9, 1}, inkPoint{1, 1, 1}
	for _, tc := range []struct {
		name string
		a, b inkPoint
		want bool
	}{
		{"red, thick and thin", redThick, redThin, true},
		{"red print, blue pen", redThick, blue, false},
		{"black print, blue pen", black, blue, false},
	} {
		if got := sameHue(tc.a, tc.b, p); got != tc.want {
			t.Errorf("%s: sameHue %v, want %v", tc.name, got, tc.want)
		}
	}
}
