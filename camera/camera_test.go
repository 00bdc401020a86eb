package camera

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gocv.io/x/gocv"

	"binocle/internal/synth"
	"binocle/vision"
)

// webcamSpec is a newspaper's 6×6 puzzle held in front of a 1280×720
// webcam, tilted a little: the size and geometry the capture loop sees.
func webcamSpec() synth.Spec {
	givens := []string{
		"1..0..",
		"..0..1",
		".1...0",
		"0...1.",
		"1..1..",
		"..0..0",
	}
	return synth.Spec{Name: "webcam", Seed: 2, Kind: synth.KindPhoto, Style: synth.StyleSquareCircle, Look: synth.LookPrint,
		Source: "camera-test", Rows: 6, Cols: 6, Cells: givens, Givens: givens,
		Width: 1280, Height: 720, Fill: 0.6, Tilt: 8, Rotate: 3, Orientation: 1}
}

// webcamFrame renders webcamSpec and decodes it; the caller closes the Mat.
func webcamFrame(t testing.TB) (gocv.Mat, synth.Truth) {
	t.Helper()
	sample, err := synth.Render(webcamSpec())
	if err != nil {
		t.Fatal(err)
	}
	m, err := vision.LoadBytes(sample.Data)
	if err != nil {
		t.Fatal(err)
	}
	return m, sample.Truth
}

// shiftedPNG is img moved by (dx, dy) pixels, edges replicated, as PNG: a
// camera panning across the page.
func shiftedPNG(t testing.TB, img gocv.Mat, dx, dy float64) []byte {
	t.Helper()
	move := gocv.NewMatWithSize(2, 3, gocv.MatTypeCV64F)
	defer move.Close()
	for i, v := range []float64{1, 0, dx, 0, 1, dy} {
		move.SetDoubleAt(i/3, i%3, v)
	}
	out := gocv.NewMat()
	defer out.Close()
	gocv.WarpAffineWithParams(img, &out, move, image.Pt(img.Cols(), img.Rows()), gocv.InterpolationLinear, gocv.BorderReplicate, color.RGBA{})
	buf, err := gocv.IMEncode(gocv.PNGFileExt, out)
	if err != nil {
		t.Fatal(err)
	}
	defer buf.Close()
	return append([]byte(nil), buf.GetBytes()...)
}

// webcamClip is a test video: panning over a page without a puzzle, then over
// the puzzle, then the puzzle held still.
type webcamClip struct {
	path        string
	fps         float64
	steadyFrom  int // index of the first frame of the still part
	frames      int
	truth       synth.Truth
	steadyTruth [4][2]float64
}

func writeClip(t testing.TB) webcamClip {
	t.Helper()
	const fps = 15
	grid, truth := webcamFrame(t)
	defer grid.Close()
	noGridData, err := synth.NoGrid(11, 1280, 720)
	if err != nil {
		t.Fatal(err)
	}
	noGrid, err := vision.LoadBytes(noGridData)
	if err != nil {
		t.Fatal(err)
	}
	defer noGrid.Close()

	var frames [][]byte
	for i := range 6 {
		frames = append(frames, shiftedPNG(t, noGrid, float64(25*i), 0))
	}
	// Each step moves the grid 30 px, more than the 22 px tolerance, so
	// the outline never settles while the camera pans.
	for i := range 12 {
		frames = append(frames, shiftedPNG(t, grid, float64(30*(12-i)), float64(-10*(12-i))))
	}
	steadyFrom := len(frames)
	still := shiftedPNG(t, grid, 0, 0)
	for range 15 {
		frames = append(frames, still)
	}
	path := filepath.Join(t.TempDir(), "webcam.avi")
	if err := WriteVideo(path, fps, frames); err != nil {
		t.Fatal(err)
	}
	return webcamClip{path: path, fps: fps, steadyFrom: steadyFrom, frames: len(frames), truth: truth, steadyTruth: truth.Corners}
}

