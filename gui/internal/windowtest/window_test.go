package windowtest

import (
	"archive/zip"
	"bufio"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"binocle/internal/halfplayed"
)

var (
	binary = flag.String("binary", "", "the built binocle binary to drive")
	shots  = flag.String("shots", "", "folder to keep the screenshots in (default: a temporary folder)")
)

const (
	// screenW and screenH are the virtual screen, larger than the
	// window's 1400×900 round trip so nothing is clipped.
	screenW, screenH = 1600, 1000
	// stepWait bounds how long one step may take before the suite gives
	// up on it: a solve takes well under a second, but a loaded CI
	// machine can stall for several.
	stepWait = 30 * time.Second
	// menuRow is the height of a row in Fyne 2.8's menus, and menuBarY
	// the middle of the window's menu bar: the menus are drawn by Fyne
	// itself and have no widget the trace could report.
	menuRow  = 38
	menuBarY = 13
	// fileMenuFirstItemY is the middle of the File menu's first item,
	// Open…, just under the bar.
	fileMenuFirstItemY = 45
)

const fixture = "../../../testdata/photo-newspaper.jpg"

// app is the binary running on its own virtual display.
type app struct {
	env     []string
	cmd     *exec.Cmd
	dir     string
	shots   string
	mu      sync.Mutex
	lines   []string
	exited  chan struct{}
	exitErr error
}

