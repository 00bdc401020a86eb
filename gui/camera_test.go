package gui

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"gocv.io/x/gocv"

	"binocle/camera"
)

// gridFrame is a 1280×720 camera frame of a white page with a ruled 6×6
// grid whose top-left corner is at (x, y).
func gridFrame(t *testing.T, x, y int) []byte {
	t.Helper()
	const cell, border = 60, 5
	img := image.NewRGBA(image.Rect(0, 0, 1280, 720))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{235, 235, 228, 255}), image.Point{}, draw.Src)
	ink := image.NewUniform(color.RGBA{30, 30, 30, 255})
	side := 6 * cell
	for i := 0; i <= 6; i++ {
		w := 2
		if i == 0 || i == 6 {
			w = border
		}
		draw.Draw(img, image.Rect(x+i*cell-w/2, y-border/2, x+i*cell+w-w/2, y+side+border/2), ink, image.Point{}, draw.Src)
		draw.Draw(img, image.Rect(x-border/2, y+i*cell-w/2, x+side+border/2, y+i*cell+w-w/2), ink, image.Point{}, draw.Src)
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// writeCameraClip writes a 15 fps clip: the grid sweeping across the
// frame, then held still for a second.
func writeCameraClip(t *testing.T) string {
	t.Helper()
	var frames [][]byte
	for i := range 8 {
		frames = append(frames, gridFrame(t, 200+40*i, 150+10*i))
	}
	still := gridFrame(t, 520, 230)
	for range 15 {
		frames = append(frames, still)
	}
	path := filepath.Join(t.TempDir(), "camera.avi")
	if err := camera.WriteVideo(path, 15, frames); err != nil {
		t.Fatal(err)
	}
	return path
}

// playClip opens the clip at path whatever device is asked for; with loop
// the clip starts over at its end, like a camera that never stops.
func playClip(path string, loop bool) func(string) (camera.FrameSource, error) {
	return func(string) (camera.FrameSource, error) {
		src, err := camera.OpenVideoFile(path)
		if err != nil || !loop {
			return src, err
		}
		return &loopingClip{path: path, src: src}, nil
	}
}

type loopingClip struct {
	path string
	src  camera.FrameSource
}

func (l *loopingClip) Read(dst *gocv.Mat) bool {
	if l.src.Read(dst) {
		return true
	}
	l.src.Close()
	src, err := camera.OpenVideoFile(l.path)
	if err != nil {
		return false
	}
	l.src = src
	return l.src.Read(dst)
}

func (l *loopingClip) Close() error { return l.src.Close() }

// uiMu stands in for the UI thread, which Fyne's test driver does not
// have: the dialog's callbacks from the capture goroutines and the test's
// own taps and reads all run under it, one at a time.
var uiMu sync.Mutex

func onUI(f func()) {
	uiMu.Lock()
	defer uiMu.Unlock()
	f()
}

// newSerialCameraDialog is newCameraDialog with its UI callbacks run
// under uiMu.
func newSerialCameraDialog(win fyne.Window, devices []string, open func(string) (camera.FrameSource, error), onCapture func([]byte)) *cameraDialog {
	d := newCameraDialog(win, devices, open, onCapture)
	d.do, d.doAndWait = onUI, onUI
	return d
}

// waitForCamera polls cond, under uiMu; the loop runs on real goroutines even under the
// test driver.
func waitForCamera(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for range 3000 {
		met := false
		onUI(func() { met = cond() })
		if met {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

func newCameraTestWindow(t *testing.T) fyne.Window {
	test.NewTempApp(t)
	w := test.NewWindow(widget.NewLabel(""))
	w.Resize(fyne.NewSize(1000, 800))
	t.Cleanup(w.Close)
	return w
}

func checkStopped(t *testing.T, d *cameraDialog, goroutinesBefore int) {
	t.Helper()
	d.stopping.Wait()
	var running bool
	onUI(func() { running = d.capture != nil })
	if running {
		t.Error("the dialog still holds a running capture after closing")
	}
	waitForCamera(t, "the capture goroutines to end", func() bool { return runtime.NumGoroutine() <= goroutinesBefore })
}

func TestCameraDialogAutoCapture(t *testing.T) {
	clip := writeCameraClip(t)
	w := newCameraTestWindow(t)
	before := runtime.NumGoroutine()
	captured := make(chan []byte, 4)
	d := newSerialCameraDialog(w, []string{"/dev/video0"}, playClip(clip, false), func(frame []byte) { captured <- frame })
	onUI(d.show)

	var frame []byte
	select {
	case frame = <-captured:
	case <-time.After(30 * time.Second):
		t.Fatal("the steady grid was not captured")
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(frame))
	if err != nil || cfg.Width != 1280 || cfg.Height != 720 {
		t.Errorf("captured frame: %v, %dx%d; want a 1280x720 PNG", err, cfg.Width, cfg.Height)
	}
	checkStopped(t, d, before)
	onUI(func() {
		if d.shown.Load() == 0 || d.preview.Image == nil {
			t.Error("no preview frame reached the dialog")
		}
		if top := w.Canvas().Overlays().Top(); top != nil {
			t.Error("the dialog is still open after the capture")
		}
	})
	if len(captured) != 0 {
		t.Errorf("onCapture called %d more times", len(captured))
	}
}

func TestCameraDialogCaptureButtonAndCancel(t *testing.T) {
	clip := writeCameraClip(t)
	for _, press := range []string{"Capture", "Cancel"} {
		t.Run(press, func(t *testing.T) {
			w := newCameraTestWindow(t)
			before := runtime.NumGoroutine()
			captured := make(chan []byte, 4)
			d := newSerialCameraDialog(w, []string{"/dev/video0"}, playClip(clip, true), func(frame []byte) { captured <- frame })
			onUI(d.show)
			waitForCamera(t, "a preview", func() bool { return d.shown.Load() > 0 })
			if press == "Capture" {
				onUI(func() { test.Tap(d.captureBtn) })
				select {
				case <-captured:
				case <-time.After(30 * time.Second):
					t.Fatal("Capture did not deliver a frame")
				}
			} else {
				onUI(func() { test.Tap(overlayButton(t, w, "Cancel")) })
			}
			checkStopped(t, d, before)
			if n := len(captured); n != 0 {
				t.Errorf("%d more frames delivered after the %s", n, press)
			}
		})
	}
}

func TestCameraDialogNoCamera(t *testing.T) {
	w := newCameraTestWindow(t)
	d := newSerialCameraDialog(w, nil, func(string) (camera.FrameSource, error) {
		t.Error("opened a camera although none was listed")
		return nil, errors.New("unreachable")
	}, func([]byte) { t.Error("captured without a camera") })
	onUI(d.show)
	if d.status.Text != noCameraText {
		t.Errorf("status %q, want %q", d.status.Text, noCameraText)
	}
	if w.Canvas().Overlays().Top() == nil {
		t.Error("no dialog shown")
	}
}

func TestCameraDialogOpenFails(t *testing.T) {
	w := newCameraTestWindow(t)
	d := newSerialCameraDialog(w, []string{"/dev/video7"}, func(dev string) (camera.FrameSource, error) {
		return nil, errors.New("camera " + dev + ": cannot be opened as a video capture device")
	}, func([]byte) { t.Error("captured from a camera that failed to open") })
	onUI(d.show)
	waitForCamera(t, "the open error", func() bool { return strings.Contains(d.status.Text, "cannot be opened") })
	onUI(func() {
		if !strings.Contains(d.status.Text, "/dev/video7") {
			t.Errorf("status %q does not name the device", d.status.Text)
		}
		if !d.captureBtn.Disabled() {
			t.Error("Capture is enabled without a camera")
		}
	})
}