// settledGoroutines waits for goroutines that are finishing to go, then
// reports whether no more than want remain.
func settledGoroutines(want int) (int, bool) {
	n := runtime.NumGoroutine()
	for range 200 {
		if n <= want {
			return n, true
		}
		time.Sleep(10 * time.Millisecond)
		n = runtime.NumGoroutine()
	}
	return n, false
}

func TestCaptureAutoFiresWhenSteady(t *testing.T) {
	c := writeClip(t)
	before := runtime.NumGoroutine()

	src, err := OpenVideoFile(c.path)
	if err != nil {
		t.Fatal(err)
	}
	capture := StartCapture(context.Background(), src, CaptureOptions{})
	var previews []Preview
	for p := range capture.Previews() {
		previews = append(previews, p)
	}
	var shots []Shot
	for s := range capture.Shots() {
		shots = append(shots, s)
	}
	if err := capture.Err(); !errors.Is(err, ErrSourceEnded) {
		t.Fatalf("loop ended with %v, want ErrSourceEnded at the end of the video", err)
	}
	if n, ok := settledGoroutines(before); !ok {
		t.Errorf("%d goroutines after the loop ended, %d before", n, before)
	}

	if len(shots) != 1 {
		t.Fatalf("got %d shots, want exactly one automatic capture", len(shots))
	}
	shot := shots[0]
	if !shot.Auto || !shot.Found {
		t.Errorf("shot Auto=%v Found=%v, want an automatic capture of a located grid", shot.Auto, shot.Found)
	}
	// Half a second of still frames at 15 fps is frame 8 of the still part.
	if shot.Frame < c.steadyFrom+int(0.5*c.fps) || shot.Frame >= c.frames {
		t.Errorf("captured frame %d; the grid is still from frame %d, so capture belongs at %d or later",
			shot.Frame, c.steadyFrom, c.steadyFrom+int(0.5*c.fps))
	}
	wantAt := time.Duration(float64(c.steadyFrom)/c.fps*float64(time.Second)) + 500*time.Millisecond
	if shot.At < wantAt {
		t.Errorf("captured at %v, before the grid had been still for 0.5 s (%v)", shot.At, wantAt)
	}
	if shift := maxCornerShift(shot.Corners, c.steadyTruth); shift > 10 {
		t.Errorf("shot outline is %.1f px from the true corners %v: %v", shift, c.steadyTruth, shot.Corners)
	}

	last := previews[len(previews)-1]
	if !last.Found || last.Steady != 1 || last.Image == nil {
		t.Errorf("last preview Found=%v Steady=%v image=%v, want the still grid", last.Found, last.Steady, last.Image != nil)
	} else if b := last.Image.Bounds(); b.Dx() != 1280 || b.Dy() != 720 {
		t.Errorf("preview is %dx%d, want 1280x720", b.Dx(), b.Dy())
	}

	img, err := vision.LoadBytes(shot.PNG)
	if err != nil {
		t.Fatal(err)
	}
	defer img.Close()
	reading, err := vision.Read(img)
	if err != nil {
		t.Fatalf("reading the captured frame: %v", err)
	}
	if reading.Rows != c.truth.Rows || reading.Cols != c.truth.Cols {
		t.Fatalf("captured frame reads as %dx%d, want %dx%d", reading.Rows, reading.Cols, c.truth.Rows, c.truth.Cols)
	}
	for r, row := range c.truth.Cells {
		got := make([]byte, reading.Cols)
		for col := range got {
			got[col] = reading.Cells[r*reading.Cols+col].Char()
		}
		if string(got) != row {
			t.Errorf("captured frame row %d reads %q, want %q", r, got, row)
		}
	}
}

// repeatSource delivers copies of one frame, forever or n times, and
// records that it was closed.
type repeatSource struct {
	frame  gocv.Mat
	left   int // < 0: forever
	reads  atomic.Int64
	closed atomic.Bool
}

func (s *repeatSource) Read(dst *gocv.Mat) bool {
	if s.left == 0 {
		return false
	}
	s.left--
	s.reads.Add(1)
	s.frame.CopyTo(dst)
	return true
}

