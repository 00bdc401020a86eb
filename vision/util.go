package vision

import "math"

func roundTo(v float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(v*p) / p
}

func clamp(v, lo, hi float64) float64 {
	return math.Max(lo, math.Min(hi, v))
}

// insertionSort sorts the short slices of one window's rows and columns
// without sort's overhead.
func insertionSort(a []float64) {
	for i := 1; i < len(a); i++ {
		v, j := a[i], i
		for j > 0 && a[j-1] > v {
			a[j] = a[j-1]
			j--
		}
		a[j] = v
	}
}

func clampInt(v, lo, hi int) int { return min(max(v, lo), hi) }
