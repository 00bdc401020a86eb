package camera

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"gocv.io/x/gocv"

	"binocle/vision"
)

// FrameSource is anything that delivers video frames: a camera, or a video
// file standing in for one in tests and bug reports. Read fills dst with the
// next frame in BGR order and reports false when no frame came (the end of
// a file, an unplugged camera).
type FrameSource interface {
	Read(dst *gocv.Mat) bool
	Close() error
}

// Recording is a FrameSource replaying frames taken earlier, such as a
// video file. The capture loop locates every frame of a recording, in
// order, and measures steadiness in the recording's own time, so a replay
// gives the same auto-capture however fast the machine is. Any other
// source is live: the loop never waits for grid location, so the preview
// keeps the camera's frame rate, and the outline follows a frame behind.
type Recording interface {
	FrameSource
	// FrameTime is when the frame last read was taken, from the start.
	FrameTime() time.Duration
}

// ErrSourceEnded is the capture loop's error when the camera or video
// stopped delivering frames on its own.
var ErrSourceEnded = errors.New("the frame source stopped delivering frames")

// cameraDir holds the video device nodes; a variable so tests can list a
// directory of their own.
var cameraDir = "/dev"

// ListCameras returns the video device nodes (/dev/video0, /dev/video1, ...)
// in numeric order, or nothing when the machine has none. Some nodes of a
// real camera only carry metadata; opening those fails with an error that
// names them.
func ListCameras() []string {
	paths, _ := filepath.Glob(filepath.Join(cameraDir, "video*"))
	var devices []string
	for _, p := range paths {
		if _, err := strconv.Atoi(strings.TrimPrefix(filepath.Base(p), "video")); err == nil {
			devices = append(devices, p)
		}
	}
	sort.Slice(devices, func(i, j int) bool { return deviceNumber(devices[i]) < deviceNumber(devices[j]) })
	return devices
}

func deviceNumber(path string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(filepath.Base(path), "video"))
	return n
}

// CameraName is the driver's name for a device ("Integrated Camera"), for
// the device list; empty when the system does not say.
func CameraName(device string) string {
	name, err := os.ReadFile(filepath.Join("/sys/class/video4linux", filepath.Base(device), "name"))
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(name))
}

// cameraOpenTimeout bounds OpenCamera: a driver that never answers must not
// freeze the dialog that asked for it.
const cameraOpenTimeout = 5 * time.Second

// Webcams deliver 1280×720 at full frame rate only as MJPG; uncompressed
// YUYV is often limited to a few frames per second at that size.
const (
	cameraWidth  = 1280
	cameraHeight = 720
)

// OpenCamera opens a video device such as "/dev/video0" at 1280×720 and
// checks that it delivers a frame. It returns within a few seconds even if
// the driver hangs; the caller closes the source (StartCapture does).
func OpenCamera(device string) (FrameSource, error) {
	if _, err := os.Stat(device); err != nil {
		return nil, fmt.Errorf("camera %s: %w", device, err)
	}
	type opened struct {
		vc  *gocv.VideoCapture
		err error
	}
	result := make(chan opened, 1)
	go func() {
		vc, err := openCameraNow(device)
		result <- opened{vc, err}
	}()
	select {
	case o := <-result:
		if o.err != nil {
			return nil, o.err
		}
		return &videoSource{vc: o.vc}, nil
	case <-time.After(cameraOpenTimeout):
		go func() {
			if o := <-result; o.vc != nil {
				o.vc.Close()
			}
		}()
		return nil, fmt.Errorf("camera %s: no answer within %v", device, cameraOpenTimeout)
	}
}

func openCameraNow(device string) (*gocv.VideoCapture, error) {
	vc, err := gocv.VideoCaptureFileWithAPI(device, gocv.VideoCaptureV4L2)
	if err != nil {
		vc.Close()
		return nil, fmt.Errorf("camera %s: cannot be opened as a video capture device", device)
	}
	vc.Set(gocv.VideoCaptureFOURCC, vc.ToCodec("MJPG"))
	vc.Set(gocv.VideoCaptureFrameWidth, cameraWidth)
	vc.Set(gocv.VideoCaptureFrameHeight, cameraHeight)
	probe := gocv.NewMat()
	defer probe.Close()
	if !vc.Read(&probe) || probe.Empty() {
		vc.Close()
		return nil, fmt.Errorf("camera %s: opened but delivered no frame", device)
	}
	return vc, nil
}

// defaultVideoFPS times a video file whose header gives no frame rate.
const defaultVideoFPS = 30