func TestRealWindow(t *testing.T) {
	if *binary == "" {
		t.Skip("skipping: no -binary given; `make gui-window` builds the app and runs this suite")
	}
	for _, tool := range []string{"Xvfb", "xdotool", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("skipping: %s is not installed (make test-deps installs it)", tool)
		}
	}
	bin, err := filepath.Abs(*binary)
	if err != nil {
		t.Fatal(err)
	}
	running := start(t, bin)
	photos := photoCopies(t, running.dir, 3)
	step := func(name string, do func(a driver)) {
		t.Run(name, func(t *testing.T) { do(driver{running, t}) })
	}

	step("open with the toolbar button", func(a driver) {
		from := a.mark()
		a.click(a.centre("open-button"))
		a.waitFor(from, `dialog shown: Open`)
		a.shot("app-open-dialog.png")
		a.typePath(photos[0])
		a.waitFor(from, `solved unique`)
	})
	step("open with the File menu", func(a driver) {
		from := a.mark()
		a.click(27, menuBarY)
		a.click(40, fileMenuFirstItemY)
		a.waitFor(from, `dialog shown: Open`)
		a.typePath(photos[1])
		a.waitFor(from, `solved unique`)
	})
	step("open with Ctrl+O", func(a driver) {
		from := a.mark()
		a.xdo("mousemove", "--sync", "700", "400")
		a.xdo("key", "ctrl+o")
		a.waitFor(from, `dialog shown: Open`)
		a.typePath(photos[2])
		a.waitFor(from, `solved unique`)
	})
	exports := []struct {
		name, file, done string
		item             int // row of the Export menu
	}{
		{"export the solution", "solved.png", `status 1 Exported`, 0},
		{"export the puzzle to print", "print.png", `status 1 Printed the puzzle`, 1},
	}
	for _, e := range exports {
		step(e.name, func(a driver) {
			from := a.mark()
			a.click(a.centre("export-button"))
			x, y, _, h := a.box("export-button")
			a.click(x+40, y+h+menuRow/2+e.item*menuRow)
			a.waitFor(from, `dialog shown: Save as PNG`)
			out := filepath.Join(a.dir, e.file)
			a.typePath(out)
			a.waitFor(from, e.done)
			checkPNG(a.t, out)
		})
	}
	archive := filepath.Join(running.dir, "history.zip")
	step("export the history", func(a driver) {
		from := a.mark()
		a.click(a.centre("history-export"))
		a.waitFor(from, `dialog shown: Export the history`)
		a.typePath(archive)
		a.waitFor(from, `status 1 History exported`)
		zr, err := zip.OpenReader(archive)
		if err != nil {
			a.t.Fatalf("the history export is not a zip: %v", err)
		}
		zr.Close()
	})
	step("import the history", func(a driver) {
		from := a.mark()
		a.click(a.centre("history-import"))
		a.waitFor(from, `dialog shown: Import a history`)
		a.typePath(archive)
		a.waitFor(from, `status 1 Imported`)
	})
	step("type in the grid and undo", func(a driver) {
		// Click a blank cell (it becomes 1), type 1 (it stays 1 and the
		// selection moves on), an arrow (skips a cell) and 0 (sets the
		// cell after it).
		rows := a.grid()
		r, c := editableRun(a.t, rows)
		want := setCell(setCell(rows, r, c, '1'), r, c+2, '0')
		gx, gy, cell := a.gridCells()
		from := a.mark()
		a.click(int(gx+(float64(c)+0.5)*cell), int(gy+(float64(r)+0.5)*cell))
		a.xdo("key", "1", "Right", "0")
		a.waitFor(from, `grid `+regexp.QuoteMeta(strings.Join(want, "/"))+`$`)
		from = a.mark()
		a.xdo("key", "ctrl+z")
		undone := setCell(rows, r, c, '1')
		a.waitFor(from, `grid `+regexp.QuoteMeta(strings.Join(undone, "/"))+`$`)
	})
	step("shrink to 800x600 and grow to 1400x900", func(a driver) {
		from := a.mark()
		a.resize(800, 600)
		a.waitFor(from, `layout views tabs`)
		from = a.mark()
		a.resize(1400, 900)
		a.waitFor(from, `layout views side-by-side`)
		time.Sleep(500 * time.Millisecond) // a frame or two to paint
		img := a.shot("app-after-resize.png")
		px, py, pw, ph := a.box("photo")
		if s := spread(img, image.Rect(px, py, px+pw, py+ph)); s < minSpread {
			a.t.Errorf("the photo's pane is blank after the round trip (spread %.1f)", s)
		}
		gx, gy, cell := a.gridCells()
		grid := image.Rect(int(gx), int(gy), int(gx+8*cell), int(gy+8*cell))
		if s := spread(img, grid); s < minSpread {
			a.t.Errorf("the grid's pane is blank after the round trip (spread %.1f)", s)
		}
	})
	step("rename with Enter", func(a driver) {
		from := a.mark()
		a.click(a.centre("rename-button"))
		a.waitFor(from, `dialog shown: Rename`)
		a.xdo("type", "--delay", "15", "Sunday paper")
		a.xdo("key", "Return")
		a.waitFor(from, `entry saved as "Sunday paper"`)
	})
	step("search 8x8", func(a driver) {
		from := a.mark()
		a.click(a.centre("history-search"))
		a.xdo("type", "--delay", "15", "8x8")
		a.waitFor(from, `history lists [1-9][0-9]* for "8x8"`)
	})
	step("check a half-played photo", func(a driver) {
		// The newspaper puzzle with 17 entries in blue pen, r3c4 and r5c1
		// wrong: it opens in play mode with the entries, and Check names
		// and crosses out the wrong two.
		from := a.openBoard("half-played.png", halfplayed.Newspaper())
		a.waitFor(from, `trace .* entries 17 givens 18$`)
		a.waitFor(from, `status 0 Read 17 entries of yours beside the 18 printed givens`)
		from = a.mark()
		a.click(a.centre("check-button"))
		a.waitFor(from, `status 3 2 of your 17 entries are wrong: r3c4, r5c1 \(crossed out\)\.$`)
		time.Sleep(500 * time.Millisecond) // a frame or two to paint
		if n := a.photoPixels("app-check-half-played.png", isRed); n < minCrossPixels {
			a.t.Errorf("the photo shows %d red pixels, too few for two crossed-out entries", n)
		}
	})
	step("accept a suggested fix", func(a driver) {
		// An ink blot makes r4c2's printed circle look filled: the reader
		// takes it for a 1, the givens allow several answers, and the
		// rules suggest the 0 back, outlined on the photo; Accept fixes
		// applies it and the puzzle solves.
		from := a.openBoard("blotted.png", halfplayed.Blotted())
		a.waitFor(from, `status 2 .*The rules suggest a misread: r4c2 from 1 to 0`)
		a.acceptSuggestion(from, "app-suggested-fix.png", "r4c2")
	})
	step("warned of a rival reading", func(a driver) {
		// A smaller blot makes r8c7's printed circle look filled, but
		// with that 1 the givens still have one answer, another: the app
		// shows it, warns that r8c7 decides it, outlines the cell on the
		// photo, and Accept fixes switches to the other reading.
		from := a.openBoard("tossup.png", halfplayed.TossUp())
		a.waitFor(from, `solved unique`)
		a.waitFor(from, `status 2 Doubtful reading: r8c7 from 1 to 0`)
		a.acceptSuggestion(from, "app-rival-reading.png", "r8c7")
	})
	driver{running, t}.stop()
}

