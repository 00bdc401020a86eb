package vision

import (
	_ "embed"
	"math"
)

// siteModel is the clue-site classifier: a small convolutional net that
// takes a normalised siteSide² patch and gives a score for each of
// nothing but the line, '=' and '×'. vision/model/train_sites.py trains
// it on rendered suites (make model); its accuracy is held by
// TestSiteModelAccuracy.
//
//go:embed model/sites.onnx
var siteModel []byte

// The classes, in the net's output order.
const (
	siteNone = iota
	siteEqual
	siteCross
	siteClasses
)

// siteMinSpread is the least spread, in grey levels, a patch is divided
// by: a patch of paper and noise is not blown up into strokes. The
// trainer divides by the same (train_sites.py MIN_SPREAD).
const siteMinSpread = 32

// siteNet is the site model, loaded on first use (patchNet).
var siteNet = &patchNet{name: "clue-site", model: siteModel}

// normaliseSite writes the patch's middle siteSide² into dst as the net
// takes it: less its median, over its largest departure from it (at
// least siteMinSpread), so that light clues on a dark theme and dark ones
// on paper differ only in sign, and contrast does not matter.
func normaliseSite(pix []uint8, dst []float32) {
	side := siteSide + 2*siteMargin
	var hist [256]int
	for i := 0; i < siteSide; i++ {
		for _, v := range pix[(i+siteMargin)*side+siteMargin : (i+siteMargin)*side+siteMargin+siteSide] {
			hist[v]++
		}
	}
	// The median of an even count is the mean of its two middle values,
	// as numpy's is.
	n := siteSide * siteSide
	lo, hi := -1, -1
	seen := 0
	for v, c := range hist {
		seen += c
		if lo < 0 && seen >= n/2 {
			lo = v
		}
		if seen >= n/2+1 {
			hi = v
			break
		}
	}
	med := float32(lo+hi) / 2
	spread := float32(siteMinSpread)
	for v, c := range hist {
		if c > 0 {
			spread = max(spread, float32(math.Abs(float64(float32(v)-med))))
		}
	}
	for i := 0; i < siteSide; i++ {
		row := pix[(i+siteMargin)*side+siteMargin:]
		for j := 0; j < siteSide; j++ {
			dst[i*siteSide+j] = (float32(row[j]) - med) / spread
		}
	}
}

// classifySites gives each patch's class probabilities.
func classifySites(sites []sitePatch) ([][siteClasses]float64, error) {
	if len(sites) == 0 {
		return nil, nil
	}
	in := make([]float32, len(sites)*siteSide*siteSide)
	for i, s := range sites {
		normaliseSite(s.pix, in[i*siteSide*siteSide:(i+1)*siteSide*siteSide])
	}
	rows, err := siteNet.softmaxRows(in, []int{len(sites), 1, siteSide, siteSide}, siteClasses)
	if err != nil {
		return nil, err
	}
	probs := make([][siteClasses]float64, len(rows))
	for i, r := range rows {
		copy(probs[i][:], r)
	}
	return probs, nil
}