// OpenVideoFile plays a video file (anything OpenCV's backends decode, such
// as the MJPG AVI files WriteVideo makes) as a frame source. Frames come as
// fast as they decode; their times come from the file's frame rate.
func OpenVideoFile(path string) (FrameSource, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("video %s: %w", path, err)
	}
	vc, err := gocv.VideoCaptureFile(path)
	if err != nil {
		vc.Close()
		return nil, fmt.Errorf("video %s: not a video OpenCV can decode", path)
	}
	fps := vc.Get(gocv.VideoCaptureFPS)
	if !(fps > 0 && fps < 1000) {
		fps = defaultVideoFPS
	}
	return &videoFile{videoSource{vc: vc, fps: fps}}, nil
}

// videoSource is an OpenCV capture: a camera, or a video file when fps is
// set, whose frames are then timed by their index.
type videoSource struct {
	mu     sync.Mutex
	vc     *gocv.VideoCapture
	fps    float64
	frames int
}

func (s *videoSource) Read(dst *gocv.Mat) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.vc == nil || !s.vc.Read(dst) || dst.Empty() {
		return false
	}
	s.frames++
	return true
}

func (s *videoSource) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.vc != nil {
		s.vc.Close()
		s.vc = nil
	}
	return nil
}

// videoFile is a videoSource that is a Recording.
type videoFile struct{ videoSource }

func (s *videoFile) FrameTime() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return time.Duration(float64(max(0, s.frames-1)) / s.fps * float64(time.Second))
}

// WriteVideo writes encoded images (PNG, JPEG, ...) of one size as an MJPG
// AVI file at fps frames per second: a replayable clip that OpenVideoFile
// plays in place of a camera, for tests and for reproducing a bug report.
func WriteVideo(path string, fps float64, frames [][]byte) error {
	if len(frames) == 0 {
		return fmt.Errorf("video %s: no frames to write", path)
	}
	if !(fps > 0) {
		return fmt.Errorf("video %s: frame rate %v is not positive", path, fps)
	}
	var w *gocv.VideoWriter
	defer func() {
		if w != nil {
			w.Close()
		}
	}()
	var width, height int
	for i, data := range frames {
		m, err := gocv.IMDecode(data, gocv.IMReadColor)
		if err != nil || m.Empty() {
			m.Close()
			return fmt.Errorf("video %s: frame %d is not a decodable image", path, i)
		}
		if w == nil {
			width, height = m.Cols(), m.Rows()
			w, err = gocv.VideoWriterFile(path, "MJPG", fps, width, height, true)
			if err != nil || !w.IsOpened() {
				m.Close()
				return fmt.Errorf("video %s: cannot be written as MJPG AVI", path)
			}
		}
		if fw, fh := m.Cols(), m.Rows(); fw != width || fh != height {
			m.Close()
			return fmt.Errorf("video %s: frame %d is %dx%d, frame 0 is %dx%d", path, i, fw, fh, width, height)
		}
		err = w.Write(m)
		m.Close()
		if err != nil {
			return fmt.Errorf("video %s: frame %d: %v", path, i, err)
		}
	}
	return nil
}

// CaptureOptions tunes a capture loop; the zero value is the default.
type CaptureOptions struct {
	// Locate finds the grid in a frame; LocateGrid when nil.
	Locate func(gocv.Mat) ([4][2]float64, error)
	// SteadyFor is how long the outline must hold still before the frame is
	// captured by itself; 0.5 s when zero.
	SteadyFor time.Duration
	// Tolerance is how far, as a share of the frame's diagonal, a corner may
	// wander while the outline still counts as still; 1.5 % when zero.
	Tolerance float64
	// NoAutoCapture leaves capturing to CaptureNow alone.
	NoAutoCapture bool
	// PreviewMaxSide caps the preview's longer side; 1280 when zero.
	PreviewMaxSide int
}

func (o CaptureOptions) withDefaults() CaptureOptions {
	if o.Locate == nil {
		o.Locate = vision.LocateGrid
	}
	if o.SteadyFor <= 0 {
		o.SteadyFor = 500 * time.Millisecond
	}
	if o.Tolerance <= 0 {
		o.Tolerance = 0.015
	}
	if o.PreviewMaxSide <= 0 {
		o.PreviewMaxSide = 1280
	}
	return o
}

// Preview is one frame for the live view.
type Preview struct {
	// Image is the frame, scaled to fit PreviewMaxSide, with the located
	// grid outlined: amber while it settles, green once it has held still.
	Image *image.RGBA
	// Corners are the grid's TL, TR, BR, BL in the full frame's pixels, as
	// last located: on a live camera that may be a frame or two earlier.
	Corners [4][2]float64
	Found   bool
	// Steady is the share of the steadiness period the outline has held
	// still, from 0 to 1.
	Steady        float64
	Frame         int           // index of the frame since the loop started
	At            time.Duration // the source's time of the frame
	Width, Height int           // the full frame's size
}

