package synth

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"gocv.io/x/gocv"
)

// wildBoard is what the wild looks add to a board. A tuned spec sets none
// of the fields it reads, so its board has none, and its drawing neither
// takes another random number from the render's stream nor moves a pixel.
type wildBoard struct {
	// rng is the wild looks' own stream (handwriting jitter, counter
	// sides), apart from the render's, so that one wild option changes
	// only what it draws.
	rng           *rand.Rand
	stroke        int        // glyph stroke in pixels; 0: the look's own
	markInk       color.RGBA // the player's marks
	markStroke    float64    // handwriting stroke in pixels
	countersAfter bool       // counters right of and below the grid, not left and above
}

// wildDrawStream separates the wild looks' draw-time randomness from the
// render's stream of the same seed.
const wildDrawStream = 0x3117d

// Glyph sizes as a fraction of the cell: below minGlyph a glyph is a
// speck; above maxGlyphWithClues it runs into the clues on its lines.
const (
	minGlyph          = 0.2
	maxGlyph          = 0.92
	maxGlyphWithClues = 0.52
)

// Counters sit in a strip this many cells wide beside the grid.
const counterStrip = 1.3

// hasWildLook says whether the spec asks for anything the tuned looks do
// not draw. ClueScale, ClueStroke, ClueBadge and a dark Tango predate the
// wild board and are drawn by the tuned code.
func (s *Spec) hasWildLook() bool {
	var none color.RGBA
	return (s.Dark && s.Style != StyleTango) || s.Paper != none || s.Ink != none || s.LineInk != none ||
		s.BorderInk != none || s.ClueInk != none || s.OneInk != none || s.ZeroInk != none || s.CluePatch != none || s.Card != none ||
		s.LineWidth != 0 || s.BorderWidth != 0 || s.NoInnerLines || s.DashedLines || s.Border != "" ||
		s.GlyphScale != 0 || s.GlyphStroke != 0 || s.Font != 0 || s.Italic || s.Shape != "" ||
		s.ClueBare || s.EqBars != "" || s.ShadeGivens || s.Counters || s.Chrome != "" || s.Marks != nil || s.MarkInk != ""
}

// pageColour is the page or app background: the spec's paper, a dark
// theme's, or the look's own.
func (s *Spec) pageColour(own color.RGBA) color.RGBA {
	switch {
	case s.Paper.A != 0:
		return s.Paper
	case s.Dark && s.Style != StyleTango:
		return color.RGBA{30, 32, 36, 255}
	}
	return own
}

func isDark(c color.RGBA) bool { return int(c.R)+int(c.G)+int(c.B) < 3*110 }

// shade moves a colour towards black on a light page, towards white on a
// dark one: a locked cell's background.
func shade(c color.RGBA, by float64) color.RGBA {
	f := func(v uint8) uint8 {
		if isDark(c) {
			return uint8(float64(v) + (255-float64(v))*by)
		}
		return uint8(float64(v) * (1 - by))
	}
	return color.RGBA{f(c.R), f(c.G), f(c.B), 255}
}

