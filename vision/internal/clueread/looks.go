package clueread

import (
	"math"

	"binocle/vision/internal/raster"
)

// A board draws its '=' in one glyph and its '×' in another, the same at
// every site. The net reads each site alone, and a glyph it was not
// trained on (a small bold '×', a thin '=' on a photo) it may take, site
// after site, for the other kind: a study-clean Tango board read all ten
// of its '×' as '=' at 0.95 and more. Its sites still look like one
// another. Looks splits the sites read as clues into the board's two
// looks by how alike they are, so that the rules can name each look's
// kind (vision/clue_rules.go) where the net's kinds leave the puzzle
// without one solution.

// lookShift is how far, in patch pixels, two sites' glyphs are slid over
// one another to match: the rectification misses a line by a pixel or
// two, which the site net's training shifts allow for too (SiteMargin).
const lookShift = SiteMargin

// maxLookSites caps the sites compared, each with every other at every
// shift: 200 sites take about 0.2 s on this 2-core VM (BenchmarkLooks),
// paid only where the net's clues leave no single solution; a board
// with more clues than that is read as the net reads it.
const maxLookSites = 200

// lookSilhouette is the least mean silhouette (silhouette) of a split
// into two looks: under it the sites are taken for one look. 0.7 is
// where Kaufman and Rousseeuw's reading of silhouettes puts a strong
// structure; two sites of one glyph split apart score 0, and a board's
// '=' and '×' 0.8 to 1 on clean screenshots.
const lookSilhouette = 0.7

// lookRounds bounds the splitting's rounds: two groups settle in a few.
const lookRounds = 10

// Looks splits patches, each a site's SitePatch.Pix, into two groups of
// sites drawn alike: 0 or 1 for each, all 0 when the sites do not fall
// clearly into two groups (lookSilhouette). guess, when not nil, is a first
// split to start from (the net's kinds): the split is sought from it and
// from the two sites least alike, and the tighter of the two kept. Looks
// is nil when there are fewer than two sites or more than maxLookSites.
func Looks(patches [][]uint8, guess []int) []int {
	n := len(patches)
	if n < 2 || n > maxLookSites {
		return nil
	}
	norm := make([][]float32, n)
	for i, p := range patches {
		norm[i] = normaliseWhole(p)
	}
	dist := make([][]float64, n)
	for i := range dist {
		dist[i] = make([]float64, n)
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			d := math.Min(lookDistance(norm[i], norm[j]), lookDistance(norm[j], norm[i]))
			dist[i][j], dist[j][i] = d, d
		}
	}
	// The medoid of all the sites, then the site least like it: on a
	// board of both kinds, one of each; but on a photo it may be one
	// site the light or the blur spoilt, which the guess is not.
	m0 := medoid(dist, all(n))
	m1 := 0
	for i := range dist {
		if dist[m0][i] > dist[m0][m1] {
			m1 = i
		}
	}
	best, bestCost := splitAround(dist, m0, m1)
	if len(guess) == n {
		var in [2][]int
		for i, g := range guess {
			in[g] = append(in[g], i)
		}
		if len(in[0]) > 0 && len(in[1]) > 0 {
			if split, cost := splitAround(dist, medoid(dist, in[0]), medoid(dist, in[1])); cost < bestCost {
				best = split
			}
		}
	}
	// Two sites of one glyph split in two by the noise would have the
	// rules name each one's kind alone.
	if silhouette(dist, best) < lookSilhouette {
		return make([]int, n)
	}
	return best
}

// splitAround splits the sites between the medoids m0 and m1, each to
// the nearer, and moves each medoid to the middle of its group until
// the groups settle: the split and its cost, the sum of each site's
// distance to its group's medoid.
func splitAround(dist [][]float64, m0, m1 int) ([]int, float64) {
	group := make([]int, len(dist))
	cost := 0.0
	for round := 0; round < lookRounds; round++ {
		changed := false
		cost = 0
		for i := range group {
			g := 0
			if dist[i][m1] < dist[i][m0] {
				g = 1
			}
			cost += math.Min(dist[i][m0], dist[i][m1])
			changed = changed || g != group[i]
			group[i] = g
		}
		var in [2][]int
		for i, g := range group {
			in[g] = append(in[g], i)
		}
		if len(in[0]) == 0 || len(in[1]) == 0 || (!changed && round > 0) {
			break
		}
		m0, m1 = medoid(dist, in[0]), medoid(dist, in[1])
	}
	return group, cost
}

