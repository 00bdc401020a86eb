package cellread

import "binocle/vision/internal/raster"

// A photo's light tints the whole page: warm lamps turn white paper
// cream and take the blue out of a Tango moon, whose thin crescent then
// holds too few saturated pixels to be a glyph at all; a tinted paper
// does the same to a blue pen's marks. Every app and page these puzzles
// come from draws its board's paper, gaps and blank tiles in greys, so
// the grid's unsaturated light pixels show the light's tint, and scaling
// the channels to make them grey gives the glyphs back their colours.
const (
	// paperSampleStep samples every so many pixels in each direction:
	// the paper's tint is the same everywhere and a big grid's million
	// pixels need not all be looked at.
	paperSampleStep = 3
	// paperShare is the share of the sampled pixels that must be paper
	// (light and unsaturated) for its tint to be trusted: a board of
	// coloured tiles edge to edge shows too little.
	paperShare = 0.2
	// paperTop keeps the lightest part of the unsaturated pixels: the
	// paper, not grey shading or ink's blurred edges.
	paperTop = 0.5
	// maxPaperGain caps how far a channel is raised: a tint stronger
	// than this is a coloured board (a dark blue theme), not light on
	// white paper.
	maxPaperGain = 1.35
	// minPaperGain is the least correction worth a copy of the grid: a
	// screenshot's greys are grey.
	minPaperGain = 1.03
)

// whiteBalanced is p with its channels scaled so that its paper is grey
// (see above), or p itself when its paper is grey already or cannot be
// told.
func whiteBalanced(p raster.BGRPlane) raster.BGRPlane {
	f := &Tuned.Features
	// Histograms, not sorts: a big grid's paper is a few hundred
	// thousand samples.
	paper := func(x, y int) (b, g, r uint8, ok bool) {
		b, g, r = p.At(x, y)
		mx, mn := max(r, g, b), min(r, g, b)
		return b, g, r, mx > f.brightLevel && float64(mx-mn) <= f.colouredSat*float64(mx)
	}
	var light [3*255 + 1]int
	n, kept := 0, 0
	for y := 0; y < p.H; y += paperSampleStep {
		for x := 0; x < p.W; x += paperSampleStep {
			n++
			if b, g, r, ok := paper(x, y); ok {
				light[int(b)+int(g)+int(r)]++
				kept++
			}
		}
	}
	if n == 0 || float64(kept) < paperShare*float64(n) {
		return p
	}
	lightest, above := len(light)-1, 0
	for ; lightest > 0; lightest-- {
		if above += light[lightest]; float64(above) >= paperTop*float64(kept) {
			break
		}
	}
	var chans [3][256]int
	for y := 0; y < p.H; y += paperSampleStep {
		for x := 0; x < p.W; x += paperSampleStep {
			if b, g, r, ok := paper(x, y); ok && int(b)+int(g)+int(r) >= lightest {
				chans[0][b]++
				chans[1][g]++
				chans[2][r]++
			}
		}
	}
	var level [3]float64
	for c := range chans {
		half, sum := (above+1)/2, 0
		for v, k := range chans[c] {
			if sum += k; sum >= half {
				level[c] = float64(max(1, v))
				break
			}
		}
	}
	top := max(level[0], level[1], level[2])
	var gain [3]float64
	worth := false
	for c := range gain {
		gain[c] = top / level[c]
		if gain[c] > maxPaperGain {
			return p
		}
		worth = worth || gain[c] >= minPaperGain
	}
	if !worth {
		return p
	}
	var lut [3][256]uint8
	for c := range lut {
		for v := range lut[c] {
			lut[c][v] = uint8(min(255, float64(v)*gain[c]+0.5))
		}
	}
	out := raster.BGRPlane{W: p.W, H: p.H, Pix: make([]uint8, len(p.Pix))}
	for i := 0; i+2 < len(p.Pix); i += 3 {
		out.Pix[i] = lut[0][p.Pix[i]]
		out.Pix[i+1] = lut[1][p.Pix[i+1]]
		out.Pix[i+2] = lut[2][p.Pix[i+2]]
	}
	return out
}