func (b *board) applyWild() {
	s := b.spec
	if !s.hasWildLook() {
		return
	}
	w := &wildBoard{rng: rand.New(rand.NewPCG(s.Seed, wildDrawStream))}
	b.wild = w
	dark := isDark(b.background)
	if dark && s.Style != StyleTango && s.Style != StyleTiles {
		b.ink = grey(uint8(205 + w.rng.IntN(45)))
		b.line = grey(uint8(75 + w.rng.IntN(45)))
		b.border = b.line
		if s.Look == LookPrint {
			b.line, b.border = grey(uint8(120+w.rng.IntN(60))), b.ink
		}
		b.clueInk = b.ink
	}
	if s.Ink.A != 0 {
		if b.border == b.ink {
			b.border = s.Ink
		}
		b.ink, b.clueInk = s.Ink, s.Ink
	}
	if s.LineInk.A != 0 {
		if b.border == b.line {
			b.border = s.LineInk
		}
		b.line = s.LineInk
	}
	if s.BorderInk.A != 0 {
		b.border = s.BorderInk
	}
	if s.ClueInk.A != 0 {
		b.clueInk = s.ClueInk
	}
	if s.LineWidth > 0 {
		b.lineT = odd(int(s.LineWidth*float64(b.cs) + 0.5))
	}
	if s.BorderWidth > 0 {
		b.borderT = odd(int(s.BorderWidth*float64(b.cs) + 0.5))
	}
	if s.Border != "" {
		for i, side := range "trbl" {
			b.omit[i] = !strings.ContainsRune(s.Border, side)
		}
		b.roundedBox = b.roundedBox && !b.omit[0] && !b.omit[1] && !b.omit[2] && !b.omit[3]
	}
	if s.GlyphScale > 0 {
		most := maxGlyph
		if len(s.Edges) > 0 {
			most = maxGlyphWithClues
		}
		b.glyph = math.Min(math.Max(b.glyph*s.GlyphScale, minGlyph), most)
	}
	if s.GlyphStroke > 0 {
		w.stroke = max(1, int(s.GlyphStroke*float64(b.cs)+0.5))
	}
	if s.Font > 0 {
		b.font = gocv.HersheyFont(s.Font - 1)
	}
	if s.Italic {
		b.font |= gocv.FontItalic
	}
	switch s.EqBars {
	case EqFlat:
		b.eqTurns = false
	case EqTurned:
		b.eqTurns = true
	}
	if s.ShadeGivens && s.Style != StyleTango {
		b.shaded = shade(b.background, 0.07+0.1*w.rng.Float64())
	}
	if s.Style == StyleTiles {
		if s.Card.A != 0 {
			b.panel = s.Card
			if !isDark(s.Card) {
				b.tileEmpty = shade(s.Card, 0.1)
			}
		}
		if s.OneInk.A != 0 {
			b.tileOne = s.OneInk
		}
		if s.ZeroInk.A != 0 {
			b.tileZero = s.ZeroInk
		}
	}
	w.countersAfter = w.rng.IntN(2) == 0
	w.markStroke = math.Max(1, float64(b.cs)*(0.05+0.03*w.rng.Float64()))
	switch s.MarkInk {
	case MarkPencil:
		v := uint8(95 + w.rng.IntN(50))
		w.markInk = color.RGBA{v, v, v + 6, 255}
		w.markStroke *= 0.7
	case MarkTyped:
		w.markInk = color.RGBA{uint8(30 + w.rng.IntN(40)), uint8(90 + w.rng.IntN(60)), uint8(190 + w.rng.IntN(60)), 255}
		if w.rng.IntN(3) == 0 {
			w.markInk = grey(uint8(110 + w.rng.IntN(40)))
		}
		if dark {
			w.markInk = color.RGBA{uint8(120 + w.rng.IntN(40)), uint8(170 + w.rng.IntN(40)), 255, 255}
		}
	default:
		w.markInk = color.RGBA{uint8(20 + w.rng.IntN(40)), uint8(35 + w.rng.IntN(45)), uint8(130 + w.rng.IntN(70)), 255}
		if dark {
			w.markInk = color.RGBA{uint8(110 + w.rng.IntN(40)), uint8(150 + w.rng.IntN(50)), 255, 255}
		}
	}
}

// inkFor is the colour a printed symbol is drawn in.
func (w *wildBoard) inkFor(b *board, ch byte) color.RGBA {
	switch {
	case ch == '1' && b.spec.OneInk.A != 0:
		return b.spec.OneInk
	case ch == '0' && b.spec.ZeroInk.A != 0:
		return b.spec.ZeroInk
	}
	return b.ink
}

// around grows the board's footprint by what the wild looks draw outside
// the cell area.
func (w *wildBoard) around(b *board, r image.Rectangle) image.Rectangle {
	if !b.spec.Counters {
		return r
	}
	strip := int(counterStrip * float64(b.cs))
	if w.countersAfter {
		r.Max = r.Max.Add(image.Pt(strip, strip))
	} else {
		r.Min = r.Min.Sub(image.Pt(strip, strip))
	}
	return r
}

