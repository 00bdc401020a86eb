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

// An I of a blurred print: a bar, narrow, no hole, its ends inked.
var blurredI = Features{Ink: 0.9, Centre: 1, Ends: 0.97, Flanks: 0.05, Fill: 0.9, Aspect: 0.3, Tone: 0.95, off: 0.025}

// resembledOf gives the net's glyphs as the grid's glyphs resemble them,
// sure ones too (the rules weigh them), for ink styles alone, and
// nothing where it agrees with the net.
func TestResembledOf(t *testing.T) {
	var feats []Features
	var cells []solver.Cell
	for k := range 20 {
		feats = append(feats, jitter(blurredX, k), jitter(blurredO, k), jitter(blurredI, k))
		cells = append(cells, solver.One, solver.Zero, solver.Two)
	}
	xo := func(cells []solver.Cell) []solver.Cell {
		// The same grid without its I's, as an X/O grid.
		var out []solver.Cell
		for i, c := range cells {
			if i%3 != 2 {
				out = append(out, c)
			}
		}
		return out
	}
	var xoFeats []Features
	for i, f := range feats {
		if i%3 != 2 {
			xoFeats = append(xoFeats, f)
		}
	}
	oAsX := append([]solver.Cell(nil), cells...)
	oAsX[1] = solver.One // an O the net took for an X, however sure
	iAsX := append([]solver.Cell(nil), cells...)
	iAsX[2] = solver.One // an I taken for an X
	tests := []struct {
		name  string
		style Style
		feats []Features
		cells []solver.Cell
		at    int         // the misread cell, -1 for none
		want  solver.Cell // what it resembles
	}{
		{"an O read as an X", StyleXO, xoFeats, xo(oAsX), 1, solver.Zero},
		{"read right", StyleXO, xoFeats, xo(cells), -1, 0},
		{"an I read as an X", StyleXOI, feats, iAsX, 2, solver.Two},
		{"an O read as an X among I's", StyleXOI, feats, oAsX, 1, solver.Zero},
		{"a colour style", StyleTiles, xoFeats, xo(oAsX), -1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := resembledOf(tt.style, tt.feats, tt.cells)
			if (got != nil) != (tt.at >= 0) {
				t.Fatalf("resembled %v, want one: %v", got, tt.at >= 0)
			}
			if got == nil {
				return
			}
			for i, c := range got {
				want := tt.cells[i]
				if i == tt.at {
					want = tt.want
				}
				if c != want {
					t.Errorf("cell %d resembles %c, want %c", i, c.Char(), want.Char())
				}
			}
		})
	}
}
