package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"binocle/solver"
	"binocle/vision"
)

// minCellSize keeps glyphs legible on small windows; large grids scroll.
const minCellSize = 22

// gridView is the editable grid. It draws the editor's state and turns
// taps and keys into editor calls; the window reacts through the callbacks.
type gridView struct {
	widget.BaseWidget
	ed      *editor
	focused bool
	// print leaves out the selection, for exporting the grid as a picture.
	print bool
	// readOnly ignores taps and keys, for grids that only show something,
	// such as a step of the solution path.
	readOnly bool

	// changed runs after any edit (givens, edges or play entries).
	changed func()
	// selected runs when the selection moves, so the photo can follow.
	selected func(solver.Point)
	// rejected explains a key the grid ignored, e.g. '2' outside troix.
	rejected func(msg string)
	// wantFocus gives the grid the keyboard, from the window that has it.
	wantFocus func()
	// fixTapped applies the suggested fix of a tapped cell, and says
	// whether there was one.
	fixTapped func(solver.Point) bool
	// clueFixTapped applies the suggested fix of the clue site between
	// two cells, tapped near their shared line, and says whether there
	// was one.
	clueFixTapped func(a, b solver.Point) bool
}

var (
	_ fyne.Tappable          = (*gridView)(nil)
	_ fyne.SecondaryTappable = (*gridView)(nil)
	_ fyne.Focusable         = (*gridView)(nil)
	_ fyne.Shortcutable      = (*gridView)(nil)
)

func newGridView(ed *editor) *gridView {
	g := &gridView{ed: ed}
	g.ExtendBaseWidget(g)
	return g
}

// setEditor swaps in a new grid, e.g. after opening a photo.
func (g *gridView) setEditor(ed *editor) {
	g.ed = ed
	g.Refresh()
}

// geometry places the grid: square cells, as large as fit, centred.
type geometry struct {
	origin fyne.Position
	cell   float32
	rows   int
	cols   int
}

func (g *gridView) geometry() geometry {
	size := g.Size()
	p := g.ed.puzzle
	cell := size.Width / float32(p.Cols)
	if h := size.Height / float32(p.Rows); h < cell {
		cell = h
	}
	return geometry{
		origin: fyne.NewPos((size.Width-cell*float32(p.Cols))/2, (size.Height-cell*float32(p.Rows))/2),
		cell:   cell,
		rows:   p.Rows,
		cols:   p.Cols,
	}
}

func (gm geometry) cellPos(pt solver.Point) fyne.Position {
	return fyne.NewPos(gm.origin.X+float32(pt.Col)*gm.cell, gm.origin.Y+float32(pt.Row)*gm.cell)
}

// cellAt finds the cell under a point, and the fraction of the way across
// it, for telling a tap on a border from a tap in the middle.
func (gm geometry) cellAt(pos fyne.Position) (pt solver.Point, fx, fy float32, ok bool) {
	x := (pos.X - gm.origin.X) / gm.cell
	y := (pos.Y - gm.origin.Y) / gm.cell
	if x < 0 || y < 0 || x >= float32(gm.cols) || y >= float32(gm.rows) {
		return pt, 0, 0, false
	}
	pt = solver.Point{Row: int(y), Col: int(x)}
	return pt, x - float32(pt.Col), y - float32(pt.Row), true
}

// edgeNear picks the border a tap in edge mode means: the nearest one when
// the tap falls within a quarter cell of it.
func (gm geometry) edgeNear(pt solver.Point, fx, fy float32) (solver.Point, bool) {
	const reach = 0.25
	best, bestDist := solver.Point{}, float32(reach)
	found := false
	try := func(dist float32, n solver.Point) {
		if dist < bestDist && n.Row >= 0 && n.Col >= 0 && n.Row < gm.rows && n.Col < gm.cols {
			best, bestDist, found = n, dist, true
		}
	}
	try(fx, solver.Point{Row: pt.Row, Col: pt.Col - 1})
	try(1-fx, solver.Point{Row: pt.Row, Col: pt.Col + 1})
	try(fy, solver.Point{Row: pt.Row - 1, Col: pt.Col})
	try(1-fy, solver.Point{Row: pt.Row + 1, Col: pt.Col})
	return best, found
}