func (w *wildBoard) innerLines(m *gocv.Mat, b *board) {
	if b.spec.NoInnerLines {
		return
	}
	wd, ht := b.size()
	dash := max(2, b.cs/5)
	step := dash + max(2, dash*2/3)
	line := func(x, y int, vertical bool, length int) {
		if !b.spec.DashedLines {
			fillRect(m, x, y, b.lineT, vertical, length, b.line)
			return
		}
		for at := 0; at < length; at += step {
			n := min(dash, length-at)
			if vertical {
				fillRect(m, x, y+at, b.lineT, true, n, b.line)
			} else {
				fillRect(m, x+at, y, b.lineT, false, n, b.line)
			}
		}
	}
	for c := 1; c < b.spec.Cols; c++ {
		line(b.ox+c*b.cs, b.oy, true, ht)
	}
	for r := 1; r < b.spec.Rows; r++ {
		line(b.ox, b.oy+r*b.cs, false, wd)
	}
}

// drawGlyph draws the style's Shape variant; false leaves the glyph to
// the tuned code.
func (w *wildBoard) drawGlyph(m *gocv.Mat, b *board, r, c int, ch byte, ink color.RGBA) bool {
	p := b.centre(r, c)
	size := b.glyph * float64(b.cs)
	rad := int(size / 2)
	stroke := b.stroke()
	switch b.spec.Style + " " + b.spec.Shape {
	case StyleSquareCircle + " " + ShapeOpenSquare:
		if ch != '0' {
			return false
		}
		in := rad - stroke/2
		gocv.Rectangle(m, image.Rect(p.X-in, p.Y-in, p.X+in, p.Y+in), ink, stroke)
	case StyleSquareCircle + " " + ShapeRounded:
		if ch != '1' {
			return false
		}
		rgbaRoundRect{image.Rect(p.X-rad, p.Y-rad, p.X+rad, p.Y+rad), rad / 3}.fill(m, ink)
	case StyleSquareCircle + " " + ShapeRing, StyleDiscCircle + " " + ShapeRing:
		if ch != '0' {
			return false
		}
		t := max(2, rad/2)
		gocv.CircleWithParams(m, p, rad-t/2, ink, t, gocv.LineAA, 0)
	case StyleDiscCircle + " " + ShapeDot:
		if ch != '1' {
			return false
		}
		gocv.CircleWithParams(m, p, max(2, rad*3/5), ink, -1, gocv.LineAA, 0)
	case StyleXO + " " + ShapeStrokes, StyleXOI + " " + ShapeStrokes:
		s := rad * 4 / 5
		switch ch {
		case '1':
			bar(m, image.Pt(p.X-s, p.Y-rad), image.Pt(p.X+s, p.Y+rad), stroke, ink)
			bar(m, image.Pt(p.X-s, p.Y+rad), image.Pt(p.X+s, p.Y-rad), stroke, ink)
		case '0':
			gocv.EllipseWithParams(m, p, image.Pt(max(1, s-stroke/2), max(1, rad-stroke/2)), 0, 0, 360, ink, stroke, gocv.LineAA, 0)
		default:
			bar(m, image.Pt(p.X, p.Y-rad), image.Pt(p.X, p.Y+rad), stroke, ink)
		}
	case StyleTango + " " + ShapeDiscs:
		col := color.RGBA{70, 125, 225, 255}
		if ch == '0' {
			col = color.RGBA{245, 168, 40, 255}
		}
		gocv.CircleWithParams(m, p, int(0.3*float64(b.cs)), col, -1, gocv.LineAA, 0)
	case StyleTango + " " + ShapeSparkle:
		b.drawTunedGlyph(m, r, c, ch, ink)
		rad := 0.3 * float64(b.cs)
		if ch == '0' {
			sun := color.RGBA{222, 120, 20, 255}
			for i := 0; i < 8; i++ {
				a := float64(i) * math.Pi / 4
				at := func(f float64) image.Point {
					return image.Pt(p.X+int(f*rad*math.Cos(a)), p.Y+int(f*rad*math.Sin(a)))
				}
				bar(m, at(1.12), at(1.4), max(1, b.cs/30), sun)
			}
		} else {
			star(m, image.Pt(p.X+int(0.75*rad), p.Y-int(0.8*rad)), 0.22*rad, color.RGBA{150, 180, 240, 255})
		}
	default:
		return false
	}
	return true
}

