package synth

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"

	"binocle/geom"
	"binocle/solver"
)

// wildCases set each wild option on a hand-made board. Every one must
// draw a different picture from the board without it; with
// SYNTH_LOOK_DIR set, the pictures are written there to be looked at.
var wildCases = []struct {
	name  string
	style string
	edit  func(*Spec)
}{
	{"dark", StyleDigits, func(s *Spec) { s.Dark = true }},
	{"dark-tiles", StyleTiles, func(s *Spec) { s.Dark = true }},
	{"paper", StyleSquareCircle, func(s *Spec) { s.Paper = color.RGBA{250, 230, 235, 255} }},
	{"ink", StyleXO, func(s *Spec) { s.Ink = color.RGBA{20, 40, 110, 255} }},
	{"line-ink", StyleDigits, func(s *Spec) { s.LineInk = color.RGBA{150, 190, 235, 255} }},
	{"border-ink", StyleDigits, func(s *Spec) { s.BorderInk = color.RGBA{200, 40, 40, 255} }},
	{"clue-ink", StyleTango, func(s *Spec) { s.ClueInk = color.RGBA{200, 40, 40, 255} }},
	{"symbol-inks", StyleDiscCircle, func(s *Spec) { s.OneInk, s.ZeroInk = color.RGBA{200, 40, 40, 255}, color.RGBA{30, 80, 200, 255} }},
	{"card", StyleTiles, func(s *Spec) { s.Card, s.Paper = grey(250), color.RGBA{85, 140, 200, 255} }},
	{"tile-colours", StyleTiles, func(s *Spec) { s.OneInk, s.ZeroInk = color.RGBA{232, 152, 88, 255}, color.RGBA{104, 152, 208, 255} }},
	{"clue-patch", StyleTango, func(s *Spec) { s.CluePatch, s.ClueInk = color.RGBA{10, 102, 194, 255}, grey(250) }},
	{"line-width", StyleDigits, func(s *Spec) { s.LineWidth = 0.1 }},
	{"border-width", StyleDigits, func(s *Spec) { s.BorderWidth = 0.2 }},
	{"no-inner-lines", StyleDigits, func(s *Spec) { s.NoInnerLines = true }},
	{"dashed", StyleXO, func(s *Spec) { s.DashedLines = true }},
	{"border-tl", StyleDigits, func(s *Spec) { s.Border = "tl" }},
	{"border-none-tango", StyleTango, func(s *Spec) { s.Border = "none" }},
	{"glyph-scale", StyleXO, func(s *Spec) { s.GlyphScale = 1.4 }},
	{"glyph-stroke", StyleDigits, func(s *Spec) { s.GlyphStroke = 0.12 }},
	{"font", StyleDigits, func(s *Spec) { s.Font = 8 }},
	{"italic", StyleXOI, func(s *Spec) { s.Italic = true }},
	{"open-square", StyleSquareCircle, func(s *Spec) { s.Shape = ShapeOpenSquare }},
	{"rounded", StyleSquareCircle, func(s *Spec) { s.Shape = ShapeRounded }},
	{"ring", StyleDiscCircle, func(s *Spec) { s.Shape = ShapeRing }},
	{"dot", StyleDiscCircle, func(s *Spec) { s.Shape = ShapeDot }},
	{"strokes", StyleXOI, func(s *Spec) { s.Shape = ShapeStrokes }},
	{"tango-discs", StyleTango, func(s *Spec) { s.Shape = ShapeDiscs }},
	{"sparkle", StyleTango, func(s *Spec) { s.Shape = ShapeSparkle }},
	{"tile-discs", StyleTiles, func(s *Spec) { s.Shape = ShapeDiscs }},
	{"tile-diamonds", StyleTiles, func(s *Spec) { s.Shape = ShapeDiamond }},
	{"clue-bare", StyleTango, func(s *Spec) { s.ClueBare = true }},
	{"tile-clues", StyleTiles, func(s *Spec) { s.Edges, s.ClueBare = handEdges, true }},
	{"eq-turned", StyleTango, func(s *Spec) { s.EqBars = EqTurned }},
	{"eq-flat", StyleTango, func(s *Spec) { s.EqBars, s.ClueBare = EqFlat, true }},
	{"shade-givens", StyleXO, func(s *Spec) { s.ShadeGivens = true }},
	{"counters", StyleDigits, func(s *Spec) { s.Counters = true }},
	{"tile-counters", StyleTiles, func(s *Spec) { s.Counters = true }},
	{"chrome-bare", StyleTango, func(s *Spec) { s.Chrome = ChromeBare }},
	{"chrome-phone", StyleDigits, func(s *Spec) { s.Chrome, s.Height = ChromePhone, 1900 }},
	{"chrome-web", StyleSquareCircle, func(s *Spec) { s.Chrome, s.Width, s.Height = ChromeWeb, 1400, 900 }},
	{"marks-pen", StyleDigits, func(s *Spec) { s.Marks, s.MarkInk = handMarks(s), MarkPen }},
	{"marks-pencil", StyleSquareCircle, func(s *Spec) { s.Marks, s.MarkInk = handMarks(s), MarkPencil }},
	{"marks-typed", StyleXO, func(s *Spec) { s.Marks, s.MarkInk = handMarks(s), MarkTyped }},
	{"marks-disc", StyleDiscCircle, func(s *Spec) { s.Marks = handMarks(s) }},
	{"marks-xoi", StyleXOI, func(s *Spec) { s.Marks = handMarks(s) }},
	{"marks-tango", StyleTango, func(s *Spec) { s.Marks = handMarks(s) }},
}

