package synth

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"

	"gocv.io/x/gocv"
)

// board draws one puzzle grid at integer pixel geometry: cell (r, c) spans
// [ox+c*cs, ox+(c+1)*cs) horizontally and likewise vertically.
type board struct {
	spec   *Spec
	cs     int
	ox, oy int

	background color.RGBA // under the grid: paper, web page or app card
	cell       color.RGBA // cell fill when it differs from background (Tango)
	shaded     color.RGBA // Tango givens
	ink        color.RGBA
	line       color.RGBA
	border     color.RGBA
	lineT      int     // odd, so the line's centre is a pixel centre
	borderT    int     // odd
	omit       [4]bool // top, right, bottom, left outer border not drawn
	roundedBox bool    // Tango's rounded outer frame

	glyph     float64 // glyph size as a fraction of the cell
	strokeDiv int     // stroke = cs/strokeDiv
	font      gocv.HersheyFont
	eqTurns   bool // '=' on a vertical line drawn as '‖'
	clueInk   color.RGBA

	tileGap, tileRadius int
	panel               color.RGBA // non-zero: a dark board drawn under the tiles
	tileOne, tileZero   color.RGBA
	tileEmpty           color.RGBA

	wild *wildBoard // the wild looks' choices; nil for a tuned spec
}

func odd(n int) int {
	if n < 1 {
		return 1
	}
	return n | 1
}

func grey(v uint8) color.RGBA { return color.RGBA{v, v, v, 255} }

// newBoard chooses the board's palette and strokes for its look; background
// is what the board sits on.
func newBoard(spec *Spec, rng *rand.Rand, cs int, background color.RGBA) *board {
	b := &board{spec: spec, cs: cs, background: background, cell: background}
	inkV := uint8(15 + rng.IntN(35))
	b.ink = grey(inkV)
	b.glyph = 0.48 + 0.17*rng.Float64()
	if len(spec.Edges) > 0 {
		b.glyph = 0.44 + 0.08*rng.Float64() // room for the clues on the lines
	}
	b.strokeDiv = 10 + rng.IntN(7)
	b.font = []gocv.HersheyFont{gocv.FontHersheySimplex, gocv.FontHersheyDuplex, gocv.FontHersheyComplex, gocv.FontHersheyTriplex}[rng.IntN(4)]
	b.eqTurns = rng.IntN(2) == 0
	b.clueInk = b.ink
	switch spec.Look {
	case LookPrint:
		b.line, b.border = b.ink, b.ink
		b.lineT = odd(cs / (22 + rng.IntN(14)))
		b.borderT = odd(cs / (6 + rng.IntN(6)))
		if b.borderT < 3 {
			b.borderT = 3
		}
	case LookLight, LookPartial:
		b.line = grey(uint8(185 + rng.IntN(40)))
		b.border = b.line
		if rng.IntN(2) == 0 {
			b.border = grey(uint8(140 + rng.IntN(50)))
		}
		b.lineT = odd(cs / (40 + rng.IntN(20)))
		b.borderT = b.lineT
		b.clueInk = grey(uint8(60 + rng.IntN(60)))
		if spec.Look == LookPartial {
			n := 1 + rng.IntN(3)
			for _, side := range rng.Perm(4)[:n] {
				b.omit[side] = true
			}
		}
	case LookApp:
		if spec.Style == StyleTango {
			b.cell = color.RGBA{255, 255, 255, 255}
			b.shaded = grey(uint8(228 + rng.IntN(12)))
			b.line = grey(uint8(205 + rng.IntN(20)))
			b.border = grey(uint8(40 + rng.IntN(50)))
			b.lineT = odd(cs / 45)
			b.borderT = odd(cs / 22)
			b.roundedBox = true
			b.clueInk = color.RGBA{uint8(120 + rng.IntN(30)), uint8(100 + rng.IntN(20)), 70, 255}
			if spec.Dark {
				// LinkedIn's dark mode: dark cells, givens a shade
				// lighter, dim lines and light clue marks.
				b.cell = grey(uint8(30 + rng.IntN(15)))
				b.shaded = grey(uint8(55 + rng.IntN(15)))
				b.line = grey(uint8(70 + rng.IntN(25)))
				b.border = grey(uint8(140 + rng.IntN(60)))
				b.clueInk = color.RGBA{uint8(200 + rng.IntN(40)), uint8(185 + rng.IntN(30)), 150, 255}
			}
		} else {
			// 0h h1's dark theme has dark-grey blanks on a near-black board;
			// a light page gets that board as a panel of its own.
			dark := background.R < 128 || rng.IntN(3) == 0
			if dark && background.R >= 128 {
				b.panel = grey(uint8(28 + rng.IntN(12)))
			}
			b.tileOne = color.RGBA{uint8(190 + rng.IntN(30)), uint8(70 + rng.IntN(20)), uint8(45 + rng.IntN(15)), 255}
			b.tileZero = color.RGBA{uint8(40 + rng.IntN(15)), uint8(160 + rng.IntN(20)), uint8(190 + rng.IntN(25)), 255}
			b.tileEmpty = grey(uint8(215 + rng.IntN(15)))
			if dark {
				b.tileEmpty = grey(uint8(55 + rng.IntN(15)))
			}
			b.tileGap = max(2, int(float64(cs)*(0.06+0.08*rng.Float64())))
			b.tileRadius = int(float64(cs) * (0.05 + 0.15*rng.Float64()))
		}
	}
	b.applyWild()
	return b
}

