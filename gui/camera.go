package gui

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"binocle/camera"
)

const (
	noCameraText    = "No camera found. Connect a webcam and try again, or import a photo instead."
	lookingText     = "Looking for a puzzle grid…"
	holdStillText   = "Grid found: hold it still"
	capturingText   = "Capturing…"
	cameraEndedText = "The camera stopped sending pictures. Pick it again, or close."
)

// ShowCameraDialog opens the webcam import over win: a camera list, the
// live picture with the detected grid outlined, and a Capture button. A
// grid held still for half a second is captured by itself. onCapture then
// gets the full-resolution frame as PNG bytes (vision.LoadBytes reads
// them), on the UI goroutine, after the dialog has closed: the caller runs
// it through the photo flow with source "camera". With no camera the
// dialog only says so.
func ShowCameraDialog(win fyne.Window, onCapture func(frame []byte)) {
	newCameraDialog(win, camera.ListCameras(), camera.OpenCamera, onCapture).show()
}

// cameraDialog is the dialog's state. Its fields belong to the UI
// goroutine, except the capture loop's pump, which only reaches them
// through fyne.Do.
type cameraDialog struct {
	win       fyne.Window
	devices   []string
	open      func(device string) (camera.FrameSource, error)
	onCapture func([]byte)
	// do and doAndWait bring the capture goroutines' results to the UI:
	// fyne.Do and fyne.DoAndWait in the app. Fyne's test driver runs
	// them on the calling goroutine, so tests swap in versions that
	// serialise with the test's own UI calls.
	do, doAndWait func(func())

	dlg        *dialog.CustomDialog
	preview    *canvas.Image
	steadiness *widget.ProgressBar
	status     *widget.Label
	captureBtn *widget.Button

	capture  *camera.Capture
	gen      int // bumped when the camera changes or the dialog closes, so late frames are dropped
	captured bool
	rate     frameRate
	// shown counts previews put on screen, for tests.
	shown atomic.Int64
	// stopping tracks capture loops still shutting down after the dialog
	// moved on, so tests (and a quitting app) can wait for them.
	stopping sync.WaitGroup
}

// newCameraDialog takes the device list and the opener as arguments so
// tests can play a video file in place of a camera.
func newCameraDialog(win fyne.Window, devices []string, open func(string) (camera.FrameSource, error), onCapture func([]byte)) *cameraDialog {
	return &cameraDialog{win: win, devices: devices, open: open, onCapture: onCapture, do: fyne.Do, doAndWait: fyne.DoAndWait}
}

func (d *cameraDialog) show() {
	d.status = widget.NewLabel(lookingText)
	d.status.Wrapping = fyne.TextWrapWord
	if len(d.devices) == 0 {
		d.status.SetText(noCameraText)
		d.dlg = dialog.NewCustom("Import from camera", "Close", d.status, d.win)
		d.dlg.Show()
		return
	}

	labels := make([]string, len(d.devices))
	deviceOf := make(map[string]string, len(d.devices))
	for i, dev := range d.devices {
		labels[i] = dev
		if name := camera.CameraName(dev); name != "" {
			labels[i] = name + " (" + dev + ")"
		}
		deviceOf[labels[i]] = dev
	}
	devSelect := widget.NewSelect(labels, func(label string) { d.startDevice(deviceOf[label]) })

	d.preview = canvas.NewImageFromImage(nil)
	d.preview.FillMode = canvas.ImageFillContain
	d.preview.SetMinSize(fyne.NewSize(640, 360))
	d.steadiness = widget.NewProgressBar()
	d.steadiness.TextFormatter = func() string { return "" }

	d.captureBtn = widget.NewButton("Capture", func() {
		if d.capture != nil {
			d.status.SetText(capturingText)
			d.capture.CaptureNow()
		}
	})
	d.captureBtn.Importance = widget.HighImportance
	d.captureBtn.Disable()
	cancel := widget.NewButton("Cancel", func() { d.dlg.Hide() })

	content := container.NewBorder(devSelect, container.NewVBox(d.steadiness, d.status), nil, nil, d.preview)
	d.dlg = dialog.NewCustomWithoutButtons("Import from camera", content, d.win)
	d.dlg.SetButtons([]fyne.CanvasObject{cancel, d.captureBtn})
	d.dlg.SetOnClosed(d.stopCapture)
	d.dlg.Resize(fyne.NewSize(760, 600))
	d.dlg.Show()
	devSelect.SetSelectedIndex(0)
}

// startDevice replaces the running camera with dev. Opening waits for the
// first frame, so it runs off the UI goroutine.
func (d *cameraDialog) startDevice(dev string) {
	d.stopCapture()
	gen := d.gen
	d.status.SetText("Opening " + dev + "…")
	d.captureBtn.Disable()
	go func() {
		src, err := d.open(dev)
		d.do(func() {
			if gen != d.gen {
				if err == nil {
					src.Close()
				}
				return
			}
			if err != nil {
				d.status.SetText(err.Error())
				return
			}
			d.capture = camera.StartCapture(context.Background(), src, camera.CaptureOptions{})
			d.captureBtn.Enable()
			d.status.SetText(lookingText)
			go d.pump(d.capture, gen)
		})
	}()
}

// pump carries the loop's previews and shots to the UI. Waiting for each
// preview to be drawn before taking the next lets the loop drop frames
// when the UI is slower than the camera, instead of queueing them.
func (d *cameraDialog) pump(c *camera.Capture, gen int) {
	previews, shots := c.Previews(), c.Shots()
	for previews != nil || shots != nil {
		select {
		case p, ok := <-previews:
			if !ok {
				previews = nil
				continue
			}
			d.doAndWait(func() {
				if gen == d.gen {
					d.showPreview(p)
				}
			})
		case s, ok := <-shots:
			if !ok {
				shots = nil
				continue
			}
			d.doAndWait(func() {
				if gen == d.gen {
					d.deliver(s.PNG)
				}
			})
		}
	}
	if err := c.Err(); err != nil {
		d.do(func() {
			if gen == d.gen {
				d.status.SetText(cameraEndedText)
				d.captureBtn.Disable()
			}
		})
	}
}

func (d *cameraDialog) showPreview(p camera.Preview) {
	d.preview.Image = p.Image
	d.preview.Refresh()
	d.steadiness.SetValue(p.Steady)
	text := lookingText
	if p.Found {
		text = holdStillText
	}
	if d.status.Text != capturingText {
		d.status.SetText(fmt.Sprintf("%s · %d fps", text, d.rate.tick(time.Now())))
	}
	d.shown.Add(1)
}

// deliver hands the first shot over and closes the dialog; the loop may
// have taken another meanwhile (a press just as the grid settled).
func (d *cameraDialog) deliver(png []byte) {
	if d.captured {
		return
	}
	d.captured = true
	d.dlg.Hide()
	d.onCapture(png)
}

// stopCapture ends the running loop without waiting on the UI goroutine:
// a camera in the middle of a frame takes a moment to let go.
func (d *cameraDialog) stopCapture() {
	d.gen++
	if d.capture == nil {
		return
	}
	c := d.capture
	d.capture = nil
	d.stopping.Add(1)
	go func() {
		defer d.stopping.Done()
		c.Stop()
	}()
}

// frameRate counts the previews shown in the last second.
type frameRate struct{ times []time.Time }

func (r *frameRate) tick(now time.Time) int {
	r.times = append(r.times, now)
	keep := 0
	for keep < len(r.times) && now.Sub(r.times[keep]) > time.Second {
		keep++
	}
	r.times = r.times[keep:]
	return len(r.times)
}
