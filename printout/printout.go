package printout

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"gocv.io/x/gocv"

	"binocle/solver"
	"binocle/vision"
)

// PrintOptions shape a printable rendering. The zero value is a plain
// puzzle at the default cell size.
type PrintOptions struct {
	// CellPx is the side of one cell in pixels; DefaultPrintCellPx when 0.
	CellPx int
	// MarginPx is the white space around the grid; one cell when 0. The
	// reader needs some quiet paper around the border to find it.
	MarginPx int
	// Title is an optional line above the grid, such as "Takuzu 10×10 ·
	// Hard". Hershey fonts only have ASCII, so × and · are drawn as x and -
	// and other non-ASCII characters as '?'.
	Title string
	// Solution draws the answer sheet: givens in black, the cells the
	// solver filled in grey (paler colours for the colour styles). The
	// puzzle must then have exactly one solution; the error otherwise wraps
	// solver.ErrNotUnique.
	Solution bool
}

// Print size limits. Below MinPrintCellPx the clues on the lines have too
// few pixels to tell '=' from '×'; the pixel cap keeps a 64×64 grid at a
// large cell size from allocating gigabytes.
const (
	DefaultPrintCellPx = 64
	MinPrintCellPx     = 16
	MaxPrintCellPx     = 512
	maxPrintPixels     = 50_000_000
)

// Printed colours. solvedGrey stays darker than the reader's ink threshold
// against white paper, so an answer sheet reads back whole.
var (
	printPaper  = color.RGBA{255, 255, 255, 255}
	printInk    = color.RGBA{0, 0, 0, 255}
	solvedGrey  = color.RGBA{105, 105, 105, 255}
	tangoShade  = color.RGBA{226, 226, 226, 255} // LinkedIn shades given cells
	tangoSun    = color.RGBA{245, 168, 40, 255}
	tangoSunRim = color.RGBA{222, 120, 20, 255}
	tangoMoon   = color.RGBA{70, 125, 225, 255}
	// Tiles: the warm tile is 1, the cool one 0, grey is blank (0h h1).
	tileOne       = color.RGBA{210, 78, 52, 255}
	tileZero      = color.RGBA{48, 168, 205, 255}
	tileOneSoft   = color.RGBA{236, 140, 118, 255}
	tileZeroSoft  = color.RGBA{120, 200, 228, 255}
	tileBlank     = color.RGBA{222, 222, 222, 255}
	printStyleSet = []vision.Style{vision.StyleSquareCircle, vision.StyleDiscCircle, vision.StyleDigits, vision.StyleXO, vision.StyleXOI, vision.StyleTango, vision.StyleTiles}
)

// PrintStyles lists every style RenderPuzzle draws.
func PrintStyles() []vision.Style { return append([]vision.Style(nil), printStyleSet...) }

// ParseStyle accepts a style's name as the CLI and the JSON spell it.
func ParseStyle(s string) (vision.Style, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for _, st := range printStyleSet {
		if string(st) == name {
			return st, nil
		}
	}
	names := make([]string, len(printStyleSet))
	for i, st := range printStyleSet {
		names[i] = string(st)
	}
	return "", fmt.Errorf("unknown style %q (want one of %s)", s, strings.Join(names, ", "))
}

// DefaultPrintStyle is the style a puzzle prints in when none is asked
// for: xoi for Troix (the only style with three symbols), LinkedIn's look
// for a 6×6 with edge clues, and the newspapers' squares and circles
// otherwise.
func DefaultPrintStyle(p *solver.Puzzle) vision.Style {
	switch {
	case p == nil:
		return vision.StyleSquareCircle
	case p.Rules == solver.Troix:
		return vision.StyleXOI
	case len(p.Edges) > 0 && p.Rows == 6 && p.Cols == 6:
		return vision.StyleTango
	}
	return vision.StyleSquareCircle
}

// RenderPuzzle draws p black on white in the given glyph style, ready to
// print, and returns it encoded as PNG. The picture follows the
// conventions Read expects, so a photo of the print reads back.
func RenderPuzzle(p *solver.Puzzle, style vision.Style, opts PrintOptions) ([]byte, error) {
	pr, err := newPrinter(p, style, opts)
	if err != nil {
		return nil, err
	}
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(255, 255, 255, 0), pr.height, pr.width, gocv.MatTypeCV8UC3)
	defer m.Close()
	pr.draw(&m)
	buf, err := gocv.IMEncode(gocv.PNGFileExt, m)
	if err != nil {
		return nil, fmt.Errorf("print: encoding PNG: %w", err)
	}
	defer buf.Close()
	return append([]byte(nil), buf.GetBytes()...), nil
}

