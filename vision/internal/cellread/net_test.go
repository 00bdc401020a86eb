package cellread

import (
	"fmt"
	"math"
	"math/rand"
	"slices"
	"sync"
	"testing"

	"binocle/solver"
)

// Reads running at once get the same probabilities as one at a time. Big
// batches from many goroutines make the collector busy enough that an
// input freed while the net still read it was overwritten here.
func TestSoftmaxRowsConcurrent(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	const batches, per = 8, CellChannels * CellSide * CellSide
	inputs := make([][]float32, batches)
	want := make([][][]float64, batches)
	shape := func(in []float32) []int { return []int{len(in) / per, CellChannels, CellSide, CellSide} }
	for b := range inputs {
		inputs[b] = make([]float32, (b+1)*40*per)
		for i := range inputs[b] {
			inputs[b][i] = rng.Float32()*2 - 1
		}
		var err error
		if want[b], err = cellNet.SoftmaxRows(inputs[b], shape(inputs[b]), KindCount); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, batches*60)
	for round := 0; round < 60; round++ {
		for b := range inputs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got, err := cellNet.SoftmaxRows(inputs[b], shape(inputs[b]), KindCount)
				if err != nil {
					errs <- err.Error()
					return
				}
				for i := range got {
					if !slices.Equal(got[i], want[b][i]) {
						errs <- fmt.Sprintf("batch %d row %d: got %v want %v", b, i, got[i][:3], want[b][i][:3])
						return
					}
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

// cellsOf makes n cells that each give all their probability to kind.
func cellsOf(kind, n int) [][KindCount]float64 {
	out := make([][KindCount]float64, n)
	for i := range out {
		out[i][kind] = 1
	}
	return out
}

// nearlyCellsOf is n cells the net gives kind at 0.999 and blank the rest.
func nearlyCellsOf(kind, n int) [][KindCount]float64 {
	out := make([][KindCount]float64, n)
	for i := range out {
		out[i][kind], out[i][kindBlank] = 0.999, 0.001
	}
	return out
}

// The inked style overrules the colour rules only when the net sees both
// of its symbols clearly and gives the colour kinds much less. The real
// LinkedIn boards' cells are what the net, trained on renders, made of
// them: suns as warm tiles and discs, moons as O's and cool tiles.
func TestInkOverColour(t *testing.T) {
	for _, tc := range []struct {
		name  string
		hand  Style // the colour style the hand rules took the grid for
		cells [][KindCount]float64
		want  Style // "" for keep the colour style
	}{
		{"red X, blue O", StyleTango, slices.Concat(cellsOf(kindX, 9), cellsOf(kindO, 16)), StyleXO},
		{"X/O/I in colour", StyleTango, slices.Concat(cellsOf(kindX, 14), cellsOf(kindO, 3), cellsOf(kindI, 11)), StyleXOI},
		{"black 1, blue 0", StyleTango, slices.Concat(cellsOf(kindDigit1, 6), cellsOf(kindDigit0, 8)), StyleDigits},
		{"real LinkedIn, as the net sees it", StyleTango, slices.Concat(cellsOf(kindDisc, 1), cellsOf(kindO, 4), cellsOf(kindWarm, 4), cellsOf(kindCool, 1)), ""},
		{"real LinkedIn, moons as 0's", StyleTango, slices.Concat(cellsOf(kindDisc, 1), cellsOf(kindCircle, 2), cellsOf(kindDigit0, 5)), ""},
		{"letters among many tiles", StyleTango, slices.Concat(cellsOf(kindX, 5), cellsOf(kindO, 5), cellsOf(kindWarm, 10)), ""},
		{"Tango", StyleTango, slices.Concat(cellsOf(kindSun, 18), cellsOf(kindMoon, 18)), ""},
		// dev-clean's wild-clean-045: green X's, and O's narrow enough
		// that the net takes them nearly half for 0's.
		{"X/O in colour, O's like 0's", StyleTango, slices.Concat(cellsOf(kindX, 6), cellsSplit(kindO, kindDigit0, 0.55, 3)), StyleXO},
		{"too few of the style's own kinds", StyleTango, slices.Concat(cellsOf(kindX, 2), cellsSplit(kindO, kindDigit0, 0.3, 4)), ""},
		// clue-clean's wild-clean-078: orange discs the net takes three
		// parts for suns, and teal rings, which no Tango piece is. The
		// summed kinds fall short of inkOverColour; the fit does not.
		{"orange discs, teal rings", StyleTango, slices.Concat(cellsSplit(kindSun, kindDisc, 0.75, 50), cellsOf(kindCircle, 50)), StyleDiscCircle},
		// wild-photos@9502's wild-photo-132: coloured pieces on grey
		// tiles, which pass the colour rules for Tango. The net sees
		// tiles in them, partly discs and rings; against Tango alone the
		// inked style explained them better.
		{"pieces on tiles taken for Tango", StyleTango, slices.Concat(cellsSplit(kindWarm, kindDisc, 0.6, 30), cellsSplit(kindCool, kindCircle, 0.6, 30)), ""},
		// The fit overrules Tango alone: the same cells on a grid the
		// hand rules took for tiles keep the colour style.
		{"orange discs, teal rings, on tiles", StyleTiles, slices.Concat(cellsSplit(kindSun, kindDisc, 0.75, 50), cellsOf(kindCircle, 50)), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mass, voted := glyphMass(tc.cells)
			got, ok := inkOverColour(tc.cells, mass, voted, tc.hand)
			if !ok {
				got = ""
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// cellsSplit makes n cells that each give share of their probability to
// kind a and the rest to kind b: how the net sees a doubtful glyph.
func cellsSplit(a, b int, share float64, n int) [][KindCount]float64 {
	out := make([][KindCount]float64, n)
	for i := range out {
		out[i][a], out[i][b] = share, 1-share
	}
	return out
}

// The style is the one that explains most cells, not the one a few cells
// give the most probability to. The cases are the shapes of the net's
// answers on rendered photos it misread under the summed vote.
func TestVoteStyle(t *testing.T) {
	all := func(Style) bool { return true }
	for _, tc := range []struct {
		name  string
		cells [][KindCount]float64
		want  Style
	}{
		// Plain O's, and X's blurred into 1's: too little X for the summed
		// vote's floor, so digits won, though no O looked like a 0.
		{"X/O, blurred X's", slices.Concat(cellsOf(kindO, 8), cellsSplit(kindDigit1, kindX, 0.7, 4)), StyleXO},
		// A sparse X/O/I puzzle that gives a single X.
		{"X/O/I with one X", slices.Concat(cellsOf(kindX, 1), cellsOf(kindO, 7), cellsOf(kindI, 7)), StyleXOI},
		{"digits, 0's half taken for O's", slices.Concat(cellsOf(kindDigit1, 10), cellsSplit(kindDigit0, kindO, 0.4, 10)), StyleDigits},
		// A big digit grid whose 1's now and then look like X's.
		{"digits, a few 1's as X", slices.Concat(cellsSplit(kindDigit1, kindI, 0.5, 200), cellsOf(kindDigit0, 200), cellsSplit(kindX, kindDigit1, 0.5, 10)), StyleDigits},
		{"X/O with I's here and there", slices.Concat(cellsOf(kindX, 20), cellsOf(kindO, 20), cellsSplit(kindI, kindX, 0.5, 2)), StyleXO},
		{"squares and circles", slices.Concat(cellsSplit(kindSquare, kindDisc, 0.7, 10), cellsOf(kindCircle, 10)), StyleSquareCircle},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := voteStyle(append(tc.cells, cellsOf(kindBlank, 10)...), all)
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestOtherColourStyle(t *testing.T) {
	for _, tc := range []struct {
		name  string
		hand  Style
		cells [][KindCount]float64
		want  Style // "" for keep the hand style
	}{
		{"pieces on grey tiles taken for Tango", StyleTango, slices.Concat(cellsOf(kindWarm, 12), cellsOf(kindCool, 9)), StyleTiles},
		{"Tango taken for tiles", StyleTiles, slices.Concat(cellsOf(kindSun, 7), cellsOf(kindMoon, 8)), StyleTango},
		{"real LinkedIn, as the net sees it", StyleTango, slices.Concat(cellsOf(kindSun, 4), cellsOf(kindDisc, 5)), ""},
		{"real Zuzu", StyleTiles, slices.Concat(cellsOf(kindWarm, 4), cellsOf(kindCool, 1)), ""},
		{"one warm tile among suns and moons", StyleTango, slices.Concat(cellsOf(kindSun, 5), cellsOf(kindMoon, 5), cellsOf(kindWarm, 1)), ""},
		{"only one tile colour", StyleTango, cellsOf(kindWarm, 10), ""},
		// The net is never quite sure: two pieces make a hair under two.
		{"two warm pieces on grey tiles", StyleTango, slices.Concat(nearlyCellsOf(kindWarm, 2), nearlyCellsOf(kindCool, 5)), StyleTiles},
		// Tango's kinds none at all: one cool piece is enough to tell.
		{"one cool piece among warm ones, no sun or moon", StyleTango, slices.Concat(cellsOf(kindWarm, 3), nearlyCellsOf(kindCool, 1)), StyleTiles},
		{"one cool piece among warm ones and a moon", StyleTango, slices.Concat(cellsOf(kindWarm, 3), nearlyCellsOf(kindCool, 1), cellsOf(kindMoon, 1)), ""},
		{"tiles without a clear lead", StyleTango, slices.Concat(cellsOf(kindSun, 5), cellsOf(kindMoon, 5), cellsOf(kindWarm, 8), cellsOf(kindCool, 8)), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mass, _ := glyphMass(tc.cells)
			got, ok := otherColourStyle(tc.hand, mass)
			if !ok {
				got = ""
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// A filled shape the grid's style does not draw still reads as the
// style's filled shape, but with doubt: a blotted ring in a grid of
// squares looks like a disc to the net, and the fix search can only
// suggest changing the cells the reading doubts.
func TestLabelByNetOtherShape(t *testing.T) {
	for _, tc := range []struct {
		name  string
		style Style
		cell  [KindCount]float64
		value solver.Cell
		conf  float64
	}{
		{"a square among squares", StyleSquareCircle, cellsOf(kindSquare, 1)[0], solver.One, 1},
		{"a disc among squares", StyleSquareCircle, cellsOf(kindDisc, 1)[0], solver.One, 0.5},
		{"a disc among discs", StyleDiscCircle, cellsOf(kindDisc, 1)[0], solver.One, 1},
		{"a square among discs", StyleDiscCircle, cellsOf(kindSquare, 1)[0], solver.One, 0.5},
		{"a ring among X's and O's", StyleXO, cellsOf(kindCircle, 1)[0], solver.Zero, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cells, conf, _ := LabelByNet(tc.style, [][KindCount]float64{tc.cell})
			if cells[0] != tc.value || math.Abs(conf[0]-tc.conf) > 1e-9 {
				t.Errorf("read %v at %.3f, want %v at %.3f", cells[0], conf[0], tc.value, tc.conf)
			}
		})
	}
}
