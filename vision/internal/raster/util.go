package raster

import "math"

func RoundTo(v float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(v*p) / p
}

func Clamp(v, lo, hi float64) float64 {
	return math.Max(lo, math.Min(hi, v))
}

// InsertionSort sorts the short slices of one window's rows and columns
// without sort's overhead.
func InsertionSort(a []float64) {
	for i := 1; i < len(a); i++ {
		v, j := a[i], i
		for j > 0 && a[j-1] > v {
			a[j] = a[j-1]
			j--
		}
		a[j] = v
	}
}

func ClampInt(v, lo, hi int) int { return min(max(v, lo), hi) }

// Abs is the absolute value of an int.
func Abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
