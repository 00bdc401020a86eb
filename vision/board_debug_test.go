package vision

import (
	"fmt"
	"image"
	"image/color"

	"gocv.io/x/gocv"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBoardTrace runs the app-board locator on the images matching
// BINOCLE_BOARD_GLOB and prints what it found: an engineer's probe,
// skipped unless the variable is set.
func TestBoardTrace(t *testing.T) {
	glob := os.Getenv("BINOCLE_BOARD_GLOB")
	if glob == "" {
		t.Skip("set BINOCLE_BOARD_GLOB to trace the app-board locator")
	}
	files, _ := filepath.Glob(glob)
	verbose := os.Getenv("BINOCLE_BOARD_VERBOSE") != ""
	for _, f := range files {
		if strings.HasSuffix(f, ".json") {
			continue
		}
		d := decodeFile(t, f)
		if verbose {
			boardTrace = func(format string, args ...any) { t.Logf("  "+format, args...) }
		}
		start := time.Now()
		c, _, ok := appBoard(d.mat)
		took := time.Since(start)
		boardTrace = nil
		t.Logf("%s: ok %v %dx%d in %v", filepath.Base(f), ok, c.rows.n, c.cols.n, took.Round(time.Millisecond/10))
	}
}

// TestBoardDraw draws, for BINOCLE_BOARD_IMG, the colour spots, the spots
// on the lattice and the lattice's cells into BINOCLE_BOARD_OUT.
func TestBoardDraw(t *testing.T) {
	path, out := os.Getenv("BINOCLE_BOARD_IMG"), os.Getenv("BINOCLE_BOARD_OUT")
	if path == "" || out == "" {
		t.Skip("set BINOCLE_BOARD_IMG and BINOCLE_BOARD_OUT")
	}
	d := decodeFile(t, path)
	small, _ := downscale(d.mat, locateSide)
	defer small.Close()
	bgr := toBGR(small)
	defer bgr.Close()
	p := bgrPlaneOf(bgr)
	all := colourSpots(chromaMask(p), p.w, p.h)
	fam, lo, hi := spotFamily(all)
	for _, s := range all {
		gocv.Rectangle(&bgr, image.Rect(int(s.x)-s.w/2, int(s.y)-s.h/2, int(s.x)+s.w/2, int(s.y)+s.h/2), color.RGBA{0, 255, 0, 255}, 1)
	}
	l, ok := fitSpotLattice(fam, lo, hi)
	t.Logf("all %d family %d lattice ok %v", len(all), hi-lo, ok)
	if ok {
		for pos, i := range l.at {
			s := fam[i]
			gocv.PutText(&bgr, fmt.Sprintf("%d,%d", pos.col, pos.row), image.Pt(int(s.x)-8, int(s.y)), gocv.FontHersheyPlain, 0.7, color.RGBA{0, 0, 0, 255}, 1)
		}
		minC, minR, maxC, maxR := l.bounds()
		for r := minR - 2; r <= maxR+3; r++ {
			for c := minC - 2; c <= maxC+2; c++ {
				x0, y0 := l.toImage.apply(float64(c), float64(r))
				x1, y1 := l.toImage.apply(float64(c+1), float64(r))
				gocv.Line(&bgr, image.Pt(int(x0), int(y0)), image.Pt(int(x1), int(y1)), color.RGBA{255, 0, 255, 255}, 1)
			}
		}
		for c := minC - 2; c <= maxC+3; c++ {
			for r := minR - 2; r <= maxR+2; r++ {
				x0, y0 := l.toImage.apply(float64(c), float64(r))
				x1, y1 := l.toImage.apply(float64(c), float64(r+1))
				gocv.Line(&bgr, image.Pt(int(x0), int(y0)), image.Pt(int(x1), int(y1)), color.RGBA{255, 0, 255, 255}, 1)
			}
		}
	}
	if ok {
		if v, vok := newBoardView(bgr, l); vok {
			vm, _ := gocv.NewMatFromBytes(v.rows*boardPx, v.cols*boardPx, gocv.MatTypeCV8UC3, v.p.pix)
			_ = WritePNG(strings.TrimSuffix(out, ".png")+"-view.png", vm)
			vm.Close()
		}
	}
	if err := WritePNG(out, bgr); err != nil {
		t.Fatal(err)
	}
}

// TestBoardTime times appBoard on the images matching BINOCLE_BOARD_TIME.
func TestBoardTime(t *testing.T) {
	glob := os.Getenv("BINOCLE_BOARD_TIME")
	if glob == "" {
		t.Skip("set BINOCLE_BOARD_TIME")
	}
	files, _ := filepath.Glob(glob)
	var total time.Duration
	for _, f := range files {
		img := gocv.IMRead(f, gocv.IMReadColor)
		start := time.Now()
		for k := 0; k < 5; k++ {
			appBoard(img)
		}
		d := time.Since(start) / 5
		total += d
		t.Logf("%s %v", filepath.Base(f), d)
		img.Close()
	}
	t.Logf("mean %v", total/time.Duration(max(1, len(files))))
}

// TestBoardFallbackTime times what the app-board fallback adds to locate
// on the images matching BINOCLE_BOARD_FALLBACK_TIME.
func TestBoardFallbackTime(t *testing.T) {
	glob := os.Getenv("BINOCLE_BOARD_FALLBACK_TIME")
	if glob == "" {
		t.Skip("set BINOCLE_BOARD_FALLBACK_TIME")
	}
	files, _ := filepath.Glob(glob)
	var added, located []float64
	for _, f := range files {
		d := decodeFile(t, f)
		start := time.Now()
		prev, pscale, perr := locateWith(d.mat, readLocate)
		located = append(located, float64(time.Since(start).Microseconds())/1000)
		fromLattice := perr == nil && prev.rows.score == 1 && prev.cols.score == 1
		gate := fromLattice && colourAround(d.mat, prev) != colourNone
		start = time.Now()
		appBoardFallback(d.mat, prev, pscale, perr)
		ms := float64(time.Since(start).Microseconds()) / 1000
		added = append(added, ms)
		t.Logf("%s locate %.1f fallback %.1f lattice %v gate %v", filepath.Base(f), located[len(located)-1], ms, fromLattice, gate)
	}
	t.Logf("median locate %.1f ms, fallback %.1f ms", percentile(located, 0.5), percentile(added, 0.5))
}

// TestBoardGateTime times colourAround alone on BINOCLE_BOARD_GATE_TIME.
func TestBoardGateTime(t *testing.T) {
	glob := os.Getenv("BINOCLE_BOARD_GATE_TIME")
	if glob == "" {
		t.Skip("set BINOCLE_BOARD_GATE_TIME")
	}
	files, _ := filepath.Glob(glob)
	var ms []float64
	for _, f := range files {
		d := decodeFile(t, f)
		prev, _, perr := locateWith(d.mat, readLocate)
		if perr == nil {
			start := time.Now()
			for k := 0; k < 10; k++ {
				colourAround(d.mat, prev)
			}
			ms = append(ms, float64(time.Since(start).Microseconds())/10000)
		}
	}
	t.Logf("colourAround median %.2f ms, max %.2f ms over %d", percentile(ms, 0.5), percentile(ms, 1), len(ms))
}