// star draws a small four-pointed sparkle.
func star(m *gocv.Mat, p image.Point, size float64, col color.RGBA) {
	s := int(math.Max(2, size))
	pts := []image.Point{{p.X, p.Y - s}, {p.X + s/4, p.Y - s/4}, {p.X + s, p.Y}, {p.X + s/4, p.Y + s/4},
		{p.X, p.Y + s}, {p.X - s/4, p.Y + s/4}, {p.X - s, p.Y}, {p.X - s/4, p.Y - s/4}}
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
	defer pv.Close()
	gocv.FillPolyWithParams(m, pv, col, gocv.LineAA, 0, image.Point{})
}

// tile draws one 0h h1 cell, or, with ShapeDiscs or ShapeDiamond, a grey
// tile with a coloured piece on it.
func (w *wildBoard) tile(m *gocv.Mat, b *board, r, c int, col color.RGBA) {
	t := b.tileRect(r, c)
	if b.spec.Shape != ShapeDiscs && b.spec.Shape != ShapeDiamond {
		rgbaRoundRect{t, b.tileRadius}.fill(m, col)
		return
	}
	rgbaRoundRect{t, b.tileRadius}.fill(m, b.tileEmpty)
	if col == b.tileEmpty {
		return
	}
	p := image.Pt((t.Min.X+t.Max.X)/2, (t.Min.Y+t.Max.Y)/2)
	rad := int(float64(t.Dx()) * (0.3 + 0.1*b.glyph))
	if b.spec.Shape == ShapeDiscs {
		gocv.CircleWithParams(m, p, rad, col, -1, gocv.LineAA, 0)
		return
	}
	pts := []image.Point{{p.X, p.Y - rad}, {p.X + rad, p.Y}, {p.X, p.Y + rad}, {p.X - rad, p.Y}}
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
	defer pv.Close()
	gocv.FillPolyWithParams(m, pv, col, gocv.LineAA, 0, image.Point{})
}

// marks draws the player's entries: pieces in Tango and on tiles (apps
// draw the player's pieces as their own), the app's glyphs in its player
// colour for MarkTyped, handwriting otherwise.
func (w *wildBoard) marks(m *gocv.Mat, b *board) {
	if b.spec.Marks == nil {
		return
	}
	for r, row := range b.spec.Marks {
		for c := 0; c < len(row); c++ {
			ch := row[c]
			switch {
			case ch == '.':
			case b.spec.Style == StyleTango:
				b.drawGlyph(m, r, c, ch)
			case b.spec.Style == StyleTiles:
				col := b.tileZero
				if ch == '1' {
					col = b.tileOne
				}
				w.tile(m, b, r, c, col)
			case b.spec.MarkInk == MarkTyped:
				if !w.drawGlyph(m, b, r, c, ch, w.markInk) {
					b.drawTunedGlyph(m, r, c, ch, w.markInk)
				}
			default:
				w.hand(m, b, r, c, ch)
			}
		}
	}
}

