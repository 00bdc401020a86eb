package vision

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"binocle/internal/synth"
	"binocle/vision/internal/gridline"
)

// faintGrid is a photo of a grid ruled in light grey with no outer border,
// set among newspaper text.
func faintGrid(seed uint64, rows, cols int, rotate, tilt float64) synth.Spec {
	cells := make([]string, rows)
	for r := range cells {
		b := []byte(strings.Repeat(".", cols))
		for c := range b {
			if (r*7+c*3+int(seed))%5 == 0 {
				b[c] = '0' + byte((r+c)%2)
			}
		}
		cells[r] = string(b)
	}
	return synth.Spec{Name: fmt.Sprintf("faint-%d", seed), Seed: seed, Kind: synth.KindPhoto, Style: synth.StyleDiscCircle,
		Look: synth.LookLight, Source: "lines-test", Rows: rows, Cols: cols, Cells: cells, Givens: cells,
		Width: 960, Height: 1280, Fill: 0.6, Tilt: tilt, Rotate: rotate, Orientation: 1}
}

// TestFaintRotatedGrids reads light-ruled grids turned far enough that a
// cell's nearest neighbour to the right can be a diagonal one, and whose
// lines are too faint for a fixed ridge contrast.
func TestFaintRotatedGrids(t *testing.T) {
	var specs []synth.Spec
	for i := 0; i < 16; i++ {
		rot := 16 + float64(i%4)
		if i%2 == 1 {
			rot = -rot
		}
		specs = append(specs, faintGrid(uint64(100+i), 8+i%3*2, 8+i%3*2, rot, 20+float64(i%5)*3))
	}
	right := 0
	for _, s := range specs {
		r, err := readSpec(t, s)
		switch {
		case err != nil:
			t.Logf("%s: %v", s.Name, err)
		case r.Rows != s.Rows || r.Cols != s.Cols:
			t.Logf("%s: read %dx%d, want %dx%d", s.Name, r.Rows, r.Cols, s.Rows, s.Cols)
		default:
			right++
		}
	}
	// A floor: what the reader reached when last measured.
	if right < minFaintRight {
		t.Errorf("%d of %d faint rotated grids read at the right size, want at least %d", right, len(specs), minFaintRight)
	}
}

const minFaintRight = 10

// TestFaintLineMap draws lines five grey levels dark and two or three
// pixels wide on grainy paper at several angles: the line filter must
// mark most of each line and little of the grain.
func TestFaintLineMap(t *testing.T) {
	for _, deg := range []float64{0, 12, 20, 33, 45, 70, 90, 160} {
		const w, h = 200, 200
		pix := make([]uint8, w*h)
		seed := uint32(7)
		onLine := func(x, y int) bool {
			th := deg * math.Pi / 180
			// Distance from the line through the centre at angle th.
			return math.Abs(-math.Sin(th)*float64(x-w/2)+math.Cos(th)*float64(y-h/2)) < 1.25
		}
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				seed = seed*1664525 + 1013904223
				v := 200 + int(seed>>29) - 4 // grain of -4..3 levels
				if onLine(x, y) {
					v -= 5
				}
				pix[y*w+x] = uint8(v)
			}
		}
		gray, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8U, pix)
		if err != nil {
			t.Fatal(err)
		}
		m := gridline.FaintLineMap(gray)
		marks := m.ToBytes()
		m.Close()
		gray.Close()
		var lineHit, line, grainHit, grain int
		for y := 20; y < h-20; y++ {
			for x := 20; x < w-20; x++ {
				if math.Hypot(float64(x-w/2), float64(y-h/2)) > 80 {
					continue
				}
				near := false
				for d := -3; d <= 3 && !near; d++ {
					near = onLine(x+d, y) || onLine(x, y+d)
				}
				switch {
				case onLine(x, y):
					line++
					if marks[y*w+x] != 0 {
						lineHit++
					}
				case !near:
					grain++
					if marks[y*w+x] != 0 {
						grainHit++
					}
				}
			}
		}
		if 10*lineHit < 8*line {
			t.Errorf("%.0f degrees: %d of %d line pixels marked, want 80%%", deg, lineHit, line)
		}
		if 100*grainHit > 5*grain {
			t.Errorf("%.0f degrees: %d of %d grain pixels marked, want under 5%%", deg, grainHit, grain)
		}
	}
}
