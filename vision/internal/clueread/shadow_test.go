package clueread

import (
	"fmt"
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

// shadowedClueGrid draws a 4x4 grid of px-pixel cells holding the given
// glyphs ('O', 'X', or anything else for none, row by row) and clues,
// drawn as the synthetic boards draw them, and then darkens the half-plane
// beyond the line through (ox, oy) whose normal points at theta down to
// depth of its brightness, over a ramp of that many pixels: a shadow's
// edge. The picture is blurred a little, as a photo is.
func shadowedClueGrid(px int, glyphs string, clues []solver.Edge, theta, ox, oy, ramp, depth float64) gocv.Mat {
	const rows, cols = 4, 4
	w, h := cols*px, rows*px
	m := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC3)
	m.SetTo(gocv.NewScalar(220, 220, 220, 0))
	line := color.RGBA{60, 60, 60, 255}
	for k := 0; k <= cols; k++ {
		x := min(k*px, w-1)
		gocv.Line(&m, image.Pt(x, 0), image.Pt(x, h-1), line, 1)
	}
	for k := 0; k <= rows; k++ {
		y := min(k*px, h-1)
		gocv.Line(&m, image.Pt(0, y), image.Pt(w-1, y), line, 1)
	}
	ink := color.RGBA{40, 40, 40, 255}
	s := int(0.24 * float64(px)) // glyphs leave room for clues, as on boards that have them
	for i := 0; i < rows*cols && i < len(glyphs); i++ {
		cx, cy := (i%cols)*px+px/2, (i/cols)*px+px/2
		switch glyphs[i] {
		case 'O':
			gocv.Circle(&m, image.Pt(cx, cy), s, ink, 3)
		case 'X':
			gocv.Line(&m, image.Pt(cx-s, cy-s), image.Pt(cx+s, cy+s), ink, 3)
			gocv.Line(&m, image.Pt(cx-s, cy+s), image.Pt(cx+s, cy-s), ink, 3)
		}
	}
	for _, e := range clues {
		mid := image.Pt(max(e.C1, e.C2)*px, e.R1*px+px/2)
		if e.C1 == e.C2 {
			mid = image.Pt(e.C1*px+px/2, max(e.R1, e.R2)*px)
		}
		cs := int(0.17 * float64(px))
		gocv.Circle(&m, mid, cs*13/10, color.RGBA{220, 220, 220, 255}, -1)
		t := max(1, px/22)
		if e.Rel == solver.Differ {
			gocv.Line(&m, image.Pt(mid.X-cs, mid.Y-cs), image.Pt(mid.X+cs, mid.Y+cs), ink, t)
			gocv.Line(&m, image.Pt(mid.X-cs, mid.Y+cs), image.Pt(mid.X+cs, mid.Y-cs), ink, t)
			continue
		}
		gap := max(3, cs*3/4)
		gocv.Line(&m, image.Pt(mid.X-cs, mid.Y-gap/2), image.Pt(mid.X+cs, mid.Y-gap/2), ink, t)
		gocv.Line(&m, image.Pt(mid.X-cs, mid.Y+gap/2), image.Pt(mid.X+cs, mid.Y+gap/2), ink, t)
	}
	nx, ny := math.Cos(theta), math.Sin(theta)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			f := raster.Clamp(0.5+((float64(x)-ox)*nx+(float64(y)-oy)*ny)/ramp, 0, 1)
			k := 1 - (1-depth)*f
			for ch := 0; ch < 3; ch++ {
				m.SetUCharAt(y, 3*x+ch, uint8(float64(m.GetUCharAt(y, 3*x+ch))*k))
			}
		}
	}
	gocv.GaussianBlur(m, &m, image.Pt(5, 5), 1.2, 1.2, gocv.BorderReplicate)
	return m
}

// TestShadowEdgeAtBareSiteIsNoClue: a shadow's edge crossing a line
// aslant, right at the middle of a segment with no clue, darkens one side
// of the line near it; glyphs in the far corners of the site's window on
// the other side used to balance that over the whole window, and the
// shadow was read as '='. The mark must be symmetric within its own reach.
// Real clues on the same grid, one of them in the shadow, are still read.
func TestShadowEdgeAtBareSiteIsNoClue(t *testing.T) {
	const px = 40
	clues := []solver.Edge{
		{R1: 2, C1: 2, R2: 2, C2: 3, Rel: solver.Equal},
		{R1: 0, C1: 0, R2: 1, C2: 0, Rel: solver.Differ},
	}
	glyphs := "XX.XXXXXX.X.XXXX"
	for _, deg := range []float64{60, 120, 240, 300} {
		t.Run(fmt.Sprintf("edge at %.0f degrees", deg), func(t *testing.T) {
			// The edge runs through the middle of the bare segment
			// between (1, 1) and (1, 2).
			m := shadowedClueGrid(px, glyphs, clues, deg*math.Pi/180, 2*px, 1.5*px, 8, 0.6)
			defer m.Close()
			ci := cellread.NewImage(m, 4, 4, px)
			if got, want := visiontest.EdgeSet(FindClues(ci)), visiontest.EdgeSet(clues); got != want {
				t.Errorf("clues [%s], want [%s]", got, want)
			}
		})
	}
}