// hand draws a handwritten glyph: the symbol's strokes in a unit box,
// wobbled, turned, scaled and shifted a little, each cell differently.
func (w *wildBoard) hand(m *gocv.Mat, b *board, r, c int, ch byte) {
	rng := w.rng
	p := b.centre(r, c)
	half := 0.5 * float64(b.cs) * (0.5 + 0.2*rng.Float64())
	turn := (rng.Float64() - 0.5) * 0.4
	sx, sy := half*(0.85+0.3*rng.Float64()), half*(0.85+0.3*rng.Float64())
	dx, dy := (rng.Float64()-0.5)*0.12*float64(b.cs), (rng.Float64()-0.5)*0.12*float64(b.cs)
	place := func(u, v float64) [2]float64 {
		x, y := u*sx, v*sy
		return [2]float64{float64(p.X) + dx + x*math.Cos(turn) - y*math.Sin(turn), float64(p.Y) + dy + x*math.Sin(turn) + y*math.Cos(turn)}
	}
	var strokes [][][2]float64
	line := func(u0, v0, u1, v1 float64) {
		bow := (rng.Float64() - 0.5) * 0.15
		var s [][2]float64
		for i := 0; i <= 8; i++ {
			t := float64(i) / 8
			k := bow * math.Sin(t*math.Pi)
			s = append(s, place(u0+(u1-u0)*t-(v1-v0)*k, v0+(v1-v0)*t+(u1-u0)*k))
		}
		strokes = append(strokes, s)
	}
	loop := func(ru, rv float64) {
		a1, a2 := 0.06*rng.Float64(), 0.05*rng.Float64()
		f1, f2 := rng.Float64()*6.3, rng.Float64()*6.3
		start, over := -math.Pi/2+(rng.Float64()-0.5)*0.8, 0.15+0.35*rng.Float64()
		var s [][2]float64
		for i := 0; i <= 40; i++ {
			a := start + (2*math.Pi+over)*float64(i)/40
			k := 1 + a1*math.Sin(a+f1) + a2*math.Sin(2*a+f2)
			s = append(s, place(ru*k*math.Cos(a), rv*k*math.Sin(a)))
		}
		strokes = append(strokes, s)
	}
	filled := func(pts [][2]float64) {
		ps := make([]image.Point, len(pts))
		for i, q := range pts {
			ps[i] = image.Pt(int(q[0]*16), int(q[1]*16))
		}
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{ps})
		defer pv.Close()
		gocv.FillPolyWithParams(m, pv, w.markInk, gocv.LineAA, 4, image.Point{})
	}
	style := b.spec.Style
	switch {
	case (style == StyleSquareCircle || style == StyleDiscCircle) && ch == '0',
		(style == StyleXO || style == StyleXOI) && ch == '0':
		loop(0.8, 0.85)
	case (style == StyleSquareCircle || style == StyleDiscCircle) && ch == '1' && rng.IntN(2) == 0:
		// Scribbled in: a zigzag back and forth across the shape.
		var s [][2]float64
		disc := style == StyleDiscCircle
		passes := 4 + rng.IntN(4)
		for i := 0; i <= passes; i++ {
			v := -0.85 + 1.7*float64(i)/float64(passes)
			u := 0.9
			if disc {
				u = 0.9 * math.Sqrt(math.Max(0.05, 1-v*v/0.8))
			}
			if i%2 == 1 {
				u = -u
			}
			s = append(s, place(u+(rng.Float64()-0.5)*0.1, v+(rng.Float64()-0.5)*0.08))
		}
		strokes = append(strokes, s)
	case style == StyleSquareCircle && ch == '1':
		var q [][2]float64
		for _, uv := range [][2]float64{{-0.75, -0.75}, {0.75, -0.75}, {0.75, 0.75}, {-0.75, 0.75}} {
			q = append(q, place(uv[0]+(rng.Float64()-0.5)*0.15, uv[1]+(rng.Float64()-0.5)*0.15))
		}
		filled(q)
	case style == StyleDiscCircle && ch == '1':
		var q [][2]float64
		for i := 0; i < 24; i++ {
			a := float64(i) * math.Pi / 12
			k := 0.75 * (1 + 0.06*(rng.Float64()-0.5))
			q = append(q, place(k*math.Cos(a), k*math.Sin(a)))
		}
		filled(q)
	case style == StyleDigits && ch == '0':
		loop(0.5, 0.9)
	case style == StyleDigits && ch == '1':
		line(-0.35, -0.5, 0.05, -0.9)
		line(0.05, -0.9, 0.05, 0.9)
		if rng.IntN(2) == 0 {
			line(-0.3, 0.9, 0.4, 0.9)
		}
	case ch == '1':
		line(-0.7, -0.8, 0.7, 0.8)
		line(0.7, -0.8, -0.7, 0.8)
	default:
		line(0, -0.85, 0, 0.85)
	}
	for _, s := range strokes {
		pen(m, s, w.markStroke, w.markInk)
	}
}