func (s *repeatSource) Close() error {
	s.closed.Store(true)
	return nil
}

// recordedSource is a repeatSource replayed as a recording at 15 fps, so
// the loop locates every frame before previewing it.
type recordedSource struct{ repeatSource }

func (s *recordedSource) FrameTime() time.Duration {
	return time.Duration(s.reads.Load()-1) * time.Second / 15
}

func noGridLocate(gocv.Mat) ([4][2]float64, error) { return [4][2]float64{}, vision.ErrNoGrid }

func TestCaptureStopsCleanly(t *testing.T) {
	frame := gocv.NewMatWithSize(720, 1280, gocv.MatTypeCV8UC3)
	defer frame.Close()
	for _, how := range []string{"Stop", "cancel"} {
		t.Run(how, func(t *testing.T) {
			before := runtime.NumGoroutine()
			src := &repeatSource{frame: frame, left: -1}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			capture := StartCapture(ctx, src, CaptureOptions{Locate: noGridLocate})
			if _, ok := <-capture.Previews(); !ok {
				t.Fatal("previews closed before the first frame")
			}
			if how == "Stop" {
				capture.Stop()
			} else {
				cancel()
				<-capture.Done()
			}
			if err := capture.Err(); err != nil {
				t.Errorf("stopped loop reports %v, want nil", err)
			}
			if !src.closed.Load() {
				t.Error("the loop did not close its source")
			}
			for range capture.Previews() {
			}
			if _, open := <-capture.Shots(); open {
				t.Error("shots channel still open after Stop")
			}
			capture.Stop() // a second Stop is harmless
			if n, ok := settledGoroutines(before); !ok {
				t.Errorf("%d goroutines after Stop, %d before", n, before)
			}
		})
	}
}

func TestCaptureNow(t *testing.T) {
	frame := gocv.NewMatWithSize(240, 320, gocv.MatTypeCV8UC3)
	defer frame.Close()
	src := &repeatSource{frame: frame, left: -1}
	capture := StartCapture(context.Background(), src, CaptureOptions{Locate: noGridLocate})
	defer capture.Stop()
	<-capture.Previews()
	capture.CaptureNow()
	shot, ok := <-capture.Shots()
	if !ok {
		t.Fatal("no shot after CaptureNow")
	}
	if shot.Auto || shot.Found || shot.Width != 320 || shot.Height != 240 {
		t.Errorf("shot Auto=%v Found=%v %dx%d, want a manual 320x240 capture without a grid", shot.Auto, shot.Found, shot.Width, shot.Height)
	}
	m, err := vision.LoadBytes(shot.PNG)
	if err != nil {
		t.Fatalf("the shot does not decode: %v", err)
	}
	m.Close()
}

func TestCaptureLiveAutoCapture(t *testing.T) {
	frame := gocv.NewMatWithSize(360, 640, gocv.MatTypeCV8UC3)
	defer frame.Close()
	corners := [4][2]float64{{100, 50}, {400, 50}, {400, 300}, {100, 300}}
	var located atomic.Int64
	src := &repeatSource{frame: frame, left: -1}
	capture := StartCapture(context.Background(), src, CaptureOptions{
		SteadyFor: 50 * time.Millisecond,
		Locate: func(gocv.Mat) ([4][2]float64, error) {
			located.Add(1)
			return corners, nil
		},
	})
	defer capture.Stop()
	shot := <-capture.Shots()
	if !shot.Auto || !shot.Found || shot.Corners != corners {
		t.Errorf("live shot Auto=%v Found=%v corners %v, want the automatic capture of %v", shot.Auto, shot.Found, shot.Corners, corners)
	}
	if located.Load() < 2 {
		t.Errorf("auto-capture after %d located frames; steadiness needs at least two", located.Load())
	}
	capture.Stop()
	for s := range capture.Shots() {
		t.Errorf("a second automatic shot, of frame %d", s.Frame)
	}
}

