package gui

import (
	"fyne.io/fyne/v2"
)

// scheduleLayoutTrace traces the layout once the current layout pass is
// over: during it, the parts laid out later still stand at the origin.
func (u *ui) scheduleLayoutTrace() {
	if u.trace == nil || !u.trace.on || u.layoutTracePending {
		return
	}
	u.layoutTracePending = true
	go u.do(func() {
		u.layoutTracePending = false
		u.traceLayout()
	})
}

// traceLayout reports where the controls a person clicks are, in window
// pixels, each time the window is laid out. The real-window test suite
// reads these lines to aim xdotool's clicks instead of guessing
// coordinates that move whenever the toolbar changes.
func (u *ui) traceLayout() {
	if u.trace == nil || !u.trace.on {
		return
	}
	c := u.win.Canvas()
	scale := c.Scale()
	d := fyne.CurrentApp().Driver()
	for _, t := range u.traced {
		if !t.obj.Visible() {
			continue
		}
		pos := d.AbsolutePositionForObject(t.obj)
		size := t.obj.Size()
		u.trace.mark("layout %s %.0f %.0f %.0f %.0f", t.name,
			pos.X*scale, pos.Y*scale, size.Width*scale, size.Height*scale)
	}
	if u.grid.Visible() {
		gm := u.grid.geometry()
		pos := d.AbsolutePositionForObject(u.grid).Add(gm.origin)
		u.trace.mark("layout grid-cells %.0f %.0f %.1f %d %d", pos.X*scale, pos.Y*scale, gm.cell*scale, gm.rows, gm.cols)
	}
	mode := "side-by-side"
	switch {
	case u.views.leftHidden:
		mode = "grid-only"
	case u.views.tabs:
		mode = "tabs"
	}
	u.trace.mark("layout views %s", mode)
}

// tracedObject is a control named in the layout trace.
type tracedObject struct {
	name string
	obj  fyne.CanvasObject
}