// printer holds one rendering's geometry: cell (r, c) spans
// [ox+c*cs, ox+(c+1)*cs) across and likewise down.
type printer struct {
	p             *solver.Puzzle
	style         vision.Style
	title         string
	shown         []solver.Cell // what each cell shows: givens, plus the solution on an answer sheet
	cs, ox, oy    int
	width, height int
}

func newPrinter(p *solver.Puzzle, style vision.Style, opts PrintOptions) (*printer, error) {
	if p == nil {
		return nil, errors.New("print: no puzzle")
	}
	if _, err := ParseStyle(string(style)); err != nil {
		return nil, fmt.Errorf("print: %w", err)
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("print: %w", err)
	}
	if p.Rules == solver.Troix && style != vision.StyleXOI {
		return nil, fmt.Errorf("print: style %s has two symbols and troix needs three; use %s", style, vision.StyleXOI)
	}
	cs := opts.CellPx
	if cs == 0 {
		cs = DefaultPrintCellPx
	}
	if cs < MinPrintCellPx || cs > MaxPrintCellPx {
		return nil, fmt.Errorf("print: cell size %d px is outside %d..%d", cs, MinPrintCellPx, MaxPrintCellPx)
	}
	margin := opts.MarginPx
	if margin == 0 {
		margin = cs
	}
	if margin < 0 || margin > 4*cs {
		return nil, fmt.Errorf("print: margin %d px is outside 0..%d (four cells)", margin, 4*cs)
	}
	pr := &printer{p: p, style: style, title: asciiTitle(opts.Title), cs: cs, shown: p.Cells}
	if opts.Solution {
		res := solver.Solve(p)
		if res.Status != solver.Unique {
			return nil, fmt.Errorf("print: answer sheet: %w (it has %s)", solver.ErrNotUnique, map[solver.Status]string{solver.Multiple: "several", solver.None: "none"}[res.Status])
		}
		pr.shown = res.Solution
	}
	titleBand := 0
	if pr.title != "" {
		titleBand = cs
	}
	pr.ox, pr.oy = margin, margin+titleBand
	// One extra pixel so that the right and bottom border lines, centred
	// on x = ox+cols*cs, are whole.
	pr.width = 2*margin + p.Cols*cs + 1
	pr.height = 2*margin + titleBand + p.Rows*cs + 1
	if pr.width*pr.height > maxPrintPixels {
		return nil, fmt.Errorf("print: %dx%d cells at %d px make a %dx%d image, over %d megapixels; use a smaller cell size",
			p.Rows, p.Cols, cs, pr.width, pr.height, maxPrintPixels/1_000_000)
	}
	return pr, nil
}

