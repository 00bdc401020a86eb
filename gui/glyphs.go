package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"

	"binocle/solver"
	"binocle/vision"
)

// Tango and tile colours are the puzzles' own, the same in light and dark
// themes, because users match them against the photo.
var (
	sunColor      = color.NRGBA{R: 0xF2, G: 0x9A, B: 0x1D, A: 0xFF}
	moonColor     = color.NRGBA{R: 0x2F, G: 0x6F, B: 0xD6, A: 0xFF}
	tileOneColor  = color.NRGBA{R: 0xE0, G: 0x4F, B: 0x3A, A: 0xFF}
	tileZeroColor = color.NRGBA{R: 0x3A, G: 0x7B, B: 0xD8, A: 0xFF}
	// solvedInk is the green package vision draws the answer in on the
	// photo, so that the grid and the photo speak the same colour.
	solvedInk = color.NRGBA{R: 0x00, G: 0xAA, B: 0x5A, A: 0xE0}
)

// palette is the theme's colours resolved once per redraw.
type palette struct {
	background, cell, shaded, line, border color.Color
	ink, solved, play, primary             color.Color
	warning, errorc, differ, selection     color.Color
	hintSet, hintBecause                   color.Color
	suggested                              color.Color
}

// suggestedInk marks the cells the rule-aware reading suggests fixing.
var suggestedInk = color.NRGBA{R: 0xF0, G: 0x8A, B: 0x10, A: 0x80}

func currentPalette() palette {
	fg := theme.Color(theme.ColorNameForeground)
	primary := theme.Color(theme.ColorNamePrimary)
	return palette{
		background: theme.Color(theme.ColorNameBackground),
		cell:       theme.Color(theme.ColorNameInputBackground),
		shaded:     withAlpha(fg, 0x22),
		line:       withAlpha(fg, 0x40),
		border:     withAlpha(fg, 0xB0),
		ink:        fg,
		solved:     solvedInk,
		play:       primary,
		primary:    primary,
		warning:    withAlpha(theme.Color(theme.ColorNameWarning), 0x55),
		errorc:     theme.Color(theme.ColorNameError),
		differ:     withAlpha(theme.Color(theme.ColorNameHyperlink), 0x45),
		selection:  primary,
		// A hint's cells take the solved green, the cells behind it a
		// violet no other highlight uses.
		hintSet:     withAlpha(solvedInk, 0x60),
		hintBecause: color.NRGBA{R: 0x9C, G: 0x4D, B: 0xCC, A: 0x50},
		// Suggested fixes take an orange no other highlight uses, on the
		// grid and on the photo alike.
		suggested: suggestedInk,
	}
}

func withAlpha(c color.Color, a uint8) color.NRGBA {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	n.A = uint8(uint16(n.A) * uint16(a) / 0xFF)
	return n
}

// lighter fades a fixed colour for solver-supplied cells, so that givens
// stand out in the colour styles as they do in the others.
func lighter(c color.NRGBA, kind cellKind) color.NRGBA {
	if kind == kindSolved {
		return withAlpha(c, 0xB0)
	}
	return c
}

// glyph draws value v of the given kind in the square at pos with side s,
// in the puzzle's style. bg is the cell's background, which the moon's
// crescent is cut from.
func glyph(style vision.Style, v solver.Cell, kind cellKind, pos fyne.Position, s float32, pal palette, bg color.Color) []fyne.CanvasObject {
	if v == solver.Empty {
		return nil
	}
	ink := pal.ink
	switch kind {
	case kindSolved:
		ink = pal.solved
	case kindPlay:
		ink = pal.play
	}
	stroke := s * 0.09
	if kind != kindGiven {
		stroke = s * 0.06
	}
	if v == solver.Two {
		// Only troix has a third symbol; every style writes it as I.
		return []fyne.CanvasObject{glyphText("I", kind, pos, s, ink)}
	}
	switch style {
	case vision.StyleDigits:
		return []fyne.CanvasObject{glyphText(string(v.Char()), kind, pos, s, ink)}
	case vision.StyleXO, vision.StyleXOI:
		return []fyne.CanvasObject{glyphText(map[solver.Cell]string{solver.One: "X", solver.Zero: "O"}[v], kind, pos, s, ink)}
	case vision.StyleTango:
		return tangoGlyph(v, kind, pos, s, bg)
	case vision.StyleTiles:
		c := tileZeroColor
		if v == solver.One {
			c = tileOneColor
		}
		tile := canvas.NewRectangle(lighter(c, kind))
		tile.CornerRadius = s * 0.12
		inset := s * 0.08
		tile.Move(fyne.NewPos(pos.X+inset, pos.Y+inset))
		tile.Resize(fyne.NewSquareSize(s - 2*inset))
		return []fyne.CanvasObject{tile}
	}
	// The circle styles: 0 is always an open circle.
	inset := s * 0.22
	if v == solver.Zero {
		c := canvas.NewCircle(color.Transparent)
		c.StrokeColor = ink
		c.StrokeWidth = stroke
		c.Move(fyne.NewPos(pos.X+inset, pos.Y+inset))
		c.Resize(fyne.NewSquareSize(s - 2*inset))
		return []fyne.CanvasObject{c}
	}
	if style == vision.StyleDiscCircle {
		d := canvas.NewCircle(ink)
		d.Move(fyne.NewPos(pos.X+inset, pos.Y+inset))
		d.Resize(fyne.NewSquareSize(s - 2*inset))
		return []fyne.CanvasObject{d}
	}
	sq := canvas.NewRectangle(ink)
	sq.Move(fyne.NewPos(pos.X+inset, pos.Y+inset))
	sq.Resize(fyne.NewSquareSize(s - 2*inset))
	return []fyne.CanvasObject{sq}
}