func TestCaptureScalesLargeFramesForPreview(t *testing.T) {
	frame := gocv.NewMatWithSize(1080, 1920, gocv.MatTypeCV8UC3)
	defer frame.Close()
	corners := [4][2]float64{{100, 100}, {900, 100}, {900, 900}, {100, 900}}
	src := &recordedSource{repeatSource{frame: frame, left: 2}}
	capture := StartCapture(context.Background(), src, CaptureOptions{
		Locate: func(gocv.Mat) ([4][2]float64, error) { return corners, nil },
	})
	var last Preview
	for p := range capture.Previews() {
		last = p
	}
	if b := last.Image.Bounds(); b.Dx() != 1280 || b.Dy() != 720 {
		t.Errorf("1920x1080 frame previews at %dx%d, want 1280x720", b.Dx(), b.Dy())
	}
	if last.Width != 1920 || last.Corners != corners {
		t.Errorf("preview reports width %d corners %v, want the full frame's 1920 and %v", last.Width, last.Corners, corners)
	}
	// The outline is drawn at the scaled position of the TL corner.
	if px := last.Image.RGBAAt(67, 67); px.R != outlineSettling.R || px.G != outlineSettling.G || px.B != outlineSettling.B {
		t.Errorf("preview pixel at the scaled corner is %v, want the settling outline %v", px, outlineSettling)
	}
}

func TestSteadiness(t *testing.T) {
	at := func(ms int) time.Duration { return time.Duration(ms) * time.Millisecond }
	square := func(dx float64) [4][2]float64 {
		return [4][2]float64{{100 + dx, 100}, {500 + dx, 100}, {500 + dx, 500}, {100 + dx, 500}}
	}
	type obs struct {
		ms    int
		dx    float64
		found bool
		want  float64
	}
	tests := []struct {
		name string
		obs  []obs
	}{
		{"still grid becomes steady after the hold", []obs{
			{0, 0, true, 0}, {250, 0, true, 0.5}, {500, 0, true, 1}, {750, 0, true, 1}}},
		{"jitter within tolerance still counts", []obs{
			{0, 0, true, 0}, {200, 3, true, 0.4}, {400, -4, true, 0.8}, {600, 2, true, 1}}},
		{"a jump restarts the clock", []obs{
			{0, 0, true, 0}, {400, 0, true, 0.8}, {450, 20, true, 0}, {700, 20, true, 0.5}}},
		{"slow drift is caught against the settled position", []obs{
			{0, 0, true, 0}, {100, 4, true, 0.2}, {200, 8, true, 0.4}, {300, 12, true, 0}, {400, 16, true, 0.2}}},
		{"losing the grid restarts", []obs{
			{0, 0, true, 0}, {400, 0, true, 0.8}, {450, 0, false, 0}, {500, 0, true, 0}, {1000, 0, true, 1}}},
		{"time going backwards restarts", []obs{
			{1000, 0, true, 0}, {400, 0, true, 0}, {900, 0, true, 1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := steadiness{hold: 500 * time.Millisecond, tolerance: 10}
			for i, o := range tc.obs {
				if got := s.observe(at(o.ms), square(o.dx), o.found); got != o.want {
					t.Errorf("observation %d (t=%dms dx=%v found=%v): progress %v, want %v", i, o.ms, o.dx, o.found, got, o.want)
				}
			}
		})
	}
}

func TestListCameras(t *testing.T) {
	saved := cameraDir
	t.Cleanup(func() { cameraDir = saved })

	cameraDir = t.TempDir()
	if got := ListCameras(); len(got) != 0 {
		t.Errorf("no devices: got %v", got)
	}
	for _, name := range []string{"video10", "video2", "video0", "videox", "vhci", "video1a"} {
		if err := os.WriteFile(filepath.Join(cameraDir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{filepath.Join(cameraDir, "video0"), filepath.Join(cameraDir, "video2"), filepath.Join(cameraDir, "video10")}
	if got := ListCameras(); !slices.Equal(got, want) {
		t.Errorf("ListCameras() = %v, want %v", got, want)
	}
}

func TestOpenFailures(t *testing.T) {
	dir := t.TempDir()
	notVideo := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notVideo, []byte("not a video\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "video99")
	tests := []struct {
		name string
		open func(string) (FrameSource, error)
		path string
		want string
	}{
		{"missing camera", OpenCamera, missing, "no such file"},
		{"file that is not a device", OpenCamera, notVideo, "cannot be opened"},
		{"missing video", OpenVideoFile, missing, "no such file"},
		{"file that is not a video", OpenVideoFile, notVideo, "not a video"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src, err := tc.open(tc.path)
			if err == nil {
				src.Close()
				t.Fatalf("opening %s succeeded", tc.path)
			}
			if !strings.Contains(err.Error(), tc.path) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q should name %s and say %q", err, tc.path, tc.want)
			}
			if tc.want == "no such file" && !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("error %q does not wrap fs.ErrNotExist", err)
			}
		})
	}
}

func TestWriteVideoErrors(t *testing.T) {
	small := gocv.NewMatWithSize(64, 64, gocv.MatTypeCV8UC3)
	defer small.Close()
	big := gocv.NewMatWithSize(64, 128, gocv.MatTypeCV8UC3)
	defer big.Close()
	path := filepath.Join(t.TempDir(), "out.avi")
	tests := []struct {
		name   string
		fps    float64
		frames [][]byte
		want   string
	}{
		{"no frames", 15, nil, "no frames"},
		{"zero fps", 0, [][]byte{shiftedPNG(t, small, 0, 0)}, "not positive"},
		{"undecodable frame", 15, [][]byte{shiftedPNG(t, small, 0, 0), []byte("junk")}, "frame 1 is not a decodable image"},
		{"size change", 15, [][]byte{shiftedPNG(t, small, 0, 0), shiftedPNG(t, big, 0, 0)}, "frame 1 is 128x64, frame 0 is 64x64"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := WriteVideo(path, tc.fps, tc.frames)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("WriteVideo: %v, want an error naming %s and saying %q", err, path, tc.want)
			}
		})
	}
}