func (g *gridView) Tapped(ev *fyne.PointEvent) { g.tap(ev.Position, true) }

func (g *gridView) TappedSecondary(ev *fyne.PointEvent) { g.tap(ev.Position, false) }

func (g *gridView) tap(pos fyne.Position, forward bool) {
	if g.readOnly {
		return
	}
	gm := g.geometry()
	pt, fx, fy, ok := gm.cellAt(pos)
	if !ok {
		return
	}
	g.focus()
	g.ed.aimed = false
	if forward && g.clueFixTapped != nil && len(g.ed.suggestedClues) > 0 {
		if n, near := gm.edgeNear(pt, fx, fy); near && g.clueFixTapped(pt, n) {
			return
		}
	}
	if forward && g.fixTapped != nil && g.ed.marks[g.ed.index(pt)]&markSuggested != 0 && g.fixTapped(pt) {
		return
	}
	if g.ed.edgeMode && !g.ed.playing {
		if n, near := gm.edgeNear(pt, fx, fy); near {
			g.ed.sel = pt
			g.after(g.ed.cycleEdge(pt, n))
			return
		}
	}
	g.after(g.ed.cycle(pt, forward))
}

// after refreshes and tells the window what happened.
func (g *gridView) after(changed bool) {
	g.Refresh()
	if g.selected != nil {
		g.selected(g.ed.sel)
	}
	if changed && g.changed != nil {
		g.changed()
	}
}

// focus takes the keyboard: the desktop driver does not give it to a
// tapped widget, and without it arrows, digits and Ctrl+Z went nowhere
// after a click on the grid.
func (g *gridView) focus() {
	if !g.readOnly && g.wantFocus != nil {
		g.wantFocus()
	}
}

func (g *gridView) FocusGained() { g.focused = true; g.Refresh() }
func (g *gridView) FocusLost()   { g.focused = false; g.Refresh() }

func (g *gridView) TypedRune(r rune) {
	if g.readOnly {
		return
	}
	ed := g.ed
	if ed.edgeMode && !ed.playing {
		switch r {
		case '=':
			g.after(ed.typeEdge(solver.Equal))
			return
		case 'x', 'X', '×':
			g.after(ed.typeEdge(solver.Differ))
			return
		}
	}
	if r > 0x7f {
		return
	}
	v, ok := solver.CellFromChar(byte(r))
	if !ok {
		return
	}
	if v == solver.Two && ed.puzzle.Rules.Symbols() < 3 {
		g.reject("2 (I) exists only in troix; this grid is " + ed.puzzle.Rules.String())
		return
	}
	if ed.playing {
		if _, kind := ed.value(ed.sel); kind == kindGiven {
			g.reject("that cell is a given; in play mode only blank cells change")
			return
		}
	}
	changed := ed.set(ed.sel, v)
	// Typing runs on to the next cell, in reading order, the way a
	// puzzle is copied from paper.
	ed.advance()
	g.after(changed)
}

func (g *gridView) reject(msg string) {
	if g.rejected != nil {
		g.rejected(msg)
	}
}

func (g *gridView) TypedKey(ev *fyne.KeyEvent) {
	if g.readOnly {
		return
	}
	switch ev.Name {
	case fyne.KeyRight:
		g.ed.move(dirRight)
	case fyne.KeyDown:
		g.ed.move(dirDown)
	case fyne.KeyLeft:
		g.ed.move(dirLeft)
	case fyne.KeyUp:
		g.ed.move(dirUp)
	case fyne.KeyBackspace, fyne.KeyDelete:
		g.after(g.ed.set(g.ed.sel, solver.Empty))
		return
	default:
		return
	}
	g.after(false)
}