func all(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// medoid is the member of group least far from the rest.
func medoid(dist [][]float64, group []int) int {
	best, bestSum := group[0], math.Inf(1)
	for _, i := range group {
		sum := 0.0
		for _, j := range group {
			sum += dist[i][j]
		}
		if sum < bestSum {
			best, bestSum = i, sum
		}
	}
	return best
}

// normaliseWhole is the whole patch, SiteSide+2*SiteMargin a side, less
// the paper on each side of the line, over the largest departure from it
// in the patch's middle. The line runs down the patch's middle between
// two cells, and either cell may be shaded (a locked cell, a tile's
// colour): that would set two sites of one glyph further apart than an
// '=' from a '×'.
func normaliseWhole(pix []uint8) []float32 {
	side := SiteSide + 2*SiteMargin
	mid := side / 2
	var left, right []uint8
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			switch {
			case x < mid-lineHalf:
				left = append(left, pix[y*side+x])
			case x >= mid+lineHalf:
				right = append(right, pix[y*side+x])
			}
		}
	}
	lp, rp := float32(raster.BytePercentiles(left, 0.5)[0]), float32(raster.BytePercentiles(right, 0.5)[0])
	out := make([]float32, len(pix))
	spread := float32(siteMinSpread)
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			paper := (lp + rp) / 2
			switch {
			case x < mid-lineHalf:
				paper = lp
			case x >= mid+lineHalf:
				paper = rp
			}
			v := float32(pix[y*side+x]) - paper
			out[y*side+x] = v
			if inLookWindow(x, y) {
				spread = max(spread, float32(math.Abs(float64(v))))
			}
		}
	}
	for i := range out {
		out[i] /= spread
	}
	return out
}

// lineHalf is half the columns, in patch pixels, the line and its
// antialiasing take down the patch's middle.
const lineHalf = 2

// lookWindow is the side, in patch pixels, of the middle square the
// looks are compared in: the biggest clue of a site (a third of a cell,
// SiteSide spanning half of one), and little of the cells' glyphs.
const lookWindow = 16

func inLookWindow(x, y int) bool {
	lo := (SiteSide + 2*SiteMargin - lookWindow) / 2
	return x >= lo && x < lo+lookWindow && y >= lo && y < lo+lookWindow
}

// lookDistance is the least mean squared difference between a's middle
// and b's, b slid up to lookShift pixels each way.
func lookDistance(a, b []float32) float64 {
	side := SiteSide + 2*SiteMargin
	lo := (side - lookWindow) / 2
	best := math.Inf(1)
	for dy := -lookShift; dy <= lookShift; dy++ {
		for dx := -lookShift; dx <= lookShift; dx++ {
			var sum float32
			for y := lo; y < lo+lookWindow; y++ {
				ra := a[y*side+lo:]
				rb := b[(y+dy)*side+lo+dx:]
				for x := 0; x < lookWindow; x++ {
					d := ra[x] - rb[x]
					sum += d * d
				}
			}
			best = math.Min(best, float64(sum)/float64(lookWindow*lookWindow))
		}
	}
	return best
}

// silhouette is the split's mean silhouette: for each site, how much
// nearer it lies to its own group than to the other (1: far nearer, 0:
// as near; a site alone in its group counts 0), over all sites.
func silhouette(dist [][]float64, group []int) float64 {
	total := 0.0
	for i, g := range group {
		var own, other float64
		var nOwn, nOther int
		for j, h := range group {
			switch {
			case j == i:
			case h == g:
				own += dist[i][j]
				nOwn++
			default:
				other += dist[i][j]
				nOther++
			}
		}
		if nOwn == 0 || nOther == 0 {
			continue
		}
		a, b := own/float64(nOwn), other/float64(nOther)
		if m := math.Max(a, b); m > 0 {
			total += (b - a) / m
		}
	}
	return total / float64(len(group))
}
