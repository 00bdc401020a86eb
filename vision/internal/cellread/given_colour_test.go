package cellread

import (
	"math/rand/v2"
	"slices"
	"testing"

	"binocle/solver"
)

// kthLargest agrees with sorting, with ties, on every rank.
func TestKthLargest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name   string
		values []float64
	}{
		{"one", []float64{3}},
		{"ties", []float64{2, 2, 2, 1, 1, 3}},
		{"descending", []float64{9, 8, 7, 6, 5, 4, 3, 2, 1}},
		{"random", func() []float64 {
			v := make([]float64, 301)
			for i := range v {
				v[i] = float64(rng.IntN(40))
			}
			return v
		}()},
	} {
		sorted := slices.Clone(tc.values)
		slices.Sort(sorted)
		slices.Reverse(sorted)
		for k := range sorted {
			if got := kthLargest(slices.Clone(tc.values), k); got != sorted[k] {
				t.Errorf("%s: rank %d: got %v, want %v", tc.name, k, got, sorted[k])
			}
		}
	}
}

// Two inks of one hue at two saturations are one ink; a blue pen
// against red or black print is not.
func TestSameHue(t *testing.T) {
	p := &Tuned.Givens
	redThick, redThin := inkPoint{0.95, 0.99, 0.05}, inkPoint{0.92, 1, 0.45}
	blue, black := inkPoint{0.3, 0.9, 1}, inkPoint{1, 1, 1}
	for _, tc := range []struct {
		name string
		a, b inkPoint
		want bool
	}{
		{"red, thick and thin", redThick, redThin, true},
		{"red print, blue pen", redThick, blue, false},
		{"black print, blue pen", black, blue, false},
	} {
		if got := sameHue(tc.a, tc.b, p); got != tc.want {
			t.Errorf("%s: sameHue %v, want %v", tc.name, got, tc.want)
		}
	}
}

// twoMeansCuts measures each group's radius and its thickness along the
// line between the groups. A photo's blue pen beside its black print,
// their strength scattered by blur and light, stands apart for the
// thickness and not for the radius: a doubtful split, which the marks
// model must confirm (colourGivens, netAgrees). One ink scattered the
// same way stands apart for neither.
func TestTwoMeansSpreadAlongTheSplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	p := &Tuned.Givens
	ink := func(blue float64) inkPoint {
		// Hue a little noisy, strength (the fourth axis) widely so.
		return inkPoint{blue + 0.03*rng.NormFloat64(), 0.97 + 0.02*rng.NormFloat64(), 1, 0.13 * rng.NormFloat64()}
	}
	for _, tc := range []struct {
		name        string
		blues       []float64 // each ink's first hue channel: 1 black, 0.6 a blue pen
		alongApart  bool
		radiusApart bool
	}{
		{"a blue pen beside black print", []float64{0.6, 1}, true, false},
		{"one black ink", []float64{1}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var points []inkPoint
			for _, b := range tc.blues {
				for range 150 {
					points = append(points, ink(b))
				}
			}
			tighter := twoMeansCuts(points)[0]
			centres, radius, along := tighter.centres, tighter.radius, tighter.along
			apart := dist(centres[0], centres[1])
			told := func(spread [2]float64) bool {
				return apart >= p.colourApart && apart >= p.colourSeparation*max(spread[0], spread[1], p.colourSpreadFloor)
			}
			if got := told(along); got != tc.alongApart {
				t.Errorf("apart %.3f, thickness along %.3v: told apart %v, want %v", apart, along, got, tc.alongApart)
			}
			if got := told(radius); got != tc.radiusApart {
				t.Errorf("apart %.3f, radius %.3v: told apart %v, want %v", apart, radius, got, tc.radiusApart)
			}
		})
	}
}

