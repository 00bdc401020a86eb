package gui

import (
	"image"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"binocle/solver"
)

// photoView shows the photo (with the detected grid or the solved overlay
// already drawn in by package vision) and maps taps on it to grid cells.
type photoView struct {
	widget.BaseWidget
	img        image.Image
	hint       string // shown when there is no photo
	toImage    perspective
	fromImage  perspective
	rows, cols int
	hasGrid    bool
	sel        solver.Point
	marked     []solver.Point // outlined in the suggestion colour
	// markedSites are the clue sites a suggestion would change, each the
	// pair of cells either side, ringed in the suggestion colour.
	markedSites [][2]solver.Point
	crossed     []solver.Point // the player's wrong entries, crossed out
	// tapped runs with the cell under a tap on the photo.
	tapped func(solver.Point)
	// painted, when set, runs once the window has painted a new picture:
	// the trace's "overlay on screen" moment.
	painted func()
}

func newPhotoView() *photoView {
	p := &photoView{hint: "Open a photo or a screenshot of a puzzle,\nor drop one here."}
	p.ExtendBaseWidget(p)
	return p
}

// show replaces the picture; corners place a rows×cols grid on it, in the
// picture's own pixels. A nil img clears the view.
func (p *photoView) show(img image.Image, corners *[4][2]float64, rows, cols int) {
	p.img = img
	p.hasGrid = false
	if img != nil && corners != nil && rows > 0 && cols > 0 {
		if h, err := gridToImage(*corners, rows, cols); err == nil {
			if inv, err := h.inverse(); err == nil {
				p.toImage, p.fromImage, p.rows, p.cols, p.hasGrid = h, inv, rows, cols, true
			}
		}
	}
	p.Refresh()
}

func (p *photoView) selectCell(pt solver.Point) {
	p.sel = pt
	p.Refresh()
}

// fit is where the picture lands in the widget: scaled to fit, centred.
func (p *photoView) fit() (scale float32, origin fyne.Position) {
	if p.img == nil {
		return 0, fyne.Position{}
	}
	b := p.img.Bounds()
	size := p.Size()
	iw, ih := float32(b.Dx()), float32(b.Dy())
	scale = size.Width / iw
	if s := size.Height / ih; s < scale {
		scale = s
	}
	return scale, fyne.NewPos((size.Width-iw*scale)/2, (size.Height-ih*scale)/2)
}

// cellAt maps a point in the widget to the grid cell under it.
func (p *photoView) cellAt(pos fyne.Position) (solver.Point, bool) {
	scale, origin := p.fit()
	if !p.hasGrid || scale == 0 {
		return solver.Point{}, false
	}
	b := p.img.Bounds()
	ix := float64((pos.X-origin.X)/scale) + float64(b.Min.X)
	iy := float64((pos.Y-origin.Y)/scale) + float64(b.Min.Y)
	gx, gy := p.fromImage.apply(ix, iy)
	if gx < 0 || gy < 0 || gx >= float64(p.cols) || gy >= float64(p.rows) {
		return solver.Point{}, false
	}
	return solver.Point{Row: int(gy), Col: int(gx)}, true
}

// toWidget maps grid coordinates to the widget's coordinates.
func (p *photoView) toWidget(gx, gy float64) fyne.Position {
	scale, origin := p.fit()
	b := p.img.Bounds()
	ix, iy := p.toImage.apply(gx, gy)
	return fyne.NewPos(origin.X+float32(ix-float64(b.Min.X))*scale, origin.Y+float32(iy-float64(b.Min.Y))*scale)
}

func (p *photoView) Tapped(ev *fyne.PointEvent) {
	if pt, ok := p.cellAt(ev.Position); ok {
		p.selectCell(pt)
		if p.tapped != nil {
			p.tapped(pt)
		}
	}
}

func (p *photoView) MinSize() fyne.Size { return fyne.NewSize(200, 200) }

func (p *photoView) CreateRenderer() fyne.WidgetRenderer {
	r := &photoRenderer{p: p, raster: canvas.NewImageFromImage(nil)}
	// The probe is a one-pixel raster that is regenerated, and so calls
	// back, only when it is painted after a picture change.
	r.probe = canvas.NewRaster(func(int, int) image.Image {
		if r.probePending && p.painted != nil {
			r.probePending = false
			p.painted()
		}
		return image.NewNRGBA(image.Rect(0, 0, 1, 1))
	})
	r.probe.Resize(fyne.NewSize(1, 1))
	r.raster.FillMode = canvas.ImageFillContain
	r.raster.ScaleMode = canvas.ImageScaleSmooth
	r.hint = widget.NewLabel("")
	r.hint.Alignment = fyne.TextAlignCenter
	r.Refresh()
	return r
}

type photoRenderer struct {
	p            *photoView
	probe        *canvas.Raster
	probePending bool
	raster       *canvas.Image
	hint         *widget.Label
	shown        image.Image
	objects      []fyne.CanvasObject
}

func (r *photoRenderer) Layout(size fyne.Size) {
	r.raster.Resize(size)
	r.hint.Resize(size)
	r.rebuild()
}