// Shot is a captured full-resolution frame. An automatic shot is the very
// frame whose outline completed the steady period; a requested one is the
// next frame read, with the outline last located.
type Shot struct {
	PNG           []byte // ready for LoadBytes and Read
	Corners       [4][2]float64
	Found         bool
	Auto          bool // captured because the outline held still, not on request
	Frame         int  // index of the frame since the loop started
	At            time.Duration
	Width, Height int
}

// shotBuffer is how many shots wait for a slow consumer: one automatic
// capture and a few presses of the button. Further shots are dropped
// rather than stalling the camera.
const shotBuffer = 4

// maxReadFailures tolerates a camera's occasional failed grab before the
// loop gives up on it.
const maxReadFailures = 3

// Capture is a running capture loop: it reads frames on its own goroutine,
// locates the grid on a second one, publishes previews, and captures a
// frame when the grid has held still or when asked to. The automatic
// capture happens at most once per loop, and not after a requested one:
// by then the user has taken over.
type Capture struct {
	opts     CaptureOptions
	src      FrameSource
	cancel   context.CancelFunc
	previews chan Preview
	shots    chan Shot
	manual   chan struct{}
	done     chan struct{}
	err      error // set before done is closed
}

// StartCapture starts a capture loop that owns src: the loop closes it when
// it ends, because ctx was cancelled, Stop was called or the source ran dry.
func StartCapture(ctx context.Context, src FrameSource, opts CaptureOptions) *Capture {
	ctx, cancel := context.WithCancel(ctx)
	c := &Capture{
		opts:     opts.withDefaults(),
		src:      src,
		cancel:   cancel,
		previews: make(chan Preview, 1),
		shots:    make(chan Shot, shotBuffer),
		manual:   make(chan struct{}, 1),
		done:     make(chan struct{}),
	}
	go c.run(ctx)
	return c
}

// Previews delivers the newest preview; a consumer that falls behind misses
// frames instead of slowing the camera. It is closed when the loop ends.
func (c *Capture) Previews() <-chan Preview { return c.previews }

// Shots delivers captured frames. It is closed when the loop ends.
func (c *Capture) Shots() <-chan Shot { return c.shots }

// CaptureNow asks for the next frame to be captured, grid or no grid.
func (c *Capture) CaptureNow() {
	select {
	case c.manual <- struct{}{}:
	default: // a request is already pending
	}
}

// Done is closed once the loop has ended and released the source and its
// Mats.
func (c *Capture) Done() <-chan struct{} { return c.done }

// Err waits for the loop to end and says why: nil when stopped,
// ErrSourceEnded when the source ran dry (the normal end of a video file).
func (c *Capture) Err() error {
	<-c.done
	return c.err
}

// Stop ends the loop and waits until the source and every Mat are released.
// A camera in the middle of a frame may take up to a frame time to notice.
func (c *Capture) Stop() {
	c.cancel()
	<-c.done
}

// locateJob is one frame on its way to or back from the locator: the
// frame is a clone the job owns until the loop closes it.
type locateJob struct {
	frame   gocv.Mat
	index   int
	at      time.Duration
	corners [4][2]float64
	found   bool
}

func (c *Capture) run(ctx context.Context) {
	recording, isRecording := c.src.(Recording)
	jobs := make(chan locateJob, 1)
	results := make(chan locateJob, 1) // never blocks: one job at most is in flight
	locatorDone := make(chan struct{})
	go func() {
		defer close(locatorDone)
		for job := range jobs {
			corners, err := c.opts.Locate(job.frame)
			job.corners, job.found = corners, err == nil
			results <- job
		}
	}()

	frame := gocv.NewMat()
	scaled := gocv.NewMat()
	rgba := gocv.NewMat()
	defer func() {
		close(jobs)
		<-locatorDone
		select {
		case job := <-results:
			job.frame.Close()
		default:
		}
		frame.Close()
		scaled.Close()
		rgba.Close()
		c.src.Close()
		close(c.previews)
		close(c.shots)
		close(c.done)
	}()

	start := time.Now()
	track := steadiness{hold: c.opts.SteadyFor}
	autoArmed := !c.opts.NoAutoCapture
	var located locateJob // the latest located frame's outline; its Mat is closed
	progress := 0.0
	locating := false
	failures := 0
	// takeResult updates the outline and steadiness from a located frame,
	// and captures that very frame if it proved the grid steady.
	takeResult := func(job locateJob) {
		defer job.frame.Close()
		locating = false
		track.tolerance = c.opts.Tolerance * math.Hypot(float64(job.frame.Cols()), float64(job.frame.Rows()))
		progress = track.observe(job.at, job.corners, job.found)
		located = job
		if autoArmed && progress >= 1 {
			autoArmed = !c.shoot(job.frame, job, true)
		}
	}
	for index := 0; ; {
		if ctx.Err() != nil {
			return
		}
		if !c.src.Read(&frame) || frame.Empty() {
			failures++
			if failures >= maxReadFailures {
				c.err = ErrSourceEnded
				return
			}
			continue
		}
		failures = 0
		at := time.Since(start)
		if isRecording {
			at = recording.FrameTime()
		}
		if !locating {
			locating = true
			jobs <- locateJob{frame: frame.Clone(), index: index, at: at}
		}
		if isRecording {
			takeResult(<-results)
		} else {
			select {
			case job := <-results:
				takeResult(job)
			default:
			}
		}

		select {
		case <-c.manual:
			if c.shoot(frame, locateJob{index: index, at: at, corners: located.corners, found: located.found}, false) {
				autoArmed = false
			}
		default:
		}

		p := Preview{Corners: located.corners, Found: located.found, Steady: progress, Frame: index, At: at, Width: frame.Cols(), Height: frame.Rows()}
		p.Image = c.previewImage(frame, &scaled, &rgba, located.corners, located.found, progress >= 1)
		c.publish(p)
		index++
	}
}

