package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

type level uint8

const (
	levelInfo level = iota
	levelSuccess
	levelWarning
	levelError
)

// statusBar is the line at the bottom: what just happened (with an icon
// for its severity), the result's rule set, a progress indicator while
// work runs in the background, and an optional action such as "Undo".
type statusBar struct {
	icon     *widget.Icon
	text     *widget.Label
	result   *widget.Label
	clock    *widget.Label // play mode's timer
	progress *widget.ProgressBarInfinite
	action   *widget.Button
	content  *fyne.Container
	level    level
	// said, when set, hears every message: the trace the real-window
	// tests read.
	said func(l level, msg string)
}

func newStatusBar() *statusBar {
	s := &statusBar{
		icon:     widget.NewIcon(theme.InfoIcon()),
		text:     widget.NewLabel(""),
		result:   widget.NewLabelWithStyle("", fyne.TextAlignTrailing, fyne.TextStyle{Bold: true}),
		clock:    widget.NewLabelWithStyle("", fyne.TextAlignTrailing, fyne.TextStyle{Monospace: true}),
		progress: widget.NewProgressBarInfinite(),
		action:   widget.NewButton("", nil),
	}
	s.text.Truncation = fyne.TextTruncateEllipsis
	s.progress.Stop()
	s.progress.Hide()
	s.action.Importance = widget.HighImportance
	s.action.Hide()
	progress := container.NewGridWrap(fyne.NewSize(140, s.progress.MinSize().Height), s.progress)
	s.content = container.NewBorder(nil, nil, s.icon, container.NewHBox(s.action, progress, s.clock, s.result), s.text)
	return s
}

// levelIcon is looked up when needed: theme icons need a running app.
func levelIcon(l level) fyne.Resource {
	switch l {
	case levelSuccess:
		return theme.NewSuccessThemedResource(theme.ConfirmIcon())
	case levelWarning:
		return theme.NewWarningThemedResource(theme.WarningIcon())
	case levelError:
		return theme.NewErrorThemedResource(theme.ErrorIcon())
	}
	return theme.InfoIcon()
}

var levelImportance = map[level]widget.Importance{
	levelInfo:    widget.MediumImportance,
	levelSuccess: widget.MediumImportance, // the icon says it; green text is hard to read on white
	levelWarning: widget.MediumImportance,
	levelError:   widget.DangerImportance,
}

// set shows a message; it drops any action offered for the last one.
func (s *statusBar) set(l level, msg string) {
	s.level = l
	s.icon.SetResource(levelIcon(l))
	s.text.Importance = levelImportance[l]
	s.text.SetText(msg)
	s.action.Hide()
	if s.said != nil {
		s.said(l, msg)
	}
}

// add appends to the current message, keeping the action it offers.
func (s *statusBar) add(more string) {
	s.text.SetText(s.text.Text + more)
	if s.said != nil {
		s.said(s.level, s.text.Text)
	}
}

// offer adds a button to the current message, such as "Undo" after a
// deletion.
func (s *statusBar) offer(label string, do func()) {
	s.action.SetText(label)
	s.action.OnTapped = func() {
		s.action.Hide()
		do()
	}
	s.action.Show()
}

func (s *statusBar) message() string { return s.text.Text }

func (s *statusBar) setResult(text string) { s.result.SetText(text) }

func (s *statusBar) working(on bool) {
	if on {
		s.progress.Show()
		s.progress.Start()
	} else {
		s.progress.Stop()
		s.progress.Hide()
	}
}
