package clueread

import (
	"image"
	"image/color"
	"math"
	"testing"

	"gocv.io/x/gocv"

	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/raster"
	"binocle/vision/internal/visiontest"
)

// drawnClueGrid draws a rows x cols grid of px-pixel cells whose vertical
// lines run off their lattice places by shift pixels, on paper whose
// brightness is paper(x, y), with an 'x' of the given darkness centred on
// the line between cells (r, c) and (r, c+1). The grid is blurred a little,
// as a photo's is.
func drawnClueGrid(rows, cols, px, shift, r, c int, ink uint8, paper func(x, y int) uint8) gocv.Mat {
	w, h := cols*px, rows*px
	m := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC3)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := paper(x, y)
			m.SetUCharAt(y, 3*x, v)
			m.SetUCharAt(y, 3*x+1, v)
			m.SetUCharAt(y, 3*x+2, v)
		}
	}
	line := color.RGBA{60, 60, 60, 255}
	for k := 0; k <= cols; k++ {
		x := min(max(k*px+shift, 0), w-1)
		gocv.Line(&m, image.Pt(x, 0), image.Pt(x, h-1), line, 1)
	}
	for k := 0; k <= rows; k++ {
		y := min(k*px, h-1)
		gocv.Line(&m, image.Pt(0, y), image.Pt(w-1, y), line, 1)
	}
	cx, cy, s := (c+1)*px+shift, r*px+px/2, int(0.17*float64(px))
	mark := color.RGBA{ink, ink, ink, 255}
	gocv.Line(&m, image.Pt(cx-s, cy-s), image.Pt(cx+s, cy+s), mark, 2)
	gocv.Line(&m, image.Pt(cx-s, cy+s), image.Pt(cx+s, cy-s), mark, 2)
	gocv.GaussianBlur(m, &m, image.Pt(3, 3), 0.8, 0.8, gocv.BorderReplicate)
	return m
}

// TestClueOnShiftedLineInShadow: a line a fifth of a cell off where the
// rectification puts it, beside a shadow's edge, is followed to the dip it
// makes rather than to the shadow's darker side, so that the 'x' drawn on
// it is read. A faint mark in a picture of little contrast is not a clue,
// while a pale one that matches its shape closely, in a picture whose
// contrast the dark lines set, is.
func TestClueOnShiftedLineInShadow(t *testing.T) {
	const rows, cols, px = 4, 4, 40
	shadow := func(x, y int) uint8 {
		// Dark on the left of the second line, rising steeply across it.
		f := raster.Clamp(float64(x-(2*px-12))/22, 0, 1)
		return uint8(90 + 95*f)
	}
	flat := func(x, y int) uint8 { return uint8(150 + 10*math.Sin(float64(x+y)/7)) }
	white := func(x, y int) uint8 { return 200 }
	for _, tc := range []struct {
		name  string
		shift int
		ink   uint8
		paper func(x, y int) uint8
		want  string
	}{
		{"shifted line in shadow", 8, 40, shadow, visiontest.EdgeSet([]solver.Edge{{R1: 1, C1: 1, R2: 1, C2: 2, Rel: solver.Differ}})},
		{"faint mark, little contrast", 0, 138, flat, ""},
		{"pale 'x' beside dark lines", 0, 172, white, visiontest.EdgeSet([]solver.Edge{{R1: 1, C1: 1, R2: 1, C2: 2, Rel: solver.Differ}})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := drawnClueGrid(rows, cols, px, tc.shift, 1, 1, tc.ink, tc.paper)
			defer m.Close()
			ci := cellread.NewImage(m, rows, cols, px)
			// One mark a test grid, judged site by site: a puzzle's
			// lone pale clue would be dropped (findClues).
			marks, _ := clueMarks(ci)
			if got := visiontest.EdgeSet(marks); got != tc.want {
				t.Errorf("clues [%s], want [%s]", got, tc.want)
			}
		})
	}
}

// TestDiagonalShare: an 'x' inks the corners of its box and leaves its
// sides' middles bare; the bars of '=', however blurred into one block,
// ink their long sides' middles as much as their ends. Blurred marks that
// match both templates alike are told apart by this share.
func TestDiagonalShare(t *testing.T) {
	m := gocv.NewMatWithSize(160, 160, gocv.MatTypeCV8UC3)
	defer m.Close()
	m.SetTo(gocv.NewScalar(200, 200, 200, 0))
	cd := newClueDetector(cellread.NewImage(m, 4, 4, 40))
	w := 2*cd.across + 1
	const h = 7
	for _, tc := range []struct {
		name     string
		ink      func(u, v int) bool
		min, max float64
	}{
		{"x", func(u, v int) bool { return raster.Abs(u) <= h && (raster.Abs(u-v) <= 1 || raster.Abs(u+v) <= 1) }, Tuned.Templates.diagonalCross, 1.01},
		{"block of bars along the line", func(u, v int) bool { return raster.Abs(u) <= 4 && raster.Abs(v) <= h }, -1, Tuned.Templates.diagonalBars},
		{"block of bars across the line", func(u, v int) bool { return raster.Abs(u) <= h && raster.Abs(v) <= 4 }, -1, Tuned.Templates.diagonalBars},
		{"two bars", func(u, v int) bool { return raster.Abs(raster.Abs(u)-3) <= 1 && raster.Abs(v) <= h }, -1, Tuned.Templates.diagonalBars},
	} {
		for i := range cd.e {
			cd.e[i] = 0
		}
		for v := -cd.core; v <= cd.core; v++ {
			for u := -cd.core; u <= cd.core; u++ {
				if tc.ink(u, v) {
					cd.e[(v+cd.along)*w+u+cd.across] = 50
				}
			}
		}
		if got := cd.diagonalShare(w, 0, 0, h/0.8); got < tc.min || got >= tc.max {
			t.Errorf("%s: diagonal share %.2f, want in [%.2f, %.2f)", tc.name, got, tc.min, tc.max)
		}
	}
}