// shoot encodes frame and hands it to Shots; it reports whether it did.
func (c *Capture) shoot(frame gocv.Mat, where locateJob, auto bool) bool {
	shot, err := encodeShot(frame)
	if err != nil {
		return false
	}
	shot.Corners, shot.Found, shot.Auto, shot.Frame, shot.At = where.corners, where.found, auto, where.index, where.at
	select {
	case c.shots <- shot:
	default: // nobody is collecting shots; keep the camera running
	}
	return true
}

func encodeShot(frame gocv.Mat) (Shot, error) {
	// Compression level 1: the shot is decoded again at once, so encoding
	// speed matters more than size.
	buf, err := gocv.IMEncodeWithParams(gocv.PNGFileExt, frame, []int{gocv.IMWritePngCompression, 1})
	if err != nil {
		return Shot{}, err
	}
	defer buf.Close()
	return Shot{PNG: append([]byte(nil), buf.GetBytes()...), Width: frame.Cols(), Height: frame.Rows()}, nil
}

// publish replaces an unread preview with the newer one.
func (c *Capture) publish(p Preview) {
	select {
	case c.previews <- p:
		return
	default:
	}
	select {
	case <-c.previews:
	default:
	}
	select {
	case c.previews <- p:
	default:
	}
}

var (
	outlineSettling = color.RGBA{255, 176, 0, 255}
	outlineSteady   = color.RGBA{40, 200, 70, 255}
)

func (c *Capture) previewImage(frame gocv.Mat, scaled, rgba *gocv.Mat, corners [4][2]float64, found, steady bool) *image.RGBA {
	src := frame
	scale := 1.0
	if long := max(frame.Cols(), frame.Rows()); long > c.opts.PreviewMaxSide {
		scale = float64(c.opts.PreviewMaxSide) / float64(long)
		w := max(1, int(math.Round(float64(frame.Cols())*scale)))
		h := max(1, int(math.Round(float64(frame.Rows())*scale)))
		gocv.Resize(frame, scaled, image.Pt(w, h), 0, 0, gocv.InterpolationArea)
		src = *scaled
	}
	gocv.CvtColor(src, rgba, gocv.ColorBGRToRGBA)
	if found {
		col := outlineSettling
		if steady {
			col = outlineSteady
		}
		// gocv passes a colour's B, G, R to channels 0, 1, 2; this Mat
		// holds R, G, B there.
		col.R, col.B = col.B, col.R
		thickness := max(2, rgba.Cols()/320)
		for i := range corners {
			a, b := corners[i], corners[(i+1)%4]
			gocv.Line(rgba, image.Pt(int(math.Round(a[0]*scale)), int(math.Round(a[1]*scale))),
				image.Pt(int(math.Round(b[0]*scale)), int(math.Round(b[1]*scale))), col, thickness)
		}
	}
	w, h := rgba.Cols(), rgba.Rows()
	return &image.RGBA{Pix: rgba.ToBytes(), Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
}

// steadiness measures how long the located outline has stayed within
// tolerance pixels of where it settled; a lost grid starts over.
type steadiness struct {
	hold      time.Duration
	tolerance float64
	settled   bool
	anchor    [4][2]float64
	since     time.Duration
}

// observe takes one frame's outline and returns the share of hold it has
// been still, capped at 1.
func (s *steadiness) observe(at time.Duration, corners [4][2]float64, found bool) float64 {
	if !found {
		s.settled = false
		return 0
	}
	if !s.settled || maxCornerShift(s.anchor, corners) > s.tolerance || at < s.since {
		s.settled, s.anchor, s.since = true, corners, at
	}
	return math.Min(1, float64(at-s.since)/float64(s.hold))
}

func maxCornerShift(a, b [4][2]float64) float64 {
	shift := 0.0
	for i := range a {
		shift = math.Max(shift, math.Hypot(a[i][0]-b[i][0], a[i][1]-b[i][1]))
	}
	return shift
}