// acceptSuggestion waits, from the log line from on, for the one cell
// the status bar names (at) to be suggested and outlined in orange on the
// photo, screenshot shot shows it, then clicks Accept fixes and waits for
// the change applied and the puzzle solved again.
func (a driver) acceptSuggestion(from int, shot, at string) {
	a.t.Helper()
	a.waitFor(from, `fixes suggested 1$`)
	time.Sleep(500 * time.Millisecond) // a frame or two to paint
	if n := a.photoPixels(shot, isOrange); n < minOutlinePixels {
		a.t.Errorf("the photo shows %d orange pixels, too few for %s's outline", n, at)
	}
	from = a.mark()
	a.click(a.centre("status-action"))
	a.waitFor(from, `status 0 Applied the suggested fix at `+at)
	a.waitFor(from, `solved unique`)
}

// minOutlinePixels is the fewest orange pixels the outline of one
// suggested cell leaves on the photo: four strokes a cell long.
const minOutlinePixels = 100

// driver is the running app as one test step sees it: failures belong
// to that step.
type driver struct {
	*app
	t *testing.T
}

// minSpread is the least standard deviation of grey that counts as a
// pane with something drawn in it: an empty pane is one flat colour.
const minSpread = 12

func start(t *testing.T, bin string) *app {
	dir := t.TempDir()
	display := startXvfb(t)
	a := &app{dir: dir, exited: make(chan struct{}), shots: *shots}
	if a.shots == "" {
		a.shots = filepath.Join(dir, "shots")
	}
	if err := os.MkdirAll(a.shots, 0o755); err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(filepath.Join(home, ".cache"), 0o755); err != nil {
		t.Fatal(err)
	}
	a.env = append(os.Environ(), "DISPLAY="+display, "WAYLAND_DISPLAY=",
		"HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_DATA_HOME="+filepath.Join(home, ".local", "share"),
		"BINOCLE_STORE="+filepath.Join(dir, "store"), "BINOCLE_TRACE=1")
	a.cmd = exec.Command(bin)
	a.cmd.Env = a.env
	a.cmd.Dir = dir
	out, err := a.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	a.cmd.Stderr = a.cmd.Stdout
	if err := a.cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	go a.read(out)
	t.Cleanup(func() {
		if a.cmd.ProcessState == nil {
			a.cmd.Process.Kill()
			<-a.exited
		}
		if t.Failed() {
			t.Logf("the app's output:\n%s", strings.Join(a.snapshot(0), "\n"))
			t.Logf("screenshots in %s", a.shots)
		}
	})
	d := driver{a, t}
	d.waitFor(0, `first frame painted`)
	d.waitFor(0, `layout grid-cells`)
	return a
}

// startXvfb starts a virtual display on a free number and returns it.
func startXvfb(t *testing.T) string {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-nolisten", "tcp",
		"-screen", "0", fmt.Sprintf("%dx%dx24", screenW, screenH))
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting Xvfb: %v", err)
	}
	w.Close()
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	line, err := bufio.NewReader(r).ReadString('\n')
	r.Close()
	n, convErr := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || convErr != nil {
		t.Fatalf("Xvfb gave no display number (%q, %v)", line, err)
	}
	return fmt.Sprintf(":%d", n)
}

func (a *app) read(out io.Reader) {
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		a.mu.Lock()
		a.lines = append(a.lines, sc.Text())
		a.mu.Unlock()
	}
	a.exitErr = a.cmd.Wait()
	close(a.exited)
}

func (a *app) snapshot(from int) []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.lines[min(from, len(a.lines)):]...)
}

// mark is where the output stands now: later waits look only after it.
func (a *app) mark() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.lines)
}