func glyphText(txt string, kind cellKind, pos fyne.Position, s float32, ink color.Color) fyne.CanvasObject {
	t := canvas.NewText(txt, ink)
	t.Alignment = fyne.TextAlignCenter
	t.TextSize = s * 0.6
	t.TextStyle.Bold = kind == kindGiven
	// canvas.Text centres horizontally itself; vertically we centre the
	// line box in the cell.
	h := fyne.MeasureText(txt, t.TextSize, t.TextStyle).Height
	t.Move(fyne.NewPos(pos.X, pos.Y+(s-h)/2))
	t.Resize(fyne.NewSize(s, h))
	return t
}

// tangoGlyph draws LinkedIn's symbols: a sun with a darker rim for 0 and a
// crescent moon for 1, cut from a disc by a second disc in the background
// colour.
func tangoGlyph(v solver.Cell, kind cellKind, pos fyne.Position, s float32, bg color.Color) []fyne.CanvasObject {
	inset := s * 0.2
	if kind == kindSolved {
		// Smaller as well as fainter, so that solved cells read as lighter
		// on dark themes too, where fading alone only darkens them.
		inset = s * 0.26
	}
	d := s - 2*inset
	if v == solver.Zero {
		sun := canvas.NewCircle(lighter(sunColor, kind))
		sun.StrokeColor = lighter(color.NRGBA{R: 0xC8, G: 0x6E, B: 0x0A, A: 0xFF}, kind)
		sun.StrokeWidth = s * 0.05
		sun.Move(fyne.NewPos(pos.X+inset, pos.Y+inset))
		sun.Resize(fyne.NewSquareSize(d))
		return []fyne.CanvasObject{sun}
	}
	moon := canvas.NewCircle(lighter(moonColor, kind))
	moon.Move(fyne.NewPos(pos.X+inset, pos.Y+inset))
	moon.Resize(fyne.NewSquareSize(d))
	cut := canvas.NewCircle(bg)
	cut.Move(fyne.NewPos(pos.X+inset+d*0.32, pos.Y+inset-d*0.12))
	cut.Resize(fyne.NewSquareSize(d * 0.8))
	return []fyne.CanvasObject{moon, cut}
}

// edgeMark draws an '=' or 'x' clue centred on the border between two
// cells, on a small disc so it reads over either cell.
func edgeMark(rel solver.Relation, centre fyne.Position, s float32, pal palette) []fyne.CanvasObject {
	d := s * 0.42
	disc := circleAt(centre, d, pal.background, pal.border, 1)
	label := "="
	if rel == solver.Differ {
		label = "×"
	}
	t := canvas.NewText(label, pal.ink)
	t.Alignment = fyne.TextAlignCenter
	t.TextStyle.Bold = true
	t.TextSize = d * 0.8
	h := fyne.MeasureText(label, t.TextSize, t.TextStyle).Height
	t.Move(fyne.NewPos(centre.X-d/2, centre.Y-h/2))
	t.Resize(fyne.NewSize(d, h))
	return []fyne.CanvasObject{disc, t}
}

// suggestedClueMark draws a clue the fix search suggests at its site: the
// clue it would put there ('=' or 'x') on an orange disc, or, where it
// would drop the clue read, an orange ring around it.
func suggestedClueMark(to string, centre fyne.Position, s float32, pal palette) []fyne.CanvasObject {
	ring := circleAt(centre, s*0.5, color.Transparent, pal.suggested, 3)
	if to == "" {
		return []fyne.CanvasObject{ring}
	}
	rel := solver.Equal
	if to == "x" {
		rel = solver.Differ
	}
	mark := edgeMark(rel, centre, s, pal)
	mark[0].(*canvas.Circle).FillColor = pal.suggested
	return append(mark, ring)
}

// circleAt is a circle of diameter d centred on centre.
func circleAt(centre fyne.Position, d float32, fill, stroke color.Color, width float32) *canvas.Circle {
	c := canvas.NewCircle(fill)
	c.StrokeColor = stroke
	c.StrokeWidth = width
	c.Move(fyne.NewPos(centre.X-d/2, centre.Y-d/2))
	c.Resize(fyne.NewSquareSize(d))
	return c
}
