package cellread

import (
	"testing"
)

// TestSplitTwoPartsAtTheWidestGap holds SplitTwo's cut where two groups
// part, not where a long tail on one side pulls Otsu's (one value
// further on): eight shaded cells round 121, twenty plain ones round 130
// running on to 141, and one cell half on a shade's edge between them.
func TestSplitTwoPartsAtTheWidestGap(t *testing.T) {
	values := []float64{119, 120, 120.5, 121, 121, 121.5, 122, 123, 125.5, 127.5, 128, 128.5, 128.5, 128.5, 129, 129, 129.5, 130, 130, 130.5, 131, 131, 132, 133, 135, 137, 139, 141}
	if s, _ := SplitTwo(values, Tuned.Givens.ShadeGap, Tuned.Givens.ShadeFloor); len(s.Lo) != 8 {
		t.Errorf("cut after %d values, want 8", len(s.Lo))
	}
}

// TestSplitTwoBand: two groups 8 apart with a value between them, 2.5
// from the lower, are clear only where a value may stand between them
// (band 0, as for levels flattened against their neighbours).
func TestSplitTwoBand(t *testing.T) {
	values := []float64{119, 120, 120.5, 121, 121, 121.5, 122, 123, 125.5, 127.5, 128, 128, 128.5, 128.5, 128.5, 129, 129, 129, 129.5, 129.5, 130, 130, 130, 130.5, 131, 131.5, 132, 133}
	for _, tc := range []struct {
		name  string
		band  float64
		clear bool
	}{
		{"no value may stand between", 0.5, false},
		{"a stray value may stand between", 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, clear := splitTwo(values, Tuned.Givens.localShadeGap, Tuned.Givens.ShadeFloor, tc.band)
			if len(s.Lo) != 8 || clear != tc.clear {
				t.Errorf("cut after %d values, clear %v; want 8, %v", len(s.Lo), clear, tc.clear)
			}
		})
	}
}

// TestFlattenLocally: light falls off towards one corner of a 12×12
// board, as on a bent page, by four times an app's shade and not along
// a plane, so that raw levels put the shaded givens near the light with
// the plain cells away from it. Against the cells around each, every
// given is darker than every plain cell again by the gap a split needs,
// on a board with blanks enough to follow the light and on a finished
// one. (A shadow's sharp edge that halves a cell's neighbourhood still
// fools it; the rules judge a split found this way.)
func TestFlattenLocally(t *testing.T) {
	const cols, plain, falloff, shade = 12, 240.0, 48.0, 12.0
	// Givens on every fourth cell, staggered row by row: a quarter of
	// the board, scattered.
	isGiven := func(i int) bool { return (i%cols+2*(i/cols))%4 == 0 }
	level := func(i int) float64 {
		x, y := float64(i%cols)/(cols-1), float64(i/cols)/(cols-1)
		v := plain - falloff*(x*x+y*y)/2
		if isGiven(i) {
			v -= shade
		}
		return v
	}
	for _, tc := range []struct {
		name  string
		blank func(i int) bool
	}{
		{"half played", func(i int) bool { return !isGiven(i) && (i%cols+i/cols)%2 == 1 }},
		{"finished", func(int) bool { return false }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var filled, blankAt []int
			var levels, blank []float64
			for i := range cols * cols {
				if tc.blank(i) {
					blankAt, blank = append(blankAt, i), append(blank, level(i))
				} else {
					filled, levels = append(filled, i), append(levels, level(i))
				}
			}
			flat, _ := flattenLocally(filled, levels, blankAt, blank, cols)
			darkestPlain, lightestGiven := 255.0, 0.0
			for k, i := range filled {
				if isGiven(i) {
					lightestGiven = max(lightestGiven, flat[k])
				} else {
					darkestPlain = min(darkestPlain, flat[k])
				}
			}
			if lightestGiven > darkestPlain-Tuned.Givens.localShadeGap {
				t.Errorf("lightest given %.1f, darkest plain cell %.1f: not %.0f apart", lightestGiven, darkestPlain, Tuned.Givens.localShadeGap)
			}
		})
	}
}

// TestShadeCut: a cut of a board's shade order stands only between a
// shaded group and plain cells, with two plain cells or more.
func TestShadeCut(t *testing.T) {
	for _, tc := range []struct {
		name  string
		shade []float64
		k     int
		want  bool
	}{
		{"shaded, then plain", []float64{15, 14, 13, 1, 0, -1}, 3, true},
		{"a shaded cell left with the plain", []float64{15, 14, 13, 1, 0, -1}, 2, false},
		{"one plain cell left", []float64{15, 14, 13, 12, 11, 0}, 5, false},
		{"no shade at all", []float64{1, 0.5, 0, -0.5, -1}, 2, false},
		{"nothing before the cut", []float64{15, 1, 0}, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ShadeCut(tc.shade, tc.k); got != tc.want {
				t.Errorf("ShadeCut(%v, %d) = %v, want %v", tc.shade, tc.k, got, tc.want)
			}
		})
	}
}
