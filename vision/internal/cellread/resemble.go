package cellread

import (
	"math"
	"slices"

	"binocle/solver"
	"binocle/vision/internal/raster"
)

// Settling doubtful glyphs by what the grid's other glyphs look like.
//
// The rules of labelWith weigh each feature by how it separates the two
// glyphs in general. One grid, though, is printed in one font and blurred
// and lit alike: a blur that fills every O's middle as an X's makes the
// centre say nothing there, and the rule, still counting it, leaves the
// O's on the edge of X. Within the grid the two glyphs still differ in
// other features (the O's flanks, the grey at its middle), and the many
// glyphs the rule did tell show by how much. So a glyph the rule doubts
// takes the label of the glyphs it resembles most, each feature measured
// in the spread the grid's glyphs show around their own label's typical
// glyph. Its thresholds are Tuned.Resemble.

// MadToSigma scales a median absolute deviation to a standard deviation's
// size: a statistical constant, not a threshold.
const MadToSigma = 1.4826

// resemblance lists the features a glyph is compared by: those that say
// what its shape is, not how much ink or colour there is or where.
func resemblance(f Features) [7]float64 {
	return [7]float64{f.Centre, f.Flanks, f.Ends, f.Hole, f.Tone, f.Fill, f.Aspect}
}

// settleByResemblance relabels the doubtful 0 and 1 glyphs of an ink
// style as the label whose typical glyph in this grid they are nearer.
// Their confidence stays: their own shape said too little for the user
// not to check them, whatever their neighbours suggest.
func settleByResemblance(feats []Features, cells []solver.Cell, conf []float64) {
	resembled := resembledLabels(feats, cells)
	if resembled == nil {
		return
	}
	for i, c := range cells {
		if (c == solver.Zero || c == solver.One) && conf[i] < Tuned.Resemble.ResembleDoubt {
			cells[i] = resembled[i]
		}
	}
}

// resembledLabels is, for each 0 and 1 glyph of cells, the label whose
// typical glyph in this grid it is nearer; the other cells as they are
// (resembledAmong of 0 and 1).
func resembledLabels(feats []Features, cells []solver.Cell) []solver.Cell {
	return resembledAmong(feats, cells, []solver.Cell{solver.Zero, solver.One})
}

// resembledAmong is, for each glyph of cells labelled one of labels, the
// one of labels whose typical glyph in this grid it is nearer, each
// feature measured in the spread the grid's glyphs show around their own
// label's typical glyph; the other cells as they are. A label with fewer
// glyphs than resembleQuorum has no typical glyph to measure by: its
// glyphs stay, and none takes it. Nil when fewer than two labels have
// one.
func resembledAmong(feats []Features, cells []solver.Cell, labels []solver.Cell) []solver.Cell {
	members := make([][][7]float64, len(labels))
	for i, c := range cells {
		if k := slices.Index(labels, c); k >= 0 {
			members[k] = append(members[k], resemblance(feats[i]))
		}
	}
	p := &Tuned.Resemble
	var known []int
	for k := range members {
		if len(members[k]) >= p.resembleQuorum {
			known = append(known, k)
		}
	}
	if len(known) < 2 {
		return nil
	}
	typical := make([][7]float64, len(labels))
	var spread [7]float64
	var vals []float64
	for j := range spread {
		for _, k := range known {
			vals = vals[:0]
			for _, m := range members[k] {
				vals = append(vals, m[j])
			}
			typical[k][j] = raster.Percentile(vals, 0.5)
		}
		vals = vals[:0]
		for _, k := range known {
			for _, m := range members[k] {
				vals = append(vals, math.Abs(m[j]-typical[k][j]))
			}
		}
		spread[j] = math.Max(MadToSigma*raster.Percentile(vals, 0.5), p.resembleFloor)
	}
	out := append([]solver.Cell(nil), cells...)
	for i, c := range cells {
		if k := slices.Index(labels, c); k < 0 || !slices.Contains(known, k) {
			continue
		}
		v := resemblance(feats[i])
		best, bestD, tie := -1, math.Inf(1), false
		for _, k := range known {
			d := 0.0
			for j := range v {
				z := (v[j] - typical[k][j]) / spread[j]
				d += z * z
			}
			switch {
			case d < bestD:
				best, bestD, tie = k, d, false
			case d == bestD:
				tie = true
			}
		}
		if !tie {
			out[i] = labels[best]
		}
	}
	return out
}