// TypedShortcut takes undo and redo: Ctrl+Z, and Ctrl+Shift+Z or Ctrl+Y.
func (g *gridView) TypedShortcut(s fyne.Shortcut) {
	if g.readOnly {
		return
	}
	switch sc := s.(type) {
	case *fyne.ShortcutUndo:
		g.undo()
	case *fyne.ShortcutRedo:
		g.redo()
	case *desktop.CustomShortcut:
		if sc.KeyName == fyne.KeyZ && sc.Modifier&fyne.KeyModifierShift != 0 &&
			sc.Modifier&(fyne.KeyModifierControl|fyne.KeyModifierSuper) != 0 {
			g.redo()
		}
	}
}

func (g *gridView) undo() { g.after(g.ed.undoStep()) }
func (g *gridView) redo() { g.after(g.ed.redoStep()) }

func (g *gridView) MinSize() fyne.Size {
	p := g.ed.puzzle
	return fyne.NewSize(float32(p.Cols)*minCellSize, float32(p.Rows)*minCellSize)
}

func (g *gridView) CreateRenderer() fyne.WidgetRenderer {
	r := &gridRenderer{g: g}
	r.rebuild()
	return r
}

// gridRenderer rebuilds its objects on every refresh: a 20×20 grid is a
// few thousand cheap primitives, and rebuilding keeps drawing in one place.
type gridRenderer struct {
	g       *gridView
	objects []fyne.CanvasObject
}

func (r *gridRenderer) Layout(fyne.Size)             { r.rebuild() }
func (r *gridRenderer) MinSize() fyne.Size           { return r.g.MinSize() }
func (r *gridRenderer) Refresh()                     { r.rebuild(); canvas.Refresh(r.g) }
func (r *gridRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *gridRenderer) Destroy()                     {}

