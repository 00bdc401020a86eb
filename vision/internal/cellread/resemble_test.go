package cellread

import (
	"testing"

	"binocle/solver"
)

// Glyphs as a blurred print of small cells shows them (measured on such a
// photo): blur fills the O's middle and hole as an X's, so only the O's
// flanks, the grey at its middle and its aspect still tell it.
var (
	blurredX = Features{Ink: 0.94, Centre: 1, Ends: 0.95, Flanks: 0.2, Fill: 0.81, Aspect: 0.71, Tone: 0.97, off: 0.025}
	blurredO = Features{Ink: 0.95, Centre: 1, Ends: 0.99, Flanks: 0.97, Fill: 0.79, Aspect: 0.83, Tone: 0.8, off: 0.025}
	// An O whose flanks blur has thinned: the rule alone calls it an X.
	thinO = Features{Ink: 0.95, Centre: 1, Ends: 0.98, Flanks: 0.87, Fill: 0.76, Aspect: 0.88, Tone: 0.76, off: 0.025}
)

// jitter varies a glyph's shape features a little, as glyphs of one grid
// vary, deterministically in k.
func jitter(f Features, k int) Features {
	d := float64(k%5-2) * 0.01
	f.Flanks += d
	f.Ends -= d
	f.Tone += d
	f.Fill -= d / 2
	return f
}

func TestSettleByResemblance(t *testing.T) {
	grid := func(x, o, thin int) []Features {
		var feats []Features
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
		return append(feats, Features{}, Features{})
	}
	tests := []struct {
		name       string
		x, o, thin int
		style      Style
		want       solver.Cell // what the thin O's are read as
	}{
		{"thin O's among O's and X's are O's", 20, 20, 3, StyleXO, solver.Zero},
		{"the same in an X/O/I grid", 20, 20, 3, StyleXOI, solver.Zero},
		{"too few O's to know them: the rule stands", 20, Tuned.Resemble.resembleQuorum - 4, 3, StyleXO, solver.One},
		{"too few X's to know them: the rule stands", Tuned.Resemble.resembleQuorum - 4, 20, 3, StyleXO, solver.One},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			feats := grid(tc.x, tc.o, tc.thin)
			_, alone := labelWith(tc.style, thinO, 0)
			if c, _ := labelWith(tc.style, thinO, 0); c != solver.One || alone >= Tuned.Resemble.ResembleDoubt {
				t.Fatalf("the rule alone reads the thin O as %c at %.2f, want a doubtful 1", c.Char(), alone)
			}
			cells, conf := labelFeatures(tc.style, feats)
			for i := tc.x + tc.o; i < tc.x+tc.o+tc.thin; i++ {
				if cells[i] != tc.want {
					t.Errorf("thin O %d read %c, want %c", i, cells[i].Char(), tc.want.Char())
				}
				if conf[i] >= Tuned.Resemble.ResembleDoubt {
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
	feats := make([]Features, 0, 40)
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
	conf = append(conf, Tuned.Resemble.ResembleDoubt)
	settleByResemblance(feats, cells, conf)
	if cells[len(cells)-1] != solver.One {
		t.Errorf("a sure glyph was relabelled")
	}
}

// resembledOf gives the net's 0s and 1s as the grid's glyphs resemble
// them, sure ones too (the rules weigh them), for two-symbol ink styles
// alone, and nothing where it agrees with the net.
func TestResembledOf(t *testing.T) {
	var feats []Features
	var cells []solver.Cell
	for k := range 20 {
		feats = append(feats, jitter(blurredX, k), jitter(blurredO, k))
		cells = append(cells, solver.One, solver.Zero)
	}
	misread := append([]solver.Cell(nil), cells...)
	misread[1] = solver.One // an O the net took for an X, however sure
	tests := []struct {
		name  string
		style Style
		cells []solver.Cell
		want  bool // a relabelling, with the O back
	}{
		{"an O read as an X", StyleXO, misread, true},
		{"read right", StyleXO, cells, false},
		{"X/O/I has three symbols", StyleXOI, misread, false},
		{"a colour style", StyleTiles, misread, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := resembledOf(tt.style, feats, tt.cells)
			if (got != nil) != tt.want {
				t.Fatalf("resembled %v, want one: %v", got, tt.want)
			}
			if got != nil && (got[1] != solver.Zero || got[0] != solver.One) {
				t.Errorf("resembled O %c and X %c", got[1].Char(), got[0].Char())
			}
		})
	}
}
