package synth

import (
	"fmt"
	"image/color"
	"math/rand/v2"
	"strings"

	"gocv.io/x/gocv"
)

// SpecAt is spec i of a suite, wild (WildSuite) or tuned (Suite): one
// picture of a suite, for a test to render alone.
func (l *Library) SpecAt(wild bool, seed uint64, kind Kind, i int) (Spec, error) {
	suite := l.Suite
	if wild {
		suite = l.WildSuite
	}
	specs, err := suite(seed, kind, i+1)
	if err != nil {
		return Spec{}, err
	}
	return specs[i], nil
}

// WildSuite is Suite with the looks the tuned suites never draw, each
// chosen per spec from the wild suite's own random stream, so that no
// single look dominates: light and dark themes and tinted paper for every
// style, coloured ink and lines, thin, bold, dashed, partial or missing
// lines and borders, glyph variants and fonts, clues of every size on
// badges, discs or bare, shaded givens, counters, app and browser chrome,
// sizes from 4x4 to 40x40, and the player's own marks over a share of the
// boards. It shares no pixels with a tuned suite of the same seed, and
// like Suite, spec i depends only on seed and i.
func (l *Library) WildSuite(seed uint64, kind Kind, n int) ([]Spec, error) {
	specs, err := l.Suite(seed^wildSalt, kind, n)
	if err != nil {
		return nil, err
	}
	byID := map[string]Puzzle{}
	for _, ps := range l.Files {
		for _, p := range ps {
			byID[p.ID] = p
		}
	}
	for i := range specs {
		s := &specs[i]
		rng := rand.New(rand.NewPCG(seed, uint64(i)<<1|kindBit(kind)|wildSalt))
		s.ClueScale = 0.35 + 0.75*rng.Float64()
		s.ClueStroke = 1 / (20 + 35*rng.Float64())
		s.ClueBadge = rng.IntN(2) == 0
		p, ok := byID[s.Source]
		if !ok || s.Source == "random" {
			p = Puzzle{ID: s.Source, Rows: s.Rows, Cols: s.Cols, Givens: s.Givens, Solution: fillIn(rng, s.Givens, s.Style)}
		}
		wildSize(s, rng, &p)
		wildTheme(s, rng)
		wildRuling(s, rng)
		wildGlyphs(s, rng)
		wildClues(s, rng, p)
		wildMarks(s, rng, p)
		wildCanvas(s, rng)
		s.Name = fmt.Sprintf("wild-%s-%03d-%s-%s-%dx%d", kind, i, s.Style, s.Look, s.Rows, s.Cols)
	}
	return specs, nil
}

// The wild suites' shares: how often each look is drawn.
const (
	shareResize      = 0.3  // a random puzzle of a random size from 4 to 40 in place of the dataset's
	shareDark        = 0.25 // a dark theme (Tango: shareDarkTango); photos are of paper, rarely dark
	shareDarkTango   = 0.4
	shareDarkPhoto   = 0.08
	shareTint        = 0.35 // tinted paper
	shareInkColour   = 0.2
	shareLineColour  = 0.25
	shareSymbolInk   = 0.15 // each symbol in its own colour
	shareZuzu        = 0.25 // of the light tile boards: Zuzu's white card on a blue page
	shareNoInner     = 0.12 // no inner lines (shareNoInnerBig on boards of 20 and more)
	shareNoInnerBig  = 0.3
	shareBinairoBig  = 0.2 // of boards of 20 and more: puzzle-binairo.com's, no inner lines and only a top and left border
	shareLineWidth   = 0.35
	shareDashed      = 0.08
	shareBorderWidth = 0.3
	shareGlyphScale  = 0.45
	shareGlyphStroke = 0.35
	shareFont        = 0.5
	shareItalic      = 0.15
	shareShape       = 0.4
	shareClueBare    = 0.2
	shareCluePatch   = 0.12
	shareClueInk     = 0.2
	shareTileClues   = 0.3 // 0h h1 boards with clues in the gaps
	shareShade       = 0.2
	shareCounters    = 0.15
	shareMarks       = 0.25 // the player's marks over some empty cells
	shareWrongMarks  = 0.35 // of those, one to three marks that disagree with the solution
)

