package clueread

import (
	"math"

	"binocle/vision/internal/cellread"
	"binocle/vision/model"
)

// siteModel is the clue-site classifier: a small convolutional net that
// takes a normalised siteSide² patch and gives a score for each of
// nothing but the line, '=' and '×'. vision/model/train_sites.py trains
// it on rendered suites (make model); its accuracy is held by
// TestSiteModelAccuracy.
var siteModel = model.Sites

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

// siteBandHalf is the half-width, in patch pixels either side of the
// line, of the band the spread is measured in: a fifth of a cell, where
// every clue has ink (LinkedIn Tango's '×', the smallest real clue, is a
// seventh of a cell, 7 of the patch's 48 pixels a cell) and the
// neighbouring cells' glyphs seldom reach. Measured over the whole
// patch, a bright disc beside a faint dark '×' on an app's dark tiles
// set the spread and left the clue a tenth of the range; now the disc
// is clipped instead. The trainer normalises the same (train_sites.py
// BAND_HALF).
const siteBandHalf = 5

// siteGlyphDamping is how far a glyph beside the band may still damp
// it: the spread is at least the whole patch's largest departure over
// this. Measured in the band alone, a lineless board's paper between two
// dark glyphs, a dozen grey levels of JPEG noise, was raised to a third
// of the range and read as a '=' (wild-photos wild-photo-073); halved,
// the glyphs hold it down, while a faint clue beside a disc keeps twice
// the range the whole patch's spread left it. The trainer damps the same
// (train_sites.py GLYPH_DAMPING).
const siteGlyphDamping = 2

// siteNet is the site model, loaded on first use (patchNet).
var siteNet = &cellread.PatchNet{Name: "clue-site", Model: siteModel}

// normaliseSite writes the patch's middle siteSide² into dst as the net
// takes it: less its median, over its largest departure from it in the
// band along the line (at least siteMinSpread, and at least the whole
// patch's over siteGlyphDamping), clipped to [-1, 1], so that light
// clues on a dark theme and dark ones on paper differ only in sign, and
// contrast does not matter.
func normaliseSite(pix []uint8, dst []float32) {
	side := SiteSide + 2*SiteMargin
	med, spread := siteLevels(pix)
	for i := 0; i < SiteSide; i++ {
		row := pix[(i+SiteMargin)*side+SiteMargin:]
		for j := 0; j < SiteSide; j++ {
			dst[i*SiteSide+j] = min(max((float32(row[j])-med)/spread, -1), 1)
		}
	}
}

// siteLevels are the median of the patch's middle siteSide² and its
// largest departure from it within siteBandHalf of the line, at least
// siteMinSpread and the largest departure anywhere over
// siteGlyphDamping.
func siteLevels(pix []uint8) (med, spread float32) {
	side := SiteSide + 2*SiteMargin
	var hist [256]int
	for i := 0; i < SiteSide; i++ {
		for _, v := range pix[(i+SiteMargin)*side+SiteMargin : (i+SiteMargin)*side+SiteMargin+SiteSide] {
			hist[v]++
		}
	}
	// The median of an even count is the mean of its two middle values,
	// as numpy's is.
	n := SiteSide * SiteSide
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
	med = float32(lo+hi) / 2
	spread = float32(siteMinSpread)
	for v, c := range hist {
		if c > 0 {
			spread = max(spread, float32(math.Abs(float64(float32(v)-med)))/siteGlyphDamping)
		}
	}
	bandFrom := (SiteSide - 2*siteBandHalf) / 2
	for i := 0; i < SiteSide; i++ {
		for _, v := range pix[(i+SiteMargin)*side+SiteMargin+bandFrom : (i+SiteMargin)*side+SiteMargin+bandFrom+2*siteBandHalf] {
			spread = max(spread, float32(math.Abs(float64(float32(v)-med))))
		}
	}
	return med, spread
}

// ClassifySites gives each patch's class probabilities.
func ClassifySites(sites []SitePatch) ([][siteClasses]float64, error) {
	if len(sites) == 0 {
		return nil, nil
	}
	in := make([]float32, len(sites)*SiteSide*SiteSide)
	for i, s := range sites {
		normaliseSite(s.Pix, in[i*SiteSide*SiteSide:(i+1)*SiteSide*SiteSide])
	}
	rows, err := siteNet.SoftmaxRows(in, []int{len(sites), 1, SiteSide, SiteSide}, siteClasses)
	if err != nil {
		return nil, err
	}
	probs := make([][siteClasses]float64, len(rows))
	for i, r := range rows {
		copy(probs[i][:], r)
	}
	return probs, nil
}
