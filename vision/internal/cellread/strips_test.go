package cellread

import (
	"strings"
	"testing"
)

// kindsOf turns a picture of a grid's cells, one letter a kind, into the
// net's probabilities, each cell sure of its kind: '.' blank, 's' square,
// 'c' circle, 'd' disc, 'x' X, 'o' O, 'i' I, 'u' sun, 'm' moon, 'w' a
// warm tile, 'k' a cool one, '1' a digit one, '0' a digit zero; '?' a
// glyph of no kind the net knows, its odds spread over four (a counter
// such as "57").
func kindsOf(t *testing.T, picture string) (rows, cols int, probs [][KindCount]float64) {
	t.Helper()
	letter := map[rune]int{'.': kindBlank, 's': kindSquare, 'c': kindCircle, 'd': kindDisc, 'x': kindX, 'o': kindO, 'i': kindI, 'u': kindSun, 'm': kindMoon, 'w': kindWarm, 'k': kindCool, '1': kindDigit1, '0': kindDigit0}
	lines := strings.Fields(picture)
	for _, line := range lines {
		if len(line) != len(lines[0]) {
			t.Fatalf("ragged picture %q", picture)
		}
		for _, ch := range line {
			if ch == '?' {
				var p [KindCount]float64
				p[kindDisc], p[kindCircle], p[kindO], p[kindX] = 0.4, 0.3, 0.2, 0.1
				probs = append(probs, p)
				continue
			}
			k, ok := letter[ch]
			if !ok {
				t.Fatalf("no kind for %q", ch)
			}
			var p [KindCount]float64
			p[k] = 1
			probs = append(probs, p)
		}
	}
	return len(lines), len(lines[0]), probs
}

func TestForeignStrips(t *testing.T) {
	cases := []struct {
		name    string
		style   Style
		picture string
		want    Strips
	}{
		{"a Tango board with counters read as a seventh column", StyleTango, `
			u....ui
			....m.i
			...m..i
			......1
			.m....i
			u....m.`, Strips{Right: 1}},
		{"counters past a blank margin, beside a full grid", StyleSquareCircle, `
			ssccsc.x1
			cscssc..i
			sccscs.1x
			cscscs..x
			scsccs.1i
			csscsc..1`, Strips{Right: 3}},
		{"counters above and to the left", StyleXO, `
			01100110
			1xoxxoox
			0oxoxoxo
			1xxooxox
			0oxoxxoo
			1xoxooxx`, Strips{Top: 1, Left: 1}},
		{"counters read as the style's kinds, the odds spread", StyleSquareCircle, `
			s..c..?
			..c.s.?
			.s..c.?
			c..s..?
			..s..c?
			s.c...?`, Strips{Right: 1}},
		{"a doubtful edge column with blanks is the puzzle's", StyleSquareCircle, `
			s..c..?
			..c.s..
			.s..c.?
			c..s...
			..s..c?
			s.c....`, Strips{}},
		{"a finished grid's doubtful edge column is the puzzle's", StyleSquareCircle, `
			scscs?
			cscsc?
			sccsc?
			cscsc?
			scssc?
			cscsc?`, Strips{}},
		{"a disc grid's blurred edge row read as squares", StyleDiscCircle, `
			.d..c.d
			c..d..c
			.cd..d.
			d..c..c
			sssdsss`, Strips{}},
		{"a Tango board's shaded edge row read as tiles", StyleTango, `
			umuumm
			umumum
			muummu
			umuumm
			.wwwcw`, Strips{}},
		{"an X/O/I grid whose edge row's O's read as plain circles", StyleXOI, `
			cic.xc
			o.xx.i
			.xxioi
			xox.oc
			.iixox`, Strips{}},
		{"a sparse puzzle's empty edge column is the puzzle's", StyleTango, `
			u....u.
			....m..
			...m...
			.......
			.m.....
			u....m.`, Strips{}},
		{"one misread glyph in an edge column", StyleSquareCircle, `
			scscsd
			cscssc
			sccscs
			cscscs`, Strips{}},
		{"a grid whose every glyph is foreign to its style", StyleXO, `
			sdsdsd
			dsdsds
			sdsdsd
			dsdsds
			sdsdsd`, Strips{}},
		{"no fewer than the smallest puzzle's side", StyleDigits, `
			011x
			100x
			011x
			100x`, Strips{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rows, cols, probs := kindsOf(t, tc.picture)
			if got := ForeignStrips(tc.style, rows, cols, probs, nil, 4); got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
	// A finished tile board with three clue badges over its top row's
	// lines, which the net reads as X's and an I: beside the clues read
	// there, they are the badges, not counters.
	badges := `
		wxkxik
		wwkkwk
		wkwkkw
		kwkwwk
		kkwwkw
		wkkwkw`
	for _, tc := range []struct {
		name  string
		clued []int
		want  Strips
	}{
		{"badges read as glyphs, no clue read", nil, Strips{Top: 1}},
		{"badges beside the clues read", []int{0, 1, 3, 4, 5}, Strips{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows, cols, probs := kindsOf(t, badges)
			clued := make([]bool, rows*cols)
			for _, i := range tc.clued {
				clued[i] = true
			}
			if got := ForeignStrips(StyleTiles, rows, cols, probs, clued, 4); got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
	t.Run("no kinds, no strips", func(t *testing.T) {
		if got := ForeignStrips(StyleXO, 6, 6, nil, nil, 4); got.Any() {
			t.Errorf("got %+v from no probabilities", got)
		}
	})
}