// wildSize replaces a share of the puzzles with random ones of the sizes
// the datasets lack, from 4x4 to 40x40 and not always square.
func wildSize(s *Spec, rng *rand.Rand, p *Puzzle) {
	if rng.Float64() >= shareResize {
		return
	}
	lo, hi := 4, 40
	switch s.Style {
	case StyleTango:
		hi = 12
	case StyleTiles:
		hi = 16
	case StyleXOI:
		lo, hi = 6, 15
	}
	side := func() int {
		switch r := rng.Float64(); {
		case r < 0.4:
			return lo + rng.IntN(min(hi, 10)-lo+1)
		case r < 0.7 && hi > 10:
			return 11 + rng.IntN(min(hi, 20)-10)
		case hi > 20:
			return 21 + rng.IntN(hi-20)
		}
		return lo + rng.IntN(hi-lo+1)
	}
	rows := side()
	cols := rows
	if rng.Float64() < 0.3 {
		cols = min(hi, max(lo, int(float64(rows)*(0.6+0.8*rng.Float64()))))
	}
	*p = randomPuzzle(rng, rows, cols)
	if s.Style == StyleXOI {
		for r := range p.Solution {
			p.Solution[r] = strings.Map(func(c rune) rune { return '0' + rune(rng.IntN(3)) }, p.Solution[r])
			p.Givens[r] = mask(p.Givens[r], p.Solution[r])
		}
	}
	s.Source, s.Rows, s.Cols, s.Givens, s.Cells, s.Edges = "random", rows, cols, p.Givens, p.Givens, nil
	if s.Style == StyleTango || (s.Style != StyleTiles && rows <= 16 && cols <= 16 && rng.Float64() < 0.2) {
		s.Edges = deriveEdges(rng, *p)
	}
}

// mask keeps givens' pattern of empty cells over the symbols of sol.
func mask(givens, sol string) string {
	out := []byte(sol)
	for i := range out {
		if givens[i] == '.' {
			out[i] = '.'
		}
	}
	return string(out)
}

// fillIn invents a solution for givens the library has none for; the
// marks drawn from it need only be plausible symbols.
func fillIn(rng *rand.Rand, givens []string, style string) []string {
	n := 2
	if style == StyleXOI {
		n = 3
	}
	out := make([]string, len(givens))
	for r, row := range givens {
		out[r] = strings.Map(func(c rune) rune {
			if c == '.' {
				return '0' + rune(rng.IntN(n))
			}
			return c
		}, row)
	}
	return out
}

func pick[T any](rng *rand.Rand, xs []T) T { return xs[rng.IntN(len(xs))] }

// jitter moves each channel of c by up to ±d.
func jitter(rng *rand.Rand, c color.RGBA, d int) color.RGBA {
	f := func(v uint8) uint8 { return uint8(min(255, max(0, int(v)+rng.IntN(2*d+1)-d))) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), 255}
}

var (
	tints       = []color.RGBA{{250, 230, 235, 255}, {250, 243, 222, 255}, {226, 232, 240, 255}, {232, 244, 234, 255}, {244, 236, 214, 255}}
	darkPapers  = []color.RGBA{{30, 32, 36, 255}, {18, 18, 20, 255}, {22, 28, 42, 255}, {40, 38, 46, 255}, {0, 0, 0, 255}}
	inks        = []color.RGBA{{20, 40, 110, 255}, {130, 20, 30, 255}, {20, 90, 50, 255}, {80, 30, 110, 255}, {90, 60, 30, 255}}
	lightInks   = []color.RGBA{{235, 235, 235, 255}, {200, 220, 255, 255}, {255, 228, 180, 255}, {180, 240, 200, 255}}
	lineColours = []color.RGBA{{150, 190, 235, 255}, {100, 170, 170, 255}, {200, 170, 130, 255}, {235, 170, 190, 255}, {150, 150, 150, 255}, {40, 90, 170, 255}}
	// symbolInks pairs a colour for 1 with one for 0, as apps colour them.
	symbolInks     = [][2]color.RGBA{{{200, 40, 40, 255}, {30, 80, 200, 255}}, {{20, 20, 20, 255}, {40, 110, 220, 255}}, {{230, 120, 20, 255}, {20, 140, 160, 255}}}
	darkSymbolInks = [][2]color.RGBA{{{255, 110, 110, 255}, {120, 170, 255, 255}}, {{240, 240, 240, 255}, {110, 170, 255, 255}}, {{255, 170, 80, 255}, {80, 210, 220, 255}}}
	// tilePalettes keep the warm tile the 1, as the reader expects: 0h h1,
	// Zuzu, and two more apps' colours.
	tilePalettes = [][2]color.RGBA{{{194, 80, 52, 255}, {48, 170, 200, 255}}, {{232, 152, 88, 255}, {104, 152, 208, 255}},
		{{250, 196, 50, 255}, {60, 118, 220, 255}}, {{225, 80, 130, 255}, {80, 90, 200, 255}}}
)