func (b *board) size() (w, h int) { return b.spec.Cols * b.cs, b.spec.Rows * b.cs }

// corners are the truth corners in the coordinates the board is drawn in.
func (b *board) corners() [4][2]float64 {
	w, h := b.size()
	x0, y0 := float64(b.ox), float64(b.oy)
	x1, y1 := x0+float64(w), y0+float64(h)
	return [4][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
}

// outer is the board's footprint including its border strokes and
// whatever the wild looks draw around it.
func (b *board) outer() image.Rectangle {
	w, h := b.size()
	m := b.borderT/2 + 1
	r := image.Rect(b.ox-m, b.oy-m, b.ox+w+m+1, b.oy+h+m+1)
	if b.wild != nil {
		r = b.wild.around(b, r)
	}
	return r
}

func (b *board) draw(m *gocv.Mat) {
	if b.spec.Style == StyleTiles {
		b.drawTiles(m)
		return
	}
	w, h := b.size()
	if b.spec.Style == StyleTango {
		gocv.Rectangle(m, image.Rect(b.ox, b.oy, b.ox+w, b.oy+h), b.cell, -1)
	}
	for r := 0; r < b.spec.Rows; r++ {
		for c := 0; c < b.spec.Cols; c++ {
			if (b.spec.Style == StyleTango || b.spec.ShadeGivens) && b.spec.Givens[r][c] != '.' {
				gocv.Rectangle(m, b.cellRect(r, c), b.shaded, -1)
			}
		}
	}
	if b.wild != nil {
		b.wild.innerLines(m, b)
	} else {
		for c := 1; c < b.spec.Cols; c++ {
			fillRect(m, b.ox+c*b.cs, b.oy, b.lineT, true, h, b.line)
		}
		for r := 1; r < b.spec.Rows; r++ {
			fillRect(m, b.ox, b.oy+r*b.cs, b.lineT, false, w, b.line)
		}
	}
	b.drawBorder(m, w, h)
	for r := 0; r < b.spec.Rows; r++ {
		for c := 0; c < b.spec.Cols; c++ {
			b.drawGlyph(m, r, c, b.spec.Cells[r][c])
		}
	}
	b.drawExtras(m)
}

// drawExtras draws what lies over the cells: the player's marks, the
// clues and the counters.
func (b *board) drawExtras(m *gocv.Mat) {
	if b.wild != nil {
		b.wild.marks(m, b)
	}
	for _, e := range b.spec.Edges {
		b.drawClue(m, e.R1, e.C1, e.R2, e.C2, e.Rel.String())
	}
	if b.wild != nil && b.spec.Counters {
		b.wild.counters(m, b)
	}
}

func (b *board) drawBorder(m *gocv.Mat, w, h int) {
	t := b.borderT
	if b.roundedBox {
		rad := b.cs / 6
		outline := rgbaRoundRect{image.Rect(b.ox-t/2, b.oy-t/2, b.ox+w+t/2+1, b.oy+h+t/2+1), rad}
		outline.stroke(m, b.border, t)
		return
	}
	ext := t / 2
	if !b.omit[0] {
		fillRect(m, b.ox-ext, b.oy, t, false, w+2*ext+1, b.border)
	}
	if !b.omit[2] {
		fillRect(m, b.ox-ext, b.oy+h, t, false, w+2*ext+1, b.border)
	}
	if !b.omit[3] {
		fillRect(m, b.ox, b.oy-ext, t, true, h+2*ext+1, b.border)
	}
	if !b.omit[1] {
		fillRect(m, b.ox+w, b.oy-ext, t, true, h+2*ext+1, b.border)
	}
}

// fillRect draws a line of odd thickness t centred on pixel column (or row) at.
func fillRect(m *gocv.Mat, x, y, t int, vertical bool, length int, col color.RGBA) {
	if vertical {
		gocv.Rectangle(m, image.Rect(x-t/2, y, x+t/2+1, y+length), col, -1)
		return
	}
	gocv.Rectangle(m, image.Rect(x, y-t/2, x+length, y+t/2+1), col, -1)
}

func (b *board) cellRect(r, c int) image.Rectangle {
	x, y := b.ox+c*b.cs, b.oy+r*b.cs
	return image.Rect(x, y, x+b.cs, y+b.cs)
}

func (b *board) centre(r, c int) image.Point {
	return image.Pt(b.ox+c*b.cs+b.cs/2, b.oy+r*b.cs+b.cs/2)
}

func (b *board) drawGlyph(m *gocv.Mat, r, c int, ch byte) {
	if ch == '.' {
		return
	}
	ink := b.ink
	if b.wild != nil {
		ink = b.wild.inkFor(b, ch)
		if b.wild.drawGlyph(m, b, r, c, ch, ink) {
			return
		}
	}
	b.drawTunedGlyph(m, r, c, ch, ink)
}

func (b *board) drawTunedGlyph(m *gocv.Mat, r, c int, ch byte, ink color.RGBA) {
	p := b.centre(r, c)
	size := b.glyph * float64(b.cs)
	stroke := b.stroke()
	switch b.spec.Style {
	case StyleSquareCircle, StyleDiscCircle:
		rad := int(size / 2)
		if ch == '0' {
			gocv.CircleWithParams(m, p, rad-stroke/2, ink, stroke, gocv.LineAA, 0)
		} else if b.spec.Style == StyleSquareCircle {
			gocv.Rectangle(m, image.Rect(p.X-rad, p.Y-rad, p.X+rad, p.Y+rad), ink, -1)
		} else {
			gocv.CircleWithParams(m, p, rad, ink, -1, gocv.LineAA, 0)
		}
	case StyleDigits:
		putCentred(m, string(ch), p, size, b.font, stroke, ink)
	case StyleXO, StyleXOI:
		putCentred(m, xoLetters[ch], p, size, b.font, stroke, ink)
	case StyleTango:
		rad := int(0.3 * float64(b.cs))
		bg := b.cell
		if b.spec.Givens[r][c] != '.' {
			bg = b.shaded
		}
		if ch == '0' {
			sun := color.RGBA{245, 168, 40, 255}
			gocv.CircleWithParams(m, p, rad, sun, -1, gocv.LineAA, 0)
			gocv.CircleWithParams(m, p, rad, color.RGBA{222, 120, 20, 255}, max(1, b.cs/30), gocv.LineAA, 0)
		} else {
			moon := color.RGBA{70, 125, 225, 255}
			gocv.CircleWithParams(m, p, rad, moon, -1, gocv.LineAA, 0)
			bite := image.Pt(p.X+rad*2/5, p.Y-rad*3/10)
			gocv.CircleWithParams(m, bite, rad*4/5, bg, -1, gocv.LineAA, 0)
		}
	}
}

// xoLetters are the letters the X/O styles print for each symbol.
var xoLetters = map[byte]string{'0': "O", '1': "X", '2': "I"}

func (b *board) stroke() int {
	if b.wild != nil && b.wild.stroke > 0 {
		return b.wild.stroke
	}
	return max(1, b.cs/b.strokeDiv)
}

// putCentred draws text whose ink box is size pixels tall, centred on p.
func putCentred(m *gocv.Mat, s string, p image.Point, size float64, font gocv.HersheyFont, stroke int, col color.RGBA) {
	unit := gocv.GetTextSize(s, font, 1, stroke)
	scale := size / float64(max(1, unit.Y))
	sz := gocv.GetTextSize(s, font, scale, stroke)
	org := image.Pt(p.X-sz.X/2, p.Y+sz.Y/2)
	gocv.PutTextWithParams(m, s, org, font, scale, col, stroke, gocv.LineAA, false)
}

// drawClue puts '=' or '×' on the line between two neighbouring cells, on a
// small patch of the background so that the line does not run through it.
func (b *board) drawClue(m *gocv.Mat, r1, c1, r2, c2 int, rel string) {
	p1, p2 := b.centre(r1, c1), b.centre(r2, c2)
	mid := image.Pt((p1.X+p2.X)/2, (p1.Y+p2.Y)/2)
	vertical := r1 == r2 // neighbours side by side share a vertical line
	if c1 != c2 {
		mid.X = b.ox + max(c1, c2)*b.cs
	} else {
		mid.Y = b.oy + max(r1, r2)*b.cs
	}
	scale := 1.0
	if b.spec.ClueScale > 0 {
		scale = b.spec.ClueScale
	}
	s := max(3, int(0.17*scale*float64(b.cs)))
	patch := b.background
	switch {
	case b.spec.CluePatch.A != 0:
		patch = b.spec.CluePatch
	case b.spec.Style == StyleTango:
		patch = b.cell
	case b.spec.Style == StyleTiles && b.panel.A != 0:
		patch = b.panel
	}
	switch {
	case b.spec.ClueBare:
	case b.spec.ClueBadge:
		r := s * 14 / 10
		rgbaRoundRect{image.Rect(mid.X-r, mid.Y-r, mid.X+r+1, mid.Y+r+1), r / 3}.fill(m, patch)
	default:
		gocv.CircleWithParams(m, mid, s*13/10, patch, -1, gocv.LineAA, 0)
	}
	t := max(1, b.cs/22)
	if b.spec.ClueStroke > 0 {
		t = max(1, int(b.spec.ClueStroke*float64(b.cs)+0.5))
	}
	if rel == "x" {
		bar(m, image.Pt(mid.X-s, mid.Y-s), image.Pt(mid.X+s, mid.Y+s), t, b.clueInk)
		bar(m, image.Pt(mid.X-s, mid.Y+s), image.Pt(mid.X+s, mid.Y-s), t, b.clueInk)
		return
	}
	half := max(3, s*3/4) / 2 // each bar's distance from the middle
	if b.spec.ClueStroke > 0 {
		// A wild look's bold stroke on a small clue drew the two bars
		// touching, one block that no app prints for '=' and no reader
		// can tell from a thick line; paper stays between them. The
		// tuned looks keep their pixels (TestTunedPixelsUnchanged).
		half = max(half, (t+max(minEqualGap, t/2)+1)/2)
	}
	if vertical && b.eqTurns {
		bar(m, image.Pt(mid.X-half, mid.Y-s), image.Pt(mid.X-half, mid.Y+s), t, b.clueInk)
		bar(m, image.Pt(mid.X+half, mid.Y-s), image.Pt(mid.X+half, mid.Y+s), t, b.clueInk)
		return
	}
	bar(m, image.Pt(mid.X-s, mid.Y-half), image.Pt(mid.X+s, mid.Y-half), t, b.clueInk)
	bar(m, image.Pt(mid.X-s, mid.Y+half), image.Pt(mid.X+s, mid.Y+half), t, b.clueInk)
}

// minEqualGap is the least paper, in pixels, between the two bars of a
// wild look's '=' (half the stroke where that is more).
const minEqualGap = 2

func (b *board) drawTiles(m *gocv.Mat) {
	if b.panel.A != 0 {
		w, h := b.size()
		pad := b.tileGap
		if b.spec.Card.A != 0 {
			pad = b.cs / 4 // Zuzu's card reaches well past its tiles
		}
		rgbaRoundRect{image.Rect(b.ox-pad, b.oy-pad, b.ox+w+pad, b.oy+h+pad), b.tileRadius + pad}.fill(m, b.panel)
	}
	for r := 0; r < b.spec.Rows; r++ {
		for c := 0; c < b.spec.Cols; c++ {
			col := b.tileEmpty
			switch b.spec.Cells[r][c] {
			case '1':
				col = b.tileOne
			case '0':
				col = b.tileZero
			}
			if b.wild != nil {
				b.wild.tile(m, b, r, c, col)
				continue
			}
			rgbaRoundRect{b.tileRect(r, c), b.tileRadius}.fill(m, col)
		}
	}
	b.drawExtras(m)
}

// tileRect is a cell less the gap, split between its two sides.
func (b *board) tileRect(r, c int) image.Rectangle {
	cr := b.cellRect(r, c)
	g := b.tileGap / 2
	return image.Rect(cr.Min.X+g, cr.Min.Y+g, cr.Max.X-(b.tileGap-g), cr.Max.Y-(b.tileGap-g))
}

// rgbaRoundRect is a rectangle with circular corners of radius rad.
type rgbaRoundRect struct {
	r   image.Rectangle
	rad int
}

func (rr rgbaRoundRect) fill(m *gocv.Mat, col color.RGBA) {
	r, rad := rr.r, min(rr.rad, rr.r.Dx()/2, rr.r.Dy()/2)
	if rad <= 0 {
		gocv.Rectangle(m, r, col, -1)
		return
	}
	gocv.Rectangle(m, image.Rect(r.Min.X+rad, r.Min.Y, r.Max.X-rad, r.Max.Y), col, -1)
	gocv.Rectangle(m, image.Rect(r.Min.X, r.Min.Y+rad, r.Max.X, r.Max.Y-rad), col, -1)
	for _, p := range []image.Point{{r.Min.X + rad, r.Min.Y + rad}, {r.Max.X - rad - 1, r.Min.Y + rad}, {r.Max.X - rad - 1, r.Max.Y - rad - 1}, {r.Min.X + rad, r.Max.Y - rad - 1}} {
		gocv.CircleWithParams(m, p, rad, col, -1, gocv.LineAA, 0)
	}
}

// stroke draws the outline only, as four sides and four quarter circles, so
// that the cells inside stay as they are.
func (rr rgbaRoundRect) stroke(m *gocv.Mat, col color.RGBA, t int) {
	r := rr.r
	rad := min(rr.rad, r.Dx()/2, r.Dy()/2)
	h := t / 2
	gocv.Rectangle(m, image.Rect(r.Min.X+rad, r.Min.Y, r.Max.X-rad, r.Min.Y+t), col, -1)
	gocv.Rectangle(m, image.Rect(r.Min.X+rad, r.Max.Y-t, r.Max.X-rad, r.Max.Y), col, -1)
	gocv.Rectangle(m, image.Rect(r.Min.X, r.Min.Y+rad, r.Min.X+t, r.Max.Y-rad), col, -1)
	gocv.Rectangle(m, image.Rect(r.Max.X-t, r.Min.Y+rad, r.Max.X, r.Max.Y-rad), col, -1)
	centres := []image.Point{{r.Min.X + rad, r.Min.Y + rad}, {r.Max.X - rad - 1, r.Min.Y + rad}, {r.Max.X - rad - 1, r.Max.Y - rad - 1}, {r.Min.X + rad, r.Max.Y - rad - 1}}
	starts := []float64{180, 270, 0, 90}
	for i, p := range centres {
		gocv.EllipseWithParams(m, p, image.Pt(rad-h, rad-h), 0, starts[i], starts[i]+90, col, t, gocv.LineAA, 0)
	}
}

// bar draws an anti-aliased straight stroke; gocv v0.31 has no anti-aliased Line.
func bar(m *gocv.Mat, a, b image.Point, t int, col color.RGBA) {
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	n := math.Hypot(dx, dy)
	if n == 0 {
		return
	}
	const shift = 4 // coordinates in 1/16 pixel
	ox, oy := -dy/n*float64(t)/2*16, dx/n*float64(t)/2*16
	ax, ay, bx, by := float64(a.X)*16, float64(a.Y)*16, float64(b.X)*16, float64(b.Y)*16
	poly := []image.Point{
		{int(ax + ox), int(ay + oy)}, {int(bx + ox), int(by + oy)},
		{int(bx - ox), int(by - oy)}, {int(ax - ox), int(ay - oy)},
	}
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{poly})
	defer pv.Close()
	gocv.FillPolyWithParams(m, pv, col, gocv.LineAA, shift, image.Point{})
}