// pen draws a polyline of width t with round joins, anti-aliased.
func pen(m *gocv.Mat, pts [][2]float64, t float64, col color.RGBA) {
	const shift = 4
	rad := int(t / 2 * 16)
	for i, q := range pts {
		gocv.CircleWithParams(m, image.Pt(int(q[0]*16), int(q[1]*16)), rad, col, -1, gocv.LineAA, shift)
		if i == 0 {
			continue
		}
		a := pts[i-1]
		dx, dy := q[0]-a[0], q[1]-a[1]
		n := math.Hypot(dx, dy)
		if n == 0 {
			continue
		}
		ox, oy := -dy/n*t/2*16, dx/n*t/2*16
		poly := []image.Point{
			{int(a[0]*16 + ox), int(a[1]*16 + oy)}, {int(q[0]*16 + ox), int(q[1]*16 + oy)},
			{int(q[0]*16 - ox), int(q[1]*16 - oy)}, {int(a[0]*16 - ox), int(a[1]*16 - oy)},
		}
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{poly})
		gocv.FillPolyWithParams(m, pv, col, gocv.LineAA, shift, image.Point{})
		pv.Close()
	}
}

// counters writes, beside each row and above or below each column, how
// many of each symbol the line still needs, as some apps do.
func (w *wildBoard) counters(m *gocv.Mat, b *board) {
	s := b.spec
	cells := s.visible()
	size := math.Max(5, 0.27*float64(b.cs))
	gap := int(0.25 * float64(b.cs))
	wd, ht := b.size()
	inks := [2]color.RGBA{w.inkFor(b, '0'), w.inkFor(b, '1')}
	if b.spec.Style == StyleTiles {
		inks = [2]color.RGBA{b.tileZero, b.tileOne}
	} else if b.spec.Style == StyleTango {
		inks = [2]color.RGBA{{222, 120, 20, 255}, {70, 125, 225, 255}}
	}
	need := func(line string, half int) [2]int {
		return [2]int{max(0, half-strings.Count(line, "0")), max(0, half-strings.Count(line, "1"))}
	}
	thick := max(1, int(size/9))
	for r := 0; r < s.Rows; r++ {
		n := need(cells[r], s.Cols/2)
		y := b.oy + r*b.cs + b.cs/2
		x := b.ox - gap - int(2.6*size)
		if w.countersAfter {
			x = b.ox + wd + gap + int(0.6*size)
		}
		for k := 0; k < 2; k++ {
			putCentred(m, strconv.Itoa(n[k]), image.Pt(x+int(float64(k)*1.9*size), y), size, gocv.FontHersheySimplex, thick, inks[k])
		}
	}
	for c := 0; c < s.Cols; c++ {
		col := make([]byte, s.Rows)
		for r := range col {
			col[r] = cells[r][c]
		}
		n := need(string(col), s.Rows/2)
		x := b.ox + c*b.cs + b.cs/2
		y := b.oy - gap - int(2.1*size)
		if w.countersAfter {
			y = b.oy + ht + gap + int(0.6*size)
		}
		for k := 0; k < 2; k++ {
			putCentred(m, strconv.Itoa(n[k]), image.Pt(x, y+int(float64(k)*1.5*size)), size, gocv.FontHersheySimplex, thick, inks[k])
		}
	}
}