func wildTheme(s *Spec, rng *rand.Rand) {
	dark := shareDark
	switch {
	case s.Kind == KindPhoto:
		dark = shareDarkPhoto
	case s.Style == StyleTango:
		dark = shareDarkTango
	}
	s.Dark = rng.Float64() < dark
	tint, inked, lined, symbols := rng.Float64() < shareTint, rng.Float64() < shareInkColour, rng.Float64() < shareLineColour, rng.Float64() < shareSymbolInk
	switch {
	case s.Dark:
		if s.Style != StyleTango {
			s.Paper = jitter(rng, pick(rng, darkPapers), 6)
		}
		if inked && s.Style != StyleTango {
			s.Ink = pick(rng, lightInks)
		}
	case tint:
		s.Paper = jitter(rng, pick(rng, tints), 5)
		if s.Kind == KindPhoto {
			s.Paper = shade(s.Paper, 0.05) // paper under room light is never white
		}
		fallthrough
	default:
		if inked {
			s.Ink = jitter(rng, pick(rng, inks), 15)
		}
	}
	if lined && s.Style != StyleTiles {
		s.LineInk = jitter(rng, pick(rng, lineColours), 12)
		if s.Dark {
			s.LineInk = shade(s.LineInk, 0.5)
		}
		if rng.IntN(2) == 0 {
			s.BorderInk = s.LineInk
		}
	}
	switch {
	case s.Style == StyleTiles && s.Kind == KindClean && !s.Dark && rng.Float64() < shareZuzu:
		s.Paper, s.Card = jitter(rng, color.RGBA{85, 140, 200, 255}, 12), grey(uint8(246+rng.IntN(10)))
		s.OneInk, s.ZeroInk = jitter(rng, tilePalettes[1][0], 8), jitter(rng, tilePalettes[1][1], 8)
	case s.Style == StyleTiles && rng.IntN(2) == 0:
		pal := pick(rng, tilePalettes)
		s.OneInk, s.ZeroInk = jitter(rng, pal[0], 10), jitter(rng, pal[1], 10)
	case symbols && s.Kind == KindClean && s.Style != StyleTango && s.Style != StyleTiles: // print has one ink
		pals := symbolInks
		if s.Dark {
			pals = darkSymbolInks
		}
		pal := pick(rng, pals)
		s.OneInk, s.ZeroInk = pal[0], pal[1]
	}
}

func wildRuling(s *Spec, rng *rand.Rand) {
	if s.Style == StyleTiles {
		return
	}
	noInner := shareNoInner
	if max(s.Rows, s.Cols) >= 20 {
		noInner = shareNoInnerBig
	}
	if max(s.Rows, s.Cols) >= 20 && rng.Float64() < shareBinairoBig {
		s.NoInnerLines, s.Border = true, "tl"
		return
	}
	s.NoInnerLines = rng.Float64() < noInner
	if rng.Float64() < shareLineWidth {
		s.LineWidth = 1 / (10 + 60*rng.Float64())
	}
	s.DashedLines = !s.NoInnerLines && s.Style != StyleTango && rng.Float64() < shareDashed
	if rng.Float64() < shareBorderWidth {
		s.BorderWidth = 1 / (5 + 35*rng.Float64())
	}
	switch r := rng.Float64(); {
	case r < 0.15:
		s.Border = "trbl"
	case r < 0.27:
		s.Border = "none"
	case r < 0.33:
		s.Border = "tl" // puzzle-binairo.com's big boards
	case r < 0.45:
		var sides []byte
		for _, side := range []byte("trbl") {
			if rng.IntN(2) == 0 {
				sides = append(sides, side)
			}
		}
		s.Border = string(sides)
		if s.Border == "" {
			s.Border = "none"
		}
	}
}

// printFonts are the Hershey fonts a printed or app puzzle might use.
var printFonts = []gocv.HersheyFont{gocv.FontHersheySimplex, gocv.FontHersheyPlain, gocv.FontHersheyDuplex,
	gocv.FontHersheyComplex, gocv.FontHersheyTriplex, gocv.FontHersheyComplexSmall}

// shapes are each style's glyph variants.
var shapes = map[string][]string{
	StyleSquareCircle: {ShapeOpenSquare, ShapeRounded, ShapeRing},
	StyleDiscCircle:   {ShapeRing, ShapeDot},
	StyleXO:           {ShapeStrokes},
	StyleXOI:          {ShapeStrokes},
	StyleTango:        {ShapeDiscs, ShapeSparkle},
	StyleTiles:        {ShapeDiscs, ShapeDiamond},
}