// asciiTitle keeps what Hershey fonts can draw.
func asciiTitle(s string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(s) {
		switch {
		case r == '×':
			b.WriteByte('x')
		case r == '·' || r == '–' || r == '—':
			b.WriteByte('-')
		case r < 0x20 || r == 0x7f:
			b.WriteByte(' ')
		case r < 0x80:
			b.WriteRune(r)
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}

func (pr *printer) given(i int) bool { return pr.p.Cells[i] != solver.Empty }

func (pr *printer) cellRect(r, c int) image.Rectangle {
	x, y := pr.ox+c*pr.cs, pr.oy+r*pr.cs
	return image.Rect(x, y, x+pr.cs, y+pr.cs)
}

func (pr *printer) centre(r, c int) image.Point {
	return image.Pt(pr.ox+c*pr.cs+pr.cs/2, pr.oy+r*pr.cs+pr.cs/2)
}

func (pr *printer) draw(m *gocv.Mat) {
	if pr.title != "" {
		putTextCentred(m, pr.title, image.Pt(pr.width/2, pr.oy-pr.cs/2), 0.4*float64(pr.cs), gocv.FontHersheyDuplex, max(1, pr.cs/24), printInk)
	}
	if pr.style == vision.StyleTiles {
		pr.drawTiles(m)
	} else {
		pr.drawRuled(m)
	}
	for _, e := range pr.p.Edges {
		pr.drawClue(m, e)
	}
}

// drawRuled is the newspaper look: thin inner lines, a thick outer border.
func (pr *printer) drawRuled(m *gocv.Mat) {
	rows, cols, cs := pr.p.Rows, pr.p.Cols, pr.cs
	if pr.style == vision.StyleTango {
		for i := range pr.p.Cells {
			if pr.given(i) {
				gocv.Rectangle(m, pr.cellRect(i/cols, i%cols), tangoShade, -1)
			}
		}
	}
	w, h := cols*cs, rows*cs
	line := oddAtLeast(cs/64, 1)
	for c := 1; c < cols; c++ {
		fillBar(m, pr.ox+c*cs, pr.oy, line, true, h, printInk)
	}
	for r := 1; r < rows; r++ {
		fillBar(m, pr.ox, pr.oy+r*cs, line, false, w, printInk)
	}
	border := oddAtLeast(cs/10, 3)
	ext := border / 2
	fillBar(m, pr.ox-ext, pr.oy, border, false, w+2*ext+1, printInk)
	fillBar(m, pr.ox-ext, pr.oy+h, border, false, w+2*ext+1, printInk)
	fillBar(m, pr.ox, pr.oy-ext, border, true, h+2*ext+1, printInk)
	fillBar(m, pr.ox+w, pr.oy-ext, border, true, h+2*ext+1, printInk)
	for i, v := range pr.shown {
		if v != solver.Empty {
			pr.drawGlyph(m, i/cols, i%cols, v, pr.given(i))
		}
	}
}

func oddAtLeast(n, least int) int { return max(n, least) | 1 }

// fillBar draws a line of odd thickness t centred on pixel column (or row) at.
func fillBar(m *gocv.Mat, x, y, t int, vertical bool, length int, col color.RGBA) {
	if vertical {
		gocv.Rectangle(m, image.Rect(x-t/2, y, x+t/2+1, y+length), col, -1)
		return
	}
	gocv.Rectangle(m, image.Rect(x, y-t/2, x+length, y+t/2+1), col, -1)
}

func (pr *printer) drawGlyph(m *gocv.Mat, r, c int, v solver.Cell, given bool) {
	p := pr.centre(r, c)
	cs := float64(pr.cs)
	ink := printInk
	if !given {
		ink = solvedGrey
	}
	// Glyphs keep clear of the lines, where the reader looks for clues.
	size := 0.54 * cs
	if len(pr.p.Edges) > 0 {
		size = 0.48 * cs
	}
	rad := int(size / 2)
	stroke := max(2, pr.cs/10)
	switch pr.style {
	case vision.StyleSquareCircle, vision.StyleDiscCircle:
		switch {
		case v == solver.Zero:
			gocv.CircleWithParams(m, p, rad-stroke/2, ink, stroke, gocv.LineAA, 0)
		case pr.style == vision.StyleSquareCircle:
			gocv.Rectangle(m, image.Rect(p.X-rad, p.Y-rad, p.X+rad, p.Y+rad), ink, -1)
		default:
			gocv.CircleWithParams(m, p, rad, ink, -1, gocv.LineAA, 0)
		}
	case vision.StyleDigits:
		putTextCentred(m, string(v.Char()), p, size, gocv.FontHersheySimplex, stroke, ink)
	case vision.StyleXO, vision.StyleXOI:
		putTextCentred(m, map[solver.Cell]string{solver.Zero: "O", solver.One: "X", solver.Two: "I"}[v], p, size, gocv.FontHersheySimplex, stroke, ink)
	case vision.StyleTango:
		pr.drawTangoGlyph(m, p, v, given)
	}
}

// drawTangoGlyph draws LinkedIn's sun (0) and moon (1). The moon is a disc
// with a bite of the cell's own colour taken out of it.
func (pr *printer) drawTangoGlyph(m *gocv.Mat, p image.Point, v solver.Cell, given bool) {
	rad := int(0.28 * float64(pr.cs))
	if v == solver.Zero {
		gocv.CircleWithParams(m, p, rad, tangoSun, -1, gocv.LineAA, 0)
		gocv.CircleWithParams(m, p, rad, tangoSunRim, max(1, pr.cs/30), gocv.LineAA, 0)
		return
	}
	cellColour := printPaper
	if given {
		cellColour = tangoShade
	}
	gocv.CircleWithParams(m, p, rad, tangoMoon, -1, gocv.LineAA, 0)
	bite := image.Pt(p.X+rad*2/5, p.Y-rad*3/10)
	gocv.CircleWithParams(m, bite, rad*4/5, cellColour, -1, gocv.LineAA, 0)
}

// drawTiles is 0h h1's look: a coloured tile per cell with gaps between and
// no lines. On an answer sheet the solved tiles are paler.
func (pr *printer) drawTiles(m *gocv.Mat) {
	gap := max(2, pr.cs/10)
	for i, v := range pr.shown {
		col := tileBlank
		switch {
		case v == solver.One && pr.given(i):
			col = tileOne
		case v == solver.One:
			col = tileOneSoft
		case v == solver.Zero && pr.given(i):
			col = tileZero
		case v == solver.Zero:
			col = tileZeroSoft
		}
		r := pr.cellRect(i/pr.p.Cols, i%pr.p.Cols)
		fillRoundRect(m, image.Rect(r.Min.X+gap/2, r.Min.Y+gap/2, r.Max.X-(gap-gap/2), r.Max.Y-(gap-gap/2)), pr.cs/8, col)
	}
}

func fillRoundRect(m *gocv.Mat, r image.Rectangle, rad int, col color.RGBA) {
	rad = min(rad, r.Dx()/2, r.Dy()/2)
	gocv.Rectangle(m, image.Rect(r.Min.X+rad, r.Min.Y, r.Max.X-rad, r.Max.Y), col, -1)
	gocv.Rectangle(m, image.Rect(r.Min.X, r.Min.Y+rad, r.Max.X, r.Max.Y-rad), col, -1)
	for _, p := range []image.Point{{r.Min.X + rad, r.Min.Y + rad}, {r.Max.X - rad - 1, r.Min.Y + rad}, {r.Max.X - rad - 1, r.Max.Y - rad - 1}, {r.Min.X + rad, r.Max.Y - rad - 1}} {
		gocv.CircleWithParams(m, p, rad, col, -1, gocv.LineAA, 0)
	}
}

// drawClue puts '=' or '×' on the line between two cells. The line runs on
// through the clue: a white patch under it would break the cells' outlines,
// which the reader's grid locator follows, and measurably shifts the grid
// it finds.
func (pr *printer) drawClue(m *gocv.Mat, e solver.Edge) {
	mid := pr.centre(e.R1, e.C1)
	if e.C1 != e.C2 {
		mid.X = pr.ox + max(e.C1, e.C2)*pr.cs
	} else {
		mid.Y = pr.oy + max(e.R1, e.R2)*pr.cs
	}
	s := max(3, int(0.15*float64(pr.cs)))
	t := max(2, pr.cs/14)
	if e.Rel == solver.Differ {
		gocv.Line(m, image.Pt(mid.X-s, mid.Y-s), image.Pt(mid.X+s, mid.Y+s), printInk, t)
		gocv.Line(m, image.Pt(mid.X-s, mid.Y+s), image.Pt(mid.X+s, mid.Y-s), printInk, t)
		return
	}
	gap := max(3, s*3/4)
	gocv.Line(m, image.Pt(mid.X-s, mid.Y-gap/2), image.Pt(mid.X+s, mid.Y-gap/2), printInk, t)
	gocv.Line(m, image.Pt(mid.X-s, mid.Y+gap/2), image.Pt(mid.X+s, mid.Y+gap/2), printInk, t)
}

// putTextCentred draws text whose ink box is size pixels tall, centred on p.
func putTextCentred(m *gocv.Mat, s string, p image.Point, size float64, font gocv.HersheyFont, stroke int, col color.RGBA) {
	unit := gocv.GetTextSize(s, font, 1, stroke)
	scale := size / math.Max(1, float64(unit.Y))
	sz := gocv.GetTextSize(s, font, scale, stroke)
	org := image.Pt(p.X-sz.X/2, p.Y+sz.Y/2)
	gocv.PutTextWithParams(m, s, org, font, scale, col, stroke, gocv.LineAA, false)
}
