package gui

import (
	"fmt"
	"image"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"fyne.io/fyne/v2/canvas"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
)

// appID names the app to the desktop and keys its preferences.
const appID = "io.github.binocle"

// started approximates the process's start, for the startup trace.
var started = time.Now()

// Run opens the window, on path when it is not empty (an image, or a text
// or Unruly puzzle file), and returns the process exit code once the
// window closes.
func Run(path string) int {
	tr := newTracer(os.Getenv("BINOCLE_TRACE") != "")
	tr.mark("main")
	a := app.NewWithID(appID)
	a.SetIcon(appIcon)
	w := a.NewWindow("Binocle")
	tr.mark("app and window created")
	u := newUI(a, w, tr, "")
	tr.mark("content built")
	defer u.close()
	w.Resize(fyne.NewSize(1280, 800))
	a.Lifecycle().SetOnStarted(func() {
		tr.mark("event loop started")
		if path != "" {
			u.openPath(path)
		}
	})
	// Fyne quits on SIGINT and SIGTERM too, without closing the window.
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		if _, ok := <-signals; ok {
			u.stopped.Store(true)
		}
	}()
	w.SetCloseIntercept(func() {
		u.stopped.Store(true)
		w.Close()
	})
	w.ShowAndRun()
	u.stopped.Store(true)
	signal.Stop(signals)
	close(signals)
	return 0
}

// tracer prints timestamps from the process's start to stderr when
// BINOCLE_TRACE is set, to measure how the app feels in the real binary.
// The smoke test waits on its "solved unique" line.
type tracer struct {
	on  bool
	now func() time.Time
}

func newTracer(on bool) *tracer { return &tracer{on: on, now: time.Now} }

func (t *tracer) mark(format string, args ...any) {
	if t == nil || !t.on {
		return
	}
	ms := float64(t.now().Sub(started).Microseconds()) / 1000
	fmt.Fprintf(os.Stderr, "binocle: trace %9.1f ms  %s\n", ms, fmt.Sprintf(format, args...))
}

// since reports a step's own duration, for steps that start later.
func (t *tracer) since(from time.Time, what string) {
	if t == nil || !t.on {
		return
	}
	t.mark("%s (%.1f ms)", what, float64(t.now().Sub(from).Microseconds())/1000)
}

// firstFrame is an invisible raster whose generator runs when the window
// is first painted: the moment the window becomes usable.
func (t *tracer) firstFrame() fyne.CanvasObject {
	var once sync.Once
	r := canvas.NewRaster(func(w, h int) image.Image {
		once.Do(func() { t.mark("first frame painted: window usable") })
		return image.NewNRGBA(image.Rect(0, 0, 1, 1))
	})
	r.SetMinSize(fyne.NewSize(1, 1))
	return r
}