func wildGlyphs(s *Spec, rng *rand.Rand) {
	if rng.Float64() < shareGlyphScale {
		s.GlyphScale = 0.65 + 0.7*rng.Float64()
	}
	printed := s.Style != StyleTango && s.Style != StyleTiles
	if printed && rng.Float64() < shareGlyphStroke {
		s.GlyphStroke = 1 / (7 + 23*rng.Float64())
	}
	if s.Style == StyleDigits || s.Style == StyleXO || s.Style == StyleXOI {
		if rng.Float64() < shareFont {
			// Hershey's script fonts turn X and O into cursive letters no
			// puzzle prints; the handwritten marks stand for handwriting.
			s.Font = 1 + int(pick(rng, printFonts))
		}
		s.Italic = rng.Float64() < shareItalic
	}
	if vs := shapes[s.Style]; len(vs) > 0 && rng.Float64() < shareShape {
		s.Shape = pick(rng, vs)
	}
	s.ShadeGivens = printed && rng.Float64() < shareShade
	share := shareCounters
	if s.Kind == KindPhoto {
		share /= 2
	}
	s.Counters = rng.Float64() < share
}

func wildClues(s *Spec, rng *rand.Rand, p Puzzle) {
	if s.Style == StyleTiles && rng.Float64() < shareTileClues {
		s.Edges = deriveEdges(rng, p)
	}
	bare := shareClueBare
	if s.Style == StyleTiles {
		bare = 0.6 // the gap between tiles holds a clue without a badge
	}
	s.ClueBare = rng.Float64() < bare
	if !s.ClueBare && rng.Float64() < shareCluePatch {
		s.CluePatch = jitter(rng, pick(rng, accents), 10)
		s.ClueInk = grey(250)
	} else if rng.Float64() < shareClueInk {
		s.ClueInk = jitter(rng, pick(rng, append(inks, accents...)), 10)
		if s.Dark {
			s.ClueInk = pick(rng, lightInks)
		}
	}
	switch r := rng.Float64(); {
	case r < 0.35:
		s.EqBars = EqFlat
	case r < 0.7:
		s.EqBars = EqTurned
	}
}

// wildMarks gives a share of the boards the player's marks: some of the
// empty cells filled from the solution, and now and then a wrong one, so
// that a check of the player's marks has something to find.
func wildMarks(s *Spec, rng *rand.Rand, p Puzzle) {
	if s.Style == StyleTiles || rng.Float64() >= shareMarks {
		return
	}
	s.Cells = s.Givens
	n := 2
	if s.Style == StyleXOI {
		n = 3
	}
	density := 0.15 + 0.7*rng.Float64()
	var marked [][2]int
	marks := make([]string, s.Rows)
	for r := range marks {
		row := []byte(strings.Repeat(".", s.Cols))
		for c := range row {
			if s.Cells[r][c] == '.' && rng.Float64() < density {
				row[c] = p.Solution[r][c]
				marked = append(marked, [2]int{r, c})
			}
		}
		marks[r] = string(row)
	}
	if len(marked) == 0 {
		return
	}
	if rng.Float64() < shareWrongMarks {
		for k := 1 + rng.IntN(3); k > 0; k-- {
			at := pick(rng, marked)
			row := []byte(marks[at[0]])
			row[at[1]] = byte('0' + (int(row[at[1]]-'0')+1+rng.IntN(n-1))%n)
			marks[at[0]] = string(row)
		}
	}
	s.Marks = marks
	switch r := rng.Float64(); {
	case s.Style == StyleTango:
	case s.Dark || s.Kind == KindClean && r < 0.6: // nobody writes on a screen
		s.MarkInk = MarkTyped
	case r < 0.8:
		s.MarkInk = MarkPen
	default:
		s.MarkInk = MarkPencil
	}
}

// wildCanvas picks the screenshot's chrome and an image size that suits
// it and the board, or a photo size for the board's size.
func wildCanvas(s *Spec, rng *rand.Rand) {
	maxCells := max(s.Rows, s.Cols)
	if s.Kind == KindPhoto {
		s.Width, s.Height = photoSize(rng, s.Fill, maxCells)
		return
	}
	// Every chrome leaves the board at least this many pixels a cell.
	const minCell = 16
	need := (maxCells+3)*minCell + 80
	switch r := rng.Float64(); {
	case r < 0.3:
		s.Width = max(need, 500+rng.IntN(700))
		s.Height = int(float64(s.Width) * (0.75 + 0.8*rng.Float64()))
	case r < 0.55:
		s.Chrome = ChromePhone
		s.Width = max(need, 480+rng.IntN(650))
		s.Height = int(float64(s.Width) * (1.9 + 0.3*rng.Float64()))
	case r < 0.8:
		s.Chrome = ChromeWeb
		s.Width = max(2*need, 1000+rng.IntN(900))
		s.Height = max(int(float64(s.Width)*(0.55+0.2*rng.Float64())), need*10/7)
	default:
		s.Chrome = ChromeBare
		s.Width = max(need, 360+rng.IntN(800))
		s.Height = int(float64(s.Width) * float64(s.Rows) / float64(s.Cols) * (1 + 0.15*rng.Float64()))
	}
}