var handEdges = []solver.Edge{{R1: 0, C1: 0, R2: 0, C2: 1, Rel: solver.Equal}, {R1: 1, C1: 1, R2: 2, C2: 1, Rel: solver.Differ}, {R1: 3, C1: 4, R2: 3, C2: 5, Rel: solver.Differ}}

// handMarks fills every empty cell of a hand spec, a 1 where the row
// and column add up to an odd number.
func handMarks(s *Spec) []string {
	marks := make([]string, s.Rows)
	for r := range marks {
		row := []byte(strings.Repeat(".", s.Cols))
		for c := range row {
			if s.Cells[r][c] == '.' {
				row[c] = byte('0' + (r+c)%2)
			}
		}
		marks[r] = string(row)
	}
	return marks
}

func TestEveryWildOptionChangesThePicture(t *testing.T) {
	dir := os.Getenv("SYNTH_LOOK_DIR")
	bases := map[string]Sample{}
	for _, tc := range wildCases {
		for _, kind := range []Kind{KindClean, KindPhoto} {
			if kind == KindPhoto && (testing.Short() || strings.HasPrefix(tc.name, "chrome")) {
				continue // chrome is a screenshot's alone
			}
			base := handSpec(kind, tc.style, lookFor(tc.style), 6, 6)
			if kind == KindPhoto {
				base.Width, base.Height = 800, 600 // small, for speed: what is drawn is the same
			}
			if tc.style == StyleTiles {
				base.Edges = nil
			}
			spec := base
			tc.edit(&spec)
			if !spec.hasWildLook() && !spec.Dark {
				t.Errorf("%s: the spec does not count as a wild look", tc.name)
			}
			key := tc.style + string(kind)
			a, ok := bases[key]
			if !ok {
				var err error
				if a, err = Render(base); err != nil {
					t.Fatal(err)
				}
				bases[key] = a
			}
			spec.Name = "look-" + tc.name + "-" + string(kind)
			b, err := Render(spec)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if bytes.Equal(a.Data, b.Data) {
				t.Errorf("%s %s: the option drew the same picture", tc.name, kind)
			}
			if dir != "" {
				if err := b.WriteFiles(dir); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func decode(t *testing.T, s Sample) image.Image {
	t.Helper()
	var img image.Image
	var err error
	if s.Ext == ".png" {
		img, err = png.Decode(bytes.NewReader(s.Data))
	} else {
		img, err = jpeg.Decode(bytes.NewReader(s.Data))
	}
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// renderCells renders a clean spec and gives its top-left truth corner
// and cell size.
func renderCells(t *testing.T, spec Spec) (Sample, image.Image, [2]float64, float64) {
	t.Helper()
	s, err := Render(spec)
	if err != nil {
		t.Fatal(err)
	}
	tl := s.Truth.Corners[0]
	return s, decode(t, s), tl, (s.Truth.Corners[2][0] - tl[0]) / float64(spec.Cols)
}

// emptySpec is a clean print-look board with no glyphs, so that every
// dark pixel inside it is a line.
func emptySpec(rows, cols int) Spec {
	s := handSpec(KindClean, StyleDigits, LookPrint, rows, cols)
	s.Cells = make([]string, rows)
	for r := range s.Cells {
		s.Cells[r] = strings.Repeat(".", cols)
	}
	s.Givens = s.Cells
	return s
}

// lineDarkness is how far below the page a lattice line at x (or y) runs,
// sampled at the middle of each cell it passes.
func lineDarkness(img image.Image, tr Truth, index int, vertical bool) float64 {
	tl, br := tr.Corners[0], tr.Corners[2]
	cw, ch := (br[0]-tl[0])/float64(tr.Cols), (br[1]-tl[1])/float64(tr.Rows)
	page := lum(img, int(tl[0]-cw), int(tl[1]-ch))
	worst := 0.0
	n := tr.Rows
	if !vertical {
		n = tr.Cols
	}
	for k := 0; k < n; k++ {
		x, y := tl[0]+float64(index)*cw, tl[1]+(float64(k)+0.5)*ch
		if !vertical {
			x, y = tl[0]+(float64(k)+0.5)*cw, tl[1]+float64(index)*ch
		}
		worst = math.Max(worst, page-lum(img, int(math.Round(x)), int(math.Round(y))))
	}
	return worst
}

// inkStep is the darkness that tells a drawn line from the page.
const inkStep = 40

// TestRuling: puzzle-binairo.com's big boards have no inner lines and
// only a top and left border; other pages draw any subset of the border.
func TestRuling(t *testing.T) {
	cases := []struct {
		border  string
		noInner bool
		sides   string // the sides that must show a line
	}{
		{"", false, "trbl"},
		{"tl", true, "tl"},
		{"none", false, ""},
		{"rb", true, "rb"},
		{"trbl", true, "trbl"},
	}
	for _, tc := range cases {
		spec := emptySpec(12, 16)
		spec.Border, spec.NoInnerLines = tc.border, tc.noInner
		spec.Name = "ruling-" + tc.border
		s, err := Render(spec)
		if err != nil {
			t.Fatal(err)
		}
		img := decode(t, s)
		for c := 1; c < spec.Cols; c++ {
			if d := lineDarkness(img, s.Truth, c, true); (d > inkStep) == tc.noInner {
				t.Errorf("border %q, no inner lines %v: inner column line %d darkness %.0f", tc.border, tc.noInner, c, d)
			}
		}
		for r := 1; r < spec.Rows; r++ {
			if d := lineDarkness(img, s.Truth, r, false); (d > inkStep) == tc.noInner {
				t.Errorf("border %q, no inner lines %v: inner row line %d darkness %.0f", tc.border, tc.noInner, r, d)
			}
		}
		for i, side := range "trbl" {
			index, vertical := map[rune]int{'t': 0, 'r': spec.Cols, 'b': spec.Rows, 'l': 0}[side], i%2 == 1
			d := lineDarkness(img, s.Truth, index, vertical)
			if want := strings.ContainsRune(tc.sides, side); (d > inkStep) != want {
				t.Errorf("border %q: side %c darkness %.0f, want a line: %v", tc.border, side, d, want)
			}
		}
	}
}

// TestMarksTruth: the truth shows every visible cell and names the
// printed givens apart.
func TestMarksTruth(t *testing.T) {
	for _, style := range []string{StyleDigits, StyleTango} {
		spec := handSpec(KindClean, style, lookFor(style), 6, 6)
		spec.Marks = handMarks(&spec)
		s, err := Render(spec)
		if err != nil {
			t.Fatal(err)
		}
		for r := 0; r < spec.Rows; r++ {
			for c := 0; c < spec.Cols; c++ {
				printed, mark := spec.Cells[r][c], spec.Marks[r][c]
				want := printed
				if mark != '.' {
					want = mark
				}
				if s.Truth.Cells[r][c] != want {
					t.Errorf("%s (%d, %d): truth cell %c, want %c", style, r, c, s.Truth.Cells[r][c], want)
				}
				if g := s.Truth.Givens[r][c]; g != printed {
					t.Errorf("%s (%d, %d): truth given %c, want the printed %c", style, r, c, g, printed)
				}
			}
		}
	}
	bad := handSpec(KindClean, StyleDigits, LookPrint, 6, 6)
	bad.Marks = append([]string(nil), bad.Cells...) // a mark on every printed cell
	if _, err := Render(bad); err == nil || !strings.Contains(err.Error(), "printed cell") {
		t.Errorf("a mark over a printed cell: got %v", err)
	}
	bad.Marks = []string{"......"}
	if _, err := Render(bad); err == nil || !strings.Contains(err.Error(), "mark rows") {
		t.Errorf("too few mark rows: got %v", err)
	}
}

// TestTangoMarksSitOnUnshadedCells: in Tango the givens keep their
// shaded cell and the player's pieces sit on plain ones.
func TestTangoMarksSitOnUnshadedCells(t *testing.T) {
	spec := handSpec(KindClean, StyleTango, LookApp, 6, 6)
	spec.Edges = nil
	spec.Marks = handMarks(&spec)
	s, img, tl, cs := renderCells(t, spec)
	corner := func(r, c int) float64 { // inside the cell, clear of the piece
		return lum(img, int(tl[0]+(float64(c)+0.12)*cs), int(tl[1]+(float64(r)+0.12)*cs))
	}
	for r := 0; r < 6; r++ {
		for c := 0; c < 6; c++ {
			given := spec.Givens[r][c] != '.'
			if v := corner(r, c); given == (v > 250) {
				t.Errorf("(%d, %d): given %v, cell luminance %.0f", r, c, given, v)
			}
			if s.Truth.Givens[r][c] != '.' != given {
				t.Errorf("(%d, %d): truth given %c", r, c, s.Truth.Givens[r][c])
			}
		}
	}
}

// TestHandwrittenMarksAreInked: pen marks are blue, pencil marks grey,
// and both fall inside their cells.
func TestHandwrittenMarksAreInked(t *testing.T) {
	for _, ink := range []string{MarkPen, MarkPencil} {
		spec := emptySpec(6, 6)
		spec.Cells[0] = "1....."
		spec.Givens = spec.Cells
		spec.Marks = handMarks(&spec)
		spec.MarkInk = ink
		_, img, tl, cs := renderCells(t, spec)
		blue, dark := 0, 0
		for y := int(tl[1] + 2.1*cs); y < int(tl[1]+2.9*cs); y++ {
			for x := int(tl[0] + 3.1*cs); x < int(tl[0]+3.9*cs); x++ {
				r, g, b, _ := img.At(x, y).RGBA()
				if lum(img, x, y) < 170 {
					dark++
					if b>>8 > r>>8+50 && b>>8 > g>>8+30 {
						blue++
					}
				}
			}
		}
		if dark == 0 {
			t.Errorf("%s: no ink in a marked cell", ink)
		}
		if (blue > dark/2) != (ink == MarkPen) {
			t.Errorf("%s: %d of %d inked pixels blue", ink, blue, dark)
		}
	}
}

// brightGlyph is the luminance a glyph on a dark theme reaches at least:
// 0h h1's dimmer tiles sit a little above it.
const brightGlyph = 105

// TestDarkThemeForEveryStyle: a dark theme is a dark picture with light
// glyphs, in every style.
func TestDarkThemeForEveryStyle(t *testing.T) {
	for _, style := range Styles {
		spec := handSpec(KindClean, style, lookFor(style), 6, 6)
		spec.Dark, spec.Chrome = true, ChromeBare
		s, err := Render(spec)
		if err != nil {
			t.Fatal(err)
		}
		img := decode(t, s)
		b := img.Bounds()
		sum, bright := 0.0, 0
		for y := b.Min.Y; y < b.Max.Y; y += 3 {
			for x := b.Min.X; x < b.Max.X; x += 3 {
				v := lum(img, x, y)
				sum += v
				if v > brightGlyph {
					bright++
				}
			}
		}
		n := float64(b.Dx()/3) * float64(b.Dy()/3)
		if mean := sum / n; mean > 100 || bright == 0 {
			t.Errorf("%s: dark theme has mean luminance %.0f and %d bright samples", style, mean, bright)
		}
	}
}

// TestChromeKeepsTheBoardInside: whatever surrounds the board, the cell
// area lies wholly in the picture, for boards of 4 to 40 cells.
func TestChromeKeepsTheBoardInside(t *testing.T) {
	for _, chrome := range []string{"", ChromeBare, ChromePhone, ChromeWeb} {
		for _, n := range []int{4, 40} {
			spec := emptySpec(n, n)
			spec.Chrome, spec.Counters = chrome, true
			spec.Width, spec.Height = 760, 1500
			if chrome == ChromeWeb {
				spec.Width, spec.Height = 1500, 1000
			}
			s, err := Render(spec)
			if err != nil {
				t.Fatalf("chrome %q, %dx%d: %v", chrome, n, n, err)
			}
			for _, c := range s.Truth.Corners {
				if c[0] < 0 || c[1] < 0 || c[0] > float64(spec.Width) || c[1] > float64(spec.Height) {
					t.Errorf("chrome %q, %dx%d: corner %v outside the %dx%d picture", chrome, n, n, c, spec.Width, spec.Height)
				}
			}
		}
	}
}

// wildPrefix is how many specs of each wild suite the render test draws,
// and cellCheckedPhotos how many of the photos it also checks cell by
// cell (each check renders the photo twice); -short draws fewer.
const (
	wildPrefix        = 200
	cellCheckedPhotos = 40
)

// TestWildSpecsRender: every wild spec of the first wildPrefix renders,
// at its size, with a truth that agrees with its spec, and its glyphs
// where the truth puts them.
func TestWildSpecsRender(t *testing.T) {
	lib := library(t)
	n, photosChecked := wildPrefix, cellCheckedPhotos
	if testing.Short() {
		n, photosChecked = 30, 10
	}
	for _, kind := range []Kind{KindClean, KindPhoto} {
		seed := uint64(9001)
		if kind == KindPhoto {
			seed = 9002
		}
		specs, err := lib.WildSuite(seed, kind, n)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		work := make(chan int)
		for w := 0; w < runtime.GOMAXPROCS(0); w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range work {
					sample, ok := checkWildRender(t, specs[i])
					if ok && (kind == KindClean || i < photosChecked) {
						checkGlyphsInCells(t, specs[i], sample)
					}
				}
			}()
		}
		for i := range specs {
			work <- i
		}
		close(work)
		wg.Wait()
	}
}

// checkGlyphsInCells: the difference between a render and the same spec
// with every cell empty is the glyphs; each must lie in the cell the
// truth puts it in, which checks the truth corners and the drawing
// together. A bent page or a turned JPEG has no one homography to map
// cells through, so those are left out.
func checkGlyphsInCells(t *testing.T, s Spec, full Sample) {
	if s.Bend != 0 || s.Orientation > 1 {
		return
	}
	blank := s
	blank.Cells, blank.Marks = make([]string, s.Rows), nil
	for r := range blank.Cells {
		blank.Cells[r] = strings.Repeat(".", s.Cols)
	}
	empty, err := Render(blank)
	if err != nil {
		t.Errorf("%s without glyphs: %v", s.Name, err)
		return
	}
	a, b := decode(t, full), decode(t, empty)
	tr := full.Truth
	grid := [4][2]float64{{0, 0}, {float64(tr.Cols), 0}, {float64(tr.Cols), float64(tr.Rows)}, {0, float64(tr.Rows)}}
	h, ok := geom.FromQuads(grid, tr.Corners)
	if !ok {
		t.Errorf("%s: degenerate truth corners %v", s.Name, tr.Corners)
		return
	}
	step := 1 / math.Max(2, 1.5*cellSizeOut(tr.Corners, tr.Rows, tr.Cols))
	var diff float64 = glyphStep
	if s.Kind == KindPhoto {
		diff = photoGlyphStep
	}
	// inked counts the sample points that differ in the central part of
	// cell (r, c).
	inked := func(r, c int, part float64) int {
		k := 0
		for v := (1 - part) / 2; v < (1+part)/2; v += step {
			for u := (1 - part) / 2; u < (1+part)/2; u += step {
				x, y := h.Apply(float64(c)+u, float64(r)+v)
				if colourDistance(a.At(int(x), int(y)), b.At(int(x), int(y))) > diff {
					k++
				}
			}
		}
		return k
	}
	bad := 0
	for r, row := range tr.Cells {
		for c := 0; c < len(row); c++ {
			if filled := row[c] != '.'; filled && inked(r, c, 0.9) == 0 || !filled && inked(r, c, 0.5) > 0 {
				bad++
			}
		}
	}
	if bad > 0 {
		t.Errorf("%s: %d cells whose glyph is not where the truth puts it", s.Name, bad)
	}
}

// The differences that count as a glyph: on a screenshot the ink against
// the page; in a photo less, as blur, light and JPEG soften the ink.
const (
	glyphStep      = 40
	photoGlyphStep = 25
)

func checkWildRender(t *testing.T, s Spec) (Sample, bool) {
	sample, err := Render(s)
	if err != nil {
		t.Errorf("%s: %v", s.Name, err)
		return sample, false
	}
	tr := sample.Truth
	if tr.Rows < 4 || tr.Rows > 40 || tr.Cols < 4 || tr.Cols > 40 {
		t.Errorf("%s: %dx%d outside 4..40", s.Name, tr.Rows, tr.Cols)
	}
	var cfg image.Config
	if sample.Ext == ".png" {
		cfg, err = png.DecodeConfig(bytes.NewReader(sample.Data))
	} else {
		cfg, err = jpeg.DecodeConfig(bytes.NewReader(sample.Data))
		if s.Orientation == 6 || s.Orientation == 8 {
			cfg.Width, cfg.Height = cfg.Height, cfg.Width
		}
	}
	if err != nil || cfg.Width != tr.Width || cfg.Height != tr.Height {
		t.Errorf("%s: decoded %dx%d (%v), truth %dx%d", s.Name, cfg.Width, cfg.Height, err, tr.Width, tr.Height)
	}
	for _, c := range tr.Corners {
		if c[0] < 0 || c[1] < 0 || c[0] > float64(tr.Width) || c[1] > float64(tr.Height) {
			t.Errorf("%s: corner %v outside the picture", s.Name, c)
		}
	}
	if len(tr.Cells) != tr.Rows || len(tr.Givens) != tr.Rows {
		t.Errorf("%s: %d cell rows, %d given rows", s.Name, len(tr.Cells), len(tr.Givens))
		return sample, false
	}
	for r := range tr.Cells {
		for c := 0; c < tr.Cols; c++ {
			cell, given := tr.Cells[r][c], tr.Givens[r][c]
			if given != '.' && given != cell {
				t.Errorf("%s (%d, %d): given %c under cell %c", s.Name, r, c, given, cell)
			}
			if s.Marks != nil && s.Marks[r][c] != '.' && given != '.' {
				t.Errorf("%s (%d, %d): a mark counted as a given", s.Name, r, c)
			}
		}
	}
	return sample, true
}

// TestWildShares: every look turns up, none dominates, and the marks
// come with a few wrong ones.
func TestWildShares(t *testing.T) {
	lib := library(t)
	const n = 420
	for _, kind := range []Kind{KindClean, KindPhoto} {
		specs, err := lib.WildSuite(9001, kind, n)
		if err != nil {
			t.Fatal(err)
		}
		count := map[string]int{}
		small, big := false, false
		puzzles := byIDs(lib)
		for _, s := range specs {
			p := puzzles[s.Source]
			small = small || min(s.Rows, s.Cols) <= 5
			big = big || max(s.Rows, s.Cols) >= 35
			for name, on := range map[string]bool{
				"dark": s.Dark, "paper": s.Paper.A != 0, "ink": s.Ink.A != 0, "line ink": s.LineInk.A != 0,
				"no inner lines": s.NoInnerLines, "line width": s.LineWidth > 0, "dashed": s.DashedLines,
				"border tl": s.Border == "tl", "border none": s.Border == "none", "border full": s.Border == "trbl",
				"glyph scale": s.GlyphScale > 0, "glyph stroke": s.GlyphStroke > 0, "font": s.Font > 0, "italic": s.Italic,
				"shape": s.Shape != "", "clue bare": s.ClueBare, "clue patch": s.CluePatch.A != 0, "eq turned": s.EqBars == EqTurned,
				"shade": s.ShadeGivens, "counters": s.Counters, "marks": s.Marks != nil, "random size": s.Source == "random",
				"dark " + s.Style: s.Dark, "chrome " + s.Chrome: kind == KindClean, "card": s.Card.A != 0,
				"binairo big": s.NoInnerLines && s.Border == "tl" && max(s.Rows, s.Cols) >= 20,
				"wrong marks": s.Marks != nil && p.ID != "" && wrongMarks(s.Marks, p.Solution) > 0,
			} {
				if on {
					count[name]++
				}
			}
		}
		if !small || !big {
			t.Errorf("%s: a board of 5 or less: %v, of 35 or more: %v", kind, small, big)
		}
		for name, k := range count {
			if float64(k) > 0.6*n && !strings.HasPrefix(name, "dark ") {
				t.Errorf("%s: %s in %d of %d specs dominates", kind, name, k, n)
			}
		}
		want := []string{"paper", "ink", "line ink", "no inner lines", "line width", "dashed", "border tl", "border none", "border full",
			"glyph scale", "glyph stroke", "font", "italic", "shape", "clue bare", "clue patch", "eq turned", "shade", "counters",
			"marks", "random size", "wrong marks", "dark", "binairo big"}
		if kind == KindClean {
			want = append(want, "chrome ", "chrome bare", "chrome phone", "chrome web", "card")
			for _, st := range Styles {
				want = append(want, "dark "+st)
			}
		}
		for _, w := range want {
			if count[w] == 0 {
				t.Errorf("%s: no spec in %d with %s", kind, n, w)
			}
		}
		if m := count["marks"]; m < n/6 || m > n/3 {
			t.Errorf("%s: %d of %d specs with marks, want 20 to 30 %%", kind, m, n)
		}
	}
}

// colourDistance is the largest difference of one channel, 0 to 255:
// a yellow tile and a grey one may share their luminance.
func colourDistance(p, q color.Color) float64 {
	r1, g1, b1, _ := p.RGBA()
	r2, g2, b2, _ := q.RGBA()
	d := func(u, v uint32) float64 { return math.Abs(float64(u)-float64(v)) / 257 }
	return math.Max(d(r1, r2), math.Max(d(g1, g2), d(b1, b2)))
}

func byIDs(lib *Library) map[string]Puzzle {
	m := map[string]Puzzle{}
	for _, ps := range lib.Files {
		for _, p := range ps {
			m[p.ID] = p
		}
	}
	return m
}

func wrongMarks(marks, solution []string) int {
	n := 0
	for r := range marks {
		for c := 0; c < len(marks[r]); c++ {
			if marks[r][c] != '.' && marks[r][c] != solution[r][c] {
				n++
			}
		}
	}
	return n
}
