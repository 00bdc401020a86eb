package clueread

import (
	"math"
	"testing"
)

// TestNormaliseSiteSpreadInBand holds the site net's input scale: a
// faint clue on the line keeps the full range even where a bright glyph
// of the next cell reaches into the patch (a dark '×' beside a lit disc
// on an app's dark tiles), and a trace of ink on a faint line is not
// blown up into a stroke.
func TestNormaliseSiteSpreadInBand(t *testing.T) {
	const background, line, glyph = 66.0, 40.0, 230.0
	side := SiteSide + 2*SiteMargin
	middle := float64(side-1) / 2
	tests := []struct {
		name      string
		clueLevel float64 // the clue's grey, drawn as a dot on the line's middle
		glyph     bool    // a bright disc of the next cell at the patch's right edge
		wantClue  float32 // the clue's middle as the net takes it
		wantGlyph float32 // the disc's middle as the net takes it (where drawn)
	}{
		{"faint clue alone", 6, false, -1, 0},
		// Twice the range the whole patch's spread (the disc's) left it.
		{"faint clue beside a bright glyph", 6, true, (6 - background) / ((glyph - background) / siteGlyphDamping), 1},
		{"no clue beside a bright glyph", line, true, (line - background) / ((glyph - background) / siteGlyphDamping), 1},
		{"a trace of ink on a faint line", background - 8, false, -8.0 / siteMinSpread, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pix := make([]uint8, side*side)
			for i := 0; i < side; i++ {
				for j := 0; j < side; j++ {
					g := float64(background)
					if math.Abs(float64(j)-middle) < 1 {
						g = line
					}
					if math.Hypot(float64(i)-middle, float64(j)-middle) < 3 {
						g = tc.clueLevel
					}
					if tc.glyph && math.Hypot(float64(i)-middle, float64(j)-float64(side)) < 9 {
						g = glyph
					}
					pix[i*side+j] = uint8(g)
				}
			}
			dst := make([]float32, SiteSide*SiteSide)
			normaliseSite(pix, dst)
			at := func(i, j int) float32 { return dst[(i-SiteMargin)*SiteSide+j-SiteMargin] }
			mid := int(middle)
			if got := at(mid, mid); math.Abs(float64(got-tc.wantClue)) > 0.02 {
				t.Errorf("clue's middle: got %.3f, want %.3f", got, tc.wantClue)
			}
			if tc.glyph {
				if got := at(mid, side-SiteMargin-1); got != tc.wantGlyph {
					t.Errorf("glyph: got %.3f, want %.3f (clipped)", got, tc.wantGlyph)
				}
			}
			for i, v := range dst {
				if v < -1 || v > 1 {
					t.Fatalf("input %d is %.3f, beyond [-1, 1]", i, v)
				}
			}
		})
	}
}
