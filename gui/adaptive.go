package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// narrowWidth is the main area's width under which the photo and the grid
// share the space as tabs instead of side by side: below it, each would be
// too small to read or to tap.
const narrowWidth = 720

// sideBySide shows two views split side by side when there is room and as
// tabs when there is not. A view can live in only one container at a
// time, so the containers are rebuilt when the mode flips.
type sideBySide struct {
	widget.BaseWidget
	left, right         fyne.CanvasObject
	leftName, rightName string
	tabs                bool
	built               bool
	content             *fyne.Container
	split               *container.Split
	tabView             *container.AppTabs
	selectedTab         int
	// leftHidden gives the right view all the room, e.g. the grid of a
	// typed puzzle, which has no photo.
	leftHidden bool
}

func newSideBySide(leftName string, left fyne.CanvasObject, rightName string, right fyne.CanvasObject) *sideBySide {
	s := &sideBySide{left: left, right: right, leftName: leftName, rightName: rightName, content: container.NewStack()}
	s.ExtendBaseWidget(s)
	s.arrange(false)
	return s
}

// showLeft shows or hides the left view.
func (s *sideBySide) showLeft(show bool) {
	if s.leftHidden == !show {
		return
	}
	s.leftHidden = !show
	s.built = false
	s.arrange(s.tabs)
}

func (s *sideBySide) arrange(tabs bool) {
	if s.built && tabs == s.tabs {
		return
	}
	if s.leftHidden {
		s.built, s.tabs = true, tabs
		s.split, s.tabView = nil, nil
		s.right.Show()
		s.content.Objects = []fyne.CanvasObject{s.right}
		s.content.Refresh()
		return
	}
	if s.tabView != nil {
		s.selectedTab = s.tabView.SelectedIndex()
	}
	s.built, s.tabs = true, tabs
	// Tabs hide the view they do not show, and a view keeps that state
	// when it moves into the split: growing a narrow window back left one
	// side blank and no tab bar to reach it.
	s.left.Show()
	s.right.Show()
	if tabs {
		s.split = nil
		s.tabView = container.NewAppTabs(
			container.NewTabItemWithIcon(s.leftName, theme.FileImageIcon(), s.left),
			container.NewTabItemWithIcon(s.rightName, theme.GridIcon(), s.right))
		s.tabView.SelectIndex(s.selectedTab)
		s.content.Objects = []fyne.CanvasObject{s.tabView}
	} else {
		s.tabView = nil
		s.split = container.NewHSplit(s.left, s.right)
		// Photos are wider than grids, and the grid stays legible smaller.
		s.split.SetOffset(0.58)
		s.content.Objects = []fyne.CanvasObject{s.split}
	}
	s.content.Refresh()
}

// showRight brings the right view forward when the views are tabs, e.g.
// to show the grid after a solve.
func (s *sideBySide) showRight() {
	if s.tabView != nil {
		s.tabView.SelectIndex(1)
	}
}

func (s *sideBySide) CreateRenderer() fyne.WidgetRenderer {
	return &sideBySideRenderer{s: s}
}

type sideBySideRenderer struct{ s *sideBySide }

func (r *sideBySideRenderer) Layout(size fyne.Size) {
	r.s.arrange(size.Width < narrowWidth)
	r.s.content.Resize(size)
}

func (r *sideBySideRenderer) MinSize() fyne.Size {
	// Report the tabbed size so that a narrow window can still shrink to it.
	l, rt := r.s.left.MinSize(), r.s.right.MinSize()
	return fyne.NewSize(max(l.Width, rt.Width), max(l.Height, rt.Height)+theme.Padding()*8)
}

func (r *sideBySideRenderer) Refresh()                     { r.s.content.Refresh() }
func (r *sideBySideRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.s.content} }
func (r *sideBySideRenderer) Destroy()                     {}

// tightVBox stacks its objects with no gap: labels carry their own inner
// padding, and a standard VBox would double it in the history rows.
type tightVBox struct{}

func (tightVBox) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	y := float32(0)
	for _, o := range objs {
		h := o.MinSize().Height - theme.Padding()
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, o.MinSize().Height))
		y += h
	}
}

func (tightVBox) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		m := o.MinSize()
		s.Width = max(s.Width, m.Width)
		s.Height += m.Height - theme.Padding()
	}
	return s.AddWidthHeight(0, theme.Padding())
}

// historyShare is the history panel's share of a wide window.
const historyShare = 0.24

// narrowHistoryWidth is the window width under which the history panel
// shrinks to its minimum: below it, a quarter of the window is still
// wider than the panel needs, and the photo and grid need every pixel.
const narrowHistoryWidth = 1000

// narrowWatch lays out the window's split between the history and the
// rest, moving the divider when the window crosses narrowHistoryWidth. A
// divider the user dragged stays until the window crosses it again.
type narrowWatch struct {
	widget.BaseWidget
	split  *container.Split
	narrow bool
	seen   bool
	// laidOut runs after each layout, for the layout trace.
	laidOut func()
}

func newNarrowWatch(split *container.Split) *narrowWatch {
	n := &narrowWatch{split: split}
	n.ExtendBaseWidget(n)
	return n
}

func (n *narrowWatch) CreateRenderer() fyne.WidgetRenderer {
	return &narrowWatchRenderer{n: n}
}

type narrowWatchRenderer struct{ n *narrowWatch }

func (r *narrowWatchRenderer) Layout(size fyne.Size) {
	n := r.n
	narrow := size.Width < narrowHistoryWidth
	if !n.seen || narrow != n.narrow {
		n.seen, n.narrow = true, narrow
		if narrow {
			n.split.SetOffset(0)
		} else {
			n.split.SetOffset(historyShare)
		}
	}
	n.split.Resize(size)
	if n.laidOut != nil {
		n.laidOut()
	}
}

func (r *narrowWatchRenderer) MinSize() fyne.Size           { return r.n.split.MinSize() }
func (r *narrowWatchRenderer) Refresh()                     { r.n.split.Refresh() }
func (r *narrowWatchRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.n.split} }
func (r *narrowWatchRenderer) Destroy()                     {}
