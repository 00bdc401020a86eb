package clueread

import (
	"fmt"
	"image"
	"image/color"
	"testing"

	"gocv.io/x/gocv"

	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/visiontest"
)

// blurredBarsGrid draws a 3x3 grid of px-pixel cells with a clue on the
// vertical line between cells (1, 0) and (1, 1), as the synthetic boards
// draw it ('=' with its bars along the line), and blurs it by sigma, as
// an out-of-focus photo does.
func blurredBarsGrid(px int, rel solver.Relation, sigma float64) gocv.Mat {
	w := 3 * px
	m := gocv.NewMatWithSize(w, w, gocv.MatTypeCV8UC3)
	m.SetTo(gocv.NewScalar(228, 228, 228, 0))
	line := color.RGBA{40, 40, 40, 255}
	for k := 0; k <= 3; k++ {
		p := min(k*px, w-1)
		gocv.Line(&m, image.Pt(p, 0), image.Pt(p, w-1), line, 2)
		gocv.Line(&m, image.Pt(0, p), image.Pt(w-1, p), line, 2)
	}
	mid := image.Pt(px, px+px/2)
	s := int(0.17 * float64(px))
	gocv.Circle(&m, mid, s*13/10, color.RGBA{228, 228, 228, 255}, -1)
	ink := color.RGBA{70, 70, 70, 255}
	t := max(2, px/22)
	if rel == solver.Differ {
		gocv.Line(&m, image.Pt(mid.X-s, mid.Y-s), image.Pt(mid.X+s, mid.Y+s), ink, t)
		gocv.Line(&m, image.Pt(mid.X-s, mid.Y+s), image.Pt(mid.X+s, mid.Y-s), ink, t)
	} else {
		gap := max(3, s*3/4)
		gocv.Line(&m, image.Pt(mid.X-gap/2, mid.Y-s), image.Pt(mid.X-gap/2, mid.Y+s), ink, t)
		gocv.Line(&m, image.Pt(mid.X+gap/2, mid.Y-s), image.Pt(mid.X+gap/2, mid.Y+s), ink, t)
	}
	gocv.GaussianBlur(m, &m, image.Pt(0, 0), sigma, sigma, gocv.BorderReplicate)
	return m
}

// TestBlurredBarsAlongLineAreEqual: blurred, the bars of '=' along a
// line, with the line taken off between them, match an 'x' as well as
// they match bars; that the two strokes left keep their distance from the
// line along their length, where the strokes of an 'x' splay out, tells them apart.
// The blurred 'x' beside it is still an 'x'.
func TestBlurredBarsAlongLineAreEqual(t *testing.T) {
	for _, tc := range []struct {
		px    int
		sigma float64
		rel   solver.Relation
	}{
		{48, 2.5, solver.Equal},
		{48, 2.5, solver.Differ},
		{40, 2, solver.Equal},
		{40, 2, solver.Differ},
	} {
		t.Run(fmt.Sprintf("%s px %d sigma %.1f", tc.rel, tc.px, tc.sigma), func(t *testing.T) {
			m := blurredBarsGrid(tc.px, tc.rel, tc.sigma)
			defer m.Close()
			want := visiontest.EdgeSet([]solver.Edge{{R1: 1, C1: 0, R2: 1, C2: 1, Rel: tc.rel}})
			// One mark a test grid, judged site by site: a puzzle's
			// lone pale clue would be dropped (findClues).
			marks, _ := clueMarks(cellread.NewImage(m, 3, 3, tc.px))
			if got := visiontest.EdgeSet(marks); got != want {
				t.Errorf("clues [%s], want [%s]", got, want)
			}
		})
	}
}