// processCPU is the CPU time this process has used, from /proc (Linux's
// USER_HZ is 100); ok is false elsewhere. Benchmarks report it beside wall
// time because the build machine is shared: wall time per op grows with
// other people's load, CPU time per op does not.
func processCPU() (cpu time.Duration, ok bool) {
	stat, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0, false
	}
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, false
	}
	// After the command name: state is field 3, utime 14 and stime 15.
	fields := strings.Fields(string(stat[i+1:]))
	if len(fields) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, true
}

// reportCPU adds cpu-ms/op to a benchmark measured from start.
func reportCPU(b *testing.B, start time.Duration) {
	if end, ok := processCPU(); ok && b.N > 0 {
		b.ReportMetric(float64(end-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	}
}

// BenchmarkLocate720pCamera is vision.LocateGrid on one 1280×720 webcam frame, the
// per-frame cost of the live outline (target: 30 ms).
func BenchmarkLocate720pCamera(b *testing.B) {
	frame, _ := webcamFrame(b)
	defer frame.Close()
	cpu, _ := processCPU()
	for b.Loop() {
		if _, err := vision.LocateGrid(frame); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
}

// BenchmarkCaptureFrame720p is the live capture loop's per-frame work on
// 1280×720 frames from an instant source: read, preview image and, on a
// second goroutine, grid location of every frame it has time for. Its
// inverse is the preview frame rate the loop sustains.
func BenchmarkCaptureFrame720p(b *testing.B) {
	frame, _ := webcamFrame(b)
	defer frame.Close()
	src := &repeatSource{frame: frame, left: b.N}
	b.ResetTimer()
	cpu, _ := processCPU()
	capture := StartCapture(context.Background(), src, CaptureOptions{NoAutoCapture: true})
	for range capture.Previews() {
	}
	if err := capture.Err(); !errors.Is(err, ErrSourceEnded) {
		b.Fatal(err)
	}
	reportCPU(b, cpu)
}