func (r *gridRenderer) rebuild() {
	g := r.g
	ed := g.ed
	gm := g.geometry()
	pal := currentPalette()
	var objs []fyne.CanvasObject
	add := func(o ...fyne.CanvasObject) { objs = append(objs, o...) }
	rect := func(fill color.Color, pos fyne.Position, size fyne.Size) *canvas.Rectangle {
		rc := canvas.NewRectangle(fill)
		rc.Move(pos)
		rc.Resize(size)
		return rc
	}
	s := gm.cell
	cellSize := fyne.NewSquareSize(s)
	corrected := map[solver.Point]bool{}
	for _, pt := range ed.corrected() {
		corrected[pt] = true
	}

	for row := 0; row < gm.rows; row++ {
		for col := 0; col < gm.cols; col++ {
			pt := solver.Point{Row: row, Col: col}
			pos := gm.cellPos(pt)
			v, kind := ed.value(pt)
			bg := pal.cell
			// Tango prints its givens on shaded cells; the other styles
			// rely on bold ink, which colour glyphs do not have.
			if kind == kindGiven && (ed.style == vision.StyleTango || ed.style == vision.StyleTiles) {
				bg = blend(pal.cell, pal.shaded)
			}
			add(rect(bg, pos, cellSize))
			m := ed.marks[ed.index(pt)]
			if tint := markTint(m, pal); tint != nil {
				add(rect(tint, pos, cellSize))
				bg = blend(bg, tint)
			}
			add(glyph(ed.style, v, kind, pos, s, pal, bg)...)
			if corrected[pt] {
				// A corner tab marks a given the user changed from the reading.
				tab := canvas.NewRectangle(pal.primary)
				tab.Move(fyne.NewPos(pos.X+s*0.78, pos.Y+s*0.06))
				tab.Resize(fyne.NewSquareSize(s * 0.16))
				tab.CornerRadius = s * 0.08
				add(tab)
			}
			if m&markMistake != 0 {
				slash := canvas.NewLine(pal.errorc)
				slash.StrokeWidth = s * 0.07
				slash.Position1 = fyne.NewPos(pos.X+s*0.15, pos.Y+s*0.85)
				slash.Position2 = fyne.NewPos(pos.X+s*0.85, pos.Y+s*0.15)
				add(slash)
			}
		}
	}
	for col := 1; col < gm.cols; col++ {
		x := gm.origin.X + float32(col)*s
		add(gridLine(pal, fyne.NewPos(x, gm.origin.Y), fyne.NewPos(x, gm.origin.Y+float32(gm.rows)*s), col, gm.cols))
	}
	for row := 1; row < gm.rows; row++ {
		y := gm.origin.Y + float32(row)*s
		add(gridLine(pal, fyne.NewPos(gm.origin.X, y), fyne.NewPos(gm.origin.X+float32(gm.cols)*s, y), row, gm.rows))
	}
	frame := canvas.NewRectangle(color.Transparent)
	frame.StrokeColor = pal.border
	frame.StrokeWidth = 2
	frame.Move(gm.origin)
	frame.Resize(fyne.NewSize(float32(gm.cols)*s, float32(gm.rows)*s))
	add(frame)

	for _, e := range ed.puzzle.Edges {
		a := gm.cellPos(solver.Point{Row: e.R1, Col: e.C1})
		b := gm.cellPos(solver.Point{Row: e.R2, Col: e.C2})
		centre := fyne.NewPos((a.X+b.X)/2+s/2, (a.Y+b.Y)/2+s/2)
		add(edgeMark(e.Rel, centre, s, pal)...)
	}
	for _, ch := range ed.suggestedClues {
		a := gm.cellPos(solver.Point{Row: ch.Row, Col: ch.Col})
		b := gm.cellPos(solver.Point{Row: ch.Row2, Col: ch.Col2})
		centre := fyne.NewPos((a.X+b.X)/2+s/2, (a.Y+b.Y)/2+s/2)
		add(suggestedClueMark(ch.To, centre, s, pal)...)
	}

	if g.print {
		r.objects = objs
		return
	}
	sel := canvas.NewRectangle(color.Transparent)
	sel.StrokeColor = pal.selection
	sel.StrokeWidth = 2
	if g.focused {
		sel.StrokeWidth = 3
	}
	sel.Move(gm.cellPos(ed.sel))
	sel.Resize(cellSize)
	add(sel)
	if ed.edgeMode && !ed.playing {
		if n, ok := ed.edgeTarget(); ok {
			a, b := gm.cellPos(ed.sel), gm.cellPos(n)
			aim := canvas.NewCircle(pal.primary)
			d := s * 0.16
			aim.Move(fyne.NewPos((a.X+b.X)/2+s/2-d/2, (a.Y+b.Y)/2+s/2-d/2))
			aim.Resize(fyne.NewSquareSize(d))
			add(aim)
		}
	}
	r.objects = objs
}

// gridLine draws inner lines, stronger at the middle of even-sized lines
// the way printed puzzles help the eye count.
func gridLine(pal palette, a, b fyne.Position, index, count int) *canvas.Line {
	l := canvas.NewLine(pal.line)
	l.StrokeWidth = 1
	if count%2 == 0 && index == count/2 && count >= 8 {
		l.StrokeColor = pal.border
	}
	l.Position1, l.Position2 = a, b
	return l
}

// markTint is the background wash of a highlighted cell; errors win.
func markTint(m mark, pal palette) color.Color {
	switch {
	case m&(markRuleError|markContradiction|markMistake) != 0:
		return withAlpha(pal.errorc, 0x50)
	case m&markHintSet != 0:
		return pal.hintSet
	case m&markSuggested != 0:
		return pal.suggested
	case m&markHintBecause != 0:
		return pal.hintBecause
	case m&markDiffer != 0:
		return pal.differ
	case m&markLowConfidence != 0:
		return pal.warning
	}
	return nil
}

// blend lays a translucent colour over an opaque one.
func blend(under, over color.Color) color.Color {
	u := color.NRGBAModel.Convert(under).(color.NRGBA)
	o := color.NRGBAModel.Convert(over).(color.NRGBA)
	mix := func(a, b uint8) uint8 { return uint8((uint16(a)*uint16(0xFF-o.A) + uint16(b)*uint16(o.A)) / 0xFF) }
	return color.NRGBA{R: mix(u.R, o.R), G: mix(u.G, o.G), B: mix(u.B, o.B), A: u.A}
}