// A tight print beside a pen a photo scattered over two hues of its own
// (its thick strokes blue, a few thin ones fringed to another colour,
// further from the blue than the print is): the cut is print against
// the blue, not the few fringed strokes against the rest, as Lloyd's
// iterations from the two furthest points alone gave. The fringed
// strokes, nearer the print than the blue, may go with either.
func TestTwoMeansTightPrintBesideAScatteredPen(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 30))
	jitter := func(p inkPoint, hue float64) inkPoint {
		for c := range 3 {
			p[c] += hue * rng.NormFloat64()
		}
		p[3] += 0.04 * rng.NormFloat64()
		return p
	}
	var points []inkPoint
	var pen []bool
	for range 140 {
		points, pen = append(points, jitter(inkPoint{0.98, 0.99, 1, -0.04}, 0.01)), append(pen, false)
	}
	for range 60 {
		points, pen = append(points, jitter(inkPoint{0.15, 1, 0.9, -0.12}, 0.08)), append(pen, true)
	}
	for range 7 {
		points, pen = append(points, jitter(inkPoint{1, 0.1, 0.2, -0.25}, 0.08)), append(pen, true)
	}
	group := twoMeansCuts(points)[0].group
	wrong := 0
	for k := range points {
		if (group[k] == group[0]) == pen[k] {
			wrong++
		}
	}
	if wrong > 7 {
		t.Errorf("%d of %d inks cut from their own ink's group, want at most the 7 fringed", wrong, len(points))
	}
}

// A board printing each symbol in its own colour, with the player's
// entries of both symbols in one more ink: the ink both symbols share is
// the player's, even where one symbol's print has the pen's hue, paler.
// Where the print is one ink (one hue, at two saturations too), or each
// symbol holds one ink only, penAcrossSymbols finds nothing and leaves
// the board to the whole board's cut.
func TestPenAcrossSymbols(t *testing.T) {
	p := &Tuned.Givens
	rng := rand.New(rand.NewPCG(3, 4))
	teal, orange := inkPoint{0.55, 0.6, 1, 0}, inkPoint{1, 0.55, 0.1, 0}
	grey, blue, black := inkPoint{1, 1, 1, -0.3}, inkPoint{0.37, 0.91, 1, 0}, inkPoint{1, 1, 1, 0}
	// One hue at two saturations: print solid in the squares and paler
	// in thin rings; a thin print ring of the pen's hue, paler.
	olive, paleOlive, paleBlue := inkPoint{1, 0.5, 0.5, 0}, inkPoint{1, 0.6, 0.6, -0.2}, inkPoint{0.19, 0.63, 1, -0.25}
	type glyph struct {
		symbol solver.Cell
		ink    inkPoint
		n      int
	}
	for _, tc := range []struct {
		name   string
		glyphs []glyph
		found  bool
	}{
		{"teal 0s, orange 1s, grey entries", []glyph{{solver.Zero, teal, 20}, {solver.One, orange, 15}, {solver.Zero, grey, 9}, {solver.One, grey, 11}}, true},
		{"black discs, teal rings, blue pen", []glyph{{solver.One, black, 40}, {solver.Zero, teal, 38}, {solver.One, blue, 12}, {solver.Zero, blue, 10}}, true},
		{"black print, blue pen", []glyph{{solver.Zero, black, 30}, {solver.One, black, 30}, {solver.Zero, blue, 10}, {solver.One, blue, 12}}, false},
		{"teal 0s, orange 1s, no entries", []glyph{{solver.Zero, teal, 30}, {solver.One, orange, 30}}, false},
		{"black print, the player's 1s only", []glyph{{solver.Zero, black, 30}, {solver.One, black, 30}, {solver.One, blue, 10}}, false},
		{"olive squares, paler olive rings, blue pen", []glyph{{solver.One, olive, 30}, {solver.Zero, paleOlive, 30}, {solver.One, blue, 12}, {solver.Zero, blue, 12}}, false},
		{"black discs, paler rings of the pen's hue, blue pen", []glyph{{solver.One, black, 40}, {solver.Zero, paleBlue, 38}, {solver.One, blue, 12}, {solver.Zero, blue, 10}}, true},
	} {
		var cells []solver.Cell
		var inks []inkPoint
		var player []bool
		for _, g := range tc.glyphs {
			for range g.n {
				ink := g.ink
				for c := range ink {
					ink[c] += 0.02 * rng.NormFloat64()
				}
				cells = append(cells, g.symbol)
				inks = append(inks, ink)
				player = append(player, g.ink == grey || g.ink == blue)
			}
		}
		filled := make([]int, len(cells))
		for i := range filled {
			filled[i] = i
		}
		group, found := penAcrossSymbols(filled, inks, cells, p)
		if found != tc.found {
			t.Errorf("%s: found %v, want %v", tc.name, found, tc.found)
			continue
		}
		for k := range group {
			if (group[k] == 1) != player[k] {
				t.Errorf("%s: cell %d the player's %v, want %v", tc.name, k, group[k] == 1, player[k])
				break
			}
		}
	}
}