func (r *photoRenderer) MinSize() fyne.Size           { return r.p.MinSize() }
func (r *photoRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *photoRenderer) Destroy()                     {}

func (r *photoRenderer) Refresh() {
	if r.shown != r.p.img {
		// Only hand the raster a new picture when it changed: uploading a
		// large photo again on every selection would stall the UI.
		r.shown = r.p.img
		r.raster.Image = r.p.img
		r.raster.Refresh()
		r.probePending = true
		r.probe.Refresh()
	}
	r.hint.SetText(r.p.hint)
	r.rebuild()
	canvas.Refresh(r.p)
}

// rebuild draws the selected cell on the photo, in perspective, so that
// the user sees which printed cell the grid's selection is.
func (r *photoRenderer) rebuild() {
	p := r.p
	if p.img == nil {
		r.objects = []fyne.CanvasObject{r.hint}
		return
	}
	r.raster.Resize(p.Size())
	r.objects = []fyne.CanvasObject{r.raster, r.probe}
	if !p.hasGrid {
		return
	}
	// Suggested fixes are outlined in their own colour, so the user can
	// check the printed cell the rules doubt.
	for _, pt := range p.marked {
		if pt.Row < p.rows && pt.Col < p.cols {
			r.outline(pt, suggestedInk)
		}
	}
	for _, site := range p.markedSites {
		if site[1].Row < p.rows && site[1].Col < p.cols {
			r.ring(site)
		}
	}
	if p.sel.Row < p.rows && p.sel.Col < p.cols {
		r.outline(p.sel, theme.Color(theme.ColorNamePrimary))
	}
	for _, pt := range p.crossed {
		if pt.Row < p.rows && pt.Col < p.cols {
			r.cross(pt)
		}
	}
}

// crossInk crosses out the player's wrong entries on the photo, the red
// the command line's overlay crosses them in.
var crossInk = color.NRGBA{R: 0xe1, G: 0x1e, B: 0x1e, A: 0xff}

// cross draws an X over a cell on the photo, in perspective, over a dark
// halo as outline does.
func (r *photoRenderer) cross(pt solver.Point) {
	p := r.p
	x, y := float64(pt.Col), float64(pt.Row)
	for _, arm := range [2][2][2]float64{{{0.15, 0.15}, {0.85, 0.85}}, {{0.85, 0.15}, {0.15, 0.85}}} {
		for _, c := range []color.Color{color.NRGBA{A: 0x90}, crossInk} {
			l := canvas.NewLine(c)
			l.StrokeWidth = 3
			if c != crossInk {
				l.StrokeWidth = 5
			}
			l.Position1 = p.toWidget(x+arm[0][0], y+arm[0][1])
			l.Position2 = p.toWidget(x+arm[1][0], y+arm[1][1])
			r.objects = append(r.objects, l)
		}
	}
}

// cross crosses out cells on the photo, such as wrong entries; nil clears.
func (p *photoView) cross(pts []solver.Point) {
	p.crossed = pts
	p.Refresh()
}

// outline draws a cell's border on the photo, in perspective, over a dark
// halo that keeps it visible on any paper.
func (r *photoRenderer) outline(pt solver.Point, ink color.Color) {
	p := r.p
	x, y := float64(pt.Col), float64(pt.Row)
	quad := [4]fyne.Position{p.toWidget(x, y), p.toWidget(x+1, y), p.toWidget(x+1, y+1), p.toWidget(x, y+1)}
	for i := range quad {
		for _, c := range []color.Color{color.NRGBA{A: 0x90}, ink} {
			l := canvas.NewLine(c)
			l.StrokeWidth = 3
			if c != ink {
				l.StrokeWidth = 5
			}
			l.Position1, l.Position2 = quad[i], quad[(i+1)%4]
			r.objects = append(r.objects, l)
		}
	}
}

// ring circles the middle of the line two cells share, where a clue
// sits, over a dark halo so it shows on any paper.
func (r *photoRenderer) ring(site [2]solver.Point) {
	p := r.p
	a, b := site[0], site[1]
	x, y := (float64(a.Col+b.Col)+1)/2, (float64(a.Row+b.Row)+1)/2
	centre := p.toWidget(x, y)
	edge := p.toWidget(x+0.25, y)
	d := float32(math.Hypot(float64(edge.X-centre.X), float64(edge.Y-centre.Y)))
	for _, c := range []color.Color{color.NRGBA{A: 0x90}, suggestedInk} {
		ring := canvas.NewCircle(color.Transparent)
		ring.StrokeColor = c
		ring.StrokeWidth = 3
		if c != suggestedInk {
			ring.StrokeWidth = 5
		}
		ring.Move(fyne.NewPos(centre.X-d, centre.Y-d))
		ring.Resize(fyne.NewSquareSize(2 * d))
		r.objects = append(r.objects, ring)
	}
}

// mark outlines cells on the photo, such as suggested fixes, and rings
// the clue sites; nil clears.
func (p *photoView) mark(pts []solver.Point, sites [][2]solver.Point) {
	p.marked = pts
	p.markedSites = sites
	p.Refresh()
}
