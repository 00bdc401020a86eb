package gui

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// playTimer is the mm:ss clock in the status bar while the user plays.
// It belongs to the UI goroutine; a ticker goroutine only asks, through
// fyne.Do, for the label to be redrawn once a second.
type playTimer struct {
	label   *widget.Label
	now     func() time.Time
	started time.Time
	final   time.Duration // the time shown once stopped
	running bool
	// live starts the ticker goroutine. Tests turn it off and move the
	// clock themselves, since Fyne's test driver runs fyne.Do on the
	// calling goroutine.
	live bool
	stop chan struct{}
}

func newPlayTimer(label *widget.Label) *playTimer {
	label.Hide()
	return &playTimer{label: label, now: time.Now, live: true}
}

// begin starts the clock from zero.
func (t *playTimer) begin() {
	t.halt()
	t.started = t.now()
	t.final = 0
	t.running = true
	t.label.Show()
	t.refresh()
	if !t.live {
		return
	}
	stop := make(chan struct{})
	t.stop = stop
	go func() {
		ticker := time.NewTicker(time.Second)
		defer ticker.Stop()
		for {
			select {
			case <-stop:
				return
			case <-ticker.C:
				fyne.Do(func() {
					if t.stop == stop {
						t.refresh()
					}
				})
			}
		}
	}()
}

// halt stops the clock and keeps showing the time reached.
func (t *playTimer) halt() {
	if t.running {
		t.final = t.now().Sub(t.started)
		t.running = false
	}
	if t.stop != nil {
		close(t.stop)
		t.stop = nil
	}
	t.refresh()
}

// clear stops the clock and hides it.
func (t *playTimer) clear() {
	t.halt()
	t.final = 0
	t.label.Hide()
}

func (t *playTimer) elapsed() time.Duration {
	if t.running {
		return t.now().Sub(t.started)
	}
	return t.final
}

func (t *playTimer) refresh() { t.label.SetText("Time " + clock(t.elapsed())) }

// clock writes a duration as mm:ss, or h:mm:ss past the hour.
func clock(d time.Duration) string {
	s := int(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%02d:%02d", s/60, s%60)
}
