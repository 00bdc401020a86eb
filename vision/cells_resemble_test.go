package vision

import (
	"testing"

	"binocle/solver"
)

// Glyphs as a blurred print of small cells shows them (measured on such a
// photo): blur fills the O's middle and hole as an X's, so only the O's
// flanks, the grey at its middle and its aspect still tell it.
var (
	blurredX = cellFeatures{ink: 0.94, centre: 1, ends: 0.95, flanks: 0.2, fill: 0.81, aspect: 0.71, tone: 0.97, off: 0.025}
	blurredO = cellFeatures{ink: 0.95, centre: 1, ends: 0.99, flanks: 0.97, fill: 0.79, aspect: 0.83, tone: 0.8, off: 0.025}
	// An O whose flanks blur has thinned: the rule alone calls it an X.
	thinO = cellFeatures{ink: 0.95, centre: 1, ends: 0.98, flanks: 0.87, fill: 0.76, aspect: 0.88, tone: 0.76, off: 0.025}
)

// jitter varies a glyph's shape features a little, as glyphs of one grid
// vary, deterministically in k.
func jitter(f cellFeatures, k int) cellFeatures {
	d := float64(k%5-2) * 0.01
	f.flanks += d
	f.ends -= d
	f.tone += d
	f.fill -= d / 2
	return f
}

func TestSettleByResemblance(t *testing.T) {
	grid := func(x, o, thin int) []cellFeatures {
		var feats []cellFeatures
		for k := range x {
			feats = append(feats, jitter(blurredX, k))
		}
		for k := range o {
			feats = append(feats, jitter(blurredO, k))
		}
		for range thin {
			feats = append(feats, thinO)
		}
		// Blank cells take no part.
		return append(feats, cellFeatures{}, cellFeatures{})
	}
	tests := []struct {
		name       string
		x, o, thin int
		style      Style
		want       solver.Cell // what the thin O's are read as
	}{
		{"thin O's among O's and X's are O's", 20, 20, 3, StyleXO, solver.Zero},
		{"the same in an X/O/I grid", 20, 20, 3, StyleXOI, solver.Zero},
		{"too few O's to know them: the rule stands", 20, resembleQuorum - 4, 3, StyleXO, solver.One},
		{"too few X's to know them: the rule stands", resembleQuorum - 4, 20, 3, StyleXO, solver.One},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			feats := grid(tc.x, tc.o, tc.thin)
			_, alone := labelWith(tc.style, thinO, 0)
			if c, _ := labelWith(tc.style, thinO, 0); c != solver.One || alone >= resembleDoubt {
				t.Fatalf("the rule alone reads the thin O as %c at %.2f, want a doubtful 1", c.Char(), alone)
			}
			cells, conf := labelFeatures(tc.style, feats)
			for i := tc.x + tc.o; i < tc.x+tc.o+tc.thin; i++ {
				if cells[i] != tc.want {
					t.Errorf("thin O %d read %c, want %c", i, cells[i].Char(), tc.want.Char())
				}
				if conf[i] >= resembleDoubt {
					t.Errorf("thin O %d confidence %.2f, want it left in doubt", i, conf[i])
				}
			}
			for i := range tc.x {
				if cells[i] != solver.One {
					t.Errorf("X %d read %c", i, cells[i].Char())
				}
			}
			for i := tc.x; i < tc.x+tc.o; i++ {
				if cells[i] != solver.Zero {
					t.Errorf("O %d read %c", i, cells[i].Char())
				}
			}
			for i := len(feats) - 2; i < len(feats); i++ {
				if cells[i] != solver.Empty {
					t.Errorf("blank %d read %c", i, cells[i].Char())
				}
			}
		})
	}
}

// A sure glyph keeps its label whatever the others look like: only the
// rule's doubts are settled by resemblance.
func TestSettleKeepsSureGlyphs(t *testing.T) {
	feats := make([]cellFeatures, 0, 40)
	cells := make([]solver.Cell, 0, 40)
	conf := make([]float64, 0, 40)
	for k := range 20 {
		feats = append(feats, jitter(blurredX, k), jitter(blurredO, k))
		cells = append(cells, solver.One, solver.Zero)
		conf = append(conf, 1, 1)
	}
	// A sure 1 that looks like the O's.
	feats = append(feats, blurredO)
	cells = append(cells, solver.One)
	conf = append(conf, resembleDoubt)
	settleByResemblance(feats, cells, conf)
	if cells[len(cells)-1] != solver.One {
		t.Errorf("a sure glyph was relabelled")
	}
}
