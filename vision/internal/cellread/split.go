package cellread

import (
	"math"
	"sort"
)

// split is values cut into two groups, lo and hi being indices into the
// values.
type split struct {
	Lo, hi         []int
	loMean, hiMean float64
}

// SplitTwo cuts values where the two groups are furthest apart for their
// spread (Otsu's cut), and says whether the cut is clear: the groups'
// means at least gap apart and groupSeparation times the wider group's
// spread (at least floor), and the nearest members of the two groups at
// least half the gap apart, so that no value stands between them.
func SplitTwo(values []float64, gap, floor float64) (split, bool) {
	return splitTwo(values, gap, floor, 0.5)
}

// splitTwo is SplitTwo with the share of the gap that must part the
// groups' nearest members as band. Levels taken against their
// neighbours' (flattenLocally) are spread too little for the groups'
// spread to miss a continuum, and a stray cell between them, half on a
// shade's edge, need not undo a clean split.
func splitTwo(values []float64, gap, floor, band float64) (split, bool) {
	n := len(values)
	if n < 2 {
		return split{}, false
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return values[order[a]] < values[order[b]] })
	var total float64
	for _, v := range values {
		total += v
	}
	best, cut := -1.0, 0
	var left float64
	between := make([]float64, n)
	for k := 1; k < n; k++ {
		left += values[order[k-1]]
		m1, m2 := left/float64(k), (total-left)/float64(n-k)
		if between[k] = float64(k) * float64(n-k) * (m2 - m1) * (m2 - m1); between[k] > best {
			best, cut = between[k], k
		}
	}
	// A long tail on one side pulls Otsu's cut a value or two into it;
	// among the cuts nearly as good, the one at the widest gap between
	// neighbouring values is where the two groups part.
	widest := values[order[cut]] - values[order[cut-1]]
	for k := 1; k < n; k++ {
		if between[k] < Tuned.Givens.nearBestCut*best {
			continue
		}
		if g := values[order[k]] - values[order[k-1]]; g > widest {
			widest, cut = g, k
		}
	}
	s := split{Lo: order[:cut], hi: order[cut:]}
	loMean, loSpread := meanSpread(values, s.Lo)
	hiMean, hiSpread := meanSpread(values, s.hi)
	s.loMean, s.hiMean = loMean, hiMean
	d := hiMean - loMean
	spread := max(loSpread, hiSpread, floor)
	clear := d >= gap && d >= Tuned.Givens.groupSeparation*spread && values[order[cut]]-values[order[cut-1]] >= band*gap
	return s, clear
}

// madSpread is the median absolute deviation of values from their median,
// scaled to a standard deviation's size.
func madSpread(values []float64) float64 {
	m := median(values)
	dev := make([]float64, len(values))
	for i, v := range values {
		dev[i] = math.Abs(v - m)
	}
	return MadToSigma * median(dev)
}

func meanSpread(values []float64, idx []int) (mean, spread float64) {
	for _, i := range idx {
		mean += values[i]
	}
	mean /= float64(len(idx))
	for _, i := range idx {
		spread += (values[i] - mean) * (values[i] - mean)
	}
	return mean, math.Sqrt(spread / float64(len(idx)))
}

func median(values []float64) float64 {
	if len(values) == 0 {
		return 0
	}
	s := append([]float64(nil), values...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