// waitFor waits for a line matching pattern after from, failing the test
// if the app exits or panics first.
func (a driver) waitFor(from int, pattern string) string {
	a.t.Helper()
	re := regexp.MustCompile(pattern)
	deadline := time.Now().Add(stepWait)
	for {
		for _, l := range a.snapshot(from) {
			if strings.HasPrefix(l, "panic:") {
				a.t.Fatalf("the app panicked: %s", l)
			}
			if re.MatchString(l) {
				return l
			}
		}
		select {
		case <-a.exited:
			a.t.Fatalf("the app exited (%v) while waiting for %q", a.exitErr, pattern)
		default:
		}
		if time.Now().After(deadline) {
			a.shot("timeout.png")
			a.t.Fatalf("no %q within %s", pattern, stepWait)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// box is a control's place in the window, from the latest layout trace.
func (a driver) box(name string) (x, y, w, h int) {
	a.t.Helper()
	m := a.latest(regexp.MustCompile(`layout `+regexp.QuoteMeta(name)+` (-?\d+) (-?\d+) (\d+) (\d+)$`), "where "+name+" is")
	v := make([]int, 4)
	for k := range v {
		v[k], _ = strconv.Atoi(m[k+1])
	}
	return v[0], v[1], v[2], v[3]
}

// latest is the submatches of the app's last output line matching re;
// what names it in the failure.
func (a driver) latest(re *regexp.Regexp, what string) []string {
	a.t.Helper()
	lines := a.snapshot(0)
	for i := len(lines) - 1; i >= 0; i-- {
		if m := re.FindStringSubmatch(lines[i]); m != nil {
			return m
		}
	}
	a.t.Fatalf("the app never reported %s", what)
	return nil
}

func (a driver) centre(name string) (int, int) {
	x, y, w, h := a.box(name)
	return x + w/2, y + h/2
}

var gridLine = regexp.MustCompile(`layout grid-cells (-?\d+) (-?\d+) ([\d.]+) \d+ \d+$`)

// gridCells is the grid's top-left corner and cell size in the window.
func (a driver) gridCells() (x, y, cell float64) {
	a.t.Helper()
	m := a.latest(gridLine, "where the grid is")
	x, _ = strconv.ParseFloat(m[1], 64)
	y, _ = strconv.ParseFloat(m[2], 64)
	cell, _ = strconv.ParseFloat(m[3], 64)
	return x, y, cell
}

var gridState = regexp.MustCompile(`trace .* grid ([.012/]+)$`)

// grid is the grid as the app last reported it, a string a row.
func (a driver) grid() []string {
	a.t.Helper()
	return strings.Split(a.latest(gridState, "its grid")[1], "/")
}

// editableRun finds a blank cell with a cell two to its right that is
// not 0, so that typing there changes both.
func editableRun(t *testing.T, rows []string) (int, int) {
	for r, row := range rows {
		for c := 0; c+2 < len(row); c++ {
			if row[c] == '.' && row[c+2] != '0' {
				return r, c
			}
		}
	}
	t.Fatalf("no blank cell with room to type in %v", rows)
	return 0, 0
}

func setCell(rows []string, r, c int, v byte) []string {
	out := append([]string(nil), rows...)
	b := []byte(out[r])
	b[c] = v
	out[r] = string(b)
	return out
}

func (a driver) xdo(args ...string) {
	a.t.Helper()
	cmd := exec.Command("xdotool", args...)
	cmd.Env = a.env
	if out, err := cmd.CombinedOutput(); err != nil {
		a.t.Fatalf("xdotool %v: %v: %s", args, err, out)
	}
}

// click clicks at a point of the window, which sits at the screen's
// origin: Xvfb runs no window manager to move it.
func (a driver) click(x, y int) {
	a.t.Helper()
	a.xdo("mousemove", "--sync", strconv.Itoa(x), strconv.Itoa(y))
	time.Sleep(80 * time.Millisecond) // GLFW sees the pointer arrive before the press
	a.xdo("click", "1")
	time.Sleep(150 * time.Millisecond)
}

// typePath replaces the path dialog's text with path and presses Enter.
func (a driver) typePath(path string) {
	a.t.Helper()
	a.xdo("key", "ctrl+a")
	a.xdo("type", "--delay", "8", path)
	a.xdo("key", "Return")
}

func (a driver) resize(w, h int) {
	a.t.Helper()
	cmd := exec.Command("xdotool", "search", "--name", "^Binocle")
	cmd.Env = a.env
	out, err := cmd.Output()
	if err != nil {
		a.t.Fatalf("finding the window: %v", err)
	}
	id := strings.Fields(string(out))[0]
	a.xdo("windowsize", id, strconv.Itoa(w), strconv.Itoa(h))
}

// shot saves a screenshot of the whole display and returns it.
func (a driver) shot(name string) image.Image {
	a.t.Helper()
	path := filepath.Join(a.shots, name)
	cmd := exec.Command("import", "-window", "root", path)
	cmd.Env = a.env
	if out, err := cmd.CombinedOutput(); err != nil {
		a.t.Fatalf("screenshot: %v: %s", err, out)
	}
	f, err := os.Open(path)
	if err != nil {
		a.t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		a.t.Fatalf("screenshot %s: %v", path, err)
	}
	return img
}

// stop ends the app the way the desktop does and checks it had not
// died, and printed no panic, along the way.
func (a driver) stop() {
	a.t.Helper()
	select {
	case <-a.exited:
		a.t.Fatalf("the app exited during the suite: %v", a.exitErr)
	default:
	}
	for _, l := range a.snapshot(0) {
		if strings.Contains(l, "panic") || strings.Contains(l, "goroutine ") || strings.Contains(l, "SIGSEGV") {
			a.t.Errorf("the app printed %q", l)
		}
	}
	a.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-a.exited:
	case <-time.After(stepWait):
		a.t.Errorf("the app did not quit on SIGTERM")
	}
}

// photoCopies writes n copies of the fixture photo, each a pixel apart,
// so that each opens as a new photo rather than as the history entry
// of the one before.
func photoCopies(t *testing.T, dir string, n int) []string {
	f, err := os.Open(fixture)
	if err != nil {
		t.Fatalf("fixture: %v", err)
	}
	src, err := jpeg.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for i := 0; i < n; i++ {
		img := image.NewRGBA(src.Bounds())
		draw.Draw(img, img.Bounds(), src, src.Bounds().Min, draw.Src)
		img.Pix[i*4] ^= 0xff
		path := filepath.Join(dir, fmt.Sprintf("photo-%d.png", i))
		out, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(out, img); err != nil {
			t.Fatal(err)
		}
		out.Close()
		paths = append(paths, path)
	}
	return paths
}

func checkPNG(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("not written: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s is not a PNG: %v", path, err)
	}
	if b := img.Bounds(); b.Dx() < 100 || b.Dy() < 100 {
		t.Fatalf("%s is only %v", path, b)
	}
}

// minCrossPixels is the fewest strongly red pixels two crosses drawn over
// cells of the photo leave, at the 3-pixel stroke the photo view draws
// them in: the photo itself, black print and blue pen, has none.
const minCrossPixels = 150

// openBoard writes board into the test's folder as name, opens it with
// Ctrl+O and returns the output mark from before the opening.
func (a driver) openBoard(name string, board halfplayed.Board) int {
	a.t.Helper()
	path := filepath.Join(a.dir, name)
	if err := board.WriteFile(path); err != nil {
		a.t.Fatal(err)
	}
	from := a.mark()
	a.xdo("mousemove", "--sync", "700", "400")
	a.xdo("key", "ctrl+o")
	a.waitFor(from, `dialog shown: Open`)
	a.typePath(path)
	return from
}

// photoPixels takes a screenshot named name and counts the pixels of the
// photo pane that is holds for.
func (a driver) photoPixels(name string, is func(r, g, b int) bool) int {
	img := a.shot(name)
	px, py, pw, ph := a.box("photo")
	r := image.Rect(px, py, px+pw, py+ph).Intersect(img.Bounds())
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if is(int(cr>>8), int(cg>>8), int(cb>>8)) {
				n++
			}
		}
	}
	return n
}

// isRed is the red wrong entries are crossed out in.
func isRed(r, g, b int) bool { return r > 180 && g < 90 && b < 90 }

// isOrange is the suggestion colour as the photo shows it, blended half
// over the outline's dark halo: red over green over blue by a clear step
// each.
func isOrange(r, g, b int) bool { return r > 100 && r-g > 30 && g-b > 30 }

// spread is the standard deviation of grey over r.
func spread(img image.Image, r image.Rectangle) float64 {
	r = r.Intersect(img.Bounds())
	var sum, sq, n float64
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			g := float64(cr+cg+cb) / 3 / 257
			sum += g
			sq += g * g
			n++
		}
	}
	if n == 0 {
		return 0
	}
	mean := sum / n
	return math.Sqrt(max(0, sq/n-mean*mean))
}
